# Static exchange evaluation (SEE): what a capture wins or loses once both sides have
# recaptured on its square as long as it pays, cheapest attacker first, sliders behind
# sliders (x-rays) joining in as the pieces in front of them leave. Pins and checks are
# ignored, as usual for SEE: it is a cheap guess for ordering and pruning, not a search.

cdef int EXCHANGE_VALUE[8]
EXCHANGE_VALUE[:] = [0, 100, 320, 330, 500, 900, 20000, 0]   # none, P, N, B, R, Q, K


cdef inline uint64_t all_attackers(const Position* p, int square, uint64_t occupied) noexcept nogil:
    """Both sides' pieces in `occupied` attacking `square` (through the pieces not in it)."""
    cdef const uint64_t* w = p.pieces
    cdef const uint64_t* b = p.pieces + 8
    return (((PAWN_ATTACKS[BLACK][square] & w[PAWN]) | (PAWN_ATTACKS[WHITE][square] & b[PAWN])
             | (KNIGHT_ATTACKS[square] & (w[KNIGHT] | b[KNIGHT]))
             | (KING_ATTACKS[square] & (w[KING] | b[KING]))
             | (rook_attacks(square, occupied) & (w[ROOK] | b[ROOK] | w[QUEEN] | b[QUEEN]))
             | (bishop_attacks(square, occupied) & (w[BISHOP] | b[BISHOP] | w[QUEEN] | b[QUEEN])))
            & occupied)


cdef int static_exchange(const Position* p, Move move) noexcept nogil:
    """The material the side to move wins (centipawns, < 0: loses) by the capture `move` and
    the best sequence of recaptures on its square. Promotions count the piece gained."""
    cdef int from_square = move & 63, to_square = (move >> 6) & 63, flag = (move >> 12) & 7
    cdef int gain[40]
    cdef int depth = 0, side = p.side, kind, piece_on_square
    cdef uint64_t occupied = p.pieces[0] | p.pieces[8], attackers, candidates
    cdef uint64_t diagonal = p.pieces[BISHOP] | p.pieces[8 + BISHOP] | p.pieces[QUEEN] | p.pieces[8 + QUEEN]
    cdef uint64_t straight = p.pieces[ROOK] | p.pieces[8 + ROOK] | p.pieces[QUEEN] | p.pieces[8 + QUEEN]
    kind = p.squares[to_square]
    gain[0] = EXCHANGE_VALUE[kind if kind > 0 else -kind]
    piece_on_square = p.squares[from_square]
    if piece_on_square < 0:
        piece_on_square = -piece_on_square
    if flag == FLAG_EN_PASSANT:
        gain[0] = EXCHANGE_VALUE[PAWN]
        occupied ^= bit(to_square - 8 if side == WHITE else to_square + 8)
    elif flag >= FLAG_PROMOTE_KNIGHT:
        piece_on_square = flag - 2
        gain[0] += EXCHANGE_VALUE[piece_on_square] - EXCHANGE_VALUE[PAWN]
    occupied ^= bit(from_square)
    attackers = all_attackers(p, to_square, occupied)
    while True:
        side ^= 1
        candidates = attackers & p.pieces[side * 8]
        if not candidates:
            break
        # the cheapest piece of `side` attacking the square takes what stands there
        kind = PAWN
        while not (candidates & p.pieces[side * 8 + kind]):
            kind += 1
        if kind == KING and (attackers & p.pieces[(side ^ 1) * 8]):
            break          # the king may not take into a defended square
        depth += 1
        gain[depth] = EXCHANGE_VALUE[piece_on_square] - gain[depth - 1]
        if depth >= 38:
            break
        piece_on_square = kind
        candidates &= p.pieces[side * 8 + kind]
        occupied ^= candidates & (~candidates + 1)
        if kind == PAWN or kind == BISHOP or kind == QUEEN:
            attackers |= bishop_attacks(to_square, occupied) & diagonal
        if kind == ROOK or kind == QUEEN:
            attackers |= rook_attacks(to_square, occupied) & straight
        attackers &= occupied
    while depth > 0:
        if gain[depth] > -gain[depth - 1]:
            gain[depth - 1] = -gain[depth]
        depth -= 1
    return gain[0]


cdef inline bint loses_material(const Position* p, Move move) noexcept nogil:
    """The capture or promotion `move` loses material by static exchange (fast exit when the
    victim is worth at least the piece that takes it)."""
    cdef int victim = p.squares[(move >> 6) & 63], attacker = p.squares[move & 63]
    if victim < 0:
        victim = -victim
    if attacker < 0:
        attacker = -attacker
    if EXCHANGE_VALUE[victim] >= EXCHANGE_VALUE[attacker] and ((move >> 12) & 7) < FLAG_PROMOTE_KNIGHT:
        return False
    return static_exchange(p, move) < 0
