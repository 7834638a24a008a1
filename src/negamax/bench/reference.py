"""Plain-Python reference searches: the baselines of the benchmark report and benchmarks/.

Nothing here imports negamax: these are deliberately naive, written the way the
seed articles write them, so that the report measures what the Cython core buys
over ordinary Python. They ship in the package so `negamax bench` runs from a wheel.

* :func:`alphabeta_uniform` -- the recursive alpha-beta of seed 003 (``pruning(tree,
  maximising_player, alpha, beta)``, max/min form) over a complete ``b``-ary tree of
  depth ``d`` given as its flat leaf array (left to right, in MAX's terms).  The
  children of a subtree are contiguous index ranges of that array.
* :func:`minimax_tictactoe` -- plain recursive minimax over a 9-element list board
  (``x = 1``, ``o = -1``, ``0`` empty), counting nodes and leaves.

Both count the work they do with the same conventions as ``negamax.SearchStats``:
``nodes`` counts every node entered (root included), ``leaves`` every node whose
static / terminal value was read.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Sequence

__all__ = ["WIN", "LINES", "Result", "alphabeta_uniform", "winner", "to_move", "minimax_tictactoe",
           "minimax_tictactoe_functional", "Tree", "Terminal", "pruning", "seed003_tree"]

WIN = 1_000_000_000
"""Score of a won position, as ``negamax.WIN``; a win ``p`` plies away scores ``WIN - p``."""

LINES = (
    (0, 1, 2), (3, 4, 5), (6, 7, 8),  # rows
    (0, 3, 6), (1, 4, 7), (2, 5, 8),  # columns
    (0, 4, 8), (2, 4, 6),             # diagonals
)


@dataclass(frozen=True)
class Result:
    """What a reference search returns: the root value and the work it did."""

    value: int
    nodes: int
    leaves: int


# --------------------------------------------------------------------------------------
# (a) seed-003 alpha-beta over a uniform tree given as a flat leaf array
# --------------------------------------------------------------------------------------

def alphabeta_uniform(leaves: Sequence[int], branching: int, depth: int,
                      maximising_player: bool = True) -> Result:
    """Alpha-beta (max/min form, seed 003) over the complete tree whose leaves are ``leaves``.

    ``leaves`` must hold ``branching ** depth`` numbers, left to right, in MAX's terms
    (a list of Python ints is the fastest input; any indexable sequence works).
    Children are searched in natural order and a node stops as soon as its value
    reaches the bound of the node above (``val >= beta`` at MAX, ``val <= alpha`` at
    MIN), which is exactly the cutoff rule of a fail-soft negamax ``value >= beta``,
    so the leaf count equals that of any such negamax.
    """
    if branching < 1 or depth < 0:
        raise ValueError("branching must be >= 1 and depth >= 0")
    if len(leaves) != branching ** depth:
        raise ValueError(f"expected {branching ** depth} leaves, got {len(leaves)}")
    # sizes[k] = number of leaves under a node with k plies left
    sizes = [branching ** k for k in range(depth + 1)]
    count = [0, 0]  # nodes, leaves

    def pruning(lo, plies_left, maximising_player, alpha=float("-inf"), beta=float("+inf")):
        count[0] += 1
        if plies_left == 0:                      # a Terminal
            count[1] += 1
            return leaves[lo]
        step = sizes[plies_left - 1]
        val = float("-inf") if maximising_player else float("+inf")
        for child in range(lo, lo + step * branching, step):
            sub_val = pruning(child, plies_left - 1, not maximising_player, alpha, beta)
            if maximising_player:
                val = max(val, sub_val)
                alpha = max(alpha, sub_val)
            else:
                val = min(val, sub_val)
                beta = min(beta, sub_val)
            if beta <= alpha:
                break
        return val

    limit = sys.getrecursionlimit()
    if limit < depth + 100:
        sys.setrecursionlimit(depth + 100)
    try:
        value = pruning(0, depth, maximising_player)
    finally:
        sys.setrecursionlimit(limit)
    return Result(value, count[0], count[1])


# --------------------------------------------------------------------------------------
# (b) plain minimax over a list-board tic-tac-toe
# --------------------------------------------------------------------------------------

def winner(board: Sequence[int]) -> int:
    """1 if x has three in a row, -1 if o has, 0 otherwise."""
    for a, b, c in LINES:
        s = board[a]
        if s != 0 and s == board[b] == board[c]:
            return s
    return 0


def to_move(board: Sequence[int]) -> int:
    """Side to move on a legal board: x (1) moves first."""
    xs = sum(1 for s in board if s == 1)
    os_ = sum(1 for s in board if s == -1)
    return 1 if xs == os_ else -1


def minimax_tictactoe(board: Sequence[int] | None = None) -> Result:
    """Full-depth minimax (max/min form, seed 000) from ``board`` (default: empty).

    ``board`` is a 9-element sequence, row by row, ``1`` = x, ``-1`` = o, ``0`` = empty.
    Wins are scored ``WIN - ply`` as negamax does; the returned value is from the
    point of view of the side to move at the root (like ``negamax.SearchResult.value``).
    From the empty board: value 0, 549,946 nodes, 255,168 leaves.
    """
    board = [0] * 9 if board is None else list(board)
    if len(board) != 9 or any(s not in (-1, 0, 1) for s in board):
        raise ValueError("board must be 9 cells of -1, 0 or 1")
    count = [0, 0]  # nodes, leaves

    def minimax(player, ply):
        # value in x's terms; player = side to move (1 = x maximises, -1 = o minimises)
        count[0] += 1
        w = winner(board)
        if w != 0:
            count[1] += 1
            return w * (WIN - ply)
        if 0 not in board:
            count[1] += 1
            return 0
        best = -WIN - 1 if player == 1 else WIN + 1
        for square in range(9):
            if board[square] == 0:
                board[square] = player
                val = minimax(-player, ply + 1)
                board[square] = 0
                if player == 1:
                    if val > best:
                        best = val
                elif val < best:
                    best = val
        return best

    root_player = to_move(board)
    value = minimax(root_player, 0)
    return Result(value * root_player, count[0], count[1])


def minimax_tictactoe_functional(board: Sequence[int] | None = None) -> Result:
    """Seed 001's minimax as the talk formulates it: Terminal, Value, Player, Actions and
    Result, where Result(s, a) returns a new state and Player counts the marks. Values are
    1 / -1 / 0 (x wins / o wins / tie), without distance; returned from the side to move.
    From the empty board: value 0, 549,946 nodes, 255,168 leaves."""
    board = [0] * 9 if board is None else list(board)
    count = [0, 0]  # nodes, leaves

    def terminal(state):
        return winner(state) != 0 or 0 not in state

    def value(state):
        return winner(state)

    def player(state):
        return to_move(state)

    def actions(state):
        return [square for square in range(9) if state[square] == 0]

    def result(state, action):
        new_state = list(state)
        new_state[action] = player(state)
        return new_state

    def minimax(state):
        count[0] += 1
        if terminal(state):
            count[1] += 1
            return value(state)
        if player(state) == 1:
            best = float("-inf")
            for action in actions(state):
                best = max(best, minimax(result(state, action)))
        else:
            best = float("inf")
            for action in actions(state):
                best = min(best, minimax(result(state, action)))
        return best

    root_value = minimax(board)
    return Result(int(root_value) * to_move(board), count[0], count[1])


class Tree:
    """Seed 003's tree node, as the article writes it."""

    def __init__(self, children):
        self.children = children


class Terminal(Tree):
    """Seed 003's leaf."""

    def __init__(self, value):
        super().__init__([])
        self.value = value


def pruning(tree, maximising_player, alpha=float("-inf"), beta=float("+inf")):
    """Seed 003's final alpha-beta, word for word."""
    if isinstance(tree, Terminal):
        return tree.value
    val = float("-inf") if maximising_player else float("+inf")
    for subtree in tree.children:
        sub_val = pruning(subtree, not maximising_player, alpha, beta)
        if maximising_player:
            val = max(val, sub_val)
            alpha = max(alpha, sub_val)
        else:
            val = min(val, sub_val)
            beta = min(beta, sub_val)
        if beta <= alpha:
            break
    return val


def seed003_tree(leaves: Sequence[int], branching: int, depth: int) -> Tree:
    """The uniform tree over `leaves` as seed 003's Tree/Terminal objects (one object per node)."""
    level: list = [Terminal(value) for value in leaves]
    for _ in range(depth):
        level = [Tree(level[i:i + branching]) for i in range(0, len(level), branching)]
    return level[0]

