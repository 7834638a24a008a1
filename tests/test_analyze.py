"""negamax.analyze: many positions over an executor, each result the same as a single call.

The oracle for every result is a plain negamax.search / negamax.solve of that position alone,
compared field by field (all but the elapsed time)."""

from __future__ import annotations

import concurrent.futures as cf
import io
import multiprocessing

import pytest

import negamax as nm
import negamax.batch as batch
from helpers import sends_sigint_to_a_child
from keyed_nim import Nim, NimThatKillsItsWorker, SlowNim

ConnectFour = nm.games.ConnectFour
TicTacToe = nm.games.TicTacToe


class NimThatRaises(Nim):
    """Nim whose evaluation fails once a heap is empty: a Python game that raises mid-search."""

    def evaluate(self):
        if 0 in self.heaps:
            raise ArithmeticError("this evaluation cannot count to zero")
        return super().evaluate()


class NimThatDoesNotPickle(Nim):
    """Nim holding a lambda: it cannot travel to another process."""

    def __init__(self, heaps):
        super().__init__(heaps)
        self.hook = lambda: None


def positions():
    """A mixed batch: both built-in games, trees and a Python game."""
    games = [ConnectFour(moves) for moves in ("", "4453", "44", "1234567", "3344", "71", "444555")]
    games += [TicTacToe(), TicTacToe("x...o...."), TicTacToe("xo.......")]
    games += [nm.trees.from_nested([[[3, 4], [8, [-2, 10], 5]], 7]), nm.trees.uniform(3, 5, seed=2)]
    games += [Nim([1, 2, 3]), ConnectFour("5", width=6, height=5)]
    return games


def fields(result):
    """Everything in a result but the time it took."""
    if isinstance(result, nm.AnalysisError):
        return result
    names = ("value", "best_move", "pv", "depth", "stats", "stop_reason", "algorithm",
             "outcome", "plies", "lower", "upper", "score", "weak")
    return tuple(getattr(result, name, None) for name in names)


def expected(games, solve=False, **options):
    one = nm.solve if solve else nm.search
    return [fields(one(game, **options)) for game in games]


@pytest.fixture(scope="module")
def threads():
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        yield pool


@pytest.mark.parametrize("chunksize", [None, 1, 3, 100])
def test_results_are_single_searches_in_input_order(threads, chunksize):
    games = positions()
    got = nm.analyze(games, depth=5, executor=threads, chunksize=chunksize)
    assert [fields(r) for r in got] == expected(games, depth=5)


@pytest.mark.parametrize("options", [
    dict(algorithm="pvs", tt=True),
    dict(algorithm="mtdf", tt_mb=4),
    dict(algorithm="minimax"),
    dict(algorithm="alphabeta", killers=True, history=True),
    dict(algorithm="alphabeta", ordering=False),
])
def test_search_options_reach_every_search(threads, options):
    games = positions()
    got = nm.analyze(games, depth=4, executor=threads, chunksize=2, **options)
    assert [fields(r) for r in got] == expected(games, depth=4, **options)


def test_node_limits_are_per_position(threads):
    games = [ConnectFour(moves) for moves in ("", "4", "44", "443")]
    got = nm.analyze(games, node_limit=3000, executor=threads)
    assert [fields(r) for r in got] == expected(games, node_limit=3000)
    assert all(r.stop_reason is nm.StopReason.NODE_LIMIT and r.stats.nodes <= 3000 for r in got)


def test_solve_many(threads):
    games = [TicTacToe(), TicTacToe("x...o...."), Nim([1, 2, 3]), Nim([2, 2]),
             ConnectFour("2252576253462244111563365343671351441"), ConnectFour("", width=5, height=4),
             nm.trees.from_nested([[3, 4], [8, 5]])]
    got = nm.analyze(games, solve=True, executor=threads, chunksize=2)
    assert [fields(r) for r in got] == expected(games, solve=True)
    weak = nm.analyze(games, solve=True, weak=True, executor=threads)
    assert [fields(r) for r in weak] == expected(games, solve=True, weak=True)
    # Nim with heaps xoring to 0 is lost; 5x4 Connect Four is a draw (Tromp); the tree's value is 5.
    assert [r.outcome for r in got] == ["draw", "draw", "loss", "loss", "loss", "draw", "win"]


def test_the_default_process_pool_gives_the_same_results():
    games = positions()
    got = nm.analyze(games, depth=5, workers=2, progress=False)
    assert [fields(r) for r in got] == expected(games, depth=5)


