"""PDN notation of English draughts: positions as FEN strings, moves as square numbers.

A FEN names the side to move and each side's pieces on the squares 1-32, kings marked ``K``:
``"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"`` is the start, black
to move. Ranges such as ``W21-32`` are read too. A move is ``"11-15"``; a capture lists every
square it lands on, ``"18x11x2"``, so that each move string names one move."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import List, Tuple

__all__ = ["START_FEN", "CheckersOutcome", "parse_fen", "format_fen", "parse_move", "quote"]

#: The standard start position: black men on 1-12, white men on 21-32, black to move.
START_FEN = "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12"

# re.ASCII: \d is 0-9 only (not the digits of other scripts, which int() reads as well).
# No two whitespace runs stand side by side (a run would be split between them in every way,
# a time quadratic in its length before a long bad string fails).
_MOVE_PATTERN = re.compile(r"^\s*(\d{1,2})(?:\s*(-)\s*(\d{1,2})|((?:\s*[xX]\s*\d{1,2})+))\s*$", re.ASCII)
_SPACE_INSIDE = re.compile(r"[^:,\s]\s+[^:,\s]")
_SQUARE_PATTERN = re.compile(r"^(K?)(\d{1,2})(?:-(\d{1,2}))?$", re.ASCII)


@dataclass(frozen=True)
class CheckersOutcome:
    """How a game of checkers ended: ``winner`` is 1 (black), -1 (white) or 0 (a draw);
    ``reason`` is "no legal move", "threefold repetition" or "forty-move rule"."""

    winner: int
    reason: str


def quote(text: object, limit: int = 60) -> str:
    """The repr of `text`, cut to about `limit` characters for error messages."""
    shown = repr(text)
    return shown if len(shown) <= limit else shown[: limit - 3] + "..."


def parse_fen(fen: str) -> Tuple[int, int, int, int]:
    """Read a PDN FEN: (black bitboard, white bitboard, kings bitboard, side to move), where bit
    i stands for square i + 1 and the side is 0 for black, 1 for white. Raises ValueError
    naming the first thing wrong."""
    if not isinstance(fen, str):
        raise TypeError(f"a checkers FEN is a string such as {START_FEN!r}, not {type(fen).__name__}")
    # Spaces may stand around ':' and ',' and after a colour letter ("W 21, 22"), never inside
    # a square number or piece ("W2 1" is no square 21). Split and stripped, not by regular
    # expressions: those take a time quadratic in a long run of spaces or letters.
    fields = [",".join(item.strip() for item in field.split(","))
              for field in fen.strip().split(":")]
    fields[-1] = fields[-1].rstrip(".").rstrip()
    fields = [field[0] + field[1:].lstrip() if field[:1] in ("B", "W", "b", "w") else field
              for field in fields]
    for field in fields:
        for item in field.split(","):
            if _SPACE_INSIDE.search(item):
                raise ValueError(f"bad FEN {quote(fen)}: a space inside {quote(item)}: separate "
                                 f"squares with ',' and the fields with ':'")
    if len(fields) != 3:
        raise ValueError(f"bad FEN {quote(fen)}: expected three fields separated by ':' "
                         f"(side to move, then each side's pieces), e.g. 'B:W21,22:B1,2,K3'")
    side_text = fields[0].upper()
    if side_text not in ("B", "W"):
        raise ValueError(f"bad FEN {quote(fen)}: the side to move must be 'B' or 'W', "
                         f"not {quote(fields[0])}")
    pieces = {}
    for field in fields[1:]:
        colour = field[:1].upper()
        if colour not in ("B", "W"):
            raise ValueError(f"bad FEN {quote(fen)}: each piece list starts with 'B' or 'W', "
                             f"not {quote(field[:1])}")
        if colour in pieces:
            raise ValueError(f"bad FEN {quote(fen)}: two piece lists for "
                             f"{'black' if colour == 'B' else 'white'}")
        pieces[colour] = _read_pieces(field[1:], fen)
    black_men, black_kings = pieces["B"]
    white_men, white_kings = pieces["W"]
    black = black_men | black_kings
    white = white_men | white_kings
    both = black & white
    if both:
        raise ValueError(f"bad FEN {quote(fen)}: square {_lowest_square(both)} holds a black and a white piece")
    for name, own in (("black", black), ("white", white)):
        if bin(own).count("1") > 12:
            raise ValueError(f"bad FEN {quote(fen)}: {name} has {bin(own).count('1')} pieces, at most 12")
    if black_men & 0xF0000000:
        raise ValueError(f"bad FEN {quote(fen)}: a black man on square {_lowest_square(black_men & 0xF0000000)} "
                         f"(the last row) would have been crowned: write it as a king, K")
    if white_men & 0x0000000F:
        raise ValueError(f"bad FEN {quote(fen)}: a white man on square {_lowest_square(white_men & 0xF)} "
                         f"(the last row) would have been crowned: write it as a king, K")
    waiting, waiting_name, mover_name = ((white, "white", "black") if side_text == "B"
                                         else (black, "black", "white"))
    if waiting == 0:
        # A side loses its last piece to a capture, after which it is to move (and has lost):
        # with the other side to move, the game went on after its end.
        raise ValueError(f"bad FEN {quote(fen)}: {waiting_name} has no pieces with {mover_name} "
                         f"to move: a side that loses its last piece is the one to move then "
                         f"(and has lost)")
    return black, white, black_kings | white_kings, 0 if side_text == "B" else 1


def _lowest_square(bits: int) -> int:
    return (bits & -bits).bit_length()


def _read_pieces(text: str, fen: str) -> Tuple[int, int]:
    """One side's piece list: (men bitboard, kings bitboard)."""
    men = kings = 0
    if not text:
        return 0, 0
    for item in text.split(","):
        match = _SQUARE_PATTERN.match(item.upper())
        if match is None:
            raise ValueError(f"bad FEN {quote(fen)}: cannot read the piece {quote(item)}: "
                             f"write a square 1-32, K before a king, or a range such as 1-12")
        first = int(match.group(2))
        last = int(match.group(3)) if match.group(3) else first
        for square in (first, last):
            if not 1 <= square <= 32:
                raise ValueError(f"bad FEN {quote(fen)}: square {square} is off the board "
                                 f"(squares are 1 to 32)")
        if last < first:
            raise ValueError(f"bad FEN {quote(fen)}: the range {quote(item)} runs backwards")
        for square in range(first, last + 1):
            bit = 1 << (square - 1)
            if (men | kings) & bit:
                raise ValueError(f"bad FEN {quote(fen)}: square {square} is listed twice")
            if match.group(1):
                kings |= bit
            else:
                men |= bit
    return men, kings


