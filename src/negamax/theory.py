"""The leaf counts of the seeds, to set measured searches beside.

- minimax visits every leaf of a uniform tree: b**d;
- alpha-beta with perfect move ordering visits b**ceil(d/2) + b**floor(d/2) - 1 leaves
  (Knuth and Moore, 1975), about 2 * b**(d/2): it can search twice as deep.
"""

from __future__ import annotations

import math
import numbers
from typing import Tuple

__all__ = ["minimax_leaves", "alphabeta_best_leaves", "alphabeta_worst_leaves",
           "effective_branching_factor", "tree_nodes"]


def _whole(name: str, value: object) -> int:
    """`value` as an int: Python's and numpy's integers (not bools, not floats)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return int(value)


def _check(branching: int, depth: int) -> Tuple[int, int]:
    branching, depth = _whole("branching", branching), _whole("depth", depth)
    if branching < 1:
        raise ValueError(f"branching must be at least 1, got {branching}")
    if depth < 0:
        raise ValueError(f"depth must be at least 0, got {depth}")
    return branching, depth


def minimax_leaves(branching: int, depth: int) -> int:
    """Leaves minimax evaluates in a uniform tree: b**d."""
    branching, depth = _check(branching, depth)
    return branching ** depth


def alphabeta_best_leaves(branching: int, depth: int) -> int:
    """Leaves alpha-beta evaluates with perfect ordering: b**ceil(d/2) + b**floor(d/2) - 1."""
    branching, depth = _check(branching, depth)
    return branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1


def alphabeta_worst_leaves(branching: int, depth: int) -> int:
    """Leaves alpha-beta evaluates with the worst ordering: no cutoff at all, b**d."""
    return minimax_leaves(branching, depth)


def tree_nodes(branching: int, depth: int) -> int:
    """Nodes of a uniform tree, root and leaves included: 1 + b + ... + b**d."""
    branching, depth = _check(branching, depth)
    return sum(branching ** level for level in range(depth + 1))


def effective_branching_factor(count: float, depth: int) -> float:
    """The branching factor b* of a uniform tree with `count` leaves at `depth`: count**(1/d).

    For alpha-beta with perfect ordering it tends to sqrt(b); for minimax it is b."""
    depth = _whole("depth", depth)
    if depth <= 0:
        raise ValueError(f"depth must be positive, got {depth}")
    if isinstance(count, bool) or not isinstance(count, numbers.Real):
        raise TypeError(f"count must be a number, not {type(count).__name__}")
    if not math.isfinite(count) or count <= 0:
        raise ValueError(f"count must be a positive finite number, got {count}")
    return math.exp(math.log(count) / depth)
