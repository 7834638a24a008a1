"""Tables of the report, printed as aligned text on the terminal and as markdown in report.md."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import List, Optional, Sequence

__all__ = ["Table", "count", "rate", "ratio", "seconds", "number"]


@dataclass
class Table:
    """A titled table: a header, rows of cells (already text), notes printed under it.
    Columns whose header starts with "<" are left-aligned, the others right-aligned."""

    title: str
    header: Sequence[str]
    rows: List[Sequence[str]] = field(default_factory=list)
    notes: List[str] = field(default_factory=list)

    def _names(self) -> List[str]:
        return [name.lstrip("<") for name in self.header]

    def _left(self) -> List[bool]:
        return [name.startswith("<") for name in self.header]

    def text(self) -> str:
        """The table as aligned plain text."""
        names = self._names()
        widths = [max([len(name)] + [len(row[i]) for row in self.rows]) for i, name in enumerate(names)]
        left = self._left()

        def line(cells: Sequence[str]) -> str:
            return "  ".join(cell.ljust(width) if is_left else cell.rjust(width)
                             for cell, width, is_left in zip(cells, widths, left)).rstrip()

        out = [self.title, "", line(names), "  ".join("-" * width for width in widths)]
        out.extend(line(row) for row in self.rows)
        out.extend(f"  {note}" for note in self.notes)
        return "\n".join(out)

    def markdown(self, level: int = 3) -> str:
        """The table as a markdown section."""
        names = self._names()
        rules = [":---" if is_left else "---:" for is_left in self._left()]
        out = [f"{'#' * level} {self.title}", "", "| " + " | ".join(names) + " |",
               "| " + " | ".join(rules) + " |"]
        out.extend("| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in self.rows)
        if self.notes:
            out.append("")
            out.extend(f"- {note}" for note in self.notes)
        return "\n".join(out)


def count(value: Optional[int]) -> str:
    """An integer with thousands separators ("-" when missing)."""
    return "-" if value is None else f"{value:,}"


def number(value: Optional[float], digits: int = 2) -> str:
    """A float with `digits` decimals ("-" when missing)."""
    return "-" if value is None or not math.isfinite(value) else f"{value:.{digits}f}"


def rate(value: Optional[float]) -> str:
    """Per-second rate in M/s or k/s."""
    if value is None:
        return "-"
    if value >= 1e6:
        return f"{value / 1e6:,.1f} M/s" if value < 1e8 else f"{value / 1e6:,.0f} M/s"
    return f"{value / 1e3:,.1f} k/s"


def ratio(value: Optional[float]) -> str:
    """A speed ratio such as 36x or 0.56x."""
    if value is None:
        return "-"
    if value >= 100:
        return f"{value:,.0f}x"
    return f"{value:.2f}x" if value < 10 else f"{value:.1f}x"


def seconds(value: Optional[float]) -> str:
    """A duration in s, ms or us."""
    if value is None:
        return "-"
    if value >= 1:
        return f"{value:.2f} s"
    if value >= 1e-3:
        return f"{value * 1e3:.2f} ms"
    return f"{value * 1e6:.0f} us"
