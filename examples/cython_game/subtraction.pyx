# cython: language_level=3
"""A game written in Cython against negamax's installed game interface (negamax/game.pxd).

The subtraction game: players take 1, 2 or 3 stones in turn; whoever takes the last stone
wins. A position is lost for the side to move exactly when the stones are a multiple of 4.
"""

from libc.stdint cimport uint64_t

from negamax.game cimport WIN, Move, NativeGame, Score


cdef class Subtraction(NativeGame):
    """`stones` on the table; a move is the number of stones taken (1 to 3)."""

    cdef public int stones

    def __init__(self, int stones):
        if stones < 0:
            raise ValueError(f"stones must be >= 0, got {stones}")
        self.stones = stones
        self.max_moves = 3           # required: the most legal moves any position has
        self.max_ply = stones        # the plies left at most (each move takes a stone or more)
        self.has_keys = True         # position_key below is implemented: tables can be used

    cdef int generate_moves(self, Move* moves) noexcept nogil:
        cdef int take, count = 0
        for take in range(1, 4):
            if take <= self.stones:
                moves[count] = take
                count += 1
        return count

    cdef void make_move(self, Move move) noexcept nogil:
        self.stones -= move

    cdef void unmake_move(self, Move move) noexcept nogil:
        self.stones += move

    cdef bint at_terminal(self) noexcept nogil:
        return self.stones == 0

    cdef Score static_evaluation(self) noexcept nogil:
        # The player who took the last stone has won: the side to move has lost.
        return -WIN if self.stones == 0 else 0

    cdef uint64_t position_key(self) noexcept nogil:
        return <uint64_t> self.stones

    def copy(self):
        cdef Subtraction other = Subtraction.__new__(Subtraction)
        self.copy_base_into(other)
        other.stones = self.stones
        return other
