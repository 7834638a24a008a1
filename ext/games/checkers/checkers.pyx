# cython: freethreading_compatible = True
"""English draughts (American checkers) as a native game: three 32-bit bitboards in a numpy
array, moves generated, made and unmade without the GIL, PDN notation at the Python boundary."""

import numbers

import numpy as np

cimport cython

from libc.stdint cimport int32_t, uint32_t, uint64_t

from cpython.exc cimport PyErr_CheckSignals
from libc.stdlib cimport free, realloc
from libc.string cimport memcpy

from negamax.game cimport MAX_SEARCH_PLY, WIN, Move, NativeGame, Score

from negamax.games.checkers_notation import (
    START_FEN, CheckersOutcome, format_fen, parse_fen, parse_move, quote,
)

from negamax.errors import second_init_error

include "geometry.pxi"
include "movegen.pxi"
include "evaluation.pxi"

cdef enum:
    FORTY_MOVE_PLIES = 80      # 40 moves by each side with no capture and no man moved: a draw
    NO_REPETITION_ORIGIN = 2147483647

#: Upper bound on the legal moves of any position (see movegen.pxi for the proof).
MAX_LEGAL_MOVES = MAX_MOVES

cdef struct PlyRecord:
    # The state before one move, restored by unmake_move.
    uint32_t black
    uint32_t white
    uint32_t kings
    int32_t quiet_plies
    uint64_t key


cdef inline uint64_t zobrist_of(uint32_t squares, int kind) noexcept nogil:
    cdef uint64_t key = 0
    while squares:
        key ^= ZOBRIST[kind][negamax_ctz64(squares)]
        squares &= squares - 1
    return key


cdef inline uint64_t pieces_key(uint32_t black, uint32_t white, uint32_t kings) noexcept nogil:
    """The Zobrist key of the pieces (without the side to move)."""
    return (zobrist_of(black & ~kings, 0) ^ zobrist_of(white & ~kings, 1)
            ^ zobrist_of(black & kings, 2) ^ zobrist_of(white & kings, 3))


# Passed to __new__ by copy(), which sets the new game up itself (see __cinit__).
cdef object _BARE = object()
cdef tuple _START = parse_fen(START_FEN)


