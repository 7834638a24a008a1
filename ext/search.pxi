# The search core: minimax (max/min form), negamax and fail-soft alpha-beta over the
# NativeGame interface, with depth, node and time limits, Ctrl-C, principal variations,
# counters and an optional trace. Everything below Searcher.run() executes without the GIL.
#
# The algorithms are written once over the fused type GameT: for a built-in game (declared
# final in this module) the C compiler sees the concrete make/unmake/evaluate and inlines
# them; any other game (a user's Cython game, the Python adapter) goes through the
# NativeGame vtable.

cimport cython
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport INT64_MIN, int32_t, int64_t, uint64_t
from libc.stdlib cimport calloc, free, realloc
from libc.string cimport memcpy

from negamax.game cimport (
    EVAL_LIMIT, MAX_SEARCH_PLY, SCORE_INFINITY, WIN, Move, NativeGame, Score,
)

cdef extern from "negamax_clock.h":
    double negamax_monotonic_seconds() noexcept nogil

# Algorithms (the Python layer maps names to these codes).
cdef enum Algorithm:
    MINIMAX = 0
    NEGAMAX = 1
    ALPHABETA = 2

ALGORITHM_MINIMAX = MINIMAX
ALGORITHM_NEGAMAX = NEGAMAX
ALGORITHM_ALPHABETA = ALPHABETA

# Why a search stopped; 0 while it runs.
cdef enum StopCode:
    RUNNING = 0
    STOP_COMPLETED = 1
    STOP_NODE_LIMIT = 2
    STOP_TIME_LIMIT = 3
    STOP_INTERRUPTED = 4
    STOP_ERROR = 5

STOP_CODE_NAMES = {
    STOP_COMPLETED: "completed",
    STOP_NODE_LIMIT: "node_limit",
    STOP_TIME_LIMIT: "time_limit",
    STOP_INTERRUPTED: "interrupted",
    STOP_ERROR: "error",
}

# How often (in nodes) the limits, the clock and Ctrl-C are polled.
cdef int64_t POLL_INTERVAL = 1024
cdef int UNLIMITED_DEPTH = MAX_SEARCH_PLY + 1
cdef int64_t TRACE_NO_VALUE = INT64_MIN   # trace entry of a node whose value was not read


ctypedef fused GameT:
    NativeGame       # any game: calls through the vtable
    UniformTree
    ExplicitTree
    TicTacToe

cdef enum GameKind:
    GENERIC_GAME = 0
    UNIFORM_TREE = 1
    EXPLICIT_TREE = 2
    TIC_TAC_TOE = 3


cdef struct SearchStats:
    int64_t nodes        # nodes entered, root included
    int64_t leaves       # nodes whose static or terminal value was read
    int64_t cutoffs      # beta cutoffs
    int32_t max_ply      # deepest ply entered (root = 0)
    int32_t iterations   # completed iterations of iterative deepening


cdef inline Score terminal_score(Score value, int ply) noexcept nogil:
    """A win or loss found `ply` plies from the root: sooner wins score higher."""
    if value > EVAL_LIMIT:
        return value - ply
    if value < -EVAL_LIMIT:
        return value + ply
    return value


