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

import numpy as np

cimport cython

from libc.stdint cimport int32_t, int64_t, uint64_t

from negamax.game cimport EVAL_LIMIT, Move, NativeGame, Score


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
    cdef int ply                    # current depth in the tree (root = 0)
    cdef public bint maximizing     # is MAX to move at the root?
    cdef int tree_height            # longest root-to-leaf path, in plies
    cdef int32_t internal_score     # static score of an internal node cut by a depth limit
    cdef object _values_of_scores   # None (scores are the values) or tuple: rank -> value
    cdef object _leaf_values        # leaf values left to right, MAX terms (numpy array)

    cdef void init_tree(self, int height, bint maximizing, int32_t internal_score,
                        values_of_scores, leaf_values):
        self.tree_height = height
        self.max_ply = height
        self.maximizing = maximizing
        self.internal_score = internal_score
        self._values_of_scores = values_of_scores
        self._leaf_values = leaf_values
        self._node_stack_array = np.zeros(height + 1, dtype=np.int64)
        cdef int64_t[::1] stack_view = self._node_stack_array
        self.node_stack = &stack_view[0]
        self.ply = 0
        self.has_order_hints = False   # children are searched in their stored order
        self.has_keys = True           # a node's index is its key

    cdef void copy_tree_into(self, TreeGame other):
        other.init_tree(self.tree_height, self.maximizing, self.internal_score,
                        self._values_of_scores, self._leaf_values)
        self.copy_base_into(other)        # after init_tree: the flags set on this tree are kept
        other._node_stack_array[:] = self._node_stack_array
        other.ply = self.ply

    cdef inline Score from_side_to_move(self, int32_t score) noexcept nogil:
        # MAX moves at even plies when MAX is at the root, at odd plies otherwise.
        if self.maximizing == ((self.ply & 1) == 0):
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
        value = table[(int(score) + len(table) - 1) // 2]
        return value.item() if isinstance(value, np.generic) else value

    @property
    def leaf_values(self):
        """Leaf values from left to right, from MAX's point of view (read-only array)."""
        return self._leaf_values

    @property
    def num_leaves(self):
        """Number of leaves."""
        return len(self._leaf_values)

    @property
    def height(self):
        """Longest path from the root to a leaf, in plies."""
        return self.tree_height

    @property
    def to_move(self):
        """+1 when MAX is to move at the current node, -1 when MIN is."""
        return 1 if self.maximizing == ((self.ply & 1) == 0) else -1

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

    cdef public int branching
    cdef int64_t internal_nodes     # nodes above the leaf level
    cdef int32_t* leaf_scores       # b**height scores, MAX terms, heap order
    cdef object _leaf_scores_array
    cdef bint plain_scores          # every leaf score lies within +-EVAL_LIMIT (no win scores)
    cdef public str ordering

    def __init__(self, int branching, int height, leaf_scores, bint maximizing,
                 str ordering, values_of_scores=None, leaf_values=None):
        """Private: use negamax.trees.uniform()."""
        cdef int level
        cdef int64_t width = 1
        self.branching = branching
        self.ordering = ordering
        self.internal_nodes = 0
        for level in range(height):
            self.internal_nodes += width
            width *= branching
        scores = np.ascontiguousarray(leaf_scores, dtype=np.int32)
        if scores.ndim != 1 or scores.shape[0] != width:
            raise ValueError(f"a uniform tree of branching {branching} and depth {height} "
                             f"has {width} leaves, got {scores.shape[0]} scores")
        self.set_scores(scores)
        self.plain_scores = bool(-EVAL_LIMIT <= scores.min() and scores.max() <= EVAL_LIMIT)
        self.max_moves = branching
        self.init_tree(height, maximizing, 0, values_of_scores,
                       scores if leaf_values is None else leaf_values)

    cdef void set_scores(self, scores):
        cdef int32_t[::1] view = scores
        self._leaf_scores_array = scores
        self.leaf_scores = &view[0]

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
        return int(self.internal_nodes) + len(self._leaf_scores_array)

    def copy(self):
        """An independent copy (the leaf arrays are shared: they never change)."""
        cdef UniformTree other = UniformTree.__new__(UniformTree)
        other.branching = self.branching
        other.ordering = self.ordering
        other.internal_nodes = self.internal_nodes
        other.set_scores(self._leaf_scores_array)
        other.plain_scores = self.plain_scores
        self.copy_tree_into(other)
        return other

    def __repr__(self):
        return (f"<UniformTree branching={self.branching} depth={self.tree_height} "
                f"ordering={self.ordering!r} maximizing={bool(self.maximizing)}>")


@cython.final
cdef class ExplicitTree(TreeGame):
    """Any finite tree, stored breadth-first in two arrays."""

    cdef int64_t* child_start       # children of node i: child_start[i] .. child_start[i+1]-1
    cdef int32_t* scores            # score of each node, MAX terms (internal nodes: static value)
    cdef object _child_start_array
    cdef object _scores_array

    def __init__(self, child_start, scores, int height, bint maximizing, int max_children,
                 int32_t internal_score=0, values_of_scores=None, leaf_values=None):
        """Private: use negamax.trees.from_nested() or negamax.trees.from_arrays()."""
        self.set_arrays(np.ascontiguousarray(child_start, dtype=np.int64),
                        np.ascontiguousarray(scores, dtype=np.int32))
        self.max_moves = max(1, max_children)
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
        return len(self._scores_array)

    def copy(self):
        """An independent copy (the tree arrays are shared: they never change)."""
        cdef ExplicitTree other = ExplicitTree.__new__(ExplicitTree)
        other.set_arrays(self._child_start_array, self._scores_array)
        self.copy_tree_into(other)
        return other

    def __repr__(self):
        return (f"<ExplicitTree nodes={self.num_nodes} leaves={self.num_leaves} "
                f"height={self.tree_height} maximizing={bool(self.maximizing)}>")


# --- the search, compiled for this game (see ext/engine/kernels.pxi) -------------------------

ctypedef UniformTree GameT
include "engine/kernels.pxi"
include "walk.pxi"

KERNELS.search_root = tree_search_root    # the plain alpha-beta as an index walk (walk.pxi)

from negamax._engine import register_kernels
register_kernels(UniformTree, kernels_capsule())
