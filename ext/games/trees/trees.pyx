# cython: freethreading_compatible = True
# Explicit game trees as native games: a move is a child index, a leaf is a terminal position.
#
# Scores are stored from MAX's point of view (as in the seeds) and turned into the side to
# move's point of view when read. Two layouts, no Python object per node:
# - UniformTree: a complete b-ary tree in heap order (children of node i are i*b+1 .. i*b+b),
#   storing only the leaf scores;
# - ExplicitTree: any tree in breadth-first order, where the children of node i are the nodes
#   child_start[i] .. child_start[i+1]-1.
#

import numbers

import numpy as np

cimport cython
cimport numpy as cnp

from libc.stdint cimport int32_t, int64_t, uint64_t
from libc.string cimport memcpy

from negamax.game cimport EVAL_LIMIT, WIN, Move, NativeGame, Score

from negamax.errors import second_init_error
from negamax.scores import MAX_PLY as _MAX_PLY

# The constructors below are private (negamax.trees builds every tree), but reachable: they
# check what the search relies on, so that no argument makes it read outside the arrays.
_MAX_LEAVES = 2 ** 28         # negamax.trees.MAX_UNIFORM_LEAVES

cnp.import_array()


cdef inline uint64_t mix64(uint64_t x) noexcept nogil:
    """A bijective 64-bit mixer (splitmix64's finaliser): node index -> position key."""
    x ^= x >> 30
    x *= <uint64_t> 0xbf58476d1ce4e5b9
    x ^= x >> 27
    x *= <uint64_t> 0x94d049bb133111eb
    x ^= x >> 31
    return x


