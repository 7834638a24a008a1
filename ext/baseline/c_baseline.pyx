"""The hand-written C baselines of the benchmarks and of the report (negamax._c_baseline).

A thin wrapper over ext/baseline/: the plain max/min alpha-beta over a uniform tree's int32
leaf array (plain_alphabeta.c, what the speed ratios are measured against), the same walk with
node and leaf counters (alphabeta.c, to check counts), a plain tic-tac-toe minimax, and a plain
bitboard Connect Four solver (connect4_solver.c). Compiled into the wheel so `negamax bench`
needs no C compiler."""

cimport cython
import threading

from cpython.mem cimport PyMem_Free, PyMem_Malloc
from libc.stdint cimport int8_t, int32_t, int64_t

cimport numpy as cnp
import numpy as np

cnp.import_array()

cdef extern from "baseline/alphabeta.c" nogil:
    int64_t ab_uniform(const int32_t *leaves, int64_t n, int64_t branching, int depth,
                       int maximizing, int64_t *nodes_out, int64_t *leaves_out)
    int64_t ttt_minimax(const int8_t *board, int64_t *nodes_out, int64_t *leaves_out)

cdef extern from "baseline/plain_alphabeta.c" nogil:
    int32_t plain_alphabeta(const int32_t *leaves, int64_t count, int64_t branching, int depth,
                            int maximizing, int *ok)

cdef extern from "baseline/connect4_solver.c" nogil:
    ctypedef struct c4_solver:
        pass
    c4_solver *c4_solver_create()
    void c4_solver_destroy(c4_solver *solver)
    int c4_solver_solve(c4_solver *solver, const int8_t *columns, int count, int64_t *nodes)


def alphabeta_plain(const cnp.int32_t[::1] leaves not None, int branching, int depth,
                    bint maximizing=True):
    """Plain max/min fail-soft alpha-beta in C over the leaf array of a complete
    `branching`-ary tree of `depth` plies (leaves left to right, in MAX's terms), children in
    natural order: recursion over index ranges, no counters. Returns the value in MAX's terms.

    It walks the same nodes as alphabeta_uniform, which also counts them."""
    cdef int ok = 0
    cdef int32_t value
    if branching < 1 or depth < 0 or depth > 62:
        raise ValueError(f"branching must be >= 1 and depth within 0..62, got {branching}, {depth}")
    with nogil:
        value = plain_alphabeta(&leaves[0], leaves.shape[0], branching, depth, maximizing, &ok)
    if not ok:
        raise ValueError(f"{leaves.shape[0]} leaves do not make a tree of branching "
                         f"{branching} and depth {depth}")
    return int(value)


def alphabeta_uniform(const cnp.int32_t[::1] leaves not None, int branching, int depth,
                      bint maximizing=True):
    """Fail-soft alpha-beta in C over the leaf array of a complete `branching`-ary tree
    of `depth` plies (leaves left to right, in MAX's terms), children in natural order.

    Returns (value in MAX's terms, nodes entered, leaves read)."""
    cdef int64_t nodes = 0, leaf_count = 0, value
    if branching < 1 or depth < 0 or depth > 62:
        raise ValueError(f"branching must be >= 1 and depth within 0..62, got {branching}, {depth}")
    with nogil:
        value = ab_uniform(&leaves[0], leaves.shape[0], branching, depth, maximizing,
                           &nodes, &leaf_count)
    if nodes < 0:
        raise ValueError(f"{leaves.shape[0]} leaves do not make a tree of branching "
                         f"{branching} and depth {depth}")
    return int(value), int(nodes), int(leaf_count)


def minimax_tictactoe(board=None):
    """Full-depth max/min minimax in C from a 9-cell tic-tac-toe board (row by row,
    1 = x, -1 = o, 0 = empty; default: the empty board). A win p plies away scores
    WIN - p. Returns (value from the side to move, nodes entered, leaves read)."""
    array = np.zeros(9, dtype=np.int64) if board is None else np.asarray(board).reshape(-1)
    if array.shape[0] != 9 or not np.isin(array, (-1, 0, 1)).all():
        raise ValueError(f"a tic-tac-toe board is 9 cells of -1, 0 or 1, got {board!r}")
    cdef int8_t[::1] cells = np.ascontiguousarray(array, dtype=np.int8)
    cdef int64_t nodes = 0, leaf_count = 0, value
    with nogil:
        value = ttt_minimax(&cells[0], &nodes, &leaf_count)
    return int(value), int(nodes), int(leaf_count)


# ---------------------------------------------------------------- Connect Four

CONNECT4_WIDTH = 7
CONNECT4_HEIGHT = 6


def _has_four(cells, column, row, player):
    """Whether the stone of `player` at (column, row) completes four in a row."""
    for step_column, step_row in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            c, r = column + sign * step_column, row + sign * step_row
            while 0 <= c < CONNECT4_WIDTH and 0 <= r < CONNECT4_HEIGHT and cells[c][r] == player:
                run += 1
                c += sign * step_column
                r += sign * step_row
        if run >= 4:
            return True
    return False


