"""Two builds' Lazy SMP searches, timed in pairs: threads=2 on build A, then on build B,
position by position, so that the machine's drift hits both alike.

    python benchmarks/threads_paired.py /path/to/a/src /path/to/b/src [--sets report 909 31]
                                        [--chess-starts 100 200] [--chess-depth 8] [--repeat 2]

Each build runs in a worker process of its own (PYTHONPATH set to its `src`). A set is
"report" (the report's six positions of 8-12 stones) or a seed (twelve random positions of
8-11 stones, as benchmarks/threads_fresh.py draws them), solved exactly; --chess-starts adds
twelve positions of benchmarks/data/wac.epd from each line given, searched to a fixed depth
("pvs", the full engine). The one-thread time comes from
build A (one thread runs the same nodes on both when only the threaded code differs); each
two-thread time is the best of --repeat. Both builds must solve to the same values (checked).
Printed: positions of 50 ms or more, then per game the totals and the geometric means of the
speed-ups over positions of 20 ms or more.
"""

from __future__ import annotations

import argparse
import math
import os
import subprocess
import sys
from typing import List, Tuple

from negamax.bench.threads import connect4_positions

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from threads_fresh import wac_fens  # noqa: E402

WORKER = """
import sys, time
import negamax as nm
for line in sys.stdin:
    kind, threads, depth, position = line.rstrip("\\n").split(" ", 3)
    if kind == "c4":
        run = lambda: nm.solve(nm.games.ConnectFour(position), threads=int(threads))
    else:
        run = lambda: nm.search(nm.games.Chess(position), depth=int(depth), threads=int(threads),
                                algorithm="pvs")
    started = time.perf_counter()
    result = run()
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
        """(seconds, value) of one Connect Four solve."""
        return self.run("c4", moves, threads, 0)

    def run(self, kind: str, position: str, threads: int, depth: int) -> Tuple[float, int]:
        """(seconds, value) of one Connect Four solve ("c4") or chess search ("chess")."""
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(f"{kind} {threads} {depth} {position}\n")
        self.process.stdin.flush()
        seconds, value = self.process.stdout.readline().split()
        return float(seconds), int(value)


def workloads(sets: List[str], chess_starts: List[int], chess_depth: int) -> List[Tuple[str, str, int]]:
    """(kind, position, depth) of every position to time: Connect Four sets, then chess."""
    found: List[Tuple[str, str, int]] = []
    for name in sets:
        moves = connect4_positions(6, 8, 12) if name == "report" else \
            connect4_positions(12, 8, 11, seed=int(name))
        found += [("c4", line, 0) for line in moves]
    for start in chess_starts:
        found += [("chess", fen, chess_depth) for fen in wac_fens(start, 12)]
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("a", help="build A's src directory")
    parser.add_argument("b", help="build B's src directory")
    parser.add_argument("--sets", nargs="*", default=["report", "909", "31", "77", "5", "13"])
    parser.add_argument("--chess-starts", nargs="*", type=int, default=[],
                        help="twelve WAC positions from each of these lines, searched to --chess-depth")
    parser.add_argument("--chess-depth", type=int, default=8)
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    a, b = Build(args.a), Build(args.b)
    totals = {}
    for kind, position, depth in workloads(args.sets, args.chess_starts, args.chess_depth):
        one, value = a.run(kind, position, 1, depth)
        a_best = b_best = float("inf")
        for _ in range(args.repeat):
            a_seconds, a_value = a.run(kind, position, 2, depth)
            b_seconds, b_value = b.run(kind, position, 2, depth)
            if kind == "c4" and not value == a_value == b_value:
                raise AssertionError(f"{position}: values {value}, {a_value}, {b_value}")
            a_best, b_best = min(a_best, a_seconds), min(b_best, b_seconds)
        total = totals.setdefault(kind, {"one": 0.0, "a": 0.0, "b": 0.0, "a_logs": [], "b_logs": []})
        total["one"] += one
        total["a"] += a_best
        total["b"] += b_best
        if one >= 0.02:
            total["a_logs"].append(math.log(one / a_best))
            total["b_logs"].append(math.log(one / b_best))
        if one >= 0.05:
            print(f"{position[:40]:40s} 1 thread {one:.3f}s   A {a_best:.3f}s {one / a_best:.2f}x   "
                  f"B {b_best:.3f}s {one / b_best:.2f}x", flush=True)

    def mean(logs: List[float]) -> float:
        return math.exp(sum(logs) / len(logs)) if logs else float("nan")

    for kind, total in totals.items():
        print(f"{kind} total: 1 thread {total['one']:.2f}s; A {total['a']:.2f}s "
              f"{total['one'] / total['a']:.2f}x (geometric mean {mean(total['a_logs']):.2f}x); "
              f"B {total['b']:.2f}s {total['one'] / total['b']:.2f}x (geometric mean "
              f"{mean(total['b_logs']):.2f}x); {len(total['a_logs'])} positions of 20 ms or more")


if __name__ == "__main__":
    main()
