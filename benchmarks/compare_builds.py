"""Time the same workloads on two builds of negamax, side by side.

    PYTHONPATH=/path/to/old/src python benchmarks/compare_builds.py > old.txt
    PYTHONPATH=/path/to/new/src python benchmarks/compare_builds.py > new.txt
    paste old.txt new.txt

Only the public API is used, so any build since the first release runs it (the engine issue's
"no search gets slower" check was made this way against a build of the core it found). Each
line: workload, best milliseconds, nodes. Run both on a quiet machine, one after the other.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repo root, for `benchmarks`

import negamax as nm  # noqa: E402
from benchmarks.connect4_sets import positions  # noqa: E402


def best(function, repeat):
    """(best seconds, last result) over `repeat` calls."""
    times = []
    result = None
    for _ in range(repeat):
        started = time.perf_counter()
        result = function()
        times.append(time.perf_counter() - started)
    return min(times), result


def main():
    import argparse
    argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                            epilog="No options: run it once per build (see the module's docstring).").parse_args()
    rows = []
    for branching, depth in [(8, 6), (4, 10), (8, 8)]:
        tree = nm.trees.uniform(branching, depth, ordering="random", seed=0)
        seconds, result = best(lambda: nm.search(tree, algorithm="alphabeta", ordering=False),
                               3 if depth == 8 else 7)
        rows.append((f"tree b={branching} d={depth}", seconds, result.stats.nodes))
    board = nm.games.TicTacToe()
    for algorithm, repeat in [("alphabeta", 7), ("minimax", 3), ("pvs", 7)]:
        seconds, result = best(lambda: nm.search(board, algorithm=algorithm), repeat)
        rows.append((f"ttt {algorithm}", seconds, result.stats.nodes))
    connect4 = nm.games.ConnectFour("4453")
    seconds, result = best(lambda: nm.search(connect4, 10, algorithm="alphabeta"), 3)
    rows.append(("c4 alphabeta d10", seconds, result.stats.nodes))
    seconds, result = best(lambda: nm.search(connect4, 12, algorithm="pvs"), 3)
    rows.append(("c4 pvs d12", seconds, result.stats.nodes))
    for stage, count in [("end", 100), ("middle", 20), ("early", 3)]:
        moves = positions(stage, count)
        nm.solve(nm.games.ConnectFour(moves[0]))      # the thread's table, made once

        def solve_all():
            return sum(nm.solve(nm.games.ConnectFour(line)).stats.nodes for line in moves)

        seconds, nodes = best(solve_all, 3 if stage != "early" else 1)
        rows.append((f"c4 solve {stage} x{count}", seconds, nodes))
    for name, seconds, nodes in rows:
        print(f"{name:24s} {seconds * 1e3:10.2f} ms {nodes:12d}")


if __name__ == "__main__":
    main()