@cython.final
cdef class Checkers(NativeGame):
    """English draughts (American checkers) on the 32 dark squares, numbered 1-32 as in PDN.

    ``Checkers()`` is the start position, black (squares 1-12) to move; ``Checkers(fen)``
    reads a PDN FEN such as ``"W:W18,K30:B14,K2"``. Moves are PDN strings: ``"11-15"``, and
    for a capture every square it lands on, ``"18x11x2"``. Men move and capture diagonally
    forward, kings one square in every direction; capturing is compulsory and a capture is
    completed, but any capture may be chosen; a man reaching the far row is crowned and its
    move ends. A side without a legal move loses. Draws: the same position a third time, or
    40 moves by each side without a capture or a man moving.
    """

    #: A position occurring a third time is a draw (in a search, counting only the game's
    #: history before it; such draws are kept out of the table: has_path_draws).
    draws_by_repetition = True

    cdef object _bits              # numpy uint32 array [black, white, kings], viewed by bits
    cdef uint32_t* bits
    cdef int side                  # BLACK or WHITE: the side to move
    cdef uint64_t hash_key         # Zobrist key of the pieces and the side to move (position_key adds the forty-move count)
    cdef int quiet_plies           # plies since the last capture or man move
    cdef int ply                   # moves made since the starting position
    cdef PlyRecord* records        # records[i]: the state before move i
    cdef int record_capacity
    cdef int repetition_origin     # in a copy (what a search runs on): the ply it was made at
    cdef readonly str start_fen    # the position the game started from (history replays on it)
    """The FEN of the position the game started from (its history replays on it)."""
    cdef bint constructed          # __init__ has run, or copy() set the game up: no second one

    def __cinit__(self, *args, **kwargs):
        self.records = NULL
        self.record_capacity = 0
        self.repetition_origin = NO_REPETITION_ORIGIN
        # A game made by __new__ alone is the start position (its methods never meet a NULL
        # board); copy() passes _BARE and sets the game up itself.
        if not (args and args[0] is _BARE):
            self.load(_START[0], _START[1], _START[2], _START[3])
            self.start_fen = self.fen()

    def __dealloc__(self):
        free(self.records)

    def __init__(self, fen=None):
        if self.constructed:
            raise second_init_error(self)
        self.constructed = True
        if fen is None:
            fen = START_FEN
        black, white, kings, side = parse_fen(fen)
        self.load(black, white, kings, side)
        self.start_fen = self.fen()

    cdef void load(self, uint32_t black, uint32_t white, uint32_t kings, int side) except *:
        self._bits = np.array([black, white, kings], dtype=np.uint32)
        cdef uint32_t[::1] view = self._bits
        self.bits = &view[0]
        self._bits.flags.writeable = False   # written through self.bits only: views stay read-only
        self.side = side
        self.hash_key = pieces_key(black, white, kings) ^ (ZOBRIST_WHITE_TO_MOVE if side == WHITE else 0)
        self.quiet_plies = 0
        self.ply = 0
        self.max_moves = MAX_MOVES
        self.has_keys = True
        self.has_path_draws = True      # a third occurrence counts the game's history
        self.has_order_hints = True
        self.has_noisy_moves = True
        self.update_bounds()

    cdef void update_bounds(self) except *:
        """Set max_ply from the position and make room for that many moves on the stack.

        Every ply is a capture, a man moving, or neither; a game ends once 80 plies in a row
        are neither. Captures left are at most pieces - 1, man moves at most the rows the men
        still have to go, so at most 81 * (progress moves left + 1) plies remain."""
        cdef uint32_t black_men = self.bits[0] & ~self.bits[2], white_men = self.bits[1] & ~self.bits[2]
        cdef int pieces = negamax_popcount64(self.bits[0] | self.bits[1])
        cdef int row, progress = max(pieces - 1, 0)
        for row in range(8):
            progress += (7 - row) * negamax_popcount64(black_men & ROW_MASK[row])
            progress += row * negamax_popcount64(white_men & ROW_MASK[row])
        self.max_ply = min(81 * (progress + 1), <int> MAX_SEARCH_PLY)
        self.reserve(self.ply + self.max_ply + 16)

    cdef void reserve(self, int capacity) except *:
        cdef PlyRecord* grown
        if capacity <= self.record_capacity:
            return
        grown = <PlyRecord*> realloc(self.records, <size_t> capacity * sizeof(PlyRecord))
        if grown == NULL:
            raise MemoryError()
        self.records = grown
        self.record_capacity = capacity

    # --- small helpers -----------------------------------------------------------------------

    cdef inline uint32_t own(self) noexcept nogil:
        return self.bits[self.side]

    cdef inline uint32_t opponent(self) noexcept nogil:
        return self.bits[1 - self.side]

    cdef inline bint can_move(self) noexcept nogil:
        return has_any_move(self.bits[self.side], self.bits[1 - self.side], self.bits[2], self.side)

    cdef int third_occurrence(self, bint search_rule) noexcept nogil:
        """When the current position occurs a third time since the last capture or man move
        (itself included), how many plies back the nearest counted earlier occurrence lies;
        0 otherwise. The search rule counts only the occurrences before repetition_origin
        (the game's history before the search began): then a position's value depends on
        nothing but position_key() (see at_terminal)."""
        cdef int seen = 1, nearest = 0, earlier = self.ply - 4, oldest = self.ply - self.quiet_plies
        if self.quiet_plies < 4:
            return 0
        if search_rule and earlier >= self.repetition_origin:
            earlier = self.repetition_origin - 1
            if (self.ply - earlier) % 2:
                earlier -= 1
        while earlier >= oldest:
            if self.records[earlier].key == self.hash_key:
                seen += 1
                if nearest == 0:
                    nearest = self.ply - earlier
                if seen == 3:
                    return nearest
            earlier -= 2
        return 0

    cdef int repetition_distance(self) noexcept nogil:
        """At a draw by a third occurrence (which, in a search, counts only the game's history
        before it: see at_terminal), how many plies back the nearest counted occurrence lies;
        0 at every other position. Such a draw holds only after that history, so the search
        keeps it out of a table that other searches may share."""
        if self.quiet_plies >= FORTY_MOVE_PLIES:
            return 0
        return self.third_occurrence(True)

    cdef inline bint drawn(self, bint search_rule) noexcept nogil:
        return self.quiet_plies >= FORTY_MOVE_PLIES or self.third_occurrence(search_rule) > 0

    # --- the search interface ---------------------------------------------------------------

    cdef int generate_moves(self, Move* moves) noexcept nogil:
        return generate_all(self.bits[self.side], self.bits[1 - self.side], self.bits[2], self.side, moves)

    cdef void make_move(self, Move move) noexcept nogil:
        cdef PlyRecord* record = &self.records[self.ply]
        cdef uint32_t black = self.bits[0], white = self.bits[1], kings = self.bits[2]
        cdef uint32_t captured
        record.black = black
        record.white = white
        record.kings = kings
        record.key = self.hash_key
        record.quiet_plies = self.quiet_plies
        if move_jumps(move) or not (kings >> move_origin(move)) & 1:
            self.quiet_plies = 0
        else:
            self.quiet_plies += 1
        captured = apply_move(&self.bits[self.side], &self.bits[1 - self.side], &self.bits[2],
                              self.side, move)
        # The key changes by the squares whose piece changed, kind by kind.
        self.hash_key ^= (zobrist_of((black & ~kings) ^ (self.bits[0] & ~self.bits[2]), 0)
                          ^ zobrist_of((white & ~kings) ^ (self.bits[1] & ~self.bits[2]), 1)
                          ^ zobrist_of((black & kings) ^ (self.bits[0] & self.bits[2]), 2)
                          ^ zobrist_of((white & kings) ^ (self.bits[1] & self.bits[2]), 3)
                          ^ ZOBRIST_WHITE_TO_MOVE)
        self.side = 1 - self.side
        self.ply += 1

    cdef void unmake_move(self, Move move) noexcept nogil:
        self.ply -= 1
        cdef PlyRecord* record = &self.records[self.ply]
        self.bits[0] = record.black
        self.bits[1] = record.white
        self.bits[2] = record.kings
        self.hash_key = record.key
        self.quiet_plies = record.quiet_plies
        self.side = 1 - self.side

    cdef bint at_terminal(self) noexcept nogil:
        """The search's rule: a side without a move has lost; 80 plies without a capture or a
        man move is a draw, and so is a third occurrence of a position counting only the game's
        history before the search. Repetitions within the search are not draws there: the
        forty-move rule ends every line, and a side that can force a win can do so without
        repeating a position, so values are those of the game's rules, and each depends only
        on the position and the forty-move count, which position_key() both include."""
        return self.drawn(True) or not self.can_move()

    cdef Score static_evaluation(self) noexcept nogil:
        cdef uint32_t own = self.bits[self.side], opponent = self.bits[1 - self.side]
        cdef int plain_moves = count_plain_moves(own, opponent, self.bits[2], self.side)
        if plain_moves == 0 and not has_capture(own, opponent, self.bits[2], self.side):
            return -WIN
        if self.drawn(True):
            return 0
        return evaluate_position(own, opponent, self.bits[2], self.side, plain_moves)

    cdef uint64_t position_key(self) noexcept nogil:
        return self.hash_key ^ ZOBRIST_QUIET[self.quiet_plies if self.quiet_plies < FORTY_MOVE_PLIES else FORTY_MOVE_PLIES]

    cdef int32_t move_order_hint(self, Move move) noexcept nogil:
        """Longer captures first, then crowning moves, then the rest."""
        cdef int hint = 16 * move_jumps(move)
        if not (self.bits[2] >> move_origin(move)) & 1 and (CROWN_ROW[self.side] >> move_destination(move)) & 1:
            hint += 8
        return hint

    cdef int generate_noisy_moves(self, Move* moves) noexcept nogil:
        """The captures, when one is pending (they are then every legal move), else none."""
        return generate_captures(self.bits[self.side], self.bits[1 - self.side], self.bits[2], self.side, moves)

    cdef bint move_is_noisy(self, Move move) noexcept nogil:
        return move_jumps(move) != 0

    # --- moves as PDN strings ----------------------------------------------------------------

    cdef list native_moves(self):
        cdef Move buffer[MAX_MOVES]
        cdef int count = self.generate_moves(buffer)
        return [buffer[i] for i in range(count)]

    cdef list plain_move_names(self):
        """The moves without a capture the pieces could make here if no capture were
        compulsory (to say so of one of them, and only of them, when it is refused)."""
        cdef Move buffer[MAX_MOVES]
        cdef int count = generate_plain_moves(self.bits[self.side], self.bits[1 - self.side],
                                              self.bits[2], self.side, buffer)
        return [move_name(buffer[i]) for i in range(count)]

    cdef Move find_move(self, move) except -1:
        """The integer move a PDN string names here. Raises ValueError (TypeError for a non-string)."""
        squares, is_capture = parse_move(move)
        if self.outcome() is not None:
            raise ValueError(f"cannot play {quote(move)}: the game is over")
        legal = self.native_moves()
        names = [move_name(m) for m in legal]
        text = ("x" if is_capture else "-").join(str(s) for s in squares)
        if text in names:
            return legal[names.index(text)]
        captures = [m for m in legal if move_jumps(m)]
        if is_capture and len(squares) == 2:
            # The short form of a capture: origin and end square, when only one capture matches.
            matching = [m for m in captures
                        if move_origin(m) + 1 == squares[0] and move_destination(m) + 1 == squares[1]]
            if len(matching) == 1:
                return matching[0]
            if matching:
                raise ValueError(f"{quote(move)} is ambiguous here: write every square the capture "
                                 f"lands on: {', '.join(move_name(m) for m in matching)}")
        if captures and not is_capture and text in self.plain_move_names():
            raise ValueError(f"{quote(move)} is not legal here: a capture is compulsory "
                             f"({', '.join(move_name(m) for m in captures)})")
        raise ValueError(f"{quote(move)} is not a legal move here; legal moves: {', '.join(names)}")

    def move_code(self, move):
        """The search's integer code of the legal move `move`, a PDN string as play() takes it
        (the short form of a capture included). Raises as play() does. search(root_moves=...)
        reads the moves it is given through it."""
        return self.find_move(move)

    def legal_moves(self):
        """The legal moves as PDN strings (captures only when one is possible); empty once
        the game is over."""
        if self.outcome() is not None:
            return []
        return [move_name(m) for m in self.native_moves()]

    def play(self, move):
        """Play a move given as a PDN string ("11-15", "18x11x2"; a capture's origin and end,
        "18x2", is enough when no other capture joins them). Raises ValueError for a move that
        is malformed or not legal here, TypeError for a non-string; the game is then unchanged."""
        cdef Move native = self.find_move(move)
        self.make_move(native)
        self._history.append(native)
        self.update_bounds()

    def undo(self):
        """Take back the last move made with play(). Raises ValueError if there is none."""
        if not self._history:
            raise ValueError("no move to undo")
        self.unmake_move(<Move> self._history.pop())
        self.update_bounds()

    def decode_line(self, moves):
        """The search's integer moves as PDN strings (TypeError for a code that is no int,
        ValueError for a number no move has)."""
        return [move_name(checked_move_code(move)) for move in moves]

    def order_hint(self, move):
        """How early the search tries a legal move (a PDN string): longer captures first, then
        crowning moves."""
        return self.move_order_hint(self.find_move(move))

    @property
    def history(self):
        """The moves played since the starting position, as PDN strings, oldest first."""
        return tuple(move_name(m) for m in self._history)

    # --- the game's state and rules ------------------------------------------------------------

    def outcome(self):
        """None while the game goes on, else a CheckersOutcome: the winner (1 black, -1 white,
        0 draw) and the reason. A side with no legal move has lost; a position occurring a third
        time, or 80 plies (40 moves each) with no capture and no man moved, is a draw."""
        if not self.can_move():
            return CheckersOutcome(winner=-1 if self.side == BLACK else 1, reason="no legal move")
        if self.quiet_plies >= FORTY_MOVE_PLIES:
            return CheckersOutcome(winner=0, reason="forty-move rule")
        if self.third_occurrence(False):
            return CheckersOutcome(winner=0, reason="threefold repetition")
        return None

    def is_terminal(self):
        """True when the game is over (see outcome())."""
        return self.outcome() is not None

    @property
    def winner(self):
        """1 (black won), -1 (white won), 0 (draw) or None while the game goes on."""
        outcome = self.outcome()
        return None if outcome is None else outcome.winner

    def evaluate(self):
        """Static value from the side to move: exact at the end of the game (-WIN for the side
        with no move, 0 for a draw), else the heuristic the search uses at its depth limit."""
        outcome = self.outcome()
        if outcome is not None:
            return 0 if outcome.winner == 0 else -WIN
        return evaluate_position(self.bits[self.side], self.bits[1 - self.side], self.bits[2], self.side,
                                 count_plain_moves(self.bits[self.side], self.bits[1 - self.side],
                                                   self.bits[2], self.side))

    def perft(self, depth):
        """The number of move sequences of `depth` plies from here (leaf positions, counted with
        repetitions; the draw rules are ignored, as perft usually does). Runs without the GIL
        in pieces of at most NOGIL_PERFT_PLIES plies; Ctrl-C stops it between two pieces."""
        if isinstance(depth, bool) or not isinstance(depth, (int, np.integer)):
            raise TypeError(f"depth must be an int, not {type(depth).__name__}")
        if not 0 <= depth <= 64:
            raise ValueError(f"depth must be between 0 and 64, got {depth}")
        if depth == 0:
            return 1
        return perft_in_pieces(self.bits[self.side], self.bits[1 - self.side], self.bits[2],
                               self.side, depth)

    def fen(self):
        """The position as a PDN FEN, e.g. 'B:W21,...,32:B1,...,12' (kings marked K)."""
        return format_fen(self.bits[0], self.bits[1], self.bits[2], self.side)

    @property
    def to_move(self):
        """1 when black is to move, -1 when white is."""
        return 1 if self.side == BLACK else -1

    @property
    def quiet_moves(self):
        """Plies since the last capture or man move (80 make a draw)."""
        return self.quiet_plies

    @property
    def bitboards(self):
        """The state: a read-only uint32 array [black, white, kings]; bit i is square i + 1."""
        view = self._bits.view()
        view.flags.writeable = False
        return view

    @property
    def board(self):
        """The board as a read-only 8x8 int8 array, black's side (squares 1-4) in row 0: 1 a
        black man, 2 a black king, -1 a white man, -2 a white king, 0 empty."""
        grid = np.zeros((8, 8), dtype=np.int8)
        cdef int square, value
        for square in range(SQUARES):
            value = 0
            if (self.bits[0] >> square) & 1:
                value = 1
            elif (self.bits[1] >> square) & 1:
                value = -1
            if (self.bits[2] >> square) & 1:
                value *= 2
            grid[ROW_OF[square], COLUMN_OF[square]] = value
        grid.flags.writeable = False
        return grid

    @classmethod
    def from_board(cls, board, to_move=1):
        """A position from an 8x8 integer array laid out as `board` (1/2 black man/king,
        -1/-2 white man/king, 0 empty; pieces only on dark squares) and the side to move
        (1 black, -1 white)."""
        if not isinstance(board, np.ndarray):
            raise TypeError(f"board must be a numpy array, not {type(board).__name__}")
        if board.dtype == np.bool_ or not np.issubdtype(board.dtype, np.integer):
            raise TypeError(f"board must have an integer dtype, not {board.dtype}")
        if board.shape != (8, 8):
            raise ValueError(f"board must have shape (8, 8), not {board.shape}")
        if isinstance(to_move, (bool, np.bool_)) or not isinstance(to_move, numbers.Integral):
            raise TypeError(f"to_move must be 1 (black) or -1 (white), not {type(to_move).__name__} "
                            f"{quote(to_move)}")
        if to_move not in (1, -1):
            raise ValueError(f"to_move must be 1 (black) or -1 (white), not {quote(to_move)}")
        if not np.isin(board, (-2, -1, 0, 1, 2)).all():
            raise ValueError("board values must be 1, 2 (black man, king), -1, -2 (white man, king) or 0")
        black = white = kings = 0
        for row in range(8):
            for column in range(8):
                value = int(board[row, column])
                if value == 0:
                    continue
                square = square_at(row, column)
                if square < 0:
                    raise ValueError(f"a piece on the light square at row {row}, column {column}: "
                                     f"pieces stand on the dark squares only")
                if (value == 1 and square >= 28) or (value == -1 and square < 4):
                    raise ValueError(f"a {'black' if value > 0 else 'white'} man at row {row}, column "
                                     f"{column}, its far row, would have been crowned: a king there "
                                     f"is {2 * value}")
                if value > 0:
                    black |= 1 << square
                else:
                    white |= 1 << square
                if abs(value) == 2:
                    kings |= 1 << square
        fen = format_fen(black, white, kings, 0 if to_move == 1 else 1)
        try:
            return cls(fen)
        except ValueError as error:
            # The FEN is made here: the message names the board, not a FEN the caller never
            # wrote (an empty board read "bad FEN 'B:W:B': white has no pieces ...").
            text, prefix = str(error), f"bad FEN {quote(fen)}: "
            raise ValueError("board: " + (text[len(prefix):] if text.startswith(prefix)
                                          else text)) from None

    def copy(self):
        """An independent copy, history included (a search runs on such a copy: see at_terminal
        for how it counts repetitions)."""
        cdef Checkers other = Checkers.__new__(Checkers, _BARE)
        other.constructed = True
        self.copy_base_into(other)
        other._bits = self._bits.copy()
        cdef uint32_t[::1] view = other._bits
        other.bits = &view[0]
        other._bits.flags.writeable = False
        other.side = self.side
        other.hash_key = self.hash_key
        other.quiet_plies = self.quiet_plies
        other.ply = self.ply
        other.start_fen = self.start_fen
        other.reserve(self.record_capacity)
        if self.ply:
            memcpy(other.records, self.records, <size_t> self.ply * sizeof(PlyRecord))
        other.repetition_origin = self.ply
        return other

    def __str__(self):
        symbols = {0: ".", 1: "b", 2: "B", -1: "w", -2: "W"}
        grid = self.board
        lines = []
        for row in range(8):
            cells = [symbols[int(grid[row, column])] if (row + column) % 2 else " " for column in range(8)]
            lines.append(" ".join(cells) + f"    {4 * row + 1:>2}-{4 * row + 4}")
        lines.append(("black" if self.side == BLACK else "white") + " to move")
        return "\n".join(lines)

    def __repr__(self):
        fen = self.fen()
        return "Checkers()" if fen == START_FEN else f"Checkers({fen!r})"

    def __eq__(self, other):
        """The same position with the same forty-move count (which the value depends on)."""
        if not isinstance(other, Checkers):
            return NotImplemented
        return self.fen() == other.fen() and self.quiet_plies == (<Checkers> other).quiet_plies

    def __hash__(self):
        return hash((self.fen(), self.quiet_plies))


