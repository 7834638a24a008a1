"""Result objects from the engine's raw dicts: moves decoded by the game, tree scores turned
into the tree's own values (MAX's point of view), bounds and outcomes of a solve."""

from __future__ import annotations

import math
from typing import Any, Optional, Tuple

from negamax.games._trees import TreeGame
from negamax.results import SearchResult, SearchStats, SolveResult, StopReason, Visit, adopted
from negamax.errors import SearchMemoryError
from negamax.scores import EVAL_LIMIT, WIN

__all__ = ["build_search_result", "build_solve_result"]


def build_stats(raw: dict) -> SearchStats:
    """The SearchStats of an engine result dict."""
    # The engine's counters dict holds exactly the SearchStats fields, iterations included.
    return adopted(SearchStats, raw["counters"])


def build_search_result(raw: dict, native: Any, algorithm: str, stop_reason: StopReason) -> SearchResult:
    """The SearchResult of the engine's result dict `raw` for the searched copy `native`."""
    pv = tuple(native.decode_line(raw["pv"]))
    value = raw["value"]
    if isinstance(native, TreeGame) and value is not None:
        value = native.score_to_value(value if native.to_move == 1 else -value)
    trace = None
    if raw["trace"] is not None:
        trace, interrupted = _build_trace(raw["trace"], native)
        if interrupted:
            stop_reason = StopReason.INTERRUPTED
    return adopted(SearchResult, {
        "value": value,
        "best_move": pv[0] if pv else None,
        "pv": pv,
        "depth": raw["depth"],
        "stats": build_stats(raw),
        "elapsed": raw["elapsed"],
        "stop_reason": stop_reason,
        "algorithm": algorithm,
        "trace": trace,
        "kernel": raw["kernel"],
        "hashfull": raw["hashfull"],
    })


def build_solve_result(raw: dict, native: Any, weak: bool, stop_reason: StopReason,
                       weak_tree: bool = False) -> SolveResult:
    """The SolveResult of the engine's result dict `raw` for the solved copy `native`
    (`weak`: only the sign was asked; `weak_tree`: a tree's weak solve, run as a strong one)."""
    if isinstance(native, TreeGame):
        return _build_tree_solve_result(raw, native, stop_reason, weak_tree)
    lower, upper = raw["lower"], raw["upper"]
    pv = tuple(native.decode_line(raw["pv"]))
    # The outcome follows from the sign, which is known once the bounds agree on it.
    if lower > 0:
        outcome: Optional[str] = "win"
    elif upper < 0:
        outcome = "loss"
    elif lower == upper == 0:
        outcome = "draw"
    else:
        outcome = None
    exact = lower == upper and not weak
    score: Optional[int] = None
    value: Optional[int] = None
    plies = None
    if exact:
        value = lower
        # A win or loss ends the game that many plies ahead (scores.plies_to_end), a draw
        # with the line: unknown when a limit stopped the line's proof before its end.
        if abs(lower) > EVAL_LIMIT:
            plies = WIN - abs(lower)
        elif stop_reason is StopReason.COMPLETED:
            plies = len(pv)
        solver_score = getattr(native, "solver_score", None)
        if solver_score is not None:
            score = solver_score(value)
    return adopted(SolveResult, {
        "value": value, "outcome": outcome, "plies": plies, "best_move": pv[0] if pv else None,
        "pv": pv if exact else pv[:1], "stats": build_stats(raw), "elapsed": raw["elapsed"],
        "stop_reason": stop_reason, "lower": lower, "upper": upper, "score": score,
        "weak": weak, "kernel": raw["kernel"]})


def _build_tree_solve_result(raw: dict, native: Any, stop_reason: StopReason,
                             weak: bool) -> SolveResult:
    """Trees: values in the tree's own terms; bounds only where they are tree scores."""
    lower, upper = raw["lower"], raw["upper"]
    sign = 1 if native.to_move == 1 else -1
    exact = lower == upper
    pv = tuple(native.decode_line(raw["pv"]))
    value = None
    outcome = None
    if exact:
        value = native.score_to_value(sign * lower)
        own = value if sign == 1 else -value          # the value for the side to move
        outcome = "win" if own > 0 else ("loss" if own < 0 else "draw")

    def bound(score: int) -> Any:
        # Scores beyond the tree's (the solver's starting +-WIN, mate-distance bounds) prove
        # nothing about the tree: an open bound.
        if abs(score) > EVAL_LIMIT:
            return math.inf if score > 0 else -math.inf
        return native.score_to_value(score)

    lower_value, upper_value = sorted((bound(sign * lower), bound(sign * upper)))
    return SolveResult(value=None if weak else value, outcome=outcome,
                       plies=(len(pv) if exact and not weak and stop_reason is StopReason.COMPLETED
                              else None),
                       best_move=pv[0] if pv else None, pv=pv if exact and not weak else pv[:1],
                       stats=build_stats(raw), elapsed=raw["elapsed"], stop_reason=stop_reason,
                       lower=lower_value, upper=upper_value, score=None, weak=weak,
                       kernel=raw["kernel"])


def _build_trace(raw_trace: tuple, native: Any) -> Tuple[tuple, bool]:
    """Visits with full paths from the (ply, move, value) entries the core recorded, and
    whether Ctrl-C cut the making short (a large trace takes seconds): the search's result
    is then returned with the visits made so far, as a stopped search returns its best."""
    plies, moves, values = raw_trace
    is_tree = isinstance(native, TreeGame)
    max_at_root = is_tree and native.to_move == 1
    visits = []
    paths = native.decode_paths(plies, moves)
    try:
        for path, ply, value in zip(paths, plies, values):
            if value is not None and is_tree:
                max_to_move = max_at_root == (ply % 2 == 0)
                value = native.score_to_value(value if max_to_move else -value)
            visits.append(Visit(path=tuple(path), value=value))
    except KeyboardInterrupt:
        return tuple(visits), True
    except MemoryError:
        count = len(visits)
        visits.clear()                   # room for the error itself
        raise SearchMemoryError(f"not enough memory for the search trace ({count:,} of its "
                                f"{len(plies):,} visits made; each holds its path from the "
                                f"root): search without trace=True or with a smaller "
                                f"depth") from None
    finally:
        close = getattr(paths, "close", None)
        if close is not None:
            close()            # a generator left part way puts its game back now
    return tuple(visits), False
