"""Chess to a fixed depth with and without iterative deepening (``algorithm="pvs"``, its
table and enhancements): the measurement behind ``Chess.iterative_deepening = True``.

    python benchmarks/chess_iterative.py [--depths 3-7] [--count 20]

Three sets: the start position, WAC positions 40 onwards (benchmarks/data/wac.epd) and
middlegames from seeded random games (20-60 plies). Per set and depth it prints the total
wall time and nodes of one pass (``iterative=False``) and of deepening one ply at a time
(``iterative=True``), and the ratio of the times. Node counts are reproducible; times are not.
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Dict, List, Optional

import negamax as nm
from negamax.games import Chess

from threads_fresh import wac_fens


def random_middlegames(count: int, seed: int = 5) -> List[str]:
    """FENs after 20-60 random plies from the start, games not over."""
    rng = random.Random(seed)
    fens: List[str] = []
    while len(fens) < count:
        game = Chess()
        for _ in range(rng.randint(20, 60)):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
        if game.legal_moves():
            fens.append(game.fen())
    return fens


def total(fens: List[str], depth: int, iterative: bool) -> tuple:
    """(seconds, nodes) of searching every position."""
    seconds = 0.0
    nodes = 0
    for fen in fens:
        game = Chess(fen)
        started = time.perf_counter()
        result = nm.search(game, depth, algorithm="pvs", iterative=iterative)
        seconds += time.perf_counter() - started
        nodes += result.stats.nodes
    return seconds, nodes


def main(argv: Optional[List[str]] = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depths", default="3-7", help="first-last depth (default 3-7)")
    parser.add_argument("--count", type=int, default=20, help="positions per set (default 20)")
    args = parser.parse_args(argv)
    first, last = (int(part) for part in args.depths.split("-"))
    nm.search(Chess(), 1, algorithm="pvs")     # warm up: the thread's table is allocated once
    sets: Dict[str, List[str]] = {
        "start position": [Chess().fen()],
        f"WAC {40}-{40 + args.count - 1}": wac_fens(40, args.count),
        f"{args.count} random middlegames": random_middlegames(args.count),
    }
    print("| set | depth | one pass ms | one pass nodes | deepening ms | deepening nodes | one pass / deepening |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, fens in sets.items():
        for depth in range(first, last + 1):
            once, once_nodes = total(fens, depth, False)
            deep, deep_nodes = total(fens, depth, True)
            print(f"| {name} | {depth} | {once * 1e3:.1f} | {once_nodes:,} | {deep * 1e3:.1f} "
                  f"| {deep_nodes:,} | {once / deep:.2f}x |", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
