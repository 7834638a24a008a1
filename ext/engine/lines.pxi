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


cdef inline void check_line_end(SearchContext* context, GameT game, int ply) noexcept nogil:
    """At the end of a line `ply` plies long: a line that reached the game's last ply (the
    stacks end there when its max_ply bounds the game) must have ended the game. A game still
    going is past its max_ply (FAIL_TOO_DEEP): the search, which bounds wins and losses by
    max_ply, may have scored lines that are still going as draws and never reached that ply
    itself, so the line is where the broken bound shows. (A position without moves ends the
    game too, as at_terminal's would.)"""
    if (context.capacity_from_game and ply + 1 >= context.capacity and context.status == RUNNING
            and not game.error and not game.at_terminal() and has_moves(context, game, ply)):
        fail(context, FAIL_TOO_DEEP)


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
        if not tt_probe_wanted(context.table, game.position_key(), BOUND_LOWER, &hit):
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
    check_line_end(context, game, ply)
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
    # The trace holds the search's own nodes: these searches start at the end of a line the
    # trace never walked, so their paths could not be told (they are counted, not traced).
    cdef bint tracing = context.options.tracing
    context.options.tracing = False
    while context.status == RUNNING:
        if context.options.use_tt:
            length = extend_pv_from_tt(context, game, UNLIMITED_DEPTH, length)
        replay_line(context, game, length)
        if length + 1 >= context.capacity:
            check_line_end(context, game, length)     # no room to lengthen it
            new_length = length
        elif game.at_terminal():
            new_length = length
        else:
            expected = value if length % 2 == 0 else -value
            context.root_ply = length
            ab_search_either(context, game, UNLIMITED_DEPTH - length, length, expected - 1, expected + 1)
            context.root_ply = 0
            new_length = context.pv_length[length]
            for i in range(length, new_length):
                context.pv_table[i] = context.pv_table[<size_t> length * context.capacity + i]
        for i in range(length - 1, -1, -1):
            game.unmake_move(context.pv_table[i])
        if new_length <= length:
            break
        length = new_length
    context.options.tracing = tracing
    context.pv_length[0] = length
    return length


cdef inline bint wrong_parity(Score value, int ply) noexcept nogil:
    """A value (scored from the side to move at `ply`, wins and losses by their distance from
    the root) that a game whose decisive results go to the side that moved last
    (last_move_wins) never has: a win after an even number of plies from `ply`, or a loss
    after an odd number."""
    if value > EVAL_LIMIT:
        return (<int64_t> WIN - value - ply) % 2 == 0
    if value < -EVAL_LIMIT:
        return (<int64_t> WIN + value - ply) % 2 == 1
    return False


cdef inline Score bound_at(GameT game, Score stored, int ply, bint lower) noexcept nogil:
    """The table's lower (or upper) bound on a position at `ply` (stored as value_to_tt made
    it), one higher (lower) where the game's parity rules the stored value out."""
    cdef Score value = value_from_tt(stored, ply)
    if game.last_move_wins and wrong_parity(value, ply):
        return value + 1 if lower else value - 1
    return value


cdef int prove_line_to_end(SearchContext* context, GameT game, Score value, int length) noexcept nogil:
    """The solver's principal variation, from the root's exact `value`: the first `length`
    moves of the root's line are already proven; each further move is one whose child is
    proven to be worth no more than its parent allows (every other child is known to be worth
    at least that, as the parent's value is exact), by the table where it can tell, else by a
    null-window search of the child. Returns the length; the line is the root's PV row."""
    cdef int ply, i
    cdef Move move
    replay_line(context, game, length)
    ply = length
    while (context.status == RUNNING and not game.error and ply + 1 < context.capacity
           and not game.at_terminal()):
        # The position's value, from its side to move: the root's, or its negative.
        move = proven_move(context, game, ply, value if ply % 2 == 0 else -value)
        if move < 0:
            break
        context.pv_table[ply] = move
        game.make_move(move)
        ply += 1
    check_line_end(context, game, ply)
    for i in range(ply - 1, -1, -1):
        game.unmake_move(context.pv_table[i])
    context.pv_length[0] = ply
    return ply


