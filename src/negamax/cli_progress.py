"""What the command line shows while a long search or solve runs: one line per completed
iteration (when the search reports them), a line every few seconds otherwise, and a hint
on how to bound the work. Everything goes to stderr, so stdout keeps only the result."""

from __future__ import annotations

import inspect
import sys
import threading
import time
from typing import Any, Callable, Dict, Optional, TextIO

import negamax as nm
from negamax.scores import plies_to_end

__all__ = ["Progress", "accepts_on_iteration", "describe_score", "plural_plies", "wants_progress"]

#: Seconds between "still working" lines when no iteration was reported meanwhile.
TICK_SECONDS = 5.0

#: Moves of the principal variation a progress line shows.
PV_SHOWN = 10


def plural_plies(count: int) -> str:
    """'1 ply', '4 plies'."""
    return f"{count} ply" if count == 1 else f"{count} plies"


def describe_score(value: Optional[float], exact: bool) -> str:
    """A search value in words, from the side to move: 'win in 3 plies', 'loss in 1 ply',
    'draw' (only when `exact`), or 'score +12' (a heuristic estimate)."""
    if value is None:
        return "no value yet"
    try:
        distance = plies_to_end(value)
    except ValueError:
        distance = None         # a tree's own number, past every win score: no win
    if distance is not None:
        return f"{'win' if nm.is_win(value) else 'loss'} in {plural_plies(distance)}"
    if exact and value == 0:
        return "draw"
    # "+" shows an int as "+d" would, and a tree's float values too (which "+d" refuses)
    return f"score {value:+}" + ("" if exact else " (heuristic)")


def accepts_on_iteration(function: Callable[..., Any]) -> bool:
    """True when `function` (negamax.search) takes an `on_iteration` callback."""
    try:
        return "on_iteration" in inspect.signature(function).parameters
    except (TypeError, ValueError):
        return False


def wants_progress(option: Optional[bool], stream: TextIO) -> bool:
    """--progress / --no-progress, else: on when `stream` is a terminal."""
    if option is not None:
        return option
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


class Progress:
    """Progress lines on `stream` while a search runs (a context manager).

    `on_iteration(result)` prints the depth, value, nodes, time and start of the principal
    variation of each completed iteration; a background thread prints the elapsed time
    every TICK_SECONDS when nothing else was printed meanwhile (a solve, or a long
    iteration). With enabled=False it prints nothing and starts no thread."""

    def __init__(self, stream: TextIO = sys.stderr, enabled: bool = True, what: str = "searching") -> None:
        self.stream = stream
        self.enabled = enabled
        self.what = what
        self._start = time.monotonic()
        self._last_line = self._start
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._thread: Optional[threading.Thread] = None
        self._depth_shown = 0     # the deepest iteration printed

    def say(self, text: str) -> None:
        """Print one line (when enabled)."""
        if not self.enabled:
            return
        with self._lock:
            print(text, file=self.stream, flush=True)
            self._last_line = time.monotonic()

    def on_iteration(self, result: Any, exact: bool = False) -> None:
        """The callback for search(..., on_iteration=...): one line per iteration; `exact`:
        its value is proven (a completed search to the end), not a heuristic estimate."""
        stats = result.stats
        pv = " ".join(str(move) for move in result.pv[:PV_SHOWN])
        if len(result.pv) > PV_SHOWN:
            pv += " ..."
        self.say(f"  depth {result.depth:>3}  {describe_score(result.value, exact):<22} "
                 f"nodes {stats.nodes:>15,}  {time.monotonic() - self._start:7.1f} s  pv {pv}")
        self._depth_shown = max(self._depth_shown, result.depth)

    def finished(self, result: Any, exact: bool = False) -> None:
        """The search's result: its last iteration gets its line too (search calls
        on_iteration for every iteration but the last, which it returns); `exact` as for
        on_iteration."""
        if self.enabled and result.value is not None and result.depth > self._depth_shown:
            self.on_iteration(result, exact)

    def _tick(self) -> None:
        while not self._stop.wait(0.5):
            now = time.monotonic()
            if now - self._last_line >= TICK_SECONDS:
                self.say(f"  {self.what}... {now - self._start:.0f} s "
                         f"(Ctrl-C stops and prints the best result so far)")

    def __enter__(self) -> "Progress":
        self._start = self._last_line = time.monotonic()
        if self.enabled:
            self._thread = threading.Thread(target=self._tick, name="negamax-progress", daemon=True)
            self._thread.start()
        return self

    def __exit__(self, *exc_info: Any) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()


def search_options(progress: Progress, search: Callable[..., Any] = nm.search) -> Dict[str, Any]:
    """The keyword arguments that hand `progress` to `search`, when it takes them."""
    if progress.enabled and accepts_on_iteration(search):
        return {"on_iteration": progress.on_iteration}
    return {}
