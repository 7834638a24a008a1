# The board of English draughts as 32-bit bitboards, and the tables every other part reads.
#
# Bit i holds PDN square i + 1. Squares are numbered row by row from black's side (the top of
# the diagram): row r holds squares 4r+1 .. 4r+4; in even rows (0, 2, 4, 6) they sit on
# columns 1, 3, 5, 7, in odd rows on columns 0, 2, 4, 6:
#
#        col: 0  1  2  3  4  5  6  7
#     row 0:  .  1  .  2  .  3  .  4        black men start on 1-12 and move down
#     row 1:  5  .  6  .  7  .  8  .
#     row 2:  .  9  . 10  . 11  . 12
#     row 3: 13  . 14  . 15  . 16  .
#     row 4:  . 17  . 18  . 19  . 20
#     row 5: 21  . 22  . 23  . 24  .
#     row 6:  . 25  . 26  . 27  . 28
#     row 7: 29  . 30  . 31  . 32  .        white men start on 21-32 and move up
#
# Directions: 0 = down-left, 1 = down-right (towards higher squares, black's forward),
# 2 = up-left, 3 = up-right (white's forward); the opposite of d is 3 - d. A neighbour one
# row down is 4 bits up from an even row (3 or 5 from an odd row), so each direction is a pair
# of masked shifts.

from libc.stdint cimport int8_t, uint32_t, uint64_t

cdef extern from "negamax_bits.h":
    int negamax_popcount64(uint64_t x) noexcept nogil
    int negamax_ctz64(uint64_t x) noexcept nogil

cdef enum:
    SQUARES = 32
    DOWN_LEFT = 0
    DOWN_RIGHT = 1
    UP_LEFT = 2
    UP_RIGHT = 3
    BLACK = 0                 # side index: black moves first, down the board
    WHITE = 1

cdef uint32_t EVEN_ROWS = 0x0F0F0F0F      # rows 0, 2, 4, 6
cdef uint32_t ODD_ROWS = 0xF0F0F0F0       # rows 1, 3, 5, 7
cdef uint32_t LEFT_EDGE = 0x10101010      # column 0: squares 5, 13, 21, 29
cdef uint32_t RIGHT_EDGE = 0x08080808     # column 7: squares 4, 12, 20, 28
cdef uint32_t TOP_ROW = 0x0000000F        # squares 1-4: white men are crowned here
cdef uint32_t BOTTOM_ROW = 0xF0000000     # squares 29-32: black men are crowned here
cdef uint32_t CENTRE = (1 << 9) | (1 << 10) | (1 << 13) | (1 << 14) | (1 << 17) | (1 << 18) | (1 << 21) | (1 << 22)
cdef uint32_t ROW_MASK[8]                 # the four squares of each row
cdef uint32_t CROWN_ROW[2]                # [side]: where that side's men are crowned
cdef int8_t NEIGHBOUR[32][4]              # [square][direction]: adjacent square, -1 off the board
cdef int8_t LANDING[32][4]                # [square][direction]: square two steps away, -1 off the board
cdef int8_t ROW_OF[32]
cdef int8_t COLUMN_OF[32]
cdef uint64_t ZOBRIST[4][32]              # [black man, white man, black king, white king][square]
cdef uint64_t ZOBRIST_WHITE_TO_MOVE
cdef uint64_t ZOBRIST_QUIET[81]           # [plies without a capture or man move, 0-80]


cdef inline uint32_t step(uint32_t squares, int direction) noexcept nogil:
    """The squares one step from `squares` in `direction` (pieces at the edge step off)."""
    if direction == DOWN_LEFT:
        return ((squares & EVEN_ROWS) << 4) | ((squares & ODD_ROWS & ~LEFT_EDGE) << 3)
    if direction == DOWN_RIGHT:
        return ((squares & EVEN_ROWS & ~RIGHT_EDGE) << 5) | ((squares & ODD_ROWS) << 4)
    if direction == UP_LEFT:
        return ((squares & EVEN_ROWS) >> 4) | ((squares & ODD_ROWS & ~LEFT_EDGE) >> 5)
    return ((squares & EVEN_ROWS & ~RIGHT_EDGE) >> 3) | ((squares & ODD_ROWS) >> 4)


cdef inline bint is_forward(int direction, int side) noexcept nogil:
    """Men of `side` move in this direction (black: 0 and 1, white: 2 and 3)."""
    return (direction >> 1) == side


cdef uint64_t splitmix64(uint64_t* state) noexcept nogil:
    state[0] += <uint64_t> 0x9e3779b97f4a7c15
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t> 0xbf58476d1ce4e5b9
    z = (z ^ (z >> 27)) * <uint64_t> 0x94d049bb133111eb
    return z ^ (z >> 31)


cdef int square_at(int row, int column) noexcept nogil:
    """The square index (0-31) at a board coordinate, -1 off the board or on a light square."""
    if row < 0 or row > 7 or column < 0 or column > 7 or (row + column) % 2 == 0:
        return -1
    return row * 4 + column // 2


cdef void init_geometry() noexcept nogil:
    cdef int square, row, column, direction, kind
    cdef int row_step[4]
    cdef int column_step[4]
    cdef uint64_t seed = 0x636865636b657273   # "checkers"
    row_step[:] = [1, 1, -1, -1]
    column_step[:] = [-1, 1, -1, 1]
    for row in range(8):
        ROW_MASK[row] = (<uint32_t> 0xF) << (4 * row)
    CROWN_ROW[BLACK] = BOTTOM_ROW
    CROWN_ROW[WHITE] = TOP_ROW
    for square in range(SQUARES):
        row = square // 4
        column = 2 * (square % 4) + (1 if row % 2 == 0 else 0)
        ROW_OF[square] = row
        COLUMN_OF[square] = column
        for direction in range(4):
            NEIGHBOUR[square][direction] = square_at(row + row_step[direction], column + column_step[direction])
            LANDING[square][direction] = square_at(row + 2 * row_step[direction],
                                                   column + 2 * column_step[direction])
        for kind in range(4):
            ZOBRIST[kind][square] = splitmix64(&seed)
    global ZOBRIST_WHITE_TO_MOVE
    ZOBRIST_WHITE_TO_MOVE = splitmix64(&seed)
    ZOBRIST_QUIET[0] = 0
    for kind in range(1, 81):
        ZOBRIST_QUIET[kind] = splitmix64(&seed)


init_geometry()