def checked_move_code(move):
    """`move` if it is a number the search could give for a move (the origin, the number of
    jumps and a direction per step, nothing above them), else TypeError or ValueError."""
    if isinstance(move, (bool, np.bool_)) or not isinstance(move, numbers.Integral):
        raise TypeError(f"a checkers move code is an int, not {type(move).__name__} {quote(move)}")
    code = int(move)
    if not 0 <= code < (1 << (DIRECTIONS_SHIFT + 2 * MAX_JUMPS)):
        raise ValueError(f"{code} is not a checkers move code")
    if code >> (DIRECTIONS_SHIFT + 2 * max(move_jumps(<Move> code), 1)):
        raise ValueError(f"{code} is not a checkers move code")
    return code


def move_name(Move move):
    """The PDN string of an integer move: '11-15', or every landing square of a capture, '18x11x2'."""
    cdef int square = move_origin(move), jumps = move_jumps(move), i, direction
    if jumps == 0:
        direction = move_direction(move, 0)
        if NEIGHBOUR[square][direction] < 0:
            raise ValueError(f"{move} is not a checkers move")
        return f"{square + 1}-{NEIGHBOUR[square][direction] + 1}"
    if jumps > MAX_JUMPS:
        raise ValueError(f"{move} is not a checkers move")
    names = [str(square + 1)]
    for i in range(jumps):
        square = LANDING[square][move_direction(move, i)]
        if square < 0:
            raise ValueError(f"{move} is not a checkers move")
        names.append(str(square + 1))
    return "x".join(names)


