# The positional terms of the evaluation, computed from the bitboards at each evaluation
# (not incrementally): pawn structure (passed, isolated, doubled pawns), the bishop pair,
# rooks on open files, mobility (squares a piece attacks that are neither ours nor covered
# by an enemy pawn), attacks on the squares around the enemy king, and the pawn shield in
# front of our own king. Each side's terms are computed by the same code with mirrored
# masks, and White's minus Black's is what counts: a colour-mirrored position gets exactly
# the negated terms.

cdef uint64_t FILE_MASK[8]
cdef uint64_t ADJACENT_FILES[8]      # the files beside a file (not the file itself)
cdef uint64_t PASSED_SPAN[2][64]     # [colour][square]: squares ahead on this and the adjacent files
cdef uint64_t KING_ZONE[64]          # the king's square and its neighbours
cdef uint64_t PAWN_SHIELD[2][64]     # [colour][king square]: two ranks ahead on the three files
cdef int32_t PASSED_MG[8]
cdef int32_t PASSED_EG[8]
cdef int32_t KING_DANGER[32]         # middlegame penalty by the attack units on the king zone


cdef void init_positional() except *:
    cdef int square, file, rank, other, colour, r, f
    for file in range(8):
        FILE_MASK[file] = FILE_A << file
    for file in range(8):
        ADJACENT_FILES[file] = ((FILE_MASK[file - 1] if file > 0 else 0)
                                | (FILE_MASK[file + 1] if file < 7 else 0))
    for square in range(64):
        KING_ZONE[square] = KING_ATTACKS[square] | bit(square)
        file = square & 7
        rank = square >> 3
        for colour in range(2):
            PASSED_SPAN[colour][square] = 0
            PAWN_SHIELD[colour][square] = 0
        for other in range(64):
            f = other & 7
            r = other >> 3
            if f - file > 1 or file - f > 1:
                continue
            if r > rank:
                PASSED_SPAN[WHITE][square] |= bit(other)
                if r <= rank + 2:
                    PAWN_SHIELD[WHITE][square] |= bit(other)
            if r < rank:
                PASSED_SPAN[BLACK][square] |= bit(other)
                if r >= rank - 2:
                    PAWN_SHIELD[BLACK][square] |= bit(other)
    for rank in range(8):     # by rank counted from the pawn's own side (1 = its start rank)
        PASSED_MG[rank] = (0, 0, 5, 10, 20, 35, 60, 0)[rank]
        PASSED_EG[rank] = (0, 10, 15, 25, 45, 75, 120, 0)[rank]
    for r in range(32):
        KING_DANGER[r] = r * r // 2 if r * r // 2 < 300 else 300

init_positional()


cdef inline uint64_t pawn_attack_set(uint64_t pawns, int colour) noexcept nogil:
    if colour == WHITE:
        return ((pawns & ~FILE_A) << 7) | ((pawns & ~FILE_H) << 9)
    return ((pawns & ~FILE_A) >> 9) | ((pawns & ~FILE_H) >> 7)


cdef inline void side_terms(const Position* p, int colour, int32_t* middlegame, int32_t* endgame) noexcept nogil:
    """Add the positional terms of `colour` (its own view, good is positive)."""
    cdef const uint64_t* own = p.pieces + colour * 8
    cdef const uint64_t* enemy = p.pieces + (colour ^ 1) * 8
    cdef uint64_t occupied = p.pieces[0] | p.pieces[8]
    cdef uint64_t safe = ~own[0] & ~pawn_attack_set(enemy[PAWN], colour ^ 1)
    cdef uint64_t zone = KING_ZONE[lowest_square(enemy[KING])]
    cdef uint64_t pawns = own[PAWN], pieces, attacks
    cdef int32_t mg = 0, eg = 0
    cdef int square, count, units = 0, file, king
    # pawns
    pieces = pawns
    while pieces:
        square = lowest_square(pieces)
        if not (PASSED_SPAN[colour][square] & enemy[PAWN]):
            count = (square >> 3) if colour == WHITE else 7 - (square >> 3)
            mg += PASSED_MG[count]
            eg += PASSED_EG[count]
        if not (ADJACENT_FILES[square & 7] & pawns):
            mg -= 10
            eg -= 15
        pieces &= pieces - 1
    for file in range(8):
        count = popcount(pawns & FILE_MASK[file])
        if count > 1:
            mg -= 10 * (count - 1)
            eg -= 20 * (count - 1)
    if own[BISHOP] & (own[BISHOP] - 1):
        mg += 30
        eg += 50
    # mobility and attacks near the enemy king
    pieces = own[KNIGHT]
    while pieces:
        attacks = KNIGHT_ATTACKS[lowest_square(pieces)]
        count = popcount(attacks & safe)
        mg += 4 * count
        eg += 4 * count
        units += 2 * popcount(attacks & zone)
        pieces &= pieces - 1
    pieces = own[BISHOP]
    while pieces:
        attacks = bishop_attacks(lowest_square(pieces), occupied)
        count = popcount(attacks & safe)
        mg += 5 * count
        eg += 5 * count
        units += 2 * popcount(attacks & zone)
        pieces &= pieces - 1
    pieces = own[ROOK]
    while pieces:
        square = lowest_square(pieces)
        attacks = rook_attacks(square, occupied)
        count = popcount(attacks & safe)
        mg += 2 * count
        eg += 4 * count
        units += 3 * popcount(attacks & zone)
        if not (FILE_MASK[square & 7] & pawns):
            mg += 10 if FILE_MASK[square & 7] & enemy[PAWN] else 20
        pieces &= pieces - 1
    pieces = own[QUEEN]
    while pieces:
        square = lowest_square(pieces)
        attacks = rook_attacks(square, occupied) | bishop_attacks(square, occupied)
        count = popcount(attacks & safe)
        mg += count
        eg += 2 * count
        units += 5 * popcount(attacks & zone)
        pieces &= pieces - 1
    mg += KING_DANGER[units if units < 31 else 31]
    # our king's pawn shield, while it stays home
    king = lowest_square(own[KING])
    if (king >> 3) == (0 if colour == WHITE else 7):
        mg += 8 * popcount(PAWN_SHIELD[colour][king] & pawns)
    middlegame[0] += mg
    endgame[0] += eg


cdef inline Score positional_score(const Position* p) noexcept nogil:
    """The whole evaluation from White's view: the incremental material and piece-square
    sums plus the positional terms of both sides, tapered by phase."""
    cdef int32_t white_mg = 0, white_eg = 0, black_mg = 0, black_eg = 0
    side_terms(p, WHITE, &white_mg, &white_eg)
    side_terms(p, BLACK, &black_mg, &black_eg)
    return tapered_score(p.middlegame + white_mg - black_mg, p.endgame + white_eg - black_eg, p.phase)


cdef inline Score evaluate_for_side(const Position* p) noexcept nogil:
    """The evaluation from the side to move."""
    cdef Score white = positional_score(p)
    return white if p.side == WHITE else -white
