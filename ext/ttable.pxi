# The transposition table: a fixed block of memory, allocated once, that remembers what the
# search learned about positions (by their 64-bit key) so that a position reached again,
# by another move order or in a later iteration, is not searched again.
#
# Layout: buckets of two 16-byte entries (one bucket is half a cache line). The key is mixed
# (a bijection on 64 bits); its low bits choose the bucket and its high 32 bits are stored
# to tell positions sharing a bucket apart.
#
# Replacement policy, per bucket: an entry for the same position is overwritten; otherwise
# the first slot keeps the deepest result (it is replaced by a result at least as deep, or
# when it is empty or stale), and the second slot takes whatever the first did not keep.
#
# Generations: every search starts a new generation, and entries of other generations are
# ignored (and replaced first). A table can therefore be reused by many searches without
# being cleared (clearing 64 MB costs milliseconds; a new generation costs nothing), and each
# search's counters stay reproducible. The table is truly zeroed when the 16-bit counter
# wraps, once in 65535 searches.

cimport cython
from libc.stdint cimport int32_t, uint16_t, uint32_t, uint64_t
from libc.stdlib cimport calloc, free
from libc.string cimport memset

from negamax.game cimport EVAL_LIMIT, Move, Score

import numbers

cdef enum Bound:
    BOUND_NONE = 0
    BOUND_LOWER = 1     # the value is at least the stored one (the search failed high)
    BOUND_UPPER = 2     # the value is at most the stored one (the search failed low)
    BOUND_EXACT = 3

cdef enum:
    TT_DEPTH_FINAL = 16383   # stored depth of a result no depth limit cut: it holds at every depth

cdef struct TTEntry:
    uint32_t check        # high 32 bits of the mixed key
    int32_t value         # wins and losses stored as distance from this position
    int32_t move          # best move found here, -1 if none
    uint16_t depth_bound  # remaining depth searched (TT_DEPTH_FINAL if exact to the end) << 2 | Bound
    uint16_t generation


cdef inline int entry_depth(TTEntry* entry) noexcept nogil:
    return entry.depth_bound >> 2

cdef inline int entry_bound(TTEntry* entry) noexcept nogil:
    return entry.depth_bound & 3


cdef inline uint64_t tt_mix(uint64_t x) noexcept nogil:
    """A bijective 64-bit mixer (so distinct keys stay distinct)."""
    x ^= x >> 33
    x *= <uint64_t> 0xff51afd7ed558ccd
    x ^= x >> 33
    x *= <uint64_t> 0xc4ceb9fe1a85ec53
    x ^= x >> 33
    return x


cdef inline Score value_to_tt(Score value, int ply) noexcept nogil:
    """Wins and losses are scored from the root; the table stores them from the position."""
    if value > EVAL_LIMIT:
        return value + ply
    if value < -EVAL_LIMIT:
        return value - ply
    return value

cdef inline Score value_from_tt(Score value, int ply) noexcept nogil:
    if value > EVAL_LIMIT:
        return value - ply
    if value < -EVAL_LIMIT:
        return value + ply
    return value


@cython.final
cdef class TranspositionTable:
    """A transposition table of fixed size, reusable across searches.

    ``TranspositionTable(mb=64)`` reserves `mb` megabytes (rounded down to a power of two of
    32-byte buckets) once; pass it as ``tt=`` to negamax.search or negamax.solve to keep it
    between calls. Each search starts a new generation, so results do not leak from one
    search into the next."""

    cdef TTEntry* entries
    cdef uint64_t bucket_mask     # buckets - 1
    cdef uint16_t generation
    cdef readonly double mb       # megabytes actually used

    def __cinit__(self):
        self.entries = NULL

    def __init__(self, mb=64):
        free(self.entries)
        self.entries = NULL
        if isinstance(mb, bool) or not isinstance(mb, numbers.Real):
            raise TypeError(f"the table size must be a number of megabytes, not {type(mb).__name__}")
        if not (mb > 0 and mb <= 1 << 20):
            raise ValueError(f"the table size must be between 0 and 1048576 MB, got {mb}")
        cdef uint64_t buckets = 1
        cdef uint64_t limit = <uint64_t> (mb * 1048576.0) // (2 * sizeof(TTEntry))
        while buckets * 2 <= limit:
            buckets *= 2
        self.entries = <TTEntry*> calloc(buckets * 2, sizeof(TTEntry))
        if self.entries == NULL:
            raise MemoryError(f"cannot allocate a {mb} MB transposition table")
        # Touch every page now: a fresh page costs a fault on first use, which would otherwise
        # land inside the searches (the cost of a short search would be mostly page faults).
        memset(self.entries, 0, buckets * 2 * sizeof(TTEntry))
        self.bucket_mask = buckets - 1
        self.generation = 0
        self.mb = buckets * 2 * sizeof(TTEntry) / 1048576.0

    def __dealloc__(self):
        free(self.entries)

    @property
    def entries_count(self):
        """Number of entries the table holds."""
        return int((self.bucket_mask + 1) * 2)

    def clear(self):
        """Forget everything (O(1): starts a new generation)."""
        self.new_generation()

    def __repr__(self):
        return f"TranspositionTable(mb={self.mb:g})"

    cdef void new_generation(self) noexcept nogil:
        self.generation = <uint16_t> (self.generation + 1)
        if self.generation == 0:      # wrapped: old entries could pass for current ones
            memset(self.entries, 0, (self.bucket_mask + 1) * 2 * sizeof(TTEntry))
            self.generation = 1

    cdef inline TTEntry* probe(self, uint64_t key) noexcept nogil:
        """The current entry for `key`, or NULL."""
        cdef uint64_t mixed = tt_mix(key)
        cdef TTEntry* bucket = self.entries + 2 * (mixed & self.bucket_mask)
        cdef uint32_t check = <uint32_t> (mixed >> 32)
        if bucket[0].check == check and bucket[0].generation == self.generation and bucket[0].depth_bound:
            return bucket
        if bucket[1].check == check and bucket[1].generation == self.generation and bucket[1].depth_bound:
            return bucket + 1
        return NULL

    cdef inline void store(self, uint64_t key, Score value, Move move, int depth, int bound) noexcept nogil:
        cdef uint64_t mixed = tt_mix(key)
        cdef TTEntry* bucket = self.entries + 2 * (mixed & self.bucket_mask)
        cdef uint32_t check = <uint32_t> (mixed >> 32)
        cdef TTEntry* slot
        if bucket[0].check == check and bucket[0].generation == self.generation:
            slot = bucket
        elif bucket[1].check == check and bucket[1].generation == self.generation:
            slot = bucket + 1
        elif (bucket[0].depth_bound == 0 or bucket[0].generation != self.generation
                or depth >= entry_depth(bucket)):
            if bucket[0].depth_bound and bucket[0].generation == self.generation:
                bucket[1] = bucket[0]     # the displaced entry gets a second chance in slot 1
            slot = bucket
        else:
            slot = bucket + 1
        slot.check = check
        slot.value = value
        slot.move = move
        slot.depth_bound = <uint16_t> ((depth << 2) | bound)
        slot.generation = self.generation
