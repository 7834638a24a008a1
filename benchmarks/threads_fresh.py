"""Lazy SMP on positions no setting was tuned on: threads=2 against threads=1.

    python benchmarks/threads_fresh.py [--chess-start 200] [--chess-count 12] [--chess-depth 8]
                                       [--c4-seed 909] [--c4-count 12] [--c4-stones 8-11]

Chess: the positions of benchmarks/data/wac.epd from --chess-start on, searched to a fixed
depth ("pvs", the full engine). Connect Four: seeded random positions, solved exactly (both
thread counts must agree). Each position is timed best of two, the thread counts interleaved.
Printed per set: the total time with each thread count and its ratio, and the geometric mean
of the per-position speed-ups over the positions that take long enough to time (20 ms with one
thread). benchmarks/threads_proxy.py measures the report's sets, which the deferral settings
were chosen on; this script is the check that a setting did not just fit those.
"""

from __future__ import annotations

import argparse
import math
from pathlib import Path
from typing import Any, List, Optional

import negamax as nm
from negamax.bench.threads import connect4_positions, timed_run

WAC = Path(__file__).resolve().parent / "data" / "wac.epd"
MIN_SECONDS = 0.02      # positions quicker than this with one thread are too noisy to ratio


def wac_fens(start: int, count: int) -> List[str]:
    """FENs of the EPD lines from `start` (the EPD's four fields, move counters added)."""
    fens = []
    for line in WAC.read_text().splitlines():
        fields = line.split()
        if len(fields) >= 4:
            fens.append(" ".join(fields[:4]) + " 0 1")
    return fens[start:start + count]


def compare(name: str, games: List[Any], depth: Optional[int]) -> None:
    """Print one line: total seconds with 1 and 2 threads, the ratio, the geometric mean."""
    one = two = 0.0
    logs = []
    for game in games:
        best_one = best_two = float("inf")
        for _ in range(2):
            seconds_one, single, _ = timed_run(game, 1, depth)
            seconds_two, double, _ = timed_run(game, 2, depth)
            best_one, best_two = min(best_one, seconds_one), min(best_two, seconds_two)
            if depth is None and single.value != double.value:
                raise AssertionError(f"{name}: {game}: 1 thread {single.value}, 2 threads {double.value}")
        one += best_one
        two += best_two
        if best_one >= MIN_SECONDS:
            logs.append(math.log(best_one / best_two))
    mean = f"{math.exp(sum(logs) / len(logs)):.2f}x" if logs else "-"
    print(f"{name}: 1 thread {one:.2f}s, 2 threads {two:.2f}s: {one / two:.2f}x; "
          f"geometric mean over {len(logs)} positions of {MIN_SECONDS * 1e3:.0f} ms or more: {mean}",
          flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--chess-start", type=int, default=200)
    parser.add_argument("--chess-count", type=int, default=12)
    parser.add_argument("--chess-depth", type=int, default=8)
    parser.add_argument("--c4-seed", type=int, default=909)
    parser.add_argument("--c4-count", type=int, default=12)
    parser.add_argument("--c4-stones", default="8-11", help="low-high stones on the board")
    args = parser.parse_args()
    low, high = (int(part) for part in args.c4_stones.split("-"))
    fens = wac_fens(args.chess_start, args.chess_count)
    compare(f"chess, wac.epd[{args.chess_start}:{args.chess_start + len(fens)}], depth {args.chess_depth}",
            [nm.games.Chess(fen) for fen in fens], args.chess_depth)
    moves = connect4_positions(args.c4_count, low, high, seed=args.c4_seed)
    compare(f"connect4, {len(moves)} positions of {low}-{high} stones, seed {args.c4_seed}",
            [nm.games.ConnectFour(line) for line in moves], None)


if __name__ == "__main__":
    main()
