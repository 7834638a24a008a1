"""Bad input raises ValueError or TypeError with a message, and leaves the game as it was."""

from __future__ import annotations

import numpy as np
import pytest

import negamax as nm
import reference as R
from helpers import ttt_state, tree_state

TicTacToe = nm.games.TicTacToe
NESTED = [[[-1, 3], [5, 1]], [[-6, -4], [0, 9]]]


def raises_with_message(exc_types, func, *args, **kwargs):
    with pytest.raises(exc_types) as info:
        func(*args, **kwargs)
    assert str(info.value).strip(), f"{type(info.value).__name__} without a message"
    return info.value


def some_game():
    game = TicTacToe()
    game.play(4)
    game.play(0)
    return game


def games_for_search():
    return [("tictactoe", some_game(), ttt_state), ("tree", nm.trees.from_nested(NESTED), tree_state)]


# ---------------------------------------------------------------------------------------------
# search arguments
# ---------------------------------------------------------------------------------------------

BAD_SEARCH_ARGS = [
    ("algorithm-unknown", dict(algorithm="bogus"), ValueError),
    ("algorithm-minmax", dict(algorithm="minmax"), ValueError),
    ("algorithm-empty", dict(algorithm=""), ValueError),
    ("depth-negative", dict(depth=-1), ValueError),
    ("depth-very-negative", dict(depth=-100), ValueError),
    ("depth-float", dict(depth=1.5), TypeError),
    ("depth-float-integral", dict(depth=2.0), TypeError),
    ("depth-str", dict(depth="3"), TypeError),
    ("node-limit-zero", dict(node_limit=0), ValueError),
    ("node-limit-negative", dict(node_limit=-10), ValueError),
    ("time-limit-zero", dict(time_limit=0), ValueError),
    ("time-limit-zero-float", dict(time_limit=0.0), ValueError),
    ("time-limit-negative", dict(time_limit=-1.5), ValueError),
]


@pytest.mark.parametrize("name,kwargs,exc", BAD_SEARCH_ARGS, ids=[a[0] for a in BAD_SEARCH_ARGS])
def test_bad_search_arguments(name, kwargs, exc):
    for _, game, state in games_for_search():
        before = state(game)
        raises_with_message(exc, nm.search, game, **kwargs)
        assert state(game) == before
        # the game still searches normally afterwards
        assert nm.search(game, depth=2).stop_reason == nm.StopReason.COMPLETED


@pytest.mark.parametrize("kwargs", [
    dict(algorithm=None), dict(algorithm=3), dict(node_limit=1.5), dict(node_limit="100"),
    dict(time_limit="1"), dict(time_limit=None, node_limit=[10]),
], ids=["algorithm-None", "algorithm-int", "node-limit-float", "node-limit-str", "time-limit-str",
        "node-limit-list"])
def test_bad_search_argument_types(kwargs):
    for _, game, state in games_for_search():
        before = state(game)
        raises_with_message((TypeError, ValueError), nm.search, game, **kwargs)
        assert state(game) == before


@pytest.mark.parametrize("maximizing", [True, False])
def test_maximizing_on_non_tree_game(maximizing):
    game = some_game()
    before = ttt_state(game)
    raises_with_message(ValueError, nm.search, game, maximizing=maximizing)
    assert ttt_state(game) == before


@pytest.mark.parametrize("not_a_game", [
    object(), None, 42, "x........", NESTED, [1, 2], {"moves": []}, nm.Game, nm.games.TicTacToe,
], ids=["object", "None", "int", "str", "nested-list", "list", "dict", "Game-class", "TTT-class"])
def test_non_game_object(not_a_game):
    raises_with_message(TypeError, nm.search, not_a_game)


def test_valid_arguments_are_accepted():
    """Control: the boundary values just inside the valid ranges work."""
    game = some_game()
    assert nm.search(game, depth=0).best_move is None
    assert nm.search(game, node_limit=1).stop_reason in set(nm.StopReason)
    assert nm.search(game, time_limit=0.05).stop_reason in set(nm.StopReason)
    for algorithm in ("minimax", "negamax", "alphabeta"):
        assert nm.search(game, algorithm=algorithm, depth=1).algorithm == algorithm
    assert nm.search(nm.trees.from_nested(NESTED), maximizing=None).value == 3


