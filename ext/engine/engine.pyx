# cython: freethreading_compatible = True
"""The search engine of negamax: one Searcher per search, over any NativeGame.

Layers (each its own file in ext/engine/):
- context.pxd: the search state as a C struct (options, counters, buffers, status);
- ttable.pxd / table.pxi: the transposition table and its Python face;
- kernels.pxi (ordering, plain, alphabeta, quiescence, lines): the algorithms, compiled here
  for every game through the vtable, and by each built-in game for itself;
- limits.pxi: node budget, clock, StopSignal, Ctrl-C;
- drivers.pxi: iterative deepening, aspiration, MTD(f), the solver;
- results.pxi: the result objects (SearchStats, a solve's SolveResult);
- this file: the Searcher's lifecycle, the kernel registry and the results as Python values.
"""

cimport cython
from libc.stdint cimport int32_t, int64_t, uint16_t, uint64_t
from libc.stdlib cimport calloc, free, malloc, realloc
from libc.string cimport memcpy, memset

import _thread
import threading
from cpython.pycapsule cimport PyCapsule_GetPointer, PyCapsule_IsValid
from cpython.object cimport Py_TPFLAGS_BASETYPE, PyObject

from negamax.game cimport (
    EVAL_LIMIT, MAX_SEARCH_PLY, MOVE_SLACK, SCORE_INFINITY, WIN, Move, NativeGame, Score,
)

from engine.context cimport *
from engine.kernel_table cimport KERNELS_CAPSULE_NAME, SearchKernels
from engine.ttable cimport BUSY_SLOTS, TTable, TTEntry, entry_header, tt_mix

# The generic copy of the algorithms: any game, through the NativeGame vtable.
ctypedef NativeGame GameT
include "kernels.pxi"

include "table.pxi"
include "limits.pxi"
include "drivers.pxi"
include "stack.pxi"
include "results.pxi"

ALGORITHM_CODES = {"minimax": MINIMAX, "negamax": NEGAMAX, "alphabeta": ALPHABETA,
                   "pvs": PVS, "mtdf": MTDF}
cdef dict _ALGORITHM_NAMES = {code: name for name, code in ALGORITHM_CODES.items()}

#: Status codes by name, as the Python layer reads them.
STATUS_NAMES = {
    RUNNING: "running",
    STOP_COMPLETED: "completed",
    STOP_NODE_LIMIT: "node_limit",
    STOP_TIME_LIMIT: "time_limit",
    STOP_INTERRUPTED: "interrupted",
    FAIL_GAME_CALLBACK: "game_callback_failed",
    FAIL_SIGNAL_HANDLER: "signal_handler_failed",
    FAIL_TOO_MANY_MOVES: "too_many_moves",
    FAIL_TOO_DEEP: "too_deep",
    FAIL_OUT_OF_MEMORY: "out_of_memory",
    FAIL_BEYOND_REACH: "beyond_reach",
    FAIL_BAD_EVALUATION: "bad_evaluation",
    FAIL_TOO_MANY_NOISY_MOVES: "too_many_noisy_moves",
}

UNLIMITED = UNLIMITED_DEPTH

# Specialised copies of the algorithms, by game type (filled by the games' own modules).
cdef dict _kernels_by_type = {}

# The same, as C pointers, for the result builders (own_kernels): a registered type lives as
# long as the module (_kernels_by_type holds it), so its pointer is compared without a
# reference of its own.
cdef struct RegisteredKernels:
    PyObject* game_type
    const SearchKernels* kernels

cdef enum:
    MAX_REGISTERED_TYPES = 16
cdef RegisteredKernels _registered[MAX_REGISTERED_TYPES]
cdef int _registered_count = 0


cdef const SearchKernels* own_kernels(object native) noexcept:
    """The kernels registered for exactly type(native), or NULL."""
    return kernels_of_type(<PyObject*> (<PyObject*> native).ob_type)


cdef const SearchKernels* kernels_of_type(PyObject* kind) noexcept:
    """The kernels registered for exactly the type `kind`, or NULL."""
    cdef int i
    for i in range(_registered_count):
        if _registered[i].game_type == kind:
            return _registered[i].kernels
    return NULL

cdef object _python_game_type = None


cdef object python_game_type():
    """negamax._python_game.PythonGameAdapter, imported on first use (that module is imported
    after this one)."""
    global _python_game_type
    if _python_game_type is None:
        from negamax._python_game import PythonGameAdapter
        _python_game_type = PythonGameAdapter
    return _python_game_type


def register_kernels(game_type, capsule):
    """Called by a built-in game's module at import: searches of games of exactly this type
    run the copy of the algorithms compiled in that module (see ext/engine/kernels.pxi).
    TypeError for a class that is not @cython.final (the copy would call its methods through
    the method table, as the generic one does), or for a copy compiled for another class
    (its module's GameT); ValueError for a class that has another module's copy already."""
    global _registered_count
    cdef const SearchKernels* kernels
    if not isinstance(game_type, type) or not issubclass(game_type, NativeGame):
        raise TypeError("register_kernels takes a NativeGame subclass")
    if not PyCapsule_IsValid(capsule, KERNELS_CAPSULE_NAME):
        raise TypeError("register_kernels takes a capsule made by kernels_capsule()")
    name = game_type.__name__
    if game_type.__flags__ & Py_TPFLAGS_BASETYPE:
        raise TypeError(f"{name} must be declared @cython.final to have its own compiled search: "
                        f"without it the compiler calls its methods through the method table, "
                        f"and the copy runs no faster than the generic one")
    kernels = <const SearchKernels*> PyCapsule_GetPointer(capsule, KERNELS_CAPSULE_NAME)
    if not kernels.takes(game_type.__new__(game_type)):
        raise TypeError(f"this compiled search is for another class than {name}: register a "
                        f"module's kernels_capsule() for the class its GameT names")
    existing = _kernels_by_type.get(game_type)
    if existing is not None and PyCapsule_GetPointer(existing, KERNELS_CAPSULE_NAME) != kernels:
        raise ValueError(f"{name} has a compiled search already, from another module")
    if existing is None:
        if _registered_count == MAX_REGISTERED_TYPES:
            raise ValueError(f"{name}: no room for another game type's compiled search "
                             f"({MAX_REGISTERED_TYPES} are registered)")
        _registered[_registered_count].game_type = <PyObject*> game_type
        _registered[_registered_count].kernels = kernels
        _registered_count += 1
    _kernels_by_type[game_type] = capsule


def searches_in_copies(game_type):
    """Whether run_many can search games of exactly `game_type` in a copy of its own (see
    run_many): its module sets the copy_into kernel hook."""
    cdef const SearchKernels* kernels = kernels_of_type(<PyObject*> game_type)
    return kernels != NULL and kernels.copy_into != NULL


