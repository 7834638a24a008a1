"""The checkers section: perft speed beside pydraughts (same run), search speed, and the
effective branching factor of minimax, alpha-beta and the engine on English draughts.

- Perft from the start position, natively (bulk counting at the last ply), checked against the
  published counts; pydraughts, when installed, counts a shallower perft in the same run, and
  the ratio of the two rates (positions per second) is reported.
- Search speed: nodes per second of plain alpha-beta (no table) and of the engine (PVS with
  its table) at a fixed depth.
- Effective branching factor leaves^(1/depth) of minimax, alpha-beta with ordering and the
  engine (algorithm="pvs") at the same depths, until minimax reaches the leaf budget."""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

import negamax as nm
from negamax.bench.progress import Progress
from negamax.bench.realgames import game_names
from negamax.bench.settings import ReportSettings
from negamax.bench.timing import best_time, searched

__all__ = ["START_PERFT", "perft_depths", "steps", "measure", "pydraughts_perft"]

#: Published perft counts of English draughts from the start position, depths 1-12.
START_PERFT = (7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388623673)

#: The searches whose effective branching factor the section compares.
EBF_VARIANTS = (
    ("minimax", "minimax", {"algorithm": "minimax", "ordering": False}),
    ("alphabeta", "alpha-beta, ordering", {"algorithm": "alphabeta", "ordering": True}),
    ("engine", "engine (pvs, table, ordering)", {"algorithm": "pvs"}),
)

#: Deepest depth of the branching-factor table whatever the leaf budget.
MAX_EBF_DEPTH = 12


def perft_depths(settings: ReportSettings) -> Dict[str, int]:
    """Depths per mode: negamax's perft, pydraughts' perft and the search-speed depth."""
    if settings.mode == "full":
        return {"negamax": 11, "pydraughts": 4, "search": 14}
    return {"negamax": 9, "pydraughts": 3, "search": 10}


def requested(settings: ReportSettings) -> bool:
    return "checkers" in game_names(settings)


def steps(settings: ReportSettings) -> int:
    """Progress steps: perft, pydraughts, search speed, branching factors."""
    return 4 if requested(settings) else 0


def pydraughts_perft(board: Any, depth: int) -> int:
    """Leaves at `depth` by pydraughts: moves pushed and popped down to the last ply, whose
    moves are counted without being played (as negamax's Checkers.perft counts them, and the
    chess section's python-chess perft: the same work on both sides)."""
    if depth <= 1:
        return len(board.legal_moves()) if depth == 1 else 1
    total = 0
    for move in board.legal_moves():
        board.push(move)
        total += pydraughts_perft(board, depth - 1)
        board.pop()
    return total


def _perft_row(name: str, depth: int, function: Any, repeat: int) -> Dict[str, Any]:
    seconds, count = best_time(function, repeat)
    return {"name": name, "depth": depth, "count": count, "seconds": seconds,
            "rate": count / seconds if seconds > 0 else None}


def _measure_perft(settings: ReportSettings, problems: List[str], notes: List[str]) -> List[Dict[str, Any]]:
    depths = perft_depths(settings)
    game = nm.games.Checkers()
    rows = [_perft_row("negamax", depths["negamax"], lambda: game.perft(depths["negamax"]), settings.repeat)]
    try:
        from draughts import Board
    except ImportError:
        notes.append("pydraughts not installed (pip install pydraughts): its perft was not measured")
    else:
        rows.append(_perft_row("pydraughts", depths["pydraughts"],
                               lambda: pydraughts_perft(Board(variant="english"), depths["pydraughts"]),
                               min(settings.python_repeat, 3)))
    for row in rows:          # each count against the published one, pydraughts or not
        expected = START_PERFT[row["depth"] - 1]
        if row["count"] != expected:
            problems.append(f"checkers perft({row['depth']}) by {row['name']}: {row['count']}, "
                            f"published {expected}")
    return rows


def _measure_search(settings: ReportSettings) -> List[Dict[str, Any]]:
    depth = perft_depths(settings)["search"]
    game = nm.games.Checkers()
    rows = []
    searches: List[Tuple[str, Dict[str, Any]]] = [
        ("alpha-beta, ordering, no table", {"algorithm": "alphabeta"}),
        ("engine (pvs, table)", {"algorithm": "pvs"})]
    for name, options in searches:
        seconds, result = best_time(lambda: nm.search(game, depth, **options), settings.repeat)
        rows.append({"name": name, "depth": depth, "nodes": result.stats.nodes, "seconds": seconds,
                     "rate": result.stats.nodes / seconds if seconds > 0 else None,
                     "value": result.value, "best_move": result.best_move})
    return rows


def _measure_branching(settings: ReportSettings, problems: List[str]) -> List[Dict[str, Any]]:
    game = nm.games.Checkers()
    explicit: Optional[int] = settings.game_depths.get("checkers")
    rows = []
    for depth in range(1, (explicit or MAX_EBF_DEPTH) + 1):
        results = {name: searched(game, depth, **options) for name, _, options in EBF_VARIANTS}
        row: Dict[str, Any] = {"depth": depth}
        for name, result in results.items():
            row[name] = {"leaves": result.stats.leaves, "nodes": result.stats.nodes,
                         "ebf": nm.theory.effective_branching_factor(result.stats.leaves, depth),
                         "value": result.value}
        # The engine's quiescence, null moves and reductions change depth-limited values by
        # design: only minimax and alpha-beta must agree.
        values = {results["minimax"].value, results["alphabeta"].value}
        if len(values) != 1:
            problems.append(f"checkers depth {depth}: minimax and alpha-beta disagree on the value: "
                            + ", ".join(f"{name} {result.value}" for name, result in results.items()))
        rows.append(row)
        if explicit is None and results["minimax"].stats.leaves >= settings.max_leaves:
            break
    return rows


def measure(settings: ReportSettings, progress: Progress) -> Dict[str, Any]:
    """The section's figures (requested False when checkers is not among the games)."""
    if not requested(settings):
        return {"requested": False, "problems": [], "notes": []}
    problems: List[str] = []
    notes: List[str] = []
    progress.step("checkers perft")
    perft = _measure_perft(settings, problems, notes)
    progress.advance(2)
    progress.step("checkers search speed")
    search = _measure_search(settings)
    progress.advance()
    progress.step("checkers branching factors")
    branching = _measure_branching(settings, problems)
    progress.advance()
    rates = {row["name"]: row["rate"] for row in perft}
    ratio = (rates["negamax"] / rates["pydraughts"]
             if rates.get("pydraughts") and rates.get("negamax") else None)
    return {"requested": True, "perft": perft, "perft_ratio": ratio, "search": search,
            "branching": branching, "variants": [[name, label] for name, label, _ in EBF_VARIANTS],
            "problems": problems, "notes": notes}
