"""Timing: the best of a few runs with time.perf_counter; and the report's stop on Ctrl-C
between the many short searches it runs (see check_stop)."""

from __future__ import annotations

import contextlib
import math
import time
from typing import Any, Callable, Iterator, List, NamedTuple, Optional, Tuple, TypeVar

import negamax as nm

__all__ = ["best_time", "best_time_for", "best_times_taking_turns", "check_stop", "Timing", "searched", "stopping_when"]

T = TypeVar("T")

# The checks in force (stopping_when): each says whether the report was asked to stop.
_stop_checks: List[Callable[[], bool]] = []


@contextlib.contextmanager
def stopping_when(check: Callable[[], bool]) -> Iterator[None]:
    """While inside, check_stop raises KeyboardInterrupt as soon as `check()` is true."""
    _stop_checks.append(check)
    try:
        yield
    finally:
        _stop_checks.remove(check)


def check_stop() -> None:
    """KeyboardInterrupt once a stop was asked for (negamax.bench.cli notes each Ctrl-C).
    A search that Ctrl-C stops returns what it has instead of raising, so a loop of searches
    would run on to its end: the report's loops call this after each search."""
    if any(check() for check in _stop_checks):
        raise KeyboardInterrupt


def searched(*args: Any, **options: Any) -> Any:
    """negamax.search(*args, **options), then check_stop()."""
    result = nm.search(*args, **options)
    check_stop()
    return result


def best_time(function: Callable[[], T], repeat: int) -> Tuple[float, T]:
    """(fastest wall time in seconds, result of the last call) over `repeat` calls; stops
    between calls when asked to (check_stop)."""
    timing = best_time_for(function, repeat, 0.0, repeat)
    return timing.seconds, timing.result


class Timing(NamedTuple):
    """What best_time_for measured."""

    seconds: float          # the fastest call's wall time
    result: Any             # the last call's result
    calls: int              # how many calls were timed
    inner_seconds: float    # the least inner_seconds(result) over the calls (nan without it)


def best_time_for(function: Callable[[], T], repeat: int, min_seconds: float, max_calls: int,
                  inner_seconds: Optional[Callable[[Any], float]] = None) -> Timing:
    """Time `function`: at least `repeat` calls, more until they have taken `min_seconds`
    together, at most `max_calls` (or `repeat`, if more), stopping between calls when asked
    to (check_stop). A workload of tens of microseconds is so timed hundreds of times, and a
    moment of the machine's other work cannot set its best; one of seconds, `repeat` times.
    `inner_seconds(result)`: a time the call reports of its own part (a search's elapsed),
    whose least is kept too."""
    best = inner_best = math.inf
    result = None
    spent = 0.0
    calls = 0
    while calls < max(1, repeat) or (spent < min_seconds and calls < max_calls):
        start = time.perf_counter()
        result = function()
        took = time.perf_counter() - start
        best = min(best, took)
        if inner_seconds is not None:
            inner_best = min(inner_best, inner_seconds(result))
        spent += took
        calls += 1
        check_stop()
    return Timing(best, result, calls, inner_best if inner_seconds is not None else math.nan)


def best_times_taking_turns(sides: List[Tuple[Callable[[], Any], Optional[Callable[[Any], float]]]],
                            repeat: int, min_seconds: float, max_calls: int,
                            turns: int = 4) -> List[Timing]:
    """best_time_for of each (function, inner_seconds) of `sides`, the sides taking `turns`
    turns each, one after the other (a side's turn is a share of its runs and its time): on
    a shared machine another program's burst of a few seconds then slows every side's
    turns alike, where timing one side after the other let it fall on one side alone (this
    machine's neighbours made one side 20-30% slower for seconds at a time). A turn is long
    enough (many runs, or at least one) for each side to learn its branches again after
    the other's."""
    per_turn_repeat = -(-max(1, repeat) // turns)
    per_turn_calls = max(1, max_calls // turns)
    best: List[Optional[Timing]] = [None] * len(sides)
    for _ in range(turns):
        for index, (function, inner) in enumerate(sides):
            timing = best_time_for(function, per_turn_repeat, min_seconds / turns, per_turn_calls, inner)
            kept = best[index]
            if kept is None:
                best[index] = timing
            else:
                best[index] = Timing(min(kept.seconds, timing.seconds), timing.result,
                                     kept.calls + timing.calls,
                                     kept.inner_seconds if math.isnan(timing.inner_seconds)
                                     else min(kept.inner_seconds, timing.inner_seconds))
    return best  # type: ignore[return-value]
