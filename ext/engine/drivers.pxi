# The drivers above the node: iterative deepening, aspiration windows, MTD(f) and the
# solver's null-window bisection. They run without the GIL and call the game's compiled
# copy of the algorithms through its kernel table.

cdef Score ASPIRATION_DELTA = 16      # first half-width of an aspiration window


cdef inline Score search_once(Searcher searcher, int depth, Score alpha, Score beta) noexcept nogil:
    """One complete search to `depth` with the window (alpha, beta). A game callback that
    failed since the last poll stops the search here, so no driver reads its value (a
    Python game's KeyboardInterrupt would otherwise leave a bound nothing proved)."""
    cdef Score value = searcher.kernels.search_root(&searcher.context, searcher.game, depth,
                                                    alpha, beta)
    if searcher.context.status == RUNNING and searcher.game.error:
        fail(&searcher.context, FAIL_GAME_CALLBACK)
    return value


cdef Score search_iteration(Searcher searcher, int depth, Score guess, bint has_guess) noexcept nogil:
    """One iteration of iterative deepening: a full-window search, an aspiration search
    around the previous iteration's value, or MTD(f)'s sequence of null windows."""
    cdef SearchContext* context = &searcher.context
    cdef Score value, alpha, beta, delta, lower, upper, bound
    cdef bint horizon = False
    if context.options.algorithm == MTDF:
        if depth <= 0 or searcher.game.at_terminal():
            # A leaf: its value is exact in any window, one pass (null windows would each
            # enter it again, and a node limit of 1 would leave no value).
            return search_once(searcher, depth, -SCORE_INFINITY, SCORE_INFINITY)
        # MTD(f): null windows walk the bounds together, starting from the best guess. The
        # value rests on every pass, so the horizon counts if any of them reached it.
        value = guess if has_guess else 0
        lower = -SCORE_INFINITY
        upper = SCORE_INFINITY
        while lower < upper:
            bound = value + 1 if value == lower else value
            context.stats.null_window_searches += 1
            value = search_once(searcher, depth, bound - 1, bound)
            horizon = horizon or context.horizon_reached
            if context.status != RUNNING:
                return 0
            if value < bound:
                upper = value
            else:
                lower = value
        # One more pass with a window around the value, for an exact principal variation.
        context.stats.null_window_searches += 1
        bound = value
        value = search_once(searcher, depth, bound - 1, bound + 1)
        if context.status == RUNNING and (value <= bound - 1 or value >= bound + 1):
            # The passes disagreed (bounds crossed): the table carried results of other
            # depths and windows (extensions, reductions), so the bounds need not fit one
            # value, and a bound is no value to report (it may be a mate no line reaches).
            # An open window settles it.
            horizon = horizon or context.horizon_reached
            value = search_once(searcher, depth, -SCORE_INFINITY, SCORE_INFINITY)
        context.horizon_reached = context.horizon_reached or horizon
        return value
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
        if context.limits.thread_count > 1:
            negamax_store_int(&context.limits.searching_depth[context.thread_index],
                              searcher.next_depth)
        value = search_iteration(searcher, searcher.next_depth, searcher.completed_value,
                                 searcher.completed_depth >= 0)
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
        elif context.options.use_tt or context.enhanced:
            # A win or loss found past the depth (check extensions, quiescence): its line goes
            # on to the decisive move, which the value counts plies to.
            decision = plies_to_decision(value)
            if context.options.use_tt:
                length = searcher.kernels.extend_pv(context, searcher.game,
                                                    max(searcher.next_depth, decision), length)
            if context.enhanced and 0 < length < decision <= length + DECISION_TAIL_PLIES:
                # The table stops short (quiescence stores nothing), or there is none: search
                # the rest, as a solved line is completed; mate-distance bounds keep that
                # search within the few plies left.
                length = searcher.kernels.complete_pv(context, searcher.game, value, length)
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
        searcher.next_depth = depth_after(searcher.next_depth, context.options.max_depth,
                                          context.thread_index, context.limits.thread_count,
                                          context.limits.searching_depth)
        if searcher.reports_iterations:
            return True


