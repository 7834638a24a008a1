# Positions refused at load time: the cases python-chess's Board.status() reports (the board
# the search would play from must be one chess can reach, or the move generator's promises,
# such as one king a side, do not hold).

_COLOUR_NAMES = ("White", "Black")
_CASTLING_PIECES = (
    # (right bit, letter, colour, king square, rook square)
    (1, "K", 0, 4, 7), (2, "Q", 0, 4, 0), (4, "k", 1, 60, 63), (8, "q", 1, 60, 56),
)


cdef object position_problem(Position* p, int en_passant):
    """None for a position python-chess would call valid, else why it is not (en_passant: the
    square the FEN gave, or NO_SQUARE)."""
    cdef uint64_t occupied = p.pieces[0] | p.pieces[8]
    cdef int colour, us = p.side, them = p.side ^ 1, king, pushed_to, pushed_from, count
    cdef uint64_t checkers, before
    if occupied == 0:
        return "the board is empty"
    for colour in range(2):
        count = popcount(p.pieces[colour * 8 + KING])
        if count == 0:
            return f"{_COLOUR_NAMES[colour]} has no king"
        if count > 1:
            return f"{_COLOUR_NAMES[colour]} has {count} kings"
    for colour in range(2):
        count = popcount(p.pieces[colour * 8])
        if count > 16:
            return f"{_COLOUR_NAMES[colour]} has {count} pieces (16 at most)"
        count = popcount(p.pieces[colour * 8 + PAWN])
        if count > 8:
            return f"{_COLOUR_NAMES[colour]} has {count} pawns (8 at most)"
    if (p.pieces[PAWN] | p.pieces[8 + PAWN]) & (RANK_1 | RANK_8):
        return "a pawn stands on the first or last rank"
    for right, letter, colour, king, rook in _CASTLING_PIECES:
        if p.castling & right and not (p.pieces[colour * 8 + KING] & bit(king)
                                      and p.pieces[colour * 8 + ROOK] & bit(rook)):
            return (f"castling right {letter!r} needs the {_COLOUR_NAMES[colour].lower()} king on "
                    f"{square_name(king)} and a rook on {square_name(rook)}")
    if en_passant != NO_SQUARE:
        # White to move: the square is on rank 6, Black's pawn that has just moved two squares
        # stands below it, and the square it came from is empty (mirrored for Black to move).
        pushed_to = en_passant - 8 if us == WHITE else en_passant + 8
        pushed_from = en_passant + 8 if us == WHITE else en_passant - 8
        if (en_passant >> 3) != (5 if us == WHITE else 2):
            return (f"en passant square {square_name(en_passant)} is not on rank "
                    f"{6 if us == WHITE else 3}")
        if not p.pieces[them * 8 + PAWN] & bit(pushed_to):
            return (f"en passant square {square_name(en_passant)} has no {_COLOUR_NAMES[them].lower()} "
                    f"pawn on {square_name(pushed_to)} that could just have moved two squares")
        if occupied & (bit(en_passant) | bit(pushed_from)):
            return (f"en passant square {square_name(en_passant)}: {square_name(en_passant)} and "
                    f"{square_name(pushed_from)} must be empty after a two-square pawn move")
    if attackers_of(p, us, king_square(p, them), occupied):
        return f"{_COLOUR_NAMES[them]} is in check but it is {_COLOUR_NAMES[us]}'s move"
    king = king_square(p, us)
    checkers = attackers_of(p, them, king, occupied)
    count = popcount(checkers)
    if count > 2:
        return f"{_COLOUR_NAMES[us]}'s king is attacked by {count} pieces (2 at most)"
    if checkers and en_passant != NO_SQUARE:
        # The last move was the two-square pawn move: it must have given the check alone.
        pushed_to = en_passant - 8 if us == WHITE else en_passant + 8
        pushed_from = en_passant + 8 if us == WHITE else en_passant - 8
        before = (occupied & ~bit(pushed_to)) | bit(pushed_from)
        if count > 1 or (highest_square(checkers) != pushed_to
                         and attackers_of(p, them, king, before)):
            return (f"{_COLOUR_NAMES[us]}'s check cannot come from the pawn move that the en passant "
                    f"square implies")
    elif count == 2 and LINE[lowest_square(checkers)][highest_square(checkers)] & bit(king):
        return f"{_COLOUR_NAMES[us]}'s king is checked by two pieces on one line, which no move can do"
    return None
