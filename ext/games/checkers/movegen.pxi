# Move generation over bitboards, for the side to move: `own` and `opponent` are the two
# sides' pieces, `kings` the kings of both, `side` the side to move (BLACK or WHITE).
#
# A move is one int32, readable without the position:
#   bits 0-4   the square the piece starts on (0-31)
#   bits 5-8   the number of jumps (0 for a plain move)
#   bits 9-    the direction of each step, two bits each, first step lowest
# A capture has at most 9 jumps (the squares a piece can land on form a graph of 9 edges), so a
# move fits in 27 bits. The landing squares, and so the PDN string, follow from the move alone.
#
# MAX_MOVES is a proven bound: with a capture on the board only captures are legal. The squares
# a capturing piece can land on fall in four classes of 8 squares (row parity, and the parity of
# row // 2 + column // 2); each class is a graph of 9 jumps, and a capture is a trail in its
# piece's class. An exhaustive count over every arrangement of one class (each of its 8 squares
# empty, blocked, or holding a king or a man of the mover, each of its 9 jumped-over squares
# holding an enemy or not, men of both colours) gives at most 17 complete captures per class,
# so at most 4 * 17 = 68 in all (tools/checkers_move_bound.c). Without a capture there are at
# most 12 pieces * 4 directions = 48 plain moves.

cdef enum:
    MAX_MOVES = 68
    MAX_JUMPS = 9
    JUMPS_SHIFT = 5
    DIRECTIONS_SHIFT = 9


cdef inline int move_origin(Move move) noexcept nogil:
    return move & 31

cdef inline int move_jumps(Move move) noexcept nogil:
    return (move >> JUMPS_SHIFT) & 15

cdef inline int move_direction(Move move, int index) noexcept nogil:
    return (move >> (DIRECTIONS_SHIFT + 2 * index)) & 3


cdef inline int move_destination(Move move) noexcept nogil:
    """The square the piece ends on."""
    cdef int square = move_origin(move), jumps = move_jumps(move), i
    if jumps == 0:
        return NEIGHBOUR[square][move_direction(move, 0)]
    for i in range(jumps):
        square = LANDING[square][move_direction(move, i)]
    return square


cdef inline uint32_t movers_in(int direction, uint32_t own, uint32_t kings, int side) noexcept nogil:
    """The pieces of the side to move that may step or jump in `direction`."""
    return own if is_forward(direction, side) else own & kings


cdef inline bint has_capture(uint32_t own, uint32_t opponent, uint32_t kings, int side) noexcept nogil:
    cdef uint32_t empty = ~(own | opponent)
    cdef int direction
    for direction in range(4):
        if step(step(movers_in(direction, own, kings, side), direction) & opponent, direction) & empty:
            return True
    return False


cdef inline int count_plain_moves(uint32_t own, uint32_t opponent, uint32_t kings, int side) noexcept nogil:
    """Plain (non-capturing) moves, whether or not a capture is compulsory."""
    cdef uint32_t empty = ~(own | opponent)
    cdef int direction, count = 0
    for direction in range(4):
        count += negamax_popcount64(step(movers_in(direction, own, kings, side), direction) & empty)
    return count


cdef inline bint has_any_move(uint32_t own, uint32_t opponent, uint32_t kings, int side) noexcept nogil:
    cdef uint32_t empty = ~(own | opponent)
    cdef int direction
    for direction in range(4):
        if step(movers_in(direction, own, kings, side), direction) & empty:
            return True
    return has_capture(own, opponent, kings, side)


cdef int walk_captures(int square, uint32_t capturable, uint32_t empty, bint king, int side,
                       Move path, int jumps, Move* out, int count) noexcept nogil:
    """Extend a capture that has reached `square` after `jumps` jumps along `path`; write each
    complete capture to out[count...] (or only count them when out is NULL). Jumped pieces
    leave `capturable` (a piece is taken once) but stay on the board until the move ends."""
    cdef int direction, over, landing
    cdef bint extended = False
    cdef Move longer
    for direction in range(4):
        if not king and not is_forward(direction, side):
            continue
        landing = LANDING[square][direction]
        if landing < 0:
            continue
        over = NEIGHBOUR[square][direction]
        if not ((capturable >> over) & 1) or not ((empty >> landing) & 1):
            continue
        extended = True
        longer = path | (direction << (DIRECTIONS_SHIFT + 2 * jumps))
        if not king and (CROWN_ROW[side] >> landing) & 1:
            # A man reaching the far row is crowned, and that ends its move.
            if out != NULL:
                out[count] = longer | ((jumps + 1) << JUMPS_SHIFT)
            count += 1
        else:
            count = walk_captures(landing, capturable & ~((<uint32_t> 1) << over), empty, king,
                                  side, longer, jumps + 1, out, count)
    if not extended and jumps > 0:
        if out != NULL:
            out[count] = path | (jumps << JUMPS_SHIFT)
        count += 1
    return count


