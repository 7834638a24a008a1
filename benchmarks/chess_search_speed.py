"""Nodes per second of the full chess engine (``algorithm="pvs"`` with its defaults: table,
quiescence, check extension, null move, late-move reductions) on five middlegame positions.

    python benchmarks/chess_search_speed.py              # depth 7
    python benchmarks/chess_search_speed.py --depth 8

Prints, per position, the nodes, the CPU time of the search (process time: less disturbed by
other programs than the wall clock on a shared machine), nodes per CPU second, the best move
and the value; then the totals. The node counts are reproducible; the time is not.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import List, Optional

import negamax as nm

#: Middlegames from common openings (Italian, Giuoco Piano, Queen's Gambit lines).
MIDDLEGAMES = (
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
    "r1bq1rk1/ppp2ppp/2np1n2/2b1p3/2B1P3/2NP1N2/PPP2PPP/R1BQ1RK1 w - - 0 7",
    "r2q1rk1/pp2bppp/2n1pn2/3p4/3P4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 10",
    "r1bqr1k1/pp1nbppp/2p2n2/3p2B1/3P4/2NBP3/PPQ1NPPP/R3K2R w KQ - 0 10",
    "2rq1rk1/pb1nbppp/1p2pn2/2pp4/2PP4/1PN1PN2/PB1QBPPP/2RR2K1 w - - 0 12",
)


def main(argv: Optional[List[str]] = None) -> int:
    """Search each middlegame to the depth and print the speed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--depth", type=int, default=7, help="search depth (default 7)")
    args = parser.parse_args(argv)
    total_nodes = 0
    total_time = 0.0
    for fen in MIDDLEGAMES:
        game = nm.games.Chess(fen)
        started = time.process_time()
        result = nm.search(game, depth=args.depth, algorithm="pvs")
        elapsed = max(time.process_time() - started, 1e-9)
        total_nodes += result.stats.nodes
        total_time += elapsed
        print(f"{result.stats.nodes:>10,} nodes {elapsed:6.2f} s {result.stats.nodes / elapsed / 1e6:5.2f} M/s"
              f"  best {result.best_move} value {result.value}", flush=True)
    print(f"depth {args.depth}: {total_nodes:,} nodes in {total_time:.2f} s CPU, "
          f"{total_nodes / total_time / 1e6:.2f} M nodes/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