def test_a_position_that_kills_its_worker_fails_alone():
    # The killer breaks the pool, then breaks the new pool again on its retry, taking the
    # retries in flight beside it down too: those are tried once more alone, so only the
    # killer is reported failed and every other position equals its single search.
    games = [NimThatKillsItsWorker([1, 2])] + [SlowNim([2, 3]) for _ in range(6)]
    got = nm.analyze(games, depth=3, workers=2, chunksize=1, progress=False)
    error = got[0]
    assert isinstance(error, nm.AnalysisError) and error.index == 0
    assert "Broken" in error.exception_type
    # The pool's own words ("terminated abruptly") name no cause: the record says where to look.
    assert "the worker running this position died" in error.message
    assert "ThreadPoolExecutor" in error.message
    assert [fields(r) for r in got[1:]] == expected(games[1:], depth=3)


def test_checking_the_options_makes_no_table_of_their_size_here(monkeypatch):
    # The workers make tables of tt_mb; the process that only checks the options must not
    # (a small Dask client asking for 1 GB tables), nor replace the table its thread keeps.
    import negamax.api as api

    nm.search(nm.games.TicTacToe(), depth=2, tt=True, tt_mb=1)
    kept = api._thread_tables.table
    made = []
    real = api._new_table

    def recording(mb):
        made.append(mb)
        return real(mb)

    monkeypatch.setattr(api, "_new_table", recording)
    for solve in (False, True):
        batch._call_options(solve, None, None, None, {"tt": True, "tt_mb": 1024})
        batch._call_options(solve, None, None, None, {})
    assert made and max(made) <= batch.CHECK_TT_MB
    assert api._thread_tables.table is kept
    with pytest.raises(ValueError, match="tt_mb"):
        batch._call_options(True, None, None, None, {"tt_mb": -1})


def test_a_process_pool_of_the_callers_own():
    games = positions() + [NimThatDoesNotPickle([1, 1])] + [TicTacToe("x........")]
    context = multiprocessing.get_context("spawn")
    with cf.ProcessPoolExecutor(max_workers=2, mp_context=context) as pool:
        got = nm.analyze(games, depth=4, executor=pool, chunksize=3)
    assert [fields(r) for r in got[:-2]] == expected(games[:-2], depth=4)
    # The game that cannot be pickled fails alone: its chunk is retried position by position.
    error = got[-2]
    assert isinstance(error, nm.AnalysisError) and error.index == len(games) - 2
    assert "pickle" in error.message.lower() or "pickl" in error.exception_type.lower()
    assert fields(got[-1]) == fields(nm.search(games[-1], depth=4))


# --- errors -----------------------------------------------------------------------------

def test_a_bad_position_fails_alone(threads):
    games = [TicTacToe(), "not a game", NimThatRaises([1, 2]), ConnectFour("44"), None,
             nm.trees.from_nested([1, 2])]
    got = nm.analyze(games, depth=3, executor=threads, chunksize=2)
    for index in (0, 3, 5):
        assert fields(got[index]) == fields(nm.search(games[index], depth=3))
    errors = {r.index: r for r in got if isinstance(r, nm.AnalysisError)}
    assert sorted(errors) == [1, 2, 4]
    assert errors[1].exception_type == "TypeError" and "cannot search a str" in errors[1].message
    assert errors[1].game_repr == "'not a game'"
    assert errors[2].exception_type == "ArithmeticError"
    assert errors[2].message == "this evaluation cannot count to zero"
    assert "evaluate" in errors[2].traceback
    assert errors[4].game_repr == "None"


def test_a_game_that_only_fails_for_some_options(threads):
    # maximizing is for trees only: the Connect Four position fails, the tree is searched.
    games = [nm.trees.from_nested([[3, 4], [8, 5]]), ConnectFour("4")]
    got = nm.analyze(games, depth=2, maximizing=False, executor=threads)
    assert got[0].value == 4
    assert isinstance(got[1], nm.AnalysisError) and "trees only" in got[1].message


def test_raise_errors(threads):
    games = [TicTacToe(), "bad", TicTacToe("x........"), 7]
    with pytest.raises(nm.BatchError) as caught:
        nm.analyze(games, depth=2, executor=threads, raise_errors=True)
    assert [e.index for e in caught.value.errors] == [1, 3]
    assert caught.value.results[0].value == nm.search(TicTacToe(), depth=2).value
    assert "2 of 4 positions failed" in str(caught.value)
    assert nm.analyze(games[:1], depth=2, executor=threads, raise_errors=True)[0].value is not None


