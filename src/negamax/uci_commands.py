"""Parsing the commands a UCI GUI sends: `position`, `go` and `setoption`.

Each parser takes the words after the command name and returns a small value, or raises
UciCommandError (a ValueError) naming what is wrong; the engine answers such errors with an
``info string`` and carries on. `go` is the exception: as the UCI protocol asks, a token it
cannot use is skipped and the rest of the line is read, so every `go` still starts a search
and ends with `bestmove` (a GUI waits for it); what was skipped or adjusted is listed in
`GoCommand.problems`, for the engine to explain.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple

__all__ = ["UciCommandError", "GoCommand", "PositionCommand", "parse_go", "parse_position",
           "parse_setoption", "quote"]


class UciCommandError(ValueError):
    """A command from the GUI that cannot be understood."""


def quote(text: str, limit: int = 60) -> str:
    """`text` in quotes, cut to `limit` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


@dataclass(frozen=True)
class GoCommand:
    """The limits of one `go` command (times in seconds)."""

    depth: Optional[int] = None
    nodes: Optional[int] = None
    movetime: Optional[float] = None
    wtime: Optional[float] = None
    btime: Optional[float] = None
    winc: float = 0.0
    binc: float = 0.0
    movestogo: Optional[int] = None
    mate: Optional[int] = None
    infinite: bool = False
    ponder: bool = False
    searchmoves: Tuple[str, ...] = field(default=())
    problems: Tuple[str, ...] = field(default=())   #: tokens skipped or values adjusted, explained

    @property
    def has_clock(self) -> bool:
        """True when a clock (wtime or btime) was given."""
        return self.wtime is not None or self.btime is not None

    @property
    def unbounded(self) -> bool:
        """True when only `stop` ends the search: `go infinite`, `go ponder` or a bare `go`."""
        return self.infinite or self.ponder or not (
            self.depth is not None or self.nodes is not None or self.movetime is not None
            or self.has_clock or self.mate is not None)


@dataclass(frozen=True)
class PositionCommand:
    """A `position` command: a FEN (None for the start position) and moves played from it."""

    fen: Optional[str]
    moves: Tuple[str, ...]


_INT_FIELDS = {"depth": 1, "nodes": 1, "movestogo": 1, "mate": 1}
_MILLISECOND_FIELDS = ("movetime", "wtime", "btime", "winc", "binc")
MAX_CLOCK_MS = 10**12
_FLAGS = ("infinite", "ponder")
#: What bounds a search (movestogo and the increments only shape a clock's budget).
_LIMITS = ("depth", "nodes", "mate", "movetime", "wtime", "btime", "infinite")


def _integer(name: str, text: Optional[str]) -> int:
    if text is None:
        raise UciCommandError(f"go {name} needs a number")
    try:
        return int(text)
    except ValueError:
        raise UciCommandError(f"go {name} needs an integer, not {quote(text)}") from None


def _is_keyword(word: str) -> bool:
    return word in _INT_FIELDS or word in _MILLISECOND_FIELDS or word in _FLAGS or word == "searchmoves"


def parse_go(words: Sequence[str]) -> GoCommand:
    """The limits of `go ...` (the words after `go`). Never raises: following the UCI
    protocol, an unknown token is skipped and the rest of the line is read. A limit without
    a usable number is skipped; depth, nodes, movestogo and mate below 1 count as 1, a
    negative movetime as 0 (clock times may be negative: a GUI that is late). Each such
    case is listed in `problems`."""
    values: dict = {}
    problems: List[str] = []
    unreadable: List[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        following = words[index + 1] if index + 1 < len(words) else None
        if word in _FLAGS:
            values[word] = True
            index += 1
        elif word == "searchmoves":
            moves: List[str] = []
            index += 1
            while index < len(words) and not _is_keyword(words[index]):
                moves.append(words[index])
                index += 1
            values["searchmoves"] = tuple(moves)
        elif word in _INT_FIELDS or word in _MILLISECOND_FIELDS:
            try:
                number = _integer(word, following)
            except UciCommandError as error:
                problems.append(f"{error}: ignored")
                unreadable.append(word)
                # A number that is not one is consumed; a keyword is read next.
                index += 1 if following is None or _is_keyword(following) else 2
                continue
            index += 2
            if word in _INT_FIELDS:
                if number < _INT_FIELDS[word]:
                    problems.append(f"go {word} must be at least {_INT_FIELDS[word]}, not {number}: "
                                    f"{word} {_INT_FIELDS[word]} is used")
                    number = _INT_FIELDS[word]
                values[word] = number
            else:
                if word == "movetime" and number < 0:
                    problems.append(f"go movetime must not be negative, not {number}: movetime 0 is used")
                    number = 0
                # Beyond 10**12 ms (31 years) a clock is as good as endless; clamped, it stays
                # a float and a timer's interval (10**309 overflowed one; 10**20 a timer).
                values[word] = max(-MAX_CLOCK_MS, min(number, MAX_CLOCK_MS)) / 1000.0
        else:
            problems.append(f"unknown go parameter {quote(word)}: ignored")
            index += 1
    unreadable = [name for name in unreadable if name in _LIMITS]
    if unreadable and not any(name in values for name in _LIMITS):
        # The GUI asked for a bounded search whose bound cannot be read: the smallest one,
        # never a search without end (which `go` alone would be).
        for name in unreadable:
            values[name] = _INT_FIELDS[name] if name in _INT_FIELDS else 0.0
        problems.append(f"no readable limit is left: go {' '.join(_smallest(name) for name in unreadable)} "
                        f"is used")
    values.setdefault("winc", 0.0)
    values.setdefault("binc", 0.0)
    return GoCommand(problems=tuple(problems), **values)


def _smallest(name: str) -> str:
    return f"{name} {_INT_FIELDS[name] if name in _INT_FIELDS else 0}"


def parse_position(words: Sequence[str]) -> PositionCommand:
    """`position startpos [moves ...]` or `position fen FEN [moves ...]` (the words after
    `position`). The FEN is every word up to `moves`; the game checks it."""
    if not words:
        raise UciCommandError("position needs 'startpos' or 'fen ...'")
    if "moves" in words:
        split = list(words).index("moves")
        head, moves = list(words[:split]), tuple(words[split + 1:])
    else:
        head, moves = list(words), ()
    if not head:
        raise UciCommandError("position needs 'startpos' or 'fen ...' before 'moves'")
    if head[0] == "startpos":
        if len(head) > 1:
            raise UciCommandError(f"unexpected {quote(' '.join(head[1:]))} after position startpos")
        return PositionCommand(fen=None, moves=moves)
    if head[0] == "fen":
        if len(head) < 2:
            raise UciCommandError("position fen needs a FEN")
        return PositionCommand(fen=" ".join(head[1:]), moves=moves)
    raise UciCommandError(f"position needs 'startpos' or 'fen ...', not {quote(head[0])}")


def parse_setoption(words: Sequence[str]) -> Tuple[str, Optional[str]]:
    """(name, value) of `setoption name NAME [value VALUE]`; names may have spaces, value is
    None for a button."""
    if not words or words[0] != "name":
        raise UciCommandError("setoption needs 'name NAME [value VALUE]'")
    rest = list(words[1:])
    if "value" in rest:
        split = rest.index("value")
        name, value = " ".join(rest[:split]), " ".join(rest[split + 1:])
    else:
        name, value = " ".join(rest), None
    if not name:
        raise UciCommandError("setoption needs an option name")
    return name, value
