# The search core: minimax (max/min form), negamax and fail-soft alpha-beta over the
# NativeGame interface, with depth, node and time limits, Ctrl-C, principal variations,
# counters and an optional trace; and the enhanced alpha-beta of strong engines (transposition
# table, killer moves, history heuristic, principal variation search, aspiration windows,
# MTD(f), the game's own non-losing move generation) with the solver built on it.
# Everything below Searcher.run() and Searcher.solve() executes without the GIL.
#
# The algorithms are written once over the fused type GameT: for a built-in game (declared
# final in this module) the C compiler sees the concrete make/unmake/evaluate and inlines
# them; any other game (a user's Cython game, the Python adapter) goes through the
# NativeGame vtable.

cimport cython
from cpython.exc cimport PyErr_CheckSignals
from libc.stdint cimport INT64_MAX, INT64_MIN, int32_t, int64_t, uint64_t
from libc.stdlib cimport calloc, free, realloc
from libc.string cimport memcpy

from negamax.game cimport (
    EVAL_LIMIT, MAX_SEARCH_PLY, SCORE_INFINITY, WIN, WINNING_MOVE_FOUND, Move, NativeGame, Score,
)

cdef extern from "negamax_clock.h":
    double negamax_monotonic_seconds() noexcept nogil

# Algorithms (the Python layer maps names to these codes).
cdef enum Algorithm:
    MINIMAX = 0
    NEGAMAX = 1
    ALPHABETA = 2
    PVS = 3        # principal variation search: null windows after the first move
    MTDF = 4       # MTD(f): a sequence of null-window searches converging on the value

ALGORITHM_MINIMAX = MINIMAX
ALGORITHM_NEGAMAX = NEGAMAX
ALGORITHM_ALPHABETA = ALPHABETA
ALGORITHM_PVS = PVS
ALGORITHM_MTDF = MTDF

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
# History heuristic: a table of 2 sides x HISTORY_SIZE moves (moves are folded into it).
cdef enum:
    HISTORY_SIZE = 4096
cdef int32_t HISTORY_MAX = 1 << 28    # the table is halved when an entry passes this
cdef Score ASPIRATION_DELTA = 16      # first half-width of an aspiration window
cdef int UNLIMITED_DEPTH = MAX_SEARCH_PLY + 1
cdef int64_t TRACE_NO_VALUE = INT64_MIN   # trace entry of a node whose value was not read


ctypedef fused GameT:
    NativeGame       # any game: calls through the vtable
    UniformTree
    ExplicitTree
    TicTacToe
    ConnectFour

