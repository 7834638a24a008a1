"""The engine's architecture (issue: one engine, games as modules): which compiled copy of the
algorithms runs, failures as named exceptions, options in one place, batches, stopping from
another thread, iteration callbacks, Lazy SMP threads, quiescence, check extensions, null
moves and reductions, all against independent references."""

import dataclasses
import os
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

import negamax as nm
from negamax.games import NATIVE_GAMES, Checkers, Chess, ConnectFour, TicTacToe
from synthetic_game import SyntheticGame, reference_value
from keyed_nim import Nim as KeyedNim


# --- which copy of the algorithms runs ------------------------------------------------------

@pytest.mark.parametrize("name", sorted(NATIVE_GAMES))
@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "pvs", "mtdf"])
def test_every_built_in_game_runs_its_own_compiled_search(name, algorithm):
    game = NATIVE_GAMES[name]()
    result = nm.search(game, depth=2, algorithm=algorithm)
    assert result.kernel.split(":")[0] == type(game).__name__


def test_uniform_trees_run_their_own_copy_and_other_games_the_generic_one():
    # the plain alpha-beta takes the tree's own index walk; the rest its compiled copy
    assert nm.search(nm.trees.uniform(3, 3), algorithm="alphabeta").kernel == "UniformTree:walk"
    assert nm.search(nm.trees.uniform(3, 3), algorithm="pvs").kernel == "UniformTree:lean"
    assert nm.search(nm.trees.uniform(3, 3), algorithm="alphabeta", trace=True).kernel == "UniformTree"
    assert nm.search(nm.trees.from_nested([[1, 2], [3]])).kernel == "generic"
    assert nm.search(KeyedNim([1, 2]), algorithm="pvs").kernel == "generic:lean"
    assert nm.solve(ConnectFour("4444443333332222")).kernel == "ConnectFour:solver"


def test_a_compiled_search_is_registered_only_for_the_final_class_it_was_compiled_for():
    """register_kernels refuses another module's copy (a copy-paste slip searched TicTacToe
    objects with Connect Four's compiled code and called the empty board lost), a class that
    is not @cython.final (its copy would call the methods through the method table: no
    faster than the generic one, while the result named the game's own copy), and leaves
    the class's own registration as it was."""
    from negamax._engine import _registered_kernels, register_kernels
    from negamax.game import NativeGame
    from negamax.trees import ExplicitTree, UniformTree

    own = _registered_kernels(TicTacToe)
    with pytest.raises(TypeError, match="for another class than TicTacToe"):
        register_kernels(TicTacToe, _registered_kernels(ConnectFour))
    with pytest.raises(TypeError, match="for another class than ExplicitTree"):
        register_kernels(ExplicitTree, _registered_kernels(UniformTree))
    with pytest.raises(TypeError, match="must be declared @cython.final"):
        register_kernels(NativeGame, _registered_kernels(UniformTree))
    with pytest.raises(TypeError, match="must be declared @cython.final"):
        register_kernels(type(nm.trees.uniform(2, 2)).__mro__[1], _registered_kernels(UniformTree))
    register_kernels(TicTacToe, own)          # the same copy again: nothing changes
    assert _registered_kernels(TicTacToe) is own
    result = nm.solve(TicTacToe())
    assert (result.value, result.kernel.split(":")[0]) == (0, "TicTacToe")   # a draw


@pytest.mark.parametrize("name", sorted(NATIVE_GAMES))
def test_every_built_in_game_class_is_final(name):
    # What register_kernels requires, so that the compiler inlines the game's methods.
    with pytest.raises(TypeError):
        type("Sub", (NATIVE_GAMES[name],), {})


# --- the enhanced node's lean copy (ext/engine/alphabeta.pxi.in) -----------------------------

SELECTIVE_OFF = dict(quiescence=False, null_move=False, lmr=False, check_extension=False)


def only(name):
    """The selective options off but `name`."""
    return {**SELECTIVE_OFF, name: True}


