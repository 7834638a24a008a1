"""negamax.search, negamax.solve and their batch forms: the copy of the root game, the options
(checked once in negamax.options), one call into the engine (negamax._engine), and result
objects (negamax.results). No search logic lives here."""

from __future__ import annotations

import contextlib
import functools
import inspect
import threading
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple, Union

import numpy as np

from negamax._engine import (Searcher, StopSignal, TranspositionTable, all_of_type, run_many,
                             searches_in_copies)
from negamax._python_game import MoveIndex, PythonGameAdapter
from negamax.errors import GameContractError, NegativeMoveError, error_for_status
from negamax.game import NativeGame
from negamax.games import NATIVE_GAMES
from negamax.games._trees import ExplicitTree, TreeGame, UniformTree
from negamax.options import (
    ALGORITHMS, DEFAULT_TT_MB, ENHANCEMENTS, SearchOptions, check_bool, check_threads,
)
from negamax.python_game import Game, check_limits, check_required_methods, optional_method, overrides
from negamax.quoting import short_repr
from negamax.results import SearchResult, SolveResult, StopReason
from negamax.result_building import build_search_result, build_solve_result

__all__ = ["search", "solve", "search_many", "solve_many", "release_tables", "ALGORITHMS",
           "ENHANCEMENTS", "DEFAULT_TT_MB"]

_STOP_REASONS = {reason.value: reason for reason in StopReason}

# Built-in native games: copy() gives the same type and max_moves is declared, so
# _native_copy skips its checks for them, and their clean searches and solves come back from
# the engine as SearchResults and SolveResults (Searcher.run, Searcher.solve, run_many): a
# batch of short searches pays for both per position.
_BUILT_IN_GAMES = frozenset(NATIVE_GAMES.values())
# ... and trees made by negamax.trees (final classes, whose copies are of their type, with
# max_moves declared): _native_copy skips its checks for them too.
_COPIED_AS_IS = _BUILT_IN_GAMES | {UniformTree, ExplicitTree}
# The games whose clean searches come back from the engine as SearchResults: the built-in
# ones and the uniform trees, whose module gives the engine their values (its search_value
# hook: a tree's values are its own, from MAX's point of view).
_ENGINE_RESULT_GAMES = _BUILT_IN_GAMES | {UniformTree}


class _ThreadState(threading.local):
    """What each thread keeps between calls. The class attributes are every thread's starting
    values: reading one a thread has not set finds them (getattr with a default built an
    AttributeError, message and all, on each miss: a sixth of the instructions of a small
    search went to this object's lookups)."""

    table: Optional[TranspositionTable] = None   # made for tt=True, kept so that repeated
    mb: Optional[float] = None                   # searches do not pay for fresh memory (each
                                                 # search starts a new generation of it)
    interrupted = False                          # Ctrl-C came while the table was made
    batch_stop: Optional[StopSignal] = None      # the analyze batch's signal (stopped_by)
    plain_options: Optional[Dict[Any, Any]] = None   # what plain calls kept (_kept)
    searcher: Optional[Searcher] = None          # the kept Searcher (_keep_searcher)


_thread_tables = _ThreadState()
# The most native memory a thread's kept Searcher may hold (see _keep_searcher): a chess
# solve's stacks are about 7.4 MB, a search 6,000 plies deep held 137 MB.
KEPT_SEARCHER_BYTES = 8 << 20


def _table_for_thread(mb: float) -> TranspositionTable:
    if _nested():
        # The thread's table belongs to the search this one was started from (by a Python
        # game's method or on_iteration): this search gets a table of its own, for this call.
        return _new_table(mb)
    table = _thread_tables.table
    if table is None or _thread_tables.mb != mb:
        release_tables()                 # free the old table before making the new one
        table = _new_table(mb)
        _thread_tables.table, _thread_tables.mb = table, mb
    return table


def _no_table(mb: float) -> None:
    """table_for of a search that can use no table (see _tables_for)."""
    return None


def _tables_for(keyless: bool, threads: Any) -> Callable[[float], Optional[TranspositionTable]]:
    """The table_for of SearchOptions.build: the thread's table, or none at all for a search
    on one thread of games without position keys, which could not use it (a thread's first
    table is 64 MB: a solve of a small Python game without key() took 0.14 s to make it)."""
    if keyless and type(threads) is int and threads == 1:
        return _no_table
    return _table_for_thread


def _keyless(game: Any) -> bool:
    """Whether `game` gives no position keys, known before it is copied: a native game says
    so itself (has_keys, which its copy keeps), a negamax.Game by leaving key() as Game's. A
    key that is no method is left for _native_copy to refuse (False here)."""
    if isinstance(game, NativeGame):
        return not game.has_keys
    if not isinstance(game, Game):
        return False
    try:
        return not overrides(game, "key")
    except TypeError:
        return False


def _nested() -> bool:
    """Whether a search on this thread uses the thread's table now: one started inside it (by
    a Python game's method or on_iteration) is nested, and neither uses nor keeps the
    thread's table, options or Searcher, which are that search's. (The table tells, not a
    count kept here: a Ctrl-C between two lines of Python could leave a count wrong.)"""
    table = _thread_tables.table
    return table is not None and table.in_use


def _new_table(mb: float) -> TranspositionTable:
    """A table of `mb` megabytes for the calling thread's searches. Ctrl-C while its memory
    is set up (seconds for a large table) is raised by Python once that call returns: with
    the table made, it is noted instead, and the search it is for returns at once,
    interrupted, as a search stopped by Ctrl-C does (see _interrupted)."""
    table = TranspositionTable.__new__(TranspositionTable)
    try:
        table.__init__(mb)
    except KeyboardInterrupt:
        if table.entries_count == 0:
            raise
        _thread_tables.interrupted = True
    return table


