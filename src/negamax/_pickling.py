"""Pickling of the built-in native games, so a batch can send them to other processes.

The compiled classes have no ``__reduce__`` of their own yet, and Cython's automatic one cannot
copy their C pointers. This module registers reducers with ``copyreg`` that rebuild each game
from the position it started from and the moves played since (so ``history`` and ``undo()``
survive the trip), its size or its arrays (an explicit tree's own, which its constructor
checks again), and the public flags of ``NativeGame``. A copy searches exactly like the
original: the same values, moves, node counts and transposition-table keys.

Imported once by ``negamax/__init__.py``; nothing here is public.
"""

from __future__ import annotations

import copyreg
from typing import Any, Dict, Sequence, Tuple

import numpy as np

from negamax.games import Checkers, Chess, ConnectFour, TicTacToe
from negamax.trees import ExplicitTree, UniformTree

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
    # The tree's own arrays (the constructor checks them again on the way back): linear in
    # the tree's size, where walking it through play() would list a node's moves per child.
    return _rebuild_explicit_tree, (tree._constructor_arguments(), tuple(tree.history),
                                    _flags_of(tree))


def _rebuild_explicit_tree(arguments: Tuple[Any, ...], history: Sequence[int],
                           flags: Dict[str, Any]) -> ExplicitTree:
    (child_start, scores, height, maximizing, max_children, internal_score, values_of_scores,
     leaf_values) = arguments
    leaf_values = np.array(leaf_values)        # read-only, as the original's
    leaf_values.flags.writeable = False
    # The tree's own arrays are read-only views (copy.copy hands them over as they are): the
    # tree made here gets arrays of its own.
    tree = ExplicitTree(np.array(child_start), np.array(scores), height, maximizing,
                        max_children, internal_score, values_of_scores, leaf_values)
    return _restore(tree, history, flags)


def register() -> None:
    """Register the reducers (idempotent)."""
    copyreg.pickle(TicTacToe, _reduce_tictactoe)
    copyreg.pickle(ConnectFour, _reduce_connect_four)
    copyreg.pickle(Chess, _reduce_from_fen)
    copyreg.pickle(Checkers, _reduce_from_fen)
    copyreg.pickle(UniformTree, _reduce_uniform_tree)
    copyreg.pickle(ExplicitTree, _reduce_explicit_tree)


register()
