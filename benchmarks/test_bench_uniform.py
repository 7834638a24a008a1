"""Alpha-beta over a random uniform tree (b=8, d=8; b=8, d=6 when quick), seed 0.

Three searchers, all fail-soft alpha-beta in natural child order with the cutoff
``value >= beta``: negamax (Cython), the seed-003 Python reference, the C baseline.
They must agree on the value and on the number of leaves evaluated.
"""

from __future__ import annotations

import pytest

from benchmarks import c_baseline, reference


def _check(name, value, leaves, expected):
    for other, res in expected.items():
        assert value == res.value, f"{name} value {value!r} != {other} value {res.value!r}"
        assert leaves == res.leaves, f"{name} leaves {leaves} != {other} leaves {res.leaves}"


def _negamax_search(nm, case):
    return nm.search(case.tree, algorithm="alphabeta")


def test_negamax_alphabeta_uniform(benchmark, nm, uniform_case, uniform_expected_python, request):
    case = uniform_case
    benchmark.group = f"alphabeta uniform b={case.branching} d={case.depth} random"
    benchmark.extra_info["leaves_total"] = case.branching**case.depth
    result = benchmark(_negamax_search, nm, case)
    benchmark.extra_info["leaves"] = result.stats.leaves
    expected = {"python": uniform_expected_python}
    try:
        expected = request.getfixturevalue("uniform_expected")
    except pytest.skip.Exception:
        pass  # no C compiler: check against Python only
    _check("negamax", result.value, result.stats.leaves, expected)


def test_python_reference_alphabeta_uniform(benchmark, uniform_case, uniform_expected_python, nm, request):
    case = uniform_case
    benchmark.group = f"alphabeta uniform b={case.branching} d={case.depth} random"
    result = benchmark.pedantic(
        reference.alphabeta_uniform,
        args=(case.leaves_list, case.branching, case.depth, True),
        rounds=3,
        iterations=1,
    )
    benchmark.extra_info["leaves"] = result.leaves
    nm_result = _negamax_search(nm, case)
    expected = {"negamax": reference.Result(nm_result.value, nm_result.stats.nodes, nm_result.stats.leaves)}
    try:
        expected["c"] = request.getfixturevalue("uniform_expected")["c"]
    except pytest.skip.Exception:
        pass
    _check("python", result.value, result.leaves, expected)


def test_c_baseline_alphabeta_uniform(benchmark, uniform_case, uniform_expected, nm):
    case = uniform_case
    benchmark.group = f"alphabeta uniform b={case.branching} d={case.depth} random"
    result = benchmark(c_baseline.ab_uniform, case.leaves_int32, case.branching, case.depth, True)
    benchmark.extra_info["leaves"] = result.leaves
    nm_result = _negamax_search(nm, case)
    expected = {
        "python": uniform_expected["python"],
        "negamax": reference.Result(nm_result.value, nm_result.stats.nodes, nm_result.stats.leaves),
    }
    _check("c", result.value, result.leaves, expected)


def test_uniform_node_counts_agree(nm, uniform_case, uniform_expected_python):
    """Untimed (skipped under --benchmark-only): nodes entered agree too, and the root's best child."""
    case = uniform_case
    result = _negamax_search(nm, case)
    py = uniform_expected_python
    assert (result.value, result.stats.nodes, result.stats.leaves) == (py.value, py.nodes, py.leaves)
    assert result.best_move is not None and 0 <= result.best_move < case.branching
    assert result.pv and result.pv[0] == result.best_move


def test_uniform_minimising_root_agrees(nm, c_lib):
    """Untimed: with MIN at the root (maximizing=False) the three agree as well (small tree)."""
    b, d = 5, 5
    tree = nm.trees.uniform(b, d, ordering="random", seed=1)
    values = tree.leaf_values
    py = reference.alphabeta_uniform([int(v) for v in values.tolist()], b, d, False)
    c = c_baseline.ab_uniform(c_baseline.as_int32_leaves(values), b, d, False)
    res = nm.search(tree, algorithm="alphabeta", maximizing=False)
    assert (py.value, py.nodes, py.leaves) == (c.value, c.nodes, c.leaves)
    assert (res.value, res.stats.nodes, res.stats.leaves) == (py.value, py.nodes, py.leaves)


def test_python_seed003_verbatim_b8_d6(benchmark, nm):
    """Seed 003's own code over Tree/Terminal objects (b=8, d=6: building 8**8 objects alone
    takes tens of seconds). Same value as negamax."""
    benchmark.group = "alpha-beta uniform b=8 d=6 random: seed 003 verbatim vs negamax"
    tree = nm.trees.uniform(8, 6, ordering="random", seed=0)
    root = reference.seed003_tree(tree.leaf_values.tolist(), 8, 6)
    value = benchmark.pedantic(reference.pruning, args=(root, True), rounds=3, iterations=1)
    assert value == nm.search(tree).value


def test_negamax_b8_d6(benchmark, nm):
    benchmark.group = "alpha-beta uniform b=8 d=6 random: seed 003 verbatim vs negamax"
    tree = nm.trees.uniform(8, 6, ordering="random", seed=0)
    benchmark(nm.search, tree)
