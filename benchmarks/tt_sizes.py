"""How the transposition table's size changes Connect Four solving: each position solved
with tables of several sizes, nodes and seconds per size, in one run.

    python benchmarks/tt_sizes.py [--sizes 4,16,64,256,1024] [--positions 4453,...] [--time-limit S]

Node counts are exact and the same on every run; seconds move with the machine's load.
The README's guidance on --tt-mb and negamax.DEFAULT_TT_MB comes from this table."""

from __future__ import annotations

import argparse
import time
from typing import List

import negamax as nm

#: Early and balanced positions (hard to solve) and a few easier ones from play.
POSITIONS = ("44444", "4444", "44455554", "4453", "43")
SIZES = (4, 16, 64, 256, 1024)


def measure(moves: str, mb: float, time_limit: float) -> tuple:
    """(nodes, seconds, solved) of solving `moves` with a fresh table of `mb` megabytes."""
    table = nm.TranspositionTable(mb)
    start = time.perf_counter()
    result = nm.solve(nm.games.ConnectFour(moves), tt=table, time_limit=time_limit)
    seconds = time.perf_counter() - start
    return result.stats.nodes, seconds, result.stop_reason is nm.StopReason.COMPLETED, result.score


def main(argv: List[str] = None) -> None:
    """Print one row per position and size."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)))
    parser.add_argument("--positions", default=",".join(POSITIONS))
    parser.add_argument("--time-limit", type=float, default=120.0)
    args = parser.parse_args(argv)
    sizes = [float(size) for size in args.sizes.split(",")]
    print("| position | score | " + " | ".join(f"{size:g} MB" for size in sizes) + " |")
    print("| --- | ---: | " + " | ".join("---:" for _ in sizes) + " |")
    for moves in args.positions.split(","):
        cells, score = [], None
        for size in sizes:
            nodes, seconds, solved, found = measure(moves, size, args.time_limit)
            score = found if found is not None else score
            cells.append(f"{seconds:.1f} s, {nodes / 1e6:.1f} M nodes" if solved
                         else f"> {args.time_limit:g} s")
        print(f"| {moves} | {score} | " + " | ".join(cells) + " |", flush=True)


if __name__ == "__main__":
    main()