cdef int generate_captures(uint32_t own, uint32_t opponent, uint32_t kings, int side, Move* out) noexcept nogil:
    """Every complete capture (written to out, or only counted when out is NULL)."""
    cdef uint32_t empty = ~(own | opponent), jumpers = 0, bit
    cdef int direction, square, count = 0
    for direction in range(4):
        # Pieces with an enemy next to them in `direction` and an empty square beyond.
        jumpers |= (movers_in(direction, own, kings, side)
                    & step(step(empty, 3 - direction) & opponent, 3 - direction))
    while jumpers:
        square = negamax_ctz64(jumpers)
        bit = (<uint32_t> 1) << square
        jumpers ^= bit
        count = walk_captures(square, opponent, empty | bit, (kings & bit) != 0, side,
                              square, 0, out, count)
    return count


cdef int generate_plain_moves(uint32_t own, uint32_t opponent, uint32_t kings, int side, Move* out) noexcept nogil:
    cdef uint32_t empty = ~(own | opponent), targets
    cdef int direction, target, count = 0
    for direction in range(4):
        targets = step(movers_in(direction, own, kings, side), direction) & empty
        while targets:
            target = negamax_ctz64(targets)
            targets &= targets - 1
            out[count] = NEIGHBOUR[target][3 - direction] | (direction << DIRECTIONS_SHIFT)
            count += 1
    return count


cdef inline int generate_all(uint32_t own, uint32_t opponent, uint32_t kings, int side, Move* out) noexcept nogil:
    """The legal moves: the captures when there is one (capturing is compulsory), else the plain moves."""
    cdef int count = generate_captures(own, opponent, kings, side, out)
    if count:
        return count
    return generate_plain_moves(own, opponent, kings, side, out)


cdef inline int count_all(uint32_t own, uint32_t opponent, uint32_t kings, int side) noexcept nogil:
    """How many legal moves there are (perft's last ply counts without generating)."""
    cdef int count
    if has_capture(own, opponent, kings, side):
        return generate_captures(own, opponent, kings, side, NULL)
    return count_plain_moves(own, opponent, kings, side)


cdef inline uint32_t apply_move(uint32_t* own, uint32_t* opponent, uint32_t* kings, int side,
                                Move move) noexcept nogil:
    """Play `move` on the bitboards of the side to move; returns the captured squares."""
    cdef int origin = move_origin(move), jumps = move_jumps(move), square = origin, i, direction
    cdef uint32_t origin_bit = (<uint32_t> 1) << origin, captured = 0, target_bit
    cdef bint king = (kings[0] & origin_bit) != 0
    if jumps == 0:
        square = NEIGHBOUR[origin][move_direction(move, 0)]
    else:
        for i in range(jumps):
            direction = move_direction(move, i)
            captured |= (<uint32_t> 1) << NEIGHBOUR[square][direction]
            square = LANDING[square][direction]
        opponent[0] &= ~captured
        kings[0] &= ~captured
    target_bit = (<uint32_t> 1) << square
    # (A king's capture may end where it began: clear, then set.)
    own[0] = (own[0] & ~origin_bit) | target_bit
    if king or CROWN_ROW[side] & target_bit:
        kings[0] = (kings[0] & ~origin_bit) | target_bit
    return captured


cdef uint64_t perft_count(uint32_t own, uint32_t opponent, uint32_t kings, int side, int depth) noexcept nogil:
    """Leaf positions `depth` plies ahead (draw rules ignored, as perft usually does)."""
    cdef Move moves[MAX_MOVES]
    cdef int count, i
    cdef uint64_t total = 0
    cdef uint32_t next_own, next_opponent, next_kings
    if depth == 1:
        return count_all(own, opponent, kings, side)
    count = generate_all(own, opponent, kings, side, moves)
    for i in range(count):
        next_own = own
        next_opponent = opponent
        next_kings = kings
        apply_move(&next_own, &next_opponent, &next_kings, side, moves[i])
        total += perft_count(next_opponent, next_own, next_kings, 1 - side, depth - 1)
    return total