cdef class TreeGame(NativeGame):
    """What both layouts share: the path of nodes from the root and the score conventions."""

    cdef int64_t* node_stack        # node index at each ply of the current path
    cdef object _node_stack_array   # owns node_stack
    cdef int64_t root_only_stack[1]  # node_stack of a tree made by __new__ alone
    cdef int ply                    # current depth in the tree (root = 0)
    cdef bint max_at_root           # is MAX to move at the root? (the maximizing property)
    cdef int tree_height            # longest root-to-leaf path, in plies
    cdef int32_t internal_score     # static score of an internal node cut by a depth limit
    cdef object _values_of_scores   # None (scores are the values) or tuple: rank -> value
    cdef object _leaf_values        # leaf values left to right, MAX terms (numpy array)
    cdef bint constructed           # __init__ has run, or copy() set the tree up: no second one

    def __cinit__(self, *args, **kwargs):
        if type(self) is TreeGame:     # the base of the two layouts has no nodes of its own
            raise TypeError("negamax.trees.Tree is the base class of ExplicitTree and "
                            "UniformTree, not a tree: make one with negamax.trees.from_nested, "
                            "from_arrays or uniform")
        # A tree made by __new__ alone (never by negamax.trees) is its root, a leaf: each
        # layout's __cinit__ points its arrays at such a tree, so nothing reads past them.
        self.root_only_stack[0] = 0
        self.node_stack = self.root_only_stack

    cdef void init_tree(self, int height, bint maximizing, int32_t internal_score,
                        values_of_scores, leaf_values):
        self.tree_height = height
        self.max_ply = height
        self.max_at_root = maximizing
        self.internal_score = internal_score
        self._values_of_scores = values_of_scores
        self._leaf_values = leaf_values
        # numpy's C API, not np.zeros and a memoryview: a search copies its tree first, and
        # those cost more than the rest of the copy.
        cdef cnp.npy_intp length = height + 1
        self._node_stack_array = cnp.PyArray_ZEROS(1, &length, cnp.NPY_INT64, 0)
        self.node_stack = <int64_t*> cnp.PyArray_DATA(self._node_stack_array)
        self.ply = 0
        self.has_order_hints = False   # children are searched in their stored order
        self.has_keys = True           # a node's index is its key

    cdef bint holds_tree(self):
        """False for a tree made by __new__ alone (the search sees its root, a leaf, so
        nothing reads past its arrays), True for every tree negamax.trees made."""
        return self._node_stack_array is not None

    cdef void require_tree(self) except *:
        """TypeError for a tree made by __new__ alone: it holds no tree to read or search."""
        if not self.holds_tree():
            raise TypeError(f"this {type(self).__name__} was made by __new__ alone and holds no "
                            f"tree: make trees with negamax.trees.uniform(), from_nested() or "
                            f"from_arrays()")

    cdef void copy_tree_into(self, TreeGame other) except *:
        self.require_tree()
        other.constructed = True
        other.init_tree(self.tree_height, self.max_at_root, self.internal_score,
                        self._values_of_scores, self._leaf_values)
        self.copy_base_into(other)        # after init_tree: the flags set on this tree are kept
        memcpy(other.node_stack, self.node_stack, (self.tree_height + 1) * sizeof(int64_t))
        other.ply = self.ply

    cdef inline Score from_side_to_move(self, int32_t score) noexcept nogil:
        # MAX moves at even plies when MAX is at the root, at odd plies otherwise.
        if self.max_at_root == ((self.ply & 1) == 0):
            return score
        return -score

    cdef void unmake_move(self, Move move) noexcept nogil:
        self.ply -= 1

    cdef uint64_t position_key(self) noexcept nogil:
        return mix64(<uint64_t> self.node_stack[self.ply] + 1)

    # Each layout implements generate_moves, make_move, at_terminal and static_evaluation
    # directly (no second virtual call per node), and these for the Python-facing methods.
    cdef int child_count(self, int64_t node) noexcept nogil:
        return 0

    cdef int32_t node_score(self, int64_t node) noexcept nogil:
        return 0

    # --- Python-facing ----------------------------------------------------------------------
    def score_to_value(self, score):
        """Turn an internal score (MAX terms) back into the tree's own leaf value."""
        if score is None or self._values_of_scores is None:
            return score
        table = self._values_of_scores
        if isinstance(score, (bool, np.bool_)) or not isinstance(score, numbers.Integral):
            raise TypeError(f"score must be an int (an internal score of the tree), not "
                            f"{type(score).__name__}")
        # Rank r of the tree's distinct values scores 2r - (n - 1): see negamax.trees.
        doubled = int(score) + len(table) - 1
        if doubled % 2 or not 0 <= doubled // 2 < len(table):
            raise ValueError(f"{int(score)} is no internal score of this tree: its {len(table)} "
                             f"values score {1 - len(table)}, {3 - len(table)}, ..., {len(table) - 1}")
        value = table[doubled // 2]
        return value.item() if isinstance(value, np.generic) else value

    def evaluate(self):
        """Static value from the side to move, in the tree's own values: a leaf's value, or
        an inner node's (what a depth limit reads there: 0 in a tree from_nested made, the
        value given to from_arrays), negated when MIN is to move."""
        side = self.to_move
        value = self.score_to_value(side * self.static_evaluation())    # MAX terms
        return value if side == 1 else -value

    @property
    def leaf_values(self):
        """Leaf values from left to right, from MAX's point of view (read-only array)."""
        self.require_tree()
        return self._leaf_values

    @property
    def num_leaves(self):
        """Number of leaves."""
        self.require_tree()
        return len(self._leaf_values)

    @property
    def height(self):
        """Longest path from the root to a leaf, in plies."""
        return self.tree_height

    @property
    def to_move(self):
        """+1 when MAX is to move at the current node, -1 when MIN is."""
        return 1 if self.max_at_root == ((self.ply & 1) == 0) else -1

    @property
    def maximizing(self):
        """True when MAX is to move at the root (a bool; setting anything else is a TypeError)."""
        return bool(self.max_at_root)

    @maximizing.setter
    def maximizing(self, value):
        self.max_at_root = _checked_bool("maximizing", value)

    @property
    def node(self):
        """Index of the current node in the tree's storage order."""
        return int(self.node_stack[self.ply])

    def value(self):
        """The leaf value of the current node (MAX terms), or None for an internal node."""
        if self.child_count(self.node_stack[self.ply]) != 0:
            return None
        return self.score_to_value(self.node_score(self.node_stack[self.ply]))


@cython.final
cdef class UniformTree(TreeGame):
    """A complete tree with `branching` children per internal node and leaves at `height`."""

    cdef readonly int branching     # readonly: the search sizes its buffers by it
    """Children of every internal node."""
    cdef int64_t internal_nodes     # nodes above the leaf level
    cdef int32_t* leaf_scores       # b**height scores, MAX terms, heap order
    cdef int32_t root_only_score[1]  # leaf_scores of a tree made by __new__ alone
    cdef object _leaf_scores_array
    cdef bint plain_scores          # every leaf score lies within +-EVAL_LIMIT (no win scores)
    cdef readonly str ordering
    """How the leaf values were arranged: "random", "best" or "worst" (see
    negamax.trees.uniform)."""

    def __cinit__(self, *args, **kwargs):
        self.root_only_score[0] = 0
        self.leaf_scores = self.root_only_score     # internal_nodes 0: the root is the leaf

    def __init__(self, branching, height, leaf_scores, maximizing, str ordering,
                 values_of_scores=None, leaf_values=None):
        """Private: use negamax.trees.uniform()."""
        cdef int level
        cdef int64_t width = 1
        if self.constructed:
            raise second_init_error(self)
        self.constructed = True
        # Everything is checked before anything is set: a refused tree stays what it was.
        maximizing = _checked_bool("maximizing", maximizing)
        branching = _checked_int("branching", branching, 1, _MAX_LEAVES)
        height = _checked_int("height", height, 0, _MAX_PLY)
        internal_nodes = 0
        for level in range(height):
            internal_nodes += width
            width *= branching
            if width > _MAX_LEAVES:
                raise ValueError(f"a uniform tree of branching {branching} and depth {height} "
                                 f"has more than 2**28 leaves")
        scores = _checked_scores("leaf_scores", leaf_scores, WIN)   # wins and losses too
        if scores.shape[0] != width:
            raise ValueError(f"a uniform tree of branching {branching} and depth {height} "
                             f"has {width} leaves, got {scores.shape[0]} scores")
        self.branching = branching
        self.ordering = ordering
        self.internal_nodes = internal_nodes
        self.set_scores(scores)
        self.plain_scores = bool(-EVAL_LIMIT <= scores.min() and scores.max() <= EVAL_LIMIT)
        self.max_moves = branching
        self.init_tree(height, maximizing, 0, values_of_scores,
                       scores if leaf_values is None else leaf_values)

    cdef void set_scores(self, scores) except *:
        if scores is None:       # a copy of a tree made by __new__ alone: copy_tree_into refuses it
            return
        # Read-only from here on: views handed out (leaf_values) cannot be made writeable.
        scores.flags.writeable = False
        cdef const int32_t[::1] view = scores
        self._leaf_scores_array = scores
        self.leaf_scores = <int32_t*> &view[0]

    cdef int child_count(self, int64_t node) noexcept nogil:
        return self.branching if node < self.internal_nodes else 0

    cdef int32_t node_score(self, int64_t node) noexcept nogil:
        if node < self.internal_nodes:
            return self.internal_score
        return self.leaf_scores[node - self.internal_nodes]

    cdef int generate_moves(self, Move* moves) noexcept nogil:
        cdef int i
        if self.node_stack[self.ply] >= self.internal_nodes:
            return 0
        for i in range(self.branching):
            moves[i] = i
        return self.branching

    cdef void make_move(self, Move move) noexcept nogil:
        self.node_stack[self.ply + 1] = self.node_stack[self.ply] * self.branching + 1 + move
        self.ply += 1

    cdef void unmake_move(self, Move move) noexcept nogil:
        self.ply -= 1      # overridden here so the final class's copy of the search inlines it

    cdef bint at_terminal(self) noexcept nogil:
        return self.node_stack[self.ply] >= self.internal_nodes

    cdef Score static_evaluation(self) noexcept nogil:
        cdef int64_t node = self.node_stack[self.ply]
        if node < self.internal_nodes:
            return self.from_side_to_move(self.internal_score)
        return self.from_side_to_move(self.leaf_scores[node - self.internal_nodes])

    @property
    def num_nodes(self):
        """Number of nodes, leaves included."""
        self.require_tree()
        return int(self.internal_nodes) + len(self._leaf_scores_array)

    def copy(self):
        """An independent copy (the leaf arrays are shared: they never change)."""
        cdef UniformTree other = UniformTree.__new__(UniformTree)
        other.branching = self.branching
        other.ordering = self.ordering
        other.internal_nodes = self.internal_nodes
        if self._leaf_scores_array is not None:   # the same read-only array, checked already
            other._leaf_scores_array = self._leaf_scores_array
            other.leaf_scores = self.leaf_scores
        other.plain_scores = self.plain_scores
        self.copy_tree_into(other)
        return other

    def __repr__(self):
        if not self.holds_tree():
            return "<UniformTree made by __new__ alone: no tree>"
        return (f"<UniformTree branching={self.branching} depth={self.tree_height} "
                f"ordering={self.ordering!r} maximizing={bool(self.max_at_root)}>")


@cython.final
cdef class ExplicitTree(TreeGame):
    """Any finite tree, stored breadth-first in two arrays."""

    cdef int64_t* child_start       # children of node i: child_start[i] .. child_start[i+1]-1
    cdef int32_t* scores            # score of each node, MAX terms (internal nodes: static value)
    cdef int64_t root_only_starts[2]  # the arrays of a tree made by __new__ alone: one leaf
    cdef int32_t root_only_score[1]
    cdef object _child_start_array
    cdef object _scores_array

    def __cinit__(self, *args, **kwargs):
        self.root_only_starts[0] = self.root_only_starts[1] = 1
        self.root_only_score[0] = 0
        self.child_start = self.root_only_starts
        self.scores = self.root_only_score

    def __init__(self, child_start, scores, height, maximizing, max_children,
                 internal_score=0, values_of_scores=None, leaf_values=None):
        """Private: use negamax.trees.from_nested() or negamax.trees.from_arrays()."""
        if self.constructed:
            raise second_init_error(self)
        self.constructed = True
        # Everything is checked before anything is set: a refused tree stays what it was.
        maximizing = _checked_bool("maximizing", maximizing)
        node_scores = _checked_scores("scores", scores, EVAL_LIMIT)
        starts = _checked_starts(child_start, node_scores.shape[0])
        most_children = int(np.diff(starts).max())
        max_children = _checked_int("max_children", max_children, 0, 2 ** 31 - 1)
        if max_children < most_children:
            raise ValueError(f"max_children is {max_children}, but a node has {most_children} children")
        height = _checked_int("height", height, 0, _MAX_PLY)
        deepest = _breadth_first_height(starts)
        if height != deepest:
            raise ValueError(f"height is {height}, but the tree is {deepest} plies deep")
        internal_score = _checked_int("internal_score", internal_score, -EVAL_LIMIT, EVAL_LIMIT)
        self.set_arrays(starts, node_scores)
        self.max_moves = max(1, max_children)
        if leaf_values is None:
            leaf_values = node_scores[_leaves_left_to_right(starts)]
            leaf_values.flags.writeable = False
        self.init_tree(height, maximizing, internal_score, values_of_scores, leaf_values)

    cdef void set_arrays(self, child_start, scores):
        cdef int64_t[::1] start_view = child_start
        cdef int32_t[::1] score_view = scores
        self._child_start_array = child_start
        self._scores_array = scores
        self.child_start = &start_view[0]
        self.scores = &score_view[0]

    cdef int child_count(self, int64_t node) noexcept nogil:
        return <int> (self.child_start[node + 1] - self.child_start[node])

    cdef int32_t node_score(self, int64_t node) noexcept nogil:
        return self.scores[node]

    cdef int generate_moves(self, Move* moves) noexcept nogil:
        cdef int64_t node = self.node_stack[self.ply]
        cdef int i, count = <int> (self.child_start[node + 1] - self.child_start[node])
        for i in range(count):
            moves[i] = i
        return count

    cdef void make_move(self, Move move) noexcept nogil:
        self.node_stack[self.ply + 1] = self.child_start[self.node_stack[self.ply]] + move
        self.ply += 1

    cdef bint at_terminal(self) noexcept nogil:
        cdef int64_t node = self.node_stack[self.ply]
        return self.child_start[node + 1] == self.child_start[node]

    cdef Score static_evaluation(self) noexcept nogil:
        return self.from_side_to_move(self.scores[self.node_stack[self.ply]])

    @property
    def num_nodes(self):
        """Number of nodes, leaves included."""
        self.require_tree()
        return len(self._scores_array)

    def copy(self):
        """An independent copy (the tree arrays are shared: they never change)."""
        cdef ExplicitTree other = ExplicitTree.__new__(ExplicitTree)
        if self._scores_array is not None:      # the same arrays, checked when this tree was made
            other._child_start_array = self._child_start_array
            other._scores_array = self._scores_array
            other.child_start = self.child_start
            other.scores = self.scores
        self.copy_tree_into(other)
        return other

    def _constructor_arguments(self):
        """Private (pickling): the arguments of __init__ that make this tree again, the same
        node numbers and so the same position keys; the root's side to move is the current
        one (`maximizing` can be set after construction)."""
        self.require_tree()
        # Read-only views: the search follows child_start unchecked.
        child_start = self._child_start_array.view()
        child_start.flags.writeable = False
        scores = self._scores_array.view()
        scores.flags.writeable = False
        return (child_start, scores, self.tree_height, bool(self.max_at_root), self.max_moves,
                self.internal_score, self._values_of_scores, self._leaf_values)

    def __repr__(self):
        if not self.holds_tree():
            return "<ExplicitTree made by __new__ alone: no tree>"
        return (f"<ExplicitTree nodes={self.num_nodes} leaves={self.num_leaves} "
                f"height={self.tree_height} maximizing={bool(self.max_at_root)}>")


# --- checks of the private constructors ------------------------------------------------------

def _checked_bool(str name, value):
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be a bool, not {type(value).__name__}")
    return bool(value)


def _checked_int(str name, value, low, high):
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    if not low <= value <= high:
        raise ValueError(f"{name} must be in {low}..{high}, got {value}")
    return int(value)


def _checked_scores(str name, scores, int64_t limit):
    """Scores as a contiguous int32 array of at least one score, each within +-limit."""
    array = np.asarray(scores)
    if array.ndim != 1 or array.shape[0] == 0:
        raise ValueError(f"{name} must be a non-empty one-dimensional array, got shape {array.shape}")
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"{name} must have an integer dtype, not {array.dtype}")
    if int(array.min()) < -limit or int(array.max()) > limit:
        raise ValueError(f"{name} must lie within +-{limit}")
    return np.ascontiguousarray(array, dtype=np.int32)


