"""A native game written by a user that breaks its declared bounds gets GameContractError,
never a crash: the game below (compiled here against the installed negamax/game.pxd, as a
third party's would be) declares max_moves but writes more moves, or a negative count, or
forgets to declare max_moves at all; or evaluates beyond -WIN..WIN, leaves max_ply at 0, or
copies itself without copy_base_into. A class written in Python on NativeGame is refused.

Building needs a C compiler: marked needs_compiler, as tests/test_cython_interface.py."""

import subprocess
import sys
import textwrap

import pytest

import negamax as nm

GAME = textwrap.dedent('''
    # cython: language_level=3
    from libc.stdint cimport uint64_t
    from negamax.game cimport WIN, WINNING_MOVE_FOUND, Move, NativeGame, Score

    cdef class Miscounted(NativeGame):
        """One ply to the end; `written` moves generated where `declared` are declared (a
        negative `written` is returned as the count); declared < 0: max_moves left unset."""
        cdef public int written, ply, evaluation, safe_win
        cdef public bint keeps_base, negative     # negative: the moves are -1, -2, ...
        cdef public bint leaky                    # unmake_move forgets to take the ply back

        def __init__(self, int declared, int written, int evaluation=0, int max_ply=1,
                     bint keeps_base=True):
            if declared >= 0:
                self.max_moves = declared
            self.max_ply = max_ply
            self.written = written
            self.ply = 0
            self.evaluation = evaluation
            self.keeps_base = keeps_base

        cdef int generate_moves(self, Move* moves) noexcept nogil:
            cdef int i
            for i in range(self.written):
                moves[i] = -1 - i if self.negative else i
            return self.written

        cdef void make_move(self, Move move) noexcept nogil:
            self.ply += 1

        cdef void unmake_move(self, Move move) noexcept nogil:
            if not self.leaky:
                self.ply -= 1

        cdef bint at_terminal(self) noexcept nogil:
            return self.ply >= 1

        cdef Score static_evaluation(self) noexcept nogil:
            return self.evaluation

        cdef int generate_safe_moves(self, Move* moves) noexcept nogil:
            # safe_win (with has_safe_moves set): claim that move wins at once
            if self.safe_win:
                moves[0] = self.safe_win
                return WINNING_MOVE_FOUND
            return self.generate_moves(moves)

        def copy(self):
            cdef Miscounted other = Miscounted.__new__(Miscounted)
            if self.keeps_base:
                self.copy_base_into(other)
            other.written = self.written
            other.ply = self.ply
            other.evaluation = self.evaluation
            other.safe_win = self.safe_win
            other.negative = self.negative
            other.leaky = self.leaky
            other.keeps_base = self.keeps_base
            return other


    cdef class ForcedLine(NativeGame):
        """One move a ply for `length` plies; the side to move at the end has lost (every end
        a loss for it: last_move_wins), with safe moves; `max_ply` declared as given."""
        cdef public int length, ply

        def __init__(self, int length, int max_ply):
            self.max_moves = 1
            self.max_ply = max_ply
            self.length = length
            self.ply = 0
            self.last_move_wins = True
            self.has_safe_moves = True

        cdef int generate_moves(self, Move* moves) noexcept nogil:
            if self.ply >= self.length:
                return 0
            moves[0] = 0
            return 1

        cdef int generate_safe_moves(self, Move* moves) noexcept nogil:
            moves[0] = 0
            if self.length - self.ply == 1:
                return WINNING_MOVE_FOUND      # the last move ends the game: a win
            if self.length - self.ply == 2:
                return 0                       # the opponent then makes the last move
            return 1

        cdef void make_move(self, Move move) noexcept nogil:
            self.ply += 1

        cdef void unmake_move(self, Move move) noexcept nogil:
            self.ply -= 1

        cdef bint at_terminal(self) noexcept nogil:
            return self.ply >= self.length

        cdef Score static_evaluation(self) noexcept nogil:
            return -WIN if self.ply >= self.length else 0

        def copy(self):
            cdef ForcedLine other = ForcedLine.__new__(ForcedLine)
            self.copy_base_into(other)
            other.length = self.length
            other.ply = self.ply
            return other


    cdef class MisereTake(NativeGame):
        """Misere subtraction: take 1 or 2 stones from a heap; who takes the last stone
        loses (the opponent, to move at the empty heap, has won: WIN), so a move can lose by
        itself: no last_move_wins. Safe moves leave at least one stone."""
        cdef public int stones

        def __init__(self, int stones):
            self.max_moves = 2
            self.max_ply = stones + 1
            self.stones = stones
            self.has_safe_moves = True
            self.has_keys = True

        cdef int generate_moves(self, Move* moves) noexcept nogil:
            cdef int count = 0, take
            for take in range(1, 3):
                if take <= self.stones:
                    moves[count] = take
                    count += 1
            return count

        cdef int generate_safe_moves(self, Move* moves) noexcept nogil:
            cdef int count = 0, take
            for take in range(1, 3):
                if take < self.stones:
                    moves[count] = take
                    count += 1
            return count

        cdef void make_move(self, Move move) noexcept nogil:
            self.stones -= move

        cdef void unmake_move(self, Move move) noexcept nogil:
            self.stones += move

        cdef bint at_terminal(self) noexcept nogil:
            return self.stones == 0

        cdef Score static_evaluation(self) noexcept nogil:
            return WIN if self.stones == 0 else 0

        cdef uint64_t position_key(self) noexcept nogil:
            return <uint64_t> self.stones

        def copy(self):
            cdef MisereTake other = MisereTake.__new__(MisereTake)
            self.copy_base_into(other)
            other.stones = self.stones
            return other

    cdef class MovelessEnd(NativeGame):
        """Take 1 to 3 stones; whoever takes the last wins. The end of the game is only the
        position without moves (at_terminal never says so, as the README allows), and
        max_ply = stones is exact. noisy_count > 0: generate_noisy_moves writes its one noisy
        move but returns noisy_count (for quiescence; has_noisy_moves set unless 0)."""
        cdef public int stones, noisy_count
        cdef public bint copies_other          # copy() gives a MisereTake (another game)

        def __init__(self, int stones, int noisy_count=0, max_ply=None):
            self.stones = stones
            self.max_moves = 3
            self.max_ply = stones if max_ply is None else max_ply
            self.noisy_count = noisy_count
            self.has_noisy_moves = noisy_count != 0

        cdef int generate_moves(self, Move* moves) noexcept nogil:
            cdef int take, count = 0
            for take in range(1, 4):
                if take <= self.stones:
                    moves[count] = take
                    count += 1
            return count

        cdef int generate_noisy_moves(self, Move* moves) noexcept nogil:
            if self.stones == 0:
                return 0
            moves[0] = 1
            return self.noisy_count

        cdef bint move_is_noisy(self, Move move) noexcept nogil:
            return move == 1

        cdef void make_move(self, Move move) noexcept nogil:
            self.stones -= move

        cdef void unmake_move(self, Move move) noexcept nogil:
            self.stones += move

        cdef bint at_terminal(self) noexcept nogil:
            return False

        cdef Score static_evaluation(self) noexcept nogil:
            return -WIN if self.stones == 0 else 0

        def copy(self):
            if self.copies_other:
                return MisereTake(self.stones)
            cdef MovelessEnd other = MovelessEnd.__new__(MovelessEnd)
            self.copy_base_into(other)
            other.stones = self.stones
            other.noisy_count = self.noisy_count
            return other
''')

