# Reading and writing the usual notations at the Python boundary: FEN, UCI moves, square
# names. Everything here runs with the GIL and raises ValueError/TypeError naming the part of
# the input that is wrong (quoting at most QUOTE_LIMIT characters of it).

import numbers
import re

START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
QUOTE_LIMIT = 60
FILES = "abcdefgh"
PIECE_LETTERS = ".pnbrqk"                 # index = kind
_FEN_FIELDS = ("piece placement", "side to move", "castling", "en passant", "halfmove clock",
               "fullmove number")
_CASTLING_BITS = {"K": 1, "Q": 2, "k": 4, "q": 8}
_UCI_MOVE = re.compile(r"^([a-h][1-8])([a-h][1-8])([nbrq]?)$")
_PROMOTION_FLAGS = {"n": 4, "b": 5, "r": 6, "q": 7}
# The largest clock a FEN may give, and the most either clock may reach by play(): a
# position play() reaches always reads back from its FEN, and a search's 10,000 plies
# past it stay inside 32 bits.
MAX_CLOCK = 2_000_000_000


def quote(text):
    """repr() of a piece of input, cut to QUOTE_LIMIT characters."""
    text = str(text)
    if len(text) > QUOTE_LIMIT:
        text = text[:QUOTE_LIMIT - 3] + "..."
    return repr(text)


def square_name(square):
    return FILES[square & 7] + str((square >> 3) + 1)


def parse_square(name):
    """The square index of a name such as 'e4', or -1."""
    if len(name) == 2 and name[0] in FILES and name[1] in "12345678":
        return FILES.index(name[0]) + 8 * (int(name[1]) - 1)
    return -1


def piece_symbol(code):
    """'P' for a white pawn, 'q' for a black queen, '.' for an empty square."""
    letter = PIECE_LETTERS[abs(code)]
    return letter.upper() if code > 0 else letter


def checked_move_code(move):
    """`move` if it is a number the search could give for a move (15 bits: from-square,
    to-square and a flag, the squares different), else ValueError."""
    if isinstance(move, bool) or not isinstance(move, numbers.Integral):
        raise TypeError(f"a chess move code is an int, not {type(move).__name__}")
    code = int(move)
    if not 0 <= code < (1 << 15) or (code & 63) == ((code >> 6) & 63):
        raise ValueError(f"{code} is not a chess move code")
    return code


def move_to_uci(move):
    """The UCI text of an encoded move: e2e4, e7e8q, e1g1 (castling as the king's move)."""
    move = int(move)
    text = square_name(move & 63) + square_name((move >> 6) & 63)
    flag = (move >> 12) & 7
    if flag >= 4:
        text += "nbrq"[flag - 4]
    return text


def parse_uci(text):
    """(from, to, promotion flag or 0) of a UCI move, or ValueError."""
    if not isinstance(text, str):
        raise TypeError(f"a move is a UCI string such as 'e2e4', not {type(text).__name__}")
    found = _UCI_MOVE.match(text.strip().lower()) if len(text) <= 8 else None
    if found is None:
        raise ValueError(f"{quote(text)} is not a UCI move: write from-square, to-square and an "
                         f"optional promotion piece, e.g. 'e2e4' or 'e7e8q'")
    return (parse_square(found.group(1)), parse_square(found.group(2)),
            _PROMOTION_FLAGS.get(found.group(3), 0))


def parse_fen(fen):
    """Split a FEN into (squares, side, castling, en passant square, halfmove, fullmove).

    squares is a list of 64 piece codes, a1 first; side is 0 (White) or 1 (Black); the en
    passant square is -1 when there is none. Raises ValueError naming the bad field."""
    if not isinstance(fen, str):
        raise TypeError(f"a FEN is a string, not {type(fen).__name__}")
    fields = fen.split()
    if len(fields) == 4:
        fields += ["0", "1"]
    if len(fields) != 6:
        raise ValueError(f"a FEN has 6 fields (or 4, without the clocks), got {len(fields)} in {quote(fen)}")

    def bad(index, why):
        return ValueError(f"bad FEN field {index + 1} ({_FEN_FIELDS[index]}) {quote(fields[index])}: "
                          f"{why}")

    ranks = fields[0].split("/")
    if len(ranks) != 8:
        raise bad(0, f"it needs 8 ranks separated by '/', found {len(ranks)}")
    squares = [0] * 64
    for row, rank_text in enumerate(ranks):
        rank = 7 - row
        file = 0
        previous_digit = False
        for ch in rank_text:
            if ch in "12345678":
                if previous_digit:
                    raise bad(0, f"two digits in a row in rank {rank + 1}")
                file += int(ch)
                previous_digit = True
            elif ch.lower() in "pnbrqk":
                if file < 8:
                    kind = PIECE_LETTERS.index(ch.lower())
                    squares[rank * 8 + file] = kind if ch.isupper() else -kind
                file += 1
                previous_digit = False
            else:
                raise bad(0, f"unknown character {ch!r} (pieces are PNBRQK / pnbrqk, digits 1-8 "
                             f"count empty squares)")
        if file != 8:
            raise bad(0, f"rank {rank + 1} describes {file} squares instead of 8")
    if fields[1] not in ("w", "b"):
        raise bad(1, "it must be 'w' or 'b'")
    side = 0 if fields[1] == "w" else 1
    castling = 0
    if fields[2] != "-":
        for ch in fields[2]:
            if ch not in _CASTLING_BITS:
                raise bad(2, f"unknown character {ch!r}: use '-' or letters from 'KQkq'")
            if castling & _CASTLING_BITS[ch]:
                raise bad(2, f"{ch!r} appears twice")
            castling |= _CASTLING_BITS[ch]
    en_passant = -1
    if fields[3] != "-":
        en_passant = parse_square(fields[3])
        if en_passant < 0:
            raise bad(3, "it must be '-' or a square name such as 'e3'")
    clocks = []
    for index in (4, 5):
        text = fields[index]
        if not text.isdigit() or not text.isascii() or len(text) > 10 or int(text) > MAX_CLOCK:
            raise bad(index, f"it must be a whole number from 0 to {MAX_CLOCK:,}")
        clocks.append(int(text))
    return squares, side, castling, en_passant, clocks[0], max(clocks[1], 1)
