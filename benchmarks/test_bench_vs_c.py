"""negamax against plain C in one pytest-benchmark run (issue 9): each group holds negamax and
the plain C baseline on the same work, so `--benchmark-only` shows the ratio directly.

- uniform trees b=8 d=6, b=4 d=10, b=8 d=8 (quick: b=8 d=6, b=4 d=8), random leaf order,
  alpha-beta with ordering off, against the plain C max/min loop over the same leaf array;
- Connect Four solve_many over the end, middle and early sets of benchmarks/connect4_sets.py,
  against the plain C bitboard solver.

Sizes shrink when NEGAMAX_BENCH_QUICK is set or under --benchmark-disable. Each test checks
that both sides agree (values; nodes and leaves for the trees), so the timings compare the
same work. benchmarks/speed_ratios.py prints the ratios as one table."""

from __future__ import annotations

import pytest

from benchmarks import vs_c

QUICK = vs_c.quick_env()


def _tree_cases():
    return [pytest.param((b, d), id=f"b{b}d{d}") for b, d in (vs_c.QUICK_TREE_SHAPES if QUICK else vs_c.TREE_SHAPES)]


@pytest.fixture(scope="module")
def tree_case(request, quick, c_lib):
    branching, depth = request.param
    if quick and (branching, depth) not in vs_c.QUICK_TREE_SHAPES:
        pytest.skip("full size only")
    return vs_c.TreeCase(branching, depth)


def _connect4_counts(quick):
    return vs_c.QUICK_CONNECT4_COUNTS if quick else vs_c.CONNECT4_COUNTS


@pytest.fixture(scope="module")
def connect4_case(request, quick, c_lib):
    return vs_c.Connect4Case(request.param, _connect4_counts(quick)[request.param])


# Each workload's two sides are one test's two parameters, the side varying fastest, so that
# pytest runs them one right after the other: a burst of the shared machine's other work of a
# few seconds then falls on both sides of a group, where all negamax tests before all C tests
# let it fall on one side of every group (this machine's neighbours made one side 20-30%
# slower for seconds at a time).
SIDES = ["negamax", "plain_c"]


@pytest.mark.parametrize("tree_case", _tree_cases(), indirect=True)
@pytest.mark.parametrize("side", SIDES)
def test_uniform(benchmark, tree_case, side):
    benchmark.group = f"vs C: alpha-beta uniform {tree_case.name} random, ordering off"
    counted = tree_case.counted_c()
    if side == "negamax":
        tree_case.warm_up()
        result = benchmark(tree_case.negamax)
        benchmark.extra_info.update(nodes=result.stats.nodes, leaves=result.stats.leaves)
        assert vs_c.tree_disagreements(tree_case, result, tree_case.plain_c()) == []
    else:
        value = benchmark(tree_case.plain_c)
        benchmark.extra_info.update(nodes=counted.nodes, leaves=counted.leaves)
        assert value == counted.value


STAGES = list(vs_c.CONNECT4_COUNTS)


@pytest.mark.parametrize("connect4_case", STAGES, indirect=True)
@pytest.mark.parametrize("side", SIDES)
def test_connect4_solve_many(benchmark, connect4_case, side):
    benchmark.group = f"vs C: Connect Four solve, {connect4_case.name}"
    rounds = 1 if connect4_case.stage == "early" else 3
    if side == "negamax":
        results = benchmark.pedantic(connect4_case.negamax, rounds=rounds, warmup_rounds=0)
        benchmark.extra_info["nodes"] = [result.stats.nodes for result in results]
        assert connect4_case.disagreements(results, connect4_case.plain_c()) == []
    else:
        results = benchmark.pedantic(connect4_case.plain_c, rounds=rounds, warmup_rounds=0)
        benchmark.extra_info["nodes"] = [nodes for _, nodes in results]
        assert all(-21 <= score <= 21 for score, _ in results)


@pytest.fixture(scope="module")
def connect4_once_case(quick, c_lib):
    return vs_c.connect4_once_case(quick)


def _each_chunk_once(case):
    """pedantic() arguments that solve chunk 0, 1, 2, ... once each, one a round."""
    chunks = iter(range(case.chunks))

    def setup():
        return (next(chunks),), {}

    return dict(setup=setup, rounds=case.chunks, warmup_rounds=0)


def test_connect4_end_once_negamax(benchmark, connect4_once_case):
    case = connect4_once_case
    benchmark.group = f"vs C: Connect Four solve, {case.name} (one chunk a round)"
    case.warm_up()
    benchmark.pedantic(case.negamax, **_each_chunk_once(case))
    assert case.disagreements(0) == []


def test_connect4_end_once_plain_c(benchmark, connect4_once_case):
    case = connect4_once_case
    benchmark.group = f"vs C: Connect Four solve, {case.name} (one chunk a round)"
    case.warm_up()
    results = benchmark.pedantic(case.plain_c, **_each_chunk_once(case))
    assert all(-21 <= score <= 21 for score, _ in results)


def test_trees_each_searched_once_agree_with_the_counting_c(c_lib):
    """The row of trees each searched once: both sides warmed up, every tree searched by
    both, and its values and counts those of the counting C twin (summed over the trees)."""
    once = vs_c.TreeOnceCase(4, 5, 4)
    negamax_seconds, engine_seconds, c_seconds, nodes, leaves, problems = once.timed()
    assert problems == []
    counted = [case.counted_c() for case in once.cases]
    assert (nodes, leaves) == (sum(c.nodes for c in counted), sum(c.leaves for c in counted))
    assert len({case.seed for case in once.cases}) == 4          # four different trees
    assert 0 < engine_seconds <= negamax_seconds and c_seconds > 0