def _checked_starts(child_start, Py_ssize_t count):
    """child_start of an ExplicitTree of `count` nodes, as a contiguous int64 array: the
    children of node i are child_start[i] .. child_start[i+1]-1, numbered after i, and
    together they are every node but the root, in order."""
    # A copy of the tree's own, checked from here on: the caller's array may change after a
    # check (even from another thread during a search), and the search follows these node
    # numbers unchecked. (Scores are only values: a changed one is no read out of bounds.)
    array = np.array(child_start, copy=True)
    if array.ndim != 1 or array.shape[0] != count + 1:
        raise ValueError(f"child_start must hold {count + 1} entries (one per node, and one "
                         f"more), got shape {array.shape}")
    if array.dtype == np.bool_ or not np.issubdtype(array.dtype, np.integer):
        raise TypeError(f"child_start must have an integer dtype, not {array.dtype}")
    starts = np.ascontiguousarray(array, dtype=np.int64)
    if starts[0] != 1 or starts[count] != count:
        raise ValueError(f"child_start must run from 1 (the root's first child) to {count}")
    counts = np.diff(starts)
    if (counts < 0).any() or int(counts.max()) >= 2 ** 31:
        raise ValueError("child_start must never decrease, nor by 2**31 or more at once")
    if (starts[:count][counts > 0] <= np.flatnonzero(counts > 0)).any():
        raise ValueError("child_start must number each node's children after the node")
    return starts


