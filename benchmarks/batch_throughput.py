"""Positions per second of negamax.analyze with 1 and 2 workers (docs/scaling.md).

    python benchmarks/batch_throughput.py [--count 200] [--stage middle] [--dask] [--repeat 3]

Solves a seeded set of Connect Four positions (benchmarks/connect4_sets.py) one by one in this
process, then with analyze over a process pool of 1 and 2 workers (the pool's start-up
included, as a user pays it), over a thread pool of 2, and with --dask over a
dask.distributed.LocalCluster of 1 and 2 worker processes (the cluster's start-up excluded:
a cluster is started once and kept). Prints one row per way, best of --repeat, with the load
average of the machine at the start (other work on a shared machine slows every row).
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import os
import platform
import sys
import time
from pathlib import Path
from typing import Callable, List

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repo root, for `benchmarks`

from benchmarks import connect4_sets  # noqa: E402

import negamax as nm  # noqa: E402
from negamax.games import ConnectFour  # noqa: E402


def _best_of(repeat: int, run: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeat):
        started = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - started)
    return best


def _check(results: List[object], expected: List[object]) -> None:
    got = [(r.value, r.best_move) for r in results]
    if got != expected:
        raise SystemExit("PROBLEM: analyze and solve disagree")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=200)
    parser.add_argument("--stage", choices=sorted(connect4_sets.STAGES), default="middle")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--dask", action="store_true", help="also a LocalCluster of 1 and 2 workers")
    args = parser.parse_args(argv)
    games = [ConnectFour(moves) for moves in connect4_sets.positions(args.stage, args.count)]
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{args.count} '{args.stage}' Connect Four positions solved; {os.cpu_count()} cores, "
          f"load average {load:.1f}; Python {platform.python_version()}, negamax {nm.__version__}")
    expected = [(r.value, r.best_move) for r in (nm.solve(g) for g in games)]
    rows = []

    def serial():
        _check([nm.solve(g) for g in games], expected)
    rows.append(("solve() in a loop, this process", _best_of(args.repeat, serial)))
    for workers in (1, 2):
        def pool(workers=workers):
            _check(nm.analyze(games, solve=True, workers=workers, progress=False), expected)
        rows.append((f"analyze, process pool of {workers} (start-up included)", _best_of(args.repeat, pool)))
    with cf.ThreadPoolExecutor(max_workers=2) as threads:
        def threaded():
            _check(nm.analyze(games, solve=True, executor=threads, progress=False), expected)
        rows.append(("analyze, thread pool of 2", _best_of(args.repeat, threaded)))
    if args.dask:
        import distributed
        for workers in (1, 2):
            with distributed.LocalCluster(n_workers=workers, threads_per_worker=1, processes=True,
                                          dashboard_address=None, silence_logs=50) as cluster, \
                    distributed.Client(cluster) as client:
                executor = client.get_executor(pure=False)

                def on_dask():
                    _check(nm.analyze(games, solve=True, executor=executor, progress=False), expected)
                on_dask()   # warm up: the workers import negamax
                rows.append((f"analyze, Dask LocalCluster of {workers} worker processes",
                             _best_of(args.repeat, on_dask)))
    width = max(len(name) for name, _ in rows)
    for name, seconds in rows:
        print(f"{name:<{width}}  {seconds:7.2f} s  {args.count / seconds:9.1f} positions/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
