"""The threads section: one search on several cores (Lazy SMP), threads=2 against threads=1 in
the same run, on the number of cores this machine has.

- Connect Four: exact solves of early positions (8 to 12 stones, from seeded random games);
  the values of both runs must agree (a problem otherwise).
- Chess: fixed-depth searches of middlegame positions with the full engine.

Speed-up = time with one thread / time with two. Lazy SMP shares only the transposition table,
so the gain depends on how much the helper thread's entries save the main thread."""

from __future__ import annotations

import os
import random
from typing import Any, Callable, Dict, List

import negamax as nm
from negamax.bench.progress import Progress
from negamax.bench.settings import ReportSettings
from negamax.bench.tables import Table
from negamax.bench.timing import best_time

__all__ = ["steps", "measure", "tables", "connect4_positions", "CHESS_MIDDLEGAMES"]

#: Middlegame positions (well-known opening lines, about move 10-15).
CHESS_MIDDLEGAMES = (
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 9",
    "r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 12",
    "r1bqr1k1/pp1n1pbp/2pp1np1/4p3/2PPP3/2N1BP2/PP1QN1PP/R3KB1R w KQ - 0 10",
)


def connect4_positions(count: int, low: int = 8, high: int = 12, seed: int = 2026) -> List[str]:
    """Move strings of positions with `low` to `high` stones from seeded random games, none over
    and none with a win in one for the side to move."""
    rng = random.Random(f"threads-{seed}-{low}-{high}")
    found: List[str] = []
    while len(found) < count:
        game = nm.games.ConnectFour()
        for _ in range(rng.randint(low, high)):
            game.play(rng.choice(game.legal_moves()))
            if game.is_terminal():
                break
        if not game.is_terminal() and not game.can_win_now():
            found.append(game.moves)
    return found


def steps(settings: ReportSettings) -> int:
    return 2


def _workloads(settings: ReportSettings) -> List[Dict[str, Any]]:
    quick = settings.mode != "full"
    moves = connect4_positions(2 if quick else 6, 11 if quick else 8, 13 if quick else 12)
    depth = 6 if quick else 8
    return [
        {"name": f"Connect Four solve, {len(moves)} positions of "
                 f"{'11-13' if quick else '8-12'} stones",
         "games": [nm.games.ConnectFour(m) for m in moves], "solve": True, "depth": None},
        {"name": f"chess, full engine to depth {depth}, {len(CHESS_MIDDLEGAMES)} middlegames",
         "games": [nm.games.Chess(fen) for fen in CHESS_MIDDLEGAMES], "solve": False, "depth": depth},
    ]


def _runner(workload: Dict[str, Any], threads: int) -> Callable[[], List[Any]]:
    if workload["solve"]:
        return lambda: [nm.solve(game, threads=threads) for game in workload["games"]]
    return lambda: [nm.search(game, workload["depth"], algorithm="pvs", threads=threads)
                    for game in workload["games"]]


def measure(settings: ReportSettings, progress: Progress) -> Dict[str, Any]:
    """Time every workload with one thread and with two, in the same run."""
    rows, problems = [], []
    for workload in _workloads(settings):
        progress.step(f"threads: {workload['name']}")
        one_seconds, one = best_time(_runner(workload, 1), settings.repeat)
        two_seconds, two = best_time(_runner(workload, 2), settings.repeat)
        if workload["solve"] and [r.value for r in one] != [r.value for r in two]:
            problems.append(f"threads: {workload['name']}: 2 threads solved to other values")
        rows.append({"name": workload["name"], "one_thread": one_seconds, "two_threads": two_seconds,
                     "speedup": one_seconds / two_seconds if two_seconds > 0 else None,
                     "nodes_one": sum(r.stats.nodes for r in one),
                     "nodes_two": sum(r.stats.nodes for r in two)})
    return {"cores": os.cpu_count(), "rows": rows, "problems": problems, "notes": []}


def tables(section: Dict[str, Any]) -> List[Table]:
    """The threads table."""
    table = Table(f"Threads: one search on 2 threads against 1 ({section['cores']} cores here)",
                  ["<workload", "1 thread s", "2 threads s", "speed-up", "nodes 1", "nodes 2"])
    for row in section["rows"]:
        speedup = f"{row['speedup']:.2f}x" if row["speedup"] is not None else "-"
        table.rows.append([row["name"], f"{row['one_thread']:.3f}", f"{row['two_threads']:.3f}",
                           speedup, f"{row['nodes_one']:,}", f"{row['nodes_two']:,}"])
    table.notes.append("Lazy SMP: the helper thread searches the same root (one ply ahead, other "
                       "move order near the root) and shares only the transposition table; "
                       "nodes count both threads. On a loaded machine the two threads compete "
                       "with other work: compare with the load the environment line reports.")
    return [table]