def _stop_for(options: SearchOptions) -> Optional[StopSignal]:
    """The signal a search polls: the one asked for, else that of the analyze batch whose
    chunk this thread runs (see stopped_by), else none. The batch's is no option: unlike
    stop=, it does not make the search deepen iteratively, so results stay those of a
    single search."""
    return options.stop if options.stop is not None else _thread_tables.batch_stop


@contextlib.contextmanager
def stopped_by(signal: Optional[StopSignal]) -> Iterator[None]:
    """Within the block, searches of this thread with no stop= of their own also stop when
    `signal` is set (negamax.analyze: Ctrl-C stops the searches of a thread pool)."""
    outer = _thread_tables.batch_stop
    _thread_tables.batch_stop = signal
    try:
        yield
    finally:
        _thread_tables.batch_stop = outer


def _forget_interrupt() -> None:
    """Drop a Ctrl-C noted by _table_for_thread for a call that then failed (at every entry
    point, before its options are built)."""
    _thread_tables.interrupted = False


def _interrupted() -> bool:
    """Whether Ctrl-C came while this call's table was being made (and forget it)."""
    interrupted = _thread_tables.interrupted
    _thread_tables.interrupted = False
    return interrupted


def release_tables() -> None:
    """Free the transposition table the calling thread keeps for tt=True searches (the next
    such search makes a new one). Tables passed as tt=TranspositionTable(...) are the
    caller's: they are freed when the caller drops them."""
    _thread_tables.table = None
    _thread_tables.mb = None
    _thread_tables.plain_options = {}    # they hold the old table
    _thread_tables.searcher = None        # so does the kept Searcher


def _kept(key: Tuple[Any, ...]) -> Any:
    """What the thread kept for a plain call's `key` (see _keep), or None.

    A game loop or a solve per position calls search()/solve() with the same few arguments
    each time; checking them all again and deciding the defaults was half the Python cost of
    a small search. So the options of a plain call, and their engine fields (keyed by the
    options' key and the game's part, see _searcher), are kept. The options hold the
    thread's own table, so each thread keeps its own and drops them with that table
    (release_tables). A key holds only values of exact types (None, bools, ints, strings):
    depth=True is refused on every call, never read as 1."""
    plain = _thread_tables.plain_options
    return plain.get(key) if plain is not None else None


def _keep(key: Tuple[Any, ...], value: Any) -> Any:
    """Keep `value` for `key` (after building it: making the thread's table empties what was
    kept) and return it."""
    plain = _thread_tables.plain_options
    if plain is None:
        plain = _thread_tables.plain_options = {}
    elif len(plain) >= 64:       # a bound for callers cycling through depths: the oldest goes
        del plain[next(iter(plain))]    # (emptying it all dropped the options this call kept)
    plain[key] = value
    return value


