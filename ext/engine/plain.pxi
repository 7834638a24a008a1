# The seeds' algorithms as they teach them (a template: included with GameT defined, see
# ext/engine/kernels.pxi): minimax in max/min form, negamax, and fail-soft alpha-beta.


cdef inline Score evaluation(SearchContext* context, GameT game) noexcept nogil:
    """The game's static evaluation, checked: -WIN, WIN, or within -EVAL_LIMIT..EVAL_LIMIT.
    A value beyond -WIN..WIN would read as a score no search can give (or as the window's
    infinity), one between EVAL_LIMIT and WIN as a win or loss at some distance: either
    fails the search instead."""
    cdef Score value = game.static_evaluation()
    if (<uint32_t> value + <uint32_t> EVAL_LIMIT > <uint32_t> (2 * EVAL_LIMIT)    # both ends
            and value != WIN and value != -WIN):
        fail(context, FAIL_BAD_EVALUATION)
        return 0
    return value


cdef inline Score read_leaf(SearchContext* context, GameT game, int ply) noexcept nogil:
    """The value of a leaf from the side to move, with wins and losses scored by distance."""
    cdef Score value = evaluation(context, game)
    context.stats.leaves += 1
    if context.options.tracing and context.trace_count > 0:
        context.trace_value[context.trace_count - 1] = value
    return terminal_score(value, ply)


cdef inline bint past_capacity(SearchContext* context, GameT game, int ply) noexcept nogil:
    """True when the stacks have no room for a child of `ply` (not at the end of the game:
    the caller asked at_terminal). Going on past the game's own max_ply is the game's fault
    (a failure), but a position without moves ends the game whatever at_terminal says, and
    its static value is its final one; running out of the room kept for extensions and
    quiescence only ends the line with a static value."""
    if ply + 1 < context.capacity:
        return False
    if context.capacity_from_game:
        if has_moves(context, game, ply):
            fail(context, FAIL_TOO_DEEP)
    else:
        context.horizon_reached = True
    return True


cdef inline bint has_moves(SearchContext* context, GameT game, int ply) noexcept nogil:
    """Whether the game gives a move at `ply` (into that ply's buffer). A count beyond the
    game's bound fails the search (and counts as moves)."""
    cdef int count = game.generate_moves(context.moves + <size_t> ply * context.max_moves)
    if count_out_of_bounds(context, count):
        fail(context, FAIL_TOO_MANY_MOVES)
        return True
    return count > 0


cdef inline bint needs_leaf(SearchContext* context, GameT game, int depth, int ply,
                            bint game_open) noexcept nogil:
    """True when this node is evaluated statically: the game is over or the depth is spent.
    `game_open`: the parent already asked the game, and it is not over."""
    if not game_open and game.at_terminal():
        return True
    if depth <= 0:
        context.horizon_reached = True
        return True
    return past_capacity(context, game, ply)


# Most nodes of a search are leaves. When nothing needs the full treatment of a node (no
# poll is due, no trace is recorded), a leaf child is counted and read in the parent's loop,
# without a call: the same node, counters and value as entering it.

cdef enum ChildKind:
    CHILD_UNCHECKED = 0   # not looked at: enter it as usual
    CHILD_LEAF = 1        # a leaf to read in place
    CHILD_OPEN = 2        # the game is not over there and depth is left: search it (the
                          # child need not ask the game again, which costs a Python game a call)


cdef inline int classify_child(SearchContext* context, GameT game, int depth) noexcept nogil:
    """What the child just made is, when it can be read in place (no poll due, no trace):
    a leaf (the game is over, or `depth` is spent: that marks the horizon) or an open node."""
    if context.nodes_until_poll == 0 or context.options.tracing:
        return CHILD_UNCHECKED
    if game.at_terminal():
        return CHILD_LEAF
    if depth <= 0:
        context.horizon_reached = True
        return CHILD_LEAF
    return CHILD_OPEN


cdef inline void count_leaves_in_place(SearchContext* context, int64_t count, int ply) noexcept nogil:
    """Count `count` leaf children at `ply` read in place, as enter_node and read_leaf
    would count them (the caller knows no poll falls among them)."""
    # The two counters are added apart (the test between them keeps the compiler from
    # adding both with one 16-byte load and store): a row of leaves follows the count of
    # its parent node, an 8-byte store to stats.nodes that a 16-byte load cannot take from
    # the store buffer, and waited for it (a third of the uniform tree walk's time).
    context.nodes_until_poll -= count
    context.stats.leaves += count
    if ply > context.stats.max_ply:
        context.stats.max_ply = ply
    context.stats.nodes += count


cdef inline Score leaf_value(SearchContext* context, GameT game, int ply) noexcept nogil:
    """Enter and read the leaf child at `ply` (from its side to move), as enter_node and
    read_leaf would."""
    count_leaves_in_place(context, 1, ply)
    return terminal_score(evaluation(context, game), ply)


cdef inline void update_line(SearchContext* context, int ply, Move move, bint child_is_leaf) noexcept nogil:
    """update_pv, where the line of a child read in place is empty."""
    if child_is_leaf:
        context.pv_table[<size_t> ply * context.capacity + ply] = move
        context.pv_length[ply] = ply + 1
    else:
        update_pv(context, ply, move)


