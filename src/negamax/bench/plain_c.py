"""The plain C section: issue 9's workloads, negamax beside C written as a C programmer would
write it, timed in the same run (the cases are negamax.bench.plain_c_cases's).

- alpha-beta over uniform trees b=8 d=6, b=4 d=10 and b=8 d=8, leaves in random order, move
  ordering off: the whole `nm.search` call against a plain C max/min alpha-beta over the same
  int32 leaf array; negamax's counters are checked against the counting C twin's;
- Connect Four solving, `nm.solve_many` over the end (28-34 stones, 100 positions), middle
  (14-20, 20) and early (8-12, 10) sets against a plain bitboard C solver's solve_many with
  the same techniques; the scores are checked against each other;
- trees and end positions each searched once (other trees and positions, one call each per
  side): no workload is learned by the processor there, as none is in a user's batch.

Each side of a workload runs after a warm-up on other input, at least `repeat` times and
more until it has run MIN_SECONDS (a search of tens of microseconds is timed hundreds of
times), in four turns taken with the other side (a burst of the machine's other work then
falls on both), and its best time is kept. The issue's bounds are shown beside each ratio; missing
one is a figure to read, not a problem (speed is measured, never asserted): problems are
disagreements on values, scores or counts."""

from __future__ import annotations

import math
from typing import Any, Callable, Dict, List, Optional

from negamax.bench import plain_c_cases
from negamax.bench.plain_c_cases import TARGETS
from negamax.bench.progress import Progress
from negamax.bench.settings import ReportSettings
from negamax.bench.tables import Table, ratio, seconds
from negamax.bench.timing import Timing, best_times_taking_turns

__all__ = ["MIN_SECONDS", "MAX_CALLS", "steps", "measure", "tables"]

#: Each side of a workload runs until its calls have taken this long together...
MIN_SECONDS = 0.2
#: ...but no more than this many calls.
MAX_CALLS = 2000


def _connect4_wanted(settings: ReportSettings) -> bool:
    return settings.games is None or "connect4" in settings.games


def steps(settings: ReportSettings) -> int:
    """Progress steps of the section: one per workload."""
    trees = len(plain_c_cases.TREE_SHAPES) + 1
    return trees + (len(plain_c_cases.CONNECT4_COUNTS) + 1 if _connect4_wanted(settings) else 0)


def _ratio(numerator: float, denominator: float) -> Optional[float]:
    return numerator / denominator if denominator > 0 and math.isfinite(numerator) else None


def _row(name: str, target: Optional[float], negamax: Timing, c_side: Timing,
         extra: Dict[str, Any]) -> Dict[str, Any]:
    ratio_to_c = _ratio(negamax.seconds, c_side.seconds)
    row: Dict[str, Any] = {
        "name": name, "target": target,
        "negamax_seconds": negamax.seconds, "engine_seconds": negamax.inner_seconds,
        "c_seconds": c_side.seconds, "negamax_calls": negamax.calls, "c_calls": c_side.calls,
        "ratio": ratio_to_c, "engine_ratio": _ratio(negamax.inner_seconds, c_side.seconds),
        "within_target": None if target is None or ratio_to_c is None else ratio_to_c <= target}
    row.update(extra)
    return row


def _timed_pair(settings: ReportSettings, negamax: Callable[[], Any], c_side: Callable[[], Any],
                engine_seconds: Callable[[Any], float]) -> List[Timing]:
    return best_times_taking_turns([(negamax, engine_seconds), (c_side, None)], settings.repeat,
                                   MIN_SECONDS, MAX_CALLS)


def _tree_row(case: plain_c_cases.TreeCase, settings: ReportSettings,
              problems: List[str]) -> Dict[str, Any]:
    case.warm_up()
    negamax, c_side = _timed_pair(settings, case.negamax, case.plain_c, lambda result: result.elapsed)
    problems.extend(f"plain C, {problem}"
                    for problem in plain_c_cases.tree_disagreements(case, negamax.result, c_side.result))
    stats = negamax.result.stats
    c_nodes = case.counted_c().nodes
    return _row(f"alpha-beta, uniform tree {case.name}, random leaf order (seed {case.seed})",
                TARGETS["tree"], negamax, c_side,
                {"kind": "tree", "branching": case.branching, "depth": case.depth,
                 "nodes": stats.nodes, "leaves": stats.leaves, "c_nodes": c_nodes,
                 "node_ratio": _ratio(stats.nodes, c_nodes)})


def _tree_once_row(case: plain_c_cases.TreeOnceCase, problems: List[str]) -> Dict[str, Any]:
    negamax_seconds, engine_seconds, c_seconds, nodes, leaves, found = case.timed()
    problems.extend(f"plain C, {problem}" for problem in found)
    c_nodes = sum(tree.counted_c().nodes for tree in case.cases)
    return _row(f"alpha-beta, {case.name}", None,
                Timing(negamax_seconds, None, case.count, engine_seconds),
                Timing(c_seconds, None, case.count, math.nan),
                {"kind": "tree_once", "branching": case.branching, "depth": case.depth,
                 "nodes": nodes, "leaves": leaves, "c_nodes": c_nodes,
                 "node_ratio": _ratio(nodes, c_nodes), "total": True})