def search(game: Any, depth: Optional[int] = None, *, algorithm: str = "alphabeta",
           ordering: bool = True, time_limit: Optional[float] = None,
           node_limit: Optional[int] = None, trace: bool = False,
           maximizing: Optional[bool] = None, iterative: Optional[bool] = None,
           tt: Union[bool, TranspositionTable, None] = None, tt_mb: Optional[float] = None,
           killers: Optional[bool] = None, history: Optional[bool] = None,
           aspiration: Optional[bool] = None, safe_moves: Optional[bool] = None,
           quiescence: Optional[bool] = None, check_extension: Optional[bool] = None,
           null_move: Optional[bool] = None, lmr: Optional[bool] = None,
           threads: int = 1, stop: Optional[StopSignal] = None,
           on_iteration: Optional[Callable[[SearchResult], Any]] = None,
           root_moves: Optional[Iterable[Any]] = None) -> SearchResult:
    """Search `game` and return the value, best move, principal variation and counters.

    game:       a native game (negamax.games.*), an explicit tree (negamax.trees.*) or an
                instance of a negamax.Game subclass. It is never modified: the search runs on a copy.
    depth:      plies to look ahead; None searches to the end of the game.
    algorithm:  "minimax" (max/min form), "negamax" (no pruning), "alphabeta" (fail-soft),
                "pvs" (principal variation search with every enhancement the game can use) or
                "mtdf" (MTD(f): null windows alone).
    ordering:   sort moves by the game's order hint (best first) at every node.
    time_limit, node_limit: stop after that many seconds or nodes. With either, the search
                deepens iteratively and returns the deepest completed iteration.
    trace:      record every node entered, in order (result.trace).
    maximizing: trees only: whether MAX is to move at the root (default: the tree's own).
    iterative:  force iterative deepening on or off (default: on when a limit is given).
    stop:       a negamax.StopSignal: set() from another thread stops the search.
    on_iteration: called with a SearchResult after each completed iteration (iterative
                deepening) but the last, whose result is returned; in the searching thread;
                an exception it raises ends the search and is raised here.
    threads:    more than 1 runs a Lazy SMP search on that many threads sharing one table.
    root_moves: search only these moves at the root (legal moves, as legal_moves() gives
                them; UCI's `go searchmoves`): the value, best move and line are the best
                among them. Every move below the root is searched as usual.

    Enhancements (None: the algorithm's default, see negamax.ENHANCEMENTS):
    tt:         a transposition table: True (a table of tt_mb megabytes, default DEFAULT_TT_MB,
                kept by the calling thread between searches; release_tables() frees it), False,
                or a TranspositionTable to use. Only games with position keys can use one.
    killers, history: killer moves and the history heuristic in move ordering.
    aspiration: iterative deepening searches a narrow window around the last value first.
    safe_moves: games that know which moves do not lose at once (ConnectFour) search only those.
    quiescence, check_extension, null_move, lmr: for games that offer them (chess, checkers):
                quiescence search of noisy moves at the horizon, one more ply in check,
                null-move pruning and late move reductions (the last two may change values).

    Ctrl-C stops a search too; it then returns like a search that ran out of time, with
    stop_reason INTERRUPTED."""
    # A plain call: nothing given but the algorithm, depth, ordering and iterative (the `is`
    # tests decide nothing else): its options are kept (_kept), and on a built-in game or a
    # tree, once they are, it takes the short path.
    plain = (time_limit is None and node_limit is None and tt is None and tt_mb is None
             and stop is None and killers is None and history is None and aspiration is None
             and safe_moves is None and quiescence is None and check_extension is None
             and null_move is None and lmr is None and trace is False and type(threads) is int
             and threads == 1)
    if plain and maximizing is None and on_iteration is None and root_moves is None:
        result = _plain_search(game, algorithm, depth, ordering, iterative)
        if result is not None:
            return result
    _forget_interrupt()
    keyless = _keyless(game)
    plain_key: Optional[Tuple[Any, ...]] = None
    options = None
    if plain and not _nested():
        plain_key = _plain_search_key(algorithm, depth, ordering, iterative, keyless)
    if plain_key is not None:
        options = _kept(plain_key)
    if options is None:
        options = SearchOptions.build(
            algorithm=algorithm, depth=depth, ordering=ordering, time_limit=time_limit,
            node_limit=node_limit, trace=trace, iterative=iterative, tt=tt, tt_mb=tt_mb,
            threads=threads, stop=stop, table_for=_tables_for(keyless, threads), killers=killers,
            history=history, aspiration=aspiration, safe_moves=safe_moves,
            quiescence=quiescence, check_extension=check_extension, null_move=null_move,
            lmr=lmr)
        if plain_key is not None:
            _keep(plain_key, options)
    if on_iteration is not None and not callable(on_iteration):
        raise TypeError(f"on_iteration must be callable, not {type(on_iteration).__name__}")
    native = _native_copy(game, maximizing)
    _check_table(options, native)
    callback = None
    if on_iteration is not None:
        def callback(raw: dict) -> None:
            on_iteration(build_search_result(raw, native, options.algorithm, StopReason.COMPLETED))
    searcher = _searcher(native, options, callback, game_prefers=_prefers_iterative(game, native),
                         plain_key=plain_key)
    if root_moves is not None:
        searcher.restrict_root(_root_move_codes(native, root_moves, game))
    # A built-in game's search that ended cleanly comes back as its SearchResult.
    raw = (searcher.interrupted_at_start(False) if _interrupted()
           else searcher.run(type(native) in _ENGINE_RESULT_GAMES))
    _keep_searcher(searcher, plain_key, native, callback)
    if isinstance(raw, SearchResult):
        return raw
    return _finish_search(raw, native, game, options)


def _plain_search(game: Any, algorithm: Any, depth: Any, ordering: Any,
                  iterative: Any) -> Optional[SearchResult]:
    """search() of a plain call (nothing given but the algorithm, depth, ordering and
    iterative) on a built-in game or a tree, once the thread has kept what such a call needs
    (its options, their engine fields, a Searcher: the general path keeps them); None when
    the general path must run instead (nothing kept yet, an argument of an inexact type, a
    search nested in another, a copy of another class: it then says what is wrong).

    The same steps as the general path, without the checks and choices that cannot apply
    to such a game (a built-in game's or tree's class is final and fixes iterative_deepening,
    a plain call asks for no table). A search of a few microseconds is dominated by them, and
    the Python run between two searches also costs the next one: the processor relearns
    the search's branches (a 50 us tree search in a loop, best of 7 in a fresh process, ran
    1.9x plain C's time through the general path, 1.4x with only the copy, the rebind and
    the run left between searches)."""
    kind = type(game)
    if kind not in _COPIED_AS_IS:
        return None
    state = _thread_tables
    kept = state.plain_options
    table = state.table
    searcher = state.searcher
    if kept is None or searcher is None or (table is not None and table.in_use):
        return None                 # nothing kept yet, or nested (see _nested)
    has_keys = game.has_keys
    plain_key = _plain_search_key(algorithm, depth, ordering, iterative, not has_keys)
    options = kept.get(plain_key) if plain_key is not None else None
    if options is None:
        return None
    # The key _searcher keeps the fields under; the game's iterative_deepening is its class's.
    engine_fields = kept.get((plain_key, _root_maximizing(game), kind.iterative_deepening and has_keys))
    if engine_fields is None:
        return None
    native = game.copy()
    if type(native) is not kind:
        return None
    state.searcher = None           # in use: a search started inside it makes its own
    searcher.rebind(native, engine_fields, options.table, state.batch_stop)
    raw = searcher.run(kind in _ENGINE_RESULT_GAMES)
    if searcher.kept_bytes() <= KEPT_SEARCHER_BYTES:
        state.searcher = searcher
    if isinstance(raw, SearchResult):
        return raw
    return _finish_search(raw, native, game, options)


