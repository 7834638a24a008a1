"""Shared fixtures of the benchmark suites.

Run timed:    pytest benchmarks --benchmark-only
Run untimed:  pytest benchmarks --benchmark-disable   (each benchmarked call runs once)

Sizes: the uniform tree is b=8, d=8 (16.7M leaves) by default; b=8, d=6 when
NEGAMAX_BENCH_QUICK is set (to anything but "" or "0") or under --benchmark-disable,
so that CI stays fast.
"""

from __future__ import annotations

import os

import pytest

from benchmarks import c_baseline, reference

FULL_SIZE = (8, 8)
QUICK_SIZE = (8, 6)
SEED = 0


def quick_env() -> bool:
    return os.environ.get("NEGAMAX_BENCH_QUICK", "") not in ("", "0")


@pytest.fixture(scope="session")
def quick(request) -> bool:
    disabled = bool(request.config.getoption("benchmark_disable", default=False))
    return quick_env() or disabled


@pytest.fixture(scope="session")
def uniform_size(quick) -> tuple[int, int]:
    return QUICK_SIZE if quick else FULL_SIZE


@pytest.fixture(scope="session")
def nm():
    import negamax

    return negamax


class UniformCase:
    """One random uniform tree, in the three forms the three searchers take."""

    def __init__(self, nm, branching: int, depth: int):
        self.branching = branching
        self.depth = depth
        self.tree = nm.trees.uniform(branching, depth, ordering="random", seed=SEED, maximizing=True)
        values = self.tree.leaf_values
        assert len(values) == branching**depth
        self.leaves_list = [int(v) for v in values.tolist()]  # plain Python ints
        self.leaves_int32 = c_baseline.as_int32_leaves(values)


@pytest.fixture(scope="session")
def uniform_case(nm, uniform_size) -> UniformCase:
    return UniformCase(nm, *uniform_size)


@pytest.fixture(scope="session")
def c_lib():
    """The compiled C baseline; the C tests skip (with the reason) when it can't be built."""
    try:
        return c_baseline.load()
    except (c_baseline.CompilerNotFound, c_baseline.BuildError) as exc:
        pytest.skip(str(exc))


@pytest.fixture(scope="session")
def uniform_expected(uniform_case, c_lib):
    """(value, leaves) computed, untimed, by the Python reference and by the C baseline."""
    case = uniform_case
    py = reference.alphabeta_uniform(case.leaves_list, case.branching, case.depth, True)
    c = c_baseline.ab_uniform(case.leaves_int32, case.branching, case.depth, True)
    return {"python": py, "c": c}


@pytest.fixture(scope="session")
def uniform_expected_python(uniform_case):
    """The Python reference alone (so the negamax/python check runs even without a C compiler)."""
    case = uniform_case
    return reference.alphabeta_uniform(case.leaves_list, case.branching, case.depth, True)
