# The search's state as plain C: options (validated once in Python), counters, why it
# stopped, per-ply buffers, and the small helpers every node calls. No Python object lives
# here, so the algorithms run without the GIL and one context per thread serves Lazy SMP.
#
# Everything here is a declaration or an inline function: each module that compiles the
# algorithms (the engine's generic copy, and each built-in game's specialised copy) gets its
# own inlined copy of these helpers.

from libc.stdint cimport INT64_MIN, int32_t, int64_t, uint64_t
from libc.stdlib cimport realloc

from negamax.game cimport EVAL_LIMIT, MAX_SEARCH_PLY, Move, Score

from engine.ttable cimport TTable

cdef extern from "negamax_atomic.h":
    int negamax_load_int(const int* p) noexcept nogil
    void negamax_store_int(int* p, int v) noexcept nogil
    int64_t negamax_add_i64(int64_t* p, int64_t v) noexcept nogil
    int64_t negamax_load_i64(const int64_t* p) noexcept nogil
    void negamax_max_i64(int64_t* p, int64_t v) noexcept nogil
    void negamax_min_i64(int64_t* p, int64_t v) noexcept nogil
    bint negamax_cas_i64(int64_t* p, int64_t expected, int64_t desired) noexcept nogil


cdef enum Algorithm:
    MINIMAX = 0
    NEGAMAX = 1
    ALPHABETA = 2
    PVS = 3        # principal variation search: null windows after the first move
    MTDF = 4       # MTD(f): a sequence of null-window searches converging on the value

# Why a search stopped (RUNNING while it runs). The codes from FAIL_TOO_MANY_MOVES on are
# failures the Python layer turns into exceptions.
cdef enum Status:
    RUNNING = 0
    STOP_COMPLETED = 1
    STOP_NODE_LIMIT = 2
    STOP_TIME_LIMIT = 3
    STOP_INTERRUPTED = 4      # Ctrl-C, or a StopSignal set by another thread
    FAIL_GAME_CALLBACK = 5    # the game set its error flag (a Python game's method raised)
    FAIL_SIGNAL_HANDLER = 6   # a signal handler raised something other than KeyboardInterrupt
    FAIL_TOO_MANY_MOVES = 7   # the game gave a move count outside 0 .. its max_moves
    FAIL_TOO_DEEP = 8         # the game went on past its max_ply
    FAIL_OUT_OF_MEMORY = 9    # the trace could not grow
    PROBE_SETTLED = 10        # Lazy SMP solve: another thread's bounds answered this thread's
                              # null window; it drops the search and takes the next one (never
                              # leaves solve_bounds)
    FAIL_BEYOND_REACH = 11    # a solve's line ran past the deepest line a search may follow, in
                              # a game whose max_ply does not bound its length (chess)
    FAIL_BAD_EVALUATION = 12  # a native game's static_evaluation gave a value beyond -WIN..WIN
    FAIL_TOO_MANY_NOISY_MOVES = 13   # generate_noisy_moves gave a count outside 0 .. max_moves

cdef enum:
    UNLIMITED_DEPTH = MAX_SEARCH_PLY + 1
    HISTORY_SIZE = 4096       # history table: 2 sides x HISTORY_SIZE moves (moves folded in)
    EXTENSION_ROOM = 64       # plies beyond the depth for check extensions and quiescence
    NO_PATH_DEPENDENCE = MAX_SEARCH_PLY + 2   # depends_on of a result that holds on every path
    PATH_DEPENDENT_DEPTH = 0  # stored depth of a result that holds only on its path: it answers
                              # no search (its move still orders the next visit)
    REPETITION_DRAW_DEPTH = 16382   # stored depth of a final result that a repetition inside
                              # the search decided: it answers only questions that take such
                              # draws (see plays_on), never one that plays on through them

cdef extern from *:
    """
    #define NEGAMAX_TRACE_NO_VALUE INT64_MIN
    """
    const int64_t TRACE_NO_VALUE "NEGAMAX_TRACE_NO_VALUE"   # trace entry of a node whose value was not read


