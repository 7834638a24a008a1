# Connect Four's own solver node (included by connect4.pyx after engine/kernels.pxi, whose
# helpers it uses).
#
# It is the engine's lean alpha-beta node (ext/engine/alphabeta.pxi.in, ab_search_lean and
# ab_node_lean) for the options of a solve, step for step: the same moves in the same order,
# the same table probes and stores, counters, principal variation and root-move notes, polls
# and stops. What differs is how it holds the position: two bitboards passed down by value,
# as a C solver does, instead of make/unmake on the game object (whose column heights and
# safe-move records each move keeps up to date), and the options a solve fixes read once at
# the root instead of at every node. The game object is never touched below the root.
#
# Each node also starts loading its children's table entries while it orders them: a 64 MB
# table misses the caches on nearly every probe, and a child's probe then finds its entry on
# the way (the middle and early solves are bound by those misses; they run about 1.4x
# faster for it). The key mixed for that prefetch travels down in the child's board, so no
# node mixes its own. The solver's principal variation is proven the same way
# (prove_line_to_end of ext/engine/lines.pxi, step for step, on boards).
#
# Nodes with a null window below the root, nearly all of a solve's, run null_search: the
# same steps with what such a window makes of them (see null_node), in a function with five
# arguments, which travel in registers.
#
# It runs for the enhanced search with the transposition table, safe moves, PVS and the
# game's order hints and nothing else (no killers, history, trace or root moves; the lean
# node's conditions), searching to the end of the game (no horizon inside it). Everything
# else goes to this module's compiled copy of the engine. SearchResult.kernel says
# "ConnectFour:solver" when it ran; tests/test_connect4_solver_node.py checks it against that
# copy, result for result and counter for counter.

cdef const char* SOLVER_PATH = b"solver"

cdef enum:
    MAX_CONNECT_FOUR_COLUMNS = 32     # the widest board (a game's arrays have this many)
cdef bint solver_node_allowed = True     # False only in tests (_allow_solver_node)


def _allow_solver_node(allowed):
    """For tests: whether solves of Connect Four may run its own solver node (True, the
    default), or always the engine's node, to check that both give the same results. Not
    thread-safe; set it before searching."""
    global solver_node_allowed
    solver_node_allowed = bool(allowed)


cdef struct Board:
    uint64_t own          # stones of the side to move
    uint64_t occupied     # every stone
    int played            # stones on the board
    bint won              # the last stone made four (only a line's moves can: see prove_line)
    # Read by the searches from the board rather than passed as arguments (five arguments
    # travel in registers; eight spilled to the stack at every node):
    int reach             # the search's depth plus ply, the same at every node of a search
    bint can_win          # the side to move may have a four to complete (False below the
                          # root of a search: every move searched is safe, so none
                          # completes four and none leaves the opponent a four)
    uint64_t mixed        # tt_mix of the position's key (own + occupied), made once: the
                          # parent makes it to prefetch the entry, the node reads it


