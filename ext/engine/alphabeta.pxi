# The enhanced alpha-beta of strong engines (a template: included with GameT defined, see
# ext/engine/kernels.pxi): transposition table, safe moves, mate-distance bounds, move
# ordering with killers and history, principal variation search, null-move pruning, late
# move reductions, check extensions, and quiescence search at the horizon. Each part runs
# only when its option is on and the game offers what it needs.

cdef enum:
    NULL_MOVE = -2            # path entry of a null move (never a real move: moves are >= 0)
    NULL_MOVE_MIN_DEPTH = 4      # no null move with fewer plies to go (too close to the horizon)
    NULL_MOVE_VERIFY_DEPTH = 6   # null-move cutoffs at this depth or less are verified
    DEFER_PLIES = 10             # Lazy SMP: moves are put off only this near the root
    PLAY_ON_PLIES = 32           # a window asking for a mate within this many plies plays on
                                 # through repetitions (see plays_on)


cdef inline Score ab_search(SearchContext* context, GameT game, int depth, int ply, Score alpha,
                           Score beta) noexcept nogil:
    """Fail-soft alpha-beta with the enhancements that are switched on (contract as in
    `alphabeta`). Tracks whether the depth limit cut anything below this node, so results no
    horizon touched are stored as final and serve searches of any depth.

    Inline: its checks run in the caller's loop, and only a node that is searched pays for
    the call into ab_node (setup.py gives GCC the budget to do it)."""
    cdef bint outer_horizon, in_check = False
    cdef Score value
    if not enter_node(context, ply):
        return 0
    if game.at_terminal() and not (context.path_draws and plays_on(context, game, ply, alpha, beta)):
        return read_leaf(context, game, ply)
    if context.checks_known:
        in_check = game.in_check()
        if in_check and context.options.use_check_extension and ply > 0:
            context.stats.check_extensions += 1
            depth += 1
    if depth <= 0:
        context.horizon_reached = True
        if context.options.use_quiescence:
            return quiescence_node(context, game, ply, alpha, beta, in_check)
        return read_leaf(context, game, ply)
    if past_capacity(context, ply):
        return read_leaf(context, game, ply)
    outer_horizon = context.horizon_reached
    context.horizon_reached = False
    value = ab_node(context, game, depth, ply, alpha, beta, in_check)
    context.horizon_reached = context.horizon_reached or outer_horizon
    return value


