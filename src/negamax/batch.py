"""negamax.analyze: search or solve many positions at once, over any executor.

The positions are cut into chunks of consecutive games; each chunk is one task for a
``concurrent.futures.Executor`` (a local process pool by default, a thread pool, or a Dask
cluster's ``Client.get_executor()``), which runs it with ``_run_chunk``. Games and results
pickle, so a chunk can run in another process or on another machine. The results come back
in input order, each the same as a single ``search``/``solve`` of that position would give.
A position that fails becomes an ``AnalysisError`` in its place; the rest of the batch goes on.
"""

from __future__ import annotations

import concurrent.futures as cf
import inspect
import math
import multiprocessing
import numbers
import os
import sys
import traceback as _traceback
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import negamax
from negamax.api import _game_list, stopped_by
from negamax.options import check_bool, check_tt_mb, table_wanted
from negamax.results import AnalysisError, SearchResult, SolveResult

__all__ = ["analyze", "BatchError", "CHUNKS_PER_WORKER"]

#: Default chunks per worker: enough to balance uneven positions, few enough that the cost of
#: a task (pickling, a round trip to the worker) is paid rarely.
CHUNKS_PER_WORKER = 4

#: The most worker processes a pool can have on Windows (concurrent.futures refuses more:
#: it waits on them with WaitForMultipleObjects, which takes 63 handles, two of them its own).
WINDOWS_MAX_WORKERS = 61

Outcome = Union[SearchResult, SolveResult, AnalysisError]


class BatchError(RuntimeError):
    """Raised by ``analyze(..., raise_errors=True)`` once the whole batch has run, when some
    positions failed. ``errors`` lists their AnalysisError records, ``results`` holds every
    outcome in input order."""

    def __init__(self, errors: List[AnalysisError], results: List[Outcome]):
        shown = "; ".join(str(error) for error in errors[:3])
        more = f" (and {len(errors) - 3} more)" if len(errors) > 3 else ""
        super().__init__(f"{len(errors)} of {len(results)} positions failed: {shown}{more}")
        self.errors = errors
        self.results = results

    def __reduce__(self) -> Tuple[Any, Tuple[Any, ...]]:
        # The default rebuilds from the message alone: a worker's BatchError would then
        # fail to unpickle and break its process pool.
        return type(self), (self.errors, self.results)


def analyze(games: Iterable[Any], *, depth: Optional[int] = None, time_limit: Optional[float] = None,
            node_limit: Optional[int] = None, solve: bool = False,
            executor: Optional[cf.Executor] = None, chunksize: Optional[int] = None,
            progress: bool = True, raise_errors: bool = False, workers: Optional[int] = None,
            **options: Any) -> List[Outcome]:
    """Search (or with ``solve=True`` solve) every game and return the results in input order.

    Each result is what ``negamax.search(game, depth=depth, time_limit=time_limit,
    node_limit=node_limit, **options)`` (or ``negamax.solve(game, time_limit=...,
    node_limit=..., **options)``) gives for that game alone; limits apply to each position.

    executor:   any ``concurrent.futures.Executor``: a ThreadPoolExecutor (native games search
                without the GIL), a ProcessPoolExecutor, or ``distributed.Client(...).
                get_executor()`` for a Dask cluster. None: a pool of ``workers`` processes
                (default: every core), started with "spawn" and shut down at the end.
    chunksize:  positions per task (default: about CHUNKS_PER_WORKER tasks per worker).
    progress:   a tqdm progress bar on stderr when stderr is a terminal and tqdm is installed.
    raise_errors: False (default): a position that fails is returned as an AnalysisError
                (its index, the game's repr, the exception's type and message) in its place.
                True: the same, then BatchError is raised at the end if any failed.

    Options are checked once, before any work is sent (a bad algorithm name raises here); a
    problem with one game (a bad game, a Python game that raises) only fails that position.
    """
    games = _game_list("analyze", games)
    solve = check_bool("solve", solve)
    progress = check_bool("progress", progress)
    raise_errors = check_bool("raise_errors", raise_errors)
    call_options = _call_options(solve, depth, time_limit, node_limit, options)
    # Searches running in this process (a thread pool) never see Ctrl-C themselves: on an
    # interrupt this signal stops them within 1,024 nodes, so the pool can be shut down. (A
    # task sent to another process gets a fresh signal of its own, never set.) The searches
    # poll the caller's stop= when given, so that is the one set then.
    interrupt = options.get("stop") or negamax.StopSignal()
    chunksize = _check_count("chunksize", chunksize)
    workers = _check_count("workers", workers)
    if executor is not None and workers is not None:
        raise ValueError("workers sizes the local process pool: give it or an executor, not both")
    if workers is not None and workers > WINDOWS_MAX_WORKERS and sys.platform == "win32":
        raise ValueError(f"workers must be at most {WINDOWS_MAX_WORKERS} on Windows (the most "
                         f"processes a pool can wait on there), got {workers}")
    if executor is not None and (isinstance(executor, type)
                                 or not callable(getattr(executor, "submit", None))):
        raise TypeError(f"executor must be a concurrent.futures.Executor (something with "
                        f"submit()), not {_described(executor)}")
    if options.get("stop") is not None and not isinstance(executor, cf.ThreadPoolExecutor):
        raise ValueError("stop reaches only searches in this process: analyze takes a "
                         "StopSignal with a ThreadPoolExecutor; worker processes (the default "
                         "pool, a ProcessPoolExecutor, Dask) would each get a copy never set. "
                         "Use time_limit or node_limit, or Ctrl-C")
    if not games:
        return []
    pool = _Pool(executor, workers)
    if chunksize is None:
        chunksize = max(1, math.ceil(len(games) / (CHUNKS_PER_WORKER * pool.worker_count())))
    results: List[Optional[Outcome]] = [None] * len(games)
    bar = _progress_bar(len(games), progress)
    try:
        _run_batch(games, solve, call_options, chunksize, pool, results, bar.update, interrupt)
    except BaseException:
        interrupt.set()
        bar.close()
        pool.close(abandon=True)
        raise
    bar.close()
    pool.close()
    outcomes: List[Outcome] = results  # type: ignore[assignment]   # every slot is filled
    errors = [outcome for outcome in outcomes if isinstance(outcome, AnalysisError)]
    if raise_errors and errors:
        raise BatchError(errors, outcomes)
    return outcomes