cdef inline int ordered_moves(SearchContext* c, ConnectFour game, const Board* b, int ply,
                              uint64_t safe, Move tt_move, Move* moves, uint64_t* mixes,
                              int64_t* keys, bint may_be_root) noexcept nogil:
    """order_moves on the safe squares (one a column at most): the moves sorted by key (the
    previous iteration's best root move, the table's move, then the threats a move makes),
    highest first, moves of equal threats in the game's column order, as one insertion
    sort. Returns how many; `mixes` gets each child's mixed key (Board.mixed), in the same
    order. `may_be_root`: False where ply is known to be above 0 (null_node), so that the
    root's test folds away. `keys` is room for the sort keys.

    The squares are taken lowest bit first, each once, rather than by looking through every
    column in the move order for one (a test per column whose outcome the processor could
    not foresee): a threats key carries the column's place in the move order in its low
    bits, which sorts equal threats in that order all the same."""
    cdef int64_t key
    cdef int j, count = 0
    cdef uint64_t square, mixed, left = safe
    cdef Move move
    while left:
        square = left & (~left + 1)          # the lowest square left
        left ^= square
        move = game.column_of(square)
        # The child's entry of the table starts loading now: it is read when the child is
        # searched, and a table larger than the caches misses on nearly every probe.
        mixed = tt_mix((b.own ^ b.occupied) + (b.occupied | square))
        tt_prefetch_mixed(c.table, mixed)
        if may_be_root and ply == 0 and move == c.preferred_root_move:
            key = INT64_MAX
        elif move == tt_move:
            key = INT64_MAX - 1
        else:
            key = ((<int64_t> game.threats_after(b.own, b.occupied, square)) * (<int64_t> 1 << 32)
                   + (MAX_CONNECT_FOUR_COLUMNS - game.order_rank[move]))
        j = count
        while j > 0 and keys[j - 1] < key:
            moves[j] = moves[j - 1]
            keys[j] = keys[j - 1]
            mixes[j] = mixes[j - 1]
            j -= 1
        moves[j] = move
        keys[j] = key
        mixes[j] = mixed
        count += 1
    return count


cdef inline int solver_moves(SearchContext* c, ConnectFour game, const Board* b, int depth,
                             int ply, Score alpha, Score beta, bint can_win, uint64_t* safe,
                             uint64_t* possible, Score* floor, Score* ceiling,
                             Score* value) noexcept nogil:
    """node_moves of the engine with safe moves (two plies or more to go): the number of safe
    moves (their squares in `safe`, every playable one in `possible`) with [floor, ceiling]
    holding the value; or -1 when the rules decide the node, its result in `value`."""
    cdef Move move
    cdef int count = game.safe_squares_of(b.own, b.occupied, can_win, safe, possible, &move)
    if count == WINNING_MOVE_FOUND:
        c.stats.immediate_wins += 1
        value[0] = win_at_once(c, ply, move, WIN - ply - 1, False)
        return -1
    if count == 0:
        c.stats.forced_losses += 1
        value[0] = win_at_once(c, ply, game.first_in_order(possible[0]), -WIN + ply + 2, False)
        return -1
    floor[0] = -WIN + ply + 4
    ceiling[0] = WIN - ply - 3
    # The engine's checks of these bounds against the capacity (floor + WIN is ply + 4, WIN -
    # ceiling is ply + 3), tested at once: nearly every node is more than four plies from it.
    if ply + 4 >= c.capacity and c.capacity_from_game:
        floor[0] = 0 if ply + depth >= c.capacity else -EVAL_LIMIT
        if ply + 3 >= c.capacity:
            ceiling[0] = 0 if ply + depth >= c.capacity else EVAL_LIMIT
    if floor[0] >= beta or floor[0] == ceiling[0]:
        value[0] = floor[0]
        if ply == c.root_ply:
            win_at_once(c, ply, game.first_in_order(safe[0]), floor[0], False)
        return -1
    if ceiling[0] <= alpha:
        value[0] = ceiling[0]
        return -1
    return count


cdef inline Score solver_search(SearchContext* c, ConnectFour game, const Board* b, int ply,
                                Score alpha, Score beta) noexcept nogil:
    """ab_search_lean for the position `b`, `ply` plies into the search (its depth is
    b.reach - ply)."""
    cdef bint outer_horizon
    cdef Score value
    if not enter_node(c, ply):
        return 0
    if b.won:                          # read_leaf: lost, `ply` plies in
        c.stats.leaves += 1
        return -WIN + ply
    if b.played == game.cells:         # a full board: a draw
        c.stats.leaves += 1
        return 0
    # The lean node's depth and capacity checks never fire here (solver_applies): a board
    # with a square left is at most plies_left - 1 plies in, with two plies or more to go.
    outer_horizon = c.horizon_reached
    c.horizon_reached = False
    value = solver_node(c, game, b, ply, alpha, beta)
    c.horizon_reached = c.horizon_reached or outer_horizon
    return value


