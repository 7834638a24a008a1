"""Explicit game trees: the seeds' hand-made trees and synthetic uniform trees.

Leaf values are from MAX's point of view, as in the seeds; ``maximizing`` says whether MAX
is to move at the root. A tree is a native game whose moves are child indices, so every
algorithm of negamax.search runs on it.
"""

from __future__ import annotations

import fractions
import math
import numbers
from typing import Any, Dict, List, Optional, Sequence, Tuple

import numpy as np

from negamax.games._trees import ExplicitTree, TreeGame, UniformTree
from negamax.games._trees import _breadth_first_height
from negamax.games._trees import _leaves_left_to_right as _leaf_indices_left_to_right
from negamax.quoting import short_repr
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


def _check_leaf(value: Any) -> None:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, numbers.Real):
        raise TypeError(f"a leaf must be a number, not {type(value).__name__} {short_repr(value)}")
    if not _is_finite(value):
        raise ValueError(f"a leaf must be finite, got {short_repr(value)}")


def _is_finite(value: numbers.Real) -> bool:
    """Whether a number is finite, also beyond a float's range (a fraction, numpy's long
    double: float() would overflow or give inf for a finite value)."""
    if isinstance(value, (numbers.Rational, np.integer)):
        return True                            # ints and fractions: finite by nature
    if isinstance(value, np.floating):
        return bool(np.isfinite(value))        # in the scalar's own precision
    try:
        return math.isfinite(value)
    except OverflowError:                      # a finite number too large for a float
        return True


def _scores_for(values: Sequence[Any]) -> Tuple[np.ndarray, Optional[tuple], int]:
    """Integer scores the native search compares, and the table turning scores back into values.

    Integer leaves within the score range are used as they are. Otherwise (floats, fractions,
    huge integers) each value is replaced by its rank among the distinct values and 0:
    minimax and alpha-beta only compare leaves, so ranks give the same value, moves and
    pruning, and the table gives back the exact original numbers (values that compare equal,
    such as 1 and 1.0, share a rank: the first of them stands for all).
    Returns (scores of `values`, table or None, score of the value 0)."""
    try:
        as_array = np.asarray(values)
    except (OverflowError, ValueError):
        as_array = None
    if (as_array is not None and as_array.dtype.kind in "iu" and as_array.size
            and -EVAL_LIMIT <= as_array.min() and as_array.max() <= EVAL_LIMIT):
        return as_array.astype(np.int32), None, 0
    # Ranked by their exact values: numpy compares a Python number with one of its scalars
    # in the scalar's precision (2049 == np.float16(2048)), so numpy scalars are compared as
    # the Python numbers they hold. Each rank gives back the first leaf of its value.
    keys = [_exact(v) for v in values]
    first_leaf: dict = {}
    for value, key in zip(values, keys):
        first_leaf.setdefault(key, value)
    first_leaf.setdefault(0, 0)
    ordered = sorted(first_leaf)
    if len(ordered) > EVAL_LIMIT:
        raise ValueError(f"a tree with {len(ordered)} distinct leaf values is beyond the score range")
    rank = {key: index for index, key in enumerate(ordered)}
    offset = len(ordered) - 1          # scores 2*rank - offset are symmetric around 0
    scores = np.asarray([2 * rank[key] - offset for key in keys], dtype=np.int32)
    return scores, tuple(first_leaf[key] for key in ordered), 2 * rank[0] - offset


def _exact(value: Any) -> Any:
    """A leaf as a Python number of the same value, which compares exactly with any other:
    numpy's integers as int, its floats as float (or, beyond float64, as a Fraction)."""
    if isinstance(value, np.integer):
        return int(value)
    if isinstance(value, np.floating):
        if value.dtype.itemsize <= 8:
            return float(value)
        return fractions.Fraction(*value.as_integer_ratio())
    return value


