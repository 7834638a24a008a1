"""Bad answers from a game or bad arguments to a helper get named errors (found by a bug hunt
against the README's promises): a Python game breaking max_moves or ending without being
terminal is a GameContractError, a bad order_hint names the method, from_arrays checks its
lengths before reading values, and ConnectFour.solver_score takes only solved values."""

import numpy as np
import pytest

import negamax as nm
from helpers import Subtraction
from negamax.games import ConnectFour


Nim = Subtraction      # take 1, 2 or 3; who takes the last one wins


class TooManyMoves(Nim):
    max_moves = 2


class EndsWithoutSayingSo(Nim):
    def __init__(self, stones):
        super().__init__(stones)
        self.max_ply = 64            # room to reach 0 stones

    def is_terminal(self):
        return False                 # at 0 stones: no moves, yet "not over"


class BadHint(Nim):
    def order_hint(self, move):
        return 0.5


class NoneHint(Nim):
    def order_hint(self, move):
        return None


@pytest.mark.parametrize("algorithm", ["negamax", "alphabeta", "pvs"])
def test_more_moves_than_max_moves_is_a_contract_error(algorithm):
    with pytest.raises(nm.GameContractError, match=r"TooManyMoves.legal_moves\(\) returned 3 moves, "
                                                   r"more than its max_moves = 2"):
        nm.search(TooManyMoves(5), algorithm=algorithm)


def test_no_moves_in_a_position_not_over_is_a_contract_error():
    with pytest.raises(nm.GameContractError, match="EndsWithoutSayingSo.legal_moves.. returned no "
                                                   "moves but is_terminal.. is False"):
        nm.search(EndsWithoutSayingSo(3))
    with pytest.raises(nm.GameContractError):
        nm.solve(EndsWithoutSayingSo(3))


@pytest.mark.parametrize("game, kind", [(BadHint(5), "float 0.5"), (NoneHint(5), "NoneType None")])
def test_an_order_hint_that_is_not_an_int_is_named(game, kind):
    with pytest.raises(TypeError, match=f"{type(game).__name__}.order_hint.. must return an int, got {kind}"):
        nm.search(game)


def test_a_good_game_still_searches_after_the_checks():
    # Nim: the side to move loses exactly when the count is a multiple of 4.
    for count in range(1, 9):
        assert nm.is_win(nm.solve(Nim(count)).value) == (count % 4 != 0)


def test_from_arrays_checks_the_lengths_before_the_values():
    with pytest.raises(ValueError, match="child_counts has 3 nodes but values has 0"):
        nm.trees.from_arrays(np.array([2, 0, 0]), np.array([], dtype=np.int64))
    with pytest.raises(ValueError, match="child_counts has 1 nodes but values has 2"):
        nm.trees.from_arrays(np.array([0]), np.array([1, 2]))


@pytest.mark.parametrize("value, error", [
    ("x", TypeError), (1.5, TypeError), (True, TypeError),
    (2 ** 70, ValueError), (nm.WIN + 5, ValueError), (5, ValueError), (-7, ValueError),
    (nm.WIN - 2, ValueError),          # a win on the opponent's ply
    (-(nm.WIN - 1), ValueError),       # a loss on our own ply
    (nm.WIN, ValueError),              # won already: the last stone was the opponent's
    (nm.WIN - 39, ValueError),         # 39 plies, 38 cells left
])
def test_solver_score_refuses_what_no_solve_of_the_position_gives(value, error):
    game = ConnectFour("4453")       # 4 stones: 38 cells left
    with pytest.raises(error):
        game.solver_score(value)


class _Index:
    """An integer-like value: __index__ gives what it wraps (an int, or not)."""

    def __init__(self, wrapped):
        self.wrapped = wrapped

    def __index__(self):
        return self.wrapped


@pytest.mark.parametrize("wrapped", [nm.WIN - 1.0, nm.WIN - 1.5, "x", None])
def test_solver_score_refuses_an_index_that_gives_no_int(wrapped):
    # operator.index's rule: an __index__ answering a float (or anything but an int) is a
    # TypeError; it was read on as that value (WIN - 1.0 scored, WIN - 1.5 a ValueError).
    with pytest.raises(TypeError, match="__index__ returned non-int"):
        ConnectFour("32144764564634466353").solver_score(_Index(wrapped))
    assert ConnectFour("32144764564634466353").solver_score(_Index(nm.WIN - 1)) == \
        ConnectFour("32144764564634466353").solver_score(nm.WIN - 1)


