"""Plain recursive Python references used as the oracle of the test suite.

Written from scratch from the API spec and the seed documents: nothing here imports negamax.

Trees are nested Python lists; a number is a leaf (its value is in MAX terms, i.e. the number
written in the list). Every tree search below returns a :class:`TreeResult` carrying the value (in
MAX terms), the principal variation, and the counters the spec defines:

* nodes    -- every node entered, root included
* leaves   -- nodes whose static value was read
* cutoffs  -- nodes where a beta cutoff happened (``value >= beta`` in negamax form).
              ``cutoffs`` counts every such event, ``cutoffs_strict`` only those that actually
              skipped at least one remaining child (the two readings of "beta cutoffs").
* max_ply  -- deepest ply entered, root = 0
* trace    -- list of (path, value) in visiting order, value = the leaf number or None

Tic-tac-toe positions are lists of 9 ints (1 = x, -1 = o, 0 = empty), row-major.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache

WIN = 1_000_000_000
EVAL_LIMIT = 999_989_999
INF = math.inf


# --------------------------------------------------------------------------------------------
# Nested-list trees
# --------------------------------------------------------------------------------------------


def is_leaf(tree) -> bool:
    return not isinstance(tree, list)


@dataclass
class TreeResult:
    value: object = None
    best_move: object = None
    pv: tuple = ()
    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    cutoffs_strict: int = 0
    first_move_cutoffs: int = 0   # cutoffs made by the first child searched
    max_ply: int = 0
    trace: list = field(default_factory=list)


class _Counter:
    def __init__(self):
        self.r = TreeResult()

    def enter(self, path, value=None):
        self.r.nodes += 1
        self.r.max_ply = max(self.r.max_ply, len(path))
        self.r.trace.append((tuple(path), value))

    def leaf(self, path, value):
        """Enter a leaf and read its static value."""
        self.enter(path, value)
        self.r.leaves += 1

    def finish(self, value, pv):
        """Record the root value (MAX terms) and principal variation; return the result."""
        self.r.value, self.r.pv = value, pv
        self.r.best_move = pv[0] if pv else None
        return self.r

    def cutoff(self, remaining, first=False):
        self.r.cutoffs += 1
        if remaining:
            self.r.cutoffs_strict += 1
        if first:
            self.r.first_move_cutoffs += 1


def tree_stats(tree):
    """(num_nodes, num_leaves, height) of a nested tree; height = max ply of a leaf."""
    if is_leaf(tree):
        return 1, 1, 0
    nodes, leaves, height = 1, 0, 0
    for child in tree:
        n, l, h = tree_stats(child)
        nodes += n
        leaves += l
        height = max(height, h + 1)
    return nodes, leaves, height


def tree_leaves(tree):
    """Leaf values left to right."""
    if is_leaf(tree):
        return [tree]
    out = []
    for child in tree:
        out.extend(tree_leaves(child))
    return out


def preorder(tree, path=()):
    """Every (path, value-or-None) in depth-first, left-to-right order."""
    if is_leaf(tree):
        return [(path, tree)]
    out = [(path, None)]
    for i, child in enumerate(tree):
        out.extend(preorder(child, path + (i,)))
    return out


def subtree(tree, path):
    for i in path:
        tree = tree[i]
    return tree


def reshape_uniform(values, branching, depth):
    """Nested b-ary tree of the given depth whose leaves, left to right, are `values`."""
    values = list(values)
    assert len(values) == branching**depth

    def build(lo, d):
        if d == 0:
            return values[lo]
        size = branching ** (d - 1)
        return [build(lo + i * size, d - 1) for i in range(branching)]

    return build(0, depth)


def minimax(tree, maximizing=True):
    """Max/min minimax of seeds 000/003 (no pruning). Value in MAX terms."""
    c = _Counter()

    def rec(node, path, is_max):
        if is_leaf(node):
            c.leaf(path, node)
            return node, ()
        c.enter(path)
        best, best_pv = None, ()
        for i, child in enumerate(node):
            v, pv = rec(child, path + (i,), not is_max)
            if best is None or (v > best if is_max else v < best):
                best, best_pv = v, (i,) + pv
        return best, best_pv

    value, pv = rec(tree, (), maximizing)
    return c.finish(value, pv)


def negamax(tree, maximizing=True):
    """Plain negamax (no pruning). Value returned in MAX terms."""
    c = _Counter()

    def rec(node, path, color):
        if is_leaf(node):
            c.leaf(path, node)
            return color * node, ()
        c.enter(path)
        best, best_pv = None, ()
        for i, child in enumerate(node):
            v, pv = rec(child, path + (i,), -color)
            v = -v
            if best is None or v > best:
                best, best_pv = v, (i,) + pv
        return best, best_pv

    color = 1 if maximizing else -1
    value, pv = rec(tree, (), color)
    return c.finish(color * value, pv)


def alphabeta_negamax(tree, maximizing=True):
    """Fail-soft alpha-beta in negamax form; cutoff when value >= beta. Value in MAX terms."""
    c = _Counter()

    def rec(node, path, color, alpha, beta):
        if is_leaf(node):
            c.leaf(path, node)
            return color * node, ()
        c.enter(path)
        best, best_pv = -INF, ()
        n = len(node)
        for i, child in enumerate(node):
            v, pv = rec(child, path + (i,), -color, -beta, -alpha)
            v = -v
            if v > best:
                best, best_pv = v, (i,) + pv
            if best > alpha:
                alpha = best
            if best >= beta:
                c.cutoff(remaining=i < n - 1, first=i == 0)
                break
        return best, best_pv

    color = 1 if maximizing else -1
    value, pv = rec(tree, (), color, -INF, INF)
    return c.finish(color * value, pv)


def alphabeta_maxmin(tree, maximizing=True):
    """Fail-soft alpha-beta in max/min form (seed 003). Value in MAX terms."""
    c = _Counter()

    def rec(node, path, is_max, alpha, beta):
        if is_leaf(node):
            c.leaf(path, node)
            return node, ()
        c.enter(path)
        n = len(node)
        if is_max:
            best, best_pv = -INF, ()
            for i, child in enumerate(node):
                v, pv = rec(child, path + (i,), False, alpha, beta)
                if v > best:
                    best, best_pv = v, (i,) + pv
                alpha = max(alpha, best)
                if best >= beta:
                    c.cutoff(remaining=i < n - 1)
                    break
        else:
            best, best_pv = INF, ()
            for i, child in enumerate(node):
                v, pv = rec(child, path + (i,), True, alpha, beta)
                if v < best:
                    best, best_pv = v, (i,) + pv
                beta = min(beta, best)
                if best <= alpha:
                    c.cutoff(remaining=i < n - 1)
                    break
        return best, best_pv

    value, pv = rec(tree, (), maximizing, -INF, INF)
    return c.finish(value, pv)


# --------------------------------------------------------------------------------------------
# Tic-tac-toe on a list board
# --------------------------------------------------------------------------------------------

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),
    (0, 3, 6), (1, 4, 7), (2, 5, 8),
    (0, 4, 8), (2, 4, 6),
)

ORDER_HINT = tuple(sum(1 for line in LINES if s in line) for s in range(9))
# centre 4, corners 3, edges 2
assert ORDER_HINT == (3, 2, 3, 2, 4, 2, 3, 2, 3)


def parse(position: str):
    """9 characters x/o/. (case-insensitive; whitespace and '/' ignored) -> list board."""
    chars = [ch for ch in position.lower() if not ch.isspace() and ch != "/"]
    assert len(chars) == 9, position
    table = {"x": 1, "o": -1, ".": 0}
    return [table[ch] for ch in chars]


def to_string(board) -> str:
    return "".join({1: "x", -1: "o", 0: "."}[v] for v in board)


def to_move(board) -> int:
    return 1 if board.count(1) == board.count(-1) else -1


def winner_of(board):
    """1 / -1 for three in a row, 0 for a full-board draw, None if the game goes on."""
    for a, b, c in LINES:
        if board[a] != 0 and board[a] == board[b] == board[c]:
            return board[a]
    if 0 not in board:
        return 0
    return None


def is_terminal(board) -> bool:
    return winner_of(board) is not None


def legal_moves(board):
    if is_terminal(board):
        return []
    return [s for s in range(9) if board[s] == 0]


def ordered_moves(board, ordering: bool):
    moves = legal_moves(board)
    if ordering:
        moves = sorted(moves, key=lambda s: -ORDER_HINT[s])  # stable: ties keep ascending order
    return moves


def evaluate(board) -> int:
    """Static value from the side to move, exactly as the spec defines it."""
    side = to_move(board)
    w = winner_of(board)
    if w is not None:
        if w == 0:
            return 0
        return WIN if w == side else -WIN
    total = 0
    for line in LINES:
        own = sum(1 for s in line if board[s] == side)
        opp = sum(1 for s in line if board[s] == -side)
        if opp == 0:
            total += own
        elif own == 0:
            total -= opp
    return total


def _score(board, ply):
    """Value read at a leaf of the search, with the WIN - ply convention."""
    v = evaluate(board)
    if v >= WIN:
        return WIN - ply
    if v <= -WIN:
        return -(WIN - ply)
    return v


def negamax_value(board, depth=None, ply=0):
    """Negamax value from the side to move (WIN - ply scoring); depth None = to the end."""
    return _negamax_value(tuple(board), depth, ply)


@lru_cache(maxsize=None)
def _negamax_value(board, depth, ply):
    b = list(board)
    if is_terminal(b) or depth == 0:
        return _score(b, ply)
    best = -INF
    for m in legal_moves(b):
        b[m] = to_move(board)
        v = -_negamax_value(tuple(b), None if depth is None else depth - 1, ply + 1)
        b[m] = 0
        best = max(best, v)
    return best


def minimax_value(board, depth=None, ply=0, maximizing=True):
    """Max/min form over tic-tac-toe, value from the root side to move (check of the above)."""
    b = list(board)
    sign = 1 if maximizing else -1  # sign converting "side to move here" to root-player terms
    if is_terminal(b) or depth == 0:
        return sign * _score(b, ply)
    values = []
    for m in legal_moves(b):
        b[m] = to_move(board)
        values.append(minimax_value(b, None if depth is None else depth - 1, ply + 1, not maximizing))
        b[m] = 0
    return max(values) if maximizing else min(values)


def count_tree(board, depth=None):
    """(nodes, leaves, max_ply) of the full minimax tree from `board`, searched to `depth`."""
    return _count_tree(tuple(board), depth)


@lru_cache(maxsize=None)
def _count_tree(board, depth):
    b = list(board)
    if is_terminal(b) or depth == 0:
        return 1, 1, 0
    nodes, leaves, max_ply = 1, 0, 0
    side = to_move(b)
    for m in legal_moves(b):
        b[m] = side
        n, l, p = _count_tree(tuple(b), None if depth is None else depth - 1)
        b[m] = 0
        nodes += n
        leaves += l
        max_ply = max(max_ply, p + 1)
    return nodes, leaves, max_ply


@dataclass
class GameResult:
    value: object = None
    pv: tuple = ()
    nodes: int = 0
    leaves: int = 0
    cutoffs: int = 0
    cutoffs_strict: int = 0
    max_ply: int = 0


def alphabeta_ttt(board, depth=None, ordering=True):
    """Fail-soft negamax alpha-beta over tic-tac-toe with the spec's ordering and scoring."""
    r = GameResult()
    b = list(board)

    def rec(d, ply, alpha, beta):
        r.nodes += 1
        r.max_ply = max(r.max_ply, ply)
        if is_terminal(b) or d == 0:
            r.leaves += 1
            return _score(b, ply), ()
        side = to_move(b)
        moves = ordered_moves(b, ordering)
        best, best_pv = -INF, ()
        for i, m in enumerate(moves):
            b[m] = side
            v, pv = rec(None if d is None else d - 1, ply + 1, -beta, -alpha)
            b[m] = 0
            v = -v
            if v > best:
                best, best_pv = v, (m,) + pv
            if best > alpha:
                alpha = best
            if best >= beta:
                r.cutoffs += 1
                if i < len(moves) - 1:
                    r.cutoffs_strict += 1
                break
        return best, best_pv

    r.value, r.pv = rec(depth, 0, -INF, INF)
    return r


