"""The leaf counts of the seeds, to set measured searches beside.

- minimax visits every leaf of a uniform tree: b**d;
- alpha-beta with perfect move ordering visits b**ceil(d/2) + b**floor(d/2) - 1 leaves
  (Knuth and Moore, 1975), about 2 * b**(d/2): it can search twice as deep.
"""

from __future__ import annotations

import math

__all__ = ["minimax_leaves", "alphabeta_best_leaves", "alphabeta_worst_leaves",
           "effective_branching_factor", "tree_nodes"]


def _check(branching: int, depth: int) -> None:
    for name, value in (("branching", branching), ("depth", depth)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if branching < 1:
        raise ValueError(f"branching must be at least 1, got {branching}")
    if depth < 0:
        raise ValueError(f"depth must be at least 0, got {depth}")


def minimax_leaves(branching: int, depth: int) -> int:
    """Leaves minimax evaluates in a uniform tree: b**d."""
    _check(branching, depth)
    return branching ** depth


def alphabeta_best_leaves(branching: int, depth: int) -> int:
    """Leaves alpha-beta evaluates with perfect ordering: b**ceil(d/2) + b**floor(d/2) - 1."""
    _check(branching, depth)
    return branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1


def alphabeta_worst_leaves(branching: int, depth: int) -> int:
    """Leaves alpha-beta evaluates with the worst ordering: no cutoff at all, b**d."""
    return minimax_leaves(branching, depth)


def tree_nodes(branching: int, depth: int) -> int:
    """Nodes of a uniform tree, root and leaves included: 1 + b + ... + b**d."""
    _check(branching, depth)
    return sum(branching ** level for level in range(depth + 1))


def effective_branching_factor(count: float, depth: int) -> float:
    """The branching factor b* of a uniform tree with `count` leaves at `depth`: count**(1/d).

    For alpha-beta with perfect ordering it tends to sqrt(b); for minimax it is b."""
    if depth <= 0:
        raise ValueError(f"depth must be positive, got {depth}")
    if count <= 0:
        raise ValueError(f"count must be positive, got {count}")
    return math.exp(math.log(count) / depth)