cdef Score solver_node(SearchContext* c, ConnectFour game, const Board* b, int ply,
                       Score alpha, Score beta) noexcept nogil:
    """ab_node_lean with the options of a solve (see the top of this file)."""
    cdef Score value = 0, best = -SCORE_INFINITY, floor, ceiling, alpha_searched
    cdef int i, count, bound, depth = b.reach - ply
    cdef Move move, best_move = -1, tt_move = -1
    cdef Move* moves = c.moves + <size_t> ply * c.max_moves
    cdef uint64_t possible, safe = 0, square, mixed_key = b.mixed
    cdef uint64_t mixes[MAX_CONNECT_FOUR_COLUMNS]
    cdef bint pv_node = (<int64_t> beta - alpha) > 1 or ply == c.root_ply
    cdef Board child

    tt_prefetch_mixed(c.table, mixed_key)

    count = solver_moves(c, game, b, depth, ply, alpha, beta, b.can_win, &safe, &possible,
                         &floor, &ceiling, &value)
    if count < 0:
        return value

    if probe_table(c, mixed_key, depth, ply, alpha, beta, &tt_move, &value):
        return value
    if alpha < floor:
        alpha = floor
    if beta > ceiling:
        beta = ceiling
    alpha_searched = alpha

    if count == 1:
        only_move(c, game, b, safe, moves, mixes)
    else:
        ordered_moves(c, game, b, ply, safe, tt_move, moves, mixes,
                      c.sort_keys + <size_t> ply * c.max_moves, True)

    for i in range(count):
        move = moves[i]
        c.path[ply + 1] = move
        square = possible & game.column_squares(move)
        child.own = b.own ^ b.occupied               # the opponent moves next
        child.occupied = b.occupied | square
        child.played = b.played + 1
        child.won = False
        child.reach = depth + ply
        child.can_win = False
        child.mixed = mixes[i]
        if i == 0 and <int64_t> beta - alpha > 1:
            value = -solver_search(c, game, &child, ply + 1, -beta, -alpha)
        else:
            c.pv_length[ply + 1] = ply + 1      # null_search keeps no line: update_pv reads this
            value = -null_search(c, game, &child, ply + 1, -alpha - 1)
            if alpha < value < beta and c.status == RUNNING:
                c.stats.pvs_researches += 1
                value = -solver_search(c, game, &child, ply + 1, -beta, -alpha)
        if c.status != RUNNING:
            return 0
        if value > best:
            best = value
            best_move = move
            if pv_node:
                update_pv(c, ply, move)
            if value > alpha:
                alpha = value
                note_root_move(c, ply, move, value, False)
            if value >= beta:
                count_cutoff(&c.stats, i == 0)
                break

    if best <= alpha_searched:
        bound = BOUND_UPPER
    elif best >= beta:
        bound = BOUND_LOWER
    else:
        bound = BOUND_EXACT
    store_node(c, mixed_key, depth, ply, best, best_move, bound)
    return best


cdef Score null_search(SearchContext* c, ConnectFour game, const Board* b, int ply,
                       Score alpha) noexcept nogil:
    """solver_search for the window (alpha, alpha + 1) below the root (its depth is
    b.reach - ply, its can_win b.can_win): nearly every node of a solve, whose searches ask
    null-window questions.

    It leaves out solver_search's keeping of c.horizon_reached per subtree: a solve's search
    reaches no horizon (its depth runs past the end of the game, and the table holds no
    shallower result of this search, so no probe reports one), and if one did, the flag
    left set would only make the nodes after it store their results for their depth rather
    than as final: entries that claim less, never more."""
    # enter_node without starting the node's line: a solve traces nothing (solver_applies),
    # and a null-window node keeps no line (solver_node sets the empty line of a child it
    # gives a null window, which update_pv may read).
    if not (poll_and_count(c, ply) and c.status == RUNNING):
        return 0
    if b.won:                          # read_leaf: lost, `ply` plies in
        c.stats.leaves += 1
        return -WIN + ply
    if b.played == game.cells:         # a full board: a draw
        c.stats.leaves += 1
        return 0
    return null_node(c, game, b, ply, alpha)


