# Legal move generation.
#
# Moves are generated legal, not filtered after making them, from three facts computed once
# per position: the pieces giving check, our pinned pieces (each may only move along the line
# through its king), and, for the king, whether a target square is attacked once the king has
# left its square (so it cannot step back along a checking ray). In double check only the king
# moves; in single check other pieces must capture the checker or block it. En passant is
# checked by removing both pawns and looking for a slider on the king (the rank-pin case).

cdef inline uint64_t attackers_of(const Position* p, int colour, int square, uint64_t occupied) noexcept nogil:
    """The pieces of `colour` attacking `square` when the board holds `occupied`."""
    cdef const uint64_t* own = p.pieces + colour * 8
    return ((PAWN_ATTACKS[colour ^ 1][square] & own[PAWN])
            | (KNIGHT_ATTACKS[square] & own[KNIGHT])
            | (KING_ATTACKS[square] & own[KING])
            | (rook_attacks(square, occupied) & (own[ROOK] | own[QUEEN]))
            | (bishop_attacks(square, occupied) & (own[BISHOP] | own[QUEEN])))

cdef inline bint is_attacked(const Position* p, int colour, int square, uint64_t occupied) noexcept nogil:
    """True when `colour` attacks `square` (cheapest tests first)."""
    cdef const uint64_t* own = p.pieces + colour * 8
    if KNIGHT_ATTACKS[square] & own[KNIGHT]:
        return True
    if PAWN_ATTACKS[colour ^ 1][square] & own[PAWN]:
        return True
    if KING_ATTACKS[square] & own[KING]:
        return True
    if bishop_attacks(square, occupied) & (own[BISHOP] | own[QUEEN]):
        return True
    return (rook_attacks(square, occupied) & (own[ROOK] | own[QUEEN])) != 0

cdef inline int king_square(const Position* p, int colour) noexcept nogil:
    return lowest_square(p.pieces[colour * 8 + KING])

cdef inline uint64_t checkers_of(const Position* p) noexcept nogil:
    cdef uint64_t occupied = p.pieces[0] | p.pieces[8]
    return attackers_of(p, p.side ^ 1, king_square(p, p.side), occupied)

cdef inline int emit_targets(Move* moves, int count, int from_square, uint64_t targets) noexcept nogil:
    while targets:
        moves[count] = from_square | (lowest_square(targets) << 6)
        count += 1
        targets &= targets - 1
    return count

cdef inline int emit_pawn_moves(Move* moves, int count, uint64_t targets, int delta, int flag) noexcept nogil:
    """Pawn moves to each target from target - delta."""
    cdef int to_square
    while targets:
        to_square = lowest_square(targets)
        moves[count] = (to_square - delta) | (to_square << 6) | (flag << 12)
        count += 1
        targets &= targets - 1
    return count

cdef inline int emit_promotions(Move* moves, int count, uint64_t targets, int delta) noexcept nogil:
    """The four promotions on each target, queen first."""
    cdef int to_square, base
    while targets:
        to_square = lowest_square(targets)
        base = (to_square - delta) | (to_square << 6)
        moves[count] = base | (FLAG_PROMOTE_QUEEN << 12)
        moves[count + 1] = base | (FLAG_PROMOTE_KNIGHT << 12)
        moves[count + 2] = base | (FLAG_PROMOTE_ROOK << 12)
        moves[count + 3] = base | (FLAG_PROMOTE_BISHOP << 12)
        count += 4
        targets &= targets - 1
    return count

cdef inline uint64_t pinned_pieces(const Position* p, int king, uint64_t own, uint64_t occupied) noexcept nogil:
    """Our pieces that stand alone between our king and an enemy slider aimed at it."""
    cdef const uint64_t* enemy = p.pieces + (p.side ^ 1) * 8
    cdef uint64_t enemy_all = enemy[0]
    cdef uint64_t snipers = ((rook_attacks(king, enemy_all) & (enemy[ROOK] | enemy[QUEEN]))
                             | (bishop_attacks(king, enemy_all) & (enemy[BISHOP] | enemy[QUEEN])))
    cdef uint64_t pinned = 0, blockers
    while snipers:
        blockers = BETWEEN[king][lowest_square(snipers)] & occupied
        if blockers and (blockers & (blockers - 1)) == 0 and (blockers & own):
            pinned |= blockers
        snipers &= snipers - 1
    return pinned

