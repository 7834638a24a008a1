"""Explicit game trees: the seeds' hand-made trees and synthetic uniform trees.

Leaf values are from MAX's point of view, as in the seeds; ``maximizing`` says whether MAX
is to move at the root. A tree is a native game whose moves are child indices, so every
algorithm of negamax.search runs on it.
"""

from __future__ import annotations

import math
import numbers
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np

from negamax._core import ExplicitTree, TreeGame, UniformTree
from negamax.scores import EVAL_LIMIT, MAX_PLY

__all__ = ["Tree", "ExplicitTree", "UniformTree", "from_nested", "from_arrays", "uniform",
           "MAX_UNIFORM_LEAVES", "MAX_NESTED_NODES", "ORDERINGS"]

#: Every tree type is a TreeGame.
Tree = TreeGame

#: Largest uniform tree (number of leaves) uniform() builds: 4 bytes per leaf, 1 GiB.
MAX_UNIFORM_LEAVES = 2 ** 28

#: Largest tree from_nested() reads: nested Python lists cost far more memory than arrays.
MAX_NESTED_NODES = 50_000_000

#: Leaf arrangements of uniform(): "best" and "worst" for alpha-beta in natural child order.
ORDERINGS = ("best", "worst", "random")


def _check_leaf(value: Any, path: Tuple[int, ...]) -> None:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"tree leaf at path {path} must be a number, not {type(value).__name__} {value!r}")
    if not isinstance(value, (int, np.integer)) and not math.isfinite(float(value)):
        raise ValueError(f"tree leaf at path {path} must be finite, got {value!r}")


def _scores_for(values: Sequence[Any]) -> Tuple[np.ndarray, Optional[tuple], int]:
    """Integer scores the native search compares, and the table turning scores back into values.

    Integer leaves within the score range are used as they are. Otherwise (floats, fractions,
    huge integers) each value is replaced by its rank among the distinct values and 0:
    minimax and alpha-beta only compare leaves, so ranks give the same value, moves and
    pruning, and the table gives back the exact original numbers.
    Returns (scores of `values`, table or None, score of the value 0)."""
    if all(isinstance(v, (int, np.integer)) and -EVAL_LIMIT <= v <= EVAL_LIMIT for v in values):
        return np.asarray(values, dtype=np.int32), None, 0
    table = tuple(sorted(set(values) | {0}))
    if len(table) > EVAL_LIMIT:
        raise ValueError(f"a tree with {len(table)} distinct leaf values is beyond the score range")
    rank = {value: index for index, value in enumerate(table)}
    offset = len(table) - 1          # scores 2*rank - offset are symmetric around 0
    scores = np.asarray([2 * rank[v] - offset for v in values], dtype=np.int32)
    return scores, table, 2 * rank[0] - offset


def from_nested(nested: Any, maximizing: bool = True) -> ExplicitTree:
    """A tree from nested lists: a list is an inner node, a number is a leaf.

    ``from_nested([[[3, 4], [8, [-2, 10], 5]], 7])`` is seed 003's tree. Raises TypeError for
    a leaf that is not a number and ValueError for an empty list."""
    if not isinstance(maximizing, (bool, np.bool_)):
        raise TypeError(f"maximizing must be a bool, not {type(maximizing).__name__}")
    _reject_cycles(nested)
    # Breadth-first numbering: the children of each node get consecutive indices.
    level: List[Tuple[Any, Tuple[int, ...]]] = [(nested, ())]
    child_start: List[int] = []
    node_values: List[Any] = []      # leaf values, None for inner nodes
    next_index = 1
    height = -1
    max_children = 0
    while level:
        height += 1
        next_level = []
        if height > MAX_PLY:
            raise ValueError(f"the tree is more than {MAX_PLY} plies deep; "
                             f"the search goes at most {MAX_PLY} plies")
        for node, path in level:
            if next_index > MAX_NESTED_NODES:
                raise ValueError(f"the tree has more than {MAX_NESTED_NODES} nodes; build large trees "
                                 f"with from_arrays() or uniform()")
            child_start.append(next_index)
            if isinstance(node, (list, tuple)):
                if len(node) == 0:
                    raise ValueError(f"tree node at path {path} is an empty list: a node needs children")
                next_level.extend((child, path + (i,)) for i, child in enumerate(node))
                next_index += len(node)
                max_children = max(max_children, len(node))
                node_values.append(None)
            else:
                _check_leaf(node, path)
                node_values.append(node)
        level = next_level
    child_start.append(next_index)
    _check_height(height)
    starts = np.asarray(child_start, dtype=np.int64)
    leaf_indices = _leaves_left_to_right(starts)
    leaf_list = [node_values[i] for i in leaf_indices]
    scores, table, zero_score = _scores_for(leaf_list)
    node_scores = np.full(len(node_values), zero_score, dtype=np.int32)
    node_scores[leaf_indices] = scores
    return ExplicitTree(starts, node_scores, height, bool(maximizing), max_children,
                        internal_score=zero_score, values_of_scores=table,
                        leaf_values=_read_only(np.asarray(leaf_list)))