@pytest.mark.parametrize("call, error, words", [
    (dict(algorithm="bogus"), ValueError, "bogus"),
    (dict(depth=-1), ValueError, "depth"),
    (dict(depth=1.5), TypeError, "depth"),
    (dict(time_limit=-2), ValueError, "time_limit"),
    (dict(deepth=3), TypeError, "deepth"),
    (dict(solve=True, depth=3), ValueError, "no depth"),
    (dict(solve=True, algorithm="pvs"), TypeError, "algorithm"),
    (dict(solve="yes"), TypeError, "solve"),
    (dict(tt=nm.TranspositionTable(1)), ValueError, "tt=True"),
    (dict(chunksize=0), ValueError, "chunksize"),
    (dict(chunksize=2.0), TypeError, "chunksize"),
    (dict(workers=0), ValueError, "workers"),
    (dict(workers=2, executor=cf.ThreadPoolExecutor(1)), ValueError, "workers"),
    (dict(executor="dask://localhost:8786"), TypeError, "executor"),
    (dict(progress="no"), TypeError, "progress"),
])
def test_bad_options_raise_before_any_work(call, error, words, monkeypatch):
    def no_work(*args, **kwargs):
        raise AssertionError("work was sent")
    monkeypatch.setattr(batch, "_run_batch", no_work)
    with pytest.raises(error, match=words):
        nm.analyze([TicTacToe()], **call)


def test_no_positions(threads):
    assert nm.analyze([], executor=threads) == []
    assert nm.analyze(iter(()), depth=2) == []          # no pool is started for nothing


def test_any_iterable_of_games(threads):
    got = nm.analyze((TicTacToe(m) for m in ("x........", ".x.......")), depth=2, executor=threads)
    assert [fields(r) for r in got] == expected([TicTacToe("x........"), TicTacToe(".x.......")], depth=2)


# --- chunks and the engine's batch calls --------------------------------------------------

def test_chunks_go_through_search_many_when_the_engine_has_it(threads, monkeypatch):
    calls = []

    def search_many(games, **options):
        calls.append(len(games))
        return [nm.search(game, **options) for game in games]

    monkeypatch.setattr(nm, "search_many", search_many, raising=False)
    games = [TicTacToe(), TicTacToe("x........"), TicTacToe(".x......."), TicTacToe("....x....")]
    got = nm.analyze(games, depth=3, executor=threads, chunksize=2)
    assert sorted(calls) == [2, 2]
    assert [fields(r) for r in got] == expected(games, depth=3)


def test_a_failing_search_many_is_retried_position_by_position(monkeypatch):
    def search_many(games, **options):
        raise ValueError("one of them is bad")

    monkeypatch.setattr(nm, "search_many", search_many, raising=False)
    got = batch._run_chunk([TicTacToe(), "bad", TicTacToe("x........")], False, {"depth": 2}, 10)
    assert fields(got[0]) == fields(nm.search(TicTacToe(), depth=2))
    assert isinstance(got[1], nm.AnalysisError) and got[1].index == 11
    assert fields(got[2]) == fields(nm.search(TicTacToe("x........"), depth=2))


def test_default_chunks_are_about_four_per_worker(monkeypatch):
    sizes = []
    real = batch._run_chunk

    def recording(games, *args):
        sizes.append(len(games))
        return real(games, *args)

    monkeypatch.setattr(batch, "_run_chunk", recording)
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        nm.analyze([TicTacToe()] * 40, depth=1, executor=pool)
    assert sorted(sizes) == [5] * 8                 # 40 positions, 2 workers, 4 chunks each


def test_a_task_that_fails_as_a_whole_is_split(monkeypatch):
    """A chunk that fails outside the searches (here: the executor's first attempt) is run
    again one position at a time; a position that fails twice becomes its error record."""

    class Flaky(cf.ThreadPoolExecutor):
        def __init__(self):
            super().__init__(max_workers=2)
            self.attempts = 0

        def submit(self, fn, games, *args):
            self.attempts += 1
            if len(games) > 1 or "poison" in games:
                def fail():
                    raise ConnectionError("the worker went away")
                return super().submit(fail)
            return super().submit(fn, games, *args)

    games = [TicTacToe(), TicTacToe("x........"), "poison", TicTacToe(".x.......")]
    with Flaky() as pool:
        got = nm.analyze(games, depth=2, executor=pool, chunksize=4)
    assert pool.attempts == 1 + 4          # the chunk, then each position once
    assert [fields(r) for i, r in enumerate(got) if i != 2] == expected(
        [g for i, g in enumerate(games) if i != 2], depth=2)
    assert got[2].exception_type == "ConnectionError" and got[2].index == 2


def test_an_executor_that_pickles_at_submit_fails_only_the_game_that_does_not_pickle():
    # Dask's executor pickles a task in submit() and raises there: the chunk is split as one
    # that failed in a worker, and only the game that cannot travel fails.
    import pickle

    class PicklesAtSubmit(cf.ThreadPoolExecutor):
        def submit(self, fn, *args, **kwargs):
            pickle.dumps((fn, args))
            return super().submit(fn, *args, **kwargs)

    games = [Nim([1, 2, 3]), TicTacToe("x........"), NimThatDoesNotPickle([1, 2])]
    with PicklesAtSubmit(max_workers=2) as pool:
        got = nm.analyze(games, depth=3, executor=pool, chunksize=3, progress=False)
    assert [fields(r) for r in got[:2]] == expected(games[:2], depth=3)
    assert isinstance(got[2], nm.AnalysisError) and got[2].index == 2


