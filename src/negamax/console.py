"""Output the console can take: a stream in a legacy encoding (Windows writes pipes and files
in its ANSI code page, cp1252; a C locale gives ASCII) cannot encode the Unicode chess pieces,
ticks, or a less-or-equal sign in a user's input, and printing them raised UnicodeEncodeError, which lost
the command's output (a whole benchmark report)."""

from __future__ import annotations

import io
import sys
from typing import Dict, Optional, TextIO

__all__ = ["encodes", "printable", "forgive_unencodable_output", "ASCII_FALLBACKS"]

#: ASCII for the characters negamax itself prints, where the stream cannot encode them.
ASCII_FALLBACKS: Dict[str, str] = {
    "\u2713": "ok", "\u2717": "FAIL", "\u00b7": ".", "\u2264": "<=", "\u2265": ">=",
    "\u00d7": "x", "\u2248": "~", "\u2013": "-", "\u2014": "-", "\u2192": "->"}


def encodes(text: str, stream: Optional[TextIO] = None) -> bool:
    """Whether `stream` (default: sys.stdout) can encode `text` as it is."""
    stream = sys.stdout if stream is None else stream
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def printable(text: str, stream: Optional[TextIO] = None) -> str:
    """`text`, or where `stream` cannot encode it, with ASCII_FALLBACKS put in (what is still
    beyond the stream is escaped by it: see forgive_unencodable_output)."""
    if encodes(text, stream):
        return text
    return text.translate({ord(character): ascii for character, ascii in ASCII_FALLBACKS.items()})


def forgive_unencodable_output() -> None:
    """Make sys.stdout escape (\\u2264) what its encoding cannot hold instead of raising, as
    Python's stderr does: the `negamax` command calls it first."""
    stdout = sys.stdout
    # "surrogateescape": Python's stdout in a C locale (ASCII), which raises all the same
    # for characters that are not undecodable bytes.
    if isinstance(stdout, io.TextIOWrapper) and stdout.errors in ("strict", "surrogateescape"):
        try:
            stdout.reconfigure(errors="backslashreplace")
        except (AttributeError, ValueError, OSError):
            pass       # a stream that cannot be reconfigured keeps its own rules
