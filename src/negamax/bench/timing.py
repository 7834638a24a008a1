"""Timing: the best of a few runs with time.perf_counter."""

from __future__ import annotations

import time
from typing import Callable, Tuple, TypeVar

__all__ = ["best_time"]

T = TypeVar("T")


def best_time(function: Callable[[], T], repeat: int) -> Tuple[float, T]:
    """(fastest wall time in seconds, result of the last call) over `repeat` calls."""
    best = float("inf")
    result = None
    for _ in range(max(1, repeat)):
        start = time.perf_counter()
        result = function()
        best = min(best, time.perf_counter() - start)
    return best, result  # type: ignore[return-value]