@pytest.mark.parametrize("game, options, kernel", [
    (TicTacToe(), dict(algorithm="pvs"), "TicTacToe:lean"),
    (TicTacToe(), dict(algorithm="mtdf"), "TicTacToe:lean"),
    (TicTacToe(), dict(algorithm="alphabeta", tt=True), "TicTacToe:lean"),
    (TicTacToe(), dict(algorithm="alphabeta"), "TicTacToe"),          # the plain alpha-beta
    (TicTacToe(), dict(algorithm="pvs", threads=2), "TicTacToe"),     # Lazy SMP's shared moves
    (ConnectFour("4453"), dict(algorithm="pvs", depth=6), "ConnectFour:lean"),
    (Chess(), dict(algorithm="pvs", depth=2), "Chess"),              # quiescence, null move, ...
    (Chess(), dict(algorithm="pvs", depth=2, tt=False, **only("quiescence")), "Chess"),
    (Chess(), dict(algorithm="pvs", depth=2, tt=False, **only("null_move")), "Chess"),
    (Chess(), dict(algorithm="pvs", depth=2, tt=False, **only("lmr")), "Chess"),
    (Chess(), dict(algorithm="pvs", depth=2, tt=False, **only("check_extension")), "Chess"),
    (Chess(), dict(algorithm="pvs", depth=2, tt=True, **SELECTIVE_OFF), "Chess"),   # repetitions on the path
    (Chess(), dict(algorithm="pvs", depth=2, tt=False, **SELECTIVE_OFF), "Chess:lean"),
    (Checkers(), dict(algorithm="pvs", depth=2, tt=False, **SELECTIVE_OFF), "Checkers:lean"),
])
def test_the_lean_node_runs_exactly_when_no_part_it_leaves_out_is_on(game, options, kernel):
    assert nm.search(game, **options).kernel == kernel


def _lean_panel():
    """Searches and solves over every kind of game whose options let the lean node run."""
    out = []
    games = [TicTacToe(), TicTacToe("x...o...."), ConnectFour("44444433333322"),
             ConnectFour("4453"), nm.trees.uniform(4, 6, seed=3), nm.trees.uniform(3, 5, "best"),
             nm.trees.from_nested([[3, [5, -2]], [[7, 1], 4], 0]), KeyedNim([1, 2, 3])]
    option_sets = [dict(algorithm="pvs", depth=7), dict(algorithm="mtdf", depth=6),
                   dict(algorithm="alphabeta", tt=True, depth=7),
                   dict(algorithm="pvs", depth=6, iterative=True, tt=False, killers=False),
                   dict(algorithm="pvs", depth=5, aspiration=True, history=False),
                   dict(algorithm="pvs", depth=6, trace=True)]
    for game in games:
        for options in option_sets:
            result = nm.search(game, **options)
            out.append((result.value, result.pv, result.depth, result.stats, result.trace))
    for game in (TicTacToe(), ConnectFour("444444333333222"), KeyedNim([2, 3]),
                 nm.trees.uniform(3, 5, seed=1)):
        for weak in (False, True):
            result = nm.solve(game, weak=weak)
            out.append((result.value, result.lower, result.upper, result.pv, result.stats))
    for result in nm.search_many(games, algorithm="pvs", depth=5):
        out.append((result.value, result.pv, result.stats))
    chess = Chess("6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1")     # a mate in one, read without a table
    result = nm.search(chess, depth=3, algorithm="pvs", tt=False, **SELECTIVE_OFF)
    out.append((result.value, result.pv, result.stats))
    return out


def test_the_lean_node_gives_what_the_whole_node_gives():
    # The lean copy leaves out only tests that are false when it runs: every value, line,
    # depth, counter and trace is the same as the whole node's.
    from negamax import _engine

    lean = _lean_panel()
    _engine._allow_lean_node(False)
    try:
        whole = _lean_panel()
    finally:
        _engine._allow_lean_node(True)
    assert len(lean) == len(whole)
    for got, expected in zip(lean, whole):
        assert got == expected


# --- failures reach the caller as named exceptions --------------------------------------------

class Endless(nm.Game):
    """Never ends: the search must stop at max_ply and say so."""
    max_moves, max_ply = 2, 5

    def __init__(self):
        self.plies = 0

    def legal_moves(self):
        return [0, 1]

    def play(self, move):
        self.plies += 1

    def undo(self):
        self.plies -= 1

    def is_terminal(self):
        return False

    def evaluate(self):
        return 0


