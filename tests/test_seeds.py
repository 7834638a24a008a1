"""The worked examples of the seed documents (000, 003, 004), for every algorithm and root player.

Expected figures are the seeds' own numbers; everything else is compared with tests/reference.py.
"""

from __future__ import annotations

import pytest

import negamax as nm
import reference as R
from helpers import ALGORITHMS, leaf_values_read, trace_pairs, tree_search

# seed 000: binary tree of depth 3, MAX at the root
SEED_000 = [[[-1, 3], [5, 1]], [[-6, -4], [0, 9]]]
# seed 003
SEED_003_SMALL = [[9, 5], [-3, -2]]
SEED_003 = [[[3, 4], [8, [-2, 10], 5]], 7]
# seed 004
SEED_004_SMALL = [[4, 5], [2, 8]]
SEED_004_DEPTH3 = [[[5, 4], [1, 3]], [[6, 5], [0, 8]]]


def seed_004_walkthrough(x):
    """Seed 004's alpha-beta walkthrough tree; `x(i)` gives the i-th 'any value' leaf."""
    return [
        [[[8, 5], [3, x(0)]], [[9, 7], [x(1), x(2)]]],
        [[[1, x(3)], [6, 9]], [[9], [3, 4]]],
    ]


HUGE = 10**8  # far from every real leaf, still a valid static value (< EVAL_LIMIT)
X_VARIANTS = {
    "huge": lambda i: HUGE,
    "minus_huge": lambda i: -HUGE,
    "distinct_huge": lambda i: HUGE + 1000 * (i + 1),
    "alternating": lambda i: HUGE if i % 2 else -HUGE,
}

# (id, tree, maximizing, value stated by the seed or None when the seed gives no figure)
SEED_CASES = [
    ("000-max", SEED_000, True, 3),
    ("000-min", SEED_000, False, None),
    ("003-small-max", SEED_003_SMALL, True, 5),
    ("003-small-min", SEED_003_SMALL, False, -2),
    ("003-max", SEED_003, True, 7),
    ("003-min", SEED_003, False, 5),
    ("004-small-max", SEED_004_SMALL, True, 4),
    ("004-small-min", SEED_004_SMALL, False, None),
    ("004-depth3-max", SEED_004_DEPTH3, True, 6),
    ("004-depth3-min", SEED_004_DEPTH3, False, None),
]
for _name, _x in X_VARIANTS.items():
    SEED_CASES.append((f"004-walk-{_name}-max", seed_004_walkthrough(_x), True, 6))
    SEED_CASES.append((f"004-walk-{_name}-min", seed_004_walkthrough(_x), False, None))

REFERENCE = {"minimax": R.minimax, "negamax": R.negamax, "alphabeta": R.alphabeta_negamax}
VIA = ("from_nested", "search")


def case_ids(cases):
    return [c[0] for c in cases]


@pytest.mark.parametrize("via", VIA)
@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("name,nested,maximizing,seed_value", SEED_CASES, ids=case_ids(SEED_CASES))
def test_seed_value_and_stats(name, nested, maximizing, seed_value, algorithm, via):
    ref = REFERENCE[algorithm](nested, maximizing)
    minimax_ref = R.minimax(nested, maximizing)
    if seed_value is not None:
        # the reference agrees with the seed's own figure
        assert minimax_ref.value == seed_value
        assert ref.value == seed_value
    res = tree_search(nested, algorithm, maximizing, via, trace=True)
    assert res.value == minimax_ref.value
    if seed_value is not None:
        assert res.value == seed_value
    assert res.stats.nodes == ref.nodes
    assert res.stats.leaves == ref.leaves
    assert res.stats.max_ply == ref.max_ply
    assert res.stats.iterations == 1
    assert res.stop_reason == nm.StopReason.COMPLETED
    assert res.algorithm == algorithm
    assert trace_pairs(res) == ref.trace
    assert len(res.trace) == res.stats.nodes
    assert tuple(res.trace[0].path) == ()
    assert res.trace[0].value is None
    assert sum(1 for _, v in trace_pairs(res) if v is not None) == res.stats.leaves
    # in these trees the best move and the principal variation are unique
    assert res.best_move == minimax_ref.best_move
    assert tuple(res.pv) == minimax_ref.pv
    assert res.elapsed >= 0


