"""Lazy SMP speed-up measured two ways: wall time, and a node proxy (with the CPU/wall ratio
that says whether the proxy holds).

    python benchmarks/threads_proxy.py [--set report|heldout|both] [--chess-depth 9] [--repeat 2]

For each position: one search with threads=1, one with threads=2. The wall speed-up is the
ratio of the summed times (best of --repeat per position). The proxy is the nodes of the
one-thread search over the nodes the main thread of the two-thread search entered before
the search ended: if both threads run at once at the same speed, the wall speed-up is about
that ratio. It only holds when they did run at once (CPU/wall of the two-thread searches near
2.0, printed): on a busy machine they take turns on one core and the proxy flatters. Solved
values must agree (checked).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any, Dict, List, Optional, Tuple

import negamax as nm
from negamax.bench.threads import CHESS_MIDDLEGAMES, connect4_positions, timed_run

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from chess_search_speed import MIDDLEGAMES  # noqa: E402
from connect4_sets import positions as stage_positions  # noqa: E402


CPU = {1: 0.0, 2: 0.0}      # process CPU seconds of all searches, by thread count
NODES = {1: 0, 2: 0}        # nodes of all threads of those searches
WALL = {1: 0.0, 2: 0.0}     # their wall seconds


def run_one(game: Any, threads: int, depth: Optional[int]) -> Tuple[float, Any, List[int]]:
    """One solve (depth None) or fixed-depth pvs search; (seconds, value, nodes per thread)."""
    cpu = time.process_time()
    elapsed, result, nodes = timed_run(game, threads, depth)
    CPU[threads] += time.process_time() - cpu
    WALL[threads] += elapsed
    NODES[threads] += sum(nodes)
    value = result.value if depth is None else (result.value, result.best_move)
    return elapsed, value, nodes


def measure(name: str, games: List[Any], depth: Optional[int], repeat: int) -> Dict[str, float]:
    """Sum over the games of the best times and the node counts; print one line per game."""
    t1 = t2 = n1 = main2 = total2 = 0.0
    CPU.update({1: 0.0, 2: 0.0})
    NODES.update({1: 0, 2: 0})
    WALL.update({1: 0.0, 2: 0.0})
    for game in games:
        best1 = best2 = float("inf")
        for _ in range(repeat):
            s1, v1, nodes1 = run_one(game, 1, depth)
            s2, v2, nodes2 = run_one(game, 2, depth)
            best1, best2 = min(best1, s1), min(best2, s2)
            if depth is None and v1 != v2:
                raise AssertionError(f"{name}: {game}: 1 thread {v1}, 2 threads {v2}")
            n1 += nodes1[0]           # the proxy sums every repeat: it varies from run to run
            main2 += nodes2[0]
            total2 += sum(nodes2)
        t1 += best1
        t2 += best2
        print(f"  {best1:7.3f}s {best2:7.3f}s  wall {best1 / best2:5.2f}x  proxy "
              f"{nodes1[0] / max(nodes2[0], 1):5.2f}x  nodes {nodes1[0]:>11,} | {nodes2}", flush=True)
    rate1, rate2 = NODES[1] / max(CPU[1], 1e-9), NODES[2] / max(CPU[2], 1e-9)
    print(f"  nodes per CPU second: 1 thread {rate1 / 1e6:.2f} M, 2 threads {rate2 / 1e6:.2f} M "
          f"({rate2 / rate1:.2f}); CPU/wall with 2 threads {CPU[2] / max(WALL[2], 1e-9):.2f} "
          f"(near 2.0: the threads ran at once and the proxy holds; near 1.0 it flatters)")
    row = {"wall": t1 / t2, "proxy": n1 / max(main2, 1), "total_ratio": total2 / max(n1, 1),
           "t1": t1, "t2": t2}
    print(f"{name}: 1 thread {t1:.2f}s, 2 threads {t2:.2f}s: wall {row['wall']:.2f}x, "
          f"proxy {row['proxy']:.2f}x, 2-thread nodes / 1-thread nodes {row['total_ratio']:.2f}",
          flush=True)
    return row


def main(argv: Optional[List[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--set", default="both", choices=["report", "heldout", "both", "c4", "chess"])
    parser.add_argument("--count", type=int, default=6)
    parser.add_argument("--chess-depth", type=int, default=9)
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args(argv)
    print(f"cores {os.cpu_count()}, load {os.getloadavg()[0]:.2f}", flush=True)
    nm.solve(nm.games.ConnectFour("4444443"), threads=2, node_limit=100_000)   # warm up the table
    c4_rows = []
    if args.set in ("report", "both", "c4"):
        games = [nm.games.ConnectFour(m) for m in connect4_positions(args.count, 8, 12)]
        c4_rows.append(measure("connect4 report set", games, None, args.repeat))
    if args.set in ("heldout", "both", "c4"):
        games = [nm.games.ConnectFour(m) for m in stage_positions("early", args.count, seed=77)]
        c4_rows.append(measure("connect4 second set", games, None, args.repeat))
    if len(c4_rows) == 2:
        t1, t2 = sum(row["t1"] for row in c4_rows), sum(row["t2"] for row in c4_rows)
        print(f"connect4 both sets: 1 thread {t1:.2f}s, 2 threads {t2:.2f}s: wall {t1 / t2:.2f}x",
              flush=True)
    if args.set in ("report", "both", "chess"):
        measure(f"chess report set, depth {args.chess_depth}",
                [nm.games.Chess(fen) for fen in CHESS_MIDDLEGAMES], args.chess_depth, args.repeat)
    if args.set in ("heldout", "both"):
        measure(f"chess second set, depth {args.chess_depth}",
                [nm.games.Chess(fen) for fen in MIDDLEGAMES], args.chess_depth, args.repeat)
    print(f"load {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
