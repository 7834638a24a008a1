"""Small helpers shared by the tests (they read negamax results; they compute no expectations),
and a small game written in Python that several tests search."""

from __future__ import annotations

import random
import sys

import pytest
from hypothesis import strategies as st

import negamax as nm

#: For tests that press Ctrl-C in a child process: Windows has no SIGINT to send to one
#: (Popen.send_signal takes SIGTERM and the CTRL_* console events only).
sends_sigint_to_a_child = pytest.mark.skipif(
    sys.platform == "win32", reason="Windows has no SIGINT to send to a child process")

ALGORITHMS = ("minimax", "negamax", "alphabeta")


def interrupt_after(process, seconds, timeout=60):
    """Send SIGINT to a child process `seconds` from now and wait for it: (stdout, stderr).
    The child is killed if it outlives `timeout`, so a test never hangs."""
    import signal
    import time
    try:
        time.sleep(seconds)
        process.send_signal(signal.SIGINT)
        return process.communicate(timeout=timeout)
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


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


def nested_trees(leaf, max_depth=5, bare_root=False):
    """Hypothesis strategy for nested lists: internal nodes with 1 to 4 children, at most
    `max_depth` plies deep, leaves drawn from `leaf`. The root is internal; with `bare_root`
    it is a bare leaf (a valid one-leaf tree) once in 20 draws."""

    @st.composite
    def node(draw, depth):
        if depth == 0 or draw(st.integers(0, 9)) < 3:
            return draw(leaf)
        return [draw(node(depth - 1)) for _ in range(draw(st.integers(1, 4)))]

    @st.composite
    def root(draw):
        if bare_root and draw(st.integers(0, 19)) == 0:
            return draw(leaf)
        return [draw(node(max_depth - 1)) for _ in range(draw(st.integers(1, 4)))]

    return root()


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


class Subtraction(nm.Game):
    """Take 1 to 3 stones; whoever takes the last stone wins. A game written in Python."""

    max_moves = 3

    def __init__(self, stones):
        self.stones, self.taken = stones, []
        self.max_ply = max(stones, 1)   # the game ends within `stones` plies

    def legal_moves(self):
        return [take for take in (1, 2, 3) if take <= self.stones]

    def play(self, move):
        self.stones -= move
        self.taken.append(move)

    def undo(self):
        self.stones += self.taken.pop()

    def is_terminal(self):
        return self.stones == 0

    def evaluate(self):
        return -nm.WIN if self.stones == 0 else 0


class Take:
    """A move of ObjectSubtraction: a plain object (no __eq__, the default repr with its
    address), equal only to itself."""

    def __init__(self, count):
        self.count = count


class ObjectSubtraction(Subtraction):
    """Subtraction with moves that are Take objects: made anew on every legal_moves() call
    (`fresh`: nothing but their place in the list tells them apart), or kept in the game
    (the same objects every time, and other objects in each copy)."""

    def __init__(self, stones, fresh):
        super().__init__(stones)
        self.fresh = fresh
        self.kept = [Take(count) for count in (1, 2, 3)]

    def legal_moves(self):
        moves = [Take(count) for count in (1, 2, 3)] if self.fresh else self.kept
        return [move for move in moves if move.count <= self.stones]

    def play(self, move):
        super().play(move.count)


def late_positions(seed, count, stones):
    """Unfinished Connect Four positions (7 x 6) with `stones` stones from seeded random games."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        game = nm.games.ConnectFour()
        while game.stones < stones and not game.is_terminal():
            game.play(rng.choice(game.legal_moves()))
        if game.stones == stones and not game.is_terminal():
            found.append(game)
    return found


def games_finished_in_python(monkeypatch, finisher):
    """Count the results negamax.api's `finisher` ("_finish_search" or "_finish_solve") makes
    from the engine's dicts: the list it returns gets the game type's name of each. Which
    route a result took is a matter of speed only, so tests that a built-in game takes the
    engine's route count these."""
    from negamax import api

    finished = []
    python_finish = getattr(api, finisher)

    def counting_finish(raw, native, game, *args):
        finished.append(type(game).__name__)
        return python_finish(raw, native, game, *args)

    monkeypatch.setattr(api, finisher, counting_finish)
    return finished