cdef inline int depth_after(int completed, int max_depth, int thread_index, int thread_count,
                            int* searching_depth) noexcept nogil:
    """The iteration a thread takes after `completed`: the next one (always, on one thread),
    except that a thread of a Lazy SMP search skips each depth at least half the threads are
    already on or past, short of the last two (max_depth - 1 and max_depth, which every
    thread searches).

    Without the skip the threads fall into step: the thread that finishes an iteration first
    leaves its results in the table, the other then finishes the same iteration at once from
    them, and both start the next together, walking the same first moves. Skipping keeps
    them on different depths, the shallower one filling the table for the deeper. The last
    two iterations are searched together, split by deferral: the final one is most of the
    work, and the one before it is what orders it (skipping it too lost on tactical
    positions). Chess, threads=2 against 1, depth 8 (docs/scaling.md, ninth round): fifteen
    middlegames 1.45-1.54x -> 1.66-1.83x; WAC positions unchanged within the noise."""
    cdef int depth = completed + 1, thread, ahead
    while depth < max_depth - 1:
        ahead = 0
        for thread in range(thread_count):
            if thread != thread_index and negamax_load_int(&searching_depth[thread]) >= depth:
                ahead += 1
        if 2 * ahead < thread_count:
            break
        depth += 1
    return depth


cdef enum:
    DECISION_TAIL_PLIES = 8    # the longest rest of a win's line searched for (see iterate)


cdef inline int plies_to_decision(Score value) noexcept nogil:
    """Plies from the root to the win or loss a value scores (0 for other values)."""
    if value > EVAL_LIMIT:
        return WIN - value
    if value < -EVAL_LIMIT:
        return WIN + value
    return 0


cdef void solve_bounds(Searcher searcher, bint weak) noexcept nogil:
    """Narrow [lower, upper] around the exact value with null-window searches (only its
    sign when `weak`), then prove a principal variation move by move (prove_line)."""
    cdef SearchContext* context = &searcher.context
    cdef Score probe, value
    cdef int proven = 0      # the root's first move is proven to reach `lower`
    if searcher.game.at_terminal():
        # A finished position (a tree's leaf) is its value, exact in one pass.
        value = search_once(searcher, UNLIMITED_DEPTH, -SCORE_INFINITY, SCORE_INFINITY)
        if context.status == RUNNING:
            searcher.lower = searcher.upper = value
        return
    if weak and weak_in_one_search(context):
        # One search with the window (-1, 1): above, below or exactly zero. (A long game
        # asks the strong solver's questions instead, quick ends first, and stops at the
        # first answer that settles the sign: its question "a win at all?" is a search of
        # the whole game, where a mate in one may hide behind every other move.)
        context.stats.null_window_searches += 1
        value = search_once(searcher, UNLIMITED_DEPTH, -1, 1)
        check_solver_reach(context)
        if context.status == RUNNING:
            if value >= 1:
                searcher.lower = value
            elif value <= -1:
                searcher.upper = value
            else:
                searcher.lower = searcher.upper = 0
            searcher.completed_pv_length = context.pv_length[0]
        return
    while True:
        if context.shares_bounds and take_shared_bounds(searcher):
            proven = 0       # the new lower bound is another thread's: no move of ours reaches it
        if searcher.lower >= searcher.upper:
            context.shares_bounds = False   # no window left to settle
            break
        # Every thread of a Lazy SMP solve asks the same question, split by deferral.
        probe = solver_probe(searcher.lower, searcher.upper, context.capacity - 1)
        context.probe = probe
        context.stats.null_window_searches += 1
        value = search_once(searcher, UNLIMITED_DEPTH, probe, probe + 1)   # above probe?
        check_solver_reach(context)
        if context.status == PROBE_SETTLED:
            context.status = RUNNING        # another thread answered it first: next window
            continue
        if context.status != RUNNING:
            return
        if value > probe:
            searcher.lower = value
            # The root's best move of a search that failed high reaches `value` (fail-soft).
            proven = 1 if context.pv_length[0] > 0 else 0
            searcher.completed_pv[0] = context.pv_table[0]
        else:
            searcher.upper = value
        tighten_bounds(searcher)
        if context.shares_bounds:
            negamax_max_i64(&context.limits.solve_lower, searcher.lower)
            negamax_min_i64(&context.limits.solve_upper, searcher.upper)
        if weak and sign_settled(searcher):
            # The root's move that reached the lower bound, if a search proved one (the
            # threads of a weak solve do not share bounds: each reports its own move); in a
            # loss no search may have named one, and every move loses: the game's first.
            if (proven == 0 and searcher.upper < 0 and not searcher.game.at_terminal()
                    and searcher.game.generate_moves(context.moves) > 0):
                searcher.completed_pv[0] = context.moves[0]
                proven = 1
            context.pv_table[0] = searcher.completed_pv[0]
            searcher.completed_pv_length = proven
            return
    # No search with a window around the value: its line is proven from the table and the
    # bounds, with null windows where the table cannot tell.
    context.pv_table[0] = searcher.completed_pv[0]
    searcher.completed_pv_length = searcher.kernels.prove_line(
        context, searcher.game, searcher.lower, proven)