cdef inline bint en_passant_is_legal(const Position* p, int from_square, int king, uint64_t checkers) noexcept nogil:
    """Capturing en passant from `from_square` leaves our king safe."""
    cdef int us = p.side, them = p.side ^ 1
    cdef int target = p.en_passant_square
    cdef int captured = target - 8 if us == WHITE else target + 8
    cdef const uint64_t* enemy = p.pieces + them * 8
    cdef uint64_t occupied = ((p.pieces[0] | p.pieces[8]) ^ bit(from_square) ^ bit(captured)) | bit(target)
    # a knight or another pawn giving check is not answered by this capture
    if checkers & ~bit(captured) & (enemy[KNIGHT] | enemy[PAWN]):
        return False
    if rook_attacks(king, occupied) & (enemy[ROOK] | enemy[QUEEN]):
        return False
    return (bishop_attacks(king, occupied) & (enemy[BISHOP] | enemy[QUEEN])) == 0

cdef bint any_en_passant_capture(const Position* p) noexcept nogil:
    """Some pawn of the side to move can legally capture on p.en_passant_square."""
    cdef int king = king_square(p, p.side)
    cdef uint64_t checkers = checkers_of(p)
    cdef uint64_t capturers = PAWN_ATTACKS[p.side ^ 1][p.en_passant_square] & p.pieces[p.side * 8 + PAWN]
    while capturers:
        if en_passant_is_legal(p, lowest_square(capturers), king, checkers):
            return True
        capturers &= capturers - 1
    return False


