# The transposition table: a fixed block of memory, allocated once, that remembers what the
# search learned about positions (by their 64-bit key) so that a position reached again,
# by another move order or in a later iteration, is not searched again.
#
# Layout: buckets of two 16-byte entries (one bucket is half a cache line). The key is mixed
# (a bijection on 64 bits); its low bits choose the bucket and its high 32 bits are stored
# to tell positions sharing a bucket apart.
#
# Replacement policy, per bucket: an entry for the same position is overwritten, except that
# a lower bound stored over an upper one of the same depth (or the reverse) moves the older
# one to the second slot, so that the position keeps both; otherwise the first slot keeps
# the deepest result (it is replaced by a result at least as deep, or when it is empty or
# stale), and the second slot takes whatever the first did not keep. A probe finds the
# newest entry of a position; tt_probe_wanted the one with the side of the bound asked for.
#
# Generations: every search starts a new generation, and entries of other generations are
# ignored (and replaced first). A table can therefore be reused by many searches without
# being cleared, and each search's counters stay reproducible.
#
# Threads (Lazy SMP) share one table without locks. An entry is two 64-bit words written
# and read as whole words; the first word stores the check bits XOR the second word, so an
# entry whose words come from two different writes fails its check and is ignored.
#
# Everything here is inline: each module that searches compiles its own copy of the probe.

from libc.stdint cimport int32_t, uint16_t, uint32_t, uint64_t

from negamax.game cimport EVAL_LIMIT, Move, Score

cdef extern from "negamax_atomic.h":
    uint64_t negamax_load_u64(const uint64_t* p) noexcept nogil
    void negamax_store_u64(uint64_t* p, uint64_t v) noexcept nogil

cdef extern from "negamax_bits.h":
    void negamax_prefetch(const void* p) noexcept nogil

cdef enum Bound:
    BOUND_NONE = 0
    BOUND_LOWER = 1     # the value is at least the stored one (the search failed high)
    BOUND_UPPER = 2     # the value is at most the stored one (the search failed low)
    BOUND_EXACT = 3

cdef enum:
    TT_DEPTH_FINAL = 16383   # stored depth of a result no depth limit cut: it holds at every depth

# One entry as two words. data: value (32 bits) | move (32 bits) in `payload`;
# depth_bound (16) | generation (16) | check (32) in `header`, stored XOR payload.
cdef struct TTEntry:
    uint64_t header
    uint64_t payload

# What a probe hands back (a copy: the slot may change under another thread).
cdef struct TTHit:
    Score value
    Move move
    int depth
    int bound

cdef struct TTable:
    TTEntry* entries
    uint64_t bucket_mask     # buckets - 1
    uint16_t generation


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


cdef inline uint64_t entry_header(TTEntry* entry) noexcept nogil:
    return negamax_load_u64(&entry.header) ^ negamax_load_u64(&entry.payload)


cdef inline void write_entry(TTEntry* entry, uint64_t header, uint64_t payload) noexcept nogil:
    """Store an entry whose header is not yet XORed with its payload."""
    negamax_store_u64(&entry.payload, payload)
    negamax_store_u64(&entry.header, header ^ payload)


cdef inline bint entry_current(uint64_t header, uint32_t check, uint16_t generation) noexcept nogil:
    """The header belongs to the position and this search, and holds a result."""
    return (<uint32_t> header == check and <uint16_t> (header >> 32) == generation
            and (header >> 48) != 0)


cdef inline void fill_hit(TTHit* hit, uint64_t header, uint64_t payload) noexcept nogil:
    """A probe's answer from an entry's two words (the header without its XOR)."""
    hit.value = <int32_t> <uint32_t> payload
    hit.move = <int32_t> <uint32_t> (payload >> 32)
    hit.depth = <int> (header >> 50)
    hit.bound = <int> ((header >> 48) & 3)


cdef inline bint tt_probe(TTable* table, uint64_t key, TTHit* hit) noexcept nogil:
    """Fill `hit` with the current entry for `key`; False when there is none."""
    return tt_probe_mixed(table, tt_mix(key), hit)


cdef inline bint tt_probe_mixed(TTable* table, uint64_t mixed, TTHit* hit) noexcept nogil:
    """tt_probe given the key's tt_mix (the node mixes its key once for all its uses)."""
    cdef TTEntry* bucket = table.entries + 2 * (mixed & table.bucket_mask)
    cdef uint32_t check = <uint32_t> (mixed >> 32)
    cdef uint64_t header, payload
    cdef int slot
    for slot in range(2):
        payload = negamax_load_u64(&bucket[slot].payload)
        header = negamax_load_u64(&bucket[slot].header) ^ payload
        if entry_current(header, check, table.generation):
            fill_hit(hit, header, payload)
            return True
    return False


cdef inline bint tt_probe_wanted(TTable* table, uint64_t key, int wanted, TTHit* hit) noexcept nogil:
    """tt_probe preferring an entry whose bound gives `wanted` (BOUND_LOWER: a lower bound or
    an exact value; BOUND_UPPER: an upper bound or an exact value): a position can hold one of
    each (see tt_store_mixed), and a proof asks for one side. Else the position's newest
    entry, as tt_probe; False when there is none."""
    cdef uint64_t mixed = tt_mix(key)
    cdef TTEntry* bucket = table.entries + 2 * (mixed & table.bucket_mask)
    cdef uint32_t check = <uint32_t> (mixed >> 32)
    cdef uint64_t header, payload, newest_header = 0, newest_payload = 0
    cdef bint found = False
    cdef int slot
    for slot in range(2):
        payload = negamax_load_u64(&bucket[slot].payload)
        header = negamax_load_u64(&bucket[slot].header) ^ payload
        if entry_current(header, check, table.generation):
            if (<int> ((header >> 48) & 3)) & wanted:
                fill_hit(hit, header, payload)
                return True
            if not found:              # the newest entry, kept if none gives the side asked
                newest_header, newest_payload, found = header, payload, True
    if found:
        fill_hit(hit, newest_header, newest_payload)
    return found


