# The native game interface of negamax.
#
# A game the search can run without the GIL subclasses NativeGame and overrides the
# `noexcept nogil` methods below. Third-party Cython code can `cimport` this file:
#
#     from negamax.game cimport NativeGame, Move, Score
#
# Contract for every method the search calls (all `noexcept nogil`):
# - scores are from the point of view of the side to move;
# - at a terminal position, evaluate() gives the exact value: -WIN when the side to move
#   has lost, WIN when it has won, anything in [-EVAL_LIMIT, EVAL_LIMIT] otherwise;
# - generate_moves writes at most `max_moves` moves and returns how many it wrote (max_moves,
#   at least 1, is set in the subclass's __init__; a count outside 0..max_moves raises
#   GameContractError, as long as the game wrote no more than MOVE_SLACK moves too many);
# - make_move / unmake_move are exact inverses; the search only unmakes the last move made.
# - position_key is read only when has_keys is set: equal positions must then have equal keys,
#   and the value of a position may depend on nothing but its key (the transposition table
#   relies on it). A subclass that implements it sets has_keys = True.
# - generate_safe_moves is called only when has_safe_moves is set, at positions that are not
#   terminal: it writes the legal moves after which the opponent cannot win at once and
#   returns their count (0 when every move loses at once), or returns WINNING_MOVE_FOUND with
#   moves[0] set to a move that wins at once. The solver uses it to skip losing moves. A
#   move that ends the game with the opponent having won (static_evaluation() WIN after it,
#   in a game without last_move_wins) loses at once too: it is not safe.
#
# Optional capabilities of games with a static evaluation that is only trusted at quiet
# positions (chess, checkers); each is used only when its has_* flag is set:
# - generate_noisy_moves (has_noisy_moves): the moves quiescence search follows past the depth
#   limit (captures, promotions), at most max_moves of them, all legal. The search stands pat
#   on static_evaluation() unless the side to move is in check, where it searches every move.
# - move_is_noisy: True for a move that changes the evaluation a lot (at least every move
#   generate_noisy_moves would write; chess says so of every capture and promotion, including
#   the losing captures its quiescence skips); such moves are never reduced by late move
#   reductions.
# - in_check (has_check): the side to move is in check; checks are extended by a ply, and
#   null moves and reductions are skipped there.
# - make_null_move / unmake_null_move (has_null_move): pass the turn; null_move_allowed() says
#   where that is sound (not in check, not in zugzwang-prone positions such as pawn endings).
#
# - repetition_distance (has_path_draws): at a terminal position the game scores by the path
#   that reached it (a draw by repetition inside a search, as in chess), how many plies back
#   the earlier occurrence lies (the nearest, when there are several); 0 at every other
#   position. Such a value breaks the key rule above, so the search handles it: a window that
#   asks only whether a side mates within a few plies plays on past the repetition (the
#   position must still generate its moves), and elsewhere a result that depends on a
#   position above its node is kept out of the table (only its move is stored). Playing on
#   goes up to 32 plies past the repetition, so such a game's max_ply (when it bounds the
#   game, max_ply_ends_game) must leave that room beyond the longest game without repetitions.
#
# - last_move_wins: the game is only ever won by the move that ends it, and every other end is
#   a draw: at a terminal position static_evaluation() is -WIN (the side to move lost) or 0
#   (Connect Four, tic-tac-toe, chess, checkers). A win for the side to move then comes after
#   an odd number of plies and a loss after an even number, and a line that can no longer
#   reach a decisive end (max_ply) is a draw: the search and the solver use both.

from libc.stdint cimport int32_t, int64_t, uint64_t

ctypedef int32_t Move      # a move is a number >= 0: the engine keeps -1 and below for "no move"
ctypedef int32_t Score

