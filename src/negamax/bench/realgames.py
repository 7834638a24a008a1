"""The real-games section: leaves and nodes per depth on every built-in native game.

Each game is searched from its start position at depths 1, 2, ... by every variant: minimax,
alpha-beta in the game's own move order, alpha-beta with the game's ordering, alpha-beta with
each enhancement of negamax.ENHANCEMENTS on alone, and each further algorithm (PVS, MTD(f),
...) with every enhancement on. The variants come from negamax.ALGORITHMS and
negamax.ENHANCEMENTS at run time, so new ones appear in the report by themselves.

A game stops deepening at its explicit depth (--game-depth), else after the first depth where
minimax reaches the leaf budget (--max-leaves), or where the game has ended everywhere."""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

import negamax as nm
from negamax.bench.progress import Progress
from negamax.bench.settings import MAX_GAME_LEAVES, ReportSettings
from negamax.bench.timing import searched

__all__ = ["Variant", "variants", "enhancements", "game_names", "steps", "measure", "measure_game"]

#: Algorithms that are the seeds' own forms: measured as variants of their own above, not as
#: "further algorithms with every enhancement".
BASE_ALGORITHMS = ("minimax", "negamax", "alphabeta")

#: Deepest depth assumed for the progress bar when a game's depth comes from the leaf budget.
PLANNED_DEPTH = 9


@dataclass(frozen=True)
class Variant:
    """One way of searching: a short name, a readable label and the search() keywords."""

    name: str
    label: str
    options: Tuple[Tuple[str, Any], ...]

    @property
    def exact(self) -> bool:
        """True when the variant must find the minimax value (no selective enhancement on)."""
        selective = getattr(getattr(nm, "options", None), "SELECTIVE_ENHANCEMENTS", ())
        return not any(name in selective and value for name, value in self.options)

    def run(self, game: Any, depth: int) -> nm.SearchResult:
        """Search `game` to `depth` with this variant's options."""
        return searched(game, depth, **dict(self.options))


def enhancements() -> Tuple[str, ...]:
    """The boolean enhancement options of this negamax's search() (none before issue 4)."""
    return tuple(getattr(nm, "ENHANCEMENTS", ()))


#: Readable names of the enhancement switches and algorithms, for tables and plots.
ENHANCEMENT_NAMES = {"tt": "transposition table", "killers": "killer moves",
                     "history": "history heuristic", "aspiration": "aspiration windows",
                     "safe_moves": "safe moves only"}
ALGORITHM_NAMES = {"pvs": "principal variation search", "mtdf": "MTD(f)"}


def variants() -> List[Variant]:
    """The variants the section runs, read from this negamax's algorithms and enhancements."""
    extras = enhancements()
    all_off = tuple((name, False) for name in extras)
    all_on = tuple((name, True) for name in extras)
    found = [
        Variant("minimax", "minimax (no pruning)", (("algorithm", "minimax"), ("ordering", False))),
        Variant("alphabeta", "alpha-beta, moves unsorted",
                (("algorithm", "alphabeta"), ("ordering", False)) + all_off),
        Variant("alphabeta_ordered", "alpha-beta, moves sorted by the game's hints",
                (("algorithm", "alphabeta"), ("ordering", True)) + all_off),
    ]
    for extra in extras:
        options = tuple((name, name == extra) for name in extras)
        found.append(Variant(f"alphabeta+{extra}",
                             f"alpha-beta, sorted + {ENHANCEMENT_NAMES.get(extra, extra)}",
                             (("algorithm", "alphabeta"), ("ordering", True)) + options))
    for algorithm in nm.ALGORITHMS:
        if algorithm not in BASE_ALGORITHMS:
            name = ALGORITHM_NAMES.get(algorithm, algorithm)
            label = f"{name}, sorted + every enhancement" if extras else f"{name}, sorted"
            found.append(Variant(f"{algorithm}+all", label,
                                 (("algorithm", algorithm), ("ordering", True)) + all_on))
    return found


def game_names(settings: ReportSettings) -> Tuple[str, ...]:
    """The native games the report runs (all of negamax.games.NATIVE_GAMES by default)."""
    native = tuple(getattr(nm.games, "NATIVE_GAMES", {}))
    return settings.games if settings.games is not None else native


def _planned_depth(settings: ReportSettings, name: str) -> int:
    longest = nm.games.NATIVE_GAMES[name]().max_ply
    return settings.game_depths.get(name, min(PLANNED_DEPTH, longest))


def steps(settings: ReportSettings) -> int:
    """Progress steps planned: one per game and depth (an estimate when the budget decides)."""
    return sum(_planned_depth(settings, name) for name in game_names(settings))


