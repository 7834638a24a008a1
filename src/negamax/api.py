"""negamax.search and negamax.solve: argument checking, the copy of the root game, the
enhancement options, and result objects. The search itself runs in the compiled core
(negamax._core)."""

from __future__ import annotations

import math
import numbers
import threading
from typing import Any, Dict, Optional, Union

import numpy as np

from negamax._core import (
    ALGORITHM_ALPHABETA, ALGORITHM_MINIMAX, ALGORITHM_MTDF, ALGORITHM_NEGAMAX, ALGORITHM_PVS,
    Searcher, TranspositionTable, TreeGame,
)
from negamax._python_game import PythonGameAdapter
from negamax.game import NativeGame
from negamax.python_game import Game, overrides
from negamax.results import SearchResult, SearchStats, SolveResult, StopReason, Visit
from negamax.scores import EVAL_LIMIT, MAX_PLY, is_loss, is_win, plies_to_end

__all__ = ["search", "solve", "ALGORITHMS", "ENHANCEMENTS", "DEFAULT_TT_MB"]

_ALGORITHM_CODES = {
    "minimax": ALGORITHM_MINIMAX,
    "negamax": ALGORITHM_NEGAMAX,
    "alphabeta": ALGORITHM_ALPHABETA,
    "pvs": ALGORITHM_PVS,
    "mtdf": ALGORITHM_MTDF,
}

#: Algorithm names accepted by search().
ALGORITHMS = tuple(_ALGORITHM_CODES)

#: The enhancement switches of search() and solve(). Each is True, False or None (the
#: algorithm's default: off for "alphabeta", which stays the seeds' plain algorithm; for
#: "pvs", "mtdf" and solve() the table, aspiration and safe moves are on, killers and history
#: off; minimax and negamax take none).
ENHANCEMENTS = ("tt", "killers", "history", "aspiration", "safe_moves")

#: Megabytes of the transposition table a search makes when given tt=True.
DEFAULT_TT_MB = 64

# Each thread keeps the tables it made for tt=True, by size, so that repeated searches do
# not pay for fresh memory each time (every search starts a new generation of its table).
_thread_tables = threading.local()


def _table_for_thread(mb: float) -> TranspositionTable:
    tables: Dict[float, TranspositionTable] = getattr(_thread_tables, "tables", None) or {}
    table = tables.get(mb)
    if table is None:
        tables.clear()                  # keep one table per thread
        table = tables[mb] = TranspositionTable(mb)
        _thread_tables.tables = tables
    return table

_GAME_ERRORS = {
    2: "{name} generated more moves than its max_moves = {max_moves}",
    3: "the game went deeper than its max_ply = {max_ply}: raise max_ply or give a depth",
}