@pytest.mark.parametrize("via", VIA)
@pytest.mark.parametrize("name,nested,maximizing,seed_value", SEED_CASES, ids=case_ids(SEED_CASES))
def test_seed_alphabeta_cutoffs(name, nested, maximizing, seed_value, via):
    ref = R.alphabeta_negamax(nested, maximizing)
    res = tree_search(nested, "alphabeta", maximizing, via)
    assert ref.cutoffs_strict <= res.stats.cutoffs <= ref.cutoffs
    for algorithm in ("minimax", "negamax"):
        assert tree_search(nested, algorithm, maximizing, via).stats.cutoffs == 0


@pytest.mark.parametrize("via", VIA)
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_seed_000(algorithm, via):
    res = tree_search(SEED_000, algorithm, True, via, trace=True)
    assert res.value == 3
    assert res.best_move == 0  # "white should choose the move on the left"
    assert tuple(res.pv) == (0, 0, 1)
    assert res.stats.max_ply == 3
    if algorithm == "alphabeta":
        # the 1 and the whole [0, 9] subtree are pruned
        assert leaf_values_read(res) == [-1, 3, 5, -6, -4]
        assert res.stats.leaves == 5
        assert res.stats.cutoffs == 2
        paths = [p for p, _ in trace_pairs(res)]
        assert (0, 1, 1) not in paths  # the leaf 1
        assert (1, 1) not in paths  # the MAX node over [0, 9]
        assert (1, 1, 0) not in paths and (1, 1, 1) not in paths
        assert res.stats.nodes == 11  # 15 nodes minus leaf 1, node [0, 9] and its 2 leaves
    else:
        assert leaf_values_read(res) == [-1, 3, 5, 1, -6, -4, 0, 9]
        assert res.stats.leaves == 8
        assert res.stats.nodes == 15


@pytest.mark.parametrize("via", VIA)
def test_seed_003_trace_as_max(via):
    """Seed 003's printed trace: root, subtree, [3,4], 3, 4, [8,[-2,10],5], 8, 7."""
    res = tree_search(SEED_003, "alphabeta", True, via, trace=True)
    assert res.value == 7
    assert trace_pairs(res) == [
        ((), None),  # [[[3, 4], [8, [-2, 10], 5]], 7]
        ((0,), None),  # [[3, 4], [8, [-2, 10], 5]]
        ((0, 0), None),  # [3, 4]
        ((0, 0, 0), 3),
        ((0, 0, 1), 4),
        ((0, 1), None),  # [8, [-2, 10], 5]
        ((0, 1, 0), 8),
        ((1,), 7),
    ]
    read = leaf_values_read(res)
    for never in (-2, 10, 5):
        assert never not in read
    assert res.stats.leaves == 4
    assert res.stats.nodes == 8
    assert res.stats.cutoffs == 1
    assert res.best_move == 1
    assert tuple(res.pv) == (1,)


@pytest.mark.parametrize("via", VIA)
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_seed_003_values(algorithm, via):
    assert tree_search(SEED_003_SMALL, algorithm, True, via).value == 5
    assert tree_search(SEED_003_SMALL, algorithm, False, via).value == -2
    assert tree_search(SEED_003, algorithm, True, via).value == 7
    assert tree_search(SEED_003, algorithm, False, via).value == 5


@pytest.mark.parametrize("via", VIA)
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_seed_004_values(algorithm, via):
    assert tree_search(SEED_004_SMALL, algorithm, True, via).value == 4
    assert tree_search(SEED_004_DEPTH3, algorithm, True, via).value == 6


@pytest.mark.parametrize("via", VIA)
def test_seed_004_small_pruning(via):
    """Seed 004: after 4, 5 and then 2 the last leaf (8) is never evaluated."""
    res = tree_search(SEED_004_SMALL, "alphabeta", True, via, trace=True)
    assert res.value == 4
    assert leaf_values_read(res) == [4, 5, 2]
    assert res.best_move == 0