# ---------------------------------------------------------------------------------------------
# tic-tac-toe moves and construction
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("move,exc", [
    (9, ValueError), (-1, ValueError), (100, ValueError), (4, ValueError), (0, ValueError),
    ("4", TypeError), (4.0, TypeError), (None, TypeError), ((1,), TypeError), (2.5, TypeError),
], ids=["9", "-1", "100", "occupied-centre", "occupied-corner", "str", "float", "None", "tuple",
        "float-frac"])
def test_play_bad_moves(move, exc):
    game = some_game()  # centre and corner 0 taken
    before = ttt_state(game)
    raises_with_message(exc, game.play, move)
    assert ttt_state(game) == before
    game.play(8)  # still playable
    assert game.position == "o...x...x"


def test_play_after_game_over():
    game = TicTacToe()
    for m in (0, 3, 1, 4, 2):  # x wins on the top row
        game.play(m)
    assert game.is_terminal() and game.winner == 1
    before = ttt_state(game)
    for m in (5, 6, 7, 8):
        raises_with_message(ValueError, game.play, m)
    assert ttt_state(game) == before


def test_undo_with_nothing_to_undo():
    for game in (TicTacToe(), TicTacToe("x...o....")):
        before = ttt_state(game)
        raises_with_message(ValueError, game.undo)
        assert ttt_state(game) == before
    game = TicTacToe()
    game.play(4)
    game.undo()
    raises_with_message(ValueError, game.undo)
    assert game.position == "........."


@pytest.mark.parametrize("dtype", [np.float64, np.float32, object, np.bool_])
def test_from_board_bad_dtype(dtype):
    board = np.zeros(9).astype(dtype)
    raises_with_message(TypeError, TicTacToe.from_board, board)


@pytest.mark.parametrize("shape", [(3, 4), (8,), (10,), (1, 9), (9, 1), (3, 3, 1), (0,), (4, 4)])
def test_from_board_bad_shape(shape):
    board = np.zeros(shape, dtype=np.int8)
    raises_with_message(ValueError, TicTacToe.from_board, board)


@pytest.mark.parametrize("cells", [
    [2, 0, 0, 0, 0, 0, 0, 0, 0],
    [0, 0, 0, 0, -2, 0, 0, 0, 0],
    [1, -1, 0, 0, 5, 0, 0, 0, 0],
    [1, 1, 0, 0, 0, 0, 0, 0, 0],  # x two ahead
    [-1, 0, 0, 0, 0, 0, 0, 0, 0],  # o first
    [1, 1, 1, -1, -1, -1, 0, 0, 0],  # two winners
], ids=["value-2", "value-minus-2", "value-5", "x-two-ahead", "o-first", "two-winners"])
def test_from_board_bad_values(cells):
    raises_with_message(ValueError, TicTacToe.from_board, np.array(cells, dtype=np.int8))


# ---------------------------------------------------------------------------------------------
# trees
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("nested", [[], [[]], [[1], []], [1, [2, []]], [[[[]]]], [3, [4, 5], [[]]]],
                         ids=["empty", "empty-child", "empty-second", "empty-deep", "nested-empty",
                              "empty-grandchild"])
def test_from_nested_empty_list(nested):
    raises_with_message(ValueError, nm.trees.from_nested, nested)


@pytest.mark.parametrize("nested", [
    "3", None, True, False, [1, "2"], [1, None], [[True, 1]], [1, [2, False]], [1, {}], [1, 1j],
    [1, object()], b"1",
], ids=["str", "None", "True", "False", "str-leaf", "None-leaf", "bool-leaf", "deep-bool",
        "dict-leaf", "complex-leaf", "object-leaf", "bytes"])
def test_from_nested_bad_leaves(nested):
    raises_with_message(TypeError, nm.trees.from_nested, nested)


def test_from_nested_tuple_is_an_inner_node():
    """Tuples nest like lists (documented); the value is the reference minimax of the list form."""
    assert nm.search(nm.trees.from_nested([1, (2, 3)])).value == R.minimax([1, [2, 3]], True).value
    for bad in ({2, 3}, {"a": 1}, range(3)):
        raises_with_message(TypeError, nm.trees.from_nested, [1, bad])


@pytest.mark.parametrize("move,exc", [(2, ValueError), (-1, ValueError), (99, ValueError),
                                      ("0", TypeError), (0.0, TypeError), (None, TypeError)],
                         ids=["2", "-1", "99", "str", "float", "None"])
