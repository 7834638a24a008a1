"""A uniform tree's SearchResult is made by the engine (its module's search_value hook gives
the tree's own value, from MAX's point of view), an explicit tree's by the Python layer:
both must give the value a plain recursive minimax over the tree's own values gives, for MAX
or MIN at the root, below the root, at any depth limit and for every algorithm."""

import numpy as np
import pytest

import negamax as nm
from negamax.games._trees import UniformTree
from negamax.result_building import build_search_result
from negamax.results import SearchResult

ALGORITHMS = ("minimax", "negamax", "alphabeta", "pvs", "mtdf")


def minimax_over_leaves(values, branching, first, plies_left, max_to_move, depth, internal):
    """The minimax value (MAX's terms) of the node owning values[first:first + b**plies_left],
    cut at `depth` plies, where an inner node is worth `internal`."""
    if plies_left == 0:
        return values[first]
    if depth == 0:
        return internal
    span = branching ** (plies_left - 1)
    children = [minimax_over_leaves(values, branching, first + i * span, plies_left - 1,
                                    not max_to_move, depth - 1, internal)
                for i in range(branching)]
    return max(children) if max_to_move else min(children)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("maximizing", [True, False])
@pytest.mark.parametrize("depth", [None, 1, 2, 3])
def test_uniform_tree_values_from_the_engine(algorithm, maximizing, depth):
    tree = nm.trees.uniform(3, 4, seed=11, maximizing=maximizing)
    values = [int(v) for v in tree.leaf_values]
    result = nm.search(tree, depth, algorithm=algorithm)
    expected = minimax_over_leaves(values, 3, 0, 4, maximizing, 4 if depth is None else depth, 0)
    assert type(result) is SearchResult
    assert type(result.value) is int
    assert result.value == expected


@pytest.mark.parametrize("maximizing", [True, False])
@pytest.mark.parametrize("path", [(0,), (2,), (1, 2)])
def test_uniform_tree_values_below_the_root(maximizing, path):
    """After moves the side to move is no longer the root's: the value stays in MAX's terms."""
    tree = nm.trees.uniform(3, 4, seed=5, maximizing=maximizing)
    values = [int(v) for v in tree.leaf_values]
    first = 0
    for ply, move in enumerate(path):
        tree.play(move)
        first += move * 3 ** (3 - ply)
    max_to_move = maximizing == (len(path) % 2 == 0)
    assert tree.to_move == (1 if max_to_move else -1)
    expected = minimax_over_leaves(values, 3, first, 4 - len(path), max_to_move, 99, 0)
    for algorithm in ALGORITHMS:
        assert nm.search(tree, algorithm=algorithm).value == expected, algorithm
        assert nm.search(tree, algorithm=algorithm, ordering=False).value == expected, algorithm


def test_uniform_tree_with_a_value_table():
    """A tree whose scores are ranks of its values (the private constructor's
    values_of_scores): the engine's result maps the score back through the table."""
    values_by_rank = (-2.5, 0.25, 1.0, 7.5)                 # ranks 0..3 score -3, -1, 1, 3
    ranks = np.random.default_rng(2).integers(0, 4, size=2 ** 5)
    scores = (2 * ranks - 3).astype(np.int32)
    values = [values_by_rank[r] for r in ranks]
    for maximizing in (True, False):
        tree = UniformTree(2, 5, scores, maximizing, "random", values_of_scores=values_by_rank)
        for algorithm in ALGORITHMS:
            result = nm.search(tree, algorithm=algorithm)
            assert result.value == minimax_over_leaves(values, 2, 0, 5, maximizing, 5, 0)
            assert type(result.value) is float


def test_engine_and_python_results_agree_on_trees():
    """The engine's result for a uniform tree is the one the Python layer builds from the
    engine's raw dict (negamax.result_building.build_search_result)."""
    from negamax import api

    for maximizing in (True, False):
        tree = nm.trees.uniform(4, 3, seed=9, maximizing=maximizing)
        made_by_engine = nm.search(tree, algorithm="alphabeta")
        native = tree.copy()
        options = api.SearchOptions.build(algorithm="alphabeta", depth=None, ordering=True,
                                          time_limit=None, node_limit=None, trace=False,
                                          iterative=None, tt=None, tt_mb=None, threads=1,
                                          stop=None, table_for=api._no_table, killers=None,
                                          history=None, aspiration=None, safe_moves=None,
                                          quiescence=None, check_extension=None,
                                          null_move=None, lmr=None)
        raw = api._searcher(native, options, None).run(False)
        assert isinstance(raw, dict)
        built = build_search_result(raw, native, "alphabeta", nm.StopReason.COMPLETED)
        for field in ("value", "best_move", "pv", "depth", "algorithm", "kernel", "stop_reason"):
            assert getattr(made_by_engine, field) == getattr(built, field), field
        assert made_by_engine.stats.nodes == built.stats.nodes


def nested_minimax(node, max_to_move):
    if not isinstance(node, list):
        return node
    children = [nested_minimax(child, not max_to_move) for child in node]
    return max(children) if max_to_move else min(children)


@pytest.mark.parametrize("maximizing", [True, False])
def test_explicit_trees_keep_their_own_values(maximizing):
    """Explicit trees still get their result from the Python layer: the same values."""
    nested = [[3, [1.5, 8]], [-2, [4, 9.25], 0.5], [[6, -1], 2]]
    tree = nm.trees.from_nested(nested, maximizing=maximizing)
    for algorithm in ALGORITHMS:
        assert nm.search(tree, algorithm=algorithm).value == nested_minimax(nested, maximizing)
