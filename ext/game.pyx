# cython: freethreading_compatible = True
"""The native game interface: the methods the search calls without the GIL, and the
Python-facing methods (legal_moves, play, undo, ...) every native game shares."""

from negamax.quoting import short_repr
from libc.stdlib cimport free, malloc
from operator import index as _as_index

# Re-exported to Python so tools can read the scoring convention.
WIN_SCORE = WIN
EVAL_LIMIT_SCORE = EVAL_LIMIT
MAX_PLY = MAX_SEARCH_PLY



cdef extern from "Python.h":
    # (Declared as int here: the flag, 1 << 9, fits; the C API's own type differs by platform.)
    bint PyType_HasFeature(type cls, int feature)
    const int Py_TPFLAGS_HEAPTYPE        # set on every class a class statement makes


cdef void refuse_python_class(type cls) except *:
    """TypeError for a class written in Python straight on NativeGame: the search calls
    NativeGame's C methods, which only a class compiled by Cython can define, so it would
    search NativeGame's own (a game that has already ended, worth 0). A Python subclass of a
    Cython game is fine: its compiled base defines them."""
    compiled = next((base for base in cls.__mro__ if not PyType_HasFeature(base, Py_TPFLAGS_HEAPTYPE)), None)
    if compiled is NativeGame:
        raise TypeError(
            f"{cls.__name__} is a class written in Python that subclasses negamax.NativeGame, "
            f"whose search methods (generate_moves, make_move, ...) only a Cython class can "
            f"define: subclass negamax.Game for a game written in Python")


def _contract_error(message, negative_move=False):
    """negamax.GameContractError(message), or its NegativeMoveError for `negative_move`
    (imported here, late: negamax.errors imports this module)."""
    from negamax.errors import GameContractError, NegativeMoveError
    return NegativeMoveError(message) if negative_move else GameContractError(message)