def _stats(result: nm.SearchResult) -> Dict[str, Any]:
    return {field.name: getattr(result.stats, field.name) for field in dataclasses.fields(result.stats)}


def _run(variant: Variant, game: Any, depth: int) -> Dict[str, Any]:
    try:
        result = variant.run(game, depth)
    except (TypeError, ValueError) as error:   # a combination this engine refuses
        return {"error": f"{type(error).__name__}: {error}"}
    return {"value": result.value, "stats": _stats(result), "seconds": result.elapsed,
            "completed_depth": result.depth}


def measure_game(name: str, settings: ReportSettings, progress: Progress) -> Dict[str, Any]:
    """Every variant at every depth on the game's start position."""
    game = nm.games.NATIVE_GAMES[name]()
    found = variants()
    explicit = settings.game_depths.get(name)
    planned = _planned_depth(settings, name)
    rows: List[Dict[str, Any]] = []
    problems: List[str] = []
    notes: List[str] = []
    depth = 0
    while True:
        depth += 1
        if explicit is not None and depth > explicit:
            break
        predicted = _predicted_leaves(rows)
        if predicted > MAX_GAME_LEAVES:
            notes.append(f"{name}: depth {depth} not searched: its minimax would read about "
                         f"{predicted:.2g} leaves, past the report's limit of {MAX_GAME_LEAVES:.0e}")
            break
        progress.step(f"{name}, depth {depth}")
        results = {variant.name: _run(variant, game, depth) for variant in found}
        minimax = results["minimax"]
        if "error" in minimax:
            problems.append(f"{name} depth {depth}: minimax failed: {minimax['error']}")
            break
        if minimax["stats"].get("max_ply", depth) < depth:
            break   # every line ended before this depth: the game tree is exhausted
        progress.advance()
        rows.append(_row(depth, results))
        _check_values(name, depth, results, problems, notes)
        if explicit is None and minimax["stats"]["leaves"] >= settings.max_leaves:
            break
    progress.advance(max(0, planned - len(rows)))   # planned steps that did not run
    return {"name": name, "start": _describe(game), "variants": [dataclasses.asdict(v) for v in found],
            "rows": rows, "problems": problems, "notes": notes}


def _predicted_leaves(rows: List[Dict[str, Any]]) -> float:
    """Minimax leaves of the next depth, from the growth between the last two rows (0 with
    fewer than two: the first depths are small)."""
    if len(rows) < 2:
        return 0.0
    last, before = (row["results"]["minimax"]["stats"]["leaves"] for row in rows[-1:-3:-1])
    return last * last / max(before, 1)


def _describe(game: Any) -> str:
    """How the searched position is named in the report."""
    moves = getattr(game, "moves", None) or getattr(game, "history", None)
    return f"after moves {moves!r}" if moves else "start position"


def _row(depth: int, results: Dict[str, Dict[str, Any]]) -> Dict[str, Any]:
    minimax_leaves = results["minimax"]["stats"]["leaves"]
    branching = nm.theory.effective_branching_factor(minimax_leaves, depth)
    ebf = {}
    for name, result in results.items():
        if "error" not in result and result["stats"]["leaves"] > 0:
            ebf[name] = nm.theory.effective_branching_factor(result["stats"]["leaves"], depth)
    return {"depth": depth, "branching": branching, "sqrt_branching": math.sqrt(branching),
            "ebf": ebf, "results": results}


def _check_values(name: str, depth: int, results: Dict[str, Dict[str, Any]],
                  problems: List[str], notes: List[str]) -> None:
    """Every variant searched to the same depth without a selective enhancement (quiescence,
    null moves, ...: they change depth-limited values by design) must find the minimax value."""
    expected = results["minimax"]["value"]
    selective = {variant.name for variant in variants() if not variant.exact}
    for variant, result in results.items():
        if variant in selective:
            continue
        if "error" in result:
            notes.append(f"{name} depth {depth}: {variant} not measured ({result['error']})")
        elif result["value"] != expected:
            problems.append(f"{name} depth {depth}: {variant} found the value {result['value']}, "
                            f"minimax {expected}")


def measure(settings: ReportSettings, progress: Progress) -> Dict[str, Any]:
    """The whole section: one entry per native game."""
    games = [measure_game(name, settings, progress) for name in game_names(settings)]
    return {"games": games, "enhancements": list(enhancements()), "algorithms": list(nm.ALGORITHMS),
            "max_leaves": settings.max_leaves,
            "problems": [problem for game in games for problem in game["problems"]],
            "notes": [note for game in games for note in game["notes"]]}


def deepest_row(game: Dict[str, Any]) -> Optional[Dict[str, Any]]:
    """The deepest row measured for a game (None when there is none)."""
    return game["rows"][-1] if game["rows"] else None
