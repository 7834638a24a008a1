"""The hand-written C baselines of the speed ratios (negamax._c_baseline) give right answers:
the plain alpha-beta over a leaf array agrees with a plain Python minimax written here, and the
plain C Connect Four solver agrees with negamax.solve (the independent reference for it: a
different program, whose `score` field is in the published solvers' convention)."""

import random
import threading

import numpy as np
import pytest

import negamax as nm
from negamax import _c_baseline


def python_minimax(leaves, branching, depth, maximizing):
    """Minimax value of the complete tree over `leaves`, with no pruning (the oracle)."""
    def value(first, plies_left, maximizing_here):
        if plies_left == 0:
            return int(leaves[first])
        span = branching ** (plies_left - 1)
        children = [value(first + i * span, plies_left - 1, not maximizing_here) for i in range(branching)]
        return max(children) if maximizing_here else min(children)
    return value(0, depth, maximizing)


TREE_SHAPES = [(1, 0), (1, 5), (2, 1), (2, 7), (3, 5), (4, 4), (5, 3), (8, 3), (7, 2)]


@pytest.mark.parametrize("branching, depth", TREE_SHAPES)
@pytest.mark.parametrize("maximizing", [True, False])
def test_plain_alphabeta_equals_minimax(branching, depth, maximizing):
    rng = np.random.default_rng(branching * 100 + depth)
    for spread in (3, 1000, 2**31 - 2):   # many ties, few ties, the whole int32 range but the ends
        leaves = rng.integers(-spread, spread + 1, size=branching**depth, dtype=np.int64).astype(np.int32)
        expected = python_minimax(leaves, branching, depth, maximizing)
        assert _c_baseline.alphabeta_plain(leaves, branching, depth, maximizing) == expected
        counted = _c_baseline.alphabeta_uniform(leaves, branching, depth, maximizing)
        assert counted[0] == expected


def test_plain_alphabeta_walks_the_nodes_negamax_walks():
    """Same value as negamax's alpha-beta with ordering off; the counting twin of the plain loop
    reports negamax's node and leaf counts (the two C functions walk the same nodes)."""
    tree = nm.trees.uniform(4, 6, ordering="random", seed=3)
    leaves = np.ascontiguousarray(tree.leaf_values, dtype=np.int32)
    result = nm.search(tree, algorithm="alphabeta", ordering=False)
    assert _c_baseline.alphabeta_plain(leaves, 4, 6) == result.value
    assert _c_baseline.alphabeta_uniform(leaves, 4, 6) == (result.value, result.stats.nodes, result.stats.leaves)


@pytest.mark.parametrize("count, branching, depth", [(9, 2, 3), (8, 2, 4), (1, 2, 1), (8, 0, 3), (1, 2, 63)])
def test_plain_alphabeta_refuses_a_leaf_array_of_another_shape(count, branching, depth):
    with pytest.raises(ValueError):
        _c_baseline.alphabeta_plain(np.zeros(count, dtype=np.int32), branching, depth)


def test_plain_alphabeta_takes_only_int32_arrays():
    with pytest.raises((TypeError, ValueError)):
        _c_baseline.alphabeta_plain(np.zeros(8, dtype=np.int64), 2, 3)


# ---------------------------------------------------------------- Connect Four

def random_positions(count, low, high, seed):
    """Move strings of seeded random games with low..high stones, the game not over."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = nm.games.ConnectFour()
        for _ in range(rng.randint(low, high)):
            game.play(rng.choice(game.legal_moves()))
            if game.is_terminal():
                break
        if not game.is_terminal():
            found.append(game.moves)
    return found


POSITIONS = random_positions(30, 20, 34, seed=20260)


def test_connect4_scores_equal_negamax_solve():
    solved = _c_baseline.connect4_solve_many(POSITIONS)
    scores = [score for score, _ in solved]
    expected = [nm.solve(nm.games.ConnectFour(moves)).score for moves in POSITIONS]
    assert scores == expected
    assert len(set(scores)) >= 5               # wins, losses and draws of several lengths
    assert all(nodes >= 0 for _, nodes in solved)


def test_connect4_solve_one_position_agrees_with_many():
    for moves in POSITIONS[:5]:
        assert _c_baseline.connect4_solve(moves) == _c_baseline.connect4_solve_many([moves])[0]


def test_connect4_score_convention_from_theory():
    # x stacks three in column 1 and wins with its 4th stone: 22 - 4 = 18 (= (43 - 6) // 2).
    assert _c_baseline.connect4_solve("121212")[0] == 18
    # x has c1 d1 e1 with b1 and f1 open, o to move blocks one and loses to
    # x's 4th stone: -(22 - 4).
    assert _c_baseline.connect4_solve("31415")[0] == -18
    # x has d1 e1, o has d2 e2: x plays c1 or f1 and wins with its 4th stone either way.
    assert _c_baseline.connect4_solve("4455")[0] == 18
    # A full board without four in a row is a draw (negamax's ConnectFour confirms the board).
    full = "453241754555676173742241624736175332631621"
    game = nm.games.ConnectFour(full)
    assert game.stones == 42 and game.is_terminal() and not game.winner
    assert _c_baseline.connect4_solve(full) == (0, 0)
    # One stone left to play, and it does not win: a draw too.
    assert _c_baseline.connect4_solve(full[:-1])[0] == 0


def test_connect4_results_do_not_depend_on_earlier_solves():
    solver = _c_baseline.Connect4Solver()
    first = solver.solve(POSITIONS[0])
    solver.solve_many(POSITIONS[1:6])
    assert solver.solve(POSITIONS[0]) == first


def test_connect4_solvers_run_in_threads():
    expected = _c_baseline.connect4_solve_many(POSITIONS[:6])
    results = {}

    def work(index):
        results[index] = _c_baseline.Connect4Solver().solve_many(POSITIONS[:6])

    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == {0: expected, 1: expected}


@pytest.mark.parametrize("moves, message", [
    ("48", "not a column"), ("40", "not a column"), ("4a", "not a column"), (" 4", "not a column"),
    ("4444444", "full"), ("1212121", "over"), ("12121213", "over"),
    ("4455667", "over"), ("12233434454", "over"),
])
def test_connect4_refuses_bad_moves(moves, message):
    with pytest.raises(ValueError, match=message):
        _c_baseline.connect4_solve(moves)
    with pytest.raises(ValueError, match=message):
        _c_baseline.connect4_solve_many([POSITIONS[0], moves])


@pytest.mark.parametrize("moves", [None, 44, b"44", ["4", "4"]])
def test_connect4_refuses_what_is_not_a_str(moves):
    with pytest.raises(TypeError):
        _c_baseline.connect4_solve(moves)


def test_connect4_batch_is_checked_once_and_solves_alike():
    batch = _c_baseline.Connect4Batch(POSITIONS[:4])
    assert len(batch) == 4 and batch.moves == tuple(POSITIONS[:4])
    assert batch.columns == b"".join(bytes(ord(c) - ord("1") for c in moves) for moves in POSITIONS[:4])
    assert _c_baseline.connect4_solve_many(batch) == _c_baseline.connect4_solve_many(POSITIONS[:4])
    with pytest.raises(ValueError, match="full"):
        _c_baseline.Connect4Batch(["4444444"])