@pytest.mark.parametrize("via", VIA)
@pytest.mark.parametrize("x_name", sorted(X_VARIANTS))
def test_seed_004_walkthrough(x_name, via):
    nested = seed_004_walkthrough(X_VARIANTS[x_name])
    res = tree_search(nested, "alphabeta", True, via, trace=True)
    assert res.value == 6
    assert leaf_values_read(res) == [8, 5, 3, 9, 7, 1, 6, 9, 9]
    assert res.stats.leaves == 9
    # none of the X leaves is ever entered
    x_paths = [(0, 0, 1, 1), (0, 1, 1, 0), (0, 1, 1, 1), (1, 0, 0, 1)]
    entered = {p for p, _ in trace_pairs(res)}
    for p in x_paths:
        assert abs(R.subtree(nested, p)) >= HUGE
        assert p not in entered
    assert (0, 1, 1) not in entered  # the [X, X] node is cut off too
    assert (1, 1, 1) not in entered  # [3, 4] is cut after [9]
    # max goes right (value 6), then min left, max right, min left
    assert res.best_move == 1
    assert tuple(res.pv) == (1, 0, 1, 0)
    assert res.stats.cutoffs == 4


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_seed_004_walkthrough_x_irrelevant_to_alphabeta_only(algorithm):
    """Changing X never changes alpha-beta's trace, and minimax/negamax read every X."""
    traces = set()
    for x in X_VARIANTS.values():
        nested = seed_004_walkthrough(x)
        res = tree_search(nested, algorithm, True, "search", trace=True)
        assert res.value == R.minimax(nested).value
        if algorithm == "alphabeta":
            traces.add(tuple(trace_pairs(res)))
        else:
            assert res.stats.leaves == 15
            assert sum(1 for v in leaf_values_read(res) if abs(v) >= HUGE) == 4
    if algorithm == "alphabeta":
        assert len(traces) == 1


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_search_maximizing_overrides_tree_root_player(algorithm):
    """maximizing= passed to search overrides what from_nested was told."""
    for nested, as_max, as_min in [(SEED_003, 7, 5), (SEED_003_SMALL, 5, -2)]:
        t_max = nm.trees.from_nested(nested, maximizing=True)
        t_min = nm.trees.from_nested(nested, maximizing=False)
        assert t_max.maximizing is True
        assert t_min.maximizing is False
        assert nm.search(t_max, algorithm=algorithm).value == as_max
        assert nm.search(t_min, algorithm=algorithm).value == as_min
        assert nm.search(t_max, algorithm=algorithm, maximizing=False).value == as_min
        assert nm.search(t_min, algorithm=algorithm, maximizing=True).value == as_max
        assert nm.search(t_min, algorithm=algorithm, maximizing=None).value == as_min


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_trace_off_by_default(algorithm):
    res = nm.search(nm.trees.from_nested(SEED_000), algorithm=algorithm)
    assert res.trace is None
    res = nm.search(nm.trees.from_nested(SEED_000), algorithm=algorithm, trace=False)
    assert res.trace is None


def test_default_algorithm_is_alphabeta():
    res = nm.search(nm.trees.from_nested(SEED_000), trace=True)
    assert res.algorithm == "alphabeta"
    assert leaf_values_read(res) == [-1, 3, 5, -6, -4]


@pytest.mark.parametrize("nested,expected", [
    (SEED_000, (15, 8, 3)),
    (SEED_003, (12, 7, 4)),
    (SEED_003_SMALL, (7, 4, 2)),
    (seed_004_walkthrough(X_VARIANTS["huge"]), (30, 15, 4)),
])
def test_seed_tree_shape(nested, expected):
    assert R.tree_stats(nested) == expected
    tree = nm.trees.from_nested(nested)
    assert (tree.num_nodes, tree.num_leaves, tree.height) == expected
    assert tree.leaf_values.tolist() == R.tree_leaves(nested)
    assert list(tree.legal_moves()) == list(range(len(nested)))


@pytest.mark.parametrize("ordering", [True, False])
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_seed_ordering_changes_nothing_on_trees(algorithm, ordering):
    for nested in (SEED_000, SEED_003, seed_004_walkthrough(X_VARIANTS["huge"])):
        ref = REFERENCE[algorithm](nested, True)
        res = nm.search(nm.trees.from_nested(nested), algorithm=algorithm, ordering=ordering,
                        trace=True)
        assert trace_pairs(res) == ref.trace
        assert res.value == ref.value


def test_result_types():
    import dataclasses

    res = nm.search(nm.trees.from_nested(SEED_000), trace=True)
    assert isinstance(res, nm.SearchResult)
    assert isinstance(res.stats, nm.SearchStats)
    assert all(isinstance(v, nm.Visit) for v in res.trace)
    assert isinstance(res.pv, tuple)
    assert isinstance(res.trace, tuple)
    assert dataclasses.is_dataclass(res)
    with pytest.raises(dataclasses.FrozenInstanceError):
        res.value = 0
    assert {r.name for r in nm.StopReason} >= {"COMPLETED", "NODE_LIMIT", "TIME_LIMIT", "INTERRUPTED"}
