# The entry points of one compiled copy of the algorithms (see ext/engine/kernels.pxi).

from negamax.game cimport NativeGame, Score

from engine.context cimport SearchContext

cdef extern from *:
    """
    #define NEGAMAX_KERNELS_CAPSULE "negamax.search_kernels"
    """
    const char* KERNELS_CAPSULE_NAME "NEGAMAX_KERNELS_CAPSULE"

cdef struct SearchKernels:
    Score (*search_root)(SearchContext* context, NativeGame game, int depth, Score alpha, Score beta) noexcept nogil
    int (*extend_pv)(SearchContext* context, NativeGame game, int depth, int length) noexcept nogil
    int (*complete_pv)(SearchContext* context, NativeGame game, Score value, int length) noexcept nogil
    int (*prove_line)(SearchContext* context, NativeGame game, Score value, int length) noexcept nogil
    # Whether `game` is an instance of the class this copy was compiled for (its module's
    # GameT): register_kernels checks it, so a copy never searches another class's objects.
    bint (*takes)(object game)
