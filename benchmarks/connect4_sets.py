"""Connect Four solving benchmark: sets of positions at three stages of the game.

The positions are negamax.bench.connect4_positions's (random games with a fixed seed; no
position where the game is over or the side to move can win at once, as in the published
solver test sets):

- end:    28 to 34 stones on the board
- middle: 14 to 20 stones
- early:  8 to 12 stones

Each position is solved by negamax.solve; where a plain full-depth alpha-beta finishes
(positions with at least CHECK_MIN_STONES stones) its value is checked against it.

    python benchmarks/connect4_sets.py [--count N] [--stages end,middle,early] [--seed S]

prints mean time and nodes per position for each stage. For scale, the issue quotes the best
dedicated C++ solver on these machines at about 0.007 ms, 5 ms and 350 ms per position.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Dict, List

import negamax as nm
from negamax.bench.connect4_positions import SEED, STAGES, positions  # noqa: F401 (re-exported)
from negamax.games import ConnectFour

CHECK_MIN_STONES = 24   # plain alpha-beta to the end takes well under a second from here on


def solve_set(moves_list: List[str], check: bool = True) -> Dict[str, float]:
    """Solve every position; return mean/median milliseconds and nodes, and how many were checked."""
    times, nodes = [], []
    checked = 0
    nm.solve(ConnectFour(moves_list[0]))   # warm up: the thread's table is allocated once
    for moves in moves_list:
        game = ConnectFour(moves)
        started = time.perf_counter()
        result = nm.solve(game)
        times.append(time.perf_counter() - started)
        nodes.append(result.stats.nodes)
        if result.value is None:
            raise AssertionError(f"{moves}: not solved ({result.stop_reason})")
        if check and game.stones >= CHECK_MIN_STONES:
            plain = nm.search(game, algorithm="alphabeta")
            if plain.value != result.value:
                raise AssertionError(f"{moves}: solve gave {result.value}, plain alpha-beta {plain.value}")
            checked += 1
    return {
        "positions": len(moves_list),
        "mean_ms": statistics.fmean(times) * 1000,
        "median_ms": statistics.median(times) * 1000,
        "mean_nodes": statistics.fmean(nodes),
        "nodes_per_second": sum(nodes) / sum(times) if sum(times) > 0 else float("inf"),
        "checked": checked,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--stages", default="end,middle,early")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args()
    print("| stage | stones | positions | mean ms | median ms | mean nodes | nodes/s | checked by plain alpha-beta |")
    print("|---|---|---|---|---|---|---|---|")
    for stage in args.stages.split(","):
        low, high = STAGES[stage]
        row = solve_set(positions(stage, args.count, args.seed))
        print(f"| {stage} | {low}-{high} | {row['positions']} | {row['mean_ms']:.3f} | "
              f"{row['median_ms']:.3f} | {row['mean_nodes']:,.0f} | {row['nodes_per_second'] / 1e6:.2f} M | "
              f"{row['checked']} |", flush=True)


if __name__ == "__main__":
    main()