cdef enum GameKind:
    GENERIC_GAME = 0
    UNIFORM_TREE = 1
    EXPLICIT_TREE = 2
    TIC_TAC_TOE = 3
    CONNECT_FOUR = 4


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

    # Enhancements (the enhanced alpha-beta runs when any is on or the algorithm needs it).
    cdef bint enhanced
    cdef TranspositionTable tt    # None: no table
    cdef bint use_tt, use_killers, use_history, use_pvs, use_aspiration, use_safe_moves
    cdef Move* killers            # capacity * 2
    cdef int32_t* history         # 2 * HISTORY_SIZE
    cdef int64_t* sort_keys       # capacity * max_moves

    # Per-ply buffers, allocated once in run(): `capacity` plies of `max_moves` moves.
    cdef int capacity
    cdef int max_moves
    cdef Move* moves              # capacity * max_moves
    cdef int32_t* hints           # capacity * max_moves, order hints while sorting
    cdef Move* pv_table           # capacity * capacity: triangular principal-variation table
    cdef int* pv_length           # capacity
    cdef Move* path               # capacity: move that led to each ply (for the trace)
    cdef Move preferred_root_move # searched first at the root (previous iteration's best)
    cdef int root_ply             # ply where the current search started (the table answers below it)

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
        self.killers = NULL
        self.history = NULL
        self.sort_keys = NULL

    def __dealloc__(self):
        free(self.killers)
        free(self.history)
        free(self.sort_keys)
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
        elif type(game) is ConnectFour:
            self.game_kind = CONNECT_FOUR
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
        self.enhanced = algorithm == PVS or algorithm == MTDF
        self.tt = None

    def configure(self, TranspositionTable tt, bint killers, bint history, bint pvs,
                  bint aspiration, bint safe_moves):
        """Switch the enhancements on (checked by negamax.search): `tt` is the table to use or
        None. Any of them makes alpha-beta run in its enhanced form."""
        self.tt = tt
        self.use_tt = tt is not None and self.game.has_keys
        self.use_killers = killers
        self.use_history = history
        self.use_pvs = pvs or self.algorithm == PVS
        self.use_aspiration = aspiration
        self.use_safe_moves = safe_moves and self.game.has_safe_moves
        if self.algorithm == ALPHABETA or self.algorithm == PVS or self.algorithm == MTDF:
            self.enhanced = (self.enhanced or self.use_tt or killers or history or pvs
                             or aspiration or self.use_safe_moves)
        self.killers = <Move*> calloc(<size_t> self.capacity * 2, sizeof(Move))
        self.history = <int32_t*> calloc(2 * HISTORY_SIZE, sizeof(int32_t))
        self.sort_keys = <int64_t*> calloc(<size_t> self.capacity * self.max_moves, sizeof(int64_t))
        if self.killers == NULL or self.history == NULL or self.sort_keys == NULL:
            raise MemoryError("not enough memory for the search tables")
        for i in range(self.capacity * 2):
            self.killers[i] = -1

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

    cdef Score search_once(self, int depth, Score alpha, Score beta) noexcept nogil:
        """One complete search to `depth` with the window (alpha, beta), specialised for the
        game's type."""
        if self.game_kind == UNIFORM_TREE:
            return search_root(self, <UniformTree> self.game, depth, alpha, beta)
        if self.game_kind == EXPLICIT_TREE:
            return search_root(self, <ExplicitTree> self.game, depth, alpha, beta)
        if self.game_kind == TIC_TAC_TOE:
            return search_root(self, <TicTacToe> self.game, depth, alpha, beta)
        if self.game_kind == CONNECT_FOUR:
            return search_root(self, <ConnectFour> self.game, depth, alpha, beta)
        return search_root(self, self.game, depth, alpha, beta)

    cdef int extend_pv(self, int depth, int length) noexcept nogil:
        """Lengthen the root's principal variation (cut short where the table answered a
        node) by following the table's best moves. Returns the new length."""
        if self.game_kind == UNIFORM_TREE:
            return extend_pv_from_tt(self, <UniformTree> self.game, depth, length)
        if self.game_kind == EXPLICIT_TREE:
            return extend_pv_from_tt(self, <ExplicitTree> self.game, depth, length)
        if self.game_kind == TIC_TAC_TOE:
            return extend_pv_from_tt(self, <TicTacToe> self.game, depth, length)
        if self.game_kind == CONNECT_FOUR:
            return extend_pv_from_tt(self, <ConnectFour> self.game, depth, length)
        return extend_pv_from_tt(self, self.game, depth, length)

    cdef int complete_pv(self, Score value, int length) noexcept nogil:
        """Continue the root's principal variation to the end of the game, for a solved value."""
        if self.game_kind == UNIFORM_TREE:
            return complete_pv_to_end(self, <UniformTree> self.game, value, length)
        if self.game_kind == EXPLICIT_TREE:
            return complete_pv_to_end(self, <ExplicitTree> self.game, value, length)
        if self.game_kind == TIC_TAC_TOE:
            return complete_pv_to_end(self, <TicTacToe> self.game, value, length)
        if self.game_kind == CONNECT_FOUR:
            return complete_pv_to_end(self, <ConnectFour> self.game, value, length)
        return complete_pv_to_end(self, self.game, value, length)

    cdef Score search_iteration(self, int depth, Score guess, bint has_guess) noexcept nogil:
        """One iteration of the driver: a full-window search, an aspiration search around
        the previous iteration's value, or MTD(f)'s sequence of null windows."""
        cdef Score value, alpha, beta, delta, lower, upper, bound
        if self.algorithm == MTDF:
            # MTD(f): null windows walk the bounds together, starting from the best guess.
            value = guess if has_guess else 0
            lower = -SCORE_INFINITY
            upper = SCORE_INFINITY
            while lower < upper:
                bound = value + 1 if value == lower else value
                self.stats.null_window_searches += 1
                value = self.search_once(depth, bound - 1, bound)
                if self.stop != RUNNING:
                    return 0
                if value < bound:
                    upper = value
                else:
                    lower = value
            # One more pass with a window around the value, for an exact principal variation.
            self.stats.null_window_searches += 1
            return self.search_once(depth, value - 1, value + 1)
        if not (self.use_aspiration and has_guess and -EVAL_LIMIT <= guess <= EVAL_LIMIT):
            return self.search_once(depth, -SCORE_INFINITY, SCORE_INFINITY)
        delta = ASPIRATION_DELTA
        alpha = max(guess - delta, -SCORE_INFINITY)
        beta = min(guess + delta, SCORE_INFINITY)
        while True:
            value = self.search_once(depth, alpha, beta)
            if self.stop != RUNNING:
                return 0
            if value <= alpha and alpha > -SCORE_INFINITY:
                alpha = max(value - delta, -SCORE_INFINITY)
            elif value >= beta and beta < SCORE_INFINITY:
                beta = min(value + delta, SCORE_INFINITY)
            else:
                return value
            self.stats.aspiration_researches += 1
            # Widen fast; a window that reaches the mate scores opens fully.
            delta = delta * 4 if delta < EVAL_LIMIT // 8 else SCORE_INFINITY
            if alpha < -EVAL_LIMIT:
                alpha = -SCORE_INFINITY
            if beta > EVAL_LIMIT:
                beta = SCORE_INFINITY

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
        cdef bint exact
        if completed_pv == NULL:
            raise MemoryError()
        self.preferred_root_move = -1
        self.stop = RUNNING
        if self.use_tt:
            self.tt.new_generation()
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
                    value = self.search_iteration(depth, completed_value, completed_depth >= 0)
                    if self.stop == RUNNING and self.game.error:
                        self.stop = STOP_ERROR   # a callback failed since the last poll
                    if self.stop != RUNNING:
                        break
                    self.stats.iterations += 1
                    completed_depth = depth
                    completed_value = value
                    completed_pv_length = self.pv_length[0]
                    exact = not self.horizon_reached
                    if self.enhanced and exact and completed_pv_length > 0:
                        # Solved to the end: continue the line until the game is over.
                        completed_pv_length = self.complete_pv(value, completed_pv_length)
                    elif self.use_tt:
                        completed_pv_length = self.extend_pv(depth, completed_pv_length)
                    memcpy(completed_pv, self.pv_table, completed_pv_length * sizeof(Move))
                    if completed_pv_length > 0:
                        self.preferred_root_move = completed_pv[0]
                    # Done at the requested depth, or when nothing was cut by the horizon
                    # (the result is exact and a deeper search would repeat it).
                    if depth >= self.max_depth or exact:
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

    cdef dict counters(self):
        """The enhancement counters, by name."""
        return {
            "first_move_cutoffs": self.stats.first_move_cutoffs,
            "tt_probes": self.stats.tt_probes,
            "tt_hits": self.stats.tt_hits,
            "tt_cutoffs": self.stats.tt_cutoffs,
            "tt_stores": self.stats.tt_stores,
            "killer_cutoffs": self.stats.killer_cutoffs,
            "pvs_researches": self.stats.pvs_researches,
            "aspiration_researches": self.stats.aspiration_researches,
            "null_window_searches": self.stats.null_window_searches,
            "immediate_wins": self.stats.immediate_wins,
            "forced_losses": self.stats.forced_losses,
        }

    def solve(self, bint weak):
        """Find the exact value to the end of the game with null-window searches (only its
        sign when `weak`), sharing the transposition table between them. Returns a dict:
        lower and upper bounds (equal when solved), the principal variation, counters."""
        cdef Score lower = -WIN, upper = WIN, probe, value
        cdef int depth = UNLIMITED_DEPTH, pv_length = 0
        cdef double started, elapsed
        cdef bint solved = False
        self.preferred_root_move = -1
        self.stop = RUNNING
        self.nodes_until_poll = min(POLL_INTERVAL, self.node_limit) if self.node_limit > 0 else POLL_INTERVAL
        if self.use_tt:
            self.tt.new_generation()
        with nogil:
            started = negamax_monotonic_seconds()
            self.deadline = started + self.time_limit
            if weak:
                # One search with the window (-1, 1): above, below or exactly zero.
                self.stats.null_window_searches += 1
                value = self.search_once(depth, -1, 1)
                if self.stop == RUNNING:
                    if value >= 1:
                        lower = value
                    elif value <= -1:
                        upper = value
                    else:
                        lower = upper = 0
                    pv_length = self.pv_length[0]
            else:
                while lower < upper:
                    probe = solver_probe(lower, upper)
                    self.stats.null_window_searches += 1
                    value = self.search_once(depth, probe, probe + 1)   # is the value above probe?
                    if self.stop != RUNNING:
                        break
                    if value > probe:
                        lower = value
                    else:
                        upper = value
                if self.stop == RUNNING:
                    # A last search with a window around the value gives the principal variation.
                    value = self.search_once(depth, lower - 1, lower + 1)
                    if self.stop == RUNNING:
                        pv_length = self.pv_length[0]
                        pv_length = self.complete_pv(lower, pv_length)
            if self.stop == RUNNING and self.game.error:
                self.stop = STOP_ERROR
            if self.stop == RUNNING:
                self.stop = STOP_COMPLETED
            elapsed = negamax_monotonic_seconds() - started
        return {
            "lower": lower,
            "upper": upper,
            "pv": [self.pv_table[i] for i in range(pv_length)],
            "stop": STOP_CODE_NAMES.get(self.stop, "error"),
            "game_error": self.game.error,
            "nodes": self.stats.nodes,
            "leaves": self.stats.leaves,
            "cutoffs": self.stats.cutoffs,
            "max_ply": self.stats.max_ply,
            "iterations": self.stats.null_window_searches,
            "counters": self.counters(),
            "elapsed": elapsed,
        }

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
            "counters": self.counters(),
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