cdef class NativeGame:
    """Base class of games the search runs natively (without the GIL).

    Subclasses (in Cython) override the ``noexcept nogil`` methods declared in
    ``negamax/game.pxd`` and ``copy()``; this class then provides ``legal_moves``,
    ``play``, ``undo``, ``is_terminal``, ``evaluate``, ``key`` and ``order_hint``.
    """

    #: Whether a search to a fixed depth with a transposition table deepens iteratively
    #: (depth 1, 2, ...) when the caller leaves `iterative` unset: worth it where the best
    #: moves of shallower iterations order the deeper one much better than the game's own
    #: hints (chess); a waste where the hints are already good (Connect Four).
    iterative_deepening = False

    def __cinit__(self, *args, **kwargs):
        if type(self) is NativeGame:
            raise TypeError("NativeGame is an interface: use a subclass such as negamax.games.TicTacToe")
        if PyType_HasFeature(type(self), Py_TPFLAGS_HEAPTYPE):    # a class written in Python
            refuse_python_class(type(self))
        self.max_moves = 0      # undeclared: a subclass sets it (see require_max_moves)
        self.max_ply = 0
        self.error = 0
        self.has_order_hints = True
        self.has_keys = False
        self.has_safe_moves = False
        self.has_noisy_moves = False
        self.has_check = False
        self.has_null_move = False
        self.last_move_wins = False
        self.max_ply_ends_game = True
        self.has_path_draws = False
        self._history = []

    # --- defaults of the search interface (a subclass overrides them) ------------------------

    cdef int generate_moves(self, Move* moves) noexcept nogil:
        return 0

    cdef void make_move(self, Move move) noexcept nogil:
        pass

    cdef void unmake_move(self, Move move) noexcept nogil:
        pass

    cdef bint at_terminal(self) noexcept nogil:
        return True

    cdef Score static_evaluation(self) noexcept nogil:
        return 0

    cdef uint64_t position_key(self) noexcept nogil:
        return 0

    cdef int32_t move_order_hint(self, Move move) noexcept nogil:
        return 0

    cdef int generate_safe_moves(self, Move* moves) noexcept nogil:
        return self.generate_moves(moves)   # never called unless has_safe_moves is set

    cdef int generate_noisy_moves(self, Move* moves) noexcept nogil:
        return 0   # never called unless has_noisy_moves is set

    cdef bint move_is_noisy(self, Move move) noexcept nogil:
        return False

    cdef bint in_check(self) noexcept nogil:
        return False

    cdef bint null_move_allowed(self) noexcept nogil:
        return False

    cdef void make_null_move(self) noexcept nogil:
        pass   # never called unless has_null_move is set

    cdef void unmake_null_move(self) noexcept nogil:
        pass

    cdef int repetition_distance(self) noexcept nogil:
        return 0   # never called unless has_path_draws is set

    cdef void copy_base_into(self, NativeGame other):
        """Copy the fields this base class owns into `other` (used by subclasses' copy())."""
        copy_traits(self, other)
        other._history = self._history[:]

    # --- the Python-facing game ------------------------------------------------------------

    def legal_moves(self):
        """The legal moves, in the order the search tries them without ordering (empty at the end).
        GameContractError if generate_moves breaks its contract: a count outside 0 to
        max_moves, or a negative move (the engine keeps those for "no move")."""
        if self.at_terminal():
            return []
        self.require_max_moves()
        # Room past max_moves, so that a game breaking its bound by a little is caught
        # below before it writes past the buffer.
        cdef Move* buffer = <Move*> malloc((<size_t> self.max_moves + MOVE_SLACK) * sizeof(Move))
        if buffer == NULL:
            raise MemoryError()
        try:
            count = self.generate_moves(buffer)
            if count < 0 or count > self.max_moves:
                raise _contract_error(f"{type(self).__name__}.generate_moves gave {count} moves, "
                                        f"outside 0 to its max_moves = {self.max_moves}: raise max_moves")
            moves = [buffer[i] for i in range(count)]
            if moves and min(moves) < 0:
                raise _contract_error(f"{type(self).__name__}.generate_moves gave the move "
                                        f"{min(moves)}: moves are numbers from 0 up (the engine "
                                        f"keeps negative numbers for 'no move')", True)
            return moves
        finally:
            free(buffer)

    def require_max_moves(self):
        """Raise GameContractError unless the game declares max_moves (at least 1): a native
        game sets it in __init__ (the search's move buffers are sized by it)."""
        if self.max_moves < 1:
            raise _contract_error(f"{type(self).__name__} declares max_moves = {self.max_moves}: "
                                    f"set max_moves in __init__ to the most legal moves a "
                                    f"position of the game can have")

    def play(self, move):
        """Play a legal move. Raises TypeError for a non-integer, ValueError for an illegal move;
        the game is unchanged when it raises."""
        move = legal_move_of(self, move, "play")
        self.make_move(<Move> move)
        self._history.append(move)

    def undo(self):
        """Take back the last move made with play(). Raises ValueError if there is none."""
        if not self._history:
            raise ValueError("no move to undo")
        self.unmake_move(<Move> self._history.pop())

    def is_terminal(self):
        """True when the game is over."""
        return bool(self.at_terminal())

    def evaluate(self):
        """Static value from the side to move (exact at a terminal position)."""
        return self.static_evaluation()

    def key(self):
        """A 64-bit key of the position (equal positions have equal keys)."""
        return self.position_key()

    def order_hint(self, move):
        """How promising a legal move looks before searching it: higher is searched first.
        Raises TypeError for a non-integer, ValueError for a move that is not legal here."""
        return self.move_order_hint(<Move> legal_move_of(self, move, "rate"))

    @property
    def history(self):
        """The moves made through play(), oldest first."""
        return tuple(self._history)

    def copy(self):
        """An independent copy of the game."""
        raise NotImplementedError(f"{type(self).__name__} must implement copy()")

    def __copy__(self):
        return self.copy()

    def __deepcopy__(self, memo):
        return self.copy()

    def decode_line(self, moves):
        """Turn the search's integer moves along a line from this position into user moves."""
        return [int(m) for m in moves]

    def decode_root_moves(self, moves):
        """Turn integer moves of this position into user moves, each as the first move of a
        line (decode_line([move])[0] for each). root_moves reads the root's moves through it:
        a game whose decode_line is costly per call (one that replays the line) decodes them
        all at once by overriding it."""
        return [self.decode_line([move])[0] for move in moves]

    def decode_paths(self, plies, moves):
        """The paths of a search trace's visits, decoded, one tuple per visit in the order
        given: visit i is at ply plies[i], reached by moves[i] (unused at ply 0) from the
        visit before it at the ply above. A generator over decode_line of each path; a game
        whose decode_line replays the line overrides it to replay each move once."""
        path = []
        for ply, move in zip(plies, moves):
            del path[max(ply - 1, 0):]
            if ply > 0:
                path.append(move)
            yield tuple(self.decode_line(path))


cdef object legal_move_of(NativeGame game, object move, str verb):
    """`move` as an int if it is legal in `game` now; TypeError for a non-integer, ValueError
    (saying what `verb` could not do) for a move that is not legal or a game that is over."""
    if isinstance(move, bool):
        raise TypeError(f"a move must be an integer, not {short_repr(move)}")
    try:
        move = _as_index(move)
    except TypeError:
        raise TypeError(f"a move must be an integer, not {type(move).__name__} {short_repr(move)}") from None
    if game.at_terminal():
        raise ValueError(f"cannot {verb} {move}: the game is over")
    legal = game.legal_moves()
    if move not in legal:
        raise ValueError(f"move {move} is not legal here; legal moves: {legal}")
    return move
