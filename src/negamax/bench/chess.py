"""The chess section: perft speed beside python-chess, search speed, and the effective
branching factor of minimax, plain alpha-beta and the full engine on middlegame positions.

- Perft: negamax's Chess.perft on published positions (counts checked against the published
  figures) and python-chess's push/pop perft on the same positions in the same run (at a
  smaller depth: it is far slower), both as leaves per second.
- Search: nodes per second of the full engine (algorithm "pvs" with its defaults).
- Branching: leaves (and nodes) of minimax, alpha-beta with the game's ordering and no
  enhancements, and the full engine at depths 1, 2, ...: minimax grows as b^d, alpha-beta
  with good ordering as roughly b^(d/2) (the Knuth-Moore minimal tree b^ceil(d/2) +
  b^floor(d/2) - 1), and the effective branching factor leaves^(1/d) shows it.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

import negamax as nm
from negamax.bench.progress import Progress
from negamax.bench.settings import ReportSettings
from negamax.bench.tables import Table, count, number, rate, seconds
from negamax.bench.timing import best_time, searched

__all__ = ["PerftCase", "PERFT_CASES", "MIDDLEGAMES", "available", "python_chess_perft", "steps",
           "measure", "tables"]

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


@dataclass(frozen=True)
class PerftCase:
    """A position with its published perft counts (leaves at depth 1, 2, ...)."""

    label: str
    fen: str
    counts: Tuple[int, ...]
    quick_depth: int           # negamax's depth in quick mode (full mode: one more)
    python_quick_depth: int    # python-chess's depth in quick mode (full mode: one more)


#: Published perft counts (the Chess Programming Wiki's "Perft Results": the start position
#: and "Kiwipete", position 2).
PERFT_CASES = (
    PerftCase("start position", START, (20, 400, 8_902, 197_281, 4_865_609, 119_060_324), 5, 3),
    PerftCase("Kiwipete", KIWIPETE, (48, 2_039, 97_862, 4_085_603, 193_690_690), 4, 3),
)

#: Middlegame positions for the search and branching measurements: Kiwipete, a Ruy Lopez
#: (closed, move 9) and a Queen's Gambit Declined (move 8).
MIDDLEGAMES = (
    ("Kiwipete", KIWIPETE),
    ("Ruy Lopez, closed", "r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 b - - 0 9"),
    ("Queen's Gambit Declined", "r2q1rk1/pp1nbppp/2p1pn2/3p4/2PP4/2NBPN2/PP3PPP/R2Q1RK1 w - - 0 8"),
)

#: Depths of the branching measurement per mode (minimax at depth 4 reads about 1.5 million
#: leaves on these positions).
QUICK_BRANCHING_DEPTH = 3
FULL_BRANCHING_DEPTH = 4
#: Depth of the full engine's nodes-per-second measurement per mode.
QUICK_SEARCH_DEPTH = 5
FULL_SEARCH_DEPTH = 7

BRANCHING_VARIANTS = (
    ("minimax", "minimax", {"algorithm": "minimax", "ordering": False}),
    ("alphabeta", "alpha-beta, game's ordering", {"algorithm": "alphabeta"}),
    ("engine", "full engine (pvs, defaults)", {"algorithm": "pvs"}),
)


def available() -> Optional[str]:
    """None when this negamax has a chess game, else why the section cannot run."""
    if getattr(nm.games, "Chess", None) is None:
        return "this negamax has no chess game (negamax.games.Chess): chess section not measured"
    return None


def _python_chess() -> Any:
    try:
        import chess
    except ImportError:
        return None
    return chess


def python_chess_perft(board: Any, depth: int) -> int:
    """Leaves at `depth` by python-chess: moves pushed and popped down to the last ply, whose
    moves are counted without being played (as negamax's Chess.perft counts them)."""
    if depth <= 1:
        return board.legal_moves.count() if depth == 1 else 1
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += python_chess_perft(board, depth - 1)
        board.pop()
    return total


def _depths(settings: ReportSettings) -> Dict[str, int]:
    full = settings.mode == "full"
    return {"extra": 1 if full else 0,
            "branching": FULL_BRANCHING_DEPTH if full else QUICK_BRANCHING_DEPTH,
            "search": FULL_SEARCH_DEPTH if full else QUICK_SEARCH_DEPTH}


def _wanted(settings: ReportSettings) -> bool:
    return settings.games is None or "chess" in settings.games


def steps(settings: ReportSettings) -> int:
    """Progress steps: perft per case, then search and branching per middlegame."""
    if not _wanted(settings) or available() is not None:
        return 0
    return len(PERFT_CASES) + 2 * len(MIDDLEGAMES)


def _perft_row(case: PerftCase, settings: ReportSettings, extra: int,
               problems: List[str]) -> Dict[str, Any]:
    depth = case.quick_depth + extra
    game = nm.games.Chess(case.fen)
    elapsed, leaves = best_time(lambda: game.perft(depth), settings.repeat)
    expected = case.counts[depth - 1]
    if leaves != expected:
        problems.append(f"chess perft {case.label} depth {depth}: {leaves:,} leaves, "
                        f"published {expected:,}")
    row: Dict[str, Any] = {"position": case.label, "fen": case.fen, "depth": depth,
                           "leaves": leaves, "expected": expected, "exact": leaves == expected,
                           "seconds": elapsed, "rate": leaves / elapsed if elapsed > 0 else None,
                           "python_chess": None}
    chess = _python_chess()
    if chess is not None:
        python_depth = case.python_quick_depth + extra
        board = chess.Board(case.fen)
        python_seconds, python_leaves = best_time(lambda: python_chess_perft(board, python_depth),
                                                  min(settings.repeat, settings.python_repeat))
        if python_leaves != case.counts[python_depth - 1]:
            problems.append(f"python-chess perft {case.label} depth {python_depth}: "
                            f"{python_leaves:,} leaves, published {case.counts[python_depth - 1]:,}")
        python_rate = python_leaves / python_seconds if python_seconds > 0 else None
        row["python_chess"] = {"depth": python_depth, "leaves": python_leaves,
                               "seconds": python_seconds, "rate": python_rate,
                               "version": getattr(chess, "__version__", "?")}
        row["speedup"] = (row["rate"] / python_rate) if row["rate"] and python_rate else None
    return row


def _search_row(label: str, fen: str, depth: int) -> Dict[str, Any]:
    game = nm.games.Chess(fen)
    result = searched(game, depth, algorithm="pvs")
    return {"position": label, "depth": result.depth, "nodes": result.stats.nodes,
            "seconds": result.elapsed, "rate": result.stats.nodes_per_second(result.elapsed),
            "best_move": str(result.best_move), "value": result.value}


def _branching_rows(label: str, fen: str, deepest: int) -> List[Dict[str, Any]]:
    game = nm.games.Chess(fen)
    rows = []
    for depth in range(1, deepest + 1):
        row: Dict[str, Any] = {"position": label, "depth": depth, "variants": {}}
        for key, _, options in BRANCHING_VARIANTS:
            started = time.perf_counter()
            result = searched(game, depth, **options)
            leaves = max(result.stats.leaves, 1)
            row["variants"][key] = {
                "value": result.value, "leaves": result.stats.leaves, "nodes": result.stats.nodes,
                "seconds": time.perf_counter() - started,
                "ebf": nm.theory.effective_branching_factor(leaves, depth)}
        minimax_leaves = row["variants"]["minimax"]["leaves"]
        branching = nm.theory.effective_branching_factor(max(minimax_leaves, 1), depth)
        row["branching"] = branching
        row["sqrt_branching"] = math.sqrt(branching)
        # The minimal alpha-beta tree for a uniform tree of that branching factor.
        row["minimal_tree"] = branching ** math.ceil(depth / 2) + branching ** math.floor(depth / 2) - 1
        rows.append(row)
    return rows


def measure(settings: ReportSettings, progress: Progress) -> Dict[str, Any]:
    """The whole section (or why it was not measured)."""
    section: Dict[str, Any] = {"measured": False, "perft": [], "search": [], "branching": [],
                               "problems": [], "notes": []}
    if not _wanted(settings):
        section["notes"].append("chess not among --games: chess section not measured")
        return section
    missing = available()
    if missing is not None:
        section["notes"].append(missing)
        return section
    section["measured"] = True
    if _python_chess() is None:
        section["notes"].append("python-chess is not installed (pip install chess): "
                                "perft measured for negamax alone")
    depths = _depths(settings)
    for case in PERFT_CASES:
        progress.step(f"chess perft, {case.label}")
        section["perft"].append(_perft_row(case, settings, depths["extra"], section["problems"]))
        progress.advance()
    for label, fen in MIDDLEGAMES:
        progress.step(f"chess search, {label}")
        section["search"].append(_search_row(label, fen, depths["search"]))
        progress.advance()
    for label, fen in MIDDLEGAMES:
        progress.step(f"chess branching, {label}")
        section["branching"].extend(_branching_rows(label, fen, depths["branching"]))
        progress.advance()
    for row in section["branching"]:
        values = {key: variant["value"] for key, variant in row["variants"].items()}
        if values["minimax"] != values["alphabeta"]:
            section["problems"].append(
                f"chess {row['position']} depth {row['depth']}: alpha-beta found {values['alphabeta']}, "
                f"minimax {values['minimax']}")
    return section


def tables(section: Dict[str, Any]) -> List[Table]:
    """The section's tables: perft, search speed, branching."""
    if not section.get("measured"):
        return []
    perft = Table("Chess perft: negamax beside python-chess (same run)",
                  ["<position", "depth", "leaves", "<check", "negamax", "python-chess depth",
                   "python-chess", "speedup"])
    for row in section["perft"]:
        python = row["python_chess"]
        perft.rows.append([row["position"], str(row["depth"]), count(row["leaves"]),
                           "\u2713 published" if row["exact"] else "\u2717 MISMATCH",
                           rate(row["rate"]), str(python["depth"]) if python else "-",
                           rate(python["rate"]) if python else "-",
                           f"{row['speedup']:,.0f}x" if python and row.get("speedup") else "-"])
    perft.notes.append("leaves per second; both push and pop moves down to the last ply and count "
                       "its moves without playing them (python-chess at a smaller depth); the counts "
                       "are checked against the published ones.")
    perft.notes.extend(section["notes"])
    search = Table("Chess search speed: full engine (pvs, defaults)",
                   ["<position", "depth", "nodes", "time", "nodes/s", "<best move"])
    for row in section["search"]:
        search.rows.append([row["position"], str(row["depth"]), count(row["nodes"]),
                            seconds(row["seconds"]), rate(row["rate"]), row["best_move"]])
    branching = Table("Chess effective branching factor: b^d against roughly b^(d/2)",
                      ["<position", "d", "minimax", "b", "minimal b^(d/2)", "alpha-beta", "ab b*",
                       "engine", "engine b*", "sqrt(b)"])
    for row in section["branching"]:
        variants = row["variants"]
        branching.rows.append([
            row["position"], str(row["depth"]), count(variants["minimax"]["leaves"]),
            number(row["branching"], 1), count(int(round(row["minimal_tree"]))),
            count(variants["alphabeta"]["leaves"]), number(variants["alphabeta"]["ebf"], 1),
            count(variants["engine"]["leaves"]), number(variants["engine"]["ebf"], 1),
            number(row["sqrt_branching"], 1)])
    branching.notes.extend([
        "leaves read at each depth; b = minimax's leaves^(1/d), the position's own branching "
        "factor; minimal b^(d/2) = b^ceil(d/2) + b^floor(d/2) - 1, alpha-beta's best case "
        "(Knuth and Moore) in a uniform tree of branching b: a position's tree is not uniform, "
        "so alpha-beta can read fewer; b* = leaves^(1/d). alpha-beta: plain alpha-beta in the "
        "game's move order (captures and promotions first, MVV-LVA), no table; engine: pvs with "
        "chess's defaults (table, killers, history, aspiration, quiescence, check extension, "
        "null move, reductions).",
        "The full engine's leaves include its quiescence search where it has one, so its b* is "
        "an upper bound on its main search's.",
    ])
    return [perft, search, branching]