def test_an_executor_whose_futures_are_not_concurrent_futures_is_named():
    class NotAnExecutor:          # what a Dask Client looks like: submit() of its own futures
        def submit(self, fn, *args, **kwargs):
            return object()

    with pytest.raises(TypeError, match="not a concurrent.futures.Future"):
        nm.analyze([TicTacToe()], depth=1, executor=NotAnExecutor(), progress=False)


# --- progress -------------------------------------------------------------------------------

class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_progress_bar_on_a_terminal_only(threads, monkeypatch):
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    nm.analyze([TicTacToe()] * 6, depth=1, executor=threads)
    assert "6/6" in terminal.getvalue()
    quiet = _Terminal()
    monkeypatch.setattr("sys.stderr", quiet)
    nm.analyze([TicTacToe()] * 6, depth=1, executor=threads, progress=False)
    assert quiet.getvalue() == ""
    piped = io.StringIO()
    monkeypatch.setattr("sys.stderr", piped)
    nm.analyze([TicTacToe()] * 6, depth=1, executor=threads)
    assert piped.getvalue() == ""


def test_a_stop_signal_is_refused_where_it_cannot_reach_the_searches():
    # A worker process gets a copy of the signal that the caller can never set: such an
    # analyze would run to its end whatever the caller did.
    signal = nm.StopSignal()
    games = [nm.games.TicTacToe()]
    with pytest.raises(ValueError, match="ThreadPoolExecutor"):
        nm.analyze(games, stop=signal, progress=False)
    with cf.ProcessPoolExecutor(max_workers=1) as processes:
        with pytest.raises(ValueError, match="ThreadPoolExecutor"):
            nm.analyze(games, stop=signal, executor=processes, progress=False)
    with cf.ThreadPoolExecutor(max_workers=2) as threads:
        signal.set()
        results = nm.analyze(games * 2, stop=signal, executor=threads, progress=False,
                             algorithm="pvs")
    assert [r.stop_reason for r in results] == [nm.StopReason.INTERRUPTED] * 2


@pytest.mark.parametrize("option", ["root_moves", "on_iteraton"])
def test_an_option_analyze_does_not_take_is_named_as_analyze_s(option):
    """It said "search() takes no option 'root_moves'", which search() does take."""
    with pytest.raises(TypeError, match=rf"analyze\(\) takes no option '{option}'; .* search\(\) but root_moves"):
        nm.analyze([nm.games.TicTacToe()], **{option: [4]}, progress=False)


SCRIPT_CTRL_C_WITH_STOP = """
import concurrent.futures as cf, sys, time
import negamax as nm
stop = nm.StopSignal()
games = [nm.games.ConnectFour(m) for m in ("", "4")]     # hours each
try:
    with cf.ThreadPoolExecutor(2) as pool:
        print("searching", flush=True)
        nm.analyze(games, solve=True, executor=pool, progress=False, stop=stop)
except KeyboardInterrupt:
    print("interrupted", stop.is_set(), flush=True)
"""


@sends_sigint_to_a_child
def test_ctrl_c_stops_a_thread_pool_batch_given_a_stop_signal():
    """With stop= the searches polled the caller's signal, not the one analyze sets on
    Ctrl-C: the `with ThreadPoolExecutor` block then waited hours for them."""
    import subprocess
    import sys
    from helpers import interrupt_after
    process = subprocess.Popen([sys.executable, "-c", SCRIPT_CTRL_C_WITH_STOP],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    out, err = interrupt_after(process, 3.0, timeout=30)
    assert "interrupted True" in out, (out, err[-2000:])
    assert process.returncode == 0


def test_batches_and_executors_named_when_wrong():
    with pytest.raises(TypeError, match="search_many takes an iterable of games"):
        nm.search_many(None)
    with pytest.raises(TypeError, match="solve_many takes an iterable of games"):
        nm.solve_many(5)
    with pytest.raises(TypeError, match="the class ThreadPoolExecutor"):
        nm.analyze([Nim([1])], executor=cf.ThreadPoolExecutor)


def test_windows_pools_keep_to_61_workers(monkeypatch):
    # concurrent.futures refuses more than 61 worker processes on Windows: a machine of 64
    # cores failed every analyze() by default, and workers=62 with its message.
    monkeypatch.setattr(batch.os, "cpu_count", lambda: 64)
    assert batch._default_workers() == 64
    monkeypatch.setattr(batch.sys, "platform", "win32")
    assert batch._default_workers() == 61
    with pytest.raises(ValueError, match="workers must be at most 61 on Windows"):
        nm.analyze([nm.games.TicTacToe()], workers=62, progress=False)
