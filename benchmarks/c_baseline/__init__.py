"""C baselines for the benchmarks, compiled into negamax as the module negamax._c_baseline (so
`negamax bench` has them in an installed wheel, without a C compiler):

- ext/baseline/plain_alphabeta.c: plain max/min alpha-beta over a uniform tree's leaf array,
  no counters (:func:`ab_plain`, what speed ratios are measured against);
- ext/baseline/alphabeta.c: the same walk counting nodes and leaves (:func:`ab_uniform`, to
  check counts), and a tic-tac-toe minimax (:func:`ttt_minimax`);
- ext/baseline/connect4_solver.c: a plain bitboard Connect Four solver
  (:func:`connect4_solve`, :func:`connect4_solve_many`).

:func:`load` raises :class:`BuildError` (a ``RuntimeError``) when this installation of
negamax was built without the module."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Sequence

__all__ = ["BuildError", "CompilerNotFound", "Result", "ab_plain", "ab_uniform", "as_int32_leaves",
           "connect4_batch", "connect4_solve", "connect4_solve_many", "load", "ttt_minimax"]


class CompilerNotFound(RuntimeError):
    """Kept for the callers that catch it: the baseline no longer compiles at run time."""


class BuildError(RuntimeError):
    """The installed negamax has no compiled C baseline."""


@dataclass(frozen=True)
class Result:
    value: int
    nodes: int
    leaves: int


def load() -> ModuleType:
    """The compiled C baseline module."""
    try:
        from negamax import _c_baseline
    except ImportError as error:
        raise BuildError(f"this negamax was built without its C baseline (negamax._c_baseline): {error}") from None
    return _c_baseline


def as_int32_leaves(leaves):
    """A C-contiguous int32 numpy array of ``leaves`` (ValueError if they don't fit / aren't integers)."""
    import numpy as np

    arr = np.asarray(leaves)
    if arr.dtype.kind not in "iu":
        if arr.dtype.kind == "f" and np.all(arr == np.round(arr)):
            arr = arr.astype(np.int64)
        else:
            raise ValueError(f"the C baseline needs integer leaves, got dtype {arr.dtype}")
    if arr.size and (arr.min() < -(2**31) + 1 or arr.max() > 2**31 - 1):
        raise ValueError("leaf values do not fit in int32")
    return np.ascontiguousarray(arr, dtype=np.int32).ravel()


def ab_uniform(leaves, branching: int, depth: int, maximizing: bool = True) -> Result:
    """Fail-soft negamax alpha-beta in C over the flat leaf array of a uniform tree.

    ``leaves`` should be an int32 array from :func:`as_int32_leaves` (converted here
    otherwise; convert once outside a timed loop)."""
    import numpy as np

    if not (isinstance(leaves, np.ndarray) and leaves.dtype == np.int32 and leaves.flags.c_contiguous):
        leaves = as_int32_leaves(leaves)
    return Result(*load().alphabeta_uniform(leaves, branching, depth, maximizing))


def ab_plain(leaves, branching: int, depth: int, maximizing: bool = True) -> int:
    """The value (MAX's terms) by the plain C max/min alpha-beta, which counts nothing.

    ``leaves`` must be a C-contiguous int32 array (see :func:`as_int32_leaves`)."""
    return load().alphabeta_plain(leaves, branching, depth, maximizing)


def connect4_solve(moves: str) -> tuple:
    """(score, nodes) of a Connect Four position (column digits 1..7) by the plain C solver;
    the score in the published solvers' convention (negamax's SolveResult.score)."""
    return load().connect4_solve(moves)


def connect4_batch(moves_list: Sequence[str]):
    """The positions checked and packed once (negamax._c_baseline.Connect4Batch), to time the
    solver without its Python-side checks."""
    return load().Connect4Batch(moves_list)


def connect4_solve_many(moves_list) -> list:
    """[(score, nodes), ...] for each position (move strings or a :func:`connect4_batch`), in
    one call into C."""
    return load().connect4_solve_many(moves_list)


def ttt_minimax(board: Sequence[int] | None = None) -> Result:
    """Full-depth minimax in C over a 9-cell board (1 = x, -1 = o); value from the side to move."""
    return Result(*load().minimax_tictactoe(board))