@cython.final
cdef class Searcher:
    """One search over one native game. Create, call run(), read the results."""

    cdef NativeGame game
    cdef int game_kind            # a GameKind: which specialisation of the algorithms runs
    cdef int algorithm
    cdef int max_depth            # requested depth (UNLIMITED_DEPTH for "to the end")
    cdef bint ordering            # sort moves by the game's order hint
    cdef bint iterative           # iterative deepening from depth 1 up to max_depth
    cdef bint root_maximizing     # minimax form: is the side to move at the root MAX?
    cdef int64_t node_limit       # 0: no limit
    cdef int64_t nodes_until_poll # countdown to the next poll_limits()
    cdef double time_limit        # 0: no limit
    cdef double deadline
    cdef int stop                 # a StopCode, RUNNING while searching
    cdef bint horizon_reached     # an iteration cut some line at the depth limit
    cdef SearchStats stats

    # Per-ply buffers, allocated once in run(): `capacity` plies of `max_moves` moves.
    cdef int capacity
    cdef int max_moves
    cdef Move* moves              # capacity * max_moves
    cdef int32_t* hints           # capacity * max_moves, order hints while sorting
    cdef Move* pv_table           # capacity * capacity: triangular principal-variation table
    cdef int* pv_length           # capacity
    cdef Move* path               # capacity: move that led to each ply (for the trace)
    cdef Move preferred_root_move # searched first at the root (previous iteration's best)

    # Best root move among those fully searched in the current iteration.
    cdef Move root_best_move
    cdef Score root_best_value
    cdef bint root_has_best

    # Trace: one entry per node entered; value recorded when the node is a leaf.
    cdef bint tracing
    cdef int64_t trace_count
    cdef int64_t trace_capacity
    cdef int32_t* trace_ply
    cdef int32_t* trace_move
    cdef int64_t* trace_value     # leaf static value, or TRACE_NO_VALUE

    cdef public object pending_error   # exception raised by a signal handler during the search

    def __cinit__(self):
        self.moves = NULL
        self.hints = NULL
        self.pv_table = NULL
        self.pv_length = NULL
        self.path = NULL
        self.trace_ply = NULL
        self.trace_move = NULL
        self.trace_value = NULL

    def __dealloc__(self):
        free(self.moves)
        free(self.hints)
        free(self.pv_table)
        free(self.pv_length)
        free(self.path)
        free(self.trace_ply)
        free(self.trace_move)
        free(self.trace_value)

    def __init__(self, NativeGame game not None, int algorithm, depth, bint ordering,
                 double time_limit, int64_t node_limit, bint trace, bint iterative,
                 bint root_maximizing=True):
        """Arguments are validated by negamax.search; `depth` None means to the end."""
        self.game = game
        if type(game) is UniformTree:
            self.game_kind = UNIFORM_TREE
        elif type(game) is ExplicitTree:
            self.game_kind = EXPLICIT_TREE
        elif type(game) is TicTacToe:
            self.game_kind = TIC_TAC_TOE
        else:
            self.game_kind = GENERIC_GAME
        self.algorithm = algorithm
        self.max_depth = UNLIMITED_DEPTH if depth is None else min(<int> depth, UNLIMITED_DEPTH)
        self.ordering = ordering
        self.time_limit = time_limit
        self.node_limit = node_limit
        self.tracing = trace
        self.iterative = iterative
        self.root_maximizing = root_maximizing
        self.pending_error = None
        self.max_moves = max(1, game.max_moves)
        # Plies the stacks must hold: the game's own bound, or the depth when that is smaller.
        self.capacity = min(max(game.max_ply, 0), self.max_depth, MAX_SEARCH_PLY) + 1
        self.moves = <Move*> calloc(<size_t> self.capacity * self.max_moves, sizeof(Move))
        self.hints = <int32_t*> calloc(<size_t> self.capacity * self.max_moves, sizeof(int32_t))
        self.pv_table = <Move*> calloc(<size_t> self.capacity * self.capacity, sizeof(Move))
        self.pv_length = <int*> calloc(self.capacity, sizeof(int))
        self.path = <Move*> calloc(self.capacity, sizeof(Move))
        if (self.moves == NULL or self.hints == NULL or self.pv_table == NULL
                or self.pv_length == NULL or self.path == NULL):
            raise MemoryError("not enough memory for the search stacks")
        self.trace_count = 0
        self.trace_capacity = 0

    # --- limits ------------------------------------------------------------------------------

    cdef void poll_limits(self) noexcept nogil:
        """Called before entering a node, every POLL_INTERVAL nodes and exactly when the node
        budget is spent: check the node limit, the game's error flag, the clock and Ctrl-C
        (the last two cost a system call or the GIL)."""
        cdef int64_t interval = POLL_INTERVAL
        if self.node_limit > 0:
            if self.stats.nodes >= self.node_limit:
                self.stop = STOP_NODE_LIMIT
                return
            interval = min(interval, self.node_limit - self.stats.nodes)
        self.nodes_until_poll = interval
        if self.game.error:
            self.stop = STOP_ERROR
            return
        if self.time_limit > 0 and negamax_monotonic_seconds() >= self.deadline:
            self.stop = STOP_TIME_LIMIT
            return
        with gil:
            self.check_signals()

    cdef void check_signals(self):
        try:
            PyErr_CheckSignals()
        except KeyboardInterrupt:
            self.stop = STOP_INTERRUPTED
        except BaseException as error:   # a user's signal handler raised: re-raised after the search
            self.pending_error = error
            self.stop = STOP_ERROR

    # --- shared node bookkeeping --------------------------------------------------------------

    cdef inline bint enter_node(self, int ply) noexcept nogil:
        """Check the limits and count the node; False when the search must stop (so a search
        never enters more than node_limit nodes)."""
        if self.nodes_until_poll == 0:
            self.poll_limits()
            if self.stop != RUNNING:
                return False
        self.nodes_until_poll -= 1
        self.stats.nodes += 1
        if ply > self.stats.max_ply:
            self.stats.max_ply = ply
        self.pv_length[ply] = ply
        if self.tracing:
            self.record_visit(ply)
        return self.stop == RUNNING

    cdef inline void update_pv(self, int ply, Move move) noexcept nogil:
        cdef Move* row = self.pv_table + <size_t> ply * self.capacity
        cdef Move* child_row = self.pv_table + <size_t> (ply + 1) * self.capacity
        cdef int child_length = self.pv_length[ply + 1] if ply + 1 < self.capacity else ply + 1
        cdef int i
        row[ply] = move
        for i in range(ply + 1, child_length):   # lines are short: a loop beats a memcpy call
            row[i] = child_row[i]
        self.pv_length[ply] = child_length if child_length > ply + 1 else ply + 1

    cdef inline void note_root_move(self, int ply, Move move, Score value) noexcept nogil:
        """Remember the best fully searched root move, for a search stopped mid-iteration."""
        if ply == 0 and self.stop == RUNNING and not self.game.error and (not self.root_has_best or value > self.root_best_value):
            self.root_has_best = True
            self.root_best_value = value
            self.root_best_move = move

    cdef Score search_once(self, int depth) noexcept nogil:
        """One complete search to `depth`, specialised for the game's type."""
        if self.game_kind == UNIFORM_TREE:
            return search_root(self, <UniformTree> self.game, depth)
        if self.game_kind == EXPLICIT_TREE:
            return search_root(self, <ExplicitTree> self.game, depth)
        if self.game_kind == TIC_TAC_TOE:
            return search_root(self, <TicTacToe> self.game, depth)
        return search_root(self, self.game, depth)

    # --- trace ------------------------------------------------------------------------------

    cdef void record_visit(self, int ply) noexcept nogil:
        cdef int64_t new_capacity
        if self.trace_count == self.trace_capacity:
            new_capacity = max(1024, self.trace_capacity * 2)
            if not self.grow_trace(new_capacity):
                self.stop = STOP_ERROR
                self.game.error = 4
                return
        self.trace_ply[self.trace_count] = ply
        self.trace_move[self.trace_count] = self.path[ply] if ply > 0 else -1
        self.trace_value[self.trace_count] = TRACE_NO_VALUE
        self.trace_count += 1

    cdef bint grow_trace(self, int64_t new_capacity) noexcept nogil:
        cdef int32_t* plies = <int32_t*> realloc(self.trace_ply, new_capacity * sizeof(int32_t))
        if plies == NULL:
            return False
        self.trace_ply = plies
        cdef int32_t* moves = <int32_t*> realloc(self.trace_move, new_capacity * sizeof(int32_t))
        if moves == NULL:
            return False
        self.trace_move = moves
        cdef int64_t* values = <int64_t*> realloc(self.trace_value, new_capacity * sizeof(int64_t))
        if values == NULL:
            return False
        self.trace_value = values
        self.trace_capacity = new_capacity
        return True

    # --- driver -----------------------------------------------------------------------------

    def run(self):
        """Search and return a dict of plain Python values (see negamax.search for meanings)."""
        cdef Score value = 0, completed_value = 0
        cdef int depth, first_depth, completed_depth = -1
        cdef int completed_pv_length = 0
        cdef Move* completed_pv = <Move*> calloc(self.capacity, sizeof(Move))
        cdef double started, elapsed
        if completed_pv == NULL:
            raise MemoryError()
        self.preferred_root_move = -1
        self.stop = RUNNING
        self.nodes_until_poll = min(POLL_INTERVAL, self.node_limit) if self.node_limit > 0 else POLL_INTERVAL
        try:
            with nogil:
                started = negamax_monotonic_seconds()
                self.deadline = started + self.time_limit
                first_depth = 1 if self.iterative and self.max_depth > 0 else self.max_depth
                depth = first_depth
                while True:
                    if self.tracing:
                        self.trace_count = 0
                    value = self.search_once(depth)
                    if self.stop == RUNNING and self.game.error:
                        self.stop = STOP_ERROR   # a callback failed since the last poll
                    if self.stop != RUNNING:
                        break
                    self.stats.iterations += 1
                    completed_depth = depth
                    completed_value = value
                    completed_pv_length = self.pv_length[0]
                    memcpy(completed_pv, self.pv_table, completed_pv_length * sizeof(Move))
                    if completed_pv_length > 0:
                        self.preferred_root_move = completed_pv[0]
                    # Done at the requested depth, or when nothing was cut by the horizon
                    # (the result is exact and a deeper search would repeat it).
                    if depth >= self.max_depth or not self.horizon_reached:
                        self.stop = STOP_COMPLETED
                        break
                    if self.time_limit > 0 and negamax_monotonic_seconds() >= self.deadline:
                        self.stop = STOP_TIME_LIMIT   # no time left to start another iteration
                        break
                    depth += 1
                elapsed = negamax_monotonic_seconds() - started
            return self.collect(completed_depth, completed_value, completed_pv,
                                completed_pv_length, elapsed)
        finally:
            free(completed_pv)

    cdef dict collect(self, int completed_depth, Score completed_value, Move* completed_pv,
                      int completed_pv_length, double elapsed):
        cdef int64_t i
        if completed_depth >= 0:
            value = completed_value
            pv = [completed_pv[i] for i in range(completed_pv_length)]
            depth = completed_depth
        elif self.root_has_best:   # stopped inside the first iteration: best root move so far
            value = self.root_best_value
            pv = [self.root_best_move]
            depth = 0
        else:
            value = None
            pv = []
            depth = 0
        if self.stop == STOP_COMPLETED and completed_depth >= 0 and self.max_depth == UNLIMITED_DEPTH:
            depth = self.stats.max_ply
        trace = None
        if self.tracing:
            trace = (
                [self.trace_ply[i] for i in range(self.trace_count)],
                [self.trace_move[i] for i in range(self.trace_count)],
                [None if self.trace_value[i] == TRACE_NO_VALUE else self.trace_value[i]
                 for i in range(self.trace_count)],
            )
        return {
            "value": value,
            "pv": pv,
            "depth": depth,
            "stop": STOP_CODE_NAMES.get(self.stop, "error"),
            "game_error": self.game.error,
            "nodes": self.stats.nodes,
            "leaves": self.stats.leaves,
            "cutoffs": self.stats.cutoffs,
            "max_ply": self.stats.max_ply,
            "iterations": self.stats.iterations,
            "elapsed": elapsed,
            "trace": trace,
        }


