# The drivers above the node: iterative deepening, aspiration windows, MTD(f) and the
# solver's null-window bisection. They run without the GIL and call the game's compiled
# copy of the algorithms through its kernel table.

cdef Score ASPIRATION_DELTA = 16      # first half-width of an aspiration window


cdef inline Score search_once(Searcher searcher, int depth, Score alpha, Score beta) noexcept nogil:
    """One complete search to `depth` with the window (alpha, beta)."""
    return searcher.kernels.search_root(&searcher.context, searcher.game, depth, alpha, beta)


cdef Score search_iteration(Searcher searcher, int depth, Score guess, bint has_guess) noexcept nogil:
    """One iteration of iterative deepening: a full-window search, an aspiration search
    around the previous iteration's value, or MTD(f)'s sequence of null windows."""
    cdef SearchContext* context = &searcher.context
    cdef Score value, alpha, beta, delta, lower, upper, bound
    if context.options.algorithm == MTDF:
        # MTD(f): null windows walk the bounds together, starting from the best guess.
        value = guess if has_guess else 0
        lower = -SCORE_INFINITY
        upper = SCORE_INFINITY
        while lower < upper:
            bound = value + 1 if value == lower else value
            context.stats.null_window_searches += 1
            value = search_once(searcher, depth, bound - 1, bound)
            if context.status != RUNNING:
                return 0
            if value < bound:
                upper = value
            else:
                lower = value
        # One more pass with a window around the value, for an exact principal variation.
        context.stats.null_window_searches += 1
        return search_once(searcher, depth, value - 1, value + 1)
    if not (context.options.use_aspiration and has_guess and -EVAL_LIMIT <= guess <= EVAL_LIMIT):
        return search_once(searcher, depth, -SCORE_INFINITY, SCORE_INFINITY)
    delta = ASPIRATION_DELTA
    alpha = <Score> max(<int64_t> guess - delta, -SCORE_INFINITY)   # in 64 bits: no overflow
    beta = <Score> min(<int64_t> guess + delta, SCORE_INFINITY)
    while True:
        value = search_once(searcher, depth, alpha, beta)
        if context.status != RUNNING:
            return 0
        if value <= alpha and alpha > -SCORE_INFINITY:
            alpha = <Score> max(<int64_t> value - delta, -SCORE_INFINITY)
        elif value >= beta and beta < SCORE_INFINITY:
            beta = <Score> min(<int64_t> value + delta, SCORE_INFINITY)
        else:
            return value
        context.stats.aspiration_researches += 1
        # Widen fast; a window that reaches the mate scores opens fully.
        delta = delta * 4 if delta < EVAL_LIMIT // 8 else SCORE_INFINITY
        if alpha < -EVAL_LIMIT:
            alpha = -SCORE_INFINITY
        if beta > EVAL_LIMIT:
            beta = SCORE_INFINITY


cdef bint iterate(Searcher searcher) noexcept nogil:
    """Iterative deepening (or the single search asked for) up to the requested depth, the
    end of the game or a limit. The deepest completed iteration is kept in `searcher.completed_*`.
    Returns True when the caller should report a completed iteration and call again (only
    when an iteration callback is set); False when the search is over."""
    cdef SearchContext* context = &searcher.context
    cdef Score value
    cdef bint exact
    cdef int length
    while True:
        if context.options.tracing:
            context.trace_count = 0
        value = search_iteration(searcher, searcher.next_depth, searcher.completed_value,
                                 searcher.completed_depth >= 0)
        if context.status == RUNNING and searcher.game.error:
            fail(context, FAIL_GAME_CALLBACK)   # a callback failed since the last poll
        if context.status != RUNNING:
            return False
        context.stats.iterations += 1
        searcher.completed_depth = searcher.next_depth
        searcher.completed_value = value
        length = context.pv_length[0]
        exact = not context.horizon_reached
        if context.enhanced and exact and length > 0:
            # Solved to the end: continue the line until the game is over.
            length = searcher.kernels.complete_pv(context, searcher.game, value, length)
        elif context.options.use_tt:
            length = searcher.kernels.extend_pv(context, searcher.game, searcher.next_depth, length)
        memcpy(searcher.completed_pv, context.pv_table, length * sizeof(Move))
        searcher.completed_pv_length = length
        if length > 0:
            context.preferred_root_move = searcher.completed_pv[0]
        # Done at the requested depth, or when nothing was cut by the horizon (the result is
        # exact and a deeper search would repeat it).
        if searcher.next_depth >= context.options.max_depth or exact:
            finish_first(context)
            return False
        if context.options.time_limit > 0 and negamax_monotonic_seconds() >= context.limits.deadline:
            fail(context, STOP_TIME_LIMIT)   # no time left to start another iteration
            return False
        searcher.next_depth += 1
        if searcher.reports_iterations:
            return True


cdef void solve_bounds(Searcher searcher, bint weak) noexcept nogil:
    """Narrow [lower, upper] around the exact value with null-window searches (only its
    sign when `weak`), then search once with a window around it for the principal variation."""
    cdef SearchContext* context = &searcher.context
    cdef Score probe, value
    if weak:
        # One search with the window (-1, 1): above, below or exactly zero.
        context.stats.null_window_searches += 1
        value = search_once(searcher, UNLIMITED_DEPTH, -1, 1)
        if context.status == RUNNING:
            if value >= 1:
                searcher.lower = value
            elif value <= -1:
                searcher.upper = value
            else:
                searcher.lower = searcher.upper = 0
            searcher.completed_pv_length = context.pv_length[0]
        return
    while searcher.lower < searcher.upper:
        probe = solver_probe(searcher.lower, searcher.upper)
        context.stats.null_window_searches += 1
        value = search_once(searcher, UNLIMITED_DEPTH, probe, probe + 1)   # above probe?
        if context.status != RUNNING:
            return
        if value > probe:
            searcher.lower = value
        else:
            searcher.upper = value
    # A last search with a window around the value gives the principal variation.
    search_once(searcher, UNLIMITED_DEPTH, searcher.lower - 1, searcher.lower + 1)
    if context.status == RUNNING:
        searcher.completed_pv_length = searcher.kernels.complete_pv(
            context, searcher.game, searcher.lower, context.pv_length[0])


cdef inline Score solver_probe(Score lower, Score upper) noexcept nogil:
    """The next null window of the solver, given that lower <= value <= upper: first the sign,
    then whether a win or loss is forced, then bisection of what is left."""
    if lower < 0 < upper:
        return 0           # win, or not?
    if lower <= -1 < upper:
        return -1          # loss, or not?
    if lower <= EVAL_LIMIT < upper:
        return EVAL_LIMIT  # a forced win, or only a positive score?
    if lower <= -EVAL_LIMIT - 1 < upper:
        return -EVAL_LIMIT - 1
    return <Score> (lower + (<int64_t> upper - lower) // 2)
