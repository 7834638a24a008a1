# The entry points of one compiled copy of the algorithms (see ext/engine/kernels.pxi).

from negamax.game cimport Move, NativeGame, Score

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
    # Optional, NULL when the module sets none (the game's Python methods are called then): a
    # line of the engine's moves from `game` as the tuple of user moves decode_line gives,
    # and solver_score(value). A batch of short solves makes one result per position, and a
    # Python method call per result cost as much as the rest of the result. Each must give
    # exactly what the Python method gives (tests/test_result_hooks.py checks).
    object (*line_tuple)(NativeGame game, const Move* moves, int length)
    object (*solver_score)(NativeGame game, Score value)
    # Optional, NULL when the module sets none (the value is the engine's score itself): the
    # value a SearchResult gives for the engine's score `value` of the root (from its side to
    # move). A tree's values are its own, from MAX's point of view; with this hook the engine
    # makes a tree's SearchResult itself, as it does a built-in game's.
    object (*search_value)(NativeGame game, Score value)
    # Optional, NULL when the module sets none: make `target` hold the position `source`
    # holds, both objects of this class, as copy() would make a new object hold it (its
    # history aside), with the GIL held and without allocating. A batch (run_many) then
    # searches each of its games in one object of its own instead of a new copy per
    # position: allocating and releasing a Python object per position cost more than a short
    # solve's search (and its caches). A module that sets it sets line_tuple too, which then
    # must read nothing of the game but what its constructor fixed: a batch decodes each
    # line with the caller's game, after the searches.
    void (*copy_into)(NativeGame source, NativeGame target) noexcept
