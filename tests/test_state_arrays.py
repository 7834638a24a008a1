"""The state arrays games and trees hand out are read-only all the way: setting the
writeable flag back on them is refused (or, for an array made for the caller, reaches only
that array), never the game searched."""

import pytest

import negamax as nm
from negamax.games import Checkers, Chess, ConnectFour, TicTacToe

STATE_ARRAYS = [
    (lambda: TicTacToe("x...o...."), "board"),
    (lambda: ConnectFour("4453"), "bitboards"),
    (lambda: Checkers(), "bitboards"),
    (lambda: Checkers(), "board"),
    (lambda: Chess(), "board"),
    (lambda: Chess(), "bitboards"),
]


@pytest.mark.parametrize("make, name", STATE_ARRAYS)
def test_a_state_array_made_writeable_does_not_change_the_game(make, name):
    game = make()
    before = (repr(game), game.key(), game.legal_moves())
    array = getattr(game, name)
    with pytest.raises(ValueError):
        array[(0,) * array.ndim] = 1             # read-only as handed out
    try:
        array.flags.writeable = True             # numpy allows it on an array owning its data
    except ValueError:
        return                                   # refused: nothing can be written
    array[...] = 1
    assert (repr(game), game.key(), game.legal_moves()) == before


def test_a_state_view_follows_the_game():
    game = TicTacToe()
    board = game.board
    game.play(4)
    game.play(0)
    assert board[1, 1] == 1 and board[0, 0] == -1


def test_uniform_tree_leaves_cannot_be_made_writeable():
    tree = nm.trees.uniform(3, 2, ordering="random", seed=1)
    value = nm.search(tree).value
    leaves = tree.leaf_values
    with pytest.raises(ValueError):
        leaves.flags.writeable = True            # a view of the scores the search reads
    assert nm.search(tree).value == value


@pytest.mark.parametrize("ordering", ["best", "worst", "random"])
def test_uniform_tree_leaves_of_every_ordering_stay_read_only(ordering):
    tree = nm.trees.uniform(3, 3, ordering=ordering, seed=2)
    value = nm.search(tree).value
    with pytest.raises(ValueError):
        tree.leaf_values.flags.writeable = True
    assert nm.search(tree).value == value
