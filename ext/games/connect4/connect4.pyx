# cython: freethreading_compatible = True
# Connect Four as a native game over two bitboards held in the game object itself (the
# `bitboards` property hands out a read-only numpy view of them).
#
# Layout: column c owns bits c*(H+1) .. c*(H+1)+H-1 (bottom to top) plus one empty sentinel
# bit above them, so shifting a board never carries a stone from one column into the next.
# bits[0] holds the stones of the side to move, bits[1] every stone on the board. The search's
# moves are 0-based columns; the Python-facing methods use 1-based columns, as the move
# strings do ("4453": columns 4, 4, 5, 3).

import operator

import numpy as np

from negamax.errors import second_init_error
from negamax.quoting import short_repr

cimport cython
cimport numpy as cnp

from libc.stdint cimport int8_t, int32_t, uint8_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from negamax.game cimport EVAL_LIMIT, WIN, WINNING_MOVE_FOUND, Move, NativeGame, Score, copy_traits

cdef extern from "negamax_bits.h":
    int negamax_popcount64(uint64_t x) noexcept nogil
    int negamax_ctz64(uint64_t x) noexcept nogil

cnp.import_array()

# Columns beyond 9 are written as letters: a = 10, b = 11, ...
_COLUMN_DIGITS = "123456789abcdefghijklmnopqrstuvw"
MAX_CONNECT_FOUR_WIDTH = 32


cdef inline uint64_t shl(uint64_t x, int n) noexcept nogil:
    """x << n, and 0 when n >= 64 (a plain C shift by 64 or more is undefined)."""
    return x << n if n < 64 else 0

cdef inline uint64_t shr(uint64_t x, int n) noexcept nogil:
    return x >> n if n < 64 else 0

cdef inline uint64_t line_completions(uint64_t stones, int s) noexcept nogil:
    """Squares completing four along the direction whose neighbour is `s` bits away: three
    stones on one side, or two on one side and one on the other."""
    cdef uint64_t r, p
    p = shl(stones, s) & shl(stones, 2 * s)
    r = p & shl(stones, 3 * s)
    r |= p & shr(stones, s)
    p = shr(stones, s) & shr(stones, 2 * s)
    r |= p & shl(stones, s)
    r |= p & shr(stones, 3 * s)
    return r

cdef inline bint four_along(uint64_t stones, int s) noexcept nogil:
    cdef uint64_t m = stones & shr(stones, s)
    return (m & shr(m, 2 * s)) != 0

# The same with plain shifts, for boards where every shift is below 64 (7 x 6 among them).

cdef inline uint64_t line_completions_short(uint64_t stones, int s) noexcept nogil:
    cdef uint64_t r, p
    p = (stones << s) & (stones << (2 * s))
    r = p & (stones << (3 * s))
    r |= p & (stones >> s)
    p = (stones >> s) & (stones >> (2 * s))
    r |= p & (stones << s)
    r |= p & (stones >> (3 * s))
    return r

cdef inline bint four_along_short(uint64_t stones, int s) noexcept nogil:
    cdef uint64_t m = stones & (stones >> s)
    return (m & (m >> (2 * s))) != 0


cdef object integer_of(object value):
    """`value` as a Python int if it is an integer (an int, a numpy integer, anything with
    __index__, as NativeGame.play takes them), else None; a bool is no integer here."""
    if isinstance(value, (bool, np.bool_)):
        return None
    try:
        return operator.index(value)
    except TypeError:
        return None


# Passed to __new__ by copy(), which sets the new game up itself (see __cinit__).
cdef object _BARE = object()


cdef struct BoardShape:
    # What follows from a board's width and height alone, made once per shape and shared by
    # every game of that shape (see shape_of): the games stay small, and a copy (every search
    # makes one) copies a pointer instead of half a kilobyte.
    uint64_t order_squares[32]   # the squares of column column_order[i]
    uint64_t column_mask[32]     # the squares of column c (the solver reads it per move)
    int8_t column_of_square[64]  # the column of each square (by bit index; the spare row too)
    int8_t order_rank[32]        # the place of column c in the move order (column_order)