def test_tree_play_bad_moves(move, exc):
    tree = nm.trees.from_nested(NESTED)
    before = tree_state(tree)
    raises_with_message(exc, tree.play, move)
    assert tree_state(tree) == before
    assert nm.search(tree).value == 3


def test_tree_play_at_leaf_and_undo_at_root():
    tree = nm.trees.from_nested([[1, 2], 3])
    raises_with_message(ValueError, tree.undo)
    tree.play(1)  # the leaf 3
    assert list(tree.legal_moves()) == []
    raises_with_message(ValueError, tree.play, 0)
    tree.undo()
    assert list(tree.legal_moves()) == [0, 1]


@pytest.mark.parametrize("kwargs", [
    dict(branching=0, depth=3), dict(branching=-2, depth=3), dict(branching=2, depth=-1),
    dict(branching=2, depth=3, ordering="bogus"), dict(branching=2 ** 31, depth=0),
    dict(branching=np.uint64(2 ** 64 - 1), depth=0),
], ids=["branching-0", "branching-negative", "depth-negative", "ordering-unknown",
        "branching-past-int32", "branching-uint64"])
def test_uniform_bad_arguments(kwargs):
    raises_with_message(ValueError, nm.trees.uniform, **kwargs)


@pytest.mark.parametrize("maximizing", [True, False])
def test_search_errors_leave_tree_untouched(maximizing):
    tree = nm.trees.from_nested(NESTED, maximizing=maximizing)
    tree.play(1)
    before = tree_state(tree)
    for kwargs in (dict(algorithm="nope"), dict(depth=-2), dict(node_limit=0), dict(time_limit=-1)):
        with pytest.raises(ValueError):
            nm.search(tree, **kwargs)
        assert tree_state(tree) == before
    tree.undo()
    assert list(tree.legal_moves()) == [0, 1]


def test_numpy_bools_mean_what_python_bools_mean():
    # tt=np.True_ once passed the check yet searched without a table; killers=np.False_ on
    # minimax was refused as an enhancement.
    game = nm.games.TicTacToe("x...o....")
    with_table = nm.search(game, 4, tt=True).stats.tt_probes
    assert with_table > 0
    assert nm.search(game, 4, tt=np.True_).stats.tt_probes == with_table
    assert nm.search(game, 4, tt=np.False_).stats.tt_probes == 0
    assert (nm.search(game, 4, algorithm="minimax", killers=np.False_).value
            == nm.search(game, 4, algorithm="minimax").value)
    from keyed_nim import NimWithoutKey
    raises_with_message(ValueError, nm.search, NimWithoutKey([1, 2]), 2, tt=np.True_)


class LongerThanTheEngineFollows(nm.Game):
    """One move a ply for 12,000 plies, then a loss for the side to move: longer than the
    10,000 plies a search follows, and max_ply says so."""

    max_moves = 1
    max_ply = 15000

    def __init__(self):
        self.played = 0

    def legal_moves(self):
        return [0]

    def play(self, move):
        self.played += 1

    def undo(self):
        self.played -= 1

    def is_terminal(self):
        return self.played >= 12000

    def evaluate(self):
        return -nm.WIN if self.played >= 12000 else 0


def test_a_game_longer_than_the_search_reach_is_searched_to_the_cap_and_not_solved():
    # Past the engine's 10,000 plies the line ends at the horizon (a static value), as a depth
    # would end it; the game did not break its max_ply, so no GameContractError. A solve
    # cannot take that static value for a proof: it says why instead.
    result = nm.search(LongerThanTheEngineFollows())
    assert result.value == 0 and result.depth == 10000
    with pytest.raises(ValueError, match="cannot be solved.*10000 plies") as error:
        nm.solve(LongerThanTheEngineFollows())
    assert not isinstance(error.value, nm.GameContractError)


def test_chess_lines_past_its_search_reach_are_not_its_fault():
    # Chess's max_ply (1,024) is the deepest line a search follows, not a bound on a game
    # (the fifty-move rule lets one run longer): a search without a depth runs until its
    # limit instead of blaming the game.
    game = nm.games.Chess("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    assert game.max_ply == 1024 and game.max_ply_ends_game is False
    result = nm.search(game, None, algorithm="alphabeta", iterative=False, time_limit=0.3)
    assert result.stop_reason is nm.StopReason.TIME_LIMIT
