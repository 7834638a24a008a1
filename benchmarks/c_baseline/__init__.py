"""C baseline for the benchmarks: the hand-written alpha-beta and tic-tac-toe minimax of
ext/baseline/alphabeta.c, compiled into negamax as the module negamax._c_baseline (so
`negamax bench` has it in an installed wheel, without a C compiler).

:func:`load` raises :class:`BuildError` (a ``RuntimeError``) when this installation of
negamax was built without the module."""

from __future__ import annotations

from dataclasses import dataclass
from types import ModuleType
from typing import Sequence

__all__ = ["BuildError", "CompilerNotFound", "Result", "ab_uniform", "as_int32_leaves", "load", "ttt_minimax"]


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


def ttt_minimax(board: Sequence[int] | None = None) -> Result:
    """Full-depth minimax in C over a 9-cell board (1 = x, -1 = o); value from the side to move."""
    return Result(*load().minimax_tictactoe(board))
