"""Property tests over random nested trees of mixed branching (hypothesis)."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import negamax as nm
import reference as R
import helpers
from helpers import ALGORITHMS, trace_pairs, tree_search

SETTINGS = settings(max_examples=150, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

small_ints = st.integers(min_value=-3, max_value=3)  # few values: ties are frequent
wide_ints = st.integers(min_value=-10**6, max_value=10**6)
floats = st.floats(min_value=-1e6, max_value=1e6, allow_nan=False, allow_infinity=False)
mixed = st.one_of(small_ints, st.sampled_from([-1.5, -0.5, 0.0, 0.5, 1.5, 2.25]))


def nested_trees(leaf):
    # the root is internal most of the time; a bare number is a valid one-leaf tree
    return helpers.nested_trees(leaf, bare_root=True)


any_tree = st.one_of(nested_trees(small_ints), nested_trees(floats), nested_trees(mixed),
                     nested_trees(wide_ints))


def check_pv(nested, maximizing, res):
    """The PV starts with best_move, runs down to a leaf, and every node on it has the root value."""
    pv = tuple(res.pv)
    if R.is_leaf(nested):
        assert pv == () and res.best_move is None
        return
    assert len(pv) >= 1
    assert pv[0] == res.best_move
    node, is_max = nested, maximizing
    for move in pv:
        assert not R.is_leaf(node)
        assert 0 <= move < len(node)
        node, is_max = node[move], not is_max
        assert R.minimax(node, is_max).value == res.value
    assert R.is_leaf(node)
    assert node == res.value


@SETTINGS
@given(nested=any_tree, maximizing=st.booleans(), via=st.sampled_from(["from_nested", "search"]))
def test_values_agree_with_reference(nested, maximizing, via):
    expected = R.minimax(nested, maximizing).value
    # the references agree with one another
    assert R.negamax(nested, maximizing).value == expected
    assert R.alphabeta_negamax(nested, maximizing).value == expected
    assert R.alphabeta_maxmin(nested, maximizing).value == expected
    for algorithm in ALGORITHMS:
        res = tree_search(nested, algorithm, maximizing, via)
        assert res.value == expected, algorithm
        check_pv(nested, maximizing, res)


@SETTINGS
@given(nested=any_tree, maximizing=st.booleans())
def test_alphabeta_matches_reference_fail_soft(nested, maximizing):
    ref = R.alphabeta_negamax(nested, maximizing)
    ref_maxmin = R.alphabeta_maxmin(nested, maximizing)
    assert ref.trace == ref_maxmin.trace  # both forms of the reference visit the same nodes
    res = tree_search(nested, "alphabeta", maximizing, "search", trace=True)
    assert res.stats.leaves == ref.leaves
    assert res.stats.nodes == ref.nodes
    assert res.stats.max_ply == ref.max_ply
    assert ref.cutoffs_strict <= res.stats.cutoffs <= ref.cutoffs
    assert trace_pairs(res) == ref.trace


@SETTINGS
@given(nested=any_tree, maximizing=st.booleans())
def test_alphabeta_reads_no_more_leaves_than_minimax(nested, maximizing):
    ab = tree_search(nested, "alphabeta", maximizing, "search")
    mm = tree_search(nested, "minimax", maximizing, "search")
    nm_ = tree_search(nested, "negamax", maximizing, "search")
    assert ab.stats.leaves <= mm.stats.leaves
    assert ab.stats.nodes <= mm.stats.nodes
    assert mm.stats.leaves == nm_.stats.leaves
    assert ab.value == mm.value == nm_.value


@SETTINGS
@given(nested=any_tree, maximizing=st.booleans(), algorithm=st.sampled_from(["minimax", "negamax"]))
def test_minimax_visits_whole_tree(nested, maximizing, algorithm):
    num_nodes, num_leaves, height = R.tree_stats(nested)
    res = tree_search(nested, algorithm, maximizing, "from_nested", trace=True)
    assert res.stats.nodes == num_nodes
    assert res.stats.leaves == num_leaves
    assert res.stats.max_ply == height
    assert res.stats.cutoffs == 0
    assert trace_pairs(res) == R.preorder(nested)


@SETTINGS
@given(nested=any_tree, maximizing=st.booleans())
def test_tree_attributes(nested, maximizing):
    tree = nm.trees.from_nested(nested, maximizing=maximizing)
    num_nodes, num_leaves, height = R.tree_stats(nested)
    assert tree.maximizing is maximizing
    assert tree.num_nodes == num_nodes
    assert tree.num_leaves == num_leaves
    assert tree.height == height
    assert tree.leaf_values.ndim == 1
    assert tree.leaf_values.tolist() == R.tree_leaves(nested)
    expected_moves = [] if R.is_leaf(nested) else list(range(len(nested)))
    assert list(tree.legal_moves()) == expected_moves


@SETTINGS
@given(nested=any_tree, maximizing=st.booleans(), algorithm=st.sampled_from(ALGORITHMS),
       extra=st.integers(min_value=0, max_value=3))
def test_depth_at_least_height_is_a_full_search(nested, maximizing, algorithm, extra):
    _, _, height = R.tree_stats(nested)
    full = tree_search(nested, algorithm, maximizing, "search", trace=True)
    limited = tree_search(nested, algorithm, maximizing, "search", trace=True, depth=height + extra)
    assert limited.value == full.value == R.minimax(nested, maximizing).value
    assert trace_pairs(limited) == trace_pairs(full)
    assert limited.stats.nodes == full.stats.nodes
    assert limited.stats.leaves == full.stats.leaves


@SETTINGS
@given(nested=any_tree, maximizing=st.booleans(), algorithm=st.sampled_from(ALGORITHMS))
def test_ordering_flag_is_neutral_on_trees(nested, maximizing, algorithm):
    on = tree_search(nested, algorithm, maximizing, "search", trace=True, ordering=True)
    off = tree_search(nested, algorithm, maximizing, "search", trace=True, ordering=False)
    assert trace_pairs(on) == trace_pairs(off)
    assert on.value == off.value
    assert tuple(on.pv) == tuple(off.pv)


@SETTINGS
@given(nested=nested_trees(small_ints), algorithm=st.sampled_from(ALGORITHMS))
def test_root_player_symmetry(nested, algorithm):
    """MIN at the root over a tree = minus (MAX at the root over the negated tree)."""

    def negate(t):
        return -t if R.is_leaf(t) else [negate(c) for c in t]

    as_min = tree_search(nested, algorithm, False, "search")
    as_max_negated = tree_search(negate(nested), algorithm, True, "search")
    assert as_min.value == -as_max_negated.value
    assert as_min.stats.leaves == as_max_negated.stats.leaves
    assert as_min.stats.nodes == as_max_negated.stats.nodes


@SETTINGS
@given(nested=nested_trees(small_ints), maximizing=st.booleans(), algorithm=st.sampled_from(ALGORITHMS),
       choices=st.lists(st.integers(min_value=0, max_value=3), min_size=1, max_size=4))
def test_search_after_play_uses_side_to_move_of_the_current_node(nested, maximizing, algorithm,
                                                                  choices):
    """After tree.play(...) the search starts at that node, where the player to move alternates
    with each ply; the value stays in MAX terms (the leaf numbers)."""
    tree = nm.trees.from_nested(nested, maximizing=maximizing)
    node, is_max, path = nested, maximizing, []
    for c in choices:
        if R.is_leaf(node):
            break
        move = c % len(node)
        tree.play(move)
        path.append(move)
        node, is_max = node[move], not is_max
    expected = R.minimax(node, is_max)
    res = nm.search(tree, algorithm=algorithm, trace=True)
    assert res.value == expected.value, (path, is_max)
    ref = {"minimax": R.minimax, "negamax": R.negamax, "alphabeta": R.alphabeta_negamax}[algorithm]
    assert trace_pairs(res) == ref(node, is_max).trace
    for _ in path:
        tree.undo()
    assert nm.search(tree, algorithm=algorithm).value == R.minimax(nested, maximizing).value