cdef Score search_root(Searcher self, GameT game, int depth, Score alpha, Score beta) noexcept nogil:
    """One complete search to `depth`; the value is from the side to move at the root.
    Minimax and negamax ignore the window."""
    cdef Score value
    self.horizon_reached = False
    self.root_has_best = False
    if self.algorithm == MINIMAX:
        value = minimax(self, game, depth, 0, self.root_maximizing)
        return value if self.root_maximizing else -value
    if self.algorithm == NEGAMAX:
        return negamax(self, game, depth, 0)
    if self.enhanced:
        return ab_search(self, game, depth, 0, alpha, beta)
    return alphabeta(self, game, depth, 0, alpha, beta)


# --- the enhanced alpha-beta ----------------------------------------------------------------

cdef void order_moves(Searcher self, GameT game, int ply, Move* moves, int count, Move tt_move) noexcept nogil:
    """Sort the moves, best first: the previous iteration's best root move, then the table's
    move, then by the game's order hint; within equal hints killer moves come first and then
    the history score. The sort is stable, so ties keep the game's own order."""
    cdef int64_t* keys = self.sort_keys + <size_t> ply * self.max_moves
    cdef Move* killer = self.killers + 2 * ply
    cdef int32_t* history = self.history + (ply & 1) * HISTORY_SIZE
    cdef bint hints = self.ordering and game.has_order_hints
    cdef int64_t key
    cdef int i, j
    cdef Move move
    if count <= 1:
        return
    for i in range(count):
        move = moves[i]
        key = 0
        if hints:
            key = (<int64_t> game.move_order_hint(move)) * (<int64_t> 1 << 32)
        if self.use_history:
            key += history[move & (HISTORY_SIZE - 1)]
        if self.use_killers and ply + 1 < self.capacity:
            if move == killer[0]:
                key += (<int64_t> 1 << 30) + 1
            elif move == killer[1]:
                key += <int64_t> 1 << 30
        if move == tt_move:
            key = INT64_MAX - 1
        if ply == 0 and move == self.preferred_root_move:
            key = INT64_MAX
        keys[i] = key
    for i in range(1, count):
        move = moves[i]
        key = keys[i]
        j = i - 1
        while j >= 0 and keys[j] < key:
            moves[j + 1] = moves[j]
            keys[j + 1] = keys[j]
            j -= 1
        moves[j + 1] = move
        keys[j + 1] = key


