"""negamax.analyze: a batch of Connect Four solves, one by one against 1 and 2 workers.

Compare the group's rows for the speed-up of a second worker (on an idle machine) and the
cost of the process pool's start-up; `python benchmarks/batch_throughput.py` prints the same
as positions per second (docs/scaling.md)."""

from __future__ import annotations

import concurrent.futures as cf

import pytest

from benchmarks import connect4_sets

import negamax as nm
from negamax.games import ConnectFour

GROUP = "analyze: middle-game Connect Four solves"


@pytest.fixture(scope="module")
def batch(quick):
    games = [ConnectFour(m) for m in connect4_sets.positions("middle", 10 if quick else 100)]
    return games, [nm.solve(g).value for g in games]


def test_solve_in_a_loop(benchmark, batch):
    games, values = batch
    benchmark.group = GROUP
    results = benchmark.pedantic(lambda: [nm.solve(g) for g in games], rounds=1)
    assert [r.value for r in results] == values


@pytest.mark.parametrize("workers", [1, 2])
def test_analyze_process_pool(benchmark, batch, workers):
    games, values = batch
    benchmark.group = GROUP
    results = benchmark.pedantic(nm.analyze, args=(games,),
                                 kwargs=dict(solve=True, workers=workers, progress=False), rounds=1)
    assert [r.value for r in results] == values


def test_analyze_thread_pool(benchmark, batch):
    games, values = batch
    benchmark.group = GROUP
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        results = benchmark.pedantic(nm.analyze, args=(games,),
                                     kwargs=dict(solve=True, executor=pool, progress=False), rounds=1)
    assert [r.value for r in results] == values
