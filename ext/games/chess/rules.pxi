# How a game ends: checkmate, stalemate, and the draws by rule.
#
# - Insufficient material: no pawns, rooks or queens, and either a single knight and no
#   bishop, or no knight and every bishop on squares of one colour (python-chess's rule).
# - Fifty-move rule: the halfmove clock has reached 100 (and the side to move is not mated).
# - Repetition: in the game (the moves played through play()), the position occurred twice
#   before since the last capture or pawn move: threefold. Inside a search (plies past the
#   last played move) one earlier occurrence is enough: a repeated position scores a draw.
# The fifty-move and threefold draws end the game here at once (no claim is needed).

cdef enum:
    STATUS_UNKNOWN = -1
    STATUS_ONGOING = 0
    STATUS_CHECKMATE = 1
    STATUS_STALEMATE = 2
    STATUS_INSUFFICIENT_MATERIAL = 3
    STATUS_FIFTY_MOVES = 4
    STATUS_THREEFOLD_REPETITION = 5
    STATUS_REPETITION_IN_SEARCH = 6

cdef uint64_t LIGHT_SQUARES = 0x55AA55AA55AA55AA

cdef inline bint insufficient_material(const Position* p) noexcept nogil:
    cdef uint64_t knights = p.pieces[KNIGHT] | p.pieces[8 + KNIGHT]
    cdef uint64_t bishops = p.pieces[BISHOP] | p.pieces[8 + BISHOP]
    if (p.pieces[PAWN] | p.pieces[8 + PAWN] | p.pieces[ROOK] | p.pieces[8 + ROOK]
            | p.pieces[QUEEN] | p.pieces[8 + QUEEN]):
        return False
    if knights:
        return (knights & (knights - 1)) == 0 and bishops == 0
    return (bishops & LIGHT_SQUARES) == 0 or (bishops & ~LIGHT_SQUARES) == 0

cdef inline int plies_since_occurrence(const Position* p, int nth) noexcept nogil:
    """Plies back to the `nth` earlier occurrence of the current position (1: the nearest)
    since the last irreversible move, or 0 when it occurred fewer times."""
    cdef int limit = p.ply - p.halfmove_clock, i = p.ply - 4, found = 0
    cdef uint64_t key = p.key
    if limit < 0:
        limit = 0
    while i >= limit:
        if p.keys[i] == key:
            found += 1
            if found == nth:
                return p.ply - i
        i -= 2
    return 0

cdef inline int search_repetition_distance(const Position* p, int played_ply) noexcept nogil:
    """Inside a search (past the last played move): plies back to the occurrence that makes
    this position a draw by repetition, or 0 when it is none.

    A position that occurred before on the search path, after its root, is a draw: both
    sides chose that cycle, and could go round it again to the third occurrence (the
    nearest occurrence is returned). One that occurred only at the root or in the game
    before it must have occurred twice there: the threefold of the rules (the second
    occurrence, in the game, is returned). (Counting a single earlier occurrence in the game
    was no rule: it made mates that pass through it look longer, and since such draws
    depend on the game, the table could keep none of the results they decided: a
    king-and-queen ending with one move played solved 100 times slower than from its FEN.)"""
    cdef int nearest = plies_since_occurrence(p, 1)
    if nearest == 0 or p.ply - nearest > played_ply:
        return nearest
    return plies_since_occurrence(p, 2)

cdef inline int draw_status(const Position* p, int played_ply) noexcept nogil:
    """The draw by rule at a position where the side to move has a legal move, or ONGOING
    (repetitions inside a search: see search_repetition_distance)."""
    if insufficient_material(p):
        return STATUS_INSUFFICIENT_MATERIAL
    if p.halfmove_clock >= 100:
        return STATUS_FIFTY_MOVES
    if p.halfmove_clock >= 4:
        if p.ply > played_ply:
            if search_repetition_distance(p, played_ply) > 0:
                return STATUS_REPETITION_IN_SEARCH
        elif plies_since_occurrence(p, 2) > 0:
            return STATUS_THREEFOLD_REPETITION
    return STATUS_ONGOING