def solve(game: Any, weak: bool = False, *, time_limit: Optional[float] = None,
          node_limit: Optional[int] = None, ordering: bool = True,
          tt: Union[bool, TranspositionTable, None] = None, tt_mb: Optional[float] = None,
          killers: Optional[bool] = None, history: Optional[bool] = None,
          safe_moves: Optional[bool] = None, threads: int = 1,
          stop: Optional[StopSignal] = None) -> SolveResult:
    """Solve `game`: its exact value under perfect play to the end of the game, found by
    null-window searches over the score range that share one transposition table.

    Returns a SolveResult: value, outcome ("win", "loss" or "draw" for the side to move),
    plies to the end under best play (the winner hurries, the loser delays), best_move, pv,
    stats, and for Connect Four `score` in the convention of the published solvers.
    weak=True only tells win, draw or loss (one search with the window (-1, 1)): faster.

    time_limit, node_limit, a StopSignal and Ctrl-C stop the solver; the result then holds the
    bounds proven so far (lower, upper) and value None unless they met. The enhancements are
    as in search() and all on by default, except those that could change a value (null-move
    pruning and late move reductions are never used by the solver)."""
    weak = check_bool("weak", weak)
    _forget_interrupt()
    keyless = _keyless(game)
    plain_key: Optional[Tuple[Any, ...]] = None
    options = None
    if (time_limit is None and node_limit is None and tt is None and tt_mb is None
            and killers is None and history is None and safe_moves is None and stop is None
            and type(threads) is int and threads == 1 and not _nested()):
        plain_key = _plain_solve_key(ordering, keyless)     # a plain call, as in search()
    if plain_key is not None:
        options = _kept(plain_key)
    if options is None:
        options = _solve_options(_tables_for(keyless, threads), time_limit=time_limit,
                                 node_limit=node_limit, ordering=ordering, tt=tt, tt_mb=tt_mb,
                                 killers=killers, history=history, safe_moves=safe_moves,
                                 threads=threads, stop=stop)
        if plain_key is not None:
            _keep(plain_key, options)
    native = _native_copy(game, None)
    _check_table(options, native)
    # A tree's internal scores are ranks (or its own numbers): zero is not its value 0, so the
    # weak window (-1, 1) means nothing there; solve exactly and read the sign.
    weak_tree = weak and isinstance(native, TreeGame)
    searcher = _searcher(native, options, None, plain_key=plain_key)
    # A built-in game's solve that ended cleanly comes back as its SolveResult.
    raw = (searcher.interrupted_at_start(True) if _interrupted()
           else searcher.solve(weak and not weak_tree, type(native) in _BUILT_IN_GAMES))
    _keep_searcher(searcher, plain_key, native, None)
    if isinstance(raw, SolveResult):
        return raw
    return _finish_solve(raw, native, game, weak and not weak_tree, weak_tree)


def search_many(games: Iterable[Any], depth: Optional[int] = None, **options: Any) -> List[SearchResult]:
    """search() each game with the same options, in one call into the engine: one engine
    searcher is bound to each game in turn (its stacks are kept), each search runs with the
    GIL released, and the per-position Python cost is the copy of the game and its result.
    Results are in input order and equal to those of separate search() calls (one table per
    call is shared by the batch only when passed as tt=TranspositionTable; each search starts
    a new generation of it, so results do not depend on the order). The options of search()
    apply, except on_iteration, root_moves (each game has its own moves) and threads > 1."""
    return _run_batch(_game_list("search_many", games), solve=False, depth=depth, options=options)


def solve_many(games: Iterable[Any], weak: bool = False, **options: Any) -> List[SolveResult]:
    """solve() each game with the same options, in one call into the engine (see search_many)."""
    return _run_batch(_game_list("solve_many", games), solve=True, weak=check_bool("weak", weak),
                      options=options)


# --- the pieces ---------------------------------------------------------------------------------

def _game_list(name: str, games: Any) -> List[Any]:
    """The games of a batch as a list; TypeError naming `games` for what is no iterable."""
    if type(games) is list:
        return list(games)
    if isinstance(games, (str, bytes)) or not isinstance(games, Iterable):
        raise TypeError(f"{name} takes an iterable of games (a list, say), not "
                        f"{type(games).__name__} {short_repr(games)}")
    return list(games)


def _solve_options(table_for: Callable[[float], Optional[TranspositionTable]],
                   **arguments: Any) -> SearchOptions:
    return SearchOptions.build(algorithm="pvs", depth=None, iterative=False, aspiration=None,
                               quiescence=False, check_extension=False, null_move=False,
                               lmr=False, table_for=table_for, **arguments)


def _prefers_iterative(game: Any, native: NativeGame) -> bool:
    """Whether `game` asks for iterative deepening by default (its `iterative_deepening`
    attribute, checked) and can use it: only a game with position keys has a table to carry
    each iteration's best moves to the next."""
    value = getattr(game, "iterative_deepening", False)
    if value is not True and value is not False:      # the name is spelled out only then
        value = check_bool(f"{type(game).__name__}.iterative_deepening", value)
    return value and native.has_keys


def _searcher(native: NativeGame, options: SearchOptions, callback: Any,
              game_prefers: bool = False, plain_key: Optional[Tuple[Any, ...]] = None) -> Searcher:
    """The engine's Searcher for `native`; `game_prefers`: the game's iterative_deepening
    (see SearchOptions.deepens); `plain_key`: the options are the thread's kept ones for
    that key (see _kept), and so may be their engine fields."""
    if options.threads > 1 and isinstance(native, PythonGameAdapter):
        raise ValueError("threads > 1 needs a native game: a game written in Python holds the "
                         "GIL in every callback, so its threads could not run at once")
    root_maximizing = _root_maximizing(native)
    if plain_key is None:
        engine_fields = options.engine_fields(root_maximizing, game_prefers)
    else:
        fields_key = (plain_key, root_maximizing, game_prefers)
        engine_fields = _kept(fields_key)
        if engine_fields is None:
            engine_fields = _keep(fields_key, options.engine_fields(root_maximizing, game_prefers))
    stop = _stop_for(options)
    if _reuses_searcher(plain_key, native, callback):
        kept = _thread_tables.searcher
        if kept is not None:
            _thread_tables.searcher = None    # in use: a search started inside it makes its own
            kept.rebind(native, engine_fields, options.table, stop)
            return kept
    return Searcher(native, engine_fields, options.table, stop, callback, options.threads)