def test_init_after_new_and_moves_starts_from_an_empty_board():
    # ConnectFour.__new__ gives the empty 7 x 6 board; __init__ on it after a move sets the
    # size and no stones (the board kept the 7 x 6 stone's bit, shown on the 5 x 4 board).
    game = ConnectFour.__new__(ConnectFour)
    game.play(4)
    game.__init__("", 5, 4)
    assert [int(word) for word in game.bitboards] == [0, 0]
    assert game.board.tolist() == ConnectFour("", 5, 4).board.tolist()


@pytest.mark.parametrize("moves, value", [
    ("", nm.WIN - 1), ("", nm.WIN - 5), ("", -(nm.WIN - 6)),
    ("4453", nm.WIN - 1),            # the side to move has two stones: a third and fourth needed
    ("4453", -(nm.WIN - 2)),         # the opponent has two: not four with its next
])
def test_solver_score_refuses_a_win_too_soon_for_four_stones(moves, value):
    """A win needs four stones of the winner's: 21 for a win in one ply from the empty
    board was given (the first player's seventh ply is the soonest win, its fourth stone)."""
    with pytest.raises(ValueError, match="four in a row takes four"):
        ConnectFour(moves).solver_score(value)
    assert ConnectFour("").solver_score(nm.WIN - 7) == (43 - 6) // 2