def _reject_cycles(nested: Any) -> None:
    """Raise ValueError if a list contains itself, directly or further down (it would be an
    infinite tree). Lists shared between several parents are fine: each copy is a subtree."""
    on_path = set()
    finished = set()
    stack = [(nested, False)]
    while stack:
        node, leaving = stack.pop()
        if leaving:
            on_path.discard(id(node))
            finished.add(id(node))
            continue
        if not isinstance(node, (list, tuple)) or id(node) in finished:
            continue
        if id(node) in on_path:
            raise ValueError("the nested lists contain themselves: a tree must be finite")
        on_path.add(id(node))
        stack.append((node, True))
        stack.extend((child, False) for child in node)


def from_arrays(child_counts: np.ndarray, values: np.ndarray, maximizing: bool = True) -> ExplicitTree:
    """A tree from two arrays in breadth-first order: the number of children of each node and
    each node's value (MAX terms; read at leaves, and at inner nodes a depth limit cuts)."""
    for name, array in (("child_counts", child_counts), ("values", values)):
        if not isinstance(array, np.ndarray):
            raise TypeError(f"{name} must be a numpy array, not {type(array).__name__}")
        if array.ndim != 1:
            raise ValueError(f"{name} must be one-dimensional, got shape {array.shape}")
        if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
            raise TypeError(f"{name} must have an integer dtype, not {array.dtype}")
    if not isinstance(maximizing, (bool, np.bool_)):
        raise TypeError(f"maximizing must be a bool, not {type(maximizing).__name__}")
    count = len(child_counts)
    if count == 0:
        raise ValueError("a tree needs at least one node")
    if int(child_counts.max()) >= 2 ** 31 or int(values.max()) > EVAL_LIMIT or int(values.min()) < -EVAL_LIMIT:
        raise ValueError(f"child counts must be below 2**31 and values within +-{EVAL_LIMIT}")
    child_counts = child_counts.astype(np.int64)
    values = values.astype(np.int64)
    if len(values) != count:
        raise ValueError(f"child_counts has {count} nodes but values has {len(values)}")
    if (child_counts < 0).any():
        raise ValueError("child_counts must be non-negative")
    if int(child_counts.sum()) != count - 1:
        raise ValueError(f"child_counts must add up to {count - 1} (every node but the root is a child)")
    starts = np.empty(count + 1, dtype=np.int64)
    starts[0] = 1
    np.cumsum(child_counts, out=starts[1:])
    starts[1:] += 1
    # Every child must come after its parent, or the arrays describe no tree.
    parents = np.repeat(np.arange(count), child_counts)
    if (parents >= np.arange(1, count)).any():
        raise ValueError("nodes must be in breadth-first order: a child before its parent")
    depths = np.zeros(count, dtype=np.int64)
    while True:   # one pass per level: a node's depth is its parent's plus one
        updated = np.concatenate(([0], depths[parents] + 1))
        if (updated == depths).all():
            break
        depths = updated
    leaves = _leaves_left_to_right(starts)
    _check_height(int(depths.max()))
    return ExplicitTree(starts, values.astype(np.int32), int(depths.max()), bool(maximizing),
                        int(child_counts.max()), internal_score=0,
                        leaf_values=_read_only(values[leaves].astype(np.int64)))