# --- checking the options once ------------------------------------------------------------

def _call_options(solve: bool, depth: Any, time_limit: Any, node_limit: Any,
                  options: Dict[str, Any]) -> Dict[str, Any]:
    """The keyword arguments of each search/solve call, checked by one call on a tiny tree."""
    function = negamax.solve if solve else negamax.search
    accepted = set(inspect.signature(function).parameters) - {"game", "root_moves"}
    unknown = sorted(set(options) - accepted)
    if unknown:
        raise TypeError(f"analyze() takes no option {', '.join(map(repr, unknown))}; besides "
                        f"its own arguments it takes those of {'solve' if solve else 'search'}() "
                        f"but root_moves: {', '.join(sorted(accepted))}")
    if isinstance(options.get("tt"), negamax.TranspositionTable):
        raise ValueError("analyze cannot share one TranspositionTable between workers: pass "
                         "tt=True (each worker keeps a table of its own, tt_mb megabytes)")
    call = dict(options)
    if depth is not None:
        if solve:
            raise ValueError("solve searches to the end of the game: give no depth with solve=True")
        call["depth"] = depth
    if time_limit is not None:
        call["time_limit"] = time_limit
    if node_limit is not None:
        call["node_limit"] = node_limit
    _check_call(function, call)
    return call


#: The table size of the check call (megabytes): the real tt_mb is for the workers.
CHECK_TT_MB = 1 / 64


def _check_call(function: Callable[..., Any], call: Dict[str, Any]) -> None:
    """Raise what `function` raises for the options `call` (by one call on a tiny tree),
    without a table of their tt_mb in this process: tt_mb is checked, then the call uses a
    tiny table, on a thread of its own, so the caller's thread keeps the table it had."""
    check = dict(call)
    algorithm = "pvs" if function is negamax.solve else check.get("algorithm", "alphabeta")
    if check.get("tt_mb") is not None:
        check_tt_mb(check["tt_mb"])
        check["tt_mb"] = CHECK_TT_MB
    elif table_wanted(algorithm, check.get("tt"), check.get("threads", 1)):
        check["tt_mb"] = CHECK_TT_MB
    try:
        _trial_call(function, check)
    except (TypeError, ValueError):
        if check == call:
            raise
        # The tiny table may be what was refused ("minimax takes no enhancements (asked for
        # tt_mb)"): the caller's own options then say what is wrong in the caller's terms
        # (their table, if any, is made on the trial's thread and goes with it).
        _trial_call(function, dict(call))


def _trial_call(function: Callable[..., Any], options: Dict[str, Any]) -> None:
    """`function` on a tiny tree with `options`, on a thread of its own."""
    with cf.ThreadPoolExecutor(max_workers=1) as thread:
        thread.submit(function, negamax.trees.from_nested([0, 0]), **options).result()


