# The uniform tree's own fast path: plain alpha-beta as an index walk (included by trees.pyx
# after engine/kernels.pxi, which it uses).
#
# A node of a UniformTree is an index in heap order and its children are i*b+1 .. i*b+b, so
# the search needs no make/unmake: it recurses on indices and reads a row of leaves straight
# from the leaf array. It is the same search as the engine's plain alpha-beta
# (ext/engine/plain.pxi) step for step: the same nodes in the same order, the same counters,
# principal variation, root-move notes, polls and stops; tests/test_tree_walk.py checks it
# against the engine's generic copy and a plain recursive reference. SearchResult.kernel says
# "UniformTree:walk" when it ran.
#
# It runs for the plain alpha-beta only (no enhancement, no trace); everything else goes to
# this module's compiled copy of the engine.
#
# Its principal variation: a node's line is held as the node where the line ends
# (TreeWalk.line_end, one index a ply), not as a row of moves. In a uniform tree the path
# from a node down to any node below it is that node's index read back up (parent
# (n - 1) // b, move (n - 1) % b), so taking a child's line is one copy of an index, where
# the engine copies the child's moves one by one (a loop whose length changes with the ply,
# whose exit the processor kept mispredicting). The root's line, the one a result reads,
# is written out as moves whenever the root takes a child's line (walk_root).

DEF WALK_PLIES = 64       # the deepest walk: its lines' ends are held in an array this long

cdef struct TreeWalk:
    SearchContext* c
    const int32_t* leaves      # leaf scores, MAX terms, left to right
    int64_t internal_nodes     # index of the first leaf
    int64_t branching
    int leaf_ply               # ply of the nodes the search reads statically: the tree's
                               # leaves, or the depth limit when it comes first
    bint horizon               # the depth limit comes first (those nodes are internal)
    Score internal_score       # static score of an internal node cut by the depth limit
    Score root_sign            # +1 when MAX is to move at the root of the search, else -1
    bint plain_scores          # every score lies within +-EVAL_LIMIT: terminal_score is the identity
    int64_t line_end[WALK_PLIES]   # the node where the line of the node at each ply ends
                                   # (the node itself: an empty line)


cdef const char* WALK_PATH = b"walk"


cdef inline Score side_sign(const TreeWalk* w, int ply) noexcept nogil:
    """+1 where MAX is to move `ply` plies into the search, -1 where MIN is."""
    return -w.root_sign if ply & 1 else w.root_sign


cdef inline Score scored(const TreeWalk* w, Score value, int ply) noexcept nogil:
    """terminal_score of context.pxd, skipped where no score can be a win or a loss."""
    return value if w.plain_scores else terminal_score(value, ply)


cdef inline Score static_value(TreeWalk* w, int64_t node, int ply, Score sign) noexcept nogil:
    """read_leaf's value of a node at leaf_ply, from the side `sign` (scores are
    antisymmetric, so either side's value comes out directly)."""
    cdef Score raw
    if w.horizon:
        w.c.horizon_reached = True
        raw = w.internal_score
    else:
        raw = w.leaves[node - w.internal_nodes]
    return scored(w, sign * raw, ply)


cdef inline Score leaf_row(TreeWalk* w, int64_t first_child, int ply, Score alpha, Score beta) noexcept nogil:
    """The children of a node at `ply` (all leaves), read in place in one loop: what the
    engine's loop does child by child when no poll falls inside the row (the caller checks)."""
    cdef SearchContext* c = w.c
    cdef const int32_t* row = w.leaves + (first_child - w.internal_nodes)
    cdef Score value, best = -SCORE_INFINITY, sign = side_sign(w, ply)
    cdef int64_t i = 0, best_index = 0, count = w.branching
    cdef bint better
    if w.plain_scores:       # one loop each way, so that neither tests it at every leaf
        while i < count:
            value = sign * row[i]
            # The best so far without a branch (conditional moves): which leaf beats it is
            # as hard to foresee as the leaves' order, and the branch mispredicted that often.
            better = value > best
            best_index = i if better else best_index
            best = value if better else best
            i += 1
            if best >= beta:     # only a leaf that beat the best can reach beta
                count_cutoff(&c.stats, i == 1)
                break
    else:
        while i < count:
            value = terminal_score(sign * row[i], ply + 1)
            better = value > best
            best_index = i if better else best_index
            best = value if better else best
            i += 1
            if best >= beta:
                count_cutoff(&c.stats, i == 1)
                break
    count_leaves_in_place(c, i, ply + 1)
    # The node's line is its best leaf, set whether or not it beat alpha, without a test:
    # a line that did not beat alpha never reaches the root's (the parent of a fail-low node
    # cuts off, and a cut node's line is never taken by an exact node), and the test's outcome
    # is as hard to foresee as the leaves' order.
    w.line_end[ply] = first_child + best_index
    return best