cdef inline bint opposite_bounds(int first, int second) noexcept nogil:
    """One is a lower bound, the other an upper bound."""
    return ((first == BOUND_LOWER and second == BOUND_UPPER)
            or (first == BOUND_UPPER and second == BOUND_LOWER))


cdef inline bint tt_store(TTable* table, uint64_t key, Score value, Move move, int depth,
                          int bound) noexcept nogil:
    """Store a result; True when the table then holds one more entry of this generation
    (the slot written, or the one the displaced entry moved to, held none before)."""
    return tt_store_mixed(table, tt_mix(key), value, move, depth, bound)


cdef inline bint tt_store_mixed(TTable* table, uint64_t mixed, Score value, Move move, int depth,
                                int bound) noexcept nogil:
    """tt_store given the key's tt_mix."""
    cdef TTEntry* bucket = table.entries + 2 * (mixed & table.bucket_mask)
    cdef uint32_t check = <uint32_t> (mixed >> 32)
    cdef uint16_t generation = table.generation
    # Slot 0's words are read once: if its entry moves to slot 1, it moves with the payload
    # its header was decoded from. (Reading the payload again could pair this header with
    # another thread's newer payload, an entry whose check passes with another position's
    # value; a pair torn between two writes stays torn, and its check fails.)
    cdef uint64_t first_payload = negamax_load_u64(&bucket[0].payload)
    cdef uint64_t first = negamax_load_u64(&bucket[0].header) ^ first_payload
    cdef uint64_t second = entry_header(bucket + 1)
    cdef TTEntry* slot
    cdef bint first_live = (first >> 48) != 0 and <uint16_t> (first >> 32) == generation
    cdef bint second_live = (second >> 48) != 0 and <uint16_t> (second >> 32) == generation
    cdef bint added
    if <uint32_t> first == check and <uint16_t> (first >> 32) == generation:
        slot = bucket                 # the position's own entry: replaced, none added
        added = False
        if <int> (first >> 50) == depth and opposite_bounds(<int> ((first >> 48) & 3), bound):
            # A lower bound after an upper one (or the reverse) at the same depth: the other
            # side moves to the second slot, so the position keeps both. A solve's null-window
            # searches leave each side in turn, and the proof of its line asks for both.
            write_entry(bucket + 1, first, first_payload)
            added = not second_live
    elif <uint32_t> second == check and <uint16_t> (second >> 32) == generation:
        slot = bucket + 1
        added = False
    elif not first_live or depth >= <int> (first >> 50):
        if first_live:                # the displaced entry gets a second chance in slot 1
            write_entry(bucket + 1, first, first_payload)
        slot = bucket
        added = not (first_live and second_live)
    else:
        slot = bucket + 1
        added = not second_live
    cdef uint64_t payload = (<uint64_t> <uint32_t> value) | ((<uint64_t> <uint32_t> move) << 32)
    cdef uint64_t header = (<uint64_t> check | (<uint64_t> generation << 32)
                            | (<uint64_t> ((depth << 2) | bound) << 48))
    write_entry(slot, header, payload)
    return added


cdef inline void tt_prefetch_mixed(TTable* table, uint64_t mixed) noexcept nogil:
    """Start loading the bucket of a key (given its tt_mix) into the cache, for a probe a
    little later."""
    negamax_prefetch(table.entries + 2 * (mixed & table.bucket_mask))


# --- Lazy SMP: moves being searched by some thread (ABDADA-style deferral) -----------------
#
# A small shared array of tags, one per (position, move) being searched. Before a thread
# searches a move that is not the first of its node, it looks the tag up: if another thread
# is searching that move now, the move is put off to the end of the node, when the other
# thread's result is likely in the transposition table. The tag leaves out the depth: a
# helper one iteration ahead searching the same move counts as busy too, and its deeper
# result answers the later search from the table. Marks are only a hint (a lost or
# overwritten mark costs time, never correctness), so plain relaxed words suffice.

cdef enum:
    BUSY_SLOTS = 1 << 14     # a power of two; a thread marks at most one move per ply


cdef inline uint64_t busy_tag(uint64_t key, Move move) noexcept nogil:
    """The tag of searching `move` from the position `key` (never 0)."""
    return tt_mix(key ^ ((<uint64_t> <uint32_t> move + 1) * <uint64_t> 0x9E3779B97F4A7C15)) | 1


cdef inline bint busy_elsewhere(uint64_t* slots, uint64_t tag) noexcept nogil:
    return negamax_load_u64(&slots[tag & (BUSY_SLOTS - 1)]) == tag


cdef inline void busy_mark(uint64_t* slots, uint64_t tag) noexcept nogil:
    negamax_store_u64(&slots[tag & (BUSY_SLOTS - 1)], tag)


cdef inline void busy_unmark(uint64_t* slots, uint64_t tag) noexcept nogil:
    if negamax_load_u64(&slots[tag & (BUSY_SLOTS - 1)]) == tag:
        negamax_store_u64(&slots[tag & (BUSY_SLOTS - 1)], 0)