SETUP = textwrap.dedent('''
    import negamax
    from Cython.Build import cythonize
    from setuptools import setup
    setup(ext_modules=cythonize("miscounted.pyx", include_path=[negamax.get_include()]),
          script_args=["build_ext", "--inplace"])
''')


@pytest.fixture(scope="module")
def miscounted(tmp_path_factory):
    project = tmp_path_factory.mktemp("miscounted")
    (project / "miscounted.pyx").write_text(GAME)
    (project / "setup.py").write_text(SETUP)
    built = subprocess.run([sys.executable, "setup.py"], cwd=project, capture_output=True,
                           text=True, timeout=600)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    sys.path.insert(0, str(project))
    try:
        import miscounted
        yield miscounted.Miscounted
    finally:
        sys.path.remove(str(project))
        sys.modules.pop("miscounted", None)


@pytest.fixture(scope="module")
def moveless_end(miscounted):
    import miscounted as module      # built by the fixture above, importable while it lasts
    return module.MovelessEnd


def _subtraction_value(stones):
    """Plain minimax of take-1-to-3, last stone wins, scored WIN - plies: an independent
    reference for MovelessEnd."""
    if stones == 0:
        return -nm.WIN
    best = -nm.WIN - 1
    for take in range(1, min(3, stones) + 1):
        child = -_subtraction_value(stones - take)
        child = child - 1 if child > 0 else child + 1    # one ply further from the root
        best = max(best, child)
    return best


