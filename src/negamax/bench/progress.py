"""Where a long report is: a tqdm progress bar on stderr, or plain lines when tqdm is missing."""

from __future__ import annotations

import sys
import time
from typing import Any, Callable, Optional, TextIO

__all__ = ["Progress"]


class Progress:
    """Counts the steps of a report. `step(label)` announces the next step; `advance()` marks
    it done. On a terminal with tqdm installed (the `report` extra) a bar; else (no tqdm, or
    stderr is a log file) a plain line on stderr every few seconds. `stop_check`: called at
    each step, KeyboardInterrupt when it is true (see negamax.bench.cli: a Ctrl-C noted)."""

    #: Seconds between two plain lines.
    PLAIN_INTERVAL = 2.0

    def __init__(self, total: int, enabled: bool = True, stream: Optional[TextIO] = None,
                 stop_check: Optional[Callable[[], bool]] = None):
        self.total = total
        self.stop_check = stop_check
        self.done = 0
        self.enabled = enabled
        self.stream = stream if stream is not None else sys.stderr
        self._bar: Any = None
        self._last_line = 0.0
        if enabled and getattr(self.stream, "isatty", lambda: False)():
            try:
                from tqdm import tqdm
            except ImportError:
                tqdm = None
            if tqdm is not None:
                self._bar = tqdm(total=total, file=self.stream, unit="step", leave=False,
                                 dynamic_ncols=True, bar_format="{desc} {bar} {n_fmt}/{total_fmt} [{elapsed}<{remaining}]")

    def step(self, label: str) -> None:
        """Announce the step about to run."""
        self._check_stop()
        if not self.enabled:
            return
        if self._bar is not None:
            self._bar.set_description_str(f"negamax bench: {label}".ljust(50))
            return
        now = time.monotonic()
        if now - self._last_line >= self.PLAIN_INTERVAL:
            self._last_line = now
            print(f"negamax bench: [{self.done + 1}/{self.total}] {label}", file=self.stream, flush=True)

    def advance(self, count: int = 1) -> None:
        """Mark the current step (or `count` planned steps that were skipped) done."""
        self._check_stop()
        self.done += count
        if self._bar is not None:
            self._bar.update(count)

    def _check_stop(self) -> None:
        if self.stop_check is not None and self.stop_check():
            raise KeyboardInterrupt

    def close(self) -> None:
        """Remove the bar (the report is printed after it)."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None
