# Quiescence search (a template: included with GameT defined, see ext/engine/kernels.pxi).
#
# At the depth limit a static evaluation is only trusted where nothing is hanging: the
# search follows the game's noisy moves (captures, promotions) until the position is quiet.
# The side to move may "stand pat" on the static value (it need not capture), except in
# check, where every move is searched. Quiescence nodes are counted in `nodes` and in
# `quiescence_nodes`; the table is not used below the horizon.


cdef Score quiescence(SearchContext* context, GameT game, int ply, Score alpha, Score beta) noexcept nogil:
    """Fail-soft quiescence search from the side to move (contract as in `alphabeta`)."""
    cdef bint in_check = False
    if not enter_node(context, ply):
        return 0
    if game.at_terminal():
        return read_leaf(context, game, ply)
    if context.checks_known:
        in_check = game.in_check()
    return quiescence_node(context, game, ply, alpha, beta, in_check)


cdef Score quiescence_node(SearchContext* context, GameT game, int ply, Score alpha, Score beta,
                           bint in_check) noexcept nogil:
    """The body of a quiescence node already entered, not terminal."""
    cdef Move* moves = context.moves + <size_t> ply * context.max_moves
    cdef Score value, best
    cdef int i, count
    cdef Move move
    context.stats.quiescence_nodes += 1
    if past_capacity(context, game, ply):
        return read_leaf(context, game, ply)
    if in_check:
        best = -SCORE_INFINITY
        count = game.generate_moves(moves)
    else:
        best = read_leaf(context, game, ply)     # stand pat
        if best >= beta:
            return best
        if best > alpha:
            alpha = best
        count = game.generate_noisy_moves(moves)
    if count_out_of_bounds(context, count):
        # Name the method that broke the bound: the noisy moves, unless in check.
        fail(context, FAIL_TOO_MANY_MOVES if in_check else FAIL_TOO_MANY_NOISY_MOVES)
        return 0
    if count == 0:
        return best if not in_check else read_leaf(context, game, ply)
    if count > 1 and game.has_order_hints:
        sort_by_hints(context, game, ply, count)
    for i in range(count):
        move = moves[i]
        context.path[ply + 1] = move
        game.make_move(move)
        value = -quiescence(context, game, ply + 1, -beta, -alpha)
        game.unmake_move(move)
        if context.status != RUNNING:
            return 0
        if value > best:
            best = value
            if value > alpha:
                alpha = value
            if value >= beta:
                count_cutoff(&context.stats, i == 0)
                break
    return best