def _leaves_left_to_right(starts):
    """The leaves of checked child_start, in depth-first (left to right) order."""
    leaves = []
    stack = [0]
    while stack:
        node = stack.pop()
        first, end = int(starts[node]), int(starts[node + 1])
        if first == end:
            leaves.append(node)
        else:
            stack.extend(range(end - 1, first - 1, -1))
    return np.asarray(leaves, dtype=np.int64)


def _breadth_first_height(starts):
    """The depth of the deepest node of checked child_start: its levels are contiguous
    ranges, each the children of the one before, so this takes one step per level (and
    stops past the search's limit, ValueError)."""
    cdef int64_t first = 0, end = 1
    cdef int height = 0
    while True:
        first, end = starts[first], starts[end]
        if first >= end:
            return height
        height += 1
        if height > _MAX_PLY:      # counted no further: the levels past it are not walked
            raise ValueError(f"the tree is more than {_MAX_PLY} plies deep; the search goes "
                             f"at most {_MAX_PLY} plies")


# --- the search, compiled for this game (see ext/engine/kernels.pxi) -------------------------

ctypedef UniformTree GameT
include "engine/kernels.pxi"
include "walk.pxi"

KERNELS.search_root = tree_search_root    # the plain alpha-beta as an index walk (walk.pxi)


cdef object tree_search_value(NativeGame game, Score value):
    """The search_value hook (engine/kernel_table.pxd): the tree's own value, MAX's point of
    view, of the engine's score `value` for the side to move at the root (what
    negamax.result_building.build_search_result makes of it)."""
    cdef UniformTree tree = <UniformTree> game
    cdef Score score = tree.from_side_to_move(value)
    if tree._values_of_scores is None:
        return score
    return tree.score_to_value(score)


KERNELS.search_value = tree_search_value

from negamax._engine import register_kernels
register_kernels(UniformTree, kernels_capsule())
