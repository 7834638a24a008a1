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


def test_connect_four_bitboards_view_the_game_and_outlive_it():
    # The two words live in the game object; the array handed out is a read-only view of
    # them that follows the game and keeps it alive, and cannot be made writeable.
    game = ConnectFour("44")
    bitboards = game.bitboards
    game.play(4)          # a third stone on column 4 (bits 21, 22, 23 of the 7 x 6 layout)
    own, every = (int(word) for word in bitboards)
    assert every == (1 << 21) | (1 << 22) | (1 << 23)
    assert own == 1 << 22                       # the side to move (second player) holds the middle one
    with pytest.raises(ValueError):
        bitboards.flags.writeable = True
    copy = game.copy()
    copy.play(3)
    assert int(game.bitboards[1]) == every      # a copy's moves are its own
    del game, copy
    assert int(bitboards[1]) == every           # the view keeps its game alive