cdef inline bint enter_walk_node(TreeWalk* w, int64_t node, int ply) noexcept nogil:
    """enter_node for the walk (which keeps no trace, walk_applies), its empty line held as
    a line end."""
    if not poll_and_count(w.c, ply):
        return False
    w.line_end[ply] = node
    return w.c.status == RUNNING


cdef void take_root_line(TreeWalk* w, int64_t child, Move move) noexcept nogil:
    """update_line at the root: the root's line is `move` to `child`, then the child's own
    line (to line_end[1], when the child is no leaf), written out as moves in row 0 of the
    principal-variation table."""
    cdef SearchContext* c = w.c
    cdef Move* row = c.pv_table
    cdef int64_t end = w.line_end[1] if w.leaf_ply > 1 else child, n = end
    cdef int steps = 0, k
    while n > child:                   # the child's line: the moves from child to end
        n = (n - 1) // w.branching
        steps += 1
    n = end
    for k in range(steps, 0, -1):
        row[k] = <Move> ((n - 1) % w.branching)
        n = (n - 1) // w.branching
    row[0] = move
    c.pv_length[0] = steps + 1


cdef Score leaf_child(TreeWalk* w, int64_t child, int ply) noexcept nogil:
    """The value, for the node at `ply`, of its child at leaf_ply: read in place, or entered
    when a poll is due (which may stop the search: the caller checks the status)."""
    cdef SearchContext* c = w.c
    if c.nodes_until_poll != 0:
        count_leaves_in_place(c, 1, ply + 1)
        return static_value(w, child, ply + 1, side_sign(w, ply))
    if not poll_and_count(c, ply + 1):      # enter_node; a leaf's line is never read
        return 0
    c.stats.leaves += 1
    return static_value(w, child, ply + 1, side_sign(w, ply))


cdef Score row_node(TreeWalk* w, int64_t node, int ply, Score alpha, Score beta) noexcept nogil:
    """alphabeta() of plain.pxi at a node whose children are at leaf_ply (ply + 1 ==
    leaf_ply): one loop over the row when no poll falls inside it, else child by child.
    (walk() enters most row nodes itself, see there; this is the general case.)"""
    cdef SearchContext* c = w.c
    cdef Score value, best = -SCORE_INFINITY
    cdef int64_t i, first = node * w.branching + 1
    if not enter_walk_node(w, node, ply):
        return 0
    if c.nodes_until_poll >= w.branching and not w.horizon:
        return leaf_row(w, first, ply, alpha, beta)
    for i in range(w.branching):
        value = leaf_child(w, first + i, ply)
        if c.status != RUNNING:
            return 0
        if value > best:
            best = value
            if value > alpha:
                w.line_end[ply] = first + i       # a leaf's line is empty
                alpha = value
            if value >= beta:
                count_cutoff(&c.stats, i == 0)
                break
    return best