def _reuses_searcher(plain_key: Optional[Tuple[Any, ...]], native: NativeGame, callback: Any) -> bool:
    """Whether a search uses the thread's kept Searcher (see _searcher): a plain call on a
    native game, without an iteration callback."""
    return plain_key is not None and callback is None and not isinstance(native, PythonGameAdapter)


def _keep_searcher(searcher: Searcher, plain_key: Optional[Tuple[Any, ...]], native: NativeGame,
                   callback: Any) -> None:
    """Keep the Searcher of a plain call on a native game for the thread's next plain call
    (see _searcher): a game loop then pays for a Searcher and its stacks once. Not one that
    holds more than KEPT_SEARCHER_BYTES (a search thousands of plies deep: its principal-
    variation table grows with the square of the depth), which would stay with the thread."""
    if _reuses_searcher(plain_key, native, callback) and searcher.kept_bytes() <= KEPT_SEARCHER_BYTES:
        _thread_tables.searcher = searcher


def _root_maximizing(native: NativeGame) -> bool:
    """Whether the engine's minimax form starts with MAX: a tree's own side to move, else MAX."""
    return native.to_move == 1 if isinstance(native, TreeGame) else True


@functools.lru_cache(maxsize=2)
def _batch_options(solving: bool) -> frozenset:
    """The keyword options of solve_many (those of solve()) or search_many (search()'s)."""
    parameters = inspect.signature(solve if solving else search).parameters
    return frozenset(parameters) - {"game", "weak", "depth", "on_iteration", "root_moves"}


def _run_batch(games: List[Any], *, solve: bool, options: Dict[str, Any], depth: Any = None,
               weak: bool = False) -> list:
    _forget_interrupt()
    name = "solve_many" if solve else "search_many"
    if not solve and options.pop("on_iteration", None) is not None:
        raise TypeError(f"{name} takes no on_iteration")
    unknown = sorted(set(options) - _batch_options(solve))
    if unknown:
        raise TypeError(f"{name}() takes no option {', '.join(map(repr, unknown))} "
                        + ("(it takes those of search() but on_iteration and root_moves)"
                           if not solve else "(it takes those of solve())"))
    if check_threads(options.get("threads", 1)) != 1:
        raise ValueError(f"{name} runs each search on one thread: give threads=1")
    maximizing = options.pop("maximizing", None)
    keyless = all(_keyless(game) for game in games)
    plain_key = _batch_plain_key(solve, options, depth, keyless)
    built = _kept(plain_key) if plain_key is not None else None
    if built is None:
        table_for = _tables_for(keyless, 1)
        if solve:
            built = _solve_options(table_for, **options)
        else:
            built = SearchOptions.build(depth=depth, table_for=table_for, **options)
        if plain_key is not None:
            _keep(plain_key, built)
    natives, fields, weak_trees, built_in, in_copies = _batch_natives(name, games, built,
                                                                     maximizing, solve, weak)
    table, stop = built.table, _stop_for(built)
    raws: List[Any]      # the engine's dicts, SolveResults and SearchResults (see below)
    if _interrupted():
        if in_copies:
            natives = [game.copy() for game in games]
        raws = [Searcher(native, engine_fields, table, stop).interrupted_at_start(solve)
                for native, engine_fields in zip(natives, fields)]
    else:
        # A tree's weak solve is a strong one (its values are no wins or losses). A built-in
        # game's solve that ended cleanly comes back as its SolveResult (see run_many), and
        # a game searched in the engine's own copy has that copy in natives where its
        # result is to be finished here.
        raws = run_many(games if in_copies else natives, fields, table, stop, solve,
                        [weak and not tree for tree in weak_trees] if weak else False,
                        built_in, natives if in_copies else None)
    if solve:
        if all_of_type(raws, SolveResult):     # every result made by the engine (a C loop)
            return raws
        return [raw if type(raw) is SolveResult else
                _finish_solve(raw, native, game, weak and not tree, tree)
                for raw, native, game, tree in zip(raws, natives, games, weak_trees)]
    if all_of_type(raws, SearchResult):
        return raws
    return [raw if type(raw) is SearchResult else _finish_search(raw, native, game, built)
            for raw, native, game in zip(raws, natives, games)]