cdef Score ab_node(SearchContext* context, GameT game, int depth, int ply, Score alpha, Score beta,
                   bint in_check) noexcept nogil:
    cdef Score value = 0, best = -SCORE_INFINITY, floor = 0, ceiling = 0, alpha_searched
    cdef int i, count = 0, bound, reduction, stored_depth
    cdef Move move, best_move = -1, tt_move = -1
    cdef Move* moves = context.moves + <size_t> ply * context.max_moves
    cdef uint64_t key = 0
    cdef bint quiet, defer
    cdef int next_index, deferred
    cdef uint64_t tag = 0
    # Repetition draws (path_draws): the lowest ply the result depends on (see depends_on).
    cdef int node_depends_on = NO_PATH_DEPENDENCE
    cdef bint node_repetition_decided = False
    # Only nodes searched with an open window (and the root) keep a principal variation: a
    # null-window result is a bound, and copying lines there would cost for nothing.
    cdef bint pv_node = (<int64_t> beta - alpha) > 1 or ply == context.root_ply
    # With safe moves the moves come first: many nodes are then decided without the table
    # (a win or loss at once, a window the reachable results miss), so they never pay for
    # its memory access. Not with null moves, whose verification searches this ply again.
    cdef bint moves_first = (context.options.use_safe_moves and depth >= 2
                             and not context.options.use_null_move)

    if context.options.use_tt:
        key = game.position_key()
        if moves_first:
            tt_prefetch(context.table, key)   # loads while the moves are generated

    if not moves_first:
        # 1. The transposition table (see probe_table).
        if context.options.use_tt and probe_table(context, key, depth, ply, alpha, beta, &tt_move, &value):
            return value

        # 2. Null move: if passing the turn still fails high, a real move will too (not in check,
        #    not twice in a row, not where the game says passing is unsound, not near mate scores).
        #    Near the horizon a cutoff is verified by a real search at the reduced depth: passing
        #    is no test in zugzwang, where every real move loses (a quiet mate threat, say).
        if (context.options.use_null_move and not pv_node and not in_check and depth >= NULL_MOVE_MIN_DEPTH
                and horizon_in_reach(context, depth, ply)
                and context.path[ply] != NULL_MOVE and -EVAL_LIMIT < beta < EVAL_LIMIT
                and game.null_move_allowed() and game.static_evaluation() >= beta):
            reduction = 3 if depth > 6 else 2
            context.path[ply + 1] = NULL_MOVE
            game.make_null_move()
            value = -ab_search(context, game, depth - 1 - reduction, ply + 1, -beta, -beta + 1)
            game.unmake_null_move()
            if context.status != RUNNING:
                return 0
            if value >= beta and depth <= NULL_MOVE_VERIFY_DEPTH:
                move = context.path[ply]
                context.path[ply] = NULL_MOVE      # no second null move in the verification
                value = ab_node(context, game, depth - reduction, ply, beta - 1, beta, False)
                context.path[ply] = move
                if context.status != RUNNING:
                    return 0
            if value >= beta:
                # A guess that holds only to this depth (the move that passes is no real
                # move): never a final result, and never what makes an iteration exact.
                context.horizon_reached = True
                context.stats.null_move_cutoffs += 1
                return beta if value > EVAL_LIMIT else value

    # 3. The moves: one call site, so that the compiler inlines it.
    count = node_moves(context, game, depth, ply, alpha, beta, &floor, &ceiling, &value)
    if count < 0:
        return value
    if moves_first and context.options.use_tt and probe_table(context, key, depth, ply, alpha, beta,
                                                                &tt_move, &value):
        return value

    # 4. Mate distance: no result here can beat winning or losing as soon as possible.
    if alpha < floor:
        alpha = floor
    if beta > ceiling:
        beta = ceiling
    alpha_searched = alpha

    if context.path_draws:
        context.depends_on = NO_PATH_DEPENDENCE         # each move's search sets its own
        context.repetition_decided = False
    # 5. The moves, best first; after the first, null windows when PVS is on, and late quiet
    #    moves at reduced depth when reductions are on (searched again in full if they beat
    #    alpha; never in check, at principal-variation nodes, or for a move that gives check).
    order_moves(context, game, ply, moves, count, tt_move)
    # Lazy SMP (ABDADA-style): a move another thread is searching now waits for a second pass
    # over the moves put off; `i` counts the moves searched, so one thread is unchanged.
    defer = (context.busy_moves != NULL and context.options.use_tt and depth >= 2
             and ply - context.root_ply < DEFER_PLIES)
    deferred = 0
    next_index = 0
    i = 0
    while True:
        if next_index == count:
            if deferred == 0:
                break
            count = deferred              # the second pass: the moves put off
            deferred = next_index = 0
            defer = False
        move = moves[next_index]
        next_index += 1
        if defer and i > 0:
            tag = busy_tag(key, move)
            if busy_elsewhere(context.busy_moves, tag):
                moves[deferred] = move    # a slot already passed: deferred < next_index
                deferred += 1
                continue
            busy_mark(context.busy_moves, tag)
        reduction = 0
        if (context.options.use_lmr and i >= 3 and depth >= 3 and not in_check and not pv_node
                and horizon_in_reach(context, depth, ply)
                and not game.move_is_noisy(move) and move != tt_move
                and move != context.killers[2 * ply] and move != context.killers[2 * ply + 1]):
            reduction = 2 if (i >= 6 and depth >= 6) else 1
        context.path[ply + 1] = move
        game.make_move(move)
        if reduction and context.checks_known and game.in_check():
            reduction = 0        # a move that gives check is never reduced
        if reduction:
            context.stats.reductions += 1
            value = -ab_search(context, game, depth - 1 - reduction, ply + 1, -alpha - 1, -alpha)
            if value > alpha and context.status == RUNNING:
                context.stats.reduction_researches += 1
                reduction = 0
        if reduction:
            # The reduced search failed low: the move is taken to be no better than alpha, a
            # guess that holds only to this depth (as for a null move, above).
            context.horizon_reached = True
        elif i == 0 or not context.options.use_pvs:
            value = -ab_search(context, game, depth - 1, ply + 1, -beta, -alpha)
        else:
            value = -ab_search(context, game, depth - 1, ply + 1, -alpha - 1, -alpha)
            if alpha < value < beta and context.status == RUNNING:
                context.stats.pvs_researches += 1
                value = -ab_search(context, game, depth - 1, ply + 1, -beta, -alpha)
        game.unmake_move(move)
        if defer and i > 0:
            busy_unmark(context.busy_moves, tag)
        i += 1
        if context.status != RUNNING:
            return 0
        if context.path_draws:
            # A cutoff rests on its move alone; any other result on every move searched.
            if value >= beta or context.depends_on < node_depends_on:
                node_depends_on = context.depends_on
            if value >= beta:
                node_repetition_decided = context.repetition_decided
            elif context.repetition_decided:
                node_repetition_decided = True
            context.depends_on = NO_PATH_DEPENDENCE     # for the next move
            context.repetition_decided = False
        if value > best:
            best = value
            best_move = move
            if pv_node:
                update_pv(context, ply, move)
            if value > alpha:
                alpha = value
                note_root_move(context, ply, move, value, game.error != 0)
            if value >= beta:
                count_cutoff(&context.stats, i == 1)
                if context.options.use_killers and (move == context.killers[2 * ply]
                                                    or move == context.killers[2 * ply + 1]):
                    context.stats.killer_cutoffs += 1
                reward_move(context, ply, depth, move)
                break

    # 6. Remember the result, as a bound relative to the window searched. A result that
    #    holds only on this node's path (a repetition of a position above it decided it) keeps
    #    only its move: on another path the same position may be worth something else.
    if context.options.use_tt and not game.error and not restricted_root(context, ply):
        if best <= alpha_searched:
            bound = BOUND_UPPER
        elif best >= beta:
            bound = BOUND_LOWER
        else:
            bound = BOUND_EXACT
        if context.horizon_reached:
            stored_depth = depth
        elif node_depends_on < ply:
            stored_depth = PATH_DEPENDENT_DEPTH
            bound = BOUND_UPPER        # never followed as a line's move either
        elif node_repetition_decided:
            stored_depth = REPETITION_DRAW_DEPTH
        else:
            stored_depth = TT_DEPTH_FINAL
        context.stats.tt_added += tt_store(context.table, key, value_to_tt(best, ply), best_move,
                                           stored_depth, bound)
        context.stats.tt_stores += 1
    if context.path_draws:
        context.depends_on = node_depends_on     # for the caller, which reads it after each move
        context.repetition_decided = node_repetition_decided
    return best