cdef enum:
    WIN = 1000000000          # value of a won terminal position for the side to move
    MAX_SEARCH_PLY = 10000    # no search goes deeper than this
    EVAL_LIMIT = WIN - MAX_SEARCH_PLY - 1   # bound on every non-winning evaluation
    SCORE_INFINITY = 2000000000             # outside every score; alpha-beta's initial window
    WINNING_MOVE_FOUND = -1   # generate_safe_moves: the side to move wins at once with moves[0]
    MOVE_SLACK = 1024         # room left past max_moves: a game writing up to this many moves
                              # too many is caught (GameContractError); more is memory damage

cdef class NativeGame:
    cdef readonly int max_moves
    """Upper bound on the number of legal moves in any position (the search sizes its move
    buffers by it)."""
    cdef readonly int max_ply
    """Upper bound on the plies from this position to the end of the game (or, where
    max_ply_ends_game is False, on the deepest line a search may follow)."""
    cdef public bint has_order_hints
    """True when move_order_hint ranks moves; False: it is constant and the search skips it."""
    cdef public bint has_keys
    """True when position_key identifies positions, so a transposition table may be used."""
    cdef public bint has_safe_moves
    """True when generate_safe_moves is implemented."""
    cdef public bint has_noisy_moves
    """True when generate_noisy_moves and move_is_noisy are implemented (quiescence search)."""
    cdef public bint has_check
    """True when in_check is implemented (check extensions)."""
    cdef public bint has_null_move
    """True when make_null_move, unmake_null_move and null_move_allowed are implemented."""
    cdef public bint last_move_wins
    """True when every end of the game is a loss for the side to move (-WIN) or a draw (0):
    only the move that ends the game wins."""
    cdef public bint max_ply_ends_game
    """True when max_ply bounds the game; False when it bounds only the deepest line a
    search may follow (chess), where a line ends."""
    cdef public bint has_path_draws
    """True when repetition_distance is implemented (draws by repetition on the path)."""
    cdef public int error
    """Set nonzero by a game whose callback failed: the search unwinds and reports it."""
    cdef list _history            # moves made through play(), for undo()

    # --- called by the search, without the GIL -------------------------------------------
    cdef int generate_moves(self, Move* moves) noexcept nogil
    cdef void make_move(self, Move move) noexcept nogil
    cdef void unmake_move(self, Move move) noexcept nogil
    cdef bint at_terminal(self) noexcept nogil
    cdef Score static_evaluation(self) noexcept nogil
    cdef uint64_t position_key(self) noexcept nogil
    cdef int32_t move_order_hint(self, Move move) noexcept nogil
    cdef int generate_safe_moves(self, Move* moves) noexcept nogil
    cdef int generate_noisy_moves(self, Move* moves) noexcept nogil
    cdef bint move_is_noisy(self, Move move) noexcept nogil
    cdef bint in_check(self) noexcept nogil
    cdef bint null_move_allowed(self) noexcept nogil
    cdef void make_null_move(self) noexcept nogil
    cdef void unmake_null_move(self) noexcept nogil
    cdef int repetition_distance(self) noexcept nogil

    # --- helpers for subclasses ------------------------------------------------------------
    cdef void copy_base_into(self, NativeGame other)


cdef inline void copy_traits(NativeGame source, NativeGame target) noexcept:
    """Copy the fields NativeGame owns, its history aside, from `source` into `target`:
    copy_base_into without the history list it copies, so without allocating (a game's
    copy_into kernel hook, see ext/engine/kernel_table.pxd)."""
    target.max_moves = source.max_moves
    target.max_ply = source.max_ply
    target.error = 0
    target.has_order_hints = source.has_order_hints
    target.has_keys = source.has_keys
    target.has_safe_moves = source.has_safe_moves
    target.has_noisy_moves = source.has_noisy_moves
    target.has_check = source.has_check
    target.has_null_move = source.has_null_move
    target.last_move_wins = source.last_move_wins
    target.max_ply_ends_game = source.max_ply_ends_game
    target.has_path_draws = source.has_path_draws