def test_a_game_past_its_max_ply_raises_a_game_contract_error():
    with pytest.raises(nm.GameContractError, match="Endless went on past its max_ply = 5"):
        nm.search(Endless())
    assert issubclass(nm.GameContractError, ValueError)
    assert nm.search(Endless(), depth=5).value == 0    # within its bound it searches


LYING_GAME = '''
# cython: language_level=3
from negamax.game cimport Move, NativeGame, Score

cdef class Liar(NativeGame):
    """Declares at most 2 moves and generates 3."""
    def __init__(self):
        self.max_moves = 2
        self.max_ply = 4
    cdef int generate_moves(self, Move* moves) noexcept nogil:
        moves[0] = 0
        moves[1] = 1
        moves[2] = 2
        return 3
    cdef bint at_terminal(self) noexcept nogil:
        return False
    cdef Score static_evaluation(self) noexcept nogil:
        return 0
    def copy(self):
        return Liar()


cdef class Failer(NativeGame):
    """Sets its error flag, as a game whose callback failed would."""
    def __init__(self):
        self.max_moves = 2
        self.max_ply = 40
    cdef int generate_moves(self, Move* moves) noexcept nogil:
        self.error = 1
        moves[0] = 0
        moves[1] = 1
        return 2
    cdef bint at_terminal(self) noexcept nogil:
        return False
    cdef Score static_evaluation(self) noexcept nogil:
        return 0
    def copy(self):
        return Failer()
'''


@pytest.mark.needs_compiler
def test_a_native_game_generating_more_than_max_moves_raises(tmp_path):
    (tmp_path / "liar.pyx").write_text(LYING_GAME)
    (tmp_path / "setup.py").write_text(textwrap.dedent("""
        import negamax
        from Cython.Build import cythonize
        from setuptools import setup
        setup(ext_modules=cythonize("liar.pyx", include_path=[negamax.get_include()]))
    """))
    built = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=tmp_path,
                           capture_output=True, text=True, timeout=600)
    assert built.returncode == 0, built.stderr[-3000:]
    check = subprocess.run(
        [sys.executable, "-c", textwrap.dedent("""
            import negamax as nm, liar
            for algorithm in ("minimax", "alphabeta", "pvs"):
                try:
                    nm.search(liar.Liar(), depth=3, algorithm=algorithm)
                except nm.GameContractError as error:
                    assert "Liar generated more moves than its max_moves = 2" in str(error), error
                else:
                    raise AssertionError("no error")
            try:
                nm.search(liar.Failer(), depth=30, algorithm="pvs")
            except RuntimeError as error:
                assert "Failer reported a failure during the search" in str(error), error
            else:
                raise AssertionError("no error from Failer")
            print("ok")
        """)], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert check.stdout.strip() == "ok", check.stderr[-3000:]


@pytest.mark.skipif(sys.platform == "win32", reason="address-space limits are POSIX (resource)")
def test_a_trace_that_cannot_grow_raises_a_memory_error():
    # In a child process whose address space is capped a little above what it uses, a traced
    # search of a big tree must fail with SearchMemoryError, not crash.
    code = textwrap.dedent("""
        import resource, negamax as nm
        tree = nm.trees.uniform(16, 6, ordering="random")
        usage = int(open("/proc/self/statm").read().split()[0]) * resource.getpagesize()
        resource.setrlimit(resource.RLIMIT_AS, (usage + 64 * 2**20, resource.RLIM_INFINITY))
        try:
            nm.search(tree, algorithm="minimax", trace=True)
        except nm.SearchMemoryError as error:
            print("memory error:", error)
    """)
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                               timeout=300)
    assert "memory error: not enough memory for the search trace" in completed.stdout, \
        completed.stdout + completed.stderr[-2000:]


