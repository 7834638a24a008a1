"""Two builds' Lazy SMP solves of Connect Four, timed in pairs: threads=2 on build A, then on
build B, position by position, so that the machine's drift hits both alike.

    python benchmarks/threads_paired.py /path/to/a/src /path/to/b/src [--sets report 909 31]
                                        [--repeat 2]

Each build runs in a worker process of its own (PYTHONPATH set to its `src`). A set is
"report" (the report's six positions of 8-12 stones) or a seed (twelve random positions of
8-11 stones, as benchmarks/threads_fresh.py draws them). The one-thread time comes from
build A (one thread runs the same nodes on both when only the threaded code differs); each
two-thread time is the best of --repeat. Both builds must give the same values (checked).
Printed: positions of 50 ms or more, then the totals and the geometric means of the speed-ups
over positions of 20 ms or more.
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
from typing import List, Tuple

from negamax.bench.threads import connect4_positions

WORKER = """
import sys, time
import negamax as nm
for line in sys.stdin:
    moves, threads = line.split()
    game = nm.games.ConnectFour(moves)
    started = time.perf_counter()
    result = nm.solve(game, threads=int(threads))
    print(time.perf_counter() - started, result.value, flush=True)
"""
WARM_UP = "4444443333332222221"     # a quick solve (19 stones)


class Build:
    """A worker process that solves positions with one build of negamax."""

    def __init__(self, src: str) -> None:
        environment = dict(os.environ, PYTHONPATH=src)
        self.process = subprocess.Popen([sys.executable, "-c", WORKER], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, env=environment)
        self.solve(WARM_UP, 1)      # allocate the table before anything is timed

    def solve(self, moves: str, threads: int) -> Tuple[float, int]:
        """(seconds, value) of one solve."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{moves} {threads}\n")
        self.process.stdin.flush()
        seconds, value = self.process.stdout.readline().split()
        return float(seconds), int(value)


def positions(sets: List[str]) -> List[str]:
    found: List[str] = []
    for name in sets:
        found += connect4_positions(6, 8, 12) if name == "report" else \
            connect4_positions(12, 8, 11, seed=int(name))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", help="build A's src directory")
    parser.add_argument("b", help="build B's src directory")
    parser.add_argument("--sets", nargs="+", default=["report", "909", "31", "77", "5", "13"])
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    a, b = Build(args.a), Build(args.b)
    one_total = a_total = b_total = 0.0
    a_logs: List[float] = []
    b_logs: List[float] = []
    for moves in positions(args.sets):
        one, value = a.solve(moves, 1)
        a_best = b_best = float("inf")
        for _ in range(args.repeat):
            a_seconds, a_value = a.solve(moves, 2)
            b_seconds, b_value = b.solve(moves, 2)
            if not value == a_value == b_value:
                raise AssertionError(f"{moves}: values {value}, {a_value}, {b_value}")
            a_best, b_best = min(a_best, a_seconds), min(b_best, b_seconds)
        one_total, a_total, b_total = one_total + one, a_total + a_best, b_total + b_best
        if one >= 0.02:
            a_logs.append(math.log(one / a_best))
            b_logs.append(math.log(one / b_best))
        if one >= 0.05:
            print(f"{moves:14s} 1 thread {one:.3f}s   A {a_best:.3f}s {one / a_best:.2f}x   "
                  f"B {b_best:.3f}s {one / b_best:.2f}x", flush=True)

    def mean(logs: List[float]) -> float:
        return math.exp(sum(logs) / len(logs)) if logs else float("nan")

    print(f"total: 1 thread {one_total:.2f}s; A {a_total:.2f}s {one_total / a_total:.2f}x "
          f"(geometric mean {mean(a_logs):.2f}x); B {b_total:.2f}s {one_total / b_total:.2f}x "
          f"(geometric mean {mean(b_logs):.2f}x); {len(a_logs)} positions of 20 ms or more")


if __name__ == "__main__":
    main()
