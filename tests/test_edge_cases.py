"""Inputs at the edges of what the C core holds: huge limits, games that break their own bounds."""

import pytest

import negamax as nm


def test_huge_depth_and_limits_are_clamped_not_overflowed():
    game = nm.games.TicTacToe()
    for kwargs in (dict(depth=10 ** 30), dict(node_limit=10 ** 40), dict(time_limit=1e300)):
        result = nm.search(game, **kwargs)
        assert result.value == 0 and result.stop_reason == nm.StopReason.COMPLETED


class Countdown(nm.Game):
    """Players alternately subtract 1 from n; the player who reaches 0 wins.
    Declares a max_ply that may be too small on purpose."""

    def __init__(self, n, max_ply):
        self.n, self.max_ply = n, max_ply

    def legal_moves(self):
        return [1]

    def play(self, move):
        self.n -= move

    def undo(self):
        self.n += 1

    def is_terminal(self):
        return self.n == 0

    def evaluate(self):
        return -nm.WIN if self.n == 0 else 0


def test_game_longer_than_its_max_ply_raises_value_error():
    with pytest.raises(ValueError, match="max_ply"):
        nm.search(Countdown(50, max_ply=10))
    # A depth within the declared bound is fine, and so is an honest bound.
    assert nm.search(Countdown(50, max_ply=10), depth=5).value == 0
    assert nm.search(Countdown(7, max_ply=7)).value == nm.WIN - 7


class TooManyMoves(Countdown):
    max_moves = 2

    def legal_moves(self):
        return [1, 1, 1]


def test_game_with_more_moves_than_max_moves_raises_value_error():
    with pytest.raises(ValueError, match="max_moves"):
        nm.search(TooManyMoves(5, max_ply=5))


@pytest.mark.parametrize("bad", [0, -3, 2.5, "9", True])
def test_bad_max_ply_is_rejected(bad):
    game = Countdown(3, max_ply=3)
    game.max_ply = bad
    with pytest.raises(ValueError, match="max_ply"):
        nm.search(game)