@pytest.mark.needs_compiler
@pytest.mark.parametrize("stones", range(1, 10))
@pytest.mark.parametrize("call", ["alphabeta", "minimax", "negamax", "pvs", "mtdf", "solve",
                                  "weak", "solve_many"])
def test_a_game_that_ends_without_moves_at_its_max_ply_is_searched(moveless_end, stones, call):
    # max_ply = stones is a true bound, and the last position has no moves: an end of the
    # game (its static value) whatever at_terminal says, not a game going past max_ply
    # (GameContractError said so before).
    expected = _subtraction_value(stones)
    game = moveless_end(stones)
    if call == "solve":
        result = nm.solve(game)
    elif call == "weak":
        result = nm.solve(game, weak=True)
        assert result.outcome == ("win" if expected > 0 else "loss")
        return
    elif call == "solve_many":
        result = nm.solve_many([game])[0]
    else:
        result = nm.search(game, algorithm=call)
    assert result.value == expected
    assert len(result.pv) == nm.WIN - abs(expected)
    assert sum(result.pv) == stones


@pytest.mark.needs_compiler
def test_a_game_that_still_has_moves_at_its_max_ply_is_a_contract_error(moveless_end):
    game = moveless_end(6, max_ply=5)       # six single-stone plies are possible
    for call in (lambda: nm.search(game, algorithm="alphabeta"), lambda: nm.solve(game)):
        with pytest.raises(nm.GameContractError, match="max_ply = 5"):
            call()


@pytest.mark.needs_compiler
@pytest.mark.parametrize("count", [4, 9, -1])
def test_a_bad_noisy_move_count_names_generate_noisy_moves(moveless_end, count):
    game = moveless_end(20, noisy_count=count)
    assert game.legal_moves() == [1, 2, 3]       # generate_moves keeps its bound
    with pytest.raises(nm.GameContractError, match="generate_noisy_moves gave more moves than "
                                                   "its max_moves = 3"):
        nm.search(game, depth=3, algorithm="pvs", quiescence=True)


@pytest.fixture(scope="module")
def forced_line(miscounted):
    import miscounted as module      # built by the fixture above, importable while it lasts
    return module.ForcedLine


@pytest.mark.needs_compiler
@pytest.mark.parametrize("length", [4, 5, 6, 9])
def test_a_forced_line_with_a_true_max_ply_is_solved(forced_line, length):
    # The side to move at the end of the line has lost: the root wins when the line is odd.
    expected = nm.WIN - length if length % 2 == 1 else -(nm.WIN - length)
    for call in ("alphabeta", "pvs", "mtdf", "solve"):
        game = forced_line(length, length)
        result = nm.solve(game) if call == "solve" else nm.search(game, algorithm=call)
        assert result.value == expected, call
        assert len(result.pv) == length, call


@pytest.mark.needs_compiler
@pytest.mark.parametrize("length", [4, 5, 6, 9])
@pytest.mark.parametrize("call", ["alphabeta", "pvs", "mtdf", "solve"])
def test_a_max_ply_shorter_than_the_line_is_a_contract_error(forced_line, length, call):
    # The solver bounds wins and losses by max_ply: lines still going there score as draws
    # without being played, so only the line itself shows the broken bound (a draw was
    # returned for pvs, mtdf and solve).
    for max_ply in range(2, length):
        game = forced_line(length, max_ply)
        with pytest.raises(nm.GameContractError, match="max_ply"):
            if call == "solve":
                nm.solve(game)
            else:
                nm.search(game, algorithm=call)



@pytest.mark.needs_compiler
@pytest.mark.parametrize("declared,written", [(1, 2), (1, 200), (4, 1000), (16, 1040), (3, -1),
                                              (3, -7)])
@pytest.mark.parametrize("call", ["search", "pvs", "solve", "legal_moves", "play"])
def test_a_move_count_outside_max_moves_is_a_contract_error(miscounted, declared, written, call):
    game = miscounted(declared, written)
    with pytest.raises(nm.GameContractError, match="max_moves"):
        if call == "search":
            nm.search(game, algorithm="alphabeta")
        elif call == "pvs":
            nm.search(game, algorithm="pvs")
        elif call == "solve":
            nm.solve(game)
        elif call == "legal_moves":
            game.legal_moves()
        else:
            game.play(0)


