"""The threads section: one search on several cores (Lazy SMP), threads=2 against threads=1 in
the same run, on the number of cores this machine has.

- Connect Four: exact solves of early positions (8 to 12 stones, from seeded random games);
  the values of both runs must agree (a problem otherwise).
- Chess: fixed-depth searches of middlegame positions with the full engine.

Two speed-ups per workload. The wall speed-up is time with one thread / time with two (best
of the repeats, position by position). The node proxy is the nodes of the one-thread searches
over the nodes the main thread of the two-thread searches entered before they ended (summed
over every repeat): when both threads run at once at the same speed, the wall speed-up is
about that ratio. It holds only when they do run at once: the table also reports the CPU time
of the two-thread searches over their wall time (2.0 on two free cores). On a machine busy with
other programs the two threads take turns on one core, their work then barely overlaps, and the
proxy flatters (up to 2.0 with no wall gain at all): read it with that column. Lazy SMP shares
the transposition table and marks the moves being searched (ABDADA-style deferral), so the
gain depends on how little of the helper's work repeats the main thread's."""

from __future__ import annotations

import os
import time
from typing import Any, Dict, List, Optional, Tuple, Union

import negamax as nm
from negamax import api
from negamax.bench.connect4_positions import random_positions
from negamax.bench.progress import Progress
from negamax.bench.settings import ReportSettings
from negamax.bench.tables import Table
from negamax.bench.timing import check_stop
from negamax.options import SearchOptions

__all__ = ["steps", "measure", "tables", "connect4_positions", "timed_run", "CHESS_MIDDLEGAMES",
           "CHESS_MORE_MIDDLEGAMES"]

#: Middlegame positions (well-known opening lines, about move 10-15).
CHESS_MIDDLEGAMES = (
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 9",
    "r2q1rk1/1b1nbppp/p2ppn2/1p6/3NP3/1BN1BP2/PPPQ2PP/2KR3R w - - 0 12",
    "r1bqr1k1/pp1n1pbp/2pp1np1/4p3/2PPP3/2N1BP2/PP1QN1PP/R3KB1R w KQ - 0 10",
)

#: Twelve more middlegames (well-known opening lines played out to move 10-12), searched too in
#: the full report: per position the two-thread speed-up spreads from 0.5x to 3x from run to
#: run, so three positions alone say little.
CHESS_MORE_MIDDLEGAMES = (
    "r1bq1rk1/2pnbppp/p2p1n2/1p2p3/3PP3/1BP2N1P/PP3PP1/RNBQR1K1 w - - 1 11",
    "r1bq1rk1/pp1n1ppp/4pn2/b1p5/2BP4/P1N1PN2/1P3PPP/R1BQ1RK1 w - - 1 10",
    "r2q1rk1/1p1nbppp/p2pbn2/4p3/4P3/1NN1BP2/PPPQ2PP/2KR1B1R w - - 5 11",
    "r2qkb1r/1b1n1ppp/p3pn2/1pp5/3PP3/2NB1N2/PP3PPP/R1BQ1RK1 w kq - 0 11",
    "r1b2rk1/pp1nqppp/2n1p3/3pP3/2pP1P2/2N2N2/PPPQ2PP/2KR1B1R w - - 0 11",
    "r2q1rk1/1pp1bppp/1nn1b3/p3p3/1P6/P1NP1NP1/4PPBP/R1BQ1RK1 w - - 0 11",
    "r2qkb1r/pp1n1pp1/2p1pn1p/7P/3P4/3Q1NN1/PPPB1PP1/R3K2R w KQkq - 2 12",
    "r1bq1rk1/pppnn1bp/3p2p1/3Ppp2/2P1P3/2NN4/PP2BPPP/R1BQ1RK1 w - - 0 11",
    "r1bqr1k1/bpp2pp1/p1np1n1p/4p3/4P3/1BPP1N1P/PP1N1PP1/R1BQR1K1 w - - 2 11",
    "r1bq1rk1/3nbppp/2n1p3/ppppP3/8/3P1NP1/PPP2PBP/R1BQRNK1 w - - 0 11",
    "r2q1rk1/pp1bppbp/3p1np1/8/2PBP3/2N5/PP1QBPPP/R4RK1 b - - 0 11",
    "rn3rk1/p1p1qpp1/1p2b2p/3p4/3P4/4PN2/PP3PPP/2RQKB1R w K - 2 12",
)

#: Repeats of the full report's chess threads workload (best of N per position): fifteen
#: positions at best of three say more than three at the report's usual best of nine.
FULL_CHESS_REPEAT = 3


def connect4_positions(count: int, low: int = 8, high: int = 12, seed: int = 2026) -> List[str]:
    """Move strings of positions with `low` to `high` stones from seeded random games, none over
    and none with a win in one for the side to move."""
    return random_positions(count, low, high, f"threads-{seed}-{low}-{high}")


def steps(settings: ReportSettings) -> int:
    """Progress steps: one per game measured (Connect Four, chess)."""
    return len(_chosen(settings))


def _chosen(settings: ReportSettings) -> List[str]:
    """The games of the section that --games leaves in (Connect Four and chess by default)."""
    return [name for name in ("connect4", "chess") if settings.games is None or name in settings.games]