cdef inline Score null_node(SearchContext* c, ConnectFour game, const Board* b, int ply,
                            Score alpha) noexcept nogil:
    """solver_node for a null window below the root, the same steps with what such a window
    makes of them: the rules' floor and ceiling cannot narrow it (either decides the node
    first), no child's value lies strictly inside it (so no re-search, and every child gets
    the same window), a value above alpha is a cutoff, and a node below the root keeps no
    principal variation (pv_node is false) and notes no root move. Nor does it write the
    path (c.path: read by traces and null moves, neither of which a solve has)."""
    cdef Score value = 0, best = -SCORE_INFINITY, beta = alpha + 1, floor, ceiling
    cdef int i, count, depth = b.reach - ply
    cdef Move move, best_move = -1, tt_move = -1
    cdef uint64_t possible, safe = 0, square, mixed_key = b.mixed   # loading: see only_move
    # The moves in order, their sort keys and mixed keys: on this node's own stack (nothing
    # outside it reads a null-window node's moves).
    cdef Move moves[MAX_CONNECT_FOUR_COLUMNS]
    cdef int64_t keys[MAX_CONNECT_FOUR_COLUMNS]
    cdef uint64_t mixes[MAX_CONNECT_FOUR_COLUMNS]
    cdef Board child

    count = solver_moves(c, game, b, depth, ply, alpha, beta, b.can_win, &safe, &possible,
                         &floor, &ceiling, &value)
    if count < 0:
        return value
    if probe_table(c, mixed_key, depth, ply, alpha, beta, &tt_move, &value):
        return value

    if count == 1:
        only_move(c, game, b, safe, moves, mixes)
    else:
        ordered_moves(c, game, b, ply, safe, tt_move, moves, mixes, keys, False)

    child.reach = b.reach
    child.can_win = False
    child.won = False
    child.played = b.played + 1
    for i in range(count):
        move = moves[i]
        square = possible & game.column_squares(move)
        child.own = b.own ^ b.occupied               # the opponent moves next
        child.occupied = b.occupied | square
        child.mixed = mixes[i]
        value = -null_search(c, game, &child, ply + 1, -beta)
        if c.status != RUNNING:
            return 0
        if value > best:
            best = value
            best_move = move
            if value > alpha:
                count_cutoff(&c.stats, i == 0)
                break

    store_node(c, mixed_key, depth, ply, best, best_move,
               BOUND_UPPER if best <= alpha else BOUND_LOWER)
    return best


cdef inline void only_move(SearchContext* c, ConnectFour game, const Board* b, uint64_t safe,
                           Move* moves, uint64_t* mixes) noexcept nogil:
    """ordered_moves for a node with one safe move (the square `safe`)."""
    moves[0] = game.column_of(safe)
    mixes[0] = tt_mix((b.own ^ b.occupied) + (b.occupied | safe))
    tt_prefetch_mixed(c.table, mixes[0])


cdef inline void store_node(SearchContext* c, uint64_t mixed_key, int depth, int ply, Score best,
                            Move best_move, int bound) noexcept nogil:
    """A solver node's result into the table: final unless a depth limit cut the search
    below it."""
    cdef int stored_depth = depth if c.horizon_reached else TT_DEPTH_FINAL
    c.stats.tt_added += tt_store_mixed(c.table, mixed_key, value_to_tt(best, ply), best_move,
                                       stored_depth, bound)
    c.stats.tt_stores += 1