cdef inline bint plays_on(SearchContext* context, GameT game, int ply, Score alpha,
                          Score beta) noexcept nogil:
    """At a terminal position of a game with path draws: whether the search plays on through
    a repetition (True), or takes the draw (False).

    A window that asks only whether a side mates within a few plies plays on: a repetition
    cannot help the side that mates (its shortest mates never repeat a position), the plies
    a cycle spends bound the search, and the answer holds on every path, so the distances of
    wins and losses never depend on the table. A wider question (a win at all?) takes the
    draw, which ends cycles, and stores the result as most engines do: a draw proof must
    keep them. A repetition of the game's history before the search is always a draw, and
    the results it decides stay out of the table (depends_on): other searches may share it."""
    cdef int distance = game.repetition_distance()
    if distance <= 0:
        return False
    if ply - distance >= context.root_ply:
        if asks_mate_distance(ply, alpha, beta):
            return True
        context.repetition_decided = True
    elif ply - distance < context.depends_on:
        context.depends_on = ply - distance
    return False


cdef inline bint asks_mate_distance(int ply, Score alpha, Score beta) noexcept nogil:
    """Whether the window at this node asks only whether a side mates within PLAY_ON_PLIES
    plies from here: such a question plays on through repetitions (plays_on)."""
    return ((alpha >= EVAL_LIMIT and <int64_t> WIN - alpha - ply <= PLAY_ON_PLIES)
            or (beta <= -EVAL_LIMIT and <int64_t> WIN + beta - ply <= PLAY_ON_PLIES))


cdef inline bint horizon_in_reach(SearchContext* context, int depth, int ply) noexcept nogil:
    """Whether the search's horizon lies within the game from this node: the selective parts
    (null move, reductions) trade exactness at the horizon for depth, and where the game
    ends first (a search to the end, or deeper than the game lasts) the search below is
    exact, so they would only make it wrong."""
    return <int64_t> ply + depth < context.capacity