cdef struct SafeRecords:
    # What generate_safe_moves proved, by stones on the board (see make_move): the position it
    # ran on (its key), the squares it returned there, and whether the side to move of the
    # position reached now is known to have no four to complete. All zero is "nothing known".
    # (Indexed by 0 .. cells, and cells < 64: a board fits in 64 bits with a spare row.)
    uint64_t key[64]
    uint64_t squares[64]
    uint8_t cannot_win_now[64]


cdef enum:
    MAX_HEIGHT = 63                   # width * (height + 1) <= 64
cdef BoardShape* _shapes[(32 + 1) * (MAX_HEIGHT + 1)]    # by width * 64 + height


cdef void make_shapes() except *:
    """Every board's shape (the 216 with width * (height + 1) <= 64, about 110 KB), made once
    at import: before any game exists, so that no thread ever sees one half made (a module
    marked free-threading compatible has no GIL to make them later under)."""
    cdef int width, height, col, count = 0
    cdef BoardShape* shape
    for width in range(1, 33):
        count += 64 // width - 1
    cdef BoardShape* block = <BoardShape*> calloc(count, sizeof(BoardShape))
    if block == NULL:
        raise MemoryError("no memory for Connect Four's board shapes")
    for width in range(1, 33):
        for height in range(1, 64 // width):
            shape = block
            block += 1
            for col in range(width):
                shape.column_mask[col] = (((<uint64_t> 1) << height) - 1) << (col * (height + 1))
            for col in range(width):
                shape.order_squares[col] = shape.column_mask[centre_out(width, col)]
            for col in range(64):
                shape.column_of_square[col] = min(col // (height + 1), width - 1)
            for col in range(width):
                shape.order_rank[centre_out(width, col)] = col
            _shapes[width * (MAX_HEIGHT + 1) + height] = shape


make_shapes()


cdef inline const BoardShape* shape_of(int width, int height) noexcept nogil:
    """The shared shape of a width x height board (width * (height + 1) <= 64)."""
    return _shapes[width * (MAX_HEIGHT + 1) + height]


cdef inline int centre_out(int width, int i) noexcept nogil:
    """The i-th column of the move order: width // 2, then alternately left and right."""
    return width // 2 + (1 - 2 * (i % 2)) * ((i + 1) // 2)


@cython.final
cdef class ConnectFour(NativeGame):
    """Connect Four on a ``width`` x ``height`` board (7 x 6 by default).

    ``ConnectFour("4453")`` plays the moves in the usual notation: one character per move, the
    1-based column (``a`` = 10, ``b`` = 11, ... on wide boards). Moves in the Python API
    (``legal_moves``, ``play``, ``best_move``, ``pv``) are 1-based columns too."""

    # [stones of the side to move, all stones]. Held in the object, not in a numpy array of
    # its own: a search copies the game, and allocating and freeing a 16-byte array cost
    # about as much as the rest of a copy (a batch of short solves pays it per position).
    cdef uint64_t bits[2]
    cdef int n_cols, n_rows, stride, cells
    cdef int played             # stones on the board
    cdef bint last_move_won     # the stone played last completed four in a row
    cdef uint64_t bottom_mask   # the bottom square of every column
    cdef uint64_t board_mask    # every playable square
    cdef int8_t column_height[32]
    cdef int8_t column_order[32]  # centre first: the order moves are generated in
    cdef const uint64_t* order_squares   # the squares of column column_order[i] (its shape's)
    cdef const uint64_t* column_mask     # the squares of column c (its shape's)
    cdef const int8_t* column_of_square  # the column of each square by bit index (its shape's)
    cdef const int8_t* order_rank        # the place of column c in column_order (its shape's)
    cdef bint short_shifts        # every shift the line tests make is below 64
    cdef bint standard            # 7 x 6: the line tests with constant shifts
    # What generate_safe_moves proved (SafeRecords), made by its first call: NULL is nothing
    # known. A copy starts with none (a search's copy makes its own as it goes).
    cdef SafeRecords* records
    cdef bint constructed       # __init__ has run, or copy() set the game up: no second one

    def __cinit__(self, *args, **kwargs):
        # A game made by __new__ alone is the empty 7 x 6 board (its methods never meet a
        # NULL board); copy() passes _BARE and sets the game up itself.
        if not (args and args[0] is _BARE):
            self.setup(7, 6)

    def __init__(self, moves="", width=7, height=6):
        if self.constructed:
            raise second_init_error(self)
        self.constructed = True
        sizes = []
        for name, value in (("width", width), ("height", height)):
            size = integer_of(value)
            if size is None:
                raise TypeError(f"{name} must be an int, not {type(value).__name__}")
            if size < 1:
                raise ValueError(f"{name} must be at least 1, got {size}")
            sizes.append(size)
        width, height = sizes
        if width * (height + 1) > 64:
            raise ValueError(f"a {width} x {height} board does not fit in a 64-bit bitboard: "
                             f"width * (height + 1) must be at most 64, got {width * (height + 1)}")
        if not isinstance(moves, str):
            raise TypeError(f"moves must be a string of column numbers such as '4453', "
                            f"not {type(moves).__name__}")
        self.setup(width, height)
        self.play_string(str(moves))      # a str subclass (numpy's str_) as the str it holds

    def __dealloc__(self):
        free(self.records)

    cdef void setup(self, int width, int height) noexcept:
        """The board's shape, no stones, and the masks and move order that follow from the
        shape (copy() then sets the stones)."""
        cdef int col, i
        cdef const BoardShape* shape = shape_of(width, height)
        self.bits[0] = self.bits[1] = 0
        self.n_cols = width
        self.n_rows = height
        self.stride = height + 1
        self.cells = width * height
        self.bottom_mask = 0
        for col in range(width):
            self.bottom_mask |= (<uint64_t> 1) << (col * self.stride)
        self.board_mask = self.bottom_mask * (((<uint64_t> 1) << height) - 1)
        self.column_mask = shape.column_mask
        self.order_squares = shape.order_squares
        self.column_of_square = shape.column_of_square
        self.order_rank = shape.order_rank
        for i in range(width):
            self.column_order[i] = centre_out(width, i)
        self.short_shifts = 3 * (height + 2) < 64
        self.standard = width == 7 and height == 6
        self.max_moves = width
        self.max_ply = self.cells
        self.has_keys = True
        self.has_safe_moves = True
        self.last_move_wins = True     # four in a row is made by the move that ends the game

    cdef void play_string(self, str moves) except *:
        for index, ch in enumerate(moves):
            column = _COLUMN_DIGITS.find(ch.lower()) if ch.isalnum() else -1
            if column < 0 or column >= self.n_cols:
                raise ValueError(f"bad character {ch!r} at index {index} of {short_repr(moves)}: columns "
                                 f"are 1 to {self.n_cols} ({_COLUMN_DIGITS[:self.n_cols]!r})")
            if self.at_terminal():
                raise ValueError(f"move {ch!r} at index {index} of {short_repr(moves)} comes after the end "
                                 f"of the game")
            if self.column_height[column] == self.n_rows:
                raise ValueError(f"move {ch!r} at index {index} of {short_repr(moves)}: column {column + 1} "
                                 f"is full")
            self.make_move(column)
            self._history.append(column)
        self.max_ply = self.cells - self.played    # the plies left (the solver's scale)

    # --- bitboard helpers -------------------------------------------------------------------

    cdef inline uint64_t winning_squares(self, uint64_t stones, uint64_t mask) noexcept nogil:
        """Empty squares that would complete four in a row for `stones`."""
        cdef int h = self.n_rows
        # vertical (three stones right below), horizontal, and the two diagonals
        cdef uint64_t r = (stones << 1) & (stones << 2) & (stones << 3)
        if self.standard:         # the same with the shifts known to the compiler
            r |= line_completions_short(stones, 7)
            r |= line_completions_short(stones, 6)
            r |= line_completions_short(stones, 8)
        elif self.short_shifts:
            r |= line_completions_short(stones, h + 1)
            r |= line_completions_short(stones, h)
            r |= line_completions_short(stones, h + 2)
        else:
            r |= line_completions(stones, h + 1)
            r |= line_completions(stones, h)
            r |= line_completions(stones, h + 2)
        return r & (self.board_mask ^ mask)

    cdef inline bint has_four(self, uint64_t stones) noexcept nogil:
        cdef int h = self.n_rows
        if self.standard:
            return (four_along_short(stones, 1) or four_along_short(stones, 7)
                    or four_along_short(stones, 6) or four_along_short(stones, 8))
        if self.short_shifts:
            return (four_along_short(stones, 1) or four_along_short(stones, h + 1)
                    or four_along_short(stones, h) or four_along_short(stones, h + 2))
        return (four_along(stones, 1) or four_along(stones, h + 1) or four_along(stones, h)
                or four_along(stones, h + 2))

    cdef inline Move first_in_order(self, uint64_t squares) noexcept nogil:
        """The first column, in the move order, holding one of `squares` (some must)."""
        cdef int i = 0
        while (squares & self.order_squares[i]) == 0:
            i += 1
        return self.column_order[i]

    cdef inline Move column_of(self, uint64_t square) noexcept nogil:
        """The column of the one square `square` (first_in_order of a single square, without
        looking through the columns)."""
        return self.column_of_square[negamax_ctz64(square)]

    cdef inline int threats_after(self, uint64_t own, uint64_t occupied,
                                  uint64_t square) noexcept nogil:
        """Threats a stone on the empty `square` makes for the side holding `own` (of the
        stones `occupied`): the empty squares that would then complete its four."""
        return negamax_popcount64(self.winning_squares(own | square, occupied | square))

    cdef inline int safe_squares_of(self, uint64_t own, uint64_t occupied, bint can_win,
                                    uint64_t* safe, uint64_t* possible_out, Move* win) noexcept nogil:
        """The moves of the side to move (holding `own` of the stones `occupied`) that do not
        lose at once, as squares: WINNING_MOVE_FOUND (`win` the first winning column in the
        move order; looked for only when `can_win`), 0 when every move loses at once, else
        how many safe squares `safe` gets. `possible_out` gets the squares playable now.
        generate_safe_moves and the solver node (solver.pxi) both run on it."""
        cdef uint64_t possible = (occupied + self.bottom_mask) & self.board_mask
        cdef uint64_t own_wins, other_wins, forced
        possible_out[0] = possible
        if can_win:
            own_wins = self.winning_squares(own, occupied)
            if possible & own_wins:
                win[0] = self.first_in_order(possible & own_wins)
                return WINNING_MOVE_FOUND
        other_wins = self.winning_squares(own ^ occupied, occupied)
        forced = possible & other_wins
        if forced:
            if forced & (forced - 1):
                return 0                      # two threats: whatever we block, the other wins
            possible = forced                 # block the threat
        # Never play right below a square where the opponent would complete four. After any
        # of the moves left the opponent has no four to complete: the one threat is blocked,
        # and the square above ours is none of theirs.
        safe[0] = possible & ~(other_wins >> 1)
        return negamax_popcount64(safe[0])

    cdef inline bint known_cannot_win(self) noexcept nogil:
        """Whether the side to move is known to have no four to complete (make_move's record
        of a safe move played into this position)."""
        return self.records != NULL and self.records.cannot_win_now[self.played]

    cdef inline uint64_t possible_squares(self) noexcept nogil:
        """The square each non-full column would take next."""
        return (self.bits[1] + self.bottom_mask) & self.board_mask

    cdef inline uint64_t column_bit(self, int col) noexcept nogil:
        return (<uint64_t> 1) << (col * self.stride + self.column_height[col])

    cdef inline uint64_t column_squares(self, int col) noexcept nogil:
        return self.column_mask[col]

    # --- the search interface ---------------------------------------------------------------

    cdef int generate_moves(self, Move* moves) noexcept nogil:
        cdef int i, col, count = 0
        for i in range(self.n_cols):
            col = self.column_order[i]
            if self.column_height[col] < self.n_rows:
                moves[count] = col
                count += 1
        return count

    cdef void make_move(self, Move move) noexcept nogil:
        cdef uint64_t bit = self.column_bit(move)
        cdef uint64_t mover = self.bits[0] | bit
        # A square generate_safe_moves returned for this very position (the key tells) does
        # not complete four, and leaves the opponent no four to complete at once: no line
        # test here, and none for the opponent's wins at the next generate_safe_moves.
        cdef SafeRecords* records = self.records
        cdef bint safe = (records != NULL and records.key[self.played] == self.position_key()
                          and (records.squares[self.played] & bit) != 0)
        self.bits[0] ^= self.bits[1]           # the opponent's stones: the new side to move
        self.bits[1] |= bit
        self.column_height[move] += 1
        self.played += 1
        self.last_move_won = False if safe else self.has_four(mover)
        if records != NULL:
            records.cannot_win_now[self.played] = safe

    cdef void unmake_move(self, Move move) noexcept nogil:
        self.column_height[move] -= 1
        self.bits[1] ^= self.column_bit(move)
        self.bits[0] ^= self.bits[1]
        self.played -= 1
        self.last_move_won = False             # no move is ever made after a win

    cdef bint at_terminal(self) noexcept nogil:
        return self.last_move_won or self.played == self.cells

    cdef Score static_evaluation(self) noexcept nogil:
        cdef uint64_t own, other
        if self.last_move_won:
            return -WIN
        if self.played == self.cells:
            return 0
        # Threats: empty squares that would complete a four, own minus the opponent's.
        own = self.bits[0]
        other = self.bits[0] ^ self.bits[1]
        return (negamax_popcount64(self.winning_squares(own, self.bits[1]))
                - negamax_popcount64(self.winning_squares(other, self.bits[1])))

    cdef uint64_t position_key(self) noexcept nogil:
        # Unique: in a column holding k stones, mask contributes 2^k - 1 and the side's stones
        # some p < 2^k, so the sum lies in [2^k - 1, 2^(k+1) - 2], a range that tells k and then
        # p, and never carries into the next column. The side to move follows from the count.
        return self.bits[0] + self.bits[1]

    cdef int32_t move_order_hint(self, Move move) noexcept nogil:
        """Threats the move creates: squares that would then complete four for the mover."""
        if move < 0 or move >= self.n_cols or self.column_height[move] >= self.n_rows:
            return 0
        return self.threats_after(self.bits[0], self.bits[1], self.column_bit(move))

    cdef int generate_safe_moves(self, Move* moves) noexcept nogil:
        cdef uint64_t squares = 0
        cdef int count = self.find_safe_moves(moves, &squares)
        if count != WINNING_MOVE_FOUND:        # what make_move reads back
            if self.records == NULL:
                # Once per game object (a search's copy); without memory nothing is kept,
                # and make_move runs its line test as it would for any other move.
                self.records = <SafeRecords*> calloc(1, sizeof(SafeRecords))
            if self.records != NULL:
                self.records.key[self.played] = self.position_key()
                self.records.squares[self.played] = squares
        return count

    cdef int find_safe_moves(self, Move* moves, uint64_t* squares) noexcept nogil:
        """generate_safe_moves without keeping a record (the Python-facing safe_moves() uses
        it: reading a game never writes to it); `squares` gets the squares of the moves
        returned, none of which completes four (else a win is returned)."""
        cdef uint64_t possible
        cdef Move win
        cdef int i, count
        squares[0] = 0
        count = self.safe_squares_of(self.bits[0], self.bits[1],
                                     not self.known_cannot_win(), squares, &possible, &win)
        if count == WINNING_MOVE_FOUND:
            moves[0] = win
            return count
        if count == 0:
            return 0
        # Without branches (whether a column is kept is a coin flip to the branch predictor):
        # each column is written, and kept by counting it. `moves` holds n_cols moves.
        count = 0
        for i in range(self.n_cols):
            moves[count] = self.column_order[i]
            count += (squares[0] & self.order_squares[i]) != 0
        return count

    # --- Python-facing ----------------------------------------------------------------------

    def copy(self):
        """An independent copy, history included."""
        cdef ConnectFour other = ConnectFour.__new__(ConnectFour, _BARE)
        other.constructed = True
        other.take_position(self)
        other._history = self._history[:]
        return other

    cdef void take_position(self, ConnectFour source) noexcept:
        """Hold the position `source` holds, with its shape and flags, as a copy would (its
        history aside), in this object: without allocating (the copy_into kernel hook)."""
        if self.n_cols != source.n_cols or self.n_rows != source.n_rows:
            self.setup(source.n_cols, source.n_rows)
        copy_traits(source, self)      # after setup: the flags set on `source` are kept
        self.bits = source.bits
        self.played = source.played
        self.last_move_won = source.last_move_won
        self.column_height = source.column_height
        self.max_ply = self.cells - self.played
        if self.records != NULL:
            # What a search of another position proved here (records are by stones on the
            # board, checked by key only where a move is made): nothing is known of this one.
            memset(self.records, 0, sizeof(SafeRecords))

    def legal_moves(self):
        """The columns (1-based) that are not full, centre first; empty once the game is over."""
        return [col + 1 for col in NativeGame.legal_moves(self)]

    def play(self, move):
        """Play in a column, given 1-based (an int, or one character of the move notation).
        Raises ValueError for a full column, a column off the board, or after the end."""
        move = self.playable_column(move, "play")
        self.make_move(move - 1)
        self._history.append(move - 1)
        self.max_ply = self.cells - self.played

    def undo(self):
        """Take back the last move made with play(). Raises ValueError if there is none."""
        NativeGame.undo(self)
        self.max_ply = self.cells - self.played

    def order_hint(self, move):
        """Threats (squares completing four) the move in this 1-based column would create
        (the column as play() takes it)."""
        return self.move_order_hint(<Move> (self.playable_column(move, "rate") - 1))

    cdef int playable_column(self, object move, str verb) except -1:
        """The 1-based column of `move` (an int, or one character of the move notation) if a
        stone can go there now; TypeError or ValueError naming what is wrong otherwise."""
        if isinstance(move, str):
            if len(move) != 1:
                raise ValueError(f"{verb} one column at a time, not {short_repr(move)}")
            column = _COLUMN_DIGITS.find(move.lower())
            if column < 0 or column >= self.n_cols:
                raise ValueError(f"bad column {short_repr(move)}: columns are 1 to {self.n_cols}")
            move = column + 1
        column = integer_of(move)
        if column is None:
            raise TypeError(f"a move is a 1-based column number, not {type(move).__name__} {short_repr(move)}")
        move = column
        if self.at_terminal():
            raise ValueError(f"cannot {verb} column {move}: the game is over")
        if not 1 <= move <= self.n_cols:
            raise ValueError(f"column {move} is off the board: columns are 1 to {self.n_cols}")
        if self.column_height[move - 1] == self.n_rows:
            raise ValueError(f"column {move} is full")
        return move

    def decode_line(self, moves):
        """The search's 0-based columns as 1-based columns."""
        # The engine's own lines hold ints: int() only for other integers (numpy's, say).
        return [m + 1 if type(m) is int else int(m) + 1 for m in moves]

    def safe_moves(self):
        """The 1-based columns after which the opponent cannot win at once, or, when the side
        to move can win at once, a list holding one winning column."""
        cdef Move buffer[32]
        if self.at_terminal():
            return []
        cdef uint64_t squares
        cdef int count = self.find_safe_moves(buffer, &squares)   # squares: unused here
        if count == WINNING_MOVE_FOUND:
            return [buffer[0] + 1]
        return [buffer[i] + 1 for i in range(count)]

    def can_win_now(self):
        """True when the side to move has a move that completes four in a row."""
        return (not self.at_terminal()
                and (self.possible_squares() & self.winning_squares(self.bits[0], self.bits[1])) != 0)

    @property
    def history(self):
        """The moves made since the empty board (1-based columns), oldest first."""
        return tuple(col + 1 for col in self._history)

    @property
    def moves(self):
        """The moves since the empty board in the usual notation, e.g. '4453'."""
        return "".join(_COLUMN_DIGITS[col] for col in self._history)

    @property
    def width(self):
        """Number of columns."""
        return self.n_cols

    @property
    def height(self):
        """Number of rows."""
        return self.n_rows

    @property
    def bitboards(self):
        """The state: a read-only uint64 array [stones of the side to move, all stones]."""
        # A view of the game's own two words that follows the game, read-only: its base is
        # the game, which offers no writable buffer, so numpy refuses to make it writeable.
        cdef cnp.npy_intp size = 2
        cdef cnp.ndarray view = cnp.PyArray_SimpleNewFromData(1, &size, cnp.NPY_UINT64,
                                                              <void*> self.bits)
        cnp.PyArray_CLEARFLAGS(view, cnp.NPY_ARRAY_WRITEABLE)
        cnp.set_array_base(view, self)   # the view keeps the game alive
        return view

    @property
    def stones(self):
        """Number of stones on the board."""
        return self.played

    @property
    def to_move(self):
        """1 when the first player is to move, -1 when the second is."""
        return 1 if self.played % 2 == 0 else -1

    @property
    def winner(self):
        """1 (first player won), -1 (second player won), 0 (draw) or None while the game goes on."""
        if self.last_move_won:
            return 1 if self.played % 2 == 1 else -1
        return 0 if self.played == self.cells else None

    @property
    def board(self):
        """The board as an int8 array of rows x columns, top row first: 1 for the first
        player's stones, -1 for the second player's, 0 for empty squares."""
        cdef uint64_t first = self.bits[0] if self.played % 2 == 0 else self.bits[0] ^ self.bits[1]
        cdef uint64_t bit
        cdef int row, col
        grid = np.zeros((self.n_rows, self.n_cols), dtype=np.int8)
        for col in range(self.n_cols):
            for row in range(self.n_rows):
                bit = (<uint64_t> 1) << (col * self.stride + row)
                if self.bits[1] & bit:
                    grid[self.n_rows - 1 - row, col] = 1 if first & bit else -1
        return grid

    def __str__(self):
        symbols = {1: "x", -1: "o", 0: "."}
        rows = [" ".join(symbols[int(v)] for v in row) for row in self.board]
        rows.append(" ".join(_COLUMN_DIGITS[c] for c in range(self.n_cols)))
        return "\n".join(rows)

    def __repr__(self):
        size = "" if (self.n_cols, self.n_rows) == (7, 6) else f", width={self.n_cols}, height={self.n_rows}"
        return f"ConnectFour({self.moves!r}{size})"

    def __eq__(self, other):
        if not isinstance(other, ConnectFour):
            return NotImplemented
        cdef ConnectFour that = other
        return (self.n_cols, self.n_rows, self.position_key(), self.played) == (
            that.n_cols, that.n_rows, that.position_key(), that.played)

    def __hash__(self):
        return hash((self.n_cols, self.n_rows, self.key()))

    def solver_score(self, value):
        """A solved value of this position (SolveResult.value) in the convention of the
        published Connect Four solver benchmarks: a win scores (cells + 1 - s) // 2, where s
        is the number of stones on the board just before the winning stone; a loss the
        negative of the opponent's; a draw 0; None stays None. TypeError for a value that is
        not an int; ValueError for one no solve of this position can give (a heuristic value,
        or a win or loss the board has no room or the wrong turn for)."""
        cdef bint in_range
        if value is None:
            return None
        if type(value) is not int:       # the results' own values are ints: no checks then
            if isinstance(value, bool) or not hasattr(value, "__index__"):
                raise TypeError(f"value must be an int (a solved value), not "
                                f"{type(value).__name__} {short_repr(value)}")
            value = operator.index(value)   # TypeError for an __index__ that gives no int
        in_range = -WIN <= value <= WIN
        return self.score_of_value(value if in_range else 0, in_range, value)

    cdef object score_of_value(self, long long v, bint in_range, object value):
        """solver_score of the int `value` (None: `v`), whose value is `v` when `in_range`
        (-WIN <= value <= WIN). A batch of solves asks for a score per position: in C."""
        cdef long long plies, winner_stones, score
        if value is None:
            value = v
        if in_range and v == 0 and not self.last_move_won:    # a game already won is no draw
            return 0
        if self.last_move_won and not (in_range and v == -WIN):
            raise ValueError(f"{value} is not a solved value of this position: the game is over, "
                             f"won by the last stone, and its only solved value is -WIN")
        # A value beyond +-WIN is no solve's, and fails the first test below as a heuristic
        # value does.
        if not in_range:
            v = 0
        plies = WIN - (v if v >= 0 else -v) if in_range else -1
        # The side to move wins on its own moves (odd plies from here), loses on the other's
        # (or has lost already: -WIN, when the last stone won).
        if (-EVAL_LIMIT <= v <= EVAL_LIMIT or not 0 <= plies <= self.cells - self.played
                or plies % 2 != (1 if v > 0 else 0) or (plies == 0 and not self.last_move_won)
                or (plies > 0 and self.last_move_won)):
            raise ValueError(f"{value} is not a solved value of this position: a draw is 0, a win "
                             f"WIN - plies with an odd number of plies, a loss -(WIN - plies) "
                             f"with an even number, and at most {self.cells - self.played} "
                             f"plies are left")
        # Four in a row takes four stones of the winner's (none can win sooner).
        winner_stones = (self.played // 2 + (plies + 1) // 2 if v > 0
                         else self.played - self.played // 2 + plies // 2)
        if plies > 0 and winner_stones < 4:
            raise ValueError(f"{value} is not a solved value of this position: a win {plies} "
                             f"plies from here would be made with {winner_stones} stones of "
                             f"the winner's, and four in a row takes four")
        score = (self.cells + 1 - (self.played + plies - 1)) // 2
        return score if v > 0 else -score


# --- the search, compiled for this game (see ext/engine/kernels.pxi) -------------------------

ctypedef ConnectFour GameT
include "engine/kernels.pxi"
include "solver.pxi"
KERNELS.search_root = connect4_search_root    # a solve's searches on bitboards (solver.pxi)
KERNELS.prove_line = connect4_prove_line      # and the proof of its line


cdef object connect4_line_tuple(NativeGame game, const Move* moves, int length):
    """decode_line's 1-based columns, as a tuple made in C."""
    return moves_tuple(moves, length, 1)


cdef object connect4_solver_score(NativeGame game, Score value):
    """solver_score of a value the engine gave, in C."""
    return (<ConnectFour> game).score_of_value(value, -WIN <= value <= WIN, None)


KERNELS.line_tuple = connect4_line_tuple
KERNELS.solver_score = connect4_solver_score


cdef void connect4_copy_into(NativeGame source, NativeGame target) noexcept:
    (<ConnectFour> target).take_position(<ConnectFour> source)


KERNELS.copy_into = connect4_copy_into

from negamax._engine import register_kernels
register_kernels(ConnectFour, kernels_capsule())
