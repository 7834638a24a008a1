"""The uniform tree's own fast path (ext/games/trees/walk.pxi): the plain alpha-beta as an index
walk must be the engine's plain alpha-beta step for step. Each case is checked against a plain
recursive reference written here or in reference.py, and against the engine's own copy of the
algorithm (trace=True takes it: the walk records no trace) and the generic copy (an ExplicitTree
of the same leaves)."""

import math

import numpy as np
import pytest

import negamax as nm
from negamax.games._trees import UniformTree

import reference as R

WIN = 1_000_000_000
EVAL_LIMIT = 999_989_999


def nested_of(tree, b, d):
    return R.reshape_uniform([int(v) for v in tree.leaf_values], b, d)


def explicit_of(tree, b, d):
    """The same tree as an ExplicitTree (searched by the engine's generic copy)."""
    return nm.trees.from_nested(nested_of(tree, b, d), maximizing=bool(tree.maximizing))


def summary(result):
    return (result.value, result.best_move, tuple(result.pv), result.stats.nodes,
            result.stats.leaves, result.stats.cutoffs, result.stats.max_ply, result.depth,
            result.stop_reason)


def walk_and_engine(tree, **options):
    """The walk's result and the engine's (its own compiled copy, taken with a trace)."""
    walked = nm.search(tree, algorithm="alphabeta", **options)
    assert walked.kernel == "UniformTree:walk"
    engine = nm.search(tree, algorithm="alphabeta", trace=True, **options)
    assert engine.kernel == "UniformTree"
    return walked, engine


SHAPES = [(1, 1), (1, 5), (2, 1), (2, 6), (3, 4), (4, 5), (5, 3), (8, 3), (8, 4), (13, 2), (16, 3)]


@pytest.mark.parametrize("maximizing", [True, False])
@pytest.mark.parametrize("ordering", ["best", "worst", "random"])
@pytest.mark.parametrize("b,d", SHAPES, ids=[f"b{b}d{d}" for b, d in SHAPES])
def test_walk_is_the_reference_alphabeta(b, d, ordering, maximizing):
    tree = nm.trees.uniform(b, d, ordering=ordering, seed=b * 31 + d, maximizing=maximizing)
    expected = R.alphabeta_negamax(nested_of(tree, b, d), maximizing)
    walked, engine = walk_and_engine(tree)
    assert summary(walked) == summary(engine)
    assert walked.value == expected.value
    assert tuple(walked.pv) == expected.pv
    assert (walked.stats.nodes, walked.stats.leaves, walked.stats.max_ply) == (
        expected.nodes, expected.leaves, expected.max_ply)
    assert walked.stats.cutoffs == expected.cutoffs
    generic = nm.search(explicit_of(tree, b, d), algorithm="alphabeta")
    assert generic.kernel == "generic"
    assert summary(generic)[:7] == summary(walked)[:7]


def depth_limited(nested, depth, maximizing):
    """Fail-soft negamax alpha-beta cut at `depth` (an inner node there is worth 0), with the
    engine's counters: (value in MAX terms, pv, nodes, leaves, cutoffs, horizon reached)."""
    counts = {"nodes": 0, "leaves": 0, "cutoffs": 0, "horizon": False}

    def rec(node, left, color, alpha, beta):
        counts["nodes"] += 1
        if not isinstance(node, list) or left == 0:
            counts["leaves"] += 1
            if isinstance(node, list):
                counts["horizon"] = True
                return 0, ()
            return color * node, ()
        best, line = -math.inf, ()
        for i, child in enumerate(node):
            value, child_line = rec(child, left - 1, -color, -beta, -alpha)
            value = -value
            if value > best:
                best, line = value, (i,) + child_line
                alpha = max(alpha, value)
                if value >= beta:
                    counts["cutoffs"] += 1
                    break
        return best, line

    color = 1 if maximizing else -1
    value, line = rec(nested, depth, color, -math.inf, math.inf)
    return color * value, line, counts


@pytest.mark.parametrize("b,d,depth", [(2, 6, 3), (3, 5, 1), (4, 5, 4), (8, 4, 2), (5, 3, 0)])
@pytest.mark.parametrize("maximizing", [True, False])
def test_walk_with_a_depth_limit(b, d, depth, maximizing):
    tree = nm.trees.uniform(b, d, seed=depth + 11, maximizing=maximizing)
    value, line, counts = depth_limited(nested_of(tree, b, d), depth, maximizing)
    walked, engine = walk_and_engine(tree, depth=depth, iterative=False)
    assert summary(walked) == summary(engine)
    assert walked.value == value
    assert tuple(walked.pv) == line
    assert (walked.stats.nodes, walked.stats.leaves, walked.stats.cutoffs) == (
        counts["nodes"], counts["leaves"], counts["cutoffs"])


@pytest.mark.parametrize("b,d,depth", [(3, 6, 6), (4, 5, 3), (8, 4, 4)])
def test_walk_under_iterative_deepening(b, d, depth):
    """Later iterations search the previous best root move first (the walk's move order)."""
    tree = nm.trees.uniform(b, d, seed=5)
    walked, engine = walk_and_engine(tree, depth=depth, iterative=True)
    assert summary(walked) == summary(engine)
    assert walked.stats.iterations == engine.stats.iterations == depth