cdef inline bint weak_in_one_search(SearchContext* context) noexcept nogil:
    """Whether a weak solve is one search with the window (-1, 1): in a game of at most
    QUICK_FIRST_SPAN plies. A longer game's weak solve runs the strong solver's questions."""
    return context.capacity - 1 <= QUICK_FIRST_SPAN


cdef inline bint sign_settled(Searcher searcher) noexcept nogil:
    """Whether the bounds tell a win, a loss or a draw (what a weak solve asks)."""
    return searcher.lower > 0 or searcher.upper < 0 or (searcher.lower >= 0 and searcher.upper <= 0)


cdef inline void check_solver_reach(SearchContext* context) noexcept nogil:
    """A solve's search that ended a line at the horizon proved nothing: in a game whose
    max_ply does not bound its length (chess), a line ran past the deepest a search may follow.
    The solve stops there rather than take a static value for a proof."""
    if context.status == RUNNING and context.horizon_reached:
        fail(context, FAIL_BEYOND_REACH)


cdef inline bint take_shared_bounds(Searcher searcher) noexcept nogil:
    """Lazy SMP solve: narrow this thread's bounds to those every thread has proven. True
    when the lower bound rose."""
    cdef int64_t lower = negamax_load_i64(&searcher.context.limits.solve_lower)
    cdef int64_t upper = negamax_load_i64(&searcher.context.limits.solve_upper)
    if upper < searcher.upper:
        searcher.upper = <Score> upper
    if lower > searcher.lower:
        searcher.lower = <Score> lower
        return True
    return False


cdef inline void tighten_bounds(Searcher searcher) noexcept nogil:
    """Bounds the game's rules improve: no win or loss can come after the game's last ply
    (its max_ply), and a game whose decisive results go to the side that moved last never
    has a value of the other parity (a bound on one is a bound on the next value inwards)."""
    cdef SearchContext* context = &searcher.context
    cdef int64_t span = context.capacity - 1
    cdef Score draw = 0 if searcher.game.last_move_wins else EVAL_LIMIT   # what is left
    if context.capacity_from_game:
        if (searcher.lower < -EVAL_LIMIT and <int64_t> WIN + searcher.lower > span
                and searcher.upper >= -draw):
            searcher.lower = -draw
        if (searcher.upper > EVAL_LIMIT and <int64_t> WIN - searcher.upper > span
                and searcher.lower <= draw):
            searcher.upper = draw
    if searcher.game.last_move_wins:
        if wrong_parity(searcher.lower, 0) and searcher.lower < searcher.upper:
            searcher.lower += 1
        if wrong_parity(searcher.upper, 0) and searcher.lower < searcher.upper:
            searcher.upper -= 1


