"""negamax.search: argument checking, the copy of the root game, and result objects.
The search itself runs in the compiled core (negamax._core)."""

from __future__ import annotations

import math
import numbers
from typing import Any, Optional

import numpy as np

from negamax._core import (
    ALGORITHM_ALPHABETA, ALGORITHM_MINIMAX, ALGORITHM_NEGAMAX, Searcher, TreeGame,
)
from negamax._python_game import PythonGameAdapter
from negamax.game import NativeGame
from negamax.python_game import Game, overrides
from negamax.results import SearchResult, SearchStats, StopReason, Visit
from negamax.scores import MAX_PLY

__all__ = ["search", "ALGORITHMS"]

_ALGORITHM_CODES = {
    "minimax": ALGORITHM_MINIMAX,
    "negamax": ALGORITHM_NEGAMAX,
    "alphabeta": ALGORITHM_ALPHABETA,
}

#: Algorithm names accepted by search().
ALGORITHMS = tuple(_ALGORITHM_CODES)

_GAME_ERRORS = {
    2: "{name} generated more moves than its max_moves = {max_moves}",
    3: "the game went deeper than its max_ply = {max_ply}: raise max_ply or give a depth",
}


def search(game: Any, depth: Optional[int] = None, *, algorithm: str = "alphabeta",
           ordering: bool = True, time_limit: Optional[float] = None,
           node_limit: Optional[int] = None, trace: bool = False,
           maximizing: Optional[bool] = None, iterative: Optional[bool] = None) -> SearchResult:
    """Search `game` and return the value, best move, principal variation and counters.

    game:       a native game (negamax.games.*), an explicit tree (negamax.trees.*) or an
                instance of a negamax.Game subclass. It is never modified: the search runs on a copy.
    depth:      plies to look ahead; None searches to the end of the game.
    algorithm:  "minimax" (max/min form), "negamax" (no pruning) or "alphabeta" (fail-soft).
    ordering:   sort moves by the game's order hint (best first) at every node.
    time_limit, node_limit: stop after that many seconds or nodes. With either, the search
                deepens iteratively and returns the deepest completed iteration.
    trace:      record every node entered, in order (result.trace).
    maximizing: trees only: whether MAX is to move at the root (default: the tree's own).
    iterative:  force iterative deepening on or off (default: on when a limit is given).

    Ctrl-C stops a search too; it then returns like a search that ran out of time, with
    stop_reason INTERRUPTED."""
    code = _algorithm_code(algorithm)
    depth = _check_depth(depth)
    _check_bool("ordering", ordering)
    _check_bool("trace", trace)
    time_limit = _check_time_limit(time_limit)
    node_limit = _check_node_limit(node_limit)
    if iterative is None:
        iterative = time_limit is not None or node_limit is not None
    _check_bool("iterative", iterative)
    native = _native_copy(game, maximizing)
    # Trees: is MAX to move where the search starts (after any moves played on the tree)?
    root_maximizing = native.to_move == 1 if isinstance(native, TreeGame) else True

    searcher = Searcher(native, code, depth, bool(ordering), time_limit or 0.0, node_limit or 0,
                        bool(trace), bool(iterative), root_maximizing)
    raw = searcher.run()
    stop_reason = _stop_reason(raw, searcher, native, game)
    if isinstance(native, PythonGameAdapter) and native.exception is not None:
        # Interrupted inside a callback: the game's state is suspect, so read the moves of
        # the result on a fresh copy.
        native = _native_copy(game, None)
    return _build_result(raw, native, algorithm, stop_reason)


def _algorithm_code(algorithm: Any) -> int:
    if not isinstance(algorithm, str):
        raise TypeError(f"algorithm must be a string, not {type(algorithm).__name__}")
    try:
        return _ALGORITHM_CODES[algorithm]
    except KeyError:
        raise ValueError(f"unknown algorithm {algorithm!r}; choose one of {list(ALGORITHMS)}") from None


def _check_bool(name: str, value: Any) -> None:
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, not {value!r}")


def _check_depth(depth: Any) -> Optional[int]:
    if depth is None:
        return None
    if isinstance(depth, bool) or not isinstance(depth, numbers.Integral):
        raise TypeError(f"depth must be an int or None, not {type(depth).__name__}")
    if depth < 0:
        raise ValueError(f"depth must be >= 0, got {depth}")
    return min(int(depth), MAX_PLY)   # no search goes deeper than MAX_PLY anyway


