"""Inputs at the edges of what the C core holds: huge limits, games that break their own bounds."""

import numpy as np
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


@pytest.mark.parametrize("bad,error", [(0, ValueError), (-3, ValueError), (2.5, TypeError),
                                       ("9", TypeError), (True, TypeError)])
def test_bad_max_ply_is_rejected(bad, error):
    game = Countdown(3, max_ply=3)
    game.max_ply = bad
    with pytest.raises(error, match="max_ply"):
        nm.search(game)


@pytest.mark.parametrize("depth", [10 ** 10, 2 ** 63, 1000])
def test_uniform_tree_too_deep_or_too_large_fails_fast(depth):
    with pytest.raises(ValueError):
        nm.trees.uniform(2, depth)


def test_self_containing_lists_are_rejected():
    loop = [1, 2]
    loop.append(loop)
    deeper = [1]
    deeper.append([[deeper]])
    doubling = [1]
    doubling.extend([doubling, doubling])
    for nested in (loop, deeper, doubling):
        with pytest.raises(ValueError, match="contain themselves"):
            nm.trees.from_nested(nested)
    shared = [1, 2]   # the same list under two parents is two equal subtrees, not a cycle
    assert nm.search(nm.trees.from_nested([shared, [shared, 0]])).value == 1


class TwoMoves(nm.Game):
    """Two moves 'a' and 'b', then the game ends; hints and evaluation are set per test."""

    hints = {"a": 0, "b": 0}
    static_value = 0

    def __init__(self):
        self.played = []

    def legal_moves(self):
        return [] if self.played else ["a", "b"]

    def play(self, move):
        self.played.append(move)

    def undo(self):
        self.played.pop()

    def is_terminal(self):
        return bool(self.played)

    def evaluate(self):
        return self.static_value

    def order_hint(self, move):
        return self.hints[move]


def test_order_hint_beyond_32_bits_is_an_error_not_a_silent_clamp():
    game = TwoMoves()
    game.hints = {"a": 2 ** 40, "b": 2 ** 41}
    with pytest.raises(ValueError, match="order_hint"):
        nm.search(game)
    game.hints = {"a": 2 ** 31 - 2, "b": 2 ** 31 - 1}
    visits = nm.search(game, trace=True).trace
    assert [v.path for v in visits[1:]] == [("b",), ("a",)]


@pytest.mark.parametrize("value,ok", [(nm.EVAL_LIMIT, True), (-nm.EVAL_LIMIT, True), (nm.WIN, True),
                                      (-nm.WIN, True), (nm.EVAL_LIMIT + 1, False), (nm.WIN - 1, False),
                                      (-nm.WIN + 5, False), (nm.WIN + 1, False)])
def test_python_evaluation_range(value, ok):
    game = TwoMoves()
    game.static_value = value
    if ok:
        result = nm.search(game, depth=0)
        assert result.value == value
    else:
        with pytest.raises(ValueError, match="evaluate"):
            nm.search(game, depth=0)


def test_node_limit_one_still_values_a_terminal_root():
    lost = nm.search(nm.games.TicTacToe("xxxoo...."), node_limit=1)
    assert (lost.value, lost.stop_reason) == (-nm.WIN, nm.StopReason.COMPLETED)
    assert nm.search(nm.trees.from_nested(5), node_limit=1).value == 5


@pytest.mark.parametrize("node_limit", [1, 2, 7, 100, 1023, 1024, 1025, 5000])
def test_node_limit_is_never_exceeded(node_limit):
    result = nm.search(nm.games.TicTacToe(), node_limit=node_limit)
    assert result.stats.nodes <= node_limit


def test_time_limit_too_large_for_a_float():
    with pytest.raises(ValueError, match="time_limit"):
        nm.search(nm.games.TicTacToe(), time_limit=10 ** 400)


def test_from_arrays_checks_maximizing_and_accepts_unsigned_arrays():
    import numpy as np
    counts, values = np.array([2, 0, 0], dtype=np.uint64), np.array([0, 1, 2], dtype=np.uint8)
    assert nm.search(nm.trees.from_arrays(counts, values)).value == 2
    assert nm.search(nm.trees.from_arrays(counts, values, maximizing=False)).value == 1
    with pytest.raises(TypeError, match="maximizing"):
        nm.trees.from_arrays(counts, values, maximizing="x")


def test_negative_seed_is_named():
    with pytest.raises(ValueError, match="seed"):
        nm.trees.uniform(2, 3, seed=-1)


def test_copy_returning_something_else_is_a_type_error():
    class BadCopy(TwoMoves):
        def copy(self):
            return "not a game"

    with pytest.raises(TypeError, match="copy"):
        nm.search(BadCopy())


def test_algorithms_lists_the_names():
    assert nm.ALGORITHMS == ("minimax", "negamax", "alphabeta", "pvs", "mtdf")


@pytest.mark.parametrize("argv", [["search", "tictactoe", "--min"], ["search", "tree", "not json"],
                                  ["search", "tictactoe", "xx"], ["search", "uniform", "2"]])
def test_cli_errors_exit_2_without_traceback(argv, capsys):
    from negamax.__main__ import main
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith("negamax: error:") and "Traceback" not in captured.err


def _plain_node_count(nested):
    """Nodes of nested lists, every appearance of a shared list counted: plain recursion."""
    if isinstance(nested, (list, tuple)):
        return 1 + sum(_plain_node_count(child) for child in nested)
    return 1


def test_shared_lists_are_counted_once_each_and_a_huge_sharing_tree_is_refused_at_once():
    from negamax.trees import _node_count
    rng = np.random.default_rng(7)
    for trial in range(200):
        pieces = [int(value) for value in rng.integers(-5, 5, size=3)]
        made = []
        for _ in range(int(rng.integers(1, 8))):
            chosen = [made[int(i)] if made and rng.random() < 0.7 else pieces[int(i) % 3]
                      for i in rng.integers(0, max(len(made), 1), size=int(rng.integers(1, 4)))]
            made.append(chosen if rng.random() < 0.5 else tuple(chosen))
        nested = made[-1]
        assert _node_count(nested) == _plain_node_count(nested)
        if _plain_node_count(nested) < 5_000:
            # A shared list under two parents is two equal subtrees: the same tree as a copy.
            copied = nm.trees.from_nested(eval(repr(nested)))
            assert nm.search(nm.trees.from_nested(nested)).value == nm.search(copied).value
    loop = [1]
    loop.append([loop])
    assert _node_count(loop) is None
    assert _node_count(5) == 1
    doubling = [1, 2]
    for _ in range(30):            # 2**31 leaves from 31 lists: [t, t] is how one writes b=2
        doubling = [doubling, doubling]
    assert _node_count(doubling) == 2 ** 32 - 1     # N(k) = 1 + 2 N(k - 1), N(0) = 3
    with pytest.raises(ValueError, match="more than 50000000 nodes"):
        nm.trees.from_nested(doubling)
