"""Small helpers shared by the tests (they read negamax results; they compute no expectations)."""

from __future__ import annotations

import negamax as nm

ALGORITHMS = ("minimax", "negamax", "alphabeta")


def trace_pairs(result):
    """The trace of a SearchResult as a list of (path tuple, value) pairs."""
    assert result.trace is not None
    return [(tuple(v.path), v.value) for v in result.trace]


def leaf_values_read(result):
    """Values read at leaves, in visiting order."""
    return [value for _, value in trace_pairs(result) if value is not None]


def tree_search(nested, algorithm, maximizing, via, **kwargs):
    """Search a nested tree with the root player given either to from_nested or to search."""
    if via == "from_nested":
        tree = nm.trees.from_nested(nested, maximizing=maximizing)
        return nm.search(tree, algorithm=algorithm, **kwargs)
    tree = nm.trees.from_nested(nested)
    return nm.search(tree, algorithm=algorithm, maximizing=maximizing, **kwargs)


def ttt_state(game):
    """Everything observable about a tic-tac-toe game, to check it was not changed."""
    return (
        game.position,
        game.board.tolist(),
        list(game.legal_moves()),
        game.to_move,
        game.is_terminal(),
        game.winner,
        game.key(),
    )


def tree_state(tree):
    return (
        list(tree.legal_moves()),
        tree.maximizing,
        tree.leaf_values.tolist(),
        tree.num_leaves,
        tree.num_nodes,
        tree.height,
    )