def search(game: Any, depth: Optional[int] = None, *, algorithm: str = "alphabeta",
           ordering: bool = True, time_limit: Optional[float] = None,
           node_limit: Optional[int] = None, trace: bool = False,
           maximizing: Optional[bool] = None, iterative: Optional[bool] = None,
           tt: Union[bool, TranspositionTable, None] = None, tt_mb: Optional[float] = None,
           killers: Optional[bool] = None, history: Optional[bool] = None,
           aspiration: Optional[bool] = None, safe_moves: Optional[bool] = None) -> SearchResult:
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

    Enhancements (None: the algorithm's default, see ENHANCEMENTS):
    tt:         a transposition table: True (a table of tt_mb megabytes, default DEFAULT_TT_MB,
                kept by the calling thread between searches), False, or a TranspositionTable
                to use. Only games with position keys can use one.
    killers, history: killer moves and the history heuristic in move ordering.
    aspiration: iterative deepening searches a narrow window around the last value first.
    safe_moves: games that know which moves do not lose at once (ConnectFour) search only those.
    "pvs" adds null windows after the first move; "mtdf" finds the value by null windows alone.

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
    options = _enhancements(algorithm, tt, tt_mb, killers, history, aspiration, safe_moves)
    native = _native_copy(game, maximizing)
    # Trees: is MAX to move where the search starts (after any moves played on the tree)?
    root_maximizing = native.to_move == 1 if isinstance(native, TreeGame) else True

    searcher = Searcher(native, code, depth, bool(ordering), time_limit or 0.0, node_limit or 0,
                        bool(trace), bool(iterative), root_maximizing)
    _configure(searcher, native, options, pvs=algorithm == "pvs")
    raw = searcher.run()
    stop_reason = _stop_reason(raw, searcher, native, game)
    if isinstance(native, PythonGameAdapter) and native.exception is not None:
        # Interrupted inside a callback: the game's state is suspect, so read the moves of
        # the result on a fresh copy.
        native = _native_copy(game, None)
    return _build_result(raw, native, algorithm, stop_reason)


def solve(game: Any, weak: bool = False, *, time_limit: Optional[float] = None,
          node_limit: Optional[int] = None, ordering: bool = True,
          tt: Union[bool, TranspositionTable, None] = None, tt_mb: Optional[float] = None,
          killers: Optional[bool] = None, history: Optional[bool] = None,
          safe_moves: Optional[bool] = None) -> SolveResult:
    """Solve `game`: its exact value under perfect play to the end of the game, found by
    null-window searches over the score range that share one transposition table.

    Returns a SolveResult: value, outcome ("win", "loss" or "draw" for the side to move),
    plies to the end under best play (the winner hurries, the loser delays), best_move, pv,
    stats, and for Connect Four `score` in the convention of the published solvers.
    weak=True only tells win, draw or loss (one search with the window (-1, 1)): faster.

    time_limit, node_limit and Ctrl-C stop the solver; the result then holds the bounds
    proven so far (lower, upper) and value None unless they met. The enhancements are as in
    search() and all on by default."""
    _check_bool("weak", weak)
    _check_bool("ordering", ordering)
    time_limit = _check_time_limit(time_limit)
    node_limit = _check_node_limit(node_limit)
    options = _enhancements("pvs", tt, tt_mb, killers, history, None, safe_moves)
    native = _native_copy(game, None)
    if isinstance(native, TreeGame):
        # A tree's internal scores are ranks (or its own numbers): zero is not its value 0, so
        # the weak window (-1, 1) means nothing there; solve exactly and read the sign.
        weak_tree, weak = bool(weak), False
    else:
        weak_tree = False
    searcher = Searcher(native, ALGORITHM_PVS, None, bool(ordering), time_limit or 0.0,
                        node_limit or 0, False, False, True)
    _configure(searcher, native, options, pvs=True)
    raw = searcher.solve(bool(weak))
    stop_reason = _stop_reason(raw, searcher, native, game)
    if isinstance(native, PythonGameAdapter) and native.exception is not None:
        native = _native_copy(game, None)
    return _build_solve_result(raw, native, game, bool(weak), stop_reason, weak_tree)


def _enhancements(algorithm: str, tt: Any, tt_mb: Any, killers: Any, history: Any,
                  aspiration: Any, safe_moves: Any) -> Dict[str, Any]:
    """Check the enhancement switches and fill in the algorithm's defaults."""
    switches = {"killers": killers, "history": history, "aspiration": aspiration,
                "safe_moves": safe_moves}
    if tt is not None and not isinstance(tt, TranspositionTable):
        _check_bool("tt", tt)
    for name, value in switches.items():
        if value is not None:
            _check_bool(name, value)
    if tt_mb is not None:
        if isinstance(tt_mb, bool) or not isinstance(tt_mb, numbers.Real):
            raise TypeError(f"tt_mb must be a number of megabytes, not {type(tt_mb).__name__}")
        if not (0 < tt_mb <= 1 << 20):
            raise ValueError(f"tt_mb must be more than 0 and at most 1048576, got {tt_mb}")
        if isinstance(tt, TranspositionTable):
            raise ValueError("give either a TranspositionTable as tt or its size as tt_mb, not both")
    default = algorithm in ("pvs", "mtdf")
    if algorithm in ("minimax", "negamax"):
        asked = [name for name, value in dict(switches, tt=tt).items()
                 if value is not None and value is not False]
        if asked:
            raise ValueError(f"{algorithm} takes no enhancements (asked for {', '.join(asked)}): "
                             f"use 'alphabeta', 'pvs' or 'mtdf'")
        default = False
    # Killers and history stay off unless asked for: on Connect Four they cost nodes (the
    # game's threat ordering knows better; measured in benchmarks/), and a game whose order
    # hints are weak can switch them on.
    defaults = {"killers": False, "history": False, "aspiration": default, "safe_moves": default}
    options = {name: defaults[name] if value is None else bool(value)
               for name, value in switches.items()}
    if isinstance(tt, TranspositionTable):
        options["table"] = tt
    elif tt is None and default or tt is True:
        options["table"] = _table_for_thread(float(tt_mb) if tt_mb is not None else DEFAULT_TT_MB)
    else:
        options["table"] = None
    options["tt_asked"] = tt is True or isinstance(tt, TranspositionTable)
    return options


def _configure(searcher: Searcher, native: NativeGame, options: Dict[str, Any], pvs: bool) -> None:
    if options["tt_asked"] and not native.has_keys:
        raise ValueError("tt needs position keys, which this game does not give: define key() "
                         "(negamax.Game) or set has_keys and position_key (NativeGame)")
    searcher.configure(options["table"], options["killers"], options["history"], pvs,
                       options["aspiration"], options["safe_moves"])


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
    stats = _build_stats(raw)
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


def _build_stats(raw: dict) -> SearchStats:
    return SearchStats(nodes=raw["nodes"], leaves=raw["leaves"], cutoffs=raw["cutoffs"],
                       max_ply=raw["max_ply"], iterations=raw["iterations"], **raw["counters"])


def _build_solve_result(raw: dict, native: NativeGame, game: Any, weak: bool,
                        stop_reason: StopReason, weak_tree: bool = False) -> SolveResult:
    lower, upper = raw["lower"], raw["upper"]
    is_tree = isinstance(native, TreeGame)
    if is_tree:
        return _build_tree_solve_result(raw, native, stop_reason, weak_tree)
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
    exact_value: Optional[int] = None
    plies = None
    if exact:
        exact_value = lower
        plies = plies_to_end(lower) if not is_tree and (is_win(lower) or is_loss(lower)) else len(pv)
    if is_tree:
        sign = 1 if native.to_move == 1 else -1
        to_value = native.score_to_value
        value = to_value(sign * exact_value) if exact_value is not None else None
        lower_value, upper_value = sorted((to_value(sign * lower), to_value(sign * upper)))
    else:
        value, lower_value, upper_value = exact_value, lower, upper
        solver_score = getattr(native, "solver_score", None)
        if solver_score is not None and exact_value is not None:
            score = solver_score(exact_value)
    return SolveResult(value=value, outcome=outcome, plies=plies,
                       best_move=pv[0] if pv else None, pv=pv if exact else pv[:1],
                       stats=_build_stats(raw), elapsed=raw["elapsed"], stop_reason=stop_reason,
                       lower=lower_value, upper=upper_value, score=score, weak=weak)


def _build_tree_solve_result(raw: dict, native: Any, stop_reason: StopReason,
                             weak: bool) -> SolveResult:
    """Trees: values in the tree's own terms; bounds only where they are tree scores."""
    lower, upper = raw["lower"], raw["upper"]
    sign = 1 if native.to_move == 1 else -1
    exact = lower == upper
    pv = tuple(native.decode_line(raw["pv"]))
    value = native.score_to_value(sign * lower) if exact else None
    outcome = None
    if exact:
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
                       plies=len(pv) if exact and not weak else None,
                       best_move=pv[0] if pv else None, pv=pv if exact and not weak else pv[:1],
                       stats=_build_stats(raw), elapsed=raw["elapsed"], stop_reason=stop_reason,
                       lower=lower_value, upper=upper_value, score=None, weak=weak)


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