cdef enum:
    NOGIL_PERFT_PLIES = 9     # perft's pieces run without the GIL: at most about 10**7 nodes


cdef uint64_t perft_in_pieces(uint32_t own, uint32_t opponent, uint32_t kings, int side,
                              int depth) except? 0:
    """perft_count(depth >= 1), run without the GIL in pieces of NOGIL_PERFT_PLIES plies,
    with Ctrl-C checked after each."""
    cdef Move moves[MAX_MOVES]
    cdef int count, i
    cdef uint64_t total = 0
    cdef uint32_t next_own, next_opponent, next_kings
    if depth <= NOGIL_PERFT_PLIES:
        with nogil:
            total = perft_count(own, opponent, kings, side, depth)
        PyErr_CheckSignals()
        return total
    count = generate_all(own, opponent, kings, side, moves)
    for i in range(count):
        next_own, next_opponent, next_kings = own, opponent, kings
        apply_move(&next_own, &next_opponent, &next_kings, side, moves[i])
        total += perft_in_pieces(next_opponent, next_own, next_kings, 1 - side, depth - 1)
    return total


# --- the search, compiled for this game (see ext/engine/kernels.pxi) -------------------------

ctypedef Checkers GameT
include "engine/kernels.pxi"

from negamax._engine import register_kernels
register_kernels(Checkers, kernels_capsule())

