# The static evaluation: what the search trusts at its depth limit. Every term is computed for
# both sides with masks that map onto each other when the board is turned 180 degrees and the
# colours swapped, so a position and its mirror image get the same value for the side to move.

cdef enum:
    MAN_VALUE = 100
    KING_VALUE = 130
    ADVANCE_VALUE = 2          # per row a man has advanced
    BACK_RANK_VALUE = 6        # per man still guarding its own back row (crowning squares)
    CENTRE_VALUE = 4           # per piece on the eight central squares
    MOBILITY_VALUE = 2         # per plain move available


cdef uint32_t ROWS_WITH_BIT[3]          # rows r with bit k of r set: r = 4 b2 + 2 b1 + b0
ROWS_WITH_BIT[0] = 0xF0F0F0F0             # rows 1, 3, 5, 7
ROWS_WITH_BIT[1] = 0xFF00FF00             # rows 2, 3, 6, 7
ROWS_WITH_BIT[2] = 0xFFFF0000             # rows 4, 5, 6, 7


cdef inline int advancement(uint32_t men, int side) noexcept nogil:
    """Rows advanced, summed over `men` of `side`: the row for black (which starts at row 0
    and moves down), 7 - row for white, counted bit by bit of the row number."""
    cdef uint32_t flip = 0 if side == BLACK else 0xFFFFFFFF
    return (negamax_popcount64(men & (ROWS_WITH_BIT[0] ^ flip))
            + 2 * negamax_popcount64(men & (ROWS_WITH_BIT[1] ^ flip))
            + 4 * negamax_popcount64(men & (ROWS_WITH_BIT[2] ^ flip)))


cdef inline int side_score(uint32_t own, uint32_t kings, int side, int plain_moves) noexcept nogil:
    cdef uint32_t men = own & ~kings
    return (MAN_VALUE * negamax_popcount64(men)
            + KING_VALUE * negamax_popcount64(own & kings)
            + ADVANCE_VALUE * advancement(men, side)
            + BACK_RANK_VALUE * negamax_popcount64(men & CROWN_ROW[1 - side])
            + CENTRE_VALUE * negamax_popcount64(own & CENTRE)
            + MOBILITY_VALUE * plain_moves)


cdef inline int evaluate_position(uint32_t own, uint32_t opponent, uint32_t kings, int side,
                                  int own_plain_moves) noexcept nogil:
    """The heuristic value for the side to move (`own`, with `own_plain_moves` plain moves),
    at most a few thousand either way."""
    return (side_score(own, kings, side, own_plain_moves)
            - side_score(opponent, kings, 1 - side, count_plain_moves(opponent, own, kings, 1 - side)))
