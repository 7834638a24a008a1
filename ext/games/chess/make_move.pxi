# Making and unmaking moves. make_move pushes what it cannot recompute onto the undo stack
# and keeps the key and the evaluation sums up to date; unmake_move moves the pieces back and
# restores the rest from the stack. The caller guarantees the stack has room (p.ply + 1 <
# p.capacity) and that the move is legal here.

cdef void make_chess_move(Position* p, Move move) noexcept nogil:
    cdef int from_square = move & 63, to_square = (move >> 6) & 63, flag = (move >> 12) & 7
    cdef int us = p.side, them = p.side ^ 1
    cdef int mover = piece_index(p.squares[from_square])
    cdef int8_t captured = p.squares[to_square]
    cdef UndoRecord* record = p.undo + p.ply
    cdef int old_castling = p.castling
    record.key = p.key
    record.middlegame = p.middlegame
    record.endgame = p.endgame
    record.phase = <int16_t> p.phase
    record.halfmove_clock = p.halfmove_clock
    record.captured = captured
    record.castling = <int8_t> p.castling
    record.en_passant_square = <int8_t> p.en_passant_square

    if p.en_passant_square != NO_SQUARE:
        p.key ^= ZOBRIST_EN_PASSANT[p.en_passant_square & 7]
        p.en_passant_square = NO_SQUARE
    p.halfmove_clock += 1
    if captured != 0:
        take_piece(p, piece_index(captured), to_square)
        p.halfmove_clock = 0
    shift_piece(p, mover, from_square, to_square)
    if (mover & 7) == PAWN:
        p.halfmove_clock = 0
        if flag >= FLAG_PROMOTE_KNIGHT:
            take_piece(p, mover, to_square)
            put_piece(p, us * 8 + flag - 2, to_square)
        elif flag == FLAG_EN_PASSANT:
            take_piece(p, them * 8 + PAWN, to_square - 8 if us == WHITE else to_square + 8)
    elif flag == FLAG_CASTLE:
        if to_square == 6:
            shift_piece(p, WHITE * 8 + ROOK, 7, 5)
        elif to_square == 2:
            shift_piece(p, WHITE * 8 + ROOK, 0, 3)
        elif to_square == 62:
            shift_piece(p, BLACK * 8 + ROOK, 63, 61)
        else:
            shift_piece(p, BLACK * 8 + ROOK, 56, 59)
    p.castling &= CASTLING_KEPT[from_square] & CASTLING_KEPT[to_square]
    if p.castling != old_castling:
        p.key ^= ZOBRIST_CASTLING[old_castling] ^ ZOBRIST_CASTLING[p.castling]
    p.side = them
    p.key ^= ZOBRIST_BLACK_TO_MOVE
    if us == BLACK:
        p.fullmove_number += 1
    # After a double push the en passant square counts only if a capture there is legal.
    if flag == FLAG_DOUBLE_PUSH and PAWN_ATTACKS[us][(from_square + to_square) >> 1] & p.pieces[them * 8 + PAWN]:
        p.en_passant_square = (from_square + to_square) >> 1
        if any_en_passant_capture(p):
            p.key ^= ZOBRIST_EN_PASSANT[p.en_passant_square & 7]
        else:
            p.en_passant_square = NO_SQUARE
    p.ply += 1
    p.keys[p.ply] = p.key
    p.serial += 1
    p.node_serials[p.ply] = p.serial


cdef void unmake_chess_move(Position* p, Move move) noexcept nogil:
    cdef int from_square = move & 63, to_square = (move >> 6) & 63, flag = (move >> 12) & 7
    cdef int them = p.side, us = p.side ^ 1
    cdef UndoRecord* record
    p.ply -= 1
    record = p.undo + p.ply
    p.side = us
    if flag >= FLAG_PROMOTE_KNIGHT:
        lift_piece(p, us * 8 + flag - 2, to_square)
        restore_piece(p, us * 8 + PAWN, from_square)
    else:
        slide_back(p, piece_index(p.squares[to_square]), from_square, to_square)
    if record.captured != 0:
        restore_piece(p, piece_index(record.captured), to_square)
    elif flag == FLAG_EN_PASSANT:
        restore_piece(p, them * 8 + PAWN, to_square - 8 if us == WHITE else to_square + 8)
    elif flag == FLAG_CASTLE:
        if to_square == 6:
            slide_back(p, WHITE * 8 + ROOK, 7, 5)
        elif to_square == 2:
            slide_back(p, WHITE * 8 + ROOK, 0, 3)
        elif to_square == 62:
            slide_back(p, BLACK * 8 + ROOK, 63, 61)
        else:
            slide_back(p, BLACK * 8 + ROOK, 56, 59)
    if us == BLACK:
        p.fullmove_number -= 1
    p.key = record.key
    p.middlegame = record.middlegame
    p.endgame = record.endgame
    p.phase = record.phase
    p.halfmove_clock = record.halfmove_clock
    p.castling = record.castling
    p.en_passant_square = record.en_passant_square


cdef void make_null(Position* p) noexcept nogil:
    """Pass the turn. The halfmove clock restarts so that no repetition is seen across it."""
    cdef UndoRecord* record = p.undo + p.ply
    record.key = p.key
    record.middlegame = p.middlegame
    record.endgame = p.endgame
    record.phase = <int16_t> p.phase
    record.halfmove_clock = p.halfmove_clock
    record.captured = 0
    record.castling = <int8_t> p.castling
    record.en_passant_square = <int8_t> p.en_passant_square
    if p.en_passant_square != NO_SQUARE:
        p.key ^= ZOBRIST_EN_PASSANT[p.en_passant_square & 7]
        p.en_passant_square = NO_SQUARE
    p.halfmove_clock = 0
    p.side ^= 1
    p.key ^= ZOBRIST_BLACK_TO_MOVE
    p.ply += 1
    p.keys[p.ply] = p.key
    p.serial += 1
    p.node_serials[p.ply] = p.serial


cdef void unmake_null(Position* p) noexcept nogil:
    cdef UndoRecord* record
    p.ply -= 1
    record = p.undo + p.ply
    p.side ^= 1
    p.key = record.key
    p.halfmove_clock = record.halfmove_clock
    p.en_passant_square = record.en_passant_square


cdef uint64_t perft_nodes(Position* p, int depth) noexcept nogil:
    """Leaf nodes of the legal move tree `depth` plies deep (depth >= 1), counted in bulk at
    the last ply."""
    cdef Move moves[MAX_LEGAL_MOVES]
    cdef int count = generate_legal_moves(p, moves, False), i
    cdef uint64_t total = 0
    if depth <= 1:
        return count
    for i in range(count):
        make_chess_move(p, moves[i])
        total += perft_nodes(p, depth - 1)
        unmake_chess_move(p, moves[i])
    return total
