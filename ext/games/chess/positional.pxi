# The positional terms of the evaluation, computed from the bitboards at each evaluation
# (not incrementally): pawn structure (passed, isolated, doubled pawns), the bishop pair,
# rooks on open files, mobility (squares a piece attacks that are neither ours nor covered
# by an enemy pawn), attacks on the squares around the enemy king, and the pawn shield in
# front of our own king. Each side's terms are computed by the same code with mirrored
# masks, and White's minus Black's is what counts: a colour-mirrored position gets exactly
# the negated terms.

cdef uint64_t FILE_MASK[8]
cdef uint64_t KING_ZONE[64]          # the king's square and its neighbours
cdef uint64_t PAWN_SHIELD[2][64]     # [colour][king square]: two ranks ahead on the three files
cdef int32_t PASSED_MG[8]
cdef int32_t PASSED_EG[8]
cdef int32_t KING_DANGER[32]         # middlegame bonus by the attack units on the enemy king zone


cdef void init_positional() except *:
    cdef int square, file, rank, other, colour, r, f
    for file in range(8):
        FILE_MASK[file] = FILE_A << file
    for square in range(64):
        KING_ZONE[square] = KING_ATTACKS[square] | bit(square)
        file = square & 7
        rank = square >> 3
        for colour in range(2):
            PAWN_SHIELD[colour][square] = 0
        for other in range(64):
            f = other & 7
            r = other >> 3
            if f - file > 1 or file - f > 1:
                continue
            if rank < r <= rank + 2:
                PAWN_SHIELD[WHITE][square] |= bit(other)
            if rank - 2 <= r < rank:
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


cdef inline uint64_t pawn_files(uint64_t pawns) noexcept nogil:
    """The files holding a pawn, as the bits 0..7 (file a = bit 0)."""
    pawns |= pawns >> 32
    pawns |= pawns >> 16
    pawns |= pawns >> 8
    return pawns & 0xFF


cdef inline uint64_t file_fill(uint64_t files) noexcept nogil:
    """The whole files named by the bits 0..7."""
    return files * FILE_A


cdef inline uint64_t enemy_pawn_spans(uint64_t pawns, int colour) noexcept nogil:
    """The squares ahead of the pawns of `colour` (moving as that colour does) on their own
    and the adjacent files: a pawn of the other side there is not passed."""
    cdef uint64_t span
    if colour == WHITE:
        span = pawns << 8
        span |= span << 8
        span |= span << 16
        span |= span << 32
    else:
        span = pawns >> 8
        span |= span >> 8
        span |= span >> 16
        span |= span >> 32
    return span | ((span & ~FILE_A) >> 1) | ((span & ~FILE_H) << 1)


cdef inline void side_terms(const Position* p, int colour, int32_t* middlegame, int32_t* endgame) noexcept nogil:
    """Add the positional terms of `colour` (its own view, good is positive)."""
    cdef const uint64_t* own = p.pieces + colour * 8
    cdef const uint64_t* enemy = p.pieces + (colour ^ 1) * 8
    cdef uint64_t occupied = p.pieces[0] | p.pieces[8]
    cdef uint64_t safe = ~own[0] & ~pawn_attack_set(enemy[PAWN], colour ^ 1)
    cdef uint64_t zone = KING_ZONE[lowest_square(enemy[KING])]
    cdef uint64_t pawns = own[PAWN], pieces, attacks
    cdef int32_t mg = 0, eg = 0
    cdef uint64_t files
    cdef int square, count, units = 0, king
    # pawns: passed ones one by one (there are few), isolated and doubled ones by whole files
    pieces = pawns & ~enemy_pawn_spans(enemy[PAWN], colour ^ 1)
    while pieces:
        square = lowest_square(pieces)
        count = (square >> 3) if colour == WHITE else 7 - (square >> 3)
        mg += PASSED_MG[count]
        eg += PASSED_EG[count]
        pieces &= pieces - 1
    files = pawn_files(pawns)
    count = popcount(pawns & file_fill(files & ~((files << 1) | (files >> 1))))
    mg -= 10 * count
    eg -= 15 * count
    count = popcount(pawns) - popcount(files)
    mg -= 10 * count
    eg -= 20 * count
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
        if attacks & zone:
            units += 2 * popcount(attacks & zone)
        pieces &= pieces - 1
    pieces = own[BISHOP]
    while pieces:
        attacks = bishop_attacks(lowest_square(pieces), occupied)
        count = popcount(attacks & safe)
        mg += 5 * count
        eg += 5 * count
        if attacks & zone:
            units += 2 * popcount(attacks & zone)
        pieces &= pieces - 1
    pieces = own[ROOK]
    while pieces:
        square = lowest_square(pieces)
        attacks = rook_attacks(square, occupied)
        count = popcount(attacks & safe)
        mg += 2 * count
        eg += 4 * count
        if attacks & zone:
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
        if attacks & zone:
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
