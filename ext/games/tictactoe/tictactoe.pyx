# cython: freethreading_compatible = True
# Tic-tac-toe as a native game over a numpy int8 board.
# Squares are numbered 0..8 row by row; a square holds 1 (x), -1 (o) or 0 (empty); x moves first.

import numpy as np

from negamax.errors import second_init_error
from negamax.quoting import short_repr

cimport cython

from libc.stdint cimport int8_t, int32_t, uint64_t

from negamax.game cimport WIN, Move, NativeGame, Score, copy_traits

# The 8 lines of three squares, and for each square the lines through it.
_LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
cdef int LINES[8][3]
cdef int LINES_THROUGH[9][4]      # line indices through each square, -1 padded
cdef int LINE_COUNT[9]            # number of lines through each square: the order hint
cdef uint64_t ZOBRIST[2][9]       # [x or o][square]
cdef uint64_t ZOBRIST_O_TO_MOVE
cdef bint HAS_LINE[512]           # HAS_LINE[mask]: the squares in the 9-bit mask contain a line


cdef uint64_t splitmix64(uint64_t* state) noexcept nogil:
    state[0] += <uint64_t> 0x9e3779b97f4a7c15
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t> 0xbf58476d1ce4e5b9
    z = (z ^ (z >> 27)) * <uint64_t> 0x94d049bb133111eb
    return z ^ (z >> 31)


cdef void init_tables():
    cdef int square, line, k, n
    cdef uint64_t seed = 20261121
    for line in range(8):
        for k in range(3):
            LINES[line][k] = _LINES[line][k]
    for square in range(9):
        n = 0
        for k in range(4):
            LINES_THROUGH[square][k] = -1
        for line in range(8):
            for k in range(3):
                if LINES[line][k] == square:
                    LINES_THROUGH[square][n] = line
                    n += 1
        LINE_COUNT[square] = n
        ZOBRIST[0][square] = splitmix64(&seed)
        ZOBRIST[1][square] = splitmix64(&seed)
    global ZOBRIST_O_TO_MOVE
    ZOBRIST_O_TO_MOVE = splitmix64(&seed)
    cdef int mask, line_mask
    for mask in range(512):
        HAS_LINE[mask] = False
        for line in range(8):
            line_mask = (1 << LINES[line][0]) | (1 << LINES[line][1]) | (1 << LINES[line][2])
            if mask & line_mask == line_mask:
                HAS_LINE[mask] = True

init_tables()

_SYMBOLS = {1: "x", -1: "o", 0: "."}


# Passed to __new__ by the methods that set a new game up themselves (see __cinit__).
cdef object _BARE = object()