cdef int generate_legal_moves(const Position* p, Move* moves, bint noisy_only) noexcept nogil:
    """Write the legal moves (only captures and promotions when noisy_only) and return how many."""
    cdef int us = p.side, them = p.side ^ 1
    cdef const uint64_t* own = p.pieces + us * 8
    cdef const uint64_t* enemy = p.pieces + them * 8
    cdef uint64_t own_all = own[0], enemy_all = enemy[0]
    cdef uint64_t occupied = own_all | enemy_all
    cdef int king = lowest_square(own[KING])
    cdef uint64_t checkers = attackers_of(p, them, king, occupied)
    cdef int count = 0, from_square, to_square
    cdef uint64_t targets, pieces, pinned, target_mask, without_king
    cdef uint64_t free_pawns, empty, single, double, left, right, promotion_rank, line
    cdef int forward, left_delta, right_delta

    # 1. King moves: to squares the enemy does not attack once the king has left its square.
    targets = KING_ATTACKS[king] & ~own_all
    if noisy_only:
        targets &= enemy_all
    without_king = occupied ^ bit(king)
    while targets:
        to_square = lowest_square(targets)
        if not is_attacked(p, them, to_square, without_king):
            moves[count] = king | (to_square << 6)
            count += 1
        targets &= targets - 1
    if checkers & (checkers - 1):
        return count               # double check: only the king moves

    # 2. Where the other pieces may go: anywhere not ours, or onto the check line.
    if checkers:
        target_mask = checkers | BETWEEN[king][lowest_square(checkers)]
    else:
        target_mask = ~own_all
    if noisy_only:
        target_mask &= enemy_all
    pinned = pinned_pieces(p, king, own_all, occupied)

    # 3. Knights (a pinned knight never moves).
    pieces = own[KNIGHT] & ~pinned
    while pieces:
        from_square = lowest_square(pieces)
        count = emit_targets(moves, count, from_square, KNIGHT_ATTACKS[from_square] & target_mask)
        pieces &= pieces - 1

    # 4. Sliders; a pinned one stays on its pin line.
    pieces = own[BISHOP] | own[QUEEN]
    while pieces:
        from_square = lowest_square(pieces)
        targets = bishop_attacks(from_square, occupied) & target_mask
        if pinned & bit(from_square):
            targets &= LINE[king][from_square]
        count = emit_targets(moves, count, from_square, targets)
        pieces &= pieces - 1
    pieces = own[ROOK] | own[QUEEN]
    while pieces:
        from_square = lowest_square(pieces)
        targets = rook_attacks(from_square, occupied) & target_mask
        if pinned & bit(from_square):
            targets &= LINE[king][from_square]
        count = emit_targets(moves, count, from_square, targets)
        pieces &= pieces - 1

    # 5. Pawns: the unpinned ones all at once by shifting, the pinned ones one by one.
    if checkers:
        target_mask = checkers | BETWEEN[king][lowest_square(checkers)]
    else:
        target_mask = ~(<uint64_t> 0)
    empty = ~occupied
    free_pawns = own[PAWN] & ~pinned
    if us == WHITE:
        forward = 8
        left_delta = 7
        right_delta = 9
        promotion_rank = RANK_8
        single = (free_pawns << 8) & empty
        double = ((single & (<uint64_t> 0xFF0000)) << 8) & empty & target_mask
        left = ((free_pawns & ~FILE_A) << 7) & enemy_all & target_mask
        right = ((free_pawns & ~FILE_H) << 9) & enemy_all & target_mask
    else:
        forward = -8
        left_delta = -9
        right_delta = -7
        promotion_rank = RANK_1
        single = (free_pawns >> 8) & empty
        double = ((single & (<uint64_t> 0xFF0000000000)) >> 8) & empty & target_mask
        left = ((free_pawns & ~FILE_A) >> 9) & enemy_all & target_mask
        right = ((free_pawns & ~FILE_H) >> 7) & enemy_all & target_mask
    single &= target_mask
    if not noisy_only:
        count = emit_pawn_moves(moves, count, single & ~promotion_rank, forward, FLAG_NORMAL)
        count = emit_pawn_moves(moves, count, double, 2 * forward, FLAG_DOUBLE_PUSH)
    count = emit_pawn_moves(moves, count, left & ~promotion_rank, left_delta, FLAG_NORMAL)
    count = emit_pawn_moves(moves, count, right & ~promotion_rank, right_delta, FLAG_NORMAL)
    count = emit_promotions(moves, count, single & promotion_rank, forward)
    count = emit_promotions(moves, count, left & promotion_rank, left_delta)
    count = emit_promotions(moves, count, right & promotion_rank, right_delta)

    pieces = own[PAWN] & pinned
    while pieces:
        from_square = lowest_square(pieces)
        line = LINE[king][from_square] & target_mask
        to_square = from_square + forward
        if bit(to_square) & empty & line:
            if bit(to_square) & promotion_rank:
                count = emit_promotions(moves, count, bit(to_square), forward)
            elif not noisy_only:
                moves[count] = encode_move(from_square, to_square, FLAG_NORMAL)
                count += 1
                if (bit(from_square) & (<uint64_t> 0xFF00 if us == WHITE else <uint64_t> 0xFF000000000000)
                        and bit(to_square + forward) & empty & line):
                    moves[count] = encode_move(from_square, to_square + forward, FLAG_DOUBLE_PUSH)
                    count += 1
        targets = PAWN_ATTACKS[us][from_square] & enemy_all & line
        while targets:
            to_square = lowest_square(targets)
            if bit(to_square) & promotion_rank:
                count = emit_promotions(moves, count, bit(to_square), to_square - from_square)
            else:
                moves[count] = encode_move(from_square, to_square, FLAG_NORMAL)
                count += 1
            targets &= targets - 1
        pieces &= pieces - 1

    # 6. En passant (p.en_passant_square is only set when some capture there is legal, but
    # not every capturing pawn need be).
    if p.en_passant_square != NO_SQUARE:
        pieces = PAWN_ATTACKS[them][p.en_passant_square] & own[PAWN]
        while pieces:
            from_square = lowest_square(pieces)
            if en_passant_is_legal(p, from_square, king, checkers):
                moves[count] = encode_move(from_square, p.en_passant_square, FLAG_EN_PASSANT)
                count += 1
            pieces &= pieces - 1

    # 7. Castling: not out of, through or into check; the squares between king and rook empty.
    if checkers or noisy_only:
        return count
    if us == WHITE:
        if (p.castling & CASTLE_WHITE_KING and not occupied & (<uint64_t> 0x60)
                and not is_attacked(p, them, 5, occupied) and not is_attacked(p, them, 6, occupied)):
            moves[count] = encode_move(4, 6, FLAG_CASTLE)
            count += 1
        if (p.castling & CASTLE_WHITE_QUEEN and not occupied & (<uint64_t> 0x0E)
                and not is_attacked(p, them, 3, occupied) and not is_attacked(p, them, 2, occupied)):
            moves[count] = encode_move(4, 2, FLAG_CASTLE)
            count += 1
    else:
        if (p.castling & CASTLE_BLACK_KING and not occupied & (<uint64_t> 0x6000000000000000)
                and not is_attacked(p, them, 61, occupied) and not is_attacked(p, them, 62, occupied)):
            moves[count] = encode_move(60, 62, FLAG_CASTLE)
            count += 1
        if (p.castling & CASTLE_BLACK_QUEEN and not occupied & (<uint64_t> 0x0E00000000000000)
                and not is_attacked(p, them, 59, occupied) and not is_attacked(p, them, 58, occupied)):
            moves[count] = encode_move(60, 58, FLAG_CASTLE)
            count += 1
    return count