def from_nested(nested: Any, maximizing: bool = True) -> ExplicitTree:
    """A tree from nested lists: a list (or tuple) is an inner node, a number is a leaf.

    ``from_nested([[[3, 4], [8, [-2, 10], 5]], 7])`` is seed 003's tree. Raises TypeError for
    a leaf that is not a number and ValueError for an empty list or an infinite tree."""
    if not isinstance(maximizing, (bool, np.bool_)):
        raise TypeError(f"maximizing must be a bool, not {type(maximizing).__name__}")
    leaf_list = _leaves_left_to_right(nested)
    # Breadth-first numbering: the children of each node get consecutive indices, so a node's
    # children are child_start[i] .. child_start[i+1]-1.
    level: List[Any] = [nested]
    child_counts: List[int] = []
    bfs_values: List[Any] = []       # leaf values in breadth-first order
    bfs_leaves: List[int] = []       # their node indices
    height = -1
    while level:
        height += 1
        next_level: List[Any] = []
        for node in level:
            if isinstance(node, (list, tuple)):
                child_counts.append(len(node))
                next_level.extend(node)
            else:
                bfs_leaves.append(len(child_counts))
                child_counts.append(0)
                bfs_values.append(node)
        level = next_level
    scores, table, zero_score = _scores_for(bfs_values)
    node_scores = np.full(len(child_counts), zero_score, dtype=np.int32)
    node_scores[np.asarray(bfs_leaves, dtype=np.int64)] = scores
    starts = np.empty(len(child_counts) + 1, dtype=np.int64)
    starts[0] = 1
    np.cumsum(child_counts, out=starts[1:])
    starts[1:] += 1
    return ExplicitTree(starts, node_scores, height, bool(maximizing), max(child_counts),
                        internal_score=zero_score, values_of_scores=table,
                        leaf_values=_read_only(_leaf_array(leaf_list)))


def _leaf_array(leaves: List[Any]) -> np.ndarray:
    """The leaves as a numpy array: of numpy's own type for them where that holds every leaf
    exactly (ints, floats, ints mixed with floats below 2**53), else an object array of the
    numbers themselves (2**53 + 1 beside a float, ints beyond 64 bits)."""
    try:
        array = np.asarray(leaves)
    except OverflowError:
        array = None
    if array is not None and array.dtype != object and all(
            converted == (leaf.item() if isinstance(leaf, np.generic) else leaf)
            for converted, leaf in zip(array.tolist(), leaves)):
        return array
    exact = np.empty(len(leaves), dtype=object)
    exact[:] = leaves
    return exact


def _leaves_left_to_right(nested: Any) -> List[Any]:
    """Check the nested lists (finite, no empty list, numeric leaves, within the size and depth
    limits) and return their leaves from left to right, without recursion."""
    counted = _node_count(nested)
    if counted is not None and counted > MAX_NESTED_NODES:
        raise ValueError(f"the tree has more than {MAX_NESTED_NODES} nodes; build large trees "
                         f"with from_arrays() or uniform()")
    leaves: List[Any] = []
    on_path = set()                  # ids of the lists enclosing the current node
    stack: List[Any] = [(nested, 0, False)]
    nodes = 0
    while stack:
        node, depth, leaving = stack.pop()
        if leaving:
            on_path.discard(id(node))
            continue
        nodes += 1
        if nodes > MAX_NESTED_NODES:
            raise ValueError(f"the tree has more than {MAX_NESTED_NODES} nodes; build large trees "
                             f"with from_arrays() or uniform()")
        if isinstance(node, (list, tuple)):
            if id(node) in on_path:
                raise ValueError("the nested lists contain themselves: a tree must be finite")
            if not node:
                raise ValueError(f"tree node at path {_short_path(_path_of(stack))} is an empty list: "
                                 f"a node needs children")
            if depth >= MAX_PLY:
                raise ValueError(f"the tree is more than {MAX_PLY} plies deep; "
                                 f"the search goes at most {MAX_PLY} plies")
            on_path.add(id(node))
            stack.append((node, depth, True))
            stack.extend((child, depth + 1, False) for child in reversed(node))
        else:
            kind = type(node)
            if kind is not int and (kind is not float or not math.isfinite(node)):
                try:
                    _check_leaf(node)
                except (TypeError, ValueError) as error:
                    raise type(error)(f"tree leaf at path {_short_path(_path_of(stack))}: {error}") from None
            leaves.append(node)
    return leaves