cdef bint solver_applies(SearchContext* c, ConnectFour game, int depth) noexcept nogil:
    """The solver node is the lean node for exactly these options, on a search that reaches
    the end of the game from a root that is not over (so every node below it has two plies
    or more to go, and the stacks have room for the whole game)."""
    cdef int plies_left = game.cells - game.played
    return (solver_node_allowed and c.enhanced and c.lean and c.options.use_tt
            and c.options.use_safe_moves and c.options.use_pvs and c.options.ordering
            and not c.options.use_killers and not c.options.use_history
            and not c.options.tracing and c.root_move_count == 0 and c.root_ply == 0
            and c.max_moves >= game.n_cols and not game.at_terminal() and game.error == 0
            and game.has_keys and game.has_safe_moves and game.has_order_hints
            and game.last_move_wins
            and depth > plies_left and c.capacity > plies_left)


cdef Score connect4_search_root(SearchContext* c, NativeGame game, int depth, Score alpha,
                                Score beta) noexcept nogil:
    """search_root of kernels.pxi, with a solve's searches run by the solver node."""
    return solve_or_search(c, <ConnectFour> game, depth, alpha, beta)


cdef Score solve_or_search(SearchContext* c, ConnectFour game, int depth, Score alpha,
                           Score beta) noexcept nogil:
    cdef Board root
    if not solver_applies(c, game, depth):
        return search_root(c, game, depth, alpha, beta)
    c.horizon_reached = False
    c.depends_on = NO_PATH_DEPENDENCE
    c.repetition_decided = False
    c.root_has_best = False
    c.fast_path = SOLVER_PATH
    root.own = game.bits[0]
    root.occupied = game.bits[1]
    root.played = game.played
    root.won = False
    root.reach = depth
    root.can_win = not game.known_cannot_win()
    root.mixed = tt_mix(root.own + root.occupied)
    return solver_search(c, game, &root, 0, alpha, beta)


# --- the solver's principal variation (prove_line_to_end of ext/engine/lines.pxi) -----------

cdef inline void play_on_board(ConnectFour game, Board* b, Move move) noexcept nogil:
    """Drop a stone of the side to move in `move`'s column (a legal move), as make_move."""
    cdef uint64_t square = ((b.occupied + game.bottom_mask) & game.board_mask
                            & game.column_squares(move))
    cdef uint64_t mover = b.own | square
    b.own = b.own ^ b.occupied            # the opponent's stones: the new side to move
    b.occupied = b.occupied | square
    b.played += 1
    b.won = game.has_four(mover)
    b.mixed = tt_mix(b.own + b.occupied)


cdef inline bint board_over(ConnectFour game, const Board* b) noexcept nogil:
    return b.won or b.played == game.cells


cdef bint board_child_proven(SearchContext* c, ConnectFour game, const Board* b, int ply,
                             Move move, Score expected) noexcept nogil:
    """child_proven of lines.pxi on `b`: the table, the end of the game or the rules prove
    that `move` holds the opponent to at most -expected."""
    cdef Board child = b[0]
    cdef TTHit hit
    cdef Score floor, ceiling, value = 0
    cdef uint64_t safe, possible
    play_on_board(game, &child, move)
    if board_over(game, &child):
        return (-WIN + ply + 1 if child.won else 0) <= -expected
    if (tt_probe_wanted(c.table, child.own + child.occupied, BOUND_UPPER, &hit)
            and (hit.bound == BOUND_UPPER or hit.bound == BOUND_EXACT)
            and hit.depth >= UNLIMITED_DEPTH - ply - 1 and usable_for_line(hit.depth, expected)
            and bound_at(game, hit.value, ply + 1, False) <= -expected):
        return True
    if ply + 2 < c.capacity:
        return (solver_moves(c, game, &child, UNLIMITED_DEPTH - ply - 1, ply + 1, -expected,
                             -expected + 1, True, &safe, &possible, &floor, &ceiling, &value) < 0
                and value <= -expected and c.status == RUNNING)
    return False