# The options of one search, decided once (negamax/options.py) and passed down as one struct.
cdef struct SearchOptions:
    int algorithm
    int max_depth             # UNLIMITED_DEPTH: to the end of the game
    bint ordering             # sort moves by the game's order hint
    bint iterative            # iterative deepening from depth 1 up to max_depth
    bint root_maximizing      # minimax form: is the side to move at the root MAX?
    bint tracing              # record every node entered
    int64_t node_limit        # 0: none
    double time_limit         # seconds, 0: none
    # Enhancements of alpha-beta; any of them makes it run in its enhanced form.
    bint use_tt
    bint use_killers
    bint use_history
    bint use_pvs
    bint use_aspiration
    bint use_safe_moves
    bint use_quiescence       # past the depth limit, follow the game's noisy moves
    bint use_check_extension  # search a position in check one ply deeper
    bint use_null_move        # null-move pruning
    bint use_lmr              # late move reductions


cdef struct SearchStats:
    int64_t nodes        # nodes entered, root included
    int64_t leaves       # nodes whose static or terminal value was read
    int64_t cutoffs      # beta cutoffs
    int32_t max_ply      # deepest ply entered (root = 0)
    int32_t iterations   # completed iterations of iterative deepening
    int64_t first_move_cutoffs  # cutoffs by the first move searched (ordering quality)
    int64_t tt_probes    # transposition table lookups
    int64_t tt_hits      # lookups that found the position
    int64_t tt_cutoffs   # nodes answered by the table without a search
    int64_t tt_stores
    int64_t killer_cutoffs      # cutoffs by a killer move
    int64_t pvs_researches      # null-window searches that failed high and were searched again
    int64_t aspiration_researches  # iterations searched again after missing their window
    int64_t null_window_searches   # MTD(f) and solver passes
    int64_t immediate_wins      # nodes where the game's safe-move generation found a win at once
    int64_t forced_losses       # nodes where every move lost at once
    int64_t quiescence_nodes    # nodes entered by quiescence search
    int64_t check_extensions    # nodes searched one ply deeper for being in check
    int64_t null_move_cutoffs   # nodes cut by a null-move search
    int64_t reductions          # moves searched at reduced depth (late move reductions)
    int64_t reduction_researches  # reduced moves that beat alpha and were searched again
    int64_t tt_added             # stores that left the table one more entry of this search
                                 # (for SearchResult.hashfull; not a public counter)


cdef enum:
    MAX_THREADS = 256         # threads of one search at most (negamax.options checks the same)


# What every thread of one search shares: the stop flag, the clock, the node budget.
cdef struct SharedLimits:
    int stop                  # a Status; set once, by whoever stops first
    double deadline           # monotonic seconds, when time_limit is set
    int64_t nodes             # nodes of all threads, added in batches (Lazy SMP)
    int* external_stop        # a StopSignal's flag, or NULL
    int finished_by           # Lazy SMP: the helper (1, 2, ...) whose search finished first, or 0
    int64_t solve_lower       # Lazy SMP solve: the bounds on the value every thread has proven
    int64_t solve_upper
    int thread_count          # Lazy SMP: the threads of the search (1 without helpers)
    int searching_depth[MAX_THREADS]   # Lazy SMP: the iteration each thread is on (0: none yet)


