# The search algorithms, written once and compiled once per game type.
#
# A module includes this file after defining GameT, the game class the copy is for:
#
#     ctypedef TicTacToe GameT          # a @cython.final class of this module
#     include "engine/kernels.pxi"
#     register_kernels(TicTacToe, kernels_capsule())
#
# The engine module compiles one copy with GameT = NativeGame (every game, through the
# vtable). A built-in game that includes it in its own module gets a copy where the C
# compiler sees its make/unmake/evaluate and can inline them; the engine picks that copy
# for games of exactly that type. Which copy ran is reported (SearchResult.kernel).

cimport cython
from cpython.pycapsule cimport PyCapsule_New
from cpython.ref cimport Py_INCREF
from cpython.tuple cimport PyTuple_New, PyTuple_SET_ITEM
from libc.stdint cimport INT64_MAX, int32_t, int64_t, uint32_t, uint64_t

from negamax.game cimport (
    EVAL_LIMIT, SCORE_INFINITY, WIN, WINNING_MOVE_FOUND, Move, NativeGame, Score,
)

from engine.context cimport *
from engine.kernel_table cimport KERNELS_CAPSULE_NAME, SearchKernels
from engine.ttable cimport (
    BOUND_EXACT, BOUND_LOWER, BOUND_UPPER, TT_DEPTH_FINAL, TTHit, busy_elsewhere, busy_mark,
    busy_tag, busy_unmark, tt_mix, tt_prefetch_mixed, tt_probe, tt_probe_mixed, tt_probe_wanted,
    tt_store, tt_store_mixed, value_from_tt, value_to_tt,
)

cdef int32_t HISTORY_MAX = 1 << 28    # the history table is halved when an entry passes this

include "ordering.pxi"
include "plain.pxi"
include "quiescence.pxi"
include "alphabeta.pxi"
include "lines.pxi"


cdef Score search_root(SearchContext* context, GameT game, int depth, Score alpha, Score beta) noexcept nogil:
    """One complete search to `depth`; the value is from the side to move at the root.
    Minimax and negamax ignore the window."""
    cdef Score value
    context.horizon_reached = False
    context.depends_on = NO_PATH_DEPENDENCE
    context.repetition_decided = False
    context.root_has_best = False
    if context.options.algorithm == MINIMAX:
        value = minimax(context, game, depth, 0, context.options.root_maximizing, False)
        return value if context.options.root_maximizing else -value
    if context.options.algorithm == NEGAMAX:
        return negamax(context, game, depth, 0, False)
    if context.enhanced:
        return ab_search_either(context, game, depth, 0, alpha, beta)
    return alphabeta(context, game, depth, 0, alpha, beta, False)


# --- the entry points, as a table of C function pointers taking any NativeGame -----------

cdef Score kernel_search_root(SearchContext* context, NativeGame game, int depth, Score alpha,
                              Score beta) noexcept nogil:
    return search_root(context, <GameT> game, depth, alpha, beta)

cdef int kernel_extend_pv(SearchContext* context, NativeGame game, int depth, int length) noexcept nogil:
    return extend_pv_from_tt(context, <GameT> game, depth, length)

cdef int kernel_complete_pv(SearchContext* context, NativeGame game, Score value, int length) noexcept nogil:
    return complete_pv_to_end(context, <GameT> game, value, length)

cdef int kernel_prove_line(SearchContext* context, NativeGame game, Score value, int length) noexcept nogil:
    return prove_line_to_end(context, <GameT> game, value, length)

cdef bint kernel_takes(object game):
    """Whether `game` is a GameT (a checked cast; GameT is final, so of exactly that class)."""
    cdef GameT typed
    try:
        typed = <GameT?> game
    except TypeError:
        return False
    return typed is not None

cdef SearchKernels KERNELS
KERNELS.search_root = kernel_search_root
KERNELS.extend_pv = kernel_extend_pv
KERNELS.complete_pv = kernel_complete_pv
KERNELS.prove_line = kernel_prove_line
KERNELS.takes = kernel_takes
KERNELS.line_tuple = NULL          # a module may set its own (see engine/kernel_table.pxd)
KERNELS.solver_score = NULL
KERNELS.search_value = NULL
KERNELS.copy_into = NULL


cdef object moves_tuple(const Move* moves, int length, int offset):
    """The moves of a line as a tuple of ints, each plus `offset`: the line_tuple of a game
    whose decode_line gives the integer moves so shifted (see engine/kernel_table.pxd)."""
    cdef int i
    line = PyTuple_New(length)
    for i in range(length):
        move = moves[i] + offset
        Py_INCREF(move)                  # PyTuple_SET_ITEM takes the reference over
        PyTuple_SET_ITEM(line, i, move)
    return line


cdef object kernels_capsule():
    """This module's copy of the algorithms, for negamax._engine.register_kernels."""
    return PyCapsule_New(&KERNELS, KERNELS_CAPSULE_NAME, NULL)