def _check_count(name: str, value: Any) -> Optional[int]:
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if value < 1:
        raise ValueError(f"{name} must be at least 1, got {value}")
    return int(value)


# --- the work of one task (runs in the worker) --------------------------------------------

def _run_chunk(games: Sequence[Any], solve: bool, options: Dict[str, Any],
               first_index: int = 0, interrupt: Optional[negamax.StopSignal] = None) -> List[Outcome]:
    """Search or solve each game of a chunk: the results, or an AnalysisError for a game that
    raised. Uses negamax.search_many/solve_many when the installed negamax has them (the
    per-position Python cost is then paid once per chunk); if that raises, each game is run
    alone to find which one failed. The searches also stop when `interrupt` is set."""
    with stopped_by(interrupt):
        return _chunk_outcomes(games, solve, options, first_index)


def _chunk_outcomes(games: Sequence[Any], solve: bool, options: Dict[str, Any],
                    first_index: int) -> List[Outcome]:
    many = getattr(negamax, "solve_many" if solve else "search_many", None)
    if many is not None and len(games) > 1:
        try:
            return list(many(games, **options))
        except Exception:   # noqa: BLE001 - some position failed: tell which, below
            pass
    one: Callable[..., Any] = negamax.solve if solve else negamax.search
    outcomes: List[Outcome] = []
    for offset, game in enumerate(games):
        try:
            outcomes.append(one(game, **options))
        except Exception as error:   # noqa: BLE001 - reported for this position only
            outcomes.append(_error_record(first_index + offset, game, error))
    return outcomes


def _error_record(index: int, game: Any, error: BaseException) -> AnalysisError:
    try:
        game_repr = repr(game)
    except Exception:   # noqa: BLE001 - a broken __repr__ must not hide the real error
        game_repr = f"<{type(game).__name__}>"
    if len(game_repr) > 200:
        game_repr = game_repr[:197] + "..."
    trace = "".join(_traceback.format_exception(type(error), error, error.__traceback__))
    message = str(error)
    if isinstance(error, cf.BrokenExecutor):
        # The worker's own error went to its stderr: say what kills one, and where to look.
        message += (" (the worker running this position died: a game that fails to unpickle "
                    "there, or native code that crashed; its error is on the workers' stderr, "
                    "and a ThreadPoolExecutor runs it in this process)")
    return AnalysisError(index=index, game_repr=game_repr, exception_type=type(error).__name__,
                         message=message, traceback=trace)


def _described(value: Any) -> str:
    """`value` named for a message: a class as "the class X" (an executor's class given for
    the executor itself), anything else by its type."""
    if isinstance(value, type):
        return f"the class {value.__name__} (make one: {value.__name__}())"
    return type(value).__name__


# --- the executor ---------------------------------------------------------------------------

def _default_workers() -> int:
    """A worker process per core (at most WINDOWS_MAX_WORKERS on Windows)."""
    cores = os.cpu_count() or 1
    return min(cores, WINDOWS_MAX_WORKERS) if sys.platform == "win32" else cores


class _Pool:
    """The caller's executor, or a process pool of our own (replaced if a worker dies)."""

    def __init__(self, executor: Optional[cf.Executor], workers: Optional[int]):
        self.owned = executor is None
        self.workers = workers or _default_workers()
        self.executor = executor if executor is not None else self._new_pool()

    def _new_pool(self) -> cf.Executor:
        return cf.ProcessPoolExecutor(max_workers=self.workers,
                                      mp_context=multiprocessing.get_context("spawn"))

    def worker_count(self) -> int:
        """How many tasks the executor runs at once, as far as it tells."""
        if self.owned:
            return self.workers
        client = getattr(self.executor, "_client", None)     # a Dask ClientExecutor
        if client is not None:
            try:
                return max(1, sum(client.nthreads().values()))
            except Exception:   # noqa: BLE001 - fall back to this machine's cores
                pass
        count = getattr(self.executor, "_max_workers", None)  # thread and process pools
        return count if isinstance(count, int) and count > 0 else (os.cpu_count() or 1)

    def submit(self, *args: Any) -> cf.Future:
        try:
            return self.executor.submit(_run_chunk, *args)
        except cf.BrokenExecutor:
            if not self.owned:
                raise
            self.executor.shutdown(wait=False, cancel_futures=True)
            self.executor = self._new_pool()
            return self.executor.submit(_run_chunk, *args)

    def close(self, abandon: bool = False) -> None:
        """Shut our own pool down (a caller's executor is the caller's): after the batch, once
        its workers are done; when abandoning the batch (Ctrl-C, an error), at once. Its worker
        processes never see the interrupt signal (a Ctrl-C sent to this process alone, `kill
        -INT`, reaches no worker), so they are stopped rather than waited for."""
        if not self.owned:
            return
        if not abandon:
            self.executor.shutdown(wait=True, cancel_futures=True)
            return
        _stop_workers(self.executor)
        self.executor.shutdown(wait=False, cancel_futures=True)