def _registered_kernels(game_type):
    """For tests: the capsule registered for `game_type`, or None."""
    return _kernels_by_type.get(game_type)


def kernel_for(game):
    """The name of the compiled copy of the algorithms that searches `game`: its type's name
    for a built-in game with its own copy, "generic" otherwise."""
    return type(game).__name__ if type(game) in _kernels_by_type else "generic"


cdef bint lean_node_allowed = True     # False only in tests (_allow_lean_node)


def _allow_lean_node(allowed):
    """For tests: whether searches may run the lean copy of the enhanced node (True, the
    default), or always the whole node, to check that both give the same results. Not
    thread-safe; set it before searching."""
    global lean_node_allowed
    lean_node_allowed = bool(allowed)


cdef inline bint runs_lean_node(SearchContext* c) noexcept nogil:
    """Whether the enhanced alpha-beta can run its lean copy (ext/engine/alphabeta.pxi.in):
    none of null move, reductions, check extensions, quiescence, repetition draws on the path
    or Lazy SMP's shared moves is on."""
    return lean_node_allowed and not (
        c.options.use_null_move or c.options.use_lmr or c.options.use_quiescence
        or c.checks_known or c.path_draws or c.busy_moves != NULL)


cdef struct SolveNote:
    # What the SolveResult of a batch's clean solve is made of (Searcher.note_solve).
    int64_t counters[COUNTER_COUNT]
    double elapsed
    Score lower
    Score upper
    int status
    int pv_length
    Py_ssize_t pv_start             # where its line starts in the batch's PvStore


cdef struct PvStore:
    # The lines of a batch's noted solves, one after the other.
    Move* moves
    Py_ssize_t used
    Py_ssize_t capacity


