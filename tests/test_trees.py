"""Uniform b^d trees: leaf-count formulas of alpha-beta's best and worst orderings, minimax counts,
values against the reference, and the Tree object itself."""

from __future__ import annotations

import fractions
import math

import numpy as np
import pytest

import negamax as nm
import reference as R
from helpers import ALGORITHMS, trace_pairs, tree_state

SMALL = [(b, d) for b in range(2, 7) for d in range(1, 7)]
LARGE = [(8, 4), (16, 3), (3, 8), (2, 12)]
ALL_SIZES = SMALL + LARGE


def best_formula(b, d):
    return b ** math.ceil(d / 2) + b ** (d // 2) - 1


def worst_formula(b, d):
    return b**d


def num_nodes_formula(b, d):
    return sum(b**k for k in range(d + 1))


def size_id(bd):
    return f"b{bd[0]}d{bd[1]}"


def nested_of(tree, b, d):
    values = tree.leaf_values
    assert values.ndim == 1
    assert len(values) == b**d
    return R.reshape_uniform(values.tolist(), b, d)


@pytest.mark.parametrize("b,d", ALL_SIZES, ids=[size_id(x) for x in ALL_SIZES])
def test_best_ordering_leaf_formula(b, d):
    tree = nm.trees.uniform(b, d, ordering="best")
    res = nm.search(tree, algorithm="alphabeta")
    assert res.stats.leaves == best_formula(b, d)
    assert res.stop_reason == nm.StopReason.COMPLETED
    nested = nested_of(tree, b, d)
    # the generated leaves really are best-ordered: the reference alpha-beta agrees
    ref = R.alphabeta_negamax(nested, True)
    assert ref.leaves == best_formula(b, d)
    assert res.stats.nodes == ref.nodes
    assert res.value == R.minimax(nested, True).value


@pytest.mark.parametrize("b,d", ALL_SIZES, ids=[size_id(x) for x in ALL_SIZES])
def test_worst_ordering_leaf_formula(b, d):
    tree = nm.trees.uniform(b, d, ordering="worst")
    res = nm.search(tree, algorithm="alphabeta")
    assert res.stats.leaves == worst_formula(b, d)
    assert res.stats.nodes == num_nodes_formula(b, d)
    nested = nested_of(tree, b, d)
    ref = R.alphabeta_negamax(nested, True)
    assert ref.leaves == worst_formula(b, d)
    assert res.value == R.minimax(nested, True).value


@pytest.mark.parametrize("ordering", ["best", "worst"])
@pytest.mark.parametrize("b,d", SMALL, ids=[size_id(x) for x in SMALL])
def test_ordering_formulas_with_min_at_root(b, d, ordering):
    """The spec states the formulas for the tree without qualification: MIN at the root too."""
    tree = nm.trees.uniform(b, d, ordering=ordering, maximizing=False)
    assert tree.maximizing is False
    res = nm.search(tree, algorithm="alphabeta")
    expected = best_formula(b, d) if ordering == "best" else worst_formula(b, d)
    assert res.stats.leaves == expected
    nested = nested_of(tree, b, d)
    assert res.value == R.minimax(nested, False).value
    assert R.alphabeta_negamax(nested, False).leaves == expected


@pytest.mark.parametrize("ordering", ["best", "worst", "random"])
@pytest.mark.parametrize("b,d", ALL_SIZES, ids=[size_id(x) for x in ALL_SIZES])
def test_minimax_and_negamax_read_every_leaf(b, d, ordering):
    tree = nm.trees.uniform(b, d, ordering=ordering, seed=1)
    for algorithm in ("minimax", "negamax"):
        res = nm.search(tree, algorithm=algorithm)
        assert res.stats.leaves == b**d
        assert res.stats.nodes == num_nodes_formula(b, d)
        assert res.stats.max_ply == d
        assert res.stats.cutoffs == 0


@pytest.mark.parametrize("maximizing", [True, False])
@pytest.mark.parametrize("ordering", ["best", "worst", "random"])
@pytest.mark.parametrize("b,d", SMALL + [(8, 4), (16, 3)], ids=[size_id(x) for x in SMALL + [(8, 4), (16, 3)]])
def test_uniform_values_match_reference(b, d, ordering, maximizing):
    tree = nm.trees.uniform(b, d, ordering=ordering, seed=7, maximizing=maximizing)
    nested = nested_of(tree, b, d)
    expected = R.minimax(nested, maximizing)
    ab = R.alphabeta_negamax(nested, maximizing)
    for algorithm in ALGORITHMS:
        res = nm.search(tree, algorithm=algorithm)
        assert res.value == expected.value
        # the best move leads to a child whose minimax value is the root value
        child = R.minimax(nested[res.best_move], not maximizing)
        assert child.value == expected.value
        if algorithm == "alphabeta":
            assert res.stats.leaves == ab.leaves
            assert res.stats.nodes == ab.nodes
            assert ab.cutoffs_strict <= res.stats.cutoffs <= ab.cutoffs


@pytest.mark.parametrize("b,d", [(2, 3), (3, 3), (4, 2), (2, 5), (3, 4)])
@pytest.mark.parametrize("ordering", ["best", "worst", "random"])
def test_uniform_alphabeta_trace_matches_reference(b, d, ordering):
    tree = nm.trees.uniform(b, d, ordering=ordering, seed=3)
    nested = nested_of(tree, b, d)
    res = nm.search(tree, algorithm="alphabeta", trace=True)
    assert trace_pairs(res) == R.alphabeta_negamax(nested, True).trace
    res = nm.search(tree, algorithm="minimax", trace=True)
    assert trace_pairs(res) == R.preorder(nested)


@pytest.mark.parametrize("b,d", [(2, 1), (2, 6), (3, 5), (5, 3), (7, 2), (8, 4), (16, 3), (10, 1)])
@pytest.mark.parametrize("ordering", ["best", "worst", "random"])
def test_uniform_shape(b, d, ordering):
    tree = nm.trees.uniform(b, d, ordering=ordering)
    assert isinstance(tree.leaf_values, np.ndarray)
    assert tree.leaf_values.ndim == 1
    assert len(tree.leaf_values) == b**d
    assert tree.num_leaves == b**d
    assert tree.num_nodes == num_nodes_formula(b, d)
    assert tree.height == d
    assert tree.maximizing is True
    assert list(tree.legal_moves()) == list(range(b))


@pytest.mark.parametrize("b,d", [(2, 6), (3, 5), (8, 4), (16, 3)])
def test_random_leaves_distinct_and_seeded(b, d):
    a = nm.trees.uniform(b, d, ordering="random", seed=11).leaf_values
    again = nm.trees.uniform(b, d, ordering="random", seed=11).leaf_values
    other = nm.trees.uniform(b, d, ordering="random", seed=12).leaf_values
    assert len(set(a.tolist())) == len(a)  # distinct
    assert a.tolist() == again.tolist()  # a seed gives the same tree
    assert a.tolist() != other.tolist()
    # default ordering is "random"
    default = nm.trees.uniform(b, d, seed=11).leaf_values
    assert default.tolist() == a.tolist()


@pytest.mark.parametrize("b,d", [(2, 4), (3, 3), (4, 4), (5, 3), (8, 4), (16, 3), (6, 5)])
@pytest.mark.parametrize("seed", [0, 1, 2, 3])
def test_random_ordering_between_bounds(b, d, seed):
    """Any ordering of distinct leaves: minimal tree <= alpha-beta leaves <= b^d."""
    tree = nm.trees.uniform(b, d, ordering="random", seed=seed)
    res = nm.search(tree, algorithm="alphabeta")
    assert best_formula(b, d) <= res.stats.leaves <= worst_formula(b, d)


@pytest.mark.parametrize("ordering", ["best", "worst", "random"])
def test_ordering_flag_changes_nothing_on_uniform_trees(ordering):
    tree = nm.trees.uniform(3, 5, ordering=ordering, seed=5)
    for algorithm in ALGORITHMS:
        on = nm.search(tree, algorithm=algorithm, ordering=True, trace=True)
        off = nm.search(tree, algorithm=algorithm, ordering=False, trace=True)
        assert trace_pairs(on) == trace_pairs(off)
        assert on.value == off.value
        assert (on.stats.nodes, on.stats.leaves, on.stats.cutoffs) == (
            off.stats.nodes, off.stats.leaves, off.stats.cutoffs)


@pytest.mark.parametrize("b,d", [(2, 4), (3, 3), (4, 3)])
def test_depth_at_least_height_equals_full_search(b, d):
    tree = nm.trees.uniform(b, d, ordering="random", seed=9)
    expected = R.minimax(nested_of(tree, b, d)).value
    for algorithm in ALGORITHMS:
        full = nm.search(tree, algorithm=algorithm)
        for depth in (d, d + 1, d + 5):
            res = nm.search(tree, depth=depth, algorithm=algorithm)
            assert res.value == expected
            assert res.stats.leaves == full.stats.leaves
            assert res.stats.nodes == full.stats.nodes


def test_uniform_search_does_not_mutate_tree():
    tree = nm.trees.uniform(3, 4, ordering="random", seed=2)
    before = tree_state(tree)
    for algorithm in ALGORITHMS:
        nm.search(tree, algorithm=algorithm)
        nm.search(tree, algorithm=algorithm, maximizing=False)
    assert tree_state(tree) == before


def test_tree_is_a_game():
    nested = [[[-1, 3], [5, 1]], [[-6, -4], [0, 9]]]
    tree = nm.trees.from_nested(nested)
    assert list(tree.legal_moves()) == [0, 1]
    tree.play(1)
    # now at [[-6, -4], [0, 9]], MIN to move
    assert list(tree.legal_moves()) == [0, 1]
    res = nm.search(tree, algorithm="minimax")
    assert res.value == R.minimax(nested[1], False).value == -4
    tree.play(0)
    res = nm.search(tree, algorithm="alphabeta")
    assert res.value == R.minimax(nested[1][0], True).value == -4
    tree.undo()
    tree.undo()
    assert nm.search(tree).value == 3
    copy = tree.copy()
    copy.play(0)
    assert nm.search(tree).value == 3  # the copy is independent
    assert nm.search(copy).value == R.minimax(nested[0], False).value == 3


def test_tree_with_mixed_depth_and_floats():
    nested = [1.5, [2, [0.25, -7]], [[-3.5]]]
    tree = nm.trees.from_nested(nested)
    assert (tree.num_nodes, tree.num_leaves, tree.height) == R.tree_stats(nested)
    assert tree.leaf_values.tolist() == R.tree_leaves(nested)
    for maximizing in (True, False):
        for algorithm in ALGORITHMS:
            res = nm.search(tree, algorithm=algorithm, maximizing=maximizing)
            assert res.value == R.minimax(nested, maximizing).value


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("leaf", [5, -3, 0, 2.5])
def test_bare_number_is_a_one_leaf_tree(algorithm, leaf):
    tree = nm.trees.from_nested(leaf)
    assert (tree.num_nodes, tree.num_leaves, tree.height) == (1, 1, 0)
    assert list(tree.legal_moves()) == []
    for maximizing in (True, False):
        res = nm.search(tree, algorithm=algorithm, maximizing=maximizing, trace=True)
        assert res.value == leaf
        assert res.best_move is None
        assert tuple(res.pv) == ()
        assert res.stats.nodes == 1
        assert res.stats.leaves == 1
        assert res.stats.max_ply == 0
        assert trace_pairs(res) == [((), leaf)]


def _cut_at(nested, depth):
    """The tree searched to `depth`: an inner node at the horizon is read as a leaf of value 0
    (an explicit tree's static value there)."""
    if R.is_leaf(nested):
        return nested
    if depth == 0:
        return 0
    return [_cut_at(child, depth - 1) for child in nested]


@pytest.mark.parametrize("b,d", [(2, 3), (3, 3), (2, 4)])
def test_an_iterative_trace_holds_every_iteration(b, d):
    # "every node entered, in order": with iterative deepening, the nodes of each iteration
    # in turn (the trace once kept only the last iteration started).
    tree = nm.trees.uniform(b, d, ordering="random", seed=5)
    nested = nested_of(tree, b, d)
    res = nm.search(tree, algorithm="minimax", iterative=True, trace=True)
    expected = [pair for depth in range(1, d + 1) for pair in R.preorder(_cut_at(nested, depth))]
    assert trace_pairs(res) == expected
    assert len(res.trace) == res.stats.nodes


@pytest.mark.parametrize("options", [dict(algorithm="alphabeta", iterative=True),
                                     dict(algorithm="alphabeta", node_limit=40),
                                     dict(algorithm="pvs"), dict(algorithm="mtdf"),
                                     dict(algorithm="pvs", node_limit=100)])
def test_a_trace_has_one_visit_per_node_entered(options):
    tree = nm.trees.uniform(3, 5, ordering="random", seed=11)
    res = nm.search(tree, trace=True, **options)
    assert len(res.trace) == res.stats.nodes
    # Stopped by its node limit, the trace still begins with the completed first iteration.
    assert res.trace[0].path == () and res.trace[0].value is None


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("shape", ["uniform", "nested"])
def test_first_move_cutoffs_are_counted_on_every_path(seed, shape):
    # The tree's own walk (uniform) and the generic plain alpha-beta (nested) both count the
    # cutoffs made by a node's first move (they once reported 0), as the reference does.
    tree = nm.trees.uniform(3, 5, ordering="random", seed=seed)
    nested = nested_of(tree, 3, 5)
    if shape == "nested":
        tree = nm.trees.from_nested(nested)
    res = nm.search(tree, algorithm="alphabeta")
    ab = R.alphabeta_negamax(nested, True)
    assert res.stats.cutoffs == ab.cutoffs
    assert res.stats.first_move_cutoffs == ab.first_move_cutoffs > 0
    # Perfect ordering: every cutoff is the first move's (Knuth and Moore's minimal tree).
    best = nm.search(nm.trees.uniform(3, 5, ordering="best", seed=seed), algorithm="alphabeta")
    assert best.stats.first_move_cutoffs == best.stats.cutoffs > 0


@pytest.mark.parametrize("leaves, exact", [
    ([2**53 + 1, 0.5], [2**53 + 1, 0.5]),              # float64 would round the int
    ([2**63 + 1, -1], [2**63 + 1, -1]),                 # beyond int64
    ([np.uint64(2**64 - 1), -1], [2**64 - 1, -1]),     # float64 again
    ([3, 4.5], [3.0, 4.5]),                             # exact in float64: stays numeric
    ([1, -2, 3], [1, -2, 3]),
])
def test_leaf_values_hold_every_leaf_exactly(leaves, exact):
    tree = nm.trees.from_nested(leaves)
    assert [value for value in tree.leaf_values.tolist()] == exact
    assert nm.search(tree).value == max(exact)
    if all(isinstance(leaf, int) for leaf in leaves) and max(map(abs, leaves)) < 2**63:
        assert tree.leaf_values.dtype == np.int64


def test_finite_leaves_beyond_a_float_are_leaves():
    # Finite numbers float() cannot hold (it overflows, or gives inf) are ranked as any other.
    from fractions import Fraction
    huge = Fraction(10 ** 400, 3)
    tree = nm.trees.from_nested([[huge, 1], [-huge, 2], [Fraction(1, 3)]])
    assert nm.search(tree).value == 1                  # max(min(huge, 1), min(-huge, 2), 1/3)
    assert nm.search(tree, maximizing=False).value == Fraction(1, 3)   # min(huge, 2, 1/3)
    assert nm.search(nm.trees.from_nested([[huge, 1], [huge]])).value == huge
    if np.finfo(np.longdouble).max > 1e400:                        # 80- or 128-bit long double
        big = np.longdouble(10) ** 400
        tree = nm.trees.from_nested([[big, 5], [big * 10]])
        assert nm.search(tree).value == big * 10
    for infinite in (float("inf"), np.float32("-inf"), np.longdouble("nan")):
        with pytest.raises(ValueError, match="must be finite"):
            nm.trees.from_nested([[infinite, 1], [2]])


def test_from_arrays_measures_a_deep_tree_in_a_step_per_level():
    from negamax.scores import MAX_PLY

    def chain(nodes):
        counts = np.ones(nodes, dtype=np.int64)
        counts[-1] = 0
        return counts, np.arange(nodes, dtype=np.int64)

    tree = nm.trees.from_arrays(*chain(MAX_PLY + 1))       # the deepest tree a search takes
    assert tree.height == MAX_PLY
    # One level too many, and a chain far deeper: a ValueError as soon as the limit is
    # passed (one numpy pass per level took about a minute for the 300,000 nodes).
    # It says only that the tree is deeper than that: "300,000 nodes deep" is not counted
    # (the message said "10001 plies deep" of every such tree).
    for nodes in (MAX_PLY + 2, 300_000):
        with pytest.raises(ValueError, match=f"the tree is more than {MAX_PLY} plies deep"):
            nm.trees.from_arrays(*chain(nodes))
    # A bushy tree: the height is the longest path, not a count of nodes.
    counts = np.array([3, 2, 0, 1, 0, 0, 1, 0], dtype=np.int64)
    assert nm.trees.from_arrays(counts, np.zeros(8, dtype=np.int64)).height == 3


# --- the tree classes themselves: their constructors are private, but reachable ----------------

def test_a_tree_made_by_new_alone_reads_nothing_and_refuses_a_search():
    # Each layout points its arrays at a one-leaf tree until it is built: no read past them.
    for kind in (nm.trees.UniformTree, nm.trees.ExplicitTree):
        bare = kind.__new__(kind)
        assert bare.legal_moves() == [] and bare.is_terminal() and bare.evaluate() == 0
        with pytest.raises(TypeError, match="made by __new__ alone"):
            nm.search(bare)


@pytest.mark.parametrize("arguments,error,match", [
    ((2, -1, [0], True, "random"), ValueError, "height"),
    ((0, 2, [0], True, "random"), ValueError, "branching"),
    ((2, 3, np.full(8, -2 ** 31), True, "random"), ValueError, "leaf_scores"),
    ((2, 3, np.zeros(7, dtype=np.int32), True, "random"), ValueError, "8 leaves, got 7"),
    ((2, 3, np.zeros(8), True, "random"), TypeError, "integer dtype"),
    ((2, 3, np.zeros(8, dtype=np.int32), "yes", "random"), TypeError, "maximizing"),
    ((2 ** 20, 2, [0], True, "random"), ValueError, "2\\*\\*28"),
])
def test_uniform_tree_constructor_checks_its_arguments(arguments, error, match):
    with pytest.raises(error, match=match):
        nm.trees.UniformTree(*arguments)


@pytest.mark.parametrize("arguments,error,match", [
    (([5, 6, 7], [0, 0], 1, True, 1), ValueError, "child_start must run from 1"),
    (([1, 2], [0, 0], 1, True, 1), ValueError, "3 entries"),
    (([1, 3, 2, 3], [0, 0, 0], 1, True, 2), ValueError, "never decrease"),
    (([1, 1, 3, 3], [0, 0, 0], 1, True, 2), ValueError, "children after the node"),
    (([1, 2, 2], [0, 0], 5, True, 1), ValueError, "height is 5, but the tree is 1"),
    (([1, 3, 3, 3], [0, 0, 0], 1, True, 1), ValueError, "max_children is 1"),
    (([1, 2, 2], [0, 2 ** 31 - 1], 1, True, 1), ValueError, "scores"),
    (([1, 2, 2], [0, 0], 1, True, 1, 2 ** 40), ValueError, "internal_score"),
    (([1.0, 2.0, 2.0], [0, 0], 1, True, 1), TypeError, "integer dtype"),
])
def test_explicit_tree_constructor_checks_its_arguments(arguments, error, match):
    with pytest.raises(error, match=match):
        nm.trees.ExplicitTree(*arguments)


def test_explicit_tree_constructor_takes_a_well_formed_tree():
    # Seed 003's tree [[[3, 4], [8, [-2, 10], 5]], 7] numbered breadth-first by hand: the
    # root's children are nodes 1 and 2 (7), node 1's are 3 and 4, node 3's the leaves 5 (3)
    # and 6 (4), node 4's 7 (8), 8 and 9 (5), node 8's 10 (-2) and 11 (10). The seed: 7.
    starts = [1, 3, 5, 5, 7, 10, 10, 10, 10, 12, 12, 12, 12]
    scores = [0, 0, 7, 0, 0, 3, 4, 8, 0, 5, -2, 10]
    tree = nm.trees.ExplicitTree(starts, scores, 4, True, 3)
    for algorithm in ALGORITHMS:
        assert nm.search(tree, algorithm=algorithm).value == 7, algorithm
    assert list(tree.leaf_values) == [3, 4, 8, -2, 10, 5, 7]
    # MIN at the root: min(max(min(3, 4), min(8, max(-2, 10), 5)), 7) = min(max(3, 5), 7)
    assert nm.search(nm.trees.ExplicitTree(starts, scores, 4, False, 3)).value == 5


def test_numpy_scalars_rank_by_their_exact_values():
    # numpy compares 2049 with float16(2048) in float16, where they are equal; the tree ranks
    # leaves by their exact values, so MAX takes 2049 and MIN 2048.
    tree = nm.trees.from_nested([[2049, 3000], [np.float16(2048), np.float16(4000)]])
    expected = max(min(2049, 3000), min(2048.0, 4000.0))       # the seeds' minimax, by hand
    assert (nm.search(tree).value, nm.search(tree).best_move) == (expected, 0) == (2049, 0)
    assert nm.solve(tree).value == 2049
    assert nm.search(nm.trees.from_nested([1.5004, np.float16(1.5)])).value == 1.5004
    assert nm.search(nm.trees.from_nested([np.float32(0.1), 0.1])).value == float(np.float32(0.1))
    assert nm.search(nm.trees.from_nested([0.1, np.float32(0.1)], maximizing=False)).value == 0.1


def test_a_numpy_float_beside_an_int_beyond_float_range():
    big = 2 ** 1100
    assert nm.search(nm.trees.from_nested([np.float64(0.5), big])).value == big
    assert nm.search(nm.trees.from_nested([np.float64(0.5), -big])).value == 0.5


@pytest.mark.parametrize("values", [np.array([1, 2, 3], dtype="timedelta64[s]"),
                                    np.ma.masked_array([0, 5, 7], mask=[0, 1, 0])])
def test_from_arrays_refuses_timedeltas_and_masked_arrays(values):
    with pytest.raises(TypeError, match="values must"):
        nm.trees.from_arrays(np.array([2, 0, 0]), values)


def test_a_wide_tree_is_searched_without_a_list_of_its_root_moves():
    # The check for negative move numbers (user native games) skips trees, whose moves are
    # child indices: a list of 2**18 root moves as Python ints took ~9 MB.
    import tracemalloc
    tree = nm.trees.uniform(2 ** 18, 1, ordering="best")
    tracemalloc.start()
    try:
        result = nm.search(tree)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.best_move == 0 and peak < 2 * 2 ** 20, peak


@pytest.mark.parametrize("nested", [[[3, 4], [8, [-2, 10], 5], 7],
                                    [[3.0, 4.5], [8.25, [-2.0, 10.0], 5.0], 7.5],
                                    [[3, 4.5], [fractions.Fraction(1, 3), [-2, 10], 5], np.float32(7.5)]])
@pytest.mark.parametrize("maximizing", [True, False])
def test_evaluate_is_the_leaf_value_from_the_side_to_move(nested, maximizing):
    """evaluate() read the internal rank of a leaf for a tree of non-int leaves (-4 for the
    leaf 8.0 of a float tree): it is the leaf's own value, negated when MIN is to move, and 0
    at an inner node, read along every path of the nested lists themselves."""
    tree = nm.trees.from_nested(nested, maximizing=maximizing)

    def walk(node, max_to_move):
        if isinstance(node, list):
            assert tree.evaluate() == 0 and tree.value() is None
            for index, child in enumerate(node):
                tree.play(index)
                walk(child, not max_to_move)
                tree.undo()
        else:
            own = float(node) if isinstance(node, np.floating) else node
            assert tree.evaluate() == (own if max_to_move else -own)
            assert tree.value() == own

    walk(nested, maximizing)


def test_evaluate_reads_the_inner_values_given_to_from_arrays():
    # Root 7 (MAX to move) with children 5 (inner, MIN to move) and 2 (a leaf); 5's leaf -3.
    tree = nm.trees.from_arrays(np.array([2, 1, 0, 0]), np.array([7, 5, 2, -3]))
    assert tree.evaluate() == 7
    tree.play(0)
    assert tree.evaluate() == -5
    tree.play(0)
    assert tree.evaluate() == -3 and tree.value() == -3


def test_score_to_value_reads_only_the_trees_own_scores():
    """A tree of n distinct values (0 counted) scores them 2r - (n - 1) by rank r. Another
    number raised IndexError, or (below the lowest) wrapped round to the highest value."""
    tree = nm.trees.from_nested([[1.5, -2.0], [0.25, 7.0]])
    values = sorted({1.5, -2.0, 0.25, 7.0, 0})          # the ranks: 0 is always among them
    n = len(values)
    assert [tree.score_to_value(2 * rank - (n - 1)) for rank in range(n)] == values
    assert tree.score_to_value(np.int32(n - 1)) == 7.0 and tree.score_to_value(None) is None
    for score in (n + 1, -(n + 1), 2**31, 2**70, -1 - (n - 1), 2 - n):     # 2 - n: between two ranks
        with pytest.raises(ValueError, match="no internal score of this tree"):
            tree.score_to_value(score)
    for score in (float("inf"), 1.0, b"44", True):
        with pytest.raises(TypeError, match="score must be an int"):
            tree.score_to_value(score)