cdef struct SearchContext:
    SearchOptions options
    bint enhanced             # run the enhanced alpha-beta (ab_search) rather than the plain one
    bint lean                 # ... in its lean copy: none of the parts it leaves out is on
                              # (alphabeta.pxi.in; set by Searcher.prepare)
    bint checks_known         # ask the game whether it is in check (it has_check, and an option needs it)
    int status                # a Status: RUNNING while searching
    bint horizon_reached      # the depth limit cut some line below the current node
    bint path_draws           # the game scores repetitions by their path (has_path_draws) and
                              # a table is used: depends_on is kept
    bint repetition_decided   # a repetition draw inside the search (taken, not played on)
                              # decided the current node's result, directly or through the table
    int depends_on            # the lowest ply whose position a repetition draw that decided the
                              # current node's result repeated (NO_PATH_DEPENDENCE: none); a
                              # result depending on a ply above its node holds only on its path
    SearchStats stats
    SharedLimits* limits
    TTable* table             # NULL: no table
    void (*poll)(SearchContext* context) noexcept nogil   # checks limits, clock and Ctrl-C
    int64_t nodes_until_poll  # countdown to the next poll
    int64_t poll_interval     # nodes from one poll to the next (adapted: see limits.pxi)
    double last_poll          # when the last poll (or the search) started, in seconds
    int64_t nodes_flushed     # nodes already added to limits.nodes
    double next_signal_check  # the main thread's next look for Ctrl-C (see poll_limits)
    int thread_index          # 0 for the main thread of a Lazy SMP search; helpers 1, 2, ...
    uint64_t* busy_moves      # Lazy SMP: shared marks of the moves being searched (NULL: one thread)
    bint shares_bounds        # Lazy SMP solve: the threads share their bounds (limits.solve_*)
    int64_t probe             # ... and this thread's null window asks "is the value above probe?"
    int* game_error           # the searched game's error flag (set when its callback failed)
    void* owner               # the Searcher that owns this context (read with the GIL only)
    const char* fast_path     # a game's own fast path that ran (SearchResult.kernel), or NULL

    # Per-ply buffers, allocated once: `capacity` plies of `max_moves` moves.
    int capacity
    bint capacity_from_game   # the game's max_ply set the capacity (running past it is an error)
    int max_moves
    Move* moves               # capacity * max_moves
    int64_t* sort_keys        # capacity * max_moves, ordering keys while sorting
    Move* pv_table            # capacity * capacity: triangular principal-variation table
    int* pv_length            # capacity
    Move* path                # capacity: the move that led to each ply (for the trace)
    Move* killers             # capacity * 2
    int32_t* history          # 2 * HISTORY_SIZE
    Move preferred_root_move  # searched first at the root (previous iteration's best)
    int root_ply              # ply where the current search started (the table answers below it)
    Move* root_moves          # search(root_moves=...): the only moves searched at ply 0, sorted
    int root_move_count       # ... and how many (0: every move)

    # Best root move among those fully searched in the current iteration.
    Move root_best_move
    Score root_best_value
    bint root_has_best

    # Trace: one entry per node entered; value recorded when the node is a leaf.
    int64_t trace_count
    int64_t trace_capacity
    int32_t* trace_ply
    int32_t* trace_move
    int64_t* trace_value      # leaf static value, or TRACE_NO_VALUE


cdef inline bint count_out_of_bounds(SearchContext* context, int count) noexcept nogil:
    """A move count no game may give: negative, or more than its max_moves."""
    return <unsigned int> count > <unsigned int> context.max_moves


cdef inline void count_cutoff(SearchStats* stats, bint by_first_move) noexcept nogil:
    """A beta cutoff, and whether the first move searched made it (ordering quality)."""
    stats.cutoffs += 1
    # Added without a branch: whether the first move cut off is as hard to foresee as the
    # position, and a mispredicted branch here cost more than the addition.
    stats.first_move_cutoffs += by_first_move


cdef inline Score terminal_score(Score value, int ply) noexcept nogil:
    """A win or loss found `ply` plies from the root: sooner wins score higher."""
    if value > EVAL_LIMIT:
        return value - ply
    if value < -EVAL_LIMIT:
        return value + ply
    return value


cdef inline void fail(SearchContext* context, int status) noexcept nogil:
    """Stop the search for a reason of its own (a limit or a failure); the first reason stays.
    Every thread of the search stops with it, except when a helper thread of a Lazy SMP
    search merely completed its own iterations."""
    if context.status == RUNNING:
        context.status = status
    if context.thread_index == 0 or status != STOP_COMPLETED:
        if negamax_load_int(&context.limits.stop) == RUNNING:
            negamax_store_int(&context.limits.stop, status)


cdef inline void finish_first(SearchContext* context) noexcept nogil:
    """A thread finished the whole search (the requested depth, or the exact value): every
    thread stops, and a helper that got there first has its result taken."""
    if negamax_load_int(&context.limits.stop) == RUNNING:
        if context.thread_index > 0:
            negamax_store_int(&context.limits.finished_by, context.thread_index)
        negamax_store_int(&context.limits.stop, STOP_COMPLETED)
    if context.status == RUNNING:
        context.status = STOP_COMPLETED


