# The static evaluation: material plus piece-square tables, each with a middlegame and an
# endgame value, blended by the game phase (tapered evaluation).
#
#     phase = min(24, 1 per knight or bishop + 2 per rook + 4 per queen on the board)
#     score = (middlegame * phase + endgame * (24 - phase)) / 24      (White's view)
#
# The tables are written here as small formulas (centralisation, advancement, a safe king in
# the middlegame and an active one in the endgame), not tuned numbers. Black's table is
# White's mirrored top to bottom and negated, so the score of a colour-mirrored position is
# exactly the negative: from the side to move it is the same. Both sums are kept up to date
# by make/unmake.

cdef int32_t PIECE_SQUARE_MG[16][64]    # [colour * 8 + kind][square], material included, White +
cdef int32_t PIECE_SQUARE_EG[16][64]
cdef int PHASE_WEIGHT[8]
cdef enum:
    MAX_PHASE = 24

# Material in centipawns, (middlegame, endgame), for pawn, knight, bishop, rook, queen, king.
MATERIAL = {1: (90, 110), 2: (320, 290), 3: (335, 305), 4: (470, 520), 5: (950, 960), 6: (0, 0)}


def _piece_square_bonus(kind, file, rank):
    """(middlegame, endgame) bonus of a White piece of `kind` on (file, rank), both 0-based."""
    # 0 on the four centre squares up to 6 in the corners
    centre = (abs(2 * file - 7) + abs(2 * rank - 7)) // 2 - 1
    if kind == 1:
        central_file = 8 if file in (3, 4) and rank >= 3 else (4 if file in (2, 5) else 0)
        return 5 * max(rank - 1, 0) + central_file, 12 * max(rank - 1, 0)
    if kind == 2:
        return 20 - 7 * centre, 15 - 6 * centre
    if kind == 3:
        return 10 - 3 * centre, 8 - 3 * centre
    if kind == 4:
        seventh = 12 if rank == 6 else 0
        return seventh + (5 if file in (3, 4) else 0), (8 if rank == 6 else 0)
    if kind == 5:
        return 4 - 2 * centre, 10 - 3 * centre
    if rank == 0:
        shelter = (10, 20, 10, -5, 0, -5, 20, 10)[file]
    else:
        shelter = -15 * min(rank, 4)
    return shelter, 20 - 8 * centre


cdef void init_evaluation() except *:
    cdef int kind, square, colour
    for kind in range(8):
        PHASE_WEIGHT[kind] = (0, 0, 1, 1, 2, 4, 0, 0)[kind]
    for colour in range(2):
        for kind in range(8):
            for square in range(64):
                PIECE_SQUARE_MG[colour * 8 + kind][square] = 0
                PIECE_SQUARE_EG[colour * 8 + kind][square] = 0
    for kind in range(1, 7):
        for square in range(64):
            middle, end = _piece_square_bonus(kind, square & 7, square >> 3)
            PIECE_SQUARE_MG[WHITE * 8 + kind][square] = MATERIAL[kind][0] + middle
            PIECE_SQUARE_EG[WHITE * 8 + kind][square] = MATERIAL[kind][1] + end
            # Black's piece on the square mirrored top to bottom (square ^ 56), negated
            PIECE_SQUARE_MG[BLACK * 8 + kind][square ^ 56] = -(MATERIAL[kind][0] + middle)
            PIECE_SQUARE_EG[BLACK * 8 + kind][square ^ 56] = -(MATERIAL[kind][1] + end)

init_evaluation()


@cython.cdivision(True)
cdef inline Score tapered_score(int32_t middlegame, int32_t endgame, int phase) noexcept nogil:
    """White's score blended by phase; C division truncates toward zero, so a mirrored position
    gets exactly the negated score."""
    if phase > MAX_PHASE:
        phase = MAX_PHASE
    return (middlegame * phase + endgame * (MAX_PHASE - phase)) // MAX_PHASE