cdef Move proven_move(SearchContext* context, GameT game, int ply, Score expected) noexcept nogil:
    """A move of the position at `ply` (worth exactly `expected`) whose child is worth at most
    -expected, that is a best move; -1 when none is found (the search stopped)."""
    cdef Move* moves = context.moves + <size_t> ply * context.max_moves
    cdef int count = game.generate_moves(moves)
    cdef int i, depth = UNLIMITED_DEPTH - ply - 1
    cdef Move move, tt_move = -1
    cdef TTHit hit
    cdef Score value
    if count > context.max_moves or count <= 0:
        return -1
    if count == 1:
        return moves[0]    # the only move is a best one: nothing to prove (a long forced line
                           # cost a search to the end at every ply, its length squared)
    if context.options.use_tt and tt_probe_wanted(context.table, game.position_key(), BOUND_LOWER,
                                                  &hit):
        for i in range(count):
            if moves[i] == hit.move:
                tt_move = hit.move
                break
        # A lower bound's move is the one that proved it: enough when it reaches the value.
        if (tt_move >= 0 and (hit.bound == BOUND_LOWER or hit.bound == BOUND_EXACT)
                and hit.depth > depth and usable_for_line(hit.depth, expected)
                and bound_at(game, hit.value, ply, True) >= expected):
            return tt_move
    # Then the moves whose child the table (or the end of the game) proves, the table's first.
    if tt_move >= 0 and child_proven(context, game, ply, tt_move, expected):
        return tt_move
    for i in range(count):
        if moves[i] != tt_move and child_proven(context, game, ply, moves[i], expected):
            return moves[i]
    # Then a null-window search of each child, best first: does it fail low?
    order_moves(context, game, ply, moves, count, tt_move)
    for i in range(count):
        move = moves[i]
        context.path[ply + 1] = move
        game.make_move(move)
        value = ab_search_either(context, game, depth, ply + 1, -expected, -expected + 1)
        game.unmake_move(move)
        if context.status != RUNNING or game.error:
            return -1
        if value <= -expected:
            return move
    return -1


cdef bint child_proven(SearchContext* context, GameT game, int ply, Move move,
                       Score expected) noexcept nogil:
    """The table, the end of the game or the game's rules (node_moves: a win or loss at once,
    no decisive end left) prove that `move` holds the opponent to at most -expected."""
    cdef TTHit hit
    cdef bint proven
    cdef Score floor, ceiling, value = 0
    game.make_move(move)
    if game.at_terminal():
        proven = terminal_score(game.static_evaluation(), ply + 1) <= -expected
    else:
        proven = (context.options.use_tt
                  and tt_probe_wanted(context.table, game.position_key(), BOUND_UPPER, &hit)
                  and (hit.bound == BOUND_UPPER or hit.bound == BOUND_EXACT)
                  and hit.depth >= UNLIMITED_DEPTH - ply - 1 and usable_for_line(hit.depth, expected)
                  and bound_at(game, hit.value, ply + 1, False) <= -expected)
        if not proven and context.enhanced and ply + 2 < context.capacity:
            proven = (node_moves(context, game, UNLIMITED_DEPTH - ply - 1, ply + 1, -expected,
                                 -expected + 1, &floor, &ceiling, &value) < 0
                      and value <= -expected and not game.error and context.status == RUNNING)
    game.unmake_move(move)
    return proven


cdef inline bint usable_for_line(int stored_depth, Score expected) noexcept nogil:
    """Whether an entry deep enough may prove a line reaching `expected`: not one a repetition
    inside the search decided, when `expected` is a win or a loss (distances are proven as
    the search proves them, playing on through repetitions: see plays_on)."""
    return stored_depth != REPETITION_DRAW_DEPTH or -EVAL_LIMIT <= expected <= EVAL_LIMIT