# --- the algorithms, specialised per game type --------------------------------------------

cdef inline Score read_leaf(Searcher self, GameT game, int ply) noexcept nogil:
    """The value of a leaf from the side to move, with wins and losses scored by distance."""
    cdef Score value = game.static_evaluation()
    self.stats.leaves += 1
    if self.tracing and self.trace_count > 0:
        self.trace_value[self.trace_count - 1] = value
    return terminal_score(value, ply)

cdef int generate(Searcher self, GameT game, int ply) noexcept nogil:
    """Fill this ply's move buffer; sort it by order hint when ordering is on."""
    cdef Move* moves = self.moves + <size_t> ply * self.max_moves
    cdef int32_t* hints = self.hints + <size_t> ply * self.max_moves
    cdef int count = game.generate_moves(moves)
    cdef int i, j, preferred_index = -1
    cdef Move move
    cdef int32_t hint
    if count > self.max_moves:   # a game broke its own bound: refuse to go on
        self.stop = STOP_ERROR
        game.error = 2
        return 0
    if self.ordering and game.has_order_hints and count > 1:
        for i in range(count):
            hints[i] = game.move_order_hint(moves[i])
        # Insertion sort, higher hint first; stable so equal hints keep the game's order.
        for i in range(1, count):
            move = moves[i]
            hint = hints[i]
            j = i - 1
            while j >= 0 and hints[j] < hint:
                moves[j + 1] = moves[j]
                hints[j + 1] = hints[j]
                j -= 1
            moves[j + 1] = move
            hints[j + 1] = hint
    if ply == 0 and self.preferred_root_move >= 0:
        for i in range(count):
            if moves[i] == self.preferred_root_move:
                preferred_index = i
                break
        if preferred_index > 0:
            move = moves[preferred_index]
            for i in range(preferred_index, 0, -1):
                moves[i] = moves[i - 1]
            moves[0] = move
    return count