cdef Move board_proven_move(SearchContext* c, ConnectFour game, const Board* b, int ply,
                            Score expected) noexcept nogil:
    """proven_move of lines.pxi on `b` (worth exactly `expected`): a move whose child is worth
    at most -expected; -1 when none is found (the search stopped)."""
    cdef Move* moves = c.moves + <size_t> ply * c.max_moves
    cdef uint64_t possible = (b.occupied + game.bottom_mask) & game.board_mask
    cdef uint64_t square
    cdef int i, count = negamax_popcount64(possible)
    cdef int depth = UNLIMITED_DEPTH - ply - 1
    cdef Move move, tt_move = -1
    cdef TTHit hit
    cdef Score value
    cdef Board child
    cdef uint64_t mixes[MAX_CONNECT_FOUR_COLUMNS]   # ordered_moves' (play_on_board mixes too)
    if count == 1:
        return game.first_in_order(possible)
    if tt_probe_wanted(c.table, b.own + b.occupied, BOUND_LOWER, &hit):
        if 0 <= hit.move < game.n_cols and (possible & game.column_squares(hit.move)) != 0:
            tt_move = hit.move
        if (tt_move >= 0 and (hit.bound == BOUND_LOWER or hit.bound == BOUND_EXACT)
                and hit.depth > depth and usable_for_line(hit.depth, expected)
                and bound_at(game, hit.value, ply, True) >= expected):
            return tt_move
    # Every child's entry starts loading at once: they are probed one after the other next.
    for i in range(game.n_cols):
        square = possible & game.order_squares[i]
        if square:
            tt_prefetch_mixed(c.table, tt_mix((b.own ^ b.occupied) + (b.occupied | square)))
    if tt_move >= 0 and board_child_proven(c, game, b, ply, tt_move, expected):
        return tt_move
    for i in range(game.n_cols):
        if possible & game.order_squares[i]:
            move = game.column_order[i]
            if move != tt_move and board_child_proven(c, game, b, ply, move, expected):
                return move
    # Then a null-window search of each child, best first: does it fail low?
    ordered_moves(c, game, b, ply, possible, tt_move, moves, mixes,
                  c.sort_keys + <size_t> ply * c.max_moves, True)
    for i in range(count):
        move = moves[i]
        c.path[ply + 1] = move
        child = b[0]
        play_on_board(game, &child, move)
        child.reach = depth + ply + 1
        child.can_win = True
        value = null_search(c, game, &child, ply + 1, -expected)
        if c.status != RUNNING:
            return -1
        if value <= -expected:
            return move
    return -1


cdef int connect4_prove_line(SearchContext* c, NativeGame game, Score value,
                             int length) noexcept nogil:
    """prove_line of kernels.pxi: on the boards of this file when the solve's searches ran
    on them (solver_applies), else the template's."""
    return prove_or_template(c, <ConnectFour> game, value, length)


cdef int prove_or_template(SearchContext* c, ConnectFour game, Score value,
                           int length) noexcept nogil:
    """prove_line_to_end of lines.pxi, step for step, on a board passed by value (the game
    object stays at the root)."""
    cdef Board b
    cdef int ply
    cdef Move move
    if not solver_applies(c, game, UNLIMITED_DEPTH):
        return prove_line_to_end(c, game, value, length)
    b.own = game.bits[0]
    b.occupied = game.bits[1]
    b.played = game.played
    b.won = False
    b.reach = UNLIMITED_DEPTH     # (read by no search from this board: see board_proven_move)
    b.can_win = True
    b.mixed = tt_mix(b.own + b.occupied)
    for ply in range(length):
        play_on_board(game, &b, c.pv_table[ply])
    ply = length
    while c.status == RUNNING and ply + 1 < c.capacity and not board_over(game, &b):
        move = board_proven_move(c, game, &b, ply, value if ply % 2 == 0 else -value)
        if move < 0:
            break
        c.pv_table[ply] = move
        play_on_board(game, &b, move)
        ply += 1
    if ply + 1 >= c.capacity and c.status == RUNNING and not board_over(game, &b):
        fail(c, FAIL_TOO_DEEP)         # check_line_end (never here: capacity covers the game)
    c.pv_length[0] = ply
    return ply