@cython.final
cdef class TicTacToe(NativeGame):
    """Tic-tac-toe. ``TicTacToe()`` is the empty board; ``TicTacToe("x.o......")`` reads a
    position row by row (``x``, ``o``, ``.``; the side to move follows from the counts)."""

    cdef int8_t* cells          # the 9 squares, viewing _board
    cdef object _board          # numpy int8 array of 9 squares
    cdef int8_t side_to_move    # 1 for x, -1 for o
    cdef int marks              # squares filled
    cdef int8_t winner_mark     # 1 or -1 once a player has three in a row, else 0
    cdef uint64_t hash_key
    cdef int occupied[2]        # 9-bit masks of the squares x ([0]) and o ([1]) hold
    cdef bint constructed       # __init__ has run, or a method set the game up: no second one

    def __cinit__(self, *args, **kwargs):
        # A game made by __new__ alone is the empty board (its methods never meet a NULL
        # board); copy() and from_board() pass _BARE and set the game up themselves.
        if not (args and args[0] is _BARE):
            self.load(np.zeros(9, dtype=np.int8), ".........")

    def __init__(self, position="........."):
        if self.constructed:
            raise second_init_error(self)
        self.constructed = True
        if not isinstance(position, str):
            raise TypeError(f"a tic-tac-toe position is a 9-character string, not {type(position).__name__}")
        text = "".join(ch for ch in position if not ch.isspace() and ch != "/")
        if len(text) != 9:
            raise ValueError(f"a tic-tac-toe position has 9 squares, got {len(text)} in {short_repr(position)}")
        cells = np.zeros(9, dtype=np.int8)
        for square, ch in enumerate(text.lower()):
            if ch == "x":
                cells[square] = 1
            elif ch == "o":
                cells[square] = -1
            elif ch != ".":
                raise ValueError(f"bad character {ch!r} at index {square} of {short_repr(position)}: "
                                 f"use 'x', 'o' or '.'")
        self.load(cells, position)

    @classmethod
    def from_board(cls, board):
        """A position from a numpy integer array of shape (3, 3) or (9,): 1 = x, -1 = o, 0 = empty."""
        if not isinstance(board, np.ndarray):
            raise TypeError(f"board must be a numpy array, not {type(board).__name__}")
        if board.dtype == np.bool_ or not np.issubdtype(board.dtype, np.integer):
            raise TypeError(f"board must have an integer dtype, not {board.dtype}")
        if board.shape not in ((3, 3), (9,)):
            raise ValueError(f"board must have shape (3, 3) or (9,), not {board.shape}")
        flat = board.reshape(9)
        if not np.isin(flat, (-1, 0, 1)).all():
            raise ValueError("board squares must be 1 (x), -1 (o) or 0 (empty)")
        cdef TicTacToe game = cls.__new__(cls, _BARE)
        game.load(flat.astype(np.int8), "board")
        game.constructed = True
        return game

    cdef void load(self, cells, description) except *:
        cdef int x_count = int((cells == 1).sum()), o_count = int((cells == -1).sum())
        if x_count - o_count not in (0, 1):
            raise ValueError(f"impossible position {short_repr(description)}: x has {x_count} marks and o has "
                             f"{o_count} (x moves first, so x has as many as o or one more)")
        self.set_board(np.ascontiguousarray(cells, dtype=np.int8))
        self.side_to_move = 1 if x_count == o_count else -1
        self.marks = x_count + o_count
        self.max_moves = 9
        self.max_ply = 9
        self.has_keys = True
        x_wins = self.has_line(1)
        o_wins = self.has_line(-1)
        if x_wins and o_wins:
            raise ValueError(f"impossible position {short_repr(description)}: both players have three in a row")
        if (x_wins and self.side_to_move != -1) or (o_wins and self.side_to_move != 1):
            raise ValueError(f"impossible position {short_repr(description)}: play went on after a win")
        self.winner_mark = 1 if x_wins else (-1 if o_wins else 0)
        self.hash_key = self.compute_key()

    cdef void set_board(self, cells):
        cdef int8_t[::1] view = cells
        cdef int square
        self._board = cells
        self.cells = &view[0]
        cells.flags.writeable = False    # written through self.cells only: views stay read-only
        self.occupied[0] = 0
        self.occupied[1] = 0
        for square in range(9):
            if self.cells[square] == 1:
                self.occupied[0] |= 1 << square
            elif self.cells[square] == -1:
                self.occupied[1] |= 1 << square

    cdef bint has_line(self, int8_t mark) noexcept nogil:
        cdef int line
        for line in range(8):
            if (self.cells[LINES[line][0]] == mark and self.cells[LINES[line][1]] == mark
                    and self.cells[LINES[line][2]] == mark):
                return True
        return False

    cdef uint64_t compute_key(self) noexcept nogil:
        cdef uint64_t key = 0
        cdef int square
        for square in range(9):
            if self.cells[square] == 1:
                key ^= ZOBRIST[0][square]
            elif self.cells[square] == -1:
                key ^= ZOBRIST[1][square]
        if self.side_to_move == -1:
            key ^= ZOBRIST_O_TO_MOVE
        return key

    # --- the search interface ---------------------------------------------------------------

    cdef int generate_moves(self, Move* moves) noexcept nogil:
        cdef int square, count = 0
        cdef int empty = ~(self.occupied[0] | self.occupied[1])
        for square in range(9):
            if empty & (1 << square):
                moves[count] = square
                count += 1
        return count

    cdef void make_move(self, Move move) noexcept nogil:
        cdef int8_t mark = self.side_to_move
        cdef int player = 0 if mark == 1 else 1
        self.cells[move] = mark
        self.occupied[player] |= 1 << move
        self.marks += 1
        self.hash_key ^= ZOBRIST[player][move] ^ ZOBRIST_O_TO_MOVE
        if HAS_LINE[self.occupied[player]]:
            self.winner_mark = mark
        self.side_to_move = -mark

    cdef void unmake_move(self, Move move) noexcept nogil:
        cdef int8_t mark = -self.side_to_move
        cdef int player = 0 if mark == 1 else 1
        self.cells[move] = 0
        self.occupied[player] &= ~(1 << move)
        self.marks -= 1
        self.winner_mark = 0       # no move is ever made after a win
        self.hash_key ^= ZOBRIST[player][move] ^ ZOBRIST_O_TO_MOVE
        self.side_to_move = mark

    cdef bint at_terminal(self) noexcept nogil:
        return self.winner_mark != 0 or self.marks == 9

    cdef Score static_evaluation(self) noexcept nogil:
        cdef int line, k, own, other
        cdef Score total = 0
        cdef int8_t cell
        if self.winner_mark != 0:
            return -WIN if self.winner_mark != self.side_to_move else WIN
        if self.marks == 9:
            return 0
        for line in range(8):
            own = 0
            other = 0
            for k in range(3):
                cell = self.cells[LINES[line][k]]
                if cell == self.side_to_move:
                    own += 1
                elif cell != 0:
                    other += 1
            if other == 0:
                total += own
            elif own == 0:
                total -= other
        return total

    cdef uint64_t position_key(self) noexcept nogil:
        return self.hash_key

    cdef int32_t move_order_hint(self, Move move) noexcept nogil:
        return LINE_COUNT[move] if 0 <= move < 9 else 0

    # --- Python-facing ----------------------------------------------------------------------

    def copy(self):
        """An independent copy, history included."""
        cdef TicTacToe other = TicTacToe.__new__(TicTacToe, _BARE)
        other.constructed = True
        other.set_board(self._board.copy())    # a board of its own, then the position on it
        other.take_position(self)
        other._history = self._history[:]
        return other

    cdef void take_position(self, TicTacToe source) noexcept:
        """Hold the position `source` holds, with its flags, as a copy would (its history
        aside), in this object and its own board: without allocating (the copy_into kernel
        hook)."""
        cdef int square
        copy_traits(source, self)
        for square in range(9):
            self.cells[square] = source.cells[square]
        self.occupied = source.occupied
        self.side_to_move = source.side_to_move
        self.marks = source.marks
        self.winner_mark = source.winner_mark
        self.hash_key = source.hash_key

    @property
    def board(self):
        """The board as a read-only int8 array of shape (3, 3): 1 = x, -1 = o, 0 = empty."""
        view = self._board.reshape(3, 3).view()
        view.flags.writeable = False
        return view

    @property
    def to_move(self):
        """1 when x is to move, -1 when o is."""
        return int(self.side_to_move)

    @property
    def winner(self):
        """1 (x won), -1 (o won), 0 (draw) or None while the game goes on."""
        if self.winner_mark != 0:
            return int(self.winner_mark)
        return 0 if self.marks == 9 else None

    @property
    def position(self):
        """The position as 9 characters, row by row."""
        return "".join(_SYMBOLS[int(c)] for c in self._board)

    def __str__(self):
        p = self.position
        return "\n".join(" ".join(p[row * 3:row * 3 + 3]) for row in range(3))

    def __repr__(self):
        return f"TicTacToe({self.position!r})"

    def __eq__(self, other):
        if not isinstance(other, TicTacToe):
            return NotImplemented
        return self.position == other.position

    def __hash__(self):
        return hash(self.position)


# --- the search, compiled for this game (see ext/engine/kernels.pxi) -------------------------

ctypedef TicTacToe GameT
include "engine/kernels.pxi"

cdef object tictactoe_line_tuple(NativeGame game, const Move* moves, int length):
    """decode_line's squares (NativeGame's: the engine's moves themselves), as a tuple made
    in C."""
    return moves_tuple(moves, length, 0)


KERNELS.line_tuple = tictactoe_line_tuple


cdef void tictactoe_copy_into(NativeGame source, NativeGame target) noexcept:
    (<TicTacToe> target).take_position(<TicTacToe> source)


KERNELS.copy_into = tictactoe_copy_into

from negamax._engine import register_kernels
register_kernels(TicTacToe, kernels_capsule())
