# Zobrist keys: one random 64-bit number per (piece, square), per castling-rights set, per
# en passant file and for Black to move. A position's key is the xor of the numbers of what is
# in it; make/unmake keep it up to date with a few xors.
#
# The en passant file enters the key only when an en passant capture is legal, as in the
# repetition rule of FIDE (and python-chess): two positions that differ only by an en passant
# square nobody can use are the same position.
#
# The key the search's table uses (Chess.position_key) also holds the halfmove clock once it
# reaches CLOCK_KEYED_FROM: the fifty-move rule makes a position's value depend on it (the
# same pieces can be a mate in 3 at clock 0 and a draw at clock 95), so a value found at one
# clock must not answer for another. Below that the clock is left out: a value found there
# could differ from another clock's only through a line of 100 - CLOCK_KEYED_FROM plies or
# more with no capture or pawn move inside one search, and leaving it out keeps the
# transpositions of the middlegame, where move orders reach one position at clocks that
# differ by a pawn move's timing (keying every clock cost 3-70% more nodes on the benchmark
# middlegames at depth 8). Repetitions use the key without the clock (Position.key).
cdef enum:
    CLOCK_KEYED_FROM = 32

cdef uint64_t ZOBRIST_PIECE[16][64]     # [colour * 8 + kind][square]; kinds 1..6
cdef uint64_t ZOBRIST_CASTLING[16]      # [castling rights bit set]
cdef uint64_t ZOBRIST_EN_PASSANT[8]     # [file of the en passant square]
cdef uint64_t ZOBRIST_BLACK_TO_MOVE
cdef uint64_t ZOBRIST_CLOCK[101]        # [halfmove clock, 100 for any clock from 100 on]


cdef uint64_t splitmix64(uint64_t* state) noexcept nogil:
    state[0] += <uint64_t> 0x9e3779b97f4a7c15
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t> 0xbf58476d1ce4e5b9
    z = (z ^ (z >> 27)) * <uint64_t> 0x94d049bb133111eb
    return z ^ (z >> 31)


cdef void init_zobrist() noexcept nogil:
    global ZOBRIST_BLACK_TO_MOVE
    cdef uint64_t seed = 20260710
    cdef int piece, square, rights, file, clock
    cdef uint64_t single[4]
    for piece in range(16):
        for square in range(64):
            ZOBRIST_PIECE[piece][square] = splitmix64(&seed) if 1 <= (piece & 7) <= 6 else 0
    # A castling-rights set is the xor of its rights' numbers, so losing one right is one xor.
    for rights in range(4):
        single[rights] = splitmix64(&seed)
    for rights in range(16):
        ZOBRIST_CASTLING[rights] = 0
        for file in range(4):
            if rights & (1 << file):
                ZOBRIST_CASTLING[rights] ^= single[file]
    for file in range(8):
        ZOBRIST_EN_PASSANT[file] = splitmix64(&seed)
    ZOBRIST_BLACK_TO_MOVE = splitmix64(&seed)
    # Drawn after the others, so that the keys without the clock stay as they were.
    for clock in range(101):
        ZOBRIST_CLOCK[clock] = splitmix64(&seed)

init_zobrist()