def _check_height(height: int) -> None:
    if height > MAX_PLY:
        raise ValueError(f"the tree is {height} plies deep; the search goes at most {MAX_PLY} plies")


def _leaves_left_to_right(starts: np.ndarray) -> List[int]:
    """Leaf indices in depth-first (left to right) order, without recursion."""
    leaves = []
    stack = [0]
    while stack:
        node = stack.pop()
        first, end = int(starts[node]), int(starts[node + 1])
        if first == end:
            leaves.append(node)
        else:
            stack.extend(range(end - 1, first - 1, -1))
    return leaves


def _read_only(array: np.ndarray) -> np.ndarray:
    array.flags.writeable = False
    return array


def uniform(branching: int, depth: int, ordering: str = "random", seed: int = 0,
            maximizing: bool = True) -> UniformTree:
    """A complete tree with `branching` children per node and all leaves at `depth`.

    ordering="best": the first child is always the best for the side to move, so alpha-beta
    evaluates exactly b**ceil(d/2) + b**floor(d/2) - 1 leaves; "worst": the last child is
    always the best, so alpha-beta prunes nothing and evaluates b**d leaves; "random": a random
    permutation of distinct values (drawn from `seed`)."""
    for name, value in (("branching", branching), ("depth", depth), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if branching < 1:
        raise ValueError(f"branching must be at least 1, got {branching}")
    if depth < 0:
        raise ValueError(f"depth must be at least 0, got {depth}")
    if ordering not in ORDERINGS:
        raise ValueError(f"ordering must be one of {ORDERINGS}, got {ordering!r}")
    if not isinstance(maximizing, (bool, np.bool_)):
        raise TypeError(f"maximizing must be a bool, not {type(maximizing).__name__}")
    if seed < 0:
        raise ValueError(f"seed must be >= 0, got {seed}")
    _check_height(int(depth))
    branching, depth = int(branching), int(depth)
    # Compare logarithms first: b**d itself can be astronomically large.
    if branching > 1 and depth * math.log2(branching) > math.log2(MAX_UNIFORM_LEAVES) + 1e-9:
        raise ValueError(f"a uniform tree of branching {branching} and depth {depth} has {branching}**{depth} "
                         f"leaves, more than the limit of 2**28 = {MAX_UNIFORM_LEAVES}")
    leaves = branching ** depth
    if ordering == "random":
        scores = np.arange(leaves, dtype=np.int32)
        np.random.default_rng(seed).shuffle(scores)
        scores -= leaves // 2
    else:
        scores = _dominance_scores(branching, depth, ordering == "best", bool(maximizing))
    # leaf_values is a read-only view of the scores the search reads: no second copy.
    return UniformTree(branching, depth, scores, bool(maximizing), ordering,
                       leaf_values=_read_only(scores.view()))


def _dominance_scores(branching: int, depth: int, best_first: bool, maximizing: bool) -> np.ndarray:
    """Leaf values where each child's whole subtree is better (best_first) or worse than the
    next sibling's for the side choosing between them.

    A leaf's value is written in base b, one digit per level, the root's choice most
    significant: a MAX level adds the digit, a MIN level subtracts it, and the digit is
    (b - 1 - child index) for best-first, the child index for worst-first. Since a digit
    outweighs all lower digits together, every comparison alpha-beta makes is decided at the
    first level where two paths differ, which fixes exactly where it can cut.
    Built level by level (each level's values = parent's value + this level's digit term), so
    the peak memory is little more than the final int32 array."""
    scores = np.zeros(1, dtype=np.int32)
    children = np.arange(branching, dtype=np.int32)
    digits = (branching - 1 - children) if best_first else children
    for level in range(depth):
        weight = branching ** (depth - 1 - level)
        max_to_move = maximizing == (level % 2 == 0)
        step = (digits * weight if max_to_move else -digits * weight).astype(np.int32)
        scores = (scores[:, None] + step[None, :]).reshape(-1)
    return scores