def _node_count(nested: Any) -> Optional[int]:
    """The nodes of the nested lists, a list that appears in several places counted in each,
    computed once per distinct list: `[t, t]` nested 30 deep is 2**32 - 1 nodes, told at once
    (the walk of _leaves_left_to_right would visit them all before refusing). None for lists
    that contain themselves, which that walk names."""
    if not isinstance(nested, (list, tuple)):
        return 1
    sizes: Dict[int, int] = {}       # id of a list whose size is known -> its nodes
    open_lists = set()               # ids of the lists whose children are being counted
    stack: List[Tuple[Any, bool]] = [(nested, False)]
    while stack:
        node, children_counted = stack.pop()
        if children_counted:
            sizes[id(node)] = 1 + sum(sizes[id(child)] if isinstance(child, (list, tuple)) else 1
                                      for child in node)
            open_lists.discard(id(node))
        elif id(node) not in sizes:
            if id(node) in open_lists:
                return None          # the list is inside itself
            open_lists.add(id(node))
            stack.append((node, True))
            stack.extend((child, False) for child in node
                         if isinstance(child, (list, tuple)) and id(child) not in sizes)
    return sizes[id(nested)]


def _short_path(path: Tuple[int, ...], limit: int = 12) -> str:
    """A path for an error message: a long one keeps its last steps and says its length."""
    if len(path) <= limit:
        return str(path)
    return f"(... {len(path) - limit} steps ..., {', '.join(map(str, path[-limit:]))}) of length {len(path)}"


def _path_of(stack: List[Any]) -> Tuple[int, ...]:
    """The child indices leading to the node just popped, read off the DFS stack: each
    enclosing list sits there as a 'leaving' entry with its unvisited children above it."""
    path = []
    for position, (node, _depth, leaving) in enumerate(stack):
        if leaving:
            unvisited = 0
            for entry in stack[position + 1:]:
                if entry[2]:
                    break
                unvisited += 1
            path.append(len(node) - unvisited - 1)
    return tuple(path)


def from_arrays(child_counts: np.ndarray, values: np.ndarray, maximizing: bool = True) -> ExplicitTree:
    """A tree from two arrays in breadth-first order: the number of children of each node and
    each node's value (MAX terms; read at leaves, and at inner nodes a depth limit cuts)."""
    for name, array in (("child_counts", child_counts), ("values", values)):
        if not isinstance(array, np.ndarray):
            raise TypeError(f"{name} must be a numpy array, not {type(array).__name__}")
        if array.ndim != 1:
            raise ValueError(f"{name} must be one-dimensional, got shape {array.shape}")
        if array.dtype.kind not in "iu":      # timedelta64 is a numpy integer too
            raise TypeError(f"{name} must have an integer dtype, not {array.dtype}")
        if isinstance(array, np.ma.MaskedArray):
            raise TypeError(f"{name} must be a plain numpy array, not a masked array (its masked "
                            f"entries would be read as they are)")
    if not isinstance(maximizing, (bool, np.bool_)):
        raise TypeError(f"maximizing must be a bool, not {type(maximizing).__name__}")
    count = len(child_counts)
    if count == 0:
        raise ValueError("a tree needs at least one node")
    if len(values) != count:
        raise ValueError(f"child_counts has {count} nodes but values has {len(values)}")
    if int(child_counts.max()) >= 2 ** 31 or int(values.max()) > EVAL_LIMIT or int(values.min()) < -EVAL_LIMIT:
        raise ValueError(f"child counts must be below 2**31 and values within +-{EVAL_LIMIT}")
    child_counts = child_counts.astype(np.int64)
    values = values.astype(np.int64)
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
    height = _breadth_first_height(starts)      # the constructor's own walk
    leaves = _leaf_indices_left_to_right(starts)      # the constructor's own walk
    return ExplicitTree(starts, values.astype(np.int32), height, bool(maximizing),
                        int(child_counts.max()), internal_score=0,
                        leaf_values=_read_only(values[leaves].astype(np.int64)))


def _check_height(height: int) -> None:
    if height > MAX_PLY:
        raise ValueError(f"the tree is {height} plies deep; the search goes at most {MAX_PLY} plies")


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
    if branching > MAX_UNIFORM_LEAVES:     # no tree within the leaf limit has more children
        raise ValueError(f"branching must be at most 2**28 = {MAX_UNIFORM_LEAVES}, got {branching}")
    if depth < 0:
        raise ValueError(f"depth must be at least 0, got {depth}")
    if not isinstance(ordering, str):
        raise TypeError(f"ordering must be a string, one of {ORDERINGS}, not {type(ordering).__name__}")
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
    if scores.base is not None:     # a reshaped array: the owner of its memory could be made
        scores = scores.copy()      # writeable again through the view (only the owner can't)
    scores.flags.writeable = False
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
