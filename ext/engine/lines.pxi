# Principal variations past what the search recorded (a template: included with GameT
# defined, see ext/engine/kernels.pxi): follow the table's moves, and for a solved value
# continue the line to the end of the game.


cdef void replay_line(SearchContext* context, GameT game, int length) noexcept nogil:
    """Play the first `length` moves of the root's line, generating each ply's moves first (a
    game may read its moves relative to the list it generated, as the Python adapter does)."""
    cdef int ply
    for ply in range(length):
        game.generate_moves(context.moves + <size_t> ply * context.max_moves)
        game.make_move(context.pv_table[ply])


cdef int extend_pv_from_tt(SearchContext* context, GameT game, int depth, int length) noexcept nogil:
    """Follow the table's moves (from exact results and lower bounds, whose move is the one
    that proved them) past the end of the root's principal variation. Returns the new length."""
    cdef int ply, i, count
    cdef Move move
    cdef Move* moves
    cdef TTHit hit
    cdef bint legal
    replay_line(context, game, length)
    ply = length
    while ply < depth and ply + 1 < context.capacity and not game.at_terminal() and not game.error:
        if not tt_probe(context.table, game.position_key(), &hit):
            break
        if hit.move < 0 or hit.bound == BOUND_UPPER:
            break
        move = hit.move
        moves = context.moves + <size_t> ply * context.max_moves
        count = game.generate_moves(moves)
        if count > context.max_moves:
            break
        legal = False
        for i in range(count):
            if moves[i] == move:
                legal = True
                break
        if not legal:
            break
        context.pv_table[ply] = move
        game.make_move(move)
        ply += 1
    for i in range(ply - 1, -1, -1):
        game.unmake_move(context.pv_table[i])
    context.pv_length[0] = ply
    return ply


cdef int complete_pv_to_end(SearchContext* context, GameT game, Score value, int length) noexcept nogil:
    """Lengthen a solved principal variation until the game ends: follow the table, and where
    it has nothing, search the position at the end of the line with a window around the value
    it must have (the table must not answer that position itself, so its line is recorded)."""
    cdef int i, new_length
    cdef Score expected
    while context.status == RUNNING:
        if context.options.use_tt:
            length = extend_pv_from_tt(context, game, UNLIMITED_DEPTH, length)
        if length + 1 >= context.capacity:
            break
        replay_line(context, game, length)
        if game.at_terminal():
            new_length = length
        else:
            expected = value if length % 2 == 0 else -value
            context.root_ply = length
            ab_search(context, game, UNLIMITED_DEPTH - length, length, expected - 1, expected + 1)
            context.root_ply = 0
            new_length = context.pv_length[length]
            for i in range(length, new_length):
                context.pv_table[i] = context.pv_table[<size_t> length * context.capacity + i]
        for i in range(length - 1, -1, -1):
            game.unmake_move(context.pv_table[i])
        if new_length <= length:
            break
        length = new_length
    context.pv_length[0] = length
    return length