def connect4_columns(moves):
    """The 0-based columns (bytes, one per move) of a Connect Four move string ("4453": 1-based column digits, as
    negamax.games.ConnectFour takes them), checked: TypeError if not a str, ValueError for a
    character that is not a column 1..7, a move into a full column, or a position where four
    in a row is already on the board (the solver takes games that are not over)."""
    if not isinstance(moves, str):
        raise TypeError(f"moves must be a str of column digits 1..7, not {type(moves).__name__}")
    cells = [[0] * CONNECT4_HEIGHT for _ in range(CONNECT4_WIDTH)]
    heights = [0] * CONNECT4_WIDTH
    columns = []
    for index, char in enumerate(moves):
        if char not in "1234567":
            raise ValueError(f"move {index + 1} of {moves[:60]!r} is {char!r}, not a column 1..7")
        column = ord(char) - ord("1")
        if heights[column] == CONNECT4_HEIGHT:
            raise ValueError(f"move {index + 1} of {moves[:60]!r}: column {char} is full")
        player = 1 + index % 2
        row = heights[column]
        cells[column][row] = player
        heights[column] += 1
        if _has_four(cells, column, row, player):
            raise ValueError(f"{moves[:60]!r}: the game is over (four in a row at move {index + 1})")
        columns.append(column)
    return bytes(columns)


@cython.auto_pickle(False)     # checked once here: a pickled one could hold what was never checked
cdef class Connect4Batch:
    """Connect Four positions checked once (see connect4_columns) and packed for the solver, so
    timing a solve leaves the Python-side checking out."""

    cdef readonly bytes columns     # every position's 0-based columns, one after the other
    """Every position's 0-based columns, one after the other."""
    cdef readonly bytes lengths     # moves in each position
    """The number of moves of each position."""
    cdef readonly tuple moves       # the move strings
    """The positions as move strings ("4453...")."""

    def __init__(self, moves_list):
        moves = tuple(moves_list)
        checked = [connect4_columns(one) for one in moves]
        self.columns = b"".join(checked)
        self.lengths = bytes([len(path) for path in checked])
        self.moves = moves

    def __len__(self):
        return len(self.lengths)


cdef class Connect4Solver:
    """A plain C Connect Four solver (7x6) with its own transposition table of 64 MB.

    solve(moves) -> (score, nodes): the score for the side to move in the convention of the
    published solver benchmarks (a win with one's k-th stone scores 22 - k, a loss the
    negative, a draw 0), and the nodes searched. Each solve starts a new table generation, so
    results do not depend on earlier solves. One solver is used by one thread at a time."""

    cdef c4_solver *solver
    cdef object lock

    def __cinit__(self):
        self.solver = c4_solver_create()
        if self.solver == NULL:
            raise MemoryError("no memory for the Connect Four solver's table (64 MB)")
        self.lock = threading.Lock()

    def __dealloc__(self):
        c4_solver_destroy(self.solver)
        self.solver = NULL

    def solve(self, moves):
        """(score, nodes) of the position after `moves` (see the class)."""
        return self.solve_many([moves])[0]

    def solve_many(self, moves_list):
        """[(score, nodes), ...] for each move string (or for a Connect4Batch), all checked
        first, then solved in one call into C without the GIL."""
        cdef Connect4Batch batch = (moves_list if isinstance(moves_list, Connect4Batch)
                                    else Connect4Batch(moves_list))
        cdef Py_ssize_t count = len(batch.lengths)
        cdef const char *columns = batch.columns
        cdef const unsigned char *sizes = batch.lengths
        cdef int64_t *nodes = <int64_t *>PyMem_Malloc(max(1, count) * sizeof(int64_t))
        cdef int *scores = <int *>PyMem_Malloc(max(1, count) * sizeof(int))
        cdef Py_ssize_t i, start = 0
        if nodes == NULL or scores == NULL:
            PyMem_Free(nodes)
            PyMem_Free(scores)
            raise MemoryError()
        try:
            with self.lock:
                with nogil:
                    for i in range(count):
                        scores[i] = c4_solver_solve(self.solver, <const int8_t *>&columns[start],
                                                    sizes[i], &nodes[i])
                        start += sizes[i]
            return [(scores[i], nodes[i]) for i in range(count)]
        finally:
            PyMem_Free(nodes)
            PyMem_Free(scores)


_solvers = threading.local()


def _thread_solver():
    solver = getattr(_solvers, "solver", None)
    if solver is None:
        solver = _solvers.solver = Connect4Solver()
    return solver


def connect4_solve(moves):
    """(score, nodes) of the Connect Four position after `moves` (1-based column digits, as
    negamax.games.ConnectFour takes them), by the plain C solver: the score for the side to
    move in the convention of the published solver benchmarks (a win with one's k-th stone
    scores 22 - k, a loss the negative, a draw 0). The calling thread's solver (and its 64 MB
    table) is made on first use and kept. ValueError for a bad move or a game already over."""
    return _thread_solver().solve(moves)


def connect4_solve_many(moves_list):
    """connect4_solve for each move string (or a Connect4Batch, checked beforehand), in one
    call into C (the GIL released once)."""
    return _thread_solver().solve_many(moves_list)