def _batch_natives(name: str, games: List[Any], options: SearchOptions, maximizing: Any,
                   solve: bool, weak: bool) -> Tuple[List[Any], List[Dict[str, Any]],
                                                      List[bool], List[bool], bool]:
    """The private copies of a batch's games, each checked as search() and solve() check
    theirs (a game refused is named by its place in the batch), in one pass with what the
    engine needs of each: its options dict (one per (root_maximizing, game_prefers), made
    once), whether it is a tree solved weakly (run as a strong solve), and whether it is a
    built-in game (whose clean results the engine makes itself); and whether the engine is
    to search the games in copies of its own instead (see _built_in_natives), the copies
    then being Nones for run_many to fill in. A batch of short solves pays for this per
    position."""
    kind = type(games[0]) if games else None
    if maximizing is None and kind in _BUILT_IN_GAMES and all_of_type(games, kind):
        made_at_once = _built_in_natives(games, kind, options, solve)
        if made_at_once is not None:
            return made_at_once
    natives = []
    fields = []
    weak_trees = []
    built_in = []
    made: Dict[Tuple[bool, bool], Dict[str, Any]] = {}
    for index, game in enumerate(games):
        try:
            native = _native_copy(game, maximizing)
            _check_table(options, native)
        except (TypeError, ValueError) as error:
            # The same exception, its message led by where the game is: a batch of thousands
            # of positions says which one to look at.
            if error.args and isinstance(error.args[0], str):
                error.args = (f"{name}: games[{index}]: {error.args[0]}",) + error.args[1:]
            raise
        natives.append(native)
        key = (_root_maximizing(native), not solve and _prefers_iterative(game, native))
        engine_fields = made.get(key)
        if engine_fields is None:
            engine_fields = made[key] = options.engine_fields(*key)
        fields.append(engine_fields)
        weak_trees.append(weak and isinstance(native, TreeGame))
        built_in.append(type(native) in _BUILT_IN_GAMES)
    return natives, fields, weak_trees, built_in, False


def _built_in_natives(games: List[Any], kind: type, options: SearchOptions,
                      solve: bool) -> Optional[Tuple[List[Any], List[Dict[str, Any]],
                                                     List[bool], List[bool], bool]]:
    """_batch_natives for a batch of one built-in game type: the same lists, made in a few
    passes (a batch of short solves paid a third of a microsecond a position more in the
    general loop). Such a game has position keys unless its has_keys was switched off, and
    is no tree: one options dict serves the whole batch. A type whose module sets copy_into
    makes no copies here: the engine searches each game in one copy of its own (creating
    and releasing a copy per position cost a batch of short solves more than a fifth of its
    time, most of it in the searches that followed, with colder caches). None if a copy is
    of another type (the general loop then says which), or if a table is asked for and a
    game's has_keys was switched off (the general loop then refuses it, as solve() would)."""
    if options.tt_asked and not all(game.has_keys for game in games):
        return None
    count = len(games)
    in_copies = searches_in_copies(kind)
    if in_copies:
        natives: List[Any] = [None] * count
        first = games[0]
    else:
        natives = [game.copy() for game in games]
        if not all_of_type(natives, kind):
            return None
        first = natives[0]
    iterative = not solve and _prefers_iterative(games[0], first)
    engine_fields = options.engine_fields(True, iterative)
    return natives, [engine_fields] * count, [False] * count, [True] * count, in_copies


def _batch_plain_key(solve: bool, options: Dict[str, Any], depth: Any,
                     keyless: bool) -> Optional[Tuple[Any, ...]]:
    """The key of solve()'s or search()'s kept options (see _kept) when a batch's options are
    those of a plain call, so that a batch checks and builds them once per thread, as a plain
    call does, not at every call (a batch of a few positions paid more for that than for
    its searches); None otherwise."""
    if _nested():
        return None
    if solve:
        if options.keys() <= {"ordering"}:
            return _plain_solve_key(options.get("ordering", True), keyless)
        return None
    if options.keys() <= {"algorithm", "ordering", "iterative"}:
        return _plain_search_key(options.get("algorithm", "alphabeta"), depth,
                                 options.get("ordering", True), options.get("iterative"), keyless)
    return None


def _plain_search_key(algorithm: Any, depth: Any, ordering: Any, iterative: Any,
                      keyless: bool) -> Optional[Tuple[Any, ...]]:
    """The key of a plain search's kept options, or None unless each value is of an exact type
    (the `is` tests decide nothing else: depth=True is refused on every call, never read as 1)."""
    if (type(algorithm) is str and (depth is None or type(depth) is int)
            and (ordering is True or ordering is False)
            and (iterative is None or iterative is True or iterative is False)):
        return ("search", algorithm, depth, ordering, iterative, keyless)
    return None


def _plain_solve_key(ordering: Any, keyless: bool) -> Optional[Tuple[Any, ...]]:
    """The key of a plain solve's kept options, or None unless ordering is True or False."""
    return ("solve", ordering, keyless) if ordering is True or ordering is False else None


def _check_table(options: SearchOptions, native: NativeGame) -> None:
    if options.tt_asked and not native.has_keys:
        raise ValueError("tt needs position keys, which this game does not give: define key() "
                         "(negamax.Game) or set has_keys and position_key (NativeGame)")


def _finish_search(raw: dict, native: NativeGame, game: Any, options: SearchOptions) -> SearchResult:
    stop_reason = _stop_reason(raw, native, game)
    _check_best_move(raw, native, game)
    if isinstance(native, PythonGameAdapter) and native.exception is not None:
        # Interrupted inside a callback: the game's state is suspect, so read the moves of
        # the result on a fresh copy.
        native = _native_copy(game, None)
    return build_search_result(raw, native, options.algorithm, stop_reason)


def _finish_solve(raw: dict, native: NativeGame, game: Any, weak: bool,
                  weak_tree: bool) -> SolveResult:
    stop_reason = _stop_reason(raw, native, game)
    if raw["lower"] > raw["upper"]:
        raise _crossing_bounds(game, raw["lower"], raw["upper"])
    _check_best_move(raw, native, game)
    if isinstance(native, PythonGameAdapter) and native.exception is not None:
        native = _native_copy(game, None)
    return build_solve_result(raw, native, weak, stop_reason, weak_tree)


