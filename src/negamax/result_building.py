"""Result objects from the engine's raw dicts: moves decoded by the game, tree scores turned
into the tree's own values (MAX's point of view), bounds and outcomes of a solve. The
engine makes each search's SearchStats, and the SolveResult of every game but a tree
(negamax._engine.native_solve_result: a batch of short solves pays for it per position)."""

from __future__ import annotations

import math
from typing import Any, Tuple

from negamax._engine import native_solve_result
from negamax.errors import SearchMemoryError
from negamax.games._trees import TreeGame
from negamax.results import SearchResult, SolveResult, StopReason, Visit, adopted
from negamax.scores import EVAL_LIMIT

__all__ = ["build_search_result", "build_solve_result"]


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
        "stats": raw["stats"],
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
    return native_solve_result(raw, native, weak, stop_reason)


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
                       stats=raw["stats"], elapsed=raw["elapsed"], stop_reason=stop_reason,
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