cdef inline int64_t solver_rank(Score value, int64_t span) noexcept nogil:
    """Where a value lies on the solver's scale of outcomes, in steps of two plies (one move
    of each side): a win in p plies ranks (span + 2 - p) // 2, at least 1 (the sooner the
    higher), a loss in p plies the negative, anything else 0. `span` bounds the plies to the
    end of the game (on Connect Four with span = the empty squares, the rank is the score of
    the published solvers)."""
    cdef int64_t plies
    if value > EVAL_LIMIT:
        plies = min(max(<int64_t> WIN - value, 1), span)
        return (span + 2 - plies) // 2
    if value < -EVAL_LIMIT:
        plies = min(max(<int64_t> WIN + value, 1), span)
        return -((span + 2 - plies) // 2)
    return 0


cdef enum:
    # Games longer than this (chess, checkers) ask about quick ends first (quick_rank): their
    # first halving question ("lost within half the game?") is a search of the whole game.
    QUICK_FIRST_SPAN = 64
    QUICK_FIRST_RANKS = 16    # ... as far as wins and losses within about 32 plies


cdef inline int64_t quick_rank(int64_t low, int64_t high, int64_t span, int64_t halving) noexcept nogil:
    """The rank to ask about in a long game: a loss or a win within a few plies, one move
    further with each answer (a mate in one is then found in two questions, as a depth-1
    search finds it), on the side whose bound is nearer its quick end, up to
    QUICK_FIRST_RANKS from it; then `halving`, solver_probe's own choice (quick questions
    are cheap, longer ones as costly as halving's, and a drawn position answers them all).
    One move at a time, not doubling: a mate in three is then found before anyone asks
    whether the side to move is lost within eight plies, a search of every move of its own
    to that depth (doubling took 6x the nodes on 25 mates in three, and a mate in five went
    unsolved in 90 s that now takes 0.5 s)."""
    cdef int64_t top = (span + 1) // 2            # the rank of a win in one ply
    cdef int64_t from_loss = low + top, from_win = top - high
    cdef int64_t loss_rank = low + 1
    cdef int64_t win_rank = high - 1
    cdef bint loss_quick = loss_rank + top <= QUICK_FIRST_RANKS and loss_rank < low / 2 and loss_rank < high
    cdef bint win_quick = top - win_rank <= QUICK_FIRST_RANKS and win_rank > high / 2 and win_rank > low
    if loss_quick and (from_loss <= from_win or not win_quick):
        return loss_rank
    if win_quick:
        return win_rank
    return halving


cdef inline Score solver_probe(Score lower, Score upper, int64_t span) noexcept nogil:
    """The next null window of the solver, given that lower <= value <= upper (lower <
    upper): the threshold t of the question "is the value above t?".

    While the range holds more than one rank of outcome (solver_rank), bisect the ranks,
    leaning to the quick ends: first whether the side to move loses quickly, then whether it
    wins quickly, and so on inwards (short wins and losses are cheap to prove or refute, and
    each answer bounds the costly questions that follow). Within one rank (the scores of a
    game whose values are not only wins, draws and losses; or the two plies of one rank),
    bisect the values."""
    cdef int64_t low = solver_rank(lower, span), high = solver_rank(upper, span), rank, t
    if low == high:
        return <Score> (lower + (<int64_t> upper - lower) // 2)
    rank = low + (high - low) // 2
    if rank <= 0 and low / 2 < rank:        # C division (toward zero): the nearer half
        rank = low / 2
    elif rank >= 0 and high / 2 > rank:
        rank = high / 2
    if span > QUICK_FIRST_SPAN:
        rank = quick_rank(low, high, span, rank)
    if rank > 0:
        t = <int64_t> WIN - span + 2 * rank - 1    # a win in at most span - 2 * rank plies?
    elif rank < 0:
        t = -<int64_t> WIN + span + 2 + 2 * rank   # no loss in fewer than span + 3 + 2 * rank?
    else:
        t = EVAL_LIMIT                              # a win at all?
    if t < lower:
        t = lower
    if t >= upper:
        t = <int64_t> upper - 1
    return <Score> t