cdef Score minimax(SearchContext* context, GameT game, int depth, int ply, bint maximizing,
                   bint game_open) noexcept nogil:
    """Seed 000/003's max/min form. Returns the value from MAX's point of view, where MAX
    is the side to move when `maximizing` is true."""
    cdef Score value, best
    cdef int i, count, child
    cdef bint child_is_leaf
    cdef Move move
    cdef Move* moves
    if not enter_node(context, ply):
        return 0
    if needs_leaf(context, game, depth, ply, game_open):
        value = read_leaf(context, game, ply)
        return value if maximizing else -value
    count = generate(context, game, ply)
    if count == 0:
        value = read_leaf(context, game, ply)
        return value if maximizing else -value
    moves = context.moves + <size_t> ply * context.max_moves
    best = -SCORE_INFINITY if maximizing else SCORE_INFINITY
    for i in range(count):
        move = moves[i]
        context.path[ply + 1] = move
        game.make_move(move)
        child = classify_child(context, game, depth - 1)
        child_is_leaf = child == CHILD_LEAF
        if child_is_leaf:
            value = leaf_value(context, game, ply + 1)   # from the child's side to move,
            value = -value if maximizing else value      # which is MAX when we are not
        else:
            value = minimax(context, game, depth - 1, ply + 1, not maximizing, child == CHILD_OPEN)
        game.unmake_move(move)
        if context.status != RUNNING:
            return 0
        if (maximizing and value > best) or (not maximizing and value < best):
            best = value
            update_line(context, ply, move, child_is_leaf)
        # The root's value for the side to move, whichever form it is computed in.
        note_root_move(context, ply, move, value if maximizing else -value, game.error != 0)
    return best


cdef Score negamax(SearchContext* context, GameT game, int depth, int ply,
                   bint game_open) noexcept nogil:
    """Seed 002's form, max(a, b) = -min(-a, -b): every node maximises its own value."""
    cdef Score value, best = -SCORE_INFINITY
    cdef int i, count, child
    cdef bint child_is_leaf
    cdef Move move
    cdef Move* moves
    if not enter_node(context, ply):
        return 0
    if needs_leaf(context, game, depth, ply, game_open):
        return read_leaf(context, game, ply)
    count = generate(context, game, ply)
    if count == 0:
        return read_leaf(context, game, ply)
    moves = context.moves + <size_t> ply * context.max_moves
    for i in range(count):
        move = moves[i]
        context.path[ply + 1] = move
        game.make_move(move)
        child = classify_child(context, game, depth - 1)
        child_is_leaf = child == CHILD_LEAF
        if child_is_leaf:
            value = -leaf_value(context, game, ply + 1)
        else:
            value = -negamax(context, game, depth - 1, ply + 1, child == CHILD_OPEN)
        game.unmake_move(move)
        if context.status != RUNNING:
            return 0
        if value > best:
            best = value
            update_line(context, ply, move, child_is_leaf)
        note_root_move(context, ply, move, value, game.error != 0)
    return best


cdef Score alphabeta(SearchContext* context, GameT game, int depth, int ply, Score alpha, Score beta,
                     bint game_open) noexcept nogil:
    """Negamax with alpha-beta pruning, fail-soft.

    Returns v with: v <= alpha means the true value is <= v (fail low); v >= beta means
    the true value is >= v (fail high); otherwise v is the exact value."""
    cdef Score value, best = -SCORE_INFINITY
    cdef int i, count, child
    cdef Move move
    cdef Move* moves
    if not enter_node(context, ply):
        return 0
    if needs_leaf(context, game, depth, ply, game_open):
        return read_leaf(context, game, ply)
    count = generate(context, game, ply)
    if count == 0:
        return read_leaf(context, game, ply)
    moves = context.moves + <size_t> ply * context.max_moves
    for i in range(count):
        move = moves[i]
        context.path[ply + 1] = move
        game.make_move(move)
        child = classify_child(context, game, depth - 1)
        if child == CHILD_LEAF:
            value = -leaf_value(context, game, ply + 1)
            game.unmake_move(move)
            if value > best:      # the same steps as below, for a child without a line
                best = value
                note_root_move(context, ply, move, value, game.error != 0)
                if value > alpha:
                    update_line(context, ply, move, True)
                    alpha = value
                if value >= beta:
                    count_cutoff(&context.stats, i == 0)
                    break
            continue
        value = -alphabeta(context, game, depth - 1, ply + 1, -beta, -alpha, child == CHILD_OPEN)
        game.unmake_move(move)
        if context.status != RUNNING:
            return 0
        if value > best:
            best = value
            note_root_move(context, ply, move, value, game.error != 0)
            if value > alpha:
                # Only a line that beats alpha can become part of the root's: the root's
                # window is always full here, so its line runs through exact nodes alone,
                # each of which took its line from a move that beat its alpha. A fail-low
                # node's line stays empty (its parent then cuts off with just its move).
                update_pv(context, ply, move)
                alpha = value
            if value >= beta:
                count_cutoff(&context.stats, i == 0)
                break
    return best
