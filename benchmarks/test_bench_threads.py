"""Lazy SMP: one search on two threads against one, in the same run (issue: scale).

    pytest benchmarks/test_bench_threads.py --benchmark-only --benchmark-group-by=param:workload

Workloads: exact solves of Connect Four positions with 8 to 12 stones (held-out style: seeded
random games), and fixed-depth full-engine searches of chess middlegames. The speed-up is the
ratio of the two timings of a workload; `negamax bench` prints it as a table with the cores.
"""

from __future__ import annotations

import pytest

import negamax as nm
from negamax.bench.threads import CHESS_MIDDLEGAMES, connect4_positions


@pytest.fixture(scope="module")
def connect4_games(quick):
    moves = connect4_positions(2, 11, 13) if quick else connect4_positions(6, 8, 12)
    return [nm.games.ConnectFour(m) for m in moves]


@pytest.mark.parametrize("threads", [1, 2])
def test_connect4_solve(benchmark, connect4_games, threads):
    benchmark.group = "threads: connect4 solve"
    results = benchmark(lambda: [nm.solve(game, threads=threads) for game in connect4_games])
    assert [r.value for r in results] == [nm.solve(g).value for g in connect4_games]


@pytest.mark.parametrize("threads", [1, 2])
def test_chess_fixed_depth(benchmark, quick, threads):
    benchmark.group = "threads: chess depth"
    depth = 5 if quick else 8
    games = [nm.games.Chess(fen) for fen in CHESS_MIDDLEGAMES]
    results = benchmark(lambda: [nm.search(g, depth, algorithm="pvs", threads=threads) for g in games])
    assert all(r.depth == depth and r.best_move in g.legal_moves() for r, g in zip(results, games))
