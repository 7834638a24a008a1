"""The hand-written C baseline of the benchmark report (negamax._c_baseline).

A thin wrapper over ext/baseline/alphabeta.c: the same alpha-beta loop as negamax's over
the same int32 leaf array, with no move lists, principal variation or limits, and a plain
tic-tac-toe minimax. Compiled into the wheel so `negamax bench` needs no C compiler."""

from libc.stdint cimport int8_t, int32_t, int64_t

cimport numpy as cnp
import numpy as np

cnp.import_array()

cdef extern from "baseline/alphabeta.c" nogil:
    int64_t ab_uniform(const int32_t *leaves, int64_t n, int64_t branching, int depth,
                       int maximizing, int64_t *nodes_out, int64_t *leaves_out)
    int64_t ttt_minimax(const int8_t *board, int64_t *nodes_out, int64_t *leaves_out)


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