def _check_best_move(raw: dict, native: NativeGame, game: Any) -> None:
    """A user's native game named its best move through its own shortcuts (a win at once
    from generate_safe_moves, a move from the table): it must be one generate_moves gives at
    the root, or the result would name a move that cannot be played. (Built-in games, trees
    and Python games are checked by their own tests and adapters.)"""
    if (not raw["pv"] or type(native) in _BUILT_IN_GAMES
            or isinstance(native, (PythonGameAdapter, TreeGame))):
        return
    move = raw["pv"][0]
    if move not in NativeGame.legal_moves(native):
        # What can put such a move there, of what this game has.
        causes = []
        if native.has_safe_moves:
            causes.append("generate_safe_moves must return only moves generate_moves gives "
                          "(a win at once too)")
        if native.has_keys:
            causes.append("position_key must tell positions apart (the table's move for one "
                          "position is tried in another)")
        causes.append("unmake_move must restore what make_move changed (the root's moves are "
                      "generated again after the search)")
        raise GameContractError(
            f"{type(game).__name__}'s search chose the move {move}, which its generate_moves "
            f"does not give at the root: {'; '.join(causes)}")


def _crossing_bounds(game: Any, lower: int, upper: int) -> GameContractError:
    """Each bound of a solve was proven by a search: they cross only when the table mixed up
    positions, i.e. keys or values depend on more than the key tells."""
    name = type(game).__name__
    if getattr(game, "draws_by_repetition", False):
        return GameContractError(
            f"solving {name} gave crossing bounds (lower {lower} > upper {upper}): a repetition "
            f"draw found on one path was read from the table on another, in a question whether "
            f"a side wins at all (README, 'Draws inside a search'); search it to a depth instead")
    safe_moves = ("; or generate_safe_moves gives a move that loses at once (one after which "
                  "the opponent wins next move, or has won)" if getattr(game, "has_safe_moves", False)
                  else "")
    return GameContractError(
        f"solving {name} gave crossing bounds (lower {lower} > upper {upper}): its key() gives "
        f"one key to positions of different values, a value depends on more than the position, "
        f"or an evaluation lies outside -EVAL_LIMIT..EVAL_LIMIT (or -WIN..WIN at the end)"
        f"{safe_moves}")


def _root_move_codes(native: NativeGame, root_moves: Any, game: Any = None) -> List[int]:
    """The engine's integer moves for `root_moves`: legal moves of the root in the game's own
    notation (as legal_moves() gives them; failing that, a move whose str() is the str() of
    exactly one of them, such as "4" for Connect Four's 4 or a python-chess Move), checked.
    A game written in Python (`game`, the caller's; `native` searches a copy of it) may have
    moves that equal only themselves: one of its own legal_moves() counts as the move at
    its place in the list."""
    if (isinstance(root_moves, (str, bytes)) or not isinstance(root_moves, Iterable)
            or (isinstance(root_moves, np.ndarray) and root_moves.ndim == 0)):
        raise TypeError(f"root_moves must be a list of moves, not {type(root_moves).__name__} "
                        f"{short_repr(root_moves)}")
    wanted = list(root_moves)
    if not wanted:
        raise ValueError("root_moves is empty: give at least one legal move")
    if native.is_terminal():
        raise ValueError("root_moves names moves, but the game is over here: a finished position "
                         "is not searched, whatever moves its rules still list")
    codes = NativeGame.legal_moves(native)
    public = native.decode_root_moves(codes)
    moves = _RootMoves(codes, public, len(wanted))
    chosen: List[int] = []
    seen: set = set()
    originals: Optional[Dict[int, int]] = None
    for move in wanted:
        matches = moves.equal_to(move)
        if not matches and isinstance(native, PythonGameAdapter) and isinstance(game, Game):
            if originals is None:       # the caller's game lists its moves in the copy's order
                listed = list(game.legal_moves())
                originals = {}
                if len(listed) == len(codes):
                    for code, original in zip(codes, listed):
                        originals.setdefault(id(original), code)   # the first, as listed
            if id(move) in originals:
                matches = [originals[id(move)]]
        if not matches:
            matches = moves.written_as(move) or _read_by_game(native, move, codes)
        if not matches:
            raise ValueError(f"root_moves: {short_repr(move)} is not a legal move here; legal moves: "
                             f"{short_repr(public, 200)}")
        if matches[0] not in seen:
            seen.add(matches[0])
            chosen.append(matches[0])
    return chosen


def _read_by_game(native: NativeGame, move: Any, codes: List[int]) -> List[int]:
    """The code of `move` as the game itself reads the moves play() takes, for a game with a
    `move_code` method (Checkers: the short form of a capture, "22x24" for "22x31x24"), when
    that names one of the root's moves; else none. A move the game refuses (ValueError:
    not legal here, or ambiguous) is refused with the game's own words."""
    reader = getattr(native, "move_code", None)
    if reader is None:
        return []
    try:
        code = reader(move)
    except TypeError:
        return []             # not the game's kind of move: root_moves' own message follows
    except ValueError as error:
        raise ValueError(f"root_moves: {error}") from None
    return [code] if code in codes else []