cdef inline bint probe_table(SearchContext* context, uint64_t key, int depth, int ply, Score alpha,
                             Score beta, Move* tt_move, Score* value) noexcept nogil:
    """Look the node up in the transposition table: its stored move is searched first
    (`tt_move`); a result deep enough answers the node (True, with it in `value`), except at
    the root, which must name a move."""
    cdef TTHit hit
    cdef Score stored
    context.stats.tt_probes += 1
    if not tt_probe(context.table, key, &hit):
        return False
    context.stats.tt_hits += 1
    tt_move[0] = hit.move
    if ply > context.root_ply and hit.depth >= depth:
        if (hit.depth == REPETITION_DRAW_DEPTH and context.path_draws
                and asks_mate_distance(ply, alpha, beta)):
            return False       # a repetition decided it: no answer where the search plays on
        stored = value_from_tt(hit.value, ply)
        if (hit.bound == BOUND_EXACT or (hit.bound == BOUND_LOWER and stored >= beta)
                or (hit.bound == BOUND_UPPER and stored <= alpha)):
            context.stats.tt_cutoffs += 1
            if hit.depth < REPETITION_DRAW_DEPTH:
                context.horizon_reached = True
            elif hit.depth == REPETITION_DRAW_DEPTH:
                context.repetition_decided = True
            value[0] = stored
            return True
    return False


cdef inline int node_moves(SearchContext* context, GameT game, int depth, int ply, Score alpha,
                           Score beta, Score* floor, Score* ceiling, Score* value) noexcept nogil:
    """Generate the node's moves and the bounds on its value that the game's rules give:
    returns the number of moves, with [floor, ceiling] holding the value; or -1 when that
    decides the node, with its result in `value`.

    With the game's safe-move generation (two plies or more to go, so that the values are
    those plain alpha-beta finds): win at once, lose at once, or search only the moves that
    do not lose at once."""
    cdef Move* moves = context.moves + <size_t> ply * context.max_moves
    cdef int count
    if context.options.use_safe_moves and depth >= 2 and not restricted_root(context, ply):
        count = game.generate_safe_moves(moves)
        if count == WINNING_MOVE_FOUND:
            context.stats.immediate_wins += 1
            value[0] = win_at_once(context, ply, moves[0], WIN - ply - 1, game.error != 0)
            return -1
        if count == 0:
            count = game.generate_moves(moves)
            if count == 0:
                value[0] = read_leaf(context, game, ply)
                return -1
            context.stats.forced_losses += 1
            value[0] = win_at_once(context, ply, moves[0], -WIN + ply + 2, game.error != 0)
            return -1
        # No win next move, and no loss on the opponent's next move (where only the move
        # that ends the game wins: no loss before our second move, no win before our next).
        floor[0] = -WIN + ply + (4 if game.last_move_wins else 3)
        ceiling[0] = WIN - ply - (3 if game.last_move_wins else 2)
    else:
        count = game.generate_moves(moves)
        if count == 0:
            value[0] = read_leaf(context, game, ply)
            return -1
        floor[0] = -WIN + ply + (2 if game.last_move_wins else 1)
        ceiling[0] = WIN - ply - 1
    if count_out_of_bounds(context, count):   # a game broke its own bound: refuse to go on
        fail(context, FAIL_TOO_MANY_MOVES)
        value[0] = 0
        return -1
    if restricted_root(context, ply):
        count = keep_root_moves(context, moves, count)
    if context.capacity_from_game:
        # The game ends by ply capacity - 1 (its max_ply): a win or loss that would come
        # later cannot come at all. Where only the last move wins and the search reaches the
        # end of the game, what is left is a draw, 0.
        if <int64_t> floor[0] + WIN >= context.capacity:
            floor[0] = 0 if game.last_move_wins and ply + depth >= context.capacity else -EVAL_LIMIT
        if <int64_t> WIN - ceiling[0] >= context.capacity:
            ceiling[0] = 0 if game.last_move_wins and ply + depth >= context.capacity else EVAL_LIMIT
    # Mate distance: no result here can beat winning or losing as soon as possible.
    if floor[0] >= beta or floor[0] == ceiling[0]:
        value[0] = floor[0]
        return -1
    if ceiling[0] <= alpha:
        value[0] = ceiling[0]
        return -1
    return count


cdef inline Score win_at_once(SearchContext* context, int ply, Move move, Score value,
                              bint game_failed) noexcept nogil:
    """A node decided by its next move (a win, or a loss whatever is played)."""
    context.pv_length[ply + 1] = ply + 1
    update_pv(context, ply, move)
    if ply == 0:
        note_root_move(context, ply, move, value, game_failed)
    return value