cdef Score walk(TreeWalk* w, int64_t node, int ply, Score alpha, Score beta) noexcept nogil:
    """alphabeta() of plain.pxi at an internal node below the root, `ply` plies into the
    search (0 < ply < leaf_ply). The nodes just above leaf_ply are searched inline."""
    cdef SearchContext* c = w.c
    cdef Score value, best = -SCORE_INFINITY
    cdef int64_t i, first = node * w.branching + 1
    if ply + 1 == w.leaf_ply:
        return row_node(w, node, ply, alpha, beta)
    if not enter_walk_node(w, node, ply):
        return 0
    for i in range(w.branching):
        if ply + 2 == w.leaf_ply:
            if c.nodes_until_poll > w.branching and not w.horizon:
                # row_node without the call, when it would read its row in one loop: no
                # poll is due on entering it or among its leaves. What enter_node does for
                # it, but the deepest ply (leaf_row counts a leaf below it), the trace (a
                # walk never traces) and the empty line (leaf_row sets the row's line).
                c.nodes_until_poll -= 1
                c.stats.nodes += 1
                value = -leaf_row(w, (first + i) * w.branching + 1, ply + 1, -beta, -alpha)
            else:
                value = -row_node(w, first + i, ply + 1, -beta, -alpha)
        else:
            value = -walk(w, first + i, ply + 1, -beta, -alpha)
        if c.status != RUNNING:
            return 0
        # alpha stays at or above best (it starts there and follows it up), so only a value
        # above alpha can change the line or cut off; the best itself is kept without a branch.
        best = value if value > best else best
        if value > alpha:
            w.line_end[ply] = w.line_end[ply + 1]      # update_pv: the child's line
            if value >= beta:
                count_cutoff(&c.stats, i == 0)
                break
            alpha = value
    return best


cdef Score walk_root(TreeWalk* w, int64_t node, const Move* order, Score alpha, Score beta) noexcept nogil:
    """alphabeta() of plain.pxi at the root of the search: moves in `order` (the previous
    iteration's best first) or natural order when NULL, and the root-move notes."""
    cdef SearchContext* c = w.c
    cdef Score value, best = -SCORE_INFINITY
    cdef int64_t i
    cdef Move move
    if not enter_node(c, 0):
        return 0
    if w.leaf_ply == 0:
        c.stats.leaves += 1
        return static_value(w, node, 0, w.root_sign)
    for i in range(w.branching):
        move = order[i] if order != NULL else <Move> i
        if w.leaf_ply == 1:
            value = leaf_child(w, node * w.branching + 1 + move, 0)
        else:
            value = -walk(w, node * w.branching + 1 + move, 1, -beta, -alpha)
        if c.status != RUNNING:
            return 0
        if value > best:
            best = value
            take_root_line(w, node * w.branching + 1 + move, move)
            note_root_move(c, 0, move, value, False)
            if value > alpha:
                alpha = value
            if value >= beta:
                count_cutoff(&c.stats, i == 0)
                break
    return best


cdef bint walk_applies(SearchContext* c, UniformTree tree, int depth) noexcept nogil:
    """The walk is the plain alpha-beta without a trace, on stacks deep enough that the
    engine's capacity check can never fire (so the walk need not make it)."""
    cdef int plies = min(depth, tree.tree_height - tree.ply)
    return (c.options.algorithm == ALPHABETA and not c.enhanced and not c.options.tracing
            and c.root_move_count == 0 and c.capacity > plies and plies < WALK_PLIES)


cdef Score tree_search_root(SearchContext* c, NativeGame game, int depth, Score alpha,
                            Score beta) noexcept nogil:
    """search_root of kernels.pxi, with the plain alpha-beta walked on indices."""
    return walk_or_search(c, <UniformTree> game, depth, alpha, beta)


cdef Score walk_or_search(SearchContext* c, UniformTree tree, int depth, Score alpha,
                          Score beta) noexcept nogil:
    cdef TreeWalk w
    cdef const Move* order = NULL
    cdef int plies_to_leaves = tree.tree_height - tree.ply
    if not walk_applies(c, tree, depth):
        return search_root(c, tree, depth, alpha, beta)
    c.horizon_reached = False
    c.root_has_best = False
    c.fast_path = WALK_PATH
    w.c = c
    w.leaves = tree.leaf_scores
    w.internal_nodes = tree.internal_nodes
    w.branching = tree.branching
    w.horizon = depth < plies_to_leaves
    w.leaf_ply = max(0, depth) if w.horizon else plies_to_leaves
    w.internal_score = tree.internal_score
    w.root_sign = tree.from_side_to_move(1)
    w.plain_scores = tree.plain_scores
    if c.preferred_root_move >= 0 and w.leaf_ply > 0:
        generate(c, tree, 0)             # the previous iteration's best move first
        order = c.moves
    return walk_root(&w, tree.node_stack[tree.ply], order, alpha, beta)