cdef inline bint needs_leaf(Searcher self, GameT game, int depth, int ply) noexcept nogil:
    """True when this node is evaluated statically: the game is over or the depth is spent."""
    if game.at_terminal():
        return True
    if depth <= 0:
        self.horizon_reached = True
        return True
    if ply + 1 >= self.capacity:
        # The game is longer than its declared max_ply: stop rather than overrun the stacks.
        game.error = 3
        self.stop = STOP_ERROR
        return True
    return False

cdef Score minimax(Searcher self, GameT game, int depth, int ply, bint maximizing) noexcept nogil:
    """Seed 000/003's max/min form. Returns the value from MAX's point of view, where MAX
    is the side to move when `maximizing` is true."""
    cdef Score value, best
    cdef int i, count
    cdef Move move
    cdef Move* moves
    if not self.enter_node(ply):
        return 0
    if needs_leaf(self, game, depth, ply):
        value = read_leaf(self, game, ply)
        return value if maximizing else -value
    count = generate(self, game, ply)
    if count == 0:
        value = read_leaf(self, game, ply)
        return value if maximizing else -value
    moves = self.moves + <size_t> ply * self.max_moves
    best = -SCORE_INFINITY if maximizing else SCORE_INFINITY
    for i in range(count):
        move = moves[i]
        self.path[ply + 1] = move
        game.make_move(move)
        value = minimax(self, game, depth - 1, ply + 1, not maximizing)
        game.unmake_move(move)
        if self.stop != RUNNING:
            return 0
        if (maximizing and value > best) or (not maximizing and value < best):
            best = value
            self.update_pv(ply, move)
        # The root's value for the side to move, whichever form it is computed in.
        self.note_root_move(ply, move, value if maximizing else -value)
    return best

