# Bitboards and attack tables, filled once at import.
#
# Square numbering: a1 = 0, b1 = 1, ..., h1 = 7, a2 = 8, ..., h8 = 63 (file = square & 7,
# rank = square >> 3). Bit i of a bitboard is square i:
#
#     rank 8   56 57 58 59 60 61 62 63
#     ...
#     rank 2    8  9 10 11 12 13 14 15
#     rank 1    0  1  2  3  4  5  6  7
#               a  b  c  d  e  f  g  h
#
# Sliding attacks use "fancy" magic bitboards: the blockers on a square's rays (edges left
# out) are multiplied by a per-square magic number and shifted down to index that square's
# slice of one shared table. The magics come from magics.pxi (found once by the seeded random
# search below, `python tools/chess_magics.py` writes the file again); each is checked while
# the table is filled at import, and the search runs again for any square whose number fails.

from libc.stdint cimport int8_t, int16_t, int32_t, int64_t, uint8_t, uint32_t, uint64_t

cdef extern from "negamax_bits.h":
    int negamax_popcount64(uint64_t x) noexcept nogil
    int negamax_ctz64(uint64_t x) noexcept nogil

cdef enum:
    WHITE = 0
    BLACK = 1
    PAWN = 1
    KNIGHT = 2
    BISHOP = 3
    ROOK = 4
    QUEEN = 5
    KING = 6
    NO_SQUARE = -1
    ROOK_TABLE_SIZE = 102400      # sum over squares of 2^(relevant rook blockers)
    BISHOP_TABLE_SIZE = 5248

cdef uint64_t FILE_A = 0x0101010101010101
cdef uint64_t FILE_H = 0x8080808080808080
cdef uint64_t RANK_1 = 0xFF
cdef uint64_t RANK_8 = 0xFF00000000000000

cdef uint64_t KNIGHT_ATTACKS[64]
cdef uint64_t KING_ATTACKS[64]
cdef uint64_t PAWN_ATTACKS[2][64]      # [colour of the pawn][square]: squares it attacks
cdef uint64_t BETWEEN[64][64]          # squares strictly between two aligned squares, else 0
cdef uint64_t LINE[64][64]             # the whole line through two aligned squares, else 0

cdef uint64_t ROOK_MASKS[64]           # relevant blockers: the rook's rays without the edges
cdef uint64_t ROOK_MAGICS[64]
cdef int ROOK_SHIFTS[64]
cdef uint32_t ROOK_OFFSETS[64]
cdef uint64_t BISHOP_MASKS[64]
cdef uint64_t BISHOP_MAGICS[64]
cdef int BISHOP_SHIFTS[64]
cdef uint32_t BISHOP_OFFSETS[64]
cdef uint64_t* ROOK_TABLE = NULL       # attack sets, indexed by offset + magic index
cdef uint64_t* BISHOP_TABLE = NULL

cdef int ROOK_DIRECTIONS[4][2]         # (file step, rank step) of each ray
cdef int BISHOP_DIRECTIONS[4][2]


cdef inline uint64_t bit(int square) noexcept nogil:
    return (<uint64_t> 1) << square

cdef inline int lowest_square(uint64_t bits) noexcept nogil:
    return negamax_ctz64(bits)

cdef inline int highest_square(uint64_t bits) noexcept nogil:
    """The highest set square of a nonzero bitboard (not in hot loops)."""
    while bits & (bits - 1):
        bits &= bits - 1
    return negamax_ctz64(bits)

cdef inline int popcount(uint64_t bits) noexcept nogil:
    return negamax_popcount64(bits)

cdef inline uint64_t rook_attacks(int square, uint64_t occupied) noexcept nogil:
    return ROOK_TABLE[ROOK_OFFSETS[square]
                      + (((occupied & ROOK_MASKS[square]) * ROOK_MAGICS[square]) >> ROOK_SHIFTS[square])]

cdef inline uint64_t bishop_attacks(int square, uint64_t occupied) noexcept nogil:
    return BISHOP_TABLE[BISHOP_OFFSETS[square]
                        + (((occupied & BISHOP_MASKS[square]) * BISHOP_MAGICS[square]) >> BISHOP_SHIFTS[square])]

cdef inline uint64_t queen_attacks(int square, uint64_t occupied) noexcept nogil:
    return rook_attacks(square, occupied) | bishop_attacks(square, occupied)


