"""The cases where negamax is timed against plain C (issue 9), for benchmarks/test_bench_vs_c.py
(pytest-benchmark) and benchmarks/speed_ratios.py (one table): those of
negamax.bench.plain_c_cases, which the report's plain C section (`negamax bench`) times too,
and the quick switch of the benchmarks (NEGAMAX_BENCH_QUICK)."""

from __future__ import annotations

import os

from negamax.bench.plain_c_cases import (  # noqa: F401 (the benchmarks read them from here)
    CONNECT4_COUNTS, CONNECT4_ONCE, CONNECT4_ONCE_SEED, QUICK_CONNECT4_COUNTS, QUICK_CONNECT4_ONCE,
    QUICK_TREE_ONCE, QUICK_TREE_SHAPES, SEED, TREE_ONCE, TREE_ONCE_SEED, TREE_SHAPES, WARM_UP_CALLS,
    Connect4Case, Connect4OnceCase, TreeCase, TreeOnceCase, connect4_cases, connect4_once_case,
    score_disagreements, tree_cases, tree_disagreements, tree_once_case)


def quick_env() -> bool:
    """NEGAMAX_BENCH_QUICK is set to anything but "" or "0"."""
    return os.environ.get("NEGAMAX_BENCH_QUICK", "") not in ("", "0")