cdef inline void reward_move(Searcher self, int ply, int depth, Move move) noexcept nogil:
    """A move caused a cutoff: make it a killer at this ply and raise its history score."""
    cdef Move* killer = self.killers + 2 * ply
    cdef int32_t* history
    cdef int i, d
    if self.use_killers and killer[0] != move:
        killer[1] = killer[0]
        killer[0] = move
    if self.use_history:
        history = self.history + (ply & 1) * HISTORY_SIZE
        d = min(depth, 64)
        history[move & (HISTORY_SIZE - 1)] += d * d
        if history[move & (HISTORY_SIZE - 1)] > HISTORY_MAX:
            for i in range(2 * HISTORY_SIZE):
                self.history[i] //= 2


cdef Score ab_search(Searcher self, GameT game, int depth, int ply, Score alpha, Score beta) noexcept nogil:
    """Fail-soft alpha-beta with the enhancements that are switched on. Tracks whether the
    depth limit cut anything below this node, so results no horizon touched are stored as
    final and serve searches of any depth."""
    cdef bint outer_horizon
    cdef Score value
    if not self.enter_node(ply):
        return 0
    if needs_leaf(self, game, depth, ply):
        return read_leaf(self, game, ply)
    outer_horizon = self.horizon_reached
    self.horizon_reached = False
    value = ab_node(self, game, depth, ply, alpha, beta)
    self.horizon_reached = self.horizon_reached or outer_horizon
    return value