# --- building the tables ------------------------------------------------------------------

cdef inline bint on_board(int file, int rank) noexcept nogil:
    return 0 <= file < 8 and 0 <= rank < 8

cdef uint64_t step_attacks(int square, int[:, :] steps):
    """Squares one step away (knight or king steps) that stay on the board."""
    cdef uint64_t result = 0
    cdef int i, f, r
    for i in range(steps.shape[0]):
        f = (square & 7) + steps[i, 0]
        r = (square >> 3) + steps[i, 1]
        if on_board(f, r):
            result |= bit(r * 8 + f)
    return result

cdef uint64_t ray_attacks(int square, uint64_t occupied, int directions[4][2]) noexcept nogil:
    """Slider attacks walked ray by ray: the reference the magic tables are built from."""
    cdef uint64_t result = 0
    cdef int d, f, r
    for d in range(4):
        f = (square & 7) + directions[d][0]
        r = (square >> 3) + directions[d][1]
        while on_board(f, r):
            result |= bit(r * 8 + f)
            if occupied & bit(r * 8 + f):
                break
            f += directions[d][0]
            r += directions[d][1]
    return result

cdef uint64_t relevant_blockers(int square, int directions[4][2]) noexcept nogil:
    """The squares of the rays whose occupancy changes the attacks: each ray without its last square."""
    cdef uint64_t result = 0
    cdef int d, f, r
    for d in range(4):
        f = (square & 7) + directions[d][0]
        r = (square >> 3) + directions[d][1]
        while on_board(f + directions[d][0], r + directions[d][1]):
            result |= bit(r * 8 + f)
            f += directions[d][0]
            r += directions[d][1]
    return result

cdef inline uint64_t xorshift64(uint64_t* state) noexcept nogil:
    cdef uint64_t x = state[0]
    x ^= x << 13
    x ^= x >> 7
    x ^= x << 17
    state[0] = x
    return x

cdef int find_magics(int directions[4][2], const uint64_t* known, uint64_t* masks, uint64_t* magics,
                     int* shifts, uint32_t* offsets, uint64_t* table, uint64_t* seed) noexcept nogil:
    """Fill masks, magics, shifts, offsets and the attack table for one slider kind, trying
    the known magic of each square first (0: none). Returns the table size used."""
    cdef uint64_t occupancies[4096]
    cdef uint64_t attacks[4096]
    cdef int epoch[4096]
    cdef int square, count, bits, i, attempt, shift
    cdef uint64_t mask, subset, magic, index
    cdef uint32_t offset = 0
    cdef bint ok
    for i in range(4096):
        epoch[i] = 0
    attempt = 0
    for square in range(64):
        mask = relevant_blockers(square, directions)
        bits = popcount(mask)
        shift = 64 - bits
        # Every subset of the mask (the carry-rippler trick walks them all).
        count = 0
        subset = 0
        while True:
            occupancies[count] = subset
            attacks[count] = ray_attacks(square, subset, directions)
            count += 1
            subset = (subset - mask) & mask
            if subset == 0:
                break
        magic = known[square]
        while True:
            if magic == 0:
                magic = xorshift64(seed) & xorshift64(seed) & xorshift64(seed)
                if popcount((mask * magic) & <uint64_t> 0xFF00000000000000) < 6:
                    magic = 0
                    continue
            attempt += 1
            ok = True
            for i in range(count):
                index = (occupancies[i] * magic) >> shift
                if epoch[index] < attempt:
                    epoch[index] = attempt
                    table[offset + index] = attacks[i]
                elif table[offset + index] != attacks[i]:
                    ok = False
                    break
            if ok:
                break
            magic = 0
        masks[square] = mask
        magics[square] = magic
        shifts[square] = shift
        offsets[square] = offset
        offset += <uint32_t> count
    return offset