def _connect4_row(case: plain_c_cases.Connect4Case, settings: ReportSettings,
                  problems: List[str]) -> Dict[str, Any]:
    case.negamax()          # each side's table is allocated once, before the clock runs
    case.plain_c()
    negamax, c_side = _timed_pair(settings, case.negamax, case.plain_c,
                                  lambda results: sum(result.elapsed for result in results))
    problems.extend(f"plain C, Connect Four {problem}"
                    for problem in case.disagreements(negamax.result, c_side.result))
    negamax_nodes = sum(result.stats.nodes for result in negamax.result)
    c_nodes = sum(nodes for _, nodes in c_side.result)
    return _row(f"Connect Four solve_many, {case.name}", TARGETS[case.stage], negamax, c_side,
                {"kind": "connect4", "stage": case.stage, "positions": case.count,
                 "nodes": negamax_nodes, "c_nodes": c_nodes, "node_ratio": _ratio(negamax_nodes, c_nodes)})


def _connect4_once_row(case: plain_c_cases.Connect4OnceCase, problems: List[str]) -> Dict[str, Any]:
    negamax_seconds, engine_seconds, c_seconds, found = case.timed()
    problems.extend(f"plain C, Connect Four {problem}" for problem in found)
    return _row(f"Connect Four solve_many, {case.name}", None,
                Timing(negamax_seconds, None, case.chunks, engine_seconds),
                Timing(c_seconds, None, case.chunks, math.nan),
                {"kind": "connect4_once", "stage": "end", "positions": case.chunks * case.size,
                 "total": True})


def measure(settings: ReportSettings, progress: Progress) -> Dict[str, Any]:
    """The whole section: {"measured", "rows", "problems", "notes", ...}."""
    section: Dict[str, Any] = {"measured": False, "rows": [], "problems": [], "notes": [],
                               "repeat": settings.repeat, "min_seconds": MIN_SECONDS,
                               "max_calls": MAX_CALLS}
    try:
        plain_c_cases.c_baseline()
    except ImportError as error:
        section["notes"].append(f"not measured: the C baseline module is missing from this "
                                f"installation ({error})")
        progress.advance(steps(settings))
        return section
    section["measured"] = True
    rows, problems = section["rows"], section["problems"]
    for branching, depth in plain_c_cases.TREE_SHAPES:
        progress.step(f"plain C, alpha-beta b={branching} d={depth}")
        rows.append(_tree_row(plain_c_cases.TreeCase(branching, depth, settings.seed), settings, problems))
        progress.advance()
    progress.step("plain C, trees each searched once")
    rows.append(_tree_once_row(plain_c_cases.tree_once_case(), problems))
    progress.advance()
    if not _connect4_wanted(settings):
        section["notes"].append("Connect Four not measured: --games leaves it out.")
        return section
    for stage, count in plain_c_cases.CONNECT4_COUNTS.items():
        progress.step(f"plain C, Connect Four {stage} set")
        rows.append(_connect4_row(plain_c_cases.Connect4Case(stage, count), settings, problems))
        progress.advance()
    progress.step("plain C, Connect Four end positions each solved once")
    rows.append(_connect4_once_row(plain_c_cases.connect4_once_case(), problems))
    progress.advance()
    return section


def _target(row: Dict[str, Any]) -> str:
    if row["target"] is None:
        return "-"
    mark = "\u2713" if row["within_target"] else "\u2717"
    return f"{mark} {row['target']:g}x"


def tables(section: Dict[str, Any]) -> List[Table]:
    """One table: each workload's times and negamax's time over plain C's."""
    table = Table("Plain C: negamax's time over C's on issue 9's workloads (same run)",
                  ["<workload", "negamax", "plain C", "negamax/C", "engine/C", "<bound",
                   "nodes negamax/C", "runs"])
    for row in section["rows"]:
        runs = ("each once" if row.get("total")
                else f"{row['negamax_calls']:,} / {row['c_calls']:,}")
        table.rows.append([row["name"], seconds(row["negamax_seconds"]), seconds(row["c_seconds"]),
                           ratio(row["ratio"]), ratio(row["engine_ratio"]), _target(row),
                           ratio(row.get("node_ratio")), runs])
    if section["measured"]:
        table.notes.extend([
            "negamax/C: negamax's time over C's, so below 1 negamax is faster; negamax's time is the "
            "whole Python call (nm.search, nm.solve_many), engine/C uses the time its searches "
            "report (SearchResult.elapsed: without the API's checks, copies and result objects).",
            f"Best of the runs (negamax / C): each side at least {section['repeat']} runs and more "
            f"until {section['min_seconds']:g} s, at most {section['max_calls']:,}, in four turns taken "
            "with the other side, after a warm-up on other input. 'each once': distinct trees or positions, one call per side each, the "
            "total time.",
            "bound: issue 9's, negamax within 2x of C on the trees and the Connect Four end set, "
            "1.5x on the middle and early sets. The C: a plain max/min alpha-beta over the same leaf "
            "array (no counters; its counting twin checks negamax's nodes and leaves), and a plain "
            "bitboard Connect Four solver with the same techniques (non-losing moves, threat "
            "ordering, a table of bounds, null-window bisection); the scores are checked.",
        ])
    table.notes.extend(section["notes"])
    return [table]
