"""Quoting user input in error messages: at most about 60 characters of it, with its length.
The native modules can use it too (`from negamax.quoting import short_repr`)."""

from __future__ import annotations

from typing import Any

__all__ = ["MAX_QUOTE", "short_repr"]

#: Characters of a user's input an error message quotes at most.
MAX_QUOTE = 60


def short_repr(value: Any, limit: int = MAX_QUOTE) -> str:
    """repr(value), cut to about `limit` characters with the full length said when longer.
    Strings are cut before repr() is taken, so a huge input costs little."""
    if isinstance(value, str) and len(value) > limit:
        return f"{value[:limit]!r}... ({len(value):,} characters)"
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[:limit]}... ({len(text):,} characters)"