cdef void init_bitboard_tables() except *:
    global ROOK_TABLE, BISHOP_TABLE
    cdef int[:, :] knight_steps = np.array(
        [[1, 2], [2, 1], [2, -1], [1, -2], [-1, -2], [-2, -1], [-2, 1], [-1, 2]], dtype=np.intc)
    cdef int[:, :] king_steps = np.array(
        [[1, 0], [1, 1], [0, 1], [-1, 1], [-1, 0], [-1, -1], [0, -1], [1, -1]], dtype=np.intc)
    cdef int[:, :] white_pawn_steps = np.array([[-1, 1], [1, 1]], dtype=np.intc)
    cdef int[:, :] black_pawn_steps = np.array([[-1, -1], [1, -1]], dtype=np.intc)
    cdef int square, other, d, f, r, df, dr
    cdef uint64_t seed = 0x2545F4914F6CDD1D
    cdef uint64_t walked, full_line
    for d in range(4):
        ROOK_DIRECTIONS[d][0] = (1, -1, 0, 0)[d]
        ROOK_DIRECTIONS[d][1] = (0, 0, 1, -1)[d]
        BISHOP_DIRECTIONS[d][0] = (1, 1, -1, -1)[d]
        BISHOP_DIRECTIONS[d][1] = (1, -1, 1, -1)[d]
    for square in range(64):
        KNIGHT_ATTACKS[square] = step_attacks(square, knight_steps)
        KING_ATTACKS[square] = step_attacks(square, king_steps)
        PAWN_ATTACKS[WHITE][square] = step_attacks(square, white_pawn_steps)
        PAWN_ATTACKS[BLACK][square] = step_attacks(square, black_pawn_steps)
        for other in range(64):
            BETWEEN[square][other] = 0
            LINE[square][other] = 0
    # Lines and the squares between: walk the 8 directions from every square.
    for square in range(64):
        for d in range(8):
            df = (1, 1, 0, -1, -1, -1, 0, 1)[d]
            dr = (0, 1, 1, 1, 0, -1, -1, -1)[d]
            full_line = bit(square)
            f = (square & 7) + df
            r = (square >> 3) + dr
            while on_board(f, r):
                full_line |= bit(r * 8 + f)
                f += df
                r += dr
            f = (square & 7) - df
            r = (square >> 3) - dr
            while on_board(f, r):
                full_line |= bit(r * 8 + f)
                f -= df
                r -= dr
            walked = 0
            f = (square & 7) + df
            r = (square >> 3) + dr
            while on_board(f, r):
                BETWEEN[square][r * 8 + f] = walked
                LINE[square][r * 8 + f] = full_line
                walked |= bit(r * 8 + f)
                f += df
                r += dr
    ROOK_TABLE = <uint64_t*> malloc(ROOK_TABLE_SIZE * sizeof(uint64_t))
    BISHOP_TABLE = <uint64_t*> malloc(BISHOP_TABLE_SIZE * sizeof(uint64_t))
    if ROOK_TABLE == NULL or BISHOP_TABLE == NULL:
        raise MemoryError("not enough memory for the chess attack tables")
    with nogil:
        find_magics(ROOK_DIRECTIONS, KNOWN_ROOK_MAGICS, ROOK_MASKS, ROOK_MAGICS, ROOK_SHIFTS,
                    ROOK_OFFSETS, ROOK_TABLE, &seed)
        find_magics(BISHOP_DIRECTIONS, KNOWN_BISHOP_MAGICS, BISHOP_MASKS, BISHOP_MAGICS, BISHOP_SHIFTS,
                    BISHOP_OFFSETS, BISHOP_TABLE, &seed)

include "magics.pxi"

init_bitboard_tables()


def _search_magics():
    """(rook magics, bishop magics) found by the seeded random search alone, for
    tools/chess_magics.py (the tables in use are not touched)."""
    cdef uint64_t none[64]
    cdef uint64_t masks[64]
    cdef uint64_t rook[64]
    cdef uint64_t bishop[64]
    cdef int shifts[64]
    cdef uint32_t offsets[64]
    cdef uint64_t seed = 0x2545F4914F6CDD1D
    cdef uint64_t* table = <uint64_t*> malloc(ROOK_TABLE_SIZE * sizeof(uint64_t))
    if table == NULL:
        raise MemoryError()
    for square in range(64):
        none[square] = 0
    with nogil:
        find_magics(ROOK_DIRECTIONS, none, masks, rook, shifts, offsets, table, &seed)
        find_magics(BISHOP_DIRECTIONS, none, masks, bishop, shifts, offsets, table, &seed)
    free(table)
    return [rook[i] for i in range(64)], [bishop[i] for i in range(64)]