cdef Score negamax(Searcher self, GameT game, int depth, int ply) noexcept nogil:
    """Seed 002's form, max(a, b) = -min(-a, -b): every node maximises its own value."""
    cdef Score value, best = -SCORE_INFINITY
    cdef int i, count
    cdef Move move
    cdef Move* moves
    if not self.enter_node(ply):
        return 0
    if needs_leaf(self, game, depth, ply):
        return read_leaf(self, game, ply)
    count = generate(self, game, ply)
    if count == 0:
        return read_leaf(self, game, ply)
    moves = self.moves + <size_t> ply * self.max_moves
    for i in range(count):
        move = moves[i]
        self.path[ply + 1] = move
        game.make_move(move)
        value = -negamax(self, game, depth - 1, ply + 1)
        game.unmake_move(move)
        if self.stop != RUNNING:
            return 0
        if value > best:
            best = value
            self.update_pv(ply, move)
        self.note_root_move(ply, move, value)
    return best

cdef Score alphabeta(Searcher self, GameT game, int depth, int ply, Score alpha, Score beta) noexcept nogil:
    """Negamax with alpha-beta pruning, fail-soft.

    Returns v with: v <= alpha means the true value is <= v (fail low); v >= beta means
    the true value is >= v (fail high); otherwise v is the exact value."""
    cdef Score value, best = -SCORE_INFINITY
    cdef int i, count
    cdef Move move
    cdef Move* moves
    if not self.enter_node(ply):
        return 0
    if needs_leaf(self, game, depth, ply):
        return read_leaf(self, game, ply)
    count = generate(self, game, ply)
    if count == 0:
        return read_leaf(self, game, ply)
    moves = self.moves + <size_t> ply * self.max_moves
    for i in range(count):
        move = moves[i]
        self.path[ply + 1] = move
        game.make_move(move)
        value = -alphabeta(self, game, depth - 1, ply + 1, -beta, -alpha)
        game.unmake_move(move)
        if self.stop != RUNNING:
            return 0
        if value > best:
            best = value
            self.update_pv(ply, move)
            self.note_root_move(ply, move, value)
            if value > alpha:
                alpha = value
            if value >= beta:
                self.stats.cutoffs += 1
                break
    return best

cdef Score search_root(Searcher self, GameT game, int depth) noexcept nogil:
    """One complete search to `depth`; the value is from the side to move at the root."""
    cdef Score value
    self.horizon_reached = False
    self.root_has_best = False
    if self.algorithm == MINIMAX:
        value = minimax(self, game, depth, 0, self.root_maximizing)
        return value if self.root_maximizing else -value
    if self.algorithm == NEGAMAX:
        return negamax(self, game, depth, 0)
    return alphabeta(self, game, depth, 0, -SCORE_INFINITY, SCORE_INFINITY)