cdef inline bint enter_node(SearchContext* context, int ply) noexcept nogil:
    """Check the limits and count the node; False when the search must stop (so a search
    never enters more than node_limit nodes)."""
    if not poll_and_count(context, ply):
        return False
    context.pv_length[ply] = ply
    if context.options.tracing:
        record_visit(context, ply)
    return context.status == RUNNING


cdef inline bint poll_and_count(SearchContext* context, int ply) noexcept nogil:
    """enter_node's check of the limits and count of the node, without starting the node's
    line or tracing it (for a node that keeps no line in a search without a trace, such as
    a solve's null-window nodes); False when a poll stopped the search."""
    if context.nodes_until_poll == 0:
        context.poll(context)
        if context.status != RUNNING:
            return False
    context.nodes_until_poll -= 1
    context.stats.nodes += 1
    if ply > context.stats.max_ply:
        context.stats.max_ply = ply
    return True


cdef inline void update_pv(SearchContext* context, int ply, Move move) noexcept nogil:
    """The line from `ply` is `move` followed by the line from the child."""
    cdef Move* row = context.pv_table + <size_t> ply * context.capacity
    cdef Move* child_row = context.pv_table + <size_t> (ply + 1) * context.capacity
    cdef int child_length = context.pv_length[ply + 1] if ply + 1 < context.capacity else ply + 1
    cdef int i
    row[ply] = move
    for i in range(ply + 1, child_length):   # lines are short: a loop beats a memcpy call
        row[i] = child_row[i]
    context.pv_length[ply] = child_length if child_length > ply + 1 else ply + 1


cdef inline bint restricted_root(SearchContext* context, int ply) noexcept nogil:
    """Whether this node is the root of a search restricted to some moves (root_moves): its
    moves are filtered (keep_root_moves), the safe-move shortcuts that speak of every move are
    off, and its value, which is not the position's, stays out of the table."""
    return ply == 0 and context.root_move_count > 0


cdef inline int keep_root_moves(SearchContext* context, Move* moves, int count) noexcept nogil:
    """At the root of a search restricted to some moves (search(root_moves=...)): keep only
    those among the `count` generated, in their order; returns how many are left. The moves
    to keep are sorted (restrict_root), and each generated move is looked for by bisection:
    a root of 80,000 moves all kept took seconds at every root visit as a double loop."""
    cdef int i, low, high, middle, kept = 0
    cdef const Move* wanted = context.root_moves
    for i in range(count):
        low, high = 0, context.root_move_count
        while low < high:
            middle = (low + high) >> 1
            if wanted[middle] < moves[i]:
                low = middle + 1
            else:
                high = middle
        if low < context.root_move_count and wanted[low] == moves[i]:
            moves[kept] = moves[i]
            kept += 1
    return kept


cdef inline void note_root_move(SearchContext* context, int ply, Move move, Score value,
                                bint game_failed) noexcept nogil:
    """Remember the best fully searched root move, for a search stopped mid-iteration."""
    if (ply == 0 and context.status == RUNNING and not game_failed
            and (not context.root_has_best or value > context.root_best_value)):
        context.root_has_best = True
        context.root_best_value = value
        context.root_best_move = move


cdef inline void record_visit(SearchContext* context, int ply) noexcept nogil:
    if context.trace_count == context.trace_capacity:
        if not grow_trace(context, context.trace_capacity * 2 if context.trace_capacity else 1024):
            fail(context, FAIL_OUT_OF_MEMORY)
            return
    context.trace_ply[context.trace_count] = ply
    context.trace_move[context.trace_count] = context.path[ply] if ply > 0 else -1
    context.trace_value[context.trace_count] = TRACE_NO_VALUE
    context.trace_count += 1


cdef inline bint grow_trace(SearchContext* context, int64_t new_capacity) noexcept nogil:
    cdef int32_t* plies = <int32_t*> realloc(context.trace_ply, new_capacity * sizeof(int32_t))
    if plies == NULL:
        return False
    context.trace_ply = plies
    cdef int32_t* moves = <int32_t*> realloc(context.trace_move, new_capacity * sizeof(int32_t))
    if moves == NULL:
        return False
    context.trace_move = moves
    cdef int64_t* values = <int64_t*> realloc(context.trace_value, new_capacity * sizeof(int64_t))
    if values == NULL:
        return False
    context.trace_value = values
    context.trace_capacity = new_capacity
    return True
