"""Checkers: native perft beside pydraughts' perft in the same run, and search speed.

The perft rates (positions per second) of the two are stored in extra_info, with their ratio;
pydraughts counts a shallower perft (it generates about a thousand positions a second). Quick
mode (NEGAMAX_BENCH_QUICK or --benchmark-disable) uses smaller depths."""

from __future__ import annotations

import time

import pytest
from draughts import Board

import negamax as nm
from negamax.bench.checkers import START_PERFT, pydraughts_perft
from negamax.games import Checkers

GROUP = "checkers"


def test_perft_beside_pydraughts(benchmark, quick):
    depth, reference_depth = (8, 2) if quick else (10, 3)
    game = Checkers()
    start = time.perf_counter()
    reference = pydraughts_perft(Board(variant="english"), reference_depth)
    reference_rate = reference / (time.perf_counter() - start)
    benchmark.group = GROUP
    count = benchmark.pedantic(game.perft, args=(depth,), rounds=1 if quick else 5)
    assert count == START_PERFT[depth - 1] and reference == START_PERFT[reference_depth - 1]
    start = time.perf_counter()
    game.perft(depth)
    rate = count / (time.perf_counter() - start)
    benchmark.extra_info.update({"depth": depth, "positions_per_second": rate,
                                 "pydraughts_depth": reference_depth,
                                 "pydraughts_positions_per_second": reference_rate,
                                 "ratio": rate / reference_rate})


@pytest.mark.parametrize("algorithm, options", [("alphabeta", {}), ("pvs", {"tt": False}), ("pvs", {})])
def test_search_speed(benchmark, quick, algorithm, options):
    depth = 10 if quick else 14
    game = Checkers()
    benchmark.group = GROUP
    result = benchmark.pedantic(lambda: nm.search(game, depth, algorithm=algorithm, **options),
                                rounds=1 if quick else 3)
    assert result.best_move in game.legal_moves()
    benchmark.extra_info.update({"depth": depth, "nodes": result.stats.nodes,
                                 "nodes_per_second": result.stats.nodes / result.elapsed})
