"""Pickling of the built-in native games, so a batch can send them to other processes.

The compiled classes have no ``__reduce__`` of their own yet, and Cython's automatic one cannot
copy their C pointers. This module registers reducers with ``copyreg`` that rebuild each game
from public state: the position it started from and the moves played since (so ``history``
and ``undo()`` survive the trip), its size or its arrays, and the public flags of
``NativeGame``. A copy searches exactly like the original: the same values, moves, node
counts and transposition-table keys.

Imported once by ``negamax/__init__.py``; nothing here is public.
"""

from __future__ import annotations

import copyreg
from typing import Any, Dict, List, Sequence, Tuple

import numpy as np

from negamax.games import Checkers, Chess, ConnectFour, TicTacToe
from negamax.scores import EVAL_LIMIT
from negamax.trees import ExplicitTree, UniformTree, from_arrays, from_nested

#: The public attributes of NativeGame a subclass may change after construction (max_moves
#: and max_ply are read-only: the rebuilt game derives them as the original did).
_FLAGS = ("has_order_hints", "has_keys", "has_safe_moves", "has_noisy_moves", "has_check",
          "has_null_move", "last_move_wins", "max_ply_ends_game", "has_path_draws")


def _flags_of(game: Any) -> Dict[str, Any]:
    return {name: getattr(game, name) for name in _FLAGS if hasattr(game, name)}


def _restore(game: Any, history: Sequence[Any], flags: Dict[str, Any]) -> Any:
    """Replay `history` on a freshly built game and set its public flags back."""
    for move in history:
        game.play(move)
    for name, value in flags.items():
        setattr(game, name, value)
    return game


def _start_and_history(game: Any) -> Tuple[Any, Tuple[Any, ...]]:
    """A copy of `game` taken back to where its history starts, and that history."""
    history = tuple(game.history)
    start = game.copy()
    for _ in history:
        start.undo()
    return start, history


# --- tic-tac-toe --------------------------------------------------------------------------

def _reduce_tictactoe(game: TicTacToe) -> Tuple[Any, Tuple[Any, ...]]:
    start, history = _start_and_history(game)
    return _rebuild_tictactoe, (start.position, history, _flags_of(game))


def _rebuild_tictactoe(position: str, history: Sequence[int], flags: Dict[str, Any]) -> TicTacToe:
    return _restore(TicTacToe(position), history, flags)


# --- Connect Four -------------------------------------------------------------------------

def _reduce_connect_four(game: ConnectFour) -> Tuple[Any, Tuple[Any, ...]]:
    # The move string holds every stone since the empty board, history included.
    return _rebuild_connect_four, (game.moves, game.width, game.height, _flags_of(game))


def _rebuild_connect_four(moves: str, width: int, height: int, flags: Dict[str, Any]) -> ConnectFour:
    return _restore(ConnectFour(moves, width=width, height=height), (), flags)


# --- chess and checkers: a starting position (FEN) and the moves since ----------------------

def _reduce_from_fen(game: Any) -> Tuple[Any, Tuple[Any, ...]]:
    return _rebuild_from_fen, (type(game), game.start_fen, tuple(game.history), _flags_of(game))


def _rebuild_from_fen(kind: Any, start_fen: str, history: Sequence[Any], flags: Dict[str, Any]) -> Any:
    return _restore(kind(start_fen), history, flags)


# --- trees --------------------------------------------------------------------------------

def _reduce_uniform_tree(tree: UniformTree) -> Tuple[Any, Tuple[Any, ...]]:
    start, history = _start_and_history(tree)
    return _rebuild_uniform_tree, (tree.branching, tree.height, np.asarray(tree.leaf_values),
                                   bool(start.maximizing), tree.ordering, history, _flags_of(tree))


def _rebuild_uniform_tree(branching: int, height: int, leaf_scores: np.ndarray, maximizing: bool,
                          ordering: str, history: Sequence[int], flags: Dict[str, Any]) -> UniformTree:
    scores = np.array(leaf_scores, dtype=np.int32)
    view = scores.view()
    view.flags.writeable = False
    tree = UniformTree(branching, height, scores, maximizing, ordering, leaf_values=view)
    return _restore(tree, history, flags)


def _reduce_explicit_tree(tree: ExplicitTree) -> Tuple[Any, Tuple[Any, ...]]:
    start, history = _start_and_history(tree)
    child_counts, values = _breadth_first_nodes(start)
    return _rebuild_explicit_tree, (child_counts, values, bool(start.maximizing), history,
                                    _flags_of(tree))


def _rebuild_explicit_tree(child_counts: List[int], values: List[Any], maximizing: bool,
                           history: Sequence[int], flags: Dict[str, Any]) -> ExplicitTree:
    inner_values = any(value != 0 for count, value in zip(child_counts, values) if count)
    plain_ints = all(type(value) is int and abs(value) <= EVAL_LIMIT for value in values)
    if inner_values or plain_ints:
        # Trees with values at inner nodes come from from_arrays(), whose values are such ints.
        tree = from_arrays(np.asarray(child_counts, dtype=np.int64),
                           np.asarray(values, dtype=np.int64), maximizing=maximizing)
    else:
        # Floats, fractions, huge ints: from_nested() searches them by rank, as the original.
        tree = from_nested(_nested_from_breadth_first(child_counts, values), maximizing=maximizing)
    return _restore(tree, history, flags)


def _node_value(tree: ExplicitTree) -> Any:
    """The current node's value in the tree's own terms (MAX's point of view)."""
    value = tree.evaluate()          # from the side to move
    return value if tree.to_move == 1 else -value


def _breadth_first_nodes(root: ExplicitTree) -> Tuple[List[int], List[Any]]:
    """Walk the tree from its root through the public game interface (play, undo,
    legal_moves) and return each node's number of children and value, in breadth-first
    order: the order from_arrays() and from_nested() number the nodes in, so the copy's node
    indices, and with them its position keys, are the original's."""
    children: List[List[int]] = [[]]
    values: List[Any] = [_node_value(root)]
    stack = [(0, iter(root.legal_moves()))]
    while stack:
        node, moves = stack[-1]
        move = next(moves, None)
        if move is None:
            stack.pop()
            if stack:
                root.undo()
            continue
        root.play(move)
        child = len(values)
        values.append(_node_value(root))
        children.append([])
        children[node].append(child)
        below = root.legal_moves()
        if below:
            stack.append((child, iter(below)))
        else:
            root.undo()
    order = [0]
    position = 0
    while position < len(order):
        order.extend(children[order[position]])
        position += 1
    return [len(children[node]) for node in order], [values[node] for node in order]


def _nested_from_breadth_first(child_counts: List[int], values: List[Any]) -> Any:
    """The nested lists of a breadth-first tree (inner nodes' values are dropped: they are 0)."""
    starts = [1]
    for count in child_counts:
        starts.append(starts[-1] + count)
    built: List[Any] = [None] * len(child_counts)
    for node in range(len(child_counts) - 1, -1, -1):   # children come after their parent
        if child_counts[node]:
            built[node] = [built[child] for child in range(starts[node], starts[node + 1])]
        else:
            built[node] = values[node]
    return built[0]


def register() -> None:
    """Register the reducers (idempotent)."""
    copyreg.pickle(TicTacToe, _reduce_tictactoe)
    copyreg.pickle(ConnectFour, _reduce_connect_four)
    copyreg.pickle(Chess, _reduce_from_fen)
    copyreg.pickle(Checkers, _reduce_from_fen)
    copyreg.pickle(UniformTree, _reduce_uniform_tree)
    copyreg.pickle(ExplicitTree, _reduce_explicit_tree)


register()
