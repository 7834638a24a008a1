# The Python face of the transposition table (the table itself, and its probe and store,
# are in ext/engine/ttable.pxd).

import numbers

from cpython.exc cimport PyErr_CheckSignals
from libc.string cimport memset

cdef extern from "negamax_memory.h":
    void* negamax_large_alloc(size_t size) noexcept nogil
    void negamax_large_free(void* p) noexcept nogil

#: Megabytes a table may have at most.
MAX_TABLE_MB = 1 << 20


@cython.final
cdef class TranspositionTable:
    """A transposition table of fixed size, reusable across searches.

    ``TranspositionTable(mb=64)`` reserves `mb` megabytes (rounded down to a power of two of
    32-byte buckets) once; pass it as ``tt=`` to negamax.search or negamax.solve to keep it
    between calls. Each search starts a new generation, so results do not leak from one
    search into the next. One table must not serve two searches at once, except the threads
    of one Lazy SMP search, which share it by design."""

    cdef TTable table
    cdef readonly double mb       # megabytes actually used
    """The megabytes the table actually uses: the size asked for, rounded down to a power of
    two of 32-byte buckets."""
    cdef int64_t searching        # 1 while a search (or a batch) uses the table: see claim()

    def __cinit__(self):
        self.table.entries = NULL
        self.table.bucket_mask = 0
        self.searching = 0

    cdef void claim(self) except *:
        """Mark the table as used by one search, or raise ValueError if another search (from
        another Python thread) is using it now: two searches interleaving their generations
        would read each other's entries, which can be positions of another game."""
        if self.table.entries == NULL:
            raise ValueError("this TranspositionTable has no memory: it was made without "
                             "__init__, or its __init__ failed; make a new one")
        if not negamax_cas_i64(&self.searching, 0, 1):
            raise ValueError("this TranspositionTable is in use by another search: a table "
                             "serves one search at a time (the threads of one threads=N search "
                             "share it); give each concurrent search a table of its own")

    cdef void release(self) noexcept nogil:
        negamax_cas_i64(&self.searching, 1, 0)

    def __init__(self, mb=64):
        # A second __init__ replaces the memory only once the new size is known to be good
        # (and never while a search uses the table).
        if self.searching:
            raise ValueError("this TranspositionTable is in use by a search: it cannot be "
                             "made anew now")
        if isinstance(mb, bool) or not isinstance(mb, numbers.Real):
            raise TypeError(f"the table size must be a number of megabytes, not {type(mb).__name__}")
        try:
            size = float(mb)     # a float16 would overflow in the sums below (and in the bound)
        except OverflowError:    # an int beyond a float's range
            size = float("inf")
        if not (size > 0 and size <= MAX_TABLE_MB):
            raise ValueError(f"the table size must be more than 0 MB and at most {MAX_TABLE_MB} MB, "
                             f"got {mb!r}")
        mb = size
        cdef uint64_t buckets = 1
        cdef uint64_t limit = <uint64_t> (mb * 1048576.0) // (2 * sizeof(TTEntry))
        while buckets * 2 <= limit:
            buckets *= 2
        # Aligned to 2 MB and backed by huge pages where the system offers them (see
        # ext/negamax_memory.h): probes land anywhere in the table.
        cdef TTEntry* entries = <TTEntry*> negamax_large_alloc(buckets * 2 * sizeof(TTEntry))
        if entries == NULL:
            raise MemoryError(f"cannot allocate a {mb:g} MB transposition table: this machine has "
                              f"not that much free memory; give a smaller size")
        # Held as by a search while the memory is zeroed without the GIL (seconds for
        # gigabytes, while other threads run): no search may start on the old memory, which
        # is freed below.
        if not negamax_cas_i64(&self.searching, 0, 1):
            negamax_large_free(entries)
            raise ValueError("this TranspositionTable is in use by a search: it cannot be "
                             "made anew now")
        # Touch every page now: a fresh page costs a fault on first use, which would otherwise
        # land inside the searches (the cost of a short search would be mostly page faults).
        with nogil:
            memset(entries, 0, buckets * 2 * sizeof(TTEntry))
        negamax_large_free(self.table.entries)
        self.table.entries = entries
        self.table.bucket_mask = buckets - 1
        self.table.generation = 0
        self.mb = buckets * 2 * sizeof(TTEntry) / 1048576.0
        negamax_cas_i64(&self.searching, 1, 0)
        # Ctrl-C while the memory was zeroed is raised here, with the table made: Python
        # would act on it only at some later line of its caller, past the `except
        # KeyboardInterrupt` meant for it (negamax.api._new_table).
        PyErr_CheckSignals()

    def __dealloc__(self):
        negamax_large_free(self.table.entries)

    @property
    def in_use(self):
        """True while a search (or a batch) uses the table: another search is refused it."""
        return self.searching != 0

    @property
    def entries_count(self):
        """Number of entries the table holds (0 for a table without memory)."""
        if self.table.entries == NULL:
            return 0
        return int((self.table.bucket_mask + 1) * 2)

    def clear(self):
        """Forget everything (O(1): starts a new generation). Refused (ValueError) while a
        search uses the table: its generation would change under the search's stores."""
        if self.searching:
            raise ValueError("this TranspositionTable is in use by a search: clear it once the "
                             "search is over")
        self.new_generation()

    def hashfull(self):
        """Permille of a sample of entries that hold a result of the current generation (as
        UCI's `info hashfull` reports it)."""
        cdef uint64_t count = min(<uint64_t> 1000, (self.table.bucket_mask + 1) * 2), used = 0, i
        cdef uint64_t header
        if self.table.entries == NULL:
            return 0
        for i in range(count):
            header = entry_header(self.table.entries + i)
            if (header >> 48) != 0 and <uint16_t> (header >> 32) == self.table.generation:
                used += 1
        return int(used * 1000 // count)

    def __repr__(self):
        return f"TranspositionTable(mb={self.mb:g})"

    cdef void new_generation(self) noexcept nogil:
        self.table.generation = <uint16_t> (self.table.generation + 1)
        # Wrapped: old entries could pass for current ones.
        if self.table.generation == 0 and self.table.entries != NULL:
            memset(self.table.entries, 0, (self.table.bucket_mask + 1) * 2 * sizeof(TTEntry))
            self.table.generation = 1


def _hammer_table(TranspositionTable table not None, int keys, uint64_t seed, int64_t stores):
    """Tests only: store and probe `keys` positions at random depths, `stores` times, with the
    GIL released (run it from several threads on one small table at once). Every position's
    value and move are a function of its key, so a probe that answers one key with another's
    entry is counted. Returns (hits, wrong hits)."""
    cdef int64_t hits = 0, wrong = 0, i
    cdef uint64_t state = seed | 1, key, pick
    cdef TTHit hit
    if keys < 1:
        raise ValueError("keys must be at least 1")
    with nogil:
        for i in range(stores):
            state ^= state << 13         # xorshift64: a cheap stream of picks
            state ^= state >> 7
            state ^= state << 17
            pick = state % <uint64_t> keys
            key = tt_mix(pick + 1) ^ <uint64_t> 0x5DEECE66D   # distinct keys, far apart
            if tt_probe(&table.table, key, &hit):
                hits += 1
                if hit.value != _hammer_value(pick) or hit.move != <Move> pick:
                    wrong += 1
            tt_store(&table.table, key, _hammer_value(pick), <Move> pick,
                     1 + <int> ((state >> 40) % 64), BOUND_EXACT)
    return hits, wrong


cdef inline Score _hammer_value(uint64_t pick) noexcept nogil:
    return <Score> (pick * 7919 % 1000003) - 500000


def _store_then_probe(TranspositionTable table not None, uint64_t key, list stores):
    """Tests only: store each (value, move, depth, bound) of `stores` for the position `key`,
    in order, then probe it three ways. Returns (newest, lower, upper): what tt_probe finds,
    and what tt_probe_wanted finds asked for a lower and for an upper bound, each as
    (value, move, depth, bound) or None. Bounds: 1 lower, 2 upper, 3 exact."""
    cdef TTHit hit
    cdef int wanted
    for value, move, depth, bound in stores:
        if not BOUND_LOWER <= bound <= BOUND_EXACT or not 0 <= depth <= TT_DEPTH_FINAL:
            raise ValueError(f"bound must be 1 to 3 and depth 0 to {TT_DEPTH_FINAL}, got "
                             f"{bound!r} and {depth!r}")
        tt_store(&table.table, key, value, move, depth, bound)
    found = [(hit.value, hit.move, hit.depth, hit.bound)
             if tt_probe(&table.table, key, &hit) else None]
    for wanted in (BOUND_LOWER, BOUND_UPPER):
        found.append((hit.value, hit.move, hit.depth, hit.bound)
                     if tt_probe_wanted(&table.table, key, wanted, &hit) else None)
    return tuple(found)
