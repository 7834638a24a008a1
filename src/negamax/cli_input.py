"""Reading command-line input without surprises: nested lists of any depth (no recursion),
whole numbers named in their error messages, and error messages cut to a readable length."""

from __future__ import annotations

import re
from typing import Any, List

from negamax.quoting import MAX_QUOTE, short_repr

__all__ = ["MAX_QUOTE", "quote", "shorten_message", "read_nested", "read_count"]

#: Longest error message the command line prints; the middle of a longer one is cut.
MAX_MESSAGE = 400

_NUMBER = r"[-+]?(?:\d[\d_]*(?:\.[\d_]*)?|\.\d[\d_]*)(?:[eE][-+]?\d+)?"
_TOKEN = re.compile(rf"\s*(?:(?P<open>[\[(])|(?P<close>[\])])|(?P<comma>,)|(?P<number>{_NUMBER}))")


def quote(text: Any, limit: int = MAX_QUOTE) -> str:
    """repr() of `text` (as a string), cut to about `limit` characters with its length said."""
    return short_repr(text if isinstance(text, str) else str(text), limit)


def shorten_message(message: str, limit: int = MAX_MESSAGE) -> str:
    """An error message of at most about `limit` characters: the start and the end are kept."""
    if len(message) <= limit:
        return message
    keep = limit // 2
    return f"{message[:keep]} [... {len(message) - 2 * keep:,} characters cut ...] {message[-keep:]}"


def _number(token: str) -> Any:
    try:
        if re.fullmatch(r"[-+]?[\d_]+", token):
            return int(token)
        return float(token)
    except ValueError as error:   # e.g. more digits than int() accepts
        raise ValueError(f"cannot read the number {quote(token)}: {error}") from None


def read_nested(text: str) -> Any:
    """A nested list of numbers written as JSON or a Python literal (`[[3, 4], (8, 5)]`),
    read with an explicit stack, so any depth works. A bare number is a one-leaf tree.

    Raises ValueError naming the position and a short quote of what could not be read."""
    if not isinstance(text, str):
        raise TypeError(f"the tree must be given as text, not {type(text).__name__}")
    stack: List[List[Any]] = []
    result: Any = None
    done = False
    expect_item = True                 # after '[' or ',': an item (or a closing bracket)
    position = 0
    length = len(text)
    while True:
        while position < length and text[position].isspace():
            position += 1
        if position == length:
            break
        if done:
            raise ValueError(f"unexpected {quote(text[position:position + 20])} at character "
                             f"{position} after the end of the tree")
        match = _TOKEN.match(text, position)
        if match is None:
            raise ValueError(f"cannot read the tree at character {position}: "
                             f"{quote(text[position:position + 20])}; write it as a nested list "
                             f"of numbers, e.g. '[[3, 4], [8, 5]]'")
        kind = match.lastgroup
        if kind == "open":
            if not expect_item:
                raise ValueError(f"missing ',' before character {match.start('open')}")
            stack.append([])
            expect_item = True
        elif kind == "close":
            if not stack:
                raise ValueError(f"unmatched {match.group('close')!r} at character {match.start('close')}")
            node = stack.pop()
            if stack:
                stack[-1].append(node)
                expect_item = False
            else:
                result, done = node, True
        elif kind == "comma":
            if expect_item or not stack:
                raise ValueError(f"unexpected ',' at character {match.start('comma')}")
            expect_item = True
        else:
            if not expect_item:
                raise ValueError(f"missing ',' before character {match.start('number')}")
            value = _number(match.group("number"))
            if stack:
                stack[-1].append(value)
                expect_item = False
            else:
                result, done = value, True
        position = match.end()
    if stack:
        raise ValueError(f"the tree ends with {len(stack):,} unclosed bracket(s)")
    if not done:
        raise ValueError("give the tree as a nested list, e.g. '[[3, 4], [8, 5]]'")
    return result


def read_count(text: str, name: str, minimum: int = 0) -> int:
    """A whole number from the command line; ValueError naming `name` otherwise."""
    try:
        value = int(text)
    except ValueError:
        raise ValueError(f"{name} must be a whole number, got {quote(text)}") from None
    if value < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {value}")
    return value