def _check_time_limit(time_limit: Any) -> Optional[float]:
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, numbers.Real):
        raise TypeError(f"time_limit must be a number of seconds, not {type(time_limit).__name__}")
    try:
        seconds = float(time_limit)
    except OverflowError:
        raise ValueError("time_limit is too large to be a number of seconds") from None
    if not (seconds > 0 and math.isfinite(seconds)):
        raise ValueError(f"time_limit must be a positive, finite number of seconds, got {time_limit}")
    return seconds


def _check_node_limit(node_limit: Any) -> Optional[int]:
    if node_limit is None:
        return None
    if isinstance(node_limit, bool) or not isinstance(node_limit, numbers.Integral):
        raise TypeError(f"node_limit must be an int, not {type(node_limit).__name__}")
    if node_limit <= 0:
        raise ValueError(f"node_limit must be positive, got {node_limit}")
    return min(int(node_limit), 2 ** 62)   # beyond any search; keeps it a C int64


def _native_copy(game: Any, maximizing: Any) -> NativeGame:
    """A private copy of the game the core can search."""
    if maximizing is not None:
        _check_bool("maximizing", maximizing)
        if not isinstance(game, TreeGame):
            raise ValueError("maximizing applies to explicit trees only: a game's values are "
                             "always from the side to move")
    if isinstance(game, NativeGame):
        native = _checked_copy(game, NativeGame)
        if maximizing is not None:
            native.maximizing = bool(maximizing)
        return native
    if isinstance(game, Game):
        for name in ("max_moves", "max_ply"):
            value = getattr(game, name)
            if isinstance(value, bool) or not isinstance(value, numbers.Integral) or value < 1:
                raise ValueError(f"{type(game).__name__}.{name} must be a positive int, got {value!r}")
        return PythonGameAdapter(_checked_copy(game, Game), int(game.max_moves), int(game.max_ply),
                                 overrides(game, "key"), overrides(game, "order_hint"))
    raise TypeError(f"cannot search a {type(game).__name__}: pass a built-in game, a tree from "
                    f"negamax.trees, or an instance of a negamax.Game subclass")


def _checked_copy(game: Any, kind: type) -> Any:
    copy = game.copy()
    if not isinstance(copy, kind):
        raise TypeError(f"{type(game).__name__}.copy() must return a {kind.__name__}, "
                        f"not {type(copy).__name__}")
    return copy


def _stop_reason(raw: dict, searcher: Searcher, native: NativeGame, game: Any) -> StopReason:
    """The stop reason, or the exception the search hit, raised here."""
    if searcher.pending_error is not None:
        raise searcher.pending_error
    # A Python game's callback raised: the search unwound, whatever state it ended in.
    if isinstance(native, PythonGameAdapter) and native.exception is not None:
        if isinstance(native.exception, KeyboardInterrupt):
            return StopReason.INTERRUPTED
        raise native.exception
    if raw["stop"] == "error" or raw["game_error"]:
        if raw["game_error"] == 4:
            raise MemoryError("not enough memory for the search trace")
        template = _GAME_ERRORS.get(raw["game_error"], "the search failed in {name}")
        raise ValueError(template.format(name=type(game).__name__, max_moves=native.max_moves,
                                         max_ply=native.max_ply))
    return StopReason(raw["stop"])


def _build_result(raw: dict, native: NativeGame, algorithm: str, stop_reason: StopReason) -> SearchResult:
    pv = tuple(native.decode_line(raw["pv"]))
    value = raw["value"]
    if isinstance(native, TreeGame) and value is not None:
        value = native.score_to_value(value if native.to_move == 1 else -value)
    stats = SearchStats(nodes=raw["nodes"], leaves=raw["leaves"], cutoffs=raw["cutoffs"],
                        max_ply=raw["max_ply"], iterations=raw["iterations"])
    return SearchResult(
        value=value,
        best_move=pv[0] if pv else None,
        pv=pv,
        depth=raw["depth"],
        stats=stats,
        elapsed=raw["elapsed"],
        stop_reason=stop_reason,
        algorithm=algorithm,
        trace=_build_trace(raw["trace"], native) if raw["trace"] is not None else None,
    )


def _build_trace(raw_trace: tuple, native: NativeGame) -> tuple:
    """Visits with full paths from the (ply, move, value) entries the core recorded."""
    plies, moves, values = raw_trace
    is_tree = isinstance(native, TreeGame)
    max_at_root = is_tree and native.to_move == 1
    visits = []
    path: list = []
    for ply, move, value in zip(plies, moves, values):
        del path[max(ply - 1, 0):]
        if ply > 0:
            path.append(move)
        if value is not None and is_tree:
            max_to_move = max_at_root == (ply % 2 == 0)
            value = native.score_to_value(value if max_to_move else -value)
        visits.append(Visit(path=tuple(native.decode_line(path)), value=value))
    return tuple(visits)