def test_solver_score_of_solved_values():
    # The published convention, computed here from its definition: a win by the stone
    # played on an empty cell count s (stones before it) scores (43 - s) // 2.
    game = ConnectFour("445566")     # three in a row each: either side can win next
    assert game.solver_score(None) is None and game.solver_score(0) == 0
    assert game.solver_score(nm.WIN - 1) == (43 - 6) // 2
    assert game.solver_score(-(nm.WIN - 2)) == -((43 - 7) // 2)
    assert game.solver_score(np.int64(nm.WIN - 35)) == (43 - 40) // 2
    won = ConnectFour("4455667")                  # the first player's fourth stone won
    assert won.solver_score(-nm.WIN) == -((43 - 6) // 2)
    with pytest.raises(ValueError, match="not a solved value"):
        won.solver_score(0)                       # a game already won is no draw
    for moves in ("4455667", "112233", "444444333333"):
        result = nm.solve(ConnectFour(moves))
        assert result.score == ConnectFour(moves).solver_score(result.value)


def test_a_key_wider_than_64_bits_is_refused_not_cut():
    from keyed_nim import Nim

    class WideKey(Nim):
        def key(self):
            return self.heaps[0] | self.heaps[1] << 64     # exact, but 68 bits

    with pytest.raises(ValueError, match=r"WideKey.key\(\) must return a 64-bit int"):
        nm.search(WideKey([2, 3]), tt=True)
    with pytest.raises(ValueError, match="64-bit"):
        nm.solve(WideKey([2, 3]))

    class SignedKey(Nim):
        def key(self):
            return hash(tuple(self.heaps))                  # negative half the time: fine

    assert nm.solve(SignedKey([1, 2, 3, 4])).value == nm.solve(Nim([1, 2, 3, 4])).value


def test_keys_that_mix_up_positions_are_reported_when_the_bounds_cross():
    from keyed_nim import Nim

    class SharedKey(Nim):
        def key(self):
            return self.heaps[0]          # many positions, one key

    with pytest.raises(nm.GameContractError, match="crossing bounds"):
        nm.solve(SharedKey([1, 2, 3]))


@pytest.mark.parametrize("game, move, error, fragment", [
    (ConnectFour("44"), 2 ** 40, ValueError, "off the board"),
    (ConnectFour("44"), 0, ValueError, "off the board"),
    (ConnectFour("444444"), 4, ValueError, "full"),
    (ConnectFour("44"), 4.9, TypeError, "column number"),
    (ConnectFour("44"), True, TypeError, "column number"),
    (nm.games.TicTacToe(), 9, ValueError, "not legal"),
    (nm.games.TicTacToe(), 2 ** 40, ValueError, "not legal"),
    (nm.games.TicTacToe("x........"), 0, ValueError, "not legal"),
    (nm.games.TicTacToe(), "4", TypeError, "integer"),
])
def test_order_hint_takes_only_a_move_that_could_be_played(game, move, error, fragment):
    with pytest.raises(error, match=fragment):
        game.order_hint(move)


def test_order_hint_reads_columns_as_play_does():
    wide = ConnectFour("", width=12, height=4)
    assert wide.order_hint("a") == wide.order_hint(10) == wide.order_hint(np.int64(10))
    assert ConnectFour("", width=np.int64(5), height=np.int32(4)).moves == ""



class Answers(Nim):
    """Nim whose evaluate, key or order_hint (`method`) answers `answer`, or, when `answer` is
    AS_ARRAY, its usual value as a 0-d integer array (set per test)."""
    AS_ARRAY = "as a 0-d array"
    answer = 0
    method = "evaluate"

    def given(self, method, usual):
        if method != self.method:
            return usual
        return np.array(usual) if self.answer is self.AS_ARRAY else self.answer

    def evaluate(self):
        return self.given("evaluate", super().evaluate())

    def key(self):
        return self.given("key", self.stones)

    def order_hint(self, move):
        return self.given("order_hint", move)


@pytest.mark.parametrize("method", ["evaluate", "key", "order_hint"])
@pytest.mark.parametrize("answer", [np.array([3]), np.array(3.0), np.array(True), np.True_, 2.0,
                                    None, "3"], ids=repr)
def test_an_answer_that_is_no_int_names_the_method(method, answer):
    game = Answers(4)
    game.method, game.answer = method, answer
    with pytest.raises(TypeError, match=rf"Answers.{method}\(\) must return an int, got "):
        nm.search(game, algorithm="pvs")      # pvs: the table asks key() too


@pytest.mark.parametrize("method", ["evaluate", "key", "order_hint"])
def test_an_integer_array_of_one_value_is_an_int(method):
    game, reference = Answers(7), Answers(7)
    game.method, game.answer = method, Answers.AS_ARRAY
    reference.method = None                             # every method its usual answer
    for algorithm in ("alphabeta", "pvs"):
        assert nm.search(game, algorithm=algorithm) == nm.search(reference, algorithm=algorithm)


MOVES_READ = []


class EndlessMoves(Nim):
    """legal_moves() is an iterator of far more moves than max_moves (3); each move read is
    noted in MOVES_READ (the search plays on a copy of the game)."""

    def legal_moves(self):
        def moves():
            for move in range(1, 10_000):
                MOVES_READ.append(move)
                yield move
        return moves()


def test_an_iterator_of_moves_is_read_no_further_than_one_past_max_moves():
    MOVES_READ.clear()
    with pytest.raises(nm.GameContractError, match=r"EndlessMoves.legal_moves\(\) returned more "
                                                   r"moves than its max_moves = 3"):
        nm.search(EndlessMoves(5))
    assert MOVES_READ == [1, 2, 3, 4]


@pytest.mark.parametrize("name", ["legal_moves", "play", "undo", "is_terminal", "evaluate"])
@pytest.mark.parametrize("stand_in", [None, 5])
@pytest.mark.parametrize("call, place", [
    (lambda game: nm.search(game, 2), ""), (nm.solve, ""),
    (lambda game: nm.search_many([nm.games.TicTacToe(), game], depth=2), r"search_many: games\[1\]: "),
    (lambda game: nm.solve_many([game]), r"solve_many: games\[0\]: ")])
def test_a_required_method_that_cannot_be_called_is_named(name, stand_in, call, place):
    # `undo = None` passes Python's abstract-class check; the search's call said only
    # "'NoneType' object is not callable" (an independent tester's find).
    game = type("Half", (Nim,), {name: stand_in})(4)
    with pytest.raises(TypeError, match=rf"^{place}Half.{name} must be a method, not "
                                        rf"{type(stand_in).__name__}$"):
        call(game)