cdef bint has_legal_move(const Position* p, uint64_t checkers) noexcept nogil:
    """True when the side to move has a legal move (`checkers`: the pieces giving check).
    The same rules as generate_legal_moves, stopping at the first move found and trying the
    cheapest pieces first; castling needs no test of its own (a legal castling implies the
    king's legal step to the square it passes)."""
    cdef int us = p.side, them = p.side ^ 1
    cdef const uint64_t* own = p.pieces + us * 8
    cdef uint64_t own_all = own[0], enemy_all = p.pieces[them * 8]
    cdef uint64_t occupied = own_all | enemy_all
    cdef int king = lowest_square(own[KING]), from_square, to_square
    cdef uint64_t targets, pieces, pinned, target_mask, pawn_mask, empty = ~occupied, free_pawns
    if not (checkers & (checkers - 1)):
        if checkers:
            target_mask = checkers | BETWEEN[king][lowest_square(checkers)]
            pawn_mask = target_mask
        else:
            target_mask = ~own_all
            pawn_mask = ~(<uint64_t> 0)
        pinned = pinned_pieces(p, king, own_all, occupied)
        # Knights (a pinned knight never moves).
        pieces = own[KNIGHT] & ~pinned
        while pieces:
            if KNIGHT_ATTACKS[lowest_square(pieces)] & target_mask:
                return True
            pieces &= pieces - 1
        # Unpinned pawns, all at once: a push, a double push, a capture.
        free_pawns = own[PAWN] & ~pinned
        if us == WHITE:
            targets = (free_pawns << 8) & empty
            targets = ((targets | (((targets & (<uint64_t> 0xFF0000)) << 8) & empty)) & pawn_mask)
            targets |= ((((free_pawns & ~FILE_A) << 7) | ((free_pawns & ~FILE_H) << 9))
                        & enemy_all & pawn_mask)
        else:
            targets = (free_pawns >> 8) & empty
            targets = ((targets | (((targets & (<uint64_t> 0xFF0000000000)) >> 8) & empty)) & pawn_mask)
            targets |= ((((free_pawns & ~FILE_A) >> 9) | ((free_pawns & ~FILE_H) >> 7))
                        & enemy_all & pawn_mask)
        if targets:
            return True
        # Sliders; a pinned one stays on its pin line.
        pieces = own[BISHOP] | own[QUEEN]
        while pieces:
            from_square = lowest_square(pieces)
            targets = bishop_attacks(from_square, occupied) & target_mask
            if pinned & bit(from_square):
                targets &= LINE[king][from_square]
            if targets:
                return True
            pieces &= pieces - 1
        pieces = own[ROOK] | own[QUEEN]
        while pieces:
            from_square = lowest_square(pieces)
            targets = rook_attacks(from_square, occupied) & target_mask
            if pinned & bit(from_square):
                targets &= LINE[king][from_square]
            if targets:
                return True
            pieces &= pieces - 1
        # Pinned pawns, one by one, along the pin line.
        pieces = own[PAWN] & pinned
        while pieces:
            from_square = lowest_square(pieces)
            targets = LINE[king][from_square] & pawn_mask
            to_square = from_square + (8 if us == WHITE else -8)
            if (bit(to_square) & empty & targets) or (PAWN_ATTACKS[us][from_square] & enemy_all & targets):
                return True
            pieces &= pieces - 1
        # En passant (set only when some capture there is legal, but not for every pawn).
        if p.en_passant_square != NO_SQUARE:
            pieces = PAWN_ATTACKS[them][p.en_passant_square] & own[PAWN]
            while pieces:
                if en_passant_is_legal(p, lowest_square(pieces), king, checkers):
                    return True
                pieces &= pieces - 1
    # The king: to squares the enemy does not attack once it has left its square.
    targets = KING_ATTACKS[king] & ~own_all
    occupied ^= bit(king)
    while targets:
        if not is_attacked(p, them, lowest_square(targets), occupied):
            return True
        targets &= targets - 1
    return False