def _workloads(settings: ReportSettings) -> List[Dict[str, Any]]:
    quick = settings.mode != "full"
    workloads = []
    if "connect4" in _chosen(settings):
        moves = connect4_positions(2 if quick else 6, 11 if quick else 8, 13 if quick else 12)
        workloads.append(
            {"name": f"Connect Four solve, {len(moves)} positions of "
                     f"{'11-13' if quick else '8-12'} stones",
             "games": [nm.games.ConnectFour(m) for m in moves], "solve": True, "depth": None})
    if "chess" in _chosen(settings):
        depth = 6 if quick else 8
        fens = CHESS_MIDDLEGAMES if quick else CHESS_MIDDLEGAMES + CHESS_MORE_MIDDLEGAMES
        workloads.append(
            {"name": f"chess, full engine to depth {depth}, {len(fens)} middlegames",
             "games": [nm.games.Chess(fen) for fen in fens], "solve": False, "depth": depth,
             "repeat": settings.repeat if quick else min(settings.repeat, FULL_CHESS_REPEAT)})
    return workloads


def timed_run(game: Any, threads: int, depth: Optional[int]) -> Tuple[float, Any, List[int]]:
    """Solve `game` (depth None) or search it to `depth` with algorithm "pvs", on `threads`
    threads: (wall seconds, the SolveResult or SearchResult, nodes entered by each thread,
    the main thread first)."""
    if depth is None:
        options = api._solve_options(api._table_for_thread, time_limit=None, node_limit=None,
                                     ordering=True, tt=None, tt_mb=None, killers=None,
                                     history=None, safe_moves=None, threads=threads, stop=None)
    else:
        options = SearchOptions.build(algorithm="pvs", depth=depth, threads=threads,
                                      table_for=api._table_for_thread)
    native = api._native_copy(game, None)
    searcher = api._searcher(native, options, None, game_prefers=api._prefers_iterative(game, native))
    started = time.perf_counter()
    raw = searcher.solve(False) if depth is None else searcher.run()
    elapsed = time.perf_counter() - started
    check_stop()        # Ctrl-C stopped this search: the report stops (no such result in it)
    result: Union[nm.SolveResult, nm.SearchResult]
    if depth is None:
        result = api._finish_solve(raw, native, game, False, False)
    else:
        result = api._finish_search(raw, native, game, options)
    return elapsed, result, searcher.thread_nodes()


def _compare(workload: Dict[str, Any], repeat: int) -> Dict[str, Any]:
    """One and two threads on every game of the workload, `repeat` times each."""
    one = two = cpu_two = wall_two = 0.0
    nodes_one = main_two = nodes_two = 0
    agree = True
    for game in workload["games"]:
        best_one = best_two = float("inf")
        for _ in range(max(1, repeat)):
            seconds, single, nodes = timed_run(game, 1, workload["depth"])
            best_one = min(best_one, seconds)
            nodes_one += nodes[0]
            cpu = time.process_time()
            seconds, double, nodes = timed_run(game, 2, workload["depth"])
            cpu_two += time.process_time() - cpu
            wall_two += seconds
            best_two = min(best_two, seconds)
            main_two += nodes[0]
            nodes_two += sum(nodes)
            if workload["solve"] and single.value != double.value:
                agree = False
        one += best_one
        two += best_two
    return {"name": workload["name"], "one_thread": one, "two_threads": two,
            "speedup": one / two if two > 0 else None,
            "proxy": nodes_one / main_two if main_two > 0 else None,
            "nodes_one": nodes_one, "nodes_two": nodes_two, "main_two": main_two,
            "concurrency": cpu_two / wall_two if wall_two > 0 else None, "agree": agree}


def measure(settings: ReportSettings, progress: Progress) -> Dict[str, Any]:
    """Time every workload with one thread and with two, in the same run."""
    rows, problems = [], []
    load_before = os.getloadavg()[0] if hasattr(os, "getloadavg") else None
    for workload in _workloads(settings):
        progress.step(f"threads: {workload['name']}")
        row = _compare(workload, workload.get("repeat", settings.repeat))
        if not row.pop("agree"):
            problems.append(f"threads: {workload['name']}: 2 threads solved to other values")
        rows.append(row)
    notes = []
    if load_before is not None:
        notes.append(f"load average before the threads runs: {load_before:.2f} "
                     f"(on {os.cpu_count()} cores)")
    return {"cores": os.cpu_count(), "rows": rows, "problems": problems, "notes": notes}


def tables(section: Dict[str, Any]) -> List[Table]:
    """The threads table (none when --games leaves out both of its games)."""
    if not section["rows"]:
        return []
    table = Table(f"Threads: one search on 2 threads against 1 ({section['cores']} cores here)",
                  ["<workload", "1 thread s", "2 threads s", "wall speed-up", "node proxy",
                   "CPU/wall 2 threads", "nodes 1", "nodes 2"])
    for row in section["rows"]:
        speedup = f"{row['speedup']:.2f}x" if row["speedup"] is not None else "-"
        proxy = f"{row['proxy']:.2f}x" if row.get("proxy") is not None else "-"
        overlap = f"{row['concurrency']:.2f}" if row.get("concurrency") is not None else "-"
        table.rows.append([row["name"], f"{row['one_thread']:.3f}", f"{row['two_threads']:.3f}",
                           speedup, proxy, overlap, f"{row['nodes_one']:,}", f"{row['nodes_two']:,}"])
    table.notes.append("Lazy SMP: the helper thread searches the same root, shares the "
                       "transposition table and puts off moves the other thread is searching; "
                       "when deepening, a thread skips a depth the other is already on, short "
                       "of the last two. Wall speed-up: time with 1 thread / time with 2. "
                       "Node proxy: nodes of the 1-thread searches / nodes the main thread of the "
                       "2-thread searches entered: the work the helper spared the main thread, "
                       "whatever else the machine runs. The wall speed-up reaches it only when "
                       "each thread has a core of its own: CPU/wall near 1.0 says the threads took "
                       "turns on one core; near 2.0 they ran at once, though other programs may "
                       "still have slowed both (see the load average). Nodes: every repeat, all "
                       "threads.")
    table.notes.extend(section.get("notes", []))
    return [table]