cdef Score ab_node(Searcher self, GameT game, int depth, int ply, Score alpha, Score beta) noexcept nogil:
    cdef Score value, best = -SCORE_INFINITY, floor, ceiling, alpha_searched
    cdef int i, count, bound
    cdef Move move, best_move = -1, tt_move = -1
    cdef Move* moves = self.moves + <size_t> ply * self.max_moves
    cdef TTEntry* entry
    cdef uint64_t key = 0
    # Only nodes searched with an open window (and the root) keep a principal variation: a
    # null-window result is a bound, and copying lines there would cost for nothing.
    cdef bint pv_node = beta - alpha > 1 or ply == self.root_ply

    # 1. The transposition table: the stored move is searched first; a result deep enough
    #    answers the node (except at the root, which must name a move).
    if self.use_tt:
        key = game.position_key()
        self.stats.tt_probes += 1
        entry = self.tt.probe(key)
        if entry != NULL:
            self.stats.tt_hits += 1
            tt_move = entry.move
            bound = entry_bound(entry)
            if ply > self.root_ply and entry_depth(entry) >= depth:
                value = value_from_tt(entry.value, ply)
                if (bound == BOUND_EXACT or (bound == BOUND_LOWER and value >= beta)
                        or (bound == BOUND_UPPER and value <= alpha)):
                    self.stats.tt_cutoffs += 1
                    if entry_depth(entry) != TT_DEPTH_FINAL:
                        self.horizon_reached = True
                    return value

    # 2. The moves. With the game's safe-move generation (two plies or more to go, so that
    #    the values are those plain alpha-beta finds): win at once, lose at once, or search
    #    only the moves that do not lose at once.
    if self.use_safe_moves and depth >= 2:
        count = game.generate_safe_moves(moves)
        if count == WINNING_MOVE_FOUND:
            self.stats.immediate_wins += 1
            return win_at_once(self, ply, moves[0], WIN - ply - 1)
        if count == 0:
            count = game.generate_moves(moves)
            if count == 0:
                return read_leaf(self, game, ply)
            self.stats.forced_losses += 1
            return win_at_once(self, ply, moves[0], -WIN + ply + 2)
        # No win next move, and no loss on the opponent's next move.
        floor = -WIN + ply + 3
        ceiling = WIN - ply - 2
    else:
        count = game.generate_moves(moves)
        if count == 0:
            return read_leaf(self, game, ply)
        floor = -WIN + ply + 1
        ceiling = WIN - ply - 1
    if count > self.max_moves:   # a game broke its own bound: refuse to go on
        self.stop = STOP_ERROR
        game.error = 2
        return 0

    # 3. Mate distance: no result here can beat winning or losing as soon as possible.
    if floor >= beta:
        return floor
    if ceiling <= alpha:
        return ceiling
    if alpha < floor:
        alpha = floor
    if beta > ceiling:
        beta = ceiling
    alpha_searched = alpha

    # 4. The moves, best first; after the first, null windows when PVS is on.
    order_moves(self, game, ply, moves, count, tt_move)
    for i in range(count):
        move = moves[i]
        self.path[ply + 1] = move
        game.make_move(move)
        if i == 0 or not self.use_pvs:
            value = -ab_search(self, game, depth - 1, ply + 1, -beta, -alpha)
        else:
            value = -ab_search(self, game, depth - 1, ply + 1, -alpha - 1, -alpha)
            if alpha < value < beta and self.stop == RUNNING:
                self.stats.pvs_researches += 1
                value = -ab_search(self, game, depth - 1, ply + 1, -beta, -alpha)
        game.unmake_move(move)
        if self.stop != RUNNING:
            return 0
        if value > best:
            best = value
            best_move = move
            if pv_node:
                self.update_pv(ply, move)
            if value > alpha:
                alpha = value
                self.note_root_move(ply, move, value)
            if value >= beta:
                self.stats.cutoffs += 1
                if i == 0:
                    self.stats.first_move_cutoffs += 1
                if self.use_killers and (move == self.killers[2 * ply] or move == self.killers[2 * ply + 1]):
                    self.stats.killer_cutoffs += 1
                reward_move(self, ply, depth, move)
                break

    # 5. Remember the result, as a bound relative to the window searched.
    if self.use_tt and not game.error:
        if best <= alpha_searched:
            bound = BOUND_UPPER
        elif best >= beta:
            bound = BOUND_LOWER
        else:
            bound = BOUND_EXACT
        self.tt.store(key, value_to_tt(best, ply), best_move,
                      depth if self.horizon_reached else TT_DEPTH_FINAL, bound)
        self.stats.tt_stores += 1
    return best


