# Move ordering (a template: included with GameT defined, see ext/engine/kernels.pxi).
#
# Two sorters over the per-ply buffers: `generate` for the plain algorithms (the game's
# order hints, best first) and `order_moves` for the enhanced alpha-beta (the previous
# iteration's best root move, the table's move, the game's hint, killers, history).
# Both are stable insertion sorts: move lists are short, and ties keep the game's order.


cdef inline void sort_by_keys(Move* moves, int64_t* keys, int count) noexcept nogil:
    """Sort moves by key, highest first; stable."""
    cdef int i, j
    cdef Move move
    cdef int64_t key
    for i in range(1, count):
        move = moves[i]
        key = keys[i]
        j = i - 1
        while j >= 0 and keys[j] < key:
            moves[j + 1] = moves[j]
            keys[j + 1] = keys[j]
            j -= 1
        moves[j + 1] = move
        keys[j + 1] = key


cdef inline void sort_by_hints(SearchContext* context, GameT game, int ply, int count) noexcept nogil:
    """Sort this ply's moves by the game's order hint, best first."""
    cdef Move* moves = context.moves + <size_t> ply * context.max_moves
    cdef int64_t* keys = context.sort_keys + <size_t> ply * context.max_moves
    cdef int i
    for i in range(count):
        keys[i] = game.move_order_hint(moves[i])
    sort_by_keys(moves, keys, count)


cdef inline int generate(SearchContext* context, GameT game, int ply) noexcept nogil:
    """Fill this ply's move buffer, sorted by order hint when ordering is on; the previous
    iteration's best move first at the root."""
    cdef Move* moves = context.moves + <size_t> ply * context.max_moves
    cdef int count = game.generate_moves(moves)
    cdef int i, preferred_index = -1
    cdef Move move
    if count_out_of_bounds(context, count):   # a game broke its own bound: refuse to go on
        fail(context, FAIL_TOO_MANY_MOVES)
        return 0
    if restricted_root(context, ply):
        count = keep_root_moves(context, moves, count)
    if context.options.ordering and game.has_order_hints and count > 1:
        sort_by_hints(context, game, ply, count)
    if ply == 0 and context.preferred_root_move >= 0:
        for i in range(count):
            if moves[i] == context.preferred_root_move:
                preferred_index = i
                break
        if preferred_index > 0:
            move = moves[preferred_index]
            for i in range(preferred_index, 0, -1):
                moves[i] = moves[i - 1]
            moves[0] = move
    return count


cdef inline void order_moves(SearchContext* context, GameT game, int ply, Move* moves, int count,
                             Move tt_move) noexcept nogil:
    """Sort the moves, best first: the previous iteration's best root move, then the table's
    move, then by the game's order hint; within equal hints killer moves come first and then
    the history score."""
    cdef int64_t* keys = context.sort_keys + <size_t> ply * context.max_moves
    cdef Move* killer = context.killers + 2 * ply
    cdef int32_t* history = NULL     # allocated only when the history heuristic is on
    cdef bint hints = context.options.ordering and game.has_order_hints
    cdef bint killers = context.options.use_killers and ply + 1 < context.capacity
    cdef int64_t key
    cdef int i
    cdef Move move
    if count <= 1:
        return
    if context.options.use_history:
        history = context.history + (ply & 1) * HISTORY_SIZE
    for i in range(count):
        move = moves[i]
        key = 0
        if hints:
            key = (<int64_t> game.move_order_hint(move)) * (<int64_t> 1 << 32)
        if context.options.use_history:
            key += history[move & (HISTORY_SIZE - 1)]
        if killers:
            if move == killer[0]:
                key += (<int64_t> 1 << 30) + 1
            elif move == killer[1]:
                key += <int64_t> 1 << 30
        if move == tt_move:
            key = INT64_MAX - 1
        if ply == 0 and move == context.preferred_root_move:
            key = INT64_MAX
        keys[i] = key
    sort_by_keys(moves, keys, count)


cdef inline void reward_move(SearchContext* context, int ply, int depth, Move move) noexcept nogil:
    """A move caused a cutoff: make it a killer at this ply and raise its history score."""
    cdef Move* killer = context.killers + 2 * ply
    cdef int32_t* history
    cdef int i, d
    if context.options.use_killers and killer[0] != move:
        killer[1] = killer[0]
        killer[0] = move
    if context.options.use_history:
        history = context.history + (ply & 1) * HISTORY_SIZE
        d = min(depth, 64)
        history[move & (HISTORY_SIZE - 1)] += d * d
        if history[move & (HISTORY_SIZE - 1)] > HISTORY_MAX:
            for i in range(2 * HISTORY_SIZE):
                context.history[i] //= 2
