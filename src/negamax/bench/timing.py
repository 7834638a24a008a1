"""Timing: the best of a few runs with time.perf_counter; and the report's stop on Ctrl-C
between the many short searches it runs (see check_stop)."""

from __future__ import annotations

import contextlib
import time
from typing import Any, Callable, Iterator, List, Tuple, TypeVar

import negamax as nm

__all__ = ["best_time", "check_stop", "searched", "stopping_when"]

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
    best = float("inf")
    result = None
    for _ in range(max(1, repeat)):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
        check_stop()
    return best, result  # type: ignore[return-value]