cdef inline Score win_at_once(Searcher self, int ply, Move move, Score value) noexcept nogil:
    """A node decided by its next move (a win, or a loss whatever is played)."""
    self.pv_length[ply + 1] = ply + 1
    self.update_pv(ply, move)
    if ply == 0:
        self.note_root_move(ply, move, value)
    return value


cdef int extend_pv_from_tt(Searcher self, GameT game, int depth, int length) noexcept nogil:
    """Follow the table's moves (from exact results and lower bounds, whose move is the one
    that proved them) past the end of the root's principal variation."""
    cdef int ply, i, count
    cdef Move move
    cdef Move* moves
    cdef TTEntry* entry
    cdef bint legal
    replay_line(self, game, length)
    ply = length
    while ply < depth and ply + 1 < self.capacity and not game.at_terminal() and not game.error:
        entry = self.tt.probe(game.position_key())
        if entry == NULL or entry.move < 0 or entry_bound(entry) == BOUND_UPPER:
            break
        move = entry.move
        moves = self.moves + <size_t> ply * self.max_moves
        count = game.generate_moves(moves)
        if count > self.max_moves:
            break
        legal = False
        for i in range(count):
            if moves[i] == move:
                legal = True
                break
        if not legal:
            break
        self.pv_table[ply] = move
        game.make_move(move)
        ply += 1
    for i in range(ply - 1, -1, -1):
        game.unmake_move(self.pv_table[i])
    self.pv_length[0] = ply
    return ply




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


cdef int complete_pv_to_end(Searcher self, GameT game, Score value, int length) noexcept nogil:
    """Lengthen a solved principal variation until the game ends: follow the table, and where
    it has nothing, search the position at the end of the line with a window around the value
    it must have (the table must not answer that position itself, so its line is recorded)."""
    cdef int i, new_length
    cdef Score expected
    while self.stop == RUNNING:
        if self.use_tt:
            length = self.extend_pv(UNLIMITED_DEPTH, length)
        if length + 1 >= self.capacity:
            break
        replay_line(self, game, length)
        if game.at_terminal():
            new_length = length
        else:
            expected = value if length % 2 == 0 else -value
            self.root_ply = length
            ab_search(self, game, UNLIMITED_DEPTH - length, length, expected - 1, expected + 1)
            self.root_ply = 0
            new_length = self.pv_length[length]
            for i in range(length, new_length):
                self.pv_table[i] = self.pv_table[<size_t> length * self.capacity + i]
        for i in range(length - 1, -1, -1):
            game.unmake_move(self.pv_table[i])
        if new_length <= length:
            break
        length = new_length
    self.pv_length[0] = length
    return length


cdef void replay_line(Searcher self, GameT game, int length) noexcept nogil:
    """Play the first `length` moves of the root's line, generating each ply's moves first (a
    game may read its moves relative to the list it generated, as the Python adapter does)."""
    cdef int ply
    for ply in range(length):
        game.generate_moves(self.moves + <size_t> ply * self.max_moves)
        game.make_move(self.pv_table[ply])