@pytest.mark.needs_compiler
def test_max_moves_left_unset_is_named(miscounted):
    game = miscounted(-1, 1)
    assert game.max_moves == 0
    for call in (lambda: nm.search(game), lambda: nm.solve(game), game.legal_moves):
        with pytest.raises(nm.GameContractError, match="set max_moves in __init__"):
            call()


@pytest.mark.needs_compiler
def test_a_game_within_its_bounds_searches(miscounted):
    game = miscounted(3, 3)
    assert game.legal_moves() == [0, 1, 2]
    assert nm.search(game).value == 0 and nm.solve(game).value == 0


ALGORITHMS = ["minimax", "negamax", "alphabeta", "pvs", "mtdf"]


@pytest.mark.needs_compiler
@pytest.mark.parametrize("evaluation", [2**31 - 1, -2**31, nm.WIN + 1, -nm.WIN - 1, 1_500_000_000,
                                        nm.EVAL_LIMIT + 1, -nm.EVAL_LIMIT - 1, nm.WIN - 1, -(nm.WIN - 1)])
@pytest.mark.parametrize("call", ALGORITHMS + ["solve", "solve_many"])
def test_an_evaluation_beyond_win_is_a_contract_error(miscounted, evaluation, call):
    """A value beyond -WIN..WIN read as a score gave -2000000000 (the window's infinity) with
    no best move, or a win with plies = -1; one between EVAL_LIMIT and WIN was read as a win
    or loss at a distance the game never had (-(WIN - 1) a ply from the root: "win in 2").
    Now the search fails and names the method."""
    game = miscounted(3, 3, evaluation)
    with pytest.raises(nm.GameContractError, match="static_evaluation gave a value that is neither -WIN, WIN nor"):
        if call == "solve":
            nm.solve(game)
        elif call == "solve_many":
            nm.solve_many([miscounted(3, 3), game])
        else:
            nm.search(game, 1, algorithm=call)


@pytest.mark.needs_compiler
@pytest.mark.parametrize("evaluation", [nm.WIN, -nm.WIN, nm.EVAL_LIMIT, -nm.EVAL_LIMIT, 0])
def test_evaluations_within_the_contract_are_read(miscounted, evaluation):
    """Every move ends the game (the moves are the leaves): the value is -evaluation from
    the mover's side, a loss or win one ply away scored by its distance."""
    expected = -evaluation
    if abs(evaluation) == nm.WIN:
        expected = -evaluation + (1 if evaluation > 0 else -1)
    for algorithm in ALGORITHMS:
        assert nm.search(miscounted(3, 3, evaluation), 1, algorithm=algorithm).value == expected


@pytest.mark.needs_compiler
def test_max_ply_left_at_zero_is_named(miscounted):
    for depth in (None, 1):
        with pytest.raises(nm.GameContractError, match="declares max_ply = 0 but has moves"):
            nm.search(miscounted(3, 3, max_ply=0), depth)


@pytest.mark.needs_compiler
def test_a_negative_max_ply_is_named(moveless_end):
    for call in (nm.search, nm.solve):
        with pytest.raises(nm.GameContractError, match="declares max_ply = -5 but has moves"):
            call(moveless_end(7, max_ply=-5))


@pytest.mark.needs_compiler
def test_a_copy_of_another_game_class_is_refused(moveless_end):
    # The search would have played the other game's rules (a misere game: another value).
    game = moveless_end(5)
    game.copies_other = True
    for call in (nm.search, nm.solve, lambda g: nm.solve_many([g]),
                 lambda g: nm.search_many([g], depth=3)):
        with pytest.raises(nm.GameContractError, match=r"MovelessEnd.copy\(\) returned a "
                                                       r"MisereTake, another game"):
            call(game)


@pytest.mark.needs_compiler
def test_a_python_subclass_of_a_cython_game_keeps_the_base_copy(moveless_end):
    # Only Python methods added: the base's copy() and native methods are the game's.
    class Named(moveless_end):
        def describe(self):
            return f"{self.stones} stones"

    game = Named(7)
    assert game.describe() == "7 stones"
    assert nm.search(game).value == _subtraction_value(7)


@pytest.mark.needs_compiler
def test_a_copy_without_copy_base_into_is_named(miscounted):
    game = miscounted(3, 3, keeps_base=False)
    assert game.max_moves == 3
    for call in (nm.search, nm.solve):
        with pytest.raises(nm.GameContractError, match="must call self.copy_base_into"):
            call(game)