def reachable_positions():
    """Every position reachable from the empty board: {position string: ply}."""
    seen = {}

    def rec(b, ply):
        key = to_string(b)
        if key in seen:
            return
        seen[key] = ply
        side = to_move(b)
        for m in legal_moves(b):
            b[m] = side
            rec(b, ply + 1)
            b[m] = 0

    rec([0] * 9, 0)
    return seen


# --------------------------------------------------------------------------------------------
# Connect Four
# --------------------------------------------------------------------------------------------

CONNECT_DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))  # (d col, d row): horizontal, vertical, two diagonals


def four_through(at, col, row, player):
    """Is the square (col, row), held by `player`, part of four or more of `player`'s stones in
    a row? `at(col, row)` gives the stone on any square, anything but 1 / -1 where there is none
    (off the board included); the square (col, row) itself is not read."""
    for dc, dr in CONNECT_DIRECTIONS:
        run = 1
        for sign in (1, -1):
            k = 1
            while at(col + sign * k * dc, row + sign * k * dr) == player:
                run += 1
                k += 1
        if run >= 4:
            return True
    return False


# --------------------------------------------------------------------------------------------
# Nim (normal play: the player who takes the last object wins)
# --------------------------------------------------------------------------------------------


def nim_moves(heaps):
    return [(i, k) for i, h in enumerate(heaps) for k in range(1, h + 1)]


@lru_cache(maxsize=None)
def nim_value(heaps, ply=0):
    """Negamax value of a Nim position from the side to move, WIN - ply scoring."""
    if sum(heaps) == 0:
        return -(WIN - ply)  # the opponent took the last object
    best = -INF
    for i, k in nim_moves(heaps):
        child = list(heaps)
        child[i] -= k
        best = max(best, -nim_value(tuple(child), ply + 1))
    return best


@lru_cache(maxsize=None)
def nim_tree_size(heaps):
    """(nodes, leaves) of the full Nim game tree."""
    if sum(heaps) == 0:
        return 1, 1
    nodes, leaves = 1, 0
    for i, k in nim_moves(heaps):
        child = list(heaps)
        child[i] -= k
        n, l = nim_tree_size(tuple(child))
        nodes += n
        leaves += l
    return nodes, leaves