@cython.final
cdef class Searcher:
    """One search over one native game: create it with the options (validated by
    negamax.options), call run() or solve(), read the dict it returns."""

    cdef SearchContext context
    cdef SharedLimits limits
    cdef NativeGame game
    cdef const SearchKernels* kernels
    cdef object kernels_for               # the game type `kernels` was picked for
    cdef SearchOptions requested          # the options as asked for (read_options)
    cdef dict options_read                # the dict they were read from
    cdef void* stacks                     # one block holding the context's stacks (allocate)
    cdef size_t stacks_size
    cdef readonly str kernel              # which copy of the algorithms runs
    """Which compiled copy of the algorithms runs (as SearchResult.kernel, without the
    fast-path suffix)."""
    cdef str kernel_lean                  # kernel + ":lean", made once (a batch reads it per game)
    cdef const char* named_fast_path      # the fast path kernel_fast names (NULL: none yet)
    cdef str kernel_fast                  # kernel + ":" + that fast path's name, made once
    cdef TranspositionTable table         # keeps the table alive while searching
    cdef StopSignal stop_signal
    cdef object on_iteration              # called with a dict after each completed iteration
    cdef bint reports_iterations
    cdef int64_t first_poll_interval      # nodes to a search's first poll (adapt_poll_interval)
    cdef public object pending_error      # raised by a signal handler or a callback
    """The exception a signal handler or a callback raised during the search, or None."""
    cdef double started
    cdef double finished_at
    cdef list helpers                     # Lazy SMP: the helper threads' searchers
    cdef list helper_threads              # Lazy SMP: a lock each running helper holds
    cdef uint64_t* busy_moves             # Lazy SMP: the moves being searched, shared (ttable.pxd)

    # Iterative deepening: the deepest completed iteration, and the next depth to search.
    cdef int next_depth
    cdef int completed_depth
    cdef Score completed_value
    cdef Move* completed_pv
    cdef int completed_pv_length
    # The solver's bounds.
    cdef Score lower, upper

    def __cinit__(self):
        self.stacks = NULL
        self.stacks_size = 0
        self.context.moves = NULL
        self.context.sort_keys = NULL
        self.context.pv_table = NULL
        self.context.pv_length = NULL
        self.context.path = NULL
        self.context.killers = NULL
        self.context.history = NULL
        self.context.trace_ply = NULL
        self.context.trace_move = NULL
        self.context.trace_value = NULL
        self.completed_pv = NULL
        self.busy_moves = NULL
        self.context.root_moves = NULL
        self.context.root_move_count = 0

    def __dealloc__(self):
        free(self.busy_moves)
        free(self.stacks)
        free(self.context.history)
        free(self.context.trace_ply)
        free(self.context.trace_move)
        free(self.context.trace_value)
        free(self.context.root_moves)

    def __init__(self, NativeGame game not None, dict options, TranspositionTable table=None,
                 StopSignal stop=None, on_iteration=None, int threads=1):
        """`options` holds every field of SearchOptions (negamax.options builds it); `table`
        is the transposition table when options["use_tt"]; `stop` a StopSignal or None;
        `threads` > 1 adds helper threads (Lazy SMP) searching copies of the game and
        sharing the table, the limits and the stop flag."""
        if not 1 <= threads <= MAX_THREADS:     # the shared limits hold a slot per thread
            raise ValueError(f"threads must be between 1 and {MAX_THREADS}, got {threads}")
        self.stop_signal = stop
        self.on_iteration = on_iteration
        self.reports_iterations = on_iteration is not None
        self.pending_error = None
        self.helpers = []
        self.helper_threads = []
        self.bind(game, options, table)
        if threads > 1:
            helper_options = dict(options, tracing=False)    # the trace is the main thread's
            self.helpers = [Searcher(game.copy(), helper_options, table, None, None)
                            for _ in range(threads - 1)]
            self.allocate_busy_moves()

    cdef void bind(self, NativeGame game, dict options, TranspositionTable table) except *:
        """Set the search up for `game` with `options` (see __init__). A batch binds one
        Searcher to each of its games in turn (run_many): every setting is made again, and
        the stacks are kept when they are large enough. Not for a Searcher with helpers."""
        cdef SearchOptions* o = &self.context.options
        cdef int room, game_plies, tail
        self.game = game
        if options is not self.options_read:    # a batch's games mostly share one dict
            self.read_options(options)
        # What the game offers decides which of the enhancements asked for are used.
        o[0] = self.requested
        o.use_tt = o.use_tt and table is not None and game.has_keys
        o.use_safe_moves = o.use_safe_moves and game.has_safe_moves
        o.use_quiescence = o.use_quiescence and game.has_noisy_moves
        o.use_check_extension = o.use_check_extension and game.has_check
        o.use_null_move = o.use_null_move and game.has_null_move
        o.use_lmr = o.use_lmr and game.has_noisy_moves
        self.context.enhanced = o.algorithm == PVS or o.algorithm == MTDF or (
            o.algorithm == ALPHABETA and (o.use_tt or o.use_killers or o.use_history or o.use_pvs
                                          or o.use_aspiration or o.use_safe_moves or o.use_quiescence
                                          or o.use_check_extension or o.use_null_move or o.use_lmr))
        if not self.context.enhanced:     # the plain algorithms take no enhancement
            o.use_quiescence = o.use_check_extension = o.use_null_move = o.use_lmr = False
        self.context.checks_known = game.has_check and (
            o.use_check_extension or o.use_null_move or o.use_lmr or o.use_quiescence)
        self.context.path_draws = game.has_path_draws and o.use_tt
        self.table = table if o.use_tt else None
        self.context.table = &table.table if o.use_tt else NULL
        free(self.context.root_moves)     # a restriction is set after binding (restrict_root)
        self.context.root_moves = NULL
        self.context.root_move_count = 0

        if type(game) is not self.kernels_for:
            capsule = _kernels_by_type.get(type(game))
            if capsule is not None:
                self.kernels = <const SearchKernels*> PyCapsule_GetPointer(capsule, KERNELS_CAPSULE_NAME)
                self.kernel = type(game).__name__
            else:
                self.kernels = &KERNELS
                self.kernel = "generic"
            self.kernel_lean = f"{self.kernel}:lean"
            self.named_fast_path = NULL
            self.kernels_for = type(game)
            # A game written in Python may spend milliseconds on a node: its first poll
            # comes after one node, and the interval grows from there while polls are quick.
            self.first_poll_interval = 1 if isinstance(game, python_game_type()) else POLL_INTERVAL

        # Stacks: the plies the game can last, or the depth plus the room extensions and
        # quiescence may take, whichever is less.
        room = EXTENSION_ROOM if (o.use_quiescence or o.use_check_extension) else 0
        game_plies = min(max(game.max_ply, 0), MAX_SEARCH_PLY)
        # The stacks end where the game does (a line past it is the game's fault, and the
        # solver bounds wins and losses by it) only if max_ply bounds the game's length and
        # the engine can follow it that far; otherwise a line ends there at the horizon.
        self.context.capacity_from_game = (game.max_ply_ends_game and game.max_ply <= MAX_SEARCH_PLY
                                           and game_plies <= o.max_depth + room)
        # With a table, a win or loss can come from a deeper search's entry, past the depth:
        # room for the rest of its line (iterate completes up to DECISION_TAIL_PLIES of it),
        # where the game does not end first. The search itself never goes past the depth.
        tail = DECISION_TAIL_PLIES if o.use_tt else 0
        self.context.capacity = min(game_plies, o.max_depth + room + tail, MAX_SEARCH_PLY) + 1
        self.context.max_moves = max(1, game.max_moves)
        self.allocate()

    def rebind(self, NativeGame game not None, dict options, TranspositionTable table=None,
               StopSignal stop=None):
        """Set this Searcher up for another search, as __init__ would (a thread's plain calls
        reuse one Searcher and its stacks). Not for one with helpers or an iteration callback."""
        if self.helpers or self.reports_iterations:
            raise ValueError("rebind is for a Searcher of one thread without on_iteration")
        self.retarget(game, options, table, stop)

    cdef void retarget(self, NativeGame game, dict options, TranspositionTable table,
                       StopSignal stop) except *:
        """rebind without its checks (run_many's Searcher has no helpers and no callback)."""
        self.stop_signal = stop
        self.pending_error = None
        self.bind(game, options, table)

    def restrict_root(self, moves):
        """Search only these moves at the root (the game's integer moves, each legal there,
        without repeats: negamax.api checks them); the helper threads too."""
        # A list of its own, sorted (keep_root_moves bisects it), sized by what it holds: a
        # sequence's len() need not match what it yields.
        cdef list codes = sorted(moves)
        cdef Py_ssize_t i, count = len(codes)
        cdef Searcher helper
        if count < 1 or count > self.context.max_moves:
            raise ValueError(f"restrict_root takes 1 to {self.context.max_moves} moves, got {count}")
        cdef Move* kept = <Move*> malloc(count * sizeof(Move))
        if kept == NULL:
            raise MemoryError()
        try:
            for i in range(count):
                kept[i] = codes[i]
        except BaseException:
            free(kept)                 # not an int move (a float, one past 32 bits)
            raise
        free(self.context.root_moves)
        self.context.root_moves = kept
        self.context.root_move_count = <int> count
        for helper in self.helpers:
            helper.restrict_root(codes)

    cdef void read_options(self, dict options) except *:
        """The options asked for (see __init__), before bind fits them to a game."""
        cdef SearchOptions* o = &self.requested
        # negamax.options checks every option for the public API; these two size and steer
        # the native buffers, so even this private door refuses what would run past them.
        if not MINIMAX <= options["algorithm"] <= MTDF or options["max_depth"] < 0:
            raise ValueError(f"options: algorithm must be {MINIMAX} to {MTDF} and max_depth "
                             f"at least 0, got {options['algorithm']!r} and {options['max_depth']!r}")
        o.algorithm = options["algorithm"]
        o.max_depth = min(<int> options["max_depth"], UNLIMITED_DEPTH)
        o.ordering = options["ordering"]
        o.iterative = options["iterative"]
        o.root_maximizing = options["root_maximizing"]
        o.tracing = options["tracing"]
        o.node_limit = options["node_limit"]
        o.time_limit = options["time_limit"]
        o.use_tt = options["use_tt"]
        o.use_killers = options["use_killers"]
        o.use_history = options["use_history"]
        o.use_pvs = options["use_pvs"] or o.algorithm == PVS
        o.use_aspiration = options["use_aspiration"]
        o.use_safe_moves = options["use_safe_moves"]
        o.use_quiescence = options["use_quiescence"]
        o.use_check_extension = options["use_check_extension"]
        o.use_null_move = options["use_null_move"]
        o.use_lmr = options["use_lmr"]
        self.options_read = options

    cdef void allocate_busy_moves(self) except *:
        """Lazy SMP: the shared marks of the moves being searched (see ttable.pxd)."""
        self.busy_moves = <uint64_t*> calloc(BUSY_SLOTS, sizeof(uint64_t))
        if self.busy_moves == NULL:
            raise MemoryError("not enough memory for the Lazy SMP move marks")

    cdef void allocate(self) except *:
        """The stacks for the context's capacity and max_moves, cleared as a new search
        needs them: a block kept from an earlier binding is reused when it is large enough."""
        cdef SearchContext* c = &self.context
        # Slack after the last ply's row (a ply more, and MOVE_SLACK moves): a game that breaks
        # its max_moves, by up to MOVE_SLACK moves at any ply, writes inside the buffer and is
        # caught (FAIL_TOO_MANY_MOVES) before its moves are read.
        cdef size_t plies = c.capacity, moves = <size_t> (c.capacity + 1) * c.max_moves + MOVE_SLACK
        # One block for every stack, int64 keys first so that every part is aligned. The
        # large stacks (moves, their sort keys, the PV table: capacity squared) are not
        # cleared: a batch of short searches would pay for it at every position, and a chess
        # solve's 4 MB PV table would be touched in full. A ply's moves and keys, and a PV
        # row's first pv_length entries, are written before they are read.
        cdef size_t zeroed = plies * 4 * sizeof(Move) + plies * sizeof(int)
        cdef size_t unzeroed = moves * (sizeof(int64_t) + sizeof(Move)) + plies * plies * sizeof(Move)
        cdef char* block = <char*> self.stacks
        if unzeroed + zeroed > self.stacks_size:
            free(self.stacks)
            self.stacks_size = 0
            block = <char*> malloc(unzeroed + zeroed)
            self.stacks = block
            if block != NULL:
                self.stacks_size = unzeroed + zeroed
        # The history table only where it is read (32 kB to clear: a batch of short solves
        # would pay for it at every position).
        if c.options.use_history:
            if c.history == NULL:
                c.history = <int32_t*> calloc(2 * HISTORY_SIZE, sizeof(int32_t))
            else:
                memset(c.history, 0, 2 * HISTORY_SIZE * sizeof(int32_t))
        else:
            free(c.history)
            c.history = NULL
        if block == NULL or (c.options.use_history and c.history == NULL):
            c.sort_keys = NULL
            c.moves = c.pv_table = c.path = c.killers = self.completed_pv = NULL
            c.pv_length = NULL
            raise MemoryError(f"not enough memory for the search stacks of {c.capacity} plies "
                              f"of {c.max_moves} moves")
        c.sort_keys = <int64_t*> block
        c.moves = <Move*> (block + moves * sizeof(int64_t))
        c.pv_table = c.moves + moves
        memset(block + unzeroed, 0, zeroed)
        c.path = <Move*> (block + unzeroed)
        c.killers = c.path + plies
        self.completed_pv = c.killers + plies * 2
        c.pv_length = <int*> (self.completed_pv + plies)
        for i in range(plies * 2):
            c.killers[i] = -1

    cdef void prepare(self):
        """Reset the state a run or solve starts from (with the GIL)."""
        cdef SearchContext* c = &self.context
        c.status = RUNNING
        c.limits = &self.limits
        c.poll = poll_limits
        c.game_error = &self.game.error
        c.owner = <void*> self
        c.thread_index = 0
        c.busy_moves = self.busy_moves
        if self.busy_moves != NULL:
            memset(self.busy_moves, 0, BUSY_SLOTS * sizeof(uint64_t))
        c.lean = runs_lean_node(c)
        c.preferred_root_move = -1
        c.root_ply = 0
        c.root_has_best = False       # a kept Searcher must not report its last game's move
        c.trace_count = 0
        c.fast_path = NULL
        c.poll_interval = self.first_poll_interval
        c.nodes_until_poll = (min(c.poll_interval, c.options.node_limit) if c.options.node_limit > 0
                              else c.poll_interval)
        self.limits.stop = RUNNING
        self.limits.finished_by = 0
        self.limits.thread_count = 1 + len(self.helpers)
        if self.helpers:      # read only by the threads of a Lazy SMP search
            memset(self.limits.searching_depth, 0, sizeof(self.limits.searching_depth))
        self.limits.nodes = 0
        self.limits.solve_lower = -WIN
        self.limits.solve_upper = WIN
        c.shares_bounds = False
        self.limits.external_stop = &self.stop_signal.flag if self.stop_signal is not None else NULL
        self.next_depth = 1 if c.options.iterative and c.options.max_depth > 0 else c.options.max_depth
        self.completed_depth = -1
        self.completed_value = 0
        self.completed_pv_length = 0
        self.lower = -WIN
        self.upper = WIN
        c.nodes_flushed = 0
        c.next_signal_check = 0.0    # the first poll looks for Ctrl-C
        memset(&c.stats, 0, sizeof(SearchStats))
        cdef Searcher helper
        for index, helper in enumerate(self.helpers, 1):
            helper.prepare_helper(self, index)

    cdef void prepare_helper(self, Searcher main, int index):
        """A helper of a Lazy SMP search: its own stacks, the main searcher's limits. Odd
        helpers start one ply deeper, so the threads are rarely on the same iteration."""
        cdef SearchContext* c = &self.context
        c.status = RUNNING
        c.limits = &main.limits
        c.poll = poll_limits
        c.game_error = &self.game.error
        c.owner = <void*> self
        c.thread_index = index
        c.busy_moves = main.busy_moves
        c.lean = runs_lean_node(c)
        c.fast_path = NULL
        c.shares_bounds = False
        c.preferred_root_move = -1
        c.root_ply = 0
        c.poll_interval = c.nodes_until_poll = self.first_poll_interval
        c.nodes_flushed = 0
        c.next_signal_check = 0.0    # the first poll looks for Ctrl-C
        memset(&c.stats, 0, sizeof(SearchStats))
        self.next_depth = main.next_depth + (index & 1) if c.options.iterative else main.next_depth
        self.next_depth = min(self.next_depth, c.options.max_depth)
        self.completed_depth = -1
        self.completed_value = 0
        self.completed_pv_length = 0
        self.lower = -WIN
        self.upper = WIN

    cdef void start_clock(self) noexcept nogil:
        """The search starts now: its clock, and a new generation of its table (not before:
        a batch prepares every search first, and each must see only its own entries)."""
        if self.context.options.use_tt:
            self.table.new_generation()
        self.started = negamax_monotonic_seconds()
        self.context.last_poll = self.started
        self.limits.deadline = self.started + self.context.options.time_limit
        if self.limits.external_stop != NULL and negamax_load_int(self.limits.external_stop):
            # A StopSignal set before the start: the first node polls, and stops there (a
            # search of fewer nodes than a poll interval would otherwise never look at it).
            self.context.nodes_until_poll = 0

    cdef void start_helpers(self, bint solve, bint weak) except *:
        """Start the helper threads (after start_clock: they read the shared deadline), each
        with the stack its search needs (see stack.pxi) and a lock it holds until its search
        is over (stop_helpers waits on them). Ctrl-C while they start stops the search, which
        then returns what it has, as Ctrl-C during the search does."""
        cdef Searcher helper
        try:
            for helper in self.helpers:
                helper.context.last_poll = self.started
                running = _thread.allocate_lock()
                running.acquire()
                start_thread(_helper_thread, (helper, running, solve, weak), stack_needed(helper))
                self.helper_threads.append(running)     # only once started: stop_helpers waits
        except KeyboardInterrupt:
            negamax_store_int(&self.limits.stop, STOP_INTERRUPTED)

    cdef void stop_helpers(self) except *:
        """Stop the helpers (the main thread is done) and wait for each to release its lock:
        no helper may read this search's limits or table after the call returns. Waiting
        cannot be cut short: Ctrl-C meanwhile is taken as a stop (they are stopping)."""
        if negamax_load_int(&self.limits.stop) == RUNNING:
            negamax_store_int(&self.limits.stop, STOP_COMPLETED)
        cdef Py_ssize_t last
        while self.helper_threads:
            last = len(self.helper_threads) - 1
            try:
                if self.helper_threads[last].acquire(True, 0.05):
                    del self.helper_threads[last]
            except KeyboardInterrupt:
                pass

    def run_helper(self, bint solve, bint weak):
        """The body of a helper thread: search until the main thread stops."""
        self.check_bound()
        with nogil:
            if solve:
                solve_bounds(self, weak)
                if self.context.status == RUNNING:     # solved before the main thread
                    finish_first(&self.context)
            else:
                iterate(self)

    # --- searching ---------------------------------------------------------------------------

    def run(self, bint result_here=False):
        """Search and return a dict of plain Python values (see negamax.search for meanings);
        or, with `result_here` (a built-in game, or a uniform tree: a game whose values are
        the engine's scores or whose kernels set search_value), the SearchResult itself when
        the search ended cleanly (see search_outcome)."""
        self.check_bound()
        return run_with_stack(self, self._run, (result_here,))

    def _run(self, bint result_here):
        self.prepare()
        cdef bint more
        self.claim_table()
        try:
            self.start_clock()
            try:
                self.start_helpers(False, False)
                with nogil:
                    more = iterate(self)
                while more:          # an iteration callback is set: report, then go on
                    self.report_iteration()
                    if self.context.status != RUNNING:
                        break
                    with nogil:
                        more = iterate(self)
            finally:
                self.stop_helpers()
            return self.search_outcome(negamax_monotonic_seconds() - self.started, result_here)
        finally:
            self.release_table()

    def interrupted_at_start(self, bint solve):
        """The result dict of this search stopped before it began (Ctrl-C arrived while the
        Python layer was setting it up): no value, no nodes, status "interrupted"."""
        self.check_bound()
        self.prepare()
        with nogil:
            skip_interrupted(self)
        return self.collect_solve(0.0) if solve else self.collect(0.0)

    cdef void check_bound(self) except *:
        """A Searcher made by __new__ alone has no game and no stacks: refuse to search."""
        if self.game is None:
            raise ValueError("this Searcher was made without __init__: it has no game to search")

    cdef void claim_table(self) except *:
        if self.table is not None:
            self.table.claim()

    cdef void release_table(self):
        if self.table is not None:
            self.table.release()

    cdef void report_iteration(self):
        try:
            self.on_iteration(self.collect(negamax_monotonic_seconds() - self.started, False))
        except KeyboardInterrupt:
            # Ctrl-C while the callback ran (printing progress, say): the search stops and
            # returns what it has, as Ctrl-C anywhere else in it does.
            fail(&self.context, STOP_INTERRUPTED)
        except BaseException as error:
            self.pending_error = error
            fail(&self.context, FAIL_SIGNAL_HANDLER)

    def solve(self, bint weak, bint result_here=False):
        """Find the exact value to the end of the game with null-window searches (only its
        sign when `weak`), sharing the transposition table between them. Returns a dict:
        lower and upper bounds (equal when solved), the principal variation, counters; or,
        with `result_here` (a built-in game that is not a tree), the SolveResult itself
        when the solve ended cleanly (see solve_outcome)."""
        self.check_bound()
        return run_with_stack(self, self._solve, (weak, result_here))

    def _solve(self, bint weak, bint result_here):
        self.prepare()
        cdef Searcher helper
        if self.helpers and not weak:     # the threads bisect together (solve_bounds)
            self.context.shares_bounds = True
            for helper in self.helpers:
                helper.context.shares_bounds = True
        self.claim_table()
        try:
            self.start_clock()
            try:
                self.start_helpers(True, weak)
                with nogil:
                    solve_bounds(self, weak)
                    finish_solve(self)
            finally:
                self.stop_helpers()
            return self.solve_outcome(negamax_monotonic_seconds() - self.started, weak,
                                      result_here)
        finally:
            self.release_table()

    # --- results -----------------------------------------------------------------------------

    cdef void counter_values(self, int64_t* totals, bint helpers_done=True):
        """The counters of every thread of the search (COUNTER_COUNT of them, in COUNTER_NAMES'
        order), summed (max_ply: the deepest). While helper threads still run (an iteration
        report), their counters are being written and are not read: the main thread's own,
        with the nodes of every thread as far as the shared node count has them (each thread
        adds its nodes at its polls)."""
        cdef int64_t values[COUNTER_COUNT]
        cdef Searcher helper
        cdef int i
        self.thread_counter_values(totals)
        if not helpers_done:
            if self.helpers:
                # Every thread's flushed nodes (the main thread's among them), and the main
                # thread's not yet flushed.
                totals[COUNTER_NODES] = (negamax_load_i64(&self.limits.nodes)
                                         + self.context.stats.nodes - self.context.nodes_flushed)
            return
        for helper in self.helpers:
            helper.thread_counter_values(values)
            for i in range(COUNTER_COUNT):
                if i == COUNTER_MAX_PLY:
                    totals[i] = max(totals[i], values[i])
                else:
                    totals[i] += values[i]

    cdef void thread_counter_values(self, int64_t* values):
        """This thread's counters, in COUNTER_NAMES' order."""
        cdef SearchStats* s = &self.context.stats
        values[:COUNTER_COUNT] = [
            s.nodes, s.leaves, s.cutoffs, s.max_ply, s.first_move_cutoffs, s.tt_probes,
            s.tt_hits, s.tt_cutoffs, s.tt_stores, s.killer_cutoffs, s.pvs_researches,
            s.aspiration_researches, s.null_window_searches, s.immediate_wins, s.forced_losses,
            s.quiescence_nodes, s.check_extensions, s.null_move_cutoffs, s.reductions,
            s.reduction_researches, s.iterations]

    def kept_bytes(self):
        """Bytes of native memory this Searcher holds from one search to the next: its stacks
        (the principal-variation table grows with the square of the depth), the history
        table and the trace buffers (negamax.api keeps a thread's Searcher only when small)."""
        cdef SearchContext* c = &self.context
        cdef size_t held = self.stacks_size + c.trace_capacity * (2 * sizeof(int32_t) + sizeof(int64_t))
        if c.history != NULL:
            held += 2 * HISTORY_SIZE * sizeof(int32_t)
        return held

    def thread_nodes(self):
        """Lazy SMP: the nodes each thread of the last search entered (the main thread first),
        for measuring how the work was shared."""
        cdef Searcher helper
        return [self.context.stats.nodes] + [helper.context.stats.nodes for helper in self.helpers]

    cdef Searcher best_thread(self, bint solve):
        """Lazy SMP: the thread whose result is reported. A helper that finished the whole
        search first; else the thread with the deepest completed iteration (the main thread
        on ties); for a solve, a helper whose bounds met when the main thread's did not."""
        cdef Searcher helper, best = self
        cdef int finished = negamax_load_int(&self.limits.finished_by)
        if finished > 0:
            return self.helpers[finished - 1]
        for helper in self.helpers:
            if solve:
                if best.lower < best.upper and helper.lower == helper.upper:
                    best = helper
            elif helper.completed_depth > best.completed_depth:
                best = helper
        return best

    cdef dict collect(self, double elapsed, bint helpers_done=True):
        """The result as plain Python values. `helpers_done` False: an iteration report, made
        while helper threads may still run: it reads only what the main thread owns (its
        own iterations and counters) and the shared node count, never a helper's state."""
        cdef SearchContext* c = &self.context
        cdef int64_t i
        cdef Searcher best = self.best_thread(False) if self.helpers and helpers_done else self
        cdef int64_t counters[COUNTER_COUNT]
        self.counter_values(counters, helpers_done)  # summed over threads; max_ply the deepest
        if best is not self:
            value = best.completed_value
            pv = [best.completed_pv[i] for i in range(best.completed_pv_length)]
            depth = best.completed_depth
        elif self.completed_depth >= 0:
            value = self.completed_value
            pv = [self.completed_pv[i] for i in range(self.completed_pv_length)]
            depth = self.completed_depth
        elif c.root_has_best:   # stopped inside the first iteration: best root move so far
            value = c.root_best_value
            pv = [c.root_best_move]
            depth = 0
        else:
            value = None
            pv = []
            depth = 0
        # A completed iteration, this thread's or a helper's (one that finished the last
        # iteration first stops this thread before it completes any).
        if c.status == STOP_COMPLETED and (self.completed_depth >= 0 or best is not self):
            # To a depth: that depth, also when iterative deepening ended early because no
            # line reached its horizon (the result is then the one a single search to that
            # depth gives, depth included). To the end: mapped below.
            depth = c.options.max_depth
        if depth == UNLIMITED_DEPTH:
            # A search to the end (complete, or complete but for the lengthening of its line,
            # which a limit stopped): the longest line searched, or the principal variation
            # where it is longer (the rules' bounds settled its last moves unsearched: a win
            # at once, a draw when no four can come), and at least as deep as the win or loss
            # its value proves; never the internal UNLIMITED_DEPTH.
            depth = max(counters[COUNTER_MAX_PLY], len(pv),
                        WIN - abs(value) if value is not None and abs(value) > EVAL_LIMIT else 0)
        status = self.reported_status(best)
        trace = None
        if c.status == FAIL_OUT_OF_MEMORY:    # the trace could not grow: drop it, free memory
            free(c.trace_ply)
            free(c.trace_move)
            free(c.trace_value)
            c.trace_ply = c.trace_move = NULL
            c.trace_value = NULL
            c.trace_count = c.trace_capacity = 0
        elif c.options.tracing:
            trace = ([c.trace_ply[i] for i in range(c.trace_count)],
                     [c.trace_move[i] for i in range(c.trace_count)],
                     [None if c.trace_value[i] == TRACE_NO_VALUE else c.trace_value[i]
                      for i in range(c.trace_count)])
        # The iterations completed: this thread's, or the helper's whose result this is.
        counters[COUNTER_ITERATIONS] = max(c.stats.iterations, best.context.stats.iterations)
        return {
            "value": value, "pv": pv, "depth": depth, "status": STATUS_NAMES[status],
            "stats": stats_object(counters), "elapsed": elapsed,
            "trace": trace, "kernel": self.kernel_that_ran(),
            "seldepth": c.stats.max_ply,
            "hashfull": self.table_fill(helpers_done),
            "error": self.pending_error,
        }

    cdef int reported_status(self, Searcher best) noexcept:
        """The status a search reports whose result is `best`'s (best_thread): this thread's,
        but completed when a helper finished the whole search before the node or time limit
        that stopped this thread reached it (the helper's result, reported, is complete)."""
        cdef int status = self.context.status
        if (best is not self and best.context.status == STOP_COMPLETED
                and (status == STOP_NODE_LIMIT or status == STOP_TIME_LIMIT)):
            return STOP_COMPLETED
        return status

    cdef int table_fill(self, bint helpers_done=True):
        """Permille of the table holding this search's entries: counted as they are added
        (exact with one thread; threads storing into one slot at once may each count it),
        so reading it costs nothing, unlike a scan of the table. While helpers run, the main
        thread's entries only."""
        if self.table is None:
            return 0
        cdef int64_t added = self.context.stats.tt_added
        cdef Searcher helper
        if helpers_done:
            for helper in self.helpers:
                added += helper.context.stats.tt_added
        cdef int64_t entries = (self.table.table.bucket_mask + 1) * 2
        return <int> min(<int64_t> 1000, added * 1000 // entries)

    cdef object search_outcome(self, double elapsed, bint result_here):
        """What a search returns: its SearchResult when `result_here` asks for it (see run),
        the search kept no trace and it ended cleanly (completed,
        or stopped by its node or time limit) with no pending error: the Python layer's
        checks, which such a search cannot fail, are then skipped, as for solves
        (solve_outcome); else collect's dict."""
        raw = self.collect(elapsed)
        if not result_here or self.context.options.tracing or raw["error"] is not None:
            return raw
        cdef int status = self.reported_status(self.best_thread(False) if self.helpers else self)
        if not ends_cleanly(status):
            return raw
        return search_result_of(self.game, raw, self.context.options.algorithm,
                                clean_stop_reason(status))

    cdef str kernel_that_ran(self):
        """The compiled copy of the algorithms, and the game's own fast path if one ran
        (e.g. "UniformTree:walk") or else the lean copy of the enhanced node (":lean")."""
        if self.context.fast_path != NULL:
            if self.context.fast_path != self.named_fast_path:
                self.kernel_fast = f"{self.kernel}:{self.context.fast_path.decode('ascii')}"
                self.named_fast_path = self.context.fast_path
            return self.kernel_fast
        if self.context.enhanced and self.context.lean:
            return self.kernel_lean
        return self.kernel

    cdef dict collect_solve(self, double elapsed):
        cdef Searcher best = self.best_thread(True) if self.helpers else self
        return {
            "lower": best.lower, "upper": best.upper, "pv": best.proven_line(),
            "status": STATUS_NAMES[best.context.status], "stats": self.solve_stats(best),
            "elapsed": elapsed, "kernel": self.kernel_that_ran(), "error": self.pending_error,
        }

    cdef object solve_outcome(self, double elapsed, bint weak, bint result_here):
        """What a solve returns: its SolveResult when `result_here` asks for it (a built-in
        game that is not a tree) and the solve ended cleanly (solved_cleanly: the Python
        layer's checks, which such a solve cannot fail, are then skipped: a batch of short
        solves would pay for them and for the dict at every position); else collect_solve's
        dict."""
        cdef Searcher best = self.best_thread(True) if self.helpers else self
        if result_here and self.solved_cleanly(best):
            return solve_result_of(self.game, best.lower, best.upper,
                                   decoded_line(self.game, best.context.pv_table,
                                                best.completed_pv_length),
                                   self.solve_stats(best), elapsed, self.kernel_that_ran(),
                                   weak, clean_stop_reason(best.context.status))
        return self.collect_solve(elapsed)

    cdef bint solved_cleanly(self, Searcher best):
        """The solve whose result is `best`'s ended cleanly (completed, or stopped by its node
        or time limit), with no pending error and lower <= upper."""
        return (self.pending_error is None and ends_cleanly(best.context.status)
                and best.lower <= best.upper)

    cdef void note_solve(self, SolveNote* note, double elapsed, PvStore* lines) except *:
        """What solve_outcome needs of a clean solve on one thread (a batch's), kept in C so
        that the SolveResult can be made after the rest of the batch has run (run_many)."""
        cdef int i
        self.counter_values(note.counters)
        note.counters[COUNTER_ITERATIONS] = self.context.stats.null_window_searches
        note.elapsed = elapsed
        note.lower = self.lower
        note.upper = self.upper
        note.status = self.context.status
        note.pv_start = lines.used
        note.pv_length = self.completed_pv_length
        pv_store_room(lines, self.completed_pv_length)
        for i in range(self.completed_pv_length):
            lines.moves[lines.used + i] = self.context.pv_table[i]
        lines.used += self.completed_pv_length

    cdef list proven_line(self):
        """The line of the last completed pass of a solve, as the engine's integer moves."""
        cdef int i
        return [self.context.pv_table[i] for i in range(self.completed_pv_length)]

    cdef object solve_stats(self, Searcher best):
        """The SearchStats of a solve: every thread's counters, and `best`'s passes."""
        cdef int64_t counters[COUNTER_COUNT]
        self.counter_values(counters)
        counters[COUNTER_ITERATIONS] = best.context.stats.null_window_searches
        return stats_object(counters)


cdef void finish_solve(Searcher searcher) noexcept nogil:
    if searcher.context.status == RUNNING and searcher.game.error:
        fail(&searcher.context, FAIL_GAME_CALLBACK)
    if searcher.context.status == RUNNING:
        fail(&searcher.context, STOP_COMPLETED)


def _lazy_smp_next_depth(int completed, int max_depth, int thread_index, list searching):
    """Tests only: the iteration a thread of a Lazy SMP search takes after `completed`, while
    the threads are on the depths `searching` (see drivers.pxi, depth_after)."""
    cdef int depths[MAX_THREADS]
    cdef int i
    if not 2 <= len(searching) <= MAX_THREADS or not 0 <= thread_index < len(searching):
        raise ValueError("searching holds one depth per thread (2 to 256), thread_index one of them")
    for i in range(len(searching)):
        depths[i] = searching[i]
    return depth_after(completed, max_depth, thread_index, len(searching), depths)


def all_of_type(list items, type kind):
    """Whether every item of `items` is of exactly the type `kind` (True for none): the
    check a batch makes of its games, in C (a generator's all() cost 4 us for 100 games)."""
    cdef object item
    for item in items:
        if type(item) is not kind:
            return False
    return True


def run_many(list games, list options, TranspositionTable table=None, StopSignal stop=None,
             bint solve=False, weak=False, list results_here=None, list copies=None):
    """Search (or solve, `weak` as in Searcher.solve: one bool for every game, or a list of
    one per game) each native game of `games` with its options dict (the same dict object
    for games that share options), one after another, in one call: a single Searcher is
    bound to each game in turn, so a batch of short searches pays for its set-up and stacks
    once, not at every position. The GIL is released for each search (games written in
    Python take it back in their callbacks). Returns the result dicts, in order, each with
    "error": the exception a search left pending, or None; `results_here` (one bool per
    game, true for a built-in game that is not a tree) asks for a game's SolveResult or
    SearchResult itself instead, when its search ended cleanly (Searcher.solve_outcome,
    Searcher.search_outcome).

    `copies` (a list of one item per game): the games are the caller's own, all of one type
    whose module sets the copy_into kernel hook (ext/engine/kernel_table.pxd), and each is
    searched in one private copy, made once and given each game's position in turn, not
    in the game itself: a batch of short solves then allocates no object per position.
    copies[i] gets the object game i was searched in where its result is a dict (a search
    that did not end cleanly: the caller finishes its result with it), else None."""
    global _batch_copies
    cdef Py_ssize_t i, later, count = len(games)
    cdef Searcher searcher
    cdef bint stopped, weak_here, here
    cdef double elapsed
    cdef const SearchKernels* copy_kernels = NULL
    cdef NativeGame scratch = None
    if len(options) != count:
        raise ValueError(f"run_many takes one options dict per game: {count} games, "
                         f"{len(options)} options")
    weak_of = list(weak) if isinstance(weak, (list, tuple)) else [bool(weak)] * count
    if len(weak_of) != count:
        raise ValueError(f"run_many takes one weak flag per game: {count} games, {len(weak_of)} flags")
    if results_here is not None and len(results_here) != count:
        raise ValueError(f"run_many takes one results_here flag per game: {count} games, "
                         f"{len(results_here)} flags")
    for game in games:
        if not isinstance(game, NativeGame):
            raise TypeError(f"run_many takes native games, not {type(game).__name__}")
    results = []
    if count == 0:
        return results
    if copies is not None:
        copy_kernels = own_kernels(games[0])
        if copy_kernels == NULL or copy_kernels.copy_into == NULL or not all_of_type(games, type(games[0])):
            raise ValueError("run_many searches in copies only games of one type whose module "
                             "sets copy_into")
        if len(copies) != count:
            raise ValueError(f"run_many takes one copies item per game: {count} games, "
                             f"{len(copies)} items")
        scratch = games[0].copy()
        _batch_copies += 1
    searcher = Searcher(games[0] if scratch is None else scratch, options[0], table, stop)
    if searcher.reports_iterations:
        raise ValueError("run_many runs each search without on_iteration")
    # A clean solve's SolveResult is made after the whole batch has run, from what was noted
    # of it in C (notes, lines): the searches then run one after the other with the search's
    # code in the instruction cache, instead of each leaving it for the Python objects of
    # its result (a batch of short solves ran several hundred instruction-cache misses a
    # position that way, a C solver's loop a few).
    cdef SolveNote* notes = NULL
    cdef PvStore lines
    cdef list noted_kernels = None, noted_scores = None
    lines.moves = NULL
    lines.used = lines.capacity = 0
    if solve and results_here is not None and not searcher.helpers:
        notes = <SolveNote*> malloc(count * sizeof(SolveNote))
        if notes == NULL:
            raise MemoryError("no memory for a batch's solve notes")
        noted_kernels = [None] * count
        noted_scores = [None] * count
    if table is not None:
        table.claim()        # the batch's searches share the table one after the other
    try:
        for i in range(count):
            if scratch is not None:
                copy_kernels.copy_into(games[i], scratch)
            if i > 0:
                searcher.retarget(games[i] if scratch is None else scratch, options[i], table, stop)
            searcher.prepare()
            weak_here = weak_of[i]
            if stack_has_room(searcher):
                with nogil:
                    run_one(searcher, solve, weak_here)
            else:
                run_with_stack(searcher, _run_one, (searcher, solve, weak_here))
            stopped = stops_the_batch(searcher)
            elapsed = searcher.finished_at - searcher.started
            here = results_here is not None and results_here[i]
            if notes != NULL and here and searcher.solved_cleanly(searcher):
                searcher.note_solve(&notes[i], elapsed, &lines)
                noted_kernels[i] = searcher.kernel_that_ran()
                # Scored now, from the position searched (the line is decoded later: a
                # line_tuple reads nothing of the position).
                noted_scores[i] = exact_score(searcher.game, notes[i].lower, notes[i].upper,
                                              weak_here)
                results.append(None)           # made below
            else:
                outcome = (searcher.solve_outcome(elapsed, weak_here, here) if solve
                           else searcher.search_outcome(elapsed, here))
                results.append(outcome)
                if scratch is not None:
                    if type(outcome) is dict:
                        # The caller finishes this result with the object searched: it is
                        # theirs now, and the next position gets a copy of its own.
                        hand_over(scratch, games[i], copies, i)
                        if not stopped:
                            scratch = games[i].copy()
            if stopped:
                # Ctrl-C, the stop signal or a failure ended this search: the rest of the
                # batch stops too, each with no result (a Ctrl-C is seen once, by one search).
                for later in range(i + 1, count):
                    target = games[later]
                    if scratch is not None:
                        target = games[later].copy()
                        copies[later] = target
                    searcher.retarget(target, options[later], table, stop)
                    searcher.prepare()
                    with nogil:
                        skip_interrupted(searcher)
                    results.append(searcher.collect_solve(0.0) if solve else searcher.collect(0.0))
                break
        if notes != NULL:
            for i in range(len(results)):
                if noted_kernels[i] is not None:
                    results[i] = noted_solve_result(games[i], &notes[i], &lines,
                                                    noted_kernels[i], weak_of[i], noted_scores[i])
        return results
    finally:
        free(notes)
        free(lines.moves)
        if table is not None:
            table.release()


# Batches run_many has searched in copies of its own (for tests: a batch of built-in games
# is meant to; see tests/test_batch_copies.py).
cdef Py_ssize_t _batch_copies = 0


def _batches_in_copies():
    """For tests: how many run_many calls have searched their games in a copy of their own."""
    return _batch_copies


def _copy_into(NativeGame source not None, NativeGame target not None):
    """For tests: make `target` hold `source`'s position with its type's copy_into hook.
    TypeError unless both are of one type whose module sets it."""
    cdef const SearchKernels* kernels = own_kernels(source)
    if type(target) is not type(source) or kernels == NULL or kernels.copy_into == NULL:
        raise TypeError("_copy_into takes two games of one type whose module sets copy_into")
    kernels.copy_into(source, target)


cdef void hand_over(NativeGame searched, NativeGame game, list copies, Py_ssize_t i) except *:
    """Give run_many's caller `searched`, the copy game i was searched in, with the game's
    history (the copy's is the first game's)."""
    searched._history = game._history[:]
    copies[i] = searched


cdef object noted_solve_result(NativeGame game, SolveNote* note, PvStore* lines, str kernel,
                               bint weak, object score):
    """The SolveResult of a solve noted by Searcher.note_solve (what solve_outcome makes),
    with its score (exact_score) made when it was noted."""
    return scored_solve_result(note.lower, note.upper,
                               decoded_line(game, lines.moves + note.pv_start, note.pv_length),
                               stats_object(note.counters),
                               note.elapsed, kernel, weak, clean_stop_reason(note.status),
                               score)


cdef void pv_store_room(PvStore* lines, Py_ssize_t more) except *:
    """Room in `lines` for `more` moves past those used (doubling: a batch's lines are short)."""
    cdef Py_ssize_t wanted = lines.used + more, capacity
    cdef Move* grown
    if wanted <= lines.capacity:
        return
    capacity = max(wanted, 2 * lines.capacity, 1024)
    grown = <Move*> realloc(lines.moves, capacity * sizeof(Move))
    if grown == NULL:
        raise MemoryError("no memory for a batch's principal variations")
    lines.moves = grown
    lines.capacity = capacity


cdef bint stops_the_batch(Searcher searcher) noexcept nogil:
    """Whether a batch's search stops the whole batch: interrupted (Ctrl-C, the stop signal,
    or a Python game's callback that raised KeyboardInterrupt), or failed (a game that broke
    its contract or raised, a signal handler that raised: the batch raises that error, and
    the searches after it would be thrown away). A limit that stopped it stops only it."""
    return not ends_cleanly(searcher.context.status)


cdef void skip_interrupted(Searcher searcher) noexcept nogil:
    """A batch's search that never ran: interrupted at its start, with no result."""
    searcher.start_clock()
    fail(&searcher.context, STOP_INTERRUPTED)
    searcher.finished_at = searcher.started


def _helper_thread(Searcher helper, running, bint solve, bint weak):
    """A Lazy SMP helper thread: its search, then the release of `running`, which tells the
    main thread (stop_helpers) that it no longer reads the search's shared state."""
    try:
        helper.run_helper(solve, weak)
    finally:
        running.release()


def _run_one(Searcher searcher, bint solve, bint weak):
    """run_one, from Python (run_with_stack's thread)."""
    with nogil:
        run_one(searcher, solve, weak)


cdef void run_one(Searcher searcher, bint solve, bint weak) noexcept nogil:
    searcher.start_clock()
    if solve:
        solve_bounds(searcher, weak)
        finish_solve(searcher)
    else:
        iterate(searcher)
    searcher.finished_at = negamax_monotonic_seconds()