def test_a_python_class_on_native_game_is_refused():
    """Its Python methods are not what the search calls (NativeGame's C methods are): it was
    searched as a game already over, worth 0, where the first move wins."""
    class OneMoveWins(nm.NativeGame):
        def legal_moves(self):
            return [0]

        def is_terminal(self):
            return False

        def copy(self):
            return OneMoveWins()

    # Refused when made (its legal_moves() gave [], NativeGame's own, and only a search
    # said what was wrong), however it is made.
    for make in (OneMoveWins, lambda: OneMoveWins.__new__(OneMoveWins)):
        with pytest.raises(TypeError, match="subclass negamax.Game for a game written in Python"):
            make()


@pytest.mark.needs_compiler
def test_a_python_subclass_of_a_cython_game_searches(miscounted):
    class Named(miscounted):
        def describe(self):
            return "three moves, each ends the game"

    game = Named(3, 3, -5)
    assert nm.search(game, 1).value == 5 and nm.solve(game).value == 5


def test_a_path_draw_game_past_max_ply_is_told_about_play_on():
    from negamax.errors import error_for_status

    class Native:
        max_ply, max_moves, has_path_draws = 4, 2, True

    for status in ("too_deep", "beyond_reach"):
        assert "plays on through repetitions, up to 32 plies" in str(error_for_status(status, object(), Native()))


@pytest.mark.needs_compiler
def test_negative_move_numbers_are_a_contract_error(miscounted):
    """The engine keeps negative numbers for "no move": a solve's line stopped at the first
    one (a pv of one move where the game lasts five plies)."""
    game = miscounted(3, 3)
    game.negative = True
    from negamax.errors import NegativeMoveError

    for call in (nm.search, nm.solve, lambda game: nm.solve_many([game]), nm.NativeGame.legal_moves):
        with pytest.raises(NegativeMoveError, match="generate_moves gave the move -3: moves are numbers from 0 up"):
            call(game)
    assert issubclass(NegativeMoveError, nm.GameContractError)


@pytest.mark.needs_compiler
@pytest.mark.parametrize("call", ["pvs", "solve"])
def test_a_win_at_once_on_an_illegal_move_is_a_contract_error(miscounted, call):
    """generate_safe_moves claimed move 99 wins at once where the moves are 0, 1, 2: the
    result named 99 as the best move, a win in one ply."""
    game = miscounted(3, 3)
    game.has_safe_moves = True
    game.safe_win = 99
    with pytest.raises(nm.GameContractError, match="chose the move 99, which its generate_moves"):
        nm.solve(game) if call == "solve" else nm.search(game, 3, algorithm="pvs")
    game.safe_win = 2            # a legal move: trusted, as the contract says
    assert nm.search(game, 3, algorithm="pvs").best_move == 2


@pytest.mark.needs_compiler
@pytest.mark.parametrize("algorithm", ["alphabeta", "pvs"])
def test_an_unmake_move_that_does_not_restore_is_named(miscounted, algorithm):
    """The root is over after the search (unmake_move left the ply on): its best move is no
    longer legal there. The message names the causes this game can have: not safe moves,
    which it has none of (it named only them)."""
    game = miscounted(3, 3)
    game.leaky = True
    with pytest.raises(nm.GameContractError, match="unmake_move must restore") as raised:
        nm.search(game, algorithm=algorithm)
    assert "generate_safe_moves" not in str(raised.value)
    assert "position_key" not in str(raised.value)


@pytest.mark.needs_compiler
@pytest.mark.parametrize("stones", range(1, 9))
def test_safe_moves_where_a_move_can_lose_by_itself(miscounted, stones):
    """A game without last_move_wins whose moves can lose by themselves (misere: taking the
    last stone loses): with every move losing at once, the safe-move shortcut scored a loss
    in 2 where taking the last stone loses in 1. Checked against a plain minimax."""
    import miscounted as module

    def minimax(heap, ply):
        if heap == 0:
            return nm.WIN - ply            # the side to move has won: the mover lost
        return max(-minimax(heap - take, ply + 1) for take in (1, 2) if take <= heap)

    expected = minimax(stones, 0)
    for call in (lambda game: nm.solve(game),
                 lambda game: nm.search(game, algorithm="pvs"),
                 lambda game: nm.search(game, algorithm="alphabeta", safe_moves=True, tt=True),
                 lambda game: nm.search(game, algorithm="mtdf")):
        result = call(module.MisereTake(stones))
        assert result.value == expected, (stones, result)
        heap = stones
        for take in result.pv:              # the line reaches the end the value says
            heap -= take
        assert heap == 0 and len(result.pv) == nm.WIN - abs(expected)