def format_fen(black: int, white: int, kings: int, side: int) -> str:
    """The PDN FEN of a position (pieces in square order, kings marked K)."""

    def pieces(own: int) -> str:
        return ",".join(("K" if kings >> i & 1 else "") + str(i + 1) for i in range(32) if own >> i & 1)

    return f"{'B' if side == 0 else 'W'}:W{pieces(white)}:B{pieces(black)}"


def parse_move(text: str) -> Tuple[List[int], bool]:
    """The squares (1-32) a move string names, and whether it is a capture: "11-15" gives
    ([11, 15], False), "18x11x2" gives ([18, 11, 2], True). Raises ValueError."""
    if not isinstance(text, str):
        raise TypeError(f"a checkers move is a PDN string such as '11-15' or '18x11x2', "
                        f"not {type(text).__name__} {quote(text)}")
    match = _MOVE_PATTERN.match(text)
    if match is None:
        raise ValueError(f"cannot read the move {quote(text)}: write '11-15' for a move, "
                         f"'18x11x2' for a capture (every square it lands on)")
    if match.group(2):
        squares = [int(match.group(1)), int(match.group(3))]
    else:
        squares = [int(match.group(1))] + [int(s) for s in re.findall(r"[0-9]+", match.group(4))]
    for square in squares:
        if not 1 <= square <= 32:
            raise ValueError(f"bad move {quote(text)}: square {square} is off the board (squares are 1 to 32)")
    return squares, not match.group(2)