@pytest.mark.parametrize("moves", [(1,), (2, 0), (0, 1, 2)])
def test_walk_from_a_node_below_the_root(moves):
    """The search starts where the game stands: the side to move and the plies left follow."""
    tree = nm.trees.uniform(3, 6, seed=2)
    subtree = R.subtree(nested_of(tree, 3, 6), moves)
    for move in moves:
        tree.play(move)
    node = tree.node
    expected = R.alphabeta_negamax(subtree, tree.to_move == 1)
    walked, engine = walk_and_engine(tree)
    assert summary(walked) == summary(engine)
    assert (walked.value, tuple(walked.pv), walked.stats.nodes) == (expected.value, expected.pv,
                                                                     expected.nodes)
    assert tree.node == node
    for _ in moves:
        tree.undo()
    assert tree.node == 0


@pytest.mark.parametrize("node_limit", [1, 2, 3, 9, 100, 1023, 1024, 1025, 2047, 4000, 9999])
@pytest.mark.parametrize("b,d", [(8, 5), (3, 9)])
def test_walk_stops_at_the_node_limit_as_the_engine_does(b, d, node_limit):
    """Polls fall inside leaf rows too: the walk must stop on the same node, with the same
    best root move so far."""
    tree = nm.trees.uniform(b, d, seed=1)
    walked, engine = walk_and_engine(tree, node_limit=node_limit)
    assert summary(walked) == summary(engine)
    assert walked.stats.nodes <= node_limit


def test_walk_stops_on_a_stop_signal():
    """A signal set beforehand is seen at the first poll, in a leaf row or not."""
    signal = nm.StopSignal()
    signal.set()
    walked, engine = walk_and_engine(nm.trees.uniform(8, 6), stop=signal)
    assert summary(walked) == summary(engine)
    assert walked.stop_reason == nm.StopReason.INTERRUPTED
    assert walked.stats.nodes <= 1024


def test_walk_with_win_scores_counts_the_distance():
    """Scores beyond EVAL_LIMIT are wins and losses: sooner ones score higher, as
    terminal_score makes them in the engine (here: the tree's private constructor)."""
    rng = np.random.default_rng(3)
    b, d = 3, 4
    scores = rng.choice([WIN, -WIN, 5, -7, 0], size=b ** d).astype(np.int32)
    tree = UniformTree(b, d, scores, True, "random")
    walked, engine = walk_and_engine(tree)
    assert summary(walked) == summary(engine)

    def reference(node_index, ply, color, alpha, beta):
        if ply == d:
            raw = color * int(scores[node_index - (b ** d - 1) // (b - 1)])
            return raw - ply if raw > EVAL_LIMIT else raw + ply if raw < -EVAL_LIMIT else raw
        best = -math.inf
        for i in range(b):
            value = -reference(node_index * b + 1 + i, ply + 1, -color, -beta, -alpha)
            best = max(best, value)
            alpha = max(alpha, value)
            if value >= beta:
                break
        return best

    assert walked.value == reference(0, 0, 1, -math.inf, math.inf)


def test_other_algorithms_and_enhancements_keep_the_engine_copy():
    tree = nm.trees.uniform(3, 4)
    for options in ({"algorithm": "pvs"}, {"algorithm": "mtdf"}, {"algorithm": "minimax"},
                    {"algorithm": "negamax"}, {"algorithm": "alphabeta", "tt": True},
                    {"algorithm": "alphabeta", "killers": True}):
        assert nm.search(tree, **options).kernel.split(":")[0] == "UniformTree", options
        assert nm.search(tree, **options).kernel != "UniformTree:walk", options


@pytest.mark.parametrize("depth", [63, 64, 100])
def test_a_chain_deeper_than_the_walk_takes_the_engine_copy(depth):
    # A tree of branching 1 is a chain: the walk holds its lines' ends for 63 plies, and a
    # deeper search takes the engine's copy, with the same value, line and counts as a plain
    # descent (every node entered once, the one leaf read).
    tree = nm.trees.uniform(1, depth, ordering="random", seed=depth)
    (leaf,) = [int(v) for v in tree.leaf_values]
    result = nm.search(tree, algorithm="alphabeta")
    assert result.kernel == ("UniformTree:walk" if depth < 64 else "UniformTree")
    assert result.value == leaf
    assert tuple(result.pv) == (0,) * depth
    assert (result.stats.nodes, result.stats.leaves, result.stats.max_ply) == (depth + 1, 1, depth)


def test_the_line_of_a_deep_walk_is_the_reference_line():
    # The root's line is written out from the node where it ends (walk.pxi's line_end): on a
    # b=2 tree of 20 plies it must still be the reference's, move for move.
    tree = nm.trees.uniform(2, 20, ordering="random", seed=5)
    expected = R.alphabeta_negamax(nested_of(tree, 2, 20), True)
    walked, engine = walk_and_engine(tree)
    assert tuple(walked.pv) == expected.pv == tuple(engine.pv) and len(expected.pv) == 20
    assert walked.value == expected.value