def _stop_workers(executor: cf.Executor) -> None:
    """Terminate the worker processes of a ProcessPoolExecutor: its own method where Python
    has one (3.14), else each process it keeps (a private attribute, read defensively)."""
    terminate = getattr(executor, "terminate_workers", None)
    if callable(terminate):
        terminate()
        return
    processes = getattr(executor, "_processes", None) or {}
    for process in list(processes.values()):
        try:
            process.terminate()
        except Exception:   # noqa: BLE001 - already gone: nothing to stop
            pass


def _run_batch(games: List[Any], solve: bool, options: Dict[str, Any], chunksize: int,
               pool: _Pool, results: List[Optional[Outcome]], advance: Callable[[int], Any],
               interrupt: Optional[negamax.StopSignal] = None) -> None:
    """Fill `results`: every chunk as one task; a task that fails as a whole (a game that
    does not pickle, a worker that died) is split into single positions, each tried once more,
    and what still fails is recorded as that position's error.

    A broken process pool fails every task in it, not only the one whose position killed
    the worker. So a retry lost to a broken pool is not yet counted as failed: it is tried
    once more alone, with nothing else in flight, where only its own position can break the
    pool (a position that kills its worker every time then fails alone, and the rest of the
    batch completes)."""
    first, retry, alone = 0, 1, 2     # attempts: in its chunk, by itself, with nothing beside it
    pending: Dict[cf.Future, Tuple[int, int, int]] = {}   # future -> (start, count, attempt)
    suspects: List[int] = []          # retries lost to a broken pool, to be tried alone

    def submit(start: int, count: int, attempt: int) -> None:
        try:
            future = pool.submit(games[start:start + count], solve, options, start, interrupt)
        except Exception as error:   # noqa: BLE001 - the executor refused the task
            # Dask pickles a task as it is submitted: one game that does not pickle fails
            # the chunk here, and its positions are tried alone as for a chunk that failed.
            if attempt == first and count > 1:
                for index in range(start, start + count):
                    submit(index, 1, retry)
                return
            for index in range(start, start + count):
                results[index] = _error_record(index, games[index], error)
            advance(count)
            return
        if not isinstance(future, cf.Future):
            raise TypeError(f"executor.submit() returned a {type(future).__name__}, not a "
                            f"concurrent.futures.Future: pass an Executor (for Dask, "
                            f"client.get_executor(), not the Client itself)")
        pending[future] = (start, count, attempt)

    def failed(start: int, count: int, attempt: int, error: BaseException) -> None:
        if attempt == first:
            for index in range(start, start + count):
                submit(index, 1, retry)
        elif attempt == retry and isinstance(error, cf.BrokenExecutor):
            suspects.append(start)
        else:
            results[start] = _error_record(start, games[start], error)
            advance(1)

    try:
        for start in range(0, len(games), chunksize):
            submit(start, min(chunksize, len(games) - start), first)
        while pending or suspects:
            if not pending:
                submit(suspects.pop(0), 1, alone)
                continue
            done, _ = cf.wait(list(pending), return_when=cf.FIRST_COMPLETED)
            for future in done:
                start, count, attempt = pending.pop(future)
                try:
                    outcomes = future.result()
                    if len(outcomes) != count:
                        raise RuntimeError(f"a task of {count} positions returned "
                                           f"{len(outcomes)} results")
                except Exception as error:   # noqa: BLE001 - the task failed, not a position
                    failed(start, count, attempt, error)
                    continue
                results[start:start + count] = outcomes
                advance(count)
    except BaseException:
        for future in pending:
            future.cancel()
        raise


class _NoProgress:
    def update(self, count: int) -> None:
        pass

    def close(self) -> None:
        pass


def _progress_bar(total: int, enabled: bool) -> Any:
    """A tqdm bar on stderr when asked for, stderr is a terminal and tqdm is installed."""
    if not enabled or not sys.stderr.isatty():
        return _NoProgress()
    try:
        from tqdm import tqdm
    except ImportError:
        return _NoProgress()
    return tqdm(total=total, unit="pos", desc="analyze", file=sys.stderr)