class _RootMoves:
    """The root's moves (engine codes and the game's names for them), looked up by a move
    the caller gave: by MoveIndex (the rule noisy moves are matched by too, through dicts
    when the lists are long), and by str() when nothing is equal."""

    def __init__(self, codes: List[int], names: List[Any], lookups: int) -> None:
        self.codes, self.names = codes, names
        self.index = MoveIndex(names, lookups)
        self.by_text: Optional[Dict[str, List[int]]] = None

    def equal_to(self, move: Any) -> List[int]:
        """The code of the name `move` names (see MoveIndex), else none."""
        found = self.index.find(move)
        return [self.codes[found]] if found >= 0 else []

    def written_as(self, move: Any) -> List[int]:
        """The code of the one name whose str() is str(move), else none."""
        if self.by_text is None:
            self.by_text = {}
            for index, name in enumerate(self.names):
                self.by_text.setdefault(str(name), []).append(index)
        indices = self.by_text.get(str(move), [])
        return [self.codes[indices[0]]] if len(indices) == 1 else []


def _native_copy(game: Any, maximizing: Any) -> NativeGame:
    """A private copy of the game the core can search."""
    if maximizing is None and type(game) in _COPIED_AS_IS:
        native = game.copy()    # a built-in game's or tree's copy is of its type, with max_moves declared
        if type(native) is not type(game):
            raise GameContractError(f"{type(game).__name__}.copy() returned a "
                                    f"{type(native).__name__}: the search would play its rules")
        return native
    if maximizing is not None:
        check_bool("maximizing", maximizing)
        if not isinstance(game, TreeGame):
            raise ValueError("maximizing applies to explicit trees only: a game's values are "
                             "always from the side to move")
    if isinstance(game, NativeGame):
        native = _checked_copy(game, NativeGame)
        if not isinstance(game, type(native)):
            # Another game altogether: the search would play its rules, not this game's. (A
            # copy of a base class is let through: a Python subclass of a Cython game that
            # adds only Python methods has the base's copy() and the same native methods.)
            raise GameContractError(f"{type(game).__name__}.copy() returned a "
                                    f"{type(native).__name__}, another game: a copy must be of "
                                    f"the game's own class")
        if native.max_moves < 1 <= game.max_moves or native.max_ply < 1 <= game.max_ply:
            raise GameContractError(
                f"{type(game).__name__}.copy() gives a game with max_moves = {native.max_moves} "
                f"and max_ply = {native.max_ply}, where the game has {game.max_moves} and "
                f"{game.max_ply}: copy() must call self.copy_base_into(other)")
        if native.max_moves < 1 and not native.is_terminal():
            native.require_max_moves()       # a user's game that forgot to declare it
        _refuse_negative_moves(native)
        if maximizing is not None:
            native.maximizing = bool(maximizing)
        return native
    if isinstance(game, Game):
        max_moves, max_ply = check_limits(game)
        copy = _checked_copy(game, Game)     # the object searched: its methods are the ones called
        check_required_methods(copy)
        optional_method(copy, "null_move_allowed")     # checked: None or callable
        return PythonGameAdapter(copy, max_moves, max_ply,
                                 overrides(copy, "key"), overrides(copy, "order_hint"),
                                 overrides(copy, "noisy_moves"), overrides(copy, "in_check"),
                                 overrides(copy, "play_null") and overrides(copy, "undo_null"))
    raise TypeError(f"cannot search a {type(game).__name__}: pass a built-in game, a tree from "
                    f"negamax.trees, or an instance of a negamax.Game subclass")


def _refuse_negative_moves(native: NativeGame) -> None:
    """GameContractError for a native game whose root moves include a negative number: the
    engine keeps those for "no move", so its lines would end there. NativeGame.legal_moves
    checks the root's moves (the search's own, whatever the class shows in Python); a move
    count out of bounds is left to the search, which says so in its own words."""
    if isinstance(native, TreeGame):
        return                       # child indices, from 0 (a wide root would cost a big list)
    error = native.error
    try:
        NativeGame.legal_moves(native)
    except NegativeMoveError:
        raise
    except GameContractError:
        pass                         # a move count out of bounds: the search tells it
    finally:
        native.error = error         # the search reports a failure the game flags itself


def _checked_copy(game: Any, kind: type) -> Any:
    method = getattr(game, "copy", None)
    if method is None and kind is Game:      # copy = None: the default, copy.deepcopy
        method = functools.partial(Game.copy, game)
    if not callable(method):
        raise TypeError(f"{type(game).__name__}.copy must be a method"
                        f"{' or None' if kind is Game else ''}, not {type(method).__name__}")
    copy = method()
    if not isinstance(copy, kind):
        raise TypeError(f"{type(game).__name__}.copy() must return a {kind.__name__}, "
                        f"not {type(copy).__name__}")
    if copy is game:
        # The search plays its moves on the copy: on the caller's own game, two searches of it
        # at once (or the caller's own moves meanwhile) would change each other's positions.
        raise GameContractError(f"{type(game).__name__}.copy() returned the game itself: it "
                                f"must return a new, independent game")
    return copy


def _stop_reason(raw: dict, native: NativeGame, game: Any) -> StopReason:
    """The stop reason, or the exception the search hit, raised here."""
    if raw["error"] is not None:
        raise raw["error"]
    # A Python game's callback raised: the search unwound, whatever state it ended in.
    if isinstance(native, PythonGameAdapter) and native.exception is not None:
        if isinstance(native.exception, KeyboardInterrupt):
            return StopReason.INTERRUPTED
        raise native.exception
    status = raw["status"]
    if status == "game_callback_failed":
        raise RuntimeError(f"{type(game).__name__} reported a failure during the search "
                           f"(its error flag was set)")
    if status in ("too_many_moves", "too_many_noisy_moves", "too_deep", "out_of_memory",
                  "beyond_reach", "bad_evaluation"):
        raise error_for_status(status, game, native)
    return _STOP_REASONS[status]