@pytest.mark.skipif(sys.platform == "win32", reason="SIGALRM is POSIX")
def test_a_signal_handler_that_raises_ends_the_search_with_its_exception():
    import signal

    class Alarm(Exception):
        pass

    def handler(signum, frame):
        raise Alarm("from the handler")

    previous = signal.signal(signal.SIGALRM, handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(Alarm, match="from the handler"):
            nm.search(ConnectFour(), algorithm="pvs", time_limit=30)
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_an_iteration_callback_that_raises_ends_the_search_with_its_exception():
    def callback(result):
        raise LookupError("from the callback")
    with pytest.raises(LookupError, match="from the callback"):
        nm.search(ConnectFour("44"), 8, algorithm="pvs", iterative=True, on_iteration=callback)


def test_options_are_checked_once_with_clear_messages():
    with pytest.raises(TypeError, match="unknown option 'killer'"):
        nm.options.SearchOptions.build(killer=True)
    with pytest.raises(TypeError, match="threads must be an int"):
        nm.search(TicTacToe(), threads="2")
    with pytest.raises(ValueError, match="threads must be between 1 and 256"):
        nm.search(TicTacToe(), threads=0)
    with pytest.raises(ValueError, match="needs a native game"):
        nm.search(KeyedNim([2, 2]), algorithm="pvs", threads=2)
    with pytest.raises(TypeError, match="stop must be a negamax.StopSignal"):
        nm.search(TicTacToe(), stop=threading.Event())
    with pytest.raises(ValueError, match="more than 0 MB"):
        nm.TranspositionTable(0)
    options = nm.options.SearchOptions.build(algorithm="pvs", depth=3, table_for=lambda mb: None)
    assert "algorithm='pvs'" in repr(options) and "quiescence=True" in repr(options)


@pytest.mark.parametrize("arguments", [
    {}, {"algorithm": "pvs"}, {"algorithm": "minimax", "depth": 2}, {"algorithm": "mtdf", "tt": False},
    {"algorithm": "alphabeta", "killers": True, "lmr": None, "time_limit": 1.5, "threads": 2},
])
def test_built_options_hold_every_field_and_equal_the_constructors(arguments):
    # SearchOptions.build fills the frozen dataclass directly (results.adopted), not through
    # its __init__: it must still set every field, and nothing else.
    options = nm.options.SearchOptions.build(table_for=lambda mb: None, **arguments)
    assert set(vars(options)) == {f.name for f in dataclasses.fields(options)}
    assert options == nm.options.SearchOptions(**vars(options))


# --- batches, stopping, callbacks ---------------------------------------------------------------

def same_search(a, b):
    return (a.value, a.best_move, a.pv, a.depth, a.stats, a.stop_reason) == \
        (b.value, b.best_move, b.pv, b.depth, b.stats, b.stop_reason)


def test_search_many_equals_separate_searches():
    games = [ConnectFour(m) for m in ("", "44", "4453", "3344")] + [TicTacToe("x...o....")]
    for options in (dict(algorithm="alphabeta"), dict(algorithm="pvs"), dict(algorithm="mtdf")):
        batch = nm.search_many(games, 6, **options)
        assert all(same_search(b, nm.search(g, 6, **options)) for b, g in zip(batch, games))


def test_solve_many_equals_separate_solves_and_mixes_game_kinds():
    games = [ConnectFour("44444455555"), TicTacToe(), KeyedNim([1, 2, 3]),
             nm.trees.from_nested([[3, [5, 1]], [2, 9]])]
    batch = nm.solve_many(games)
    for result, game in zip(batch, games):
        single = nm.solve(game)
        assert (result.value, result.pv, result.stats) == (single.value, single.pv, single.stats)
    weak = nm.solve_many(games, weak=True)
    assert [w.outcome for w in weak] == [r.outcome for r in batch]


def _mixed_batch():
    """Games whose stacks differ (plies left, moves per position), each kind twice, so that a
    batch binds its one Searcher to a larger game after a smaller and the other way round."""
    return [nm.games.Chess(), TicTacToe("x...o...."), ConnectFour("4453"),
            ConnectFour("1122", width=5, height=4), KeyedNim([1, 2, 3]),
            nm.trees.from_nested([[3, [5, 1]], [2, 9]]), TicTacToe(), ConnectFour(""),
            nm.trees.uniform(3, 4, ordering="random", seed=1),
            nm.games.Chess("8/8/8/4k3/8/8/3QK3/8 w - - 0 1")]


@pytest.mark.parametrize("reverse", [False, True])
@pytest.mark.parametrize("options", [
    dict(algorithm="pvs", killers=True, history=True),
    dict(algorithm="alphabeta", trace=True, tt=False),
    dict(algorithm="alphabeta", ordering=False),
    dict(algorithm="negamax"),
])
def test_a_batch_searches_each_game_as_a_search_of_its_own(reverse, options):
    # search_many binds one Searcher to each game in turn, keeping its stacks: whatever the
    # game before it left there (killers, history, lines, a longer trace) must not show.
    games = _mixed_batch()[::-1] if reverse else _mixed_batch()
    batch = nm.search_many(games, 3, **options)
    for result, game in zip(batch, games):
        single = nm.search(game, 3, **options)
        assert same_search(result, single), game
        assert result.trace == single.trace
        assert result.kernel == single.kernel


def test_a_solve_batch_solves_each_game_as_a_solve_of_its_own():
    games = [ConnectFour("4444445555"), TicTacToe("x...o...."), ConnectFour("1122", width=5, height=4),
             KeyedNim([2, 3]), ConnectFour("44444455555"), TicTacToe()]
    for order in (games, games[::-1]):
        for result, game in zip(nm.solve_many(order), order):
            single = nm.solve(game)
            assert (result.value, result.pv, result.stats, result.kernel) == \
                (single.value, single.pv, single.stats, single.kernel)


def test_search_many_rejects_what_it_cannot_batch():
    with pytest.raises(TypeError, match="on_iteration"):
        nm.search_many([TicTacToe()], on_iteration=print)
    with pytest.raises(ValueError, match="one thread"):
        nm.search_many([TicTacToe()], threads=2)
    with pytest.raises(TypeError, match="threads must be an int"):
        nm.search_many([TicTacToe()], threads="2")


@pytest.mark.parametrize("option", [dict(algorithm="pvs"), dict(depth=3), dict(maximizing=False),
                                    dict(trace=True), dict(iterative=True), dict(colour=1)])
def test_solve_many_refuses_what_solve_refuses_naming_it(option):
    tree = nm.trees.from_nested([[1, 2], [3, 4]])
    with pytest.raises(TypeError):
        nm.solve(tree, **option)
    with pytest.raises(TypeError, match=f"solve_many.*{next(iter(option))}"):
        nm.solve_many([tree], **option)


def test_search_many_refuses_an_option_search_does_not_take():
    with pytest.raises(TypeError, match="search_many.*'weak'"):
        nm.search_many([TicTacToe()], weak=True)


def test_a_stop_signal_set_before_the_search_stops_it_at_once():
    signal = nm.StopSignal()
    signal.set()
    result = nm.search(ConnectFour(), algorithm="pvs", stop=signal)
    assert result.stop_reason is nm.StopReason.INTERRUPTED and signal.is_set()
    assert result.stats.nodes <= 1024
    signal.clear()
    assert not signal.is_set()


def test_a_stop_signal_set_from_another_thread_returns_the_deepest_iteration():
    signal = nm.StopSignal()
    depths = []
    timer = threading.Timer(0.3, signal.set)
    timer.start()
    started = time.perf_counter()
    result = nm.search(ConnectFour(), algorithm="pvs", stop=signal,
                       on_iteration=lambda r: depths.append(r.depth))
    timer.join()
    assert time.perf_counter() - started < 5
    assert result.stop_reason is nm.StopReason.INTERRUPTED
    assert depths and result.depth == depths[-1]
    assert result.best_move in ConnectFour().legal_moves() or result.best_move in range(1, 8)


def test_on_iteration_reports_each_completed_depth_and_the_final_result_matches():
    seen = []
    result = nm.search(ConnectFour("4453"), 7, algorithm="pvs", iterative=True,
                       on_iteration=lambda r: seen.append(r))
    assert [r.depth for r in seen] == list(range(1, 7))   # the last iteration is the result
    assert result.depth == 7
    plain = nm.search(ConnectFour("4453"), 7, algorithm="pvs", iterative=True)
    assert same_search(result, plain)


def test_release_tables_frees_the_threads_table():
    nm.search(ConnectFour("44"), 4, algorithm="pvs", tt_mb=1)
    from negamax import api
    assert api._thread_tables.table is not None
    nm.release_tables()
    assert api._thread_tables.table is None
    assert nm.search(ConnectFour("44"), 4, algorithm="pvs", tt_mb=1).value is not None


# --- Lazy SMP ----------------------------------------------------------------------------------

def test_threads_solve_to_the_same_exact_values():
    import random
    rng = random.Random(7)
    for _ in range(6):
        game = ConnectFour()
        for _ in range(rng.randint(16, 26)):
            moves = game.legal_moves()
            game.play(rng.choice(moves))
            if game.is_terminal():
                break
        if game.is_terminal():
            continue
        one = nm.solve(game, threads=1)
        two = nm.solve(game, threads=2)
        assert (two.value, two.outcome) == (one.value, one.outcome), game.moves
    assert nm.solve(TicTacToe(), threads=3).value == 0
    tree = nm.trees.uniform(4, 6, ordering="random", seed=3)
    assert nm.solve(tree, threads=2).value == nm.search(tree, algorithm="minimax").value


@pytest.mark.parametrize("name", sorted(NATIVE_GAMES))
def test_threads_search_to_a_depth_gives_a_legal_move_and_a_sound_value(name):
    game = NATIVE_GAMES[name]()
    result = nm.search(game, 5, algorithm="pvs", threads=2)
    assert result.best_move in game.legal_moves()
    assert result.depth == 5 and result.stop_reason is nm.StopReason.COMPLETED
    line = game.copy()
    for move in result.pv:       # the principal variation is a legal line
        line.play(move)
    # A sound value: the helpers share only the table, so the value is one a single thread
    # could report; here the plain fixed-depth search bounds how far apart they can be.
    assert not (nm.is_win(result.value) or nm.is_loss(result.value))


def test_threads_share_one_node_budget():
    result = nm.search(ConnectFour(), algorithm="pvs", threads=2, node_limit=20_000)
    assert result.stop_reason is nm.StopReason.NODE_LIMIT
    assert result.stats.nodes <= 20_000 + 2 * 1024


def test_threads_with_a_time_limit_stop_on_time():
    started = time.perf_counter()
    result = nm.search(ConnectFour(), algorithm="pvs", threads=2, time_limit=0.3)
    assert time.perf_counter() - started < 3
    assert result.stop_reason is nm.StopReason.TIME_LIMIT and result.best_move is not None


# --- quiescence, check extensions, null move, reductions -------------------------------------

@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_quiescence_and_check_extensions_match_a_plain_reference(seed, depth):
    game = SyntheticGame(seed)
    for quiescence in (False, True):
        for extension in (False, True):
            expected = reference_value(game, depth, quiescence, extension)
            for algorithm in ("alphabeta", "pvs", "mtdf"):
                result = nm.search(game, depth, algorithm=algorithm, quiescence=quiescence,
                                   check_extension=extension, null_move=False, lmr=False)
                assert result.value == expected, (seed, depth, quiescence, extension, algorithm)


def test_quiescence_counts_its_nodes_and_plain_alphabeta_ignores_it():
    game = SyntheticGame(1)
    result = nm.search(game, 3, algorithm="pvs")
    assert result.stats.quiescence_nodes > 0 and result.stats.check_extensions > 0
    plain = nm.search(game, 3, algorithm="alphabeta")
    assert plain.stats.quiescence_nodes == 0 and plain.value == reference_value(game, 3, False, False)


def test_null_moves_are_never_tried_in_check_or_where_the_game_forbids_them():
    SyntheticGame.null_log.clear()
    game = SyntheticGame(2, length=14)
    result = nm.search(game, 6, algorithm="pvs", null_move=True, lmr=True)
    assert SyntheticGame.null_log, "no null move was tried"
    assert not any(in_check for in_check, _ in SyntheticGame.null_log)
    assert all(allowed for _, allowed in SyntheticGame.null_log)
    assert result.best_move in game.legal_moves()
    assert result.stats.reductions > 0 and result.stats.reductions >= result.stats.reduction_researches


@pytest.mark.parametrize("length", [2, 3, 5, 7, pytest.param(9, marks=pytest.mark.slow)])
def test_a_search_to_the_end_is_exact_with_the_selective_options_on(length):
    # Null moves and reductions trade exactness at the horizon for depth; a search to the end
    # of the game (no depth) has no horizon, so pvs and mtdf with their defaults (null move,
    # reductions, quiescence, check extensions all on) give the exact value there. The game
    # declares max_ply = 64, far more than the `length` plies it lasts.
    for seed in range(30):
        game = SyntheticGame(seed, length=length)
        exact = reference_value(game, 10 * length, False, False)
        for algorithm in ("pvs", "mtdf"):
            result = nm.search(game, algorithm=algorithm)
            assert result.value == exact, (seed, length, algorithm)
            assert result.stats.null_move_cutoffs == result.stats.reductions == 0
            # Deepening iteratively, the iterations are depth-limited and selective; a cutoff
            # of a null move or a reduction is a guess that holds to its depth, so no
            # iteration that made one passes for the exact end.
            deepened = nm.search(game, algorithm=algorithm, iterative=True)
            assert deepened.value == exact, (seed, length, algorithm, "iterative")


def test_the_solver_never_prunes_unsoundly():
    # The solver runs without null moves or reductions: its value is the exact one.
    game = SyntheticGame(4, length=8)
    assert nm.solve(game).value == reference_value(game, 64, False, False)


@pytest.mark.parametrize("game", [TicTacToe("xoxoxo..."), TicTacToe("xxxoo...."), TicTacToe("x...o...."),
                                  ConnectFour("4444443"), nm.trees.from_nested([[1, [2, 3]], 4])])
@pytest.mark.parametrize("algorithm", ["alphabeta", "pvs", "mtdf"])
def test_a_completed_search_to_a_depth_reports_that_depth_with_or_without_deepening(game, algorithm):
    # Iterative deepening stops early when no line reached the horizon (the game ended on
    # every line, or the root is over): its result is the single search's, depth included.
    for depth in (1, 4, 12):
        single = nm.search(game, depth, algorithm=algorithm, iterative=False)
        deepened = nm.search(game, depth, algorithm=algorithm, iterative=True)
        assert single.stop_reason is deepened.stop_reason is nm.StopReason.COMPLETED
        assert single.depth == deepened.depth == depth
        assert single.value == deepened.value


def test_ctrl_c_inside_the_iteration_callback_stops_the_search_as_ctrl_c_does():
    # Ctrl-C often lands while a progress line is printed: the search returns what it has.
    reported = []

    def callback(result):
        reported.append(result.depth)
        if len(reported) == 2:
            raise KeyboardInterrupt
    result = nm.search(ConnectFour("44"), 10, algorithm="pvs", iterative=True, on_iteration=callback)
    assert result.stop_reason is nm.StopReason.INTERRUPTED
    assert reported == [1, 2] and result.depth == 2
    single = nm.search(ConnectFour("44"), 2, algorithm="pvs", iterative=True)
    assert (result.value, result.best_move) == (single.value, single.best_move)


def test_a_traced_search_whose_line_is_completed_has_only_legal_paths():
    """A win the table cut short is lengthened after the search (the line goes on to the end
    of the game). Those searches start at the end of a line the trace never walked: their
    nodes were traced with paths missing that line, such as (1, 1) on a 4 x 4 board where
    column 1 was full. Now they are counted, not traced."""
    from negamax.games import ConnectFour
    game = ConnectFour("3311341342", width=4, height=4)
    result = nm.search(game, 6, algorithm="pvs", trace=True)
    assert nm.is_win(result.value) and len(result.pv) == nm.WIN - result.value
    assert len(result.trace) < result.stats.nodes          # the completion ran, untraced
    for visit in result.trace:
        walk = game.copy()
        for move in visit.path:
            assert move in walk.legal_moves(), visit.path
            walk.play(move)


def test_an_array_where_one_value_is_expected_is_named_not_compared():
    """numpy's "truth value of an array is ambiguous" escaped from the checks of threads (in
    search and the batches), of trees.uniform's ordering, and of analyze's algorithm."""
    from concurrent.futures import ThreadPoolExecutor

    array = np.array([1, 2])
    calls = {
        "threads": [lambda: nm.search(TicTacToe(), threads=array),
                    lambda: nm.solve(TicTacToe(), threads=array),
                    lambda: nm.search_many([TicTacToe()], threads=array),
                    lambda: nm.solve_many([TicTacToe()], threads=array)],
        "ordering": [lambda: nm.trees.uniform(2, 3, array)],
        "algorithm": [lambda: nm.search(TicTacToe(), algorithm=array),
                      lambda: nm.analyze([TicTacToe()], depth=2, progress=False,
                                         executor=ThreadPoolExecutor(1), algorithm=array)],
    }
    for name, functions in calls.items():
        for function in functions:
            with pytest.raises(TypeError, match=f"{name} must be a"):
                function()
