"""`negamax bench --signature`: the total node count of a fixed set of searches over every
built-in game, a uniform tree, a hand-made tree and a game written in Python.

Like a chess engine's `bench`, the number changes when, and only when, the search visits
different nodes: a change in move ordering, pruning, the table or a game's move generation
shows at once. It is the same on every run and platform (single-threaded searches with depth
limits, never time limits). tests/data/signature.txt holds the recorded value and
tests/test_signature.py compares; after an intended change, record the new value with

    negamax bench --signature | tail -n 1 > tests/data/signature.txt

A game added to negamax.games.NATIVE_GAMES joins the signature by itself: from its start
position at DEFAULT_DEPTH, unless SEARCHES lists positions for it."""

from __future__ import annotations

import sys
from typing import Any, Callable, Dict, Iterator, List, Optional, Sequence, TextIO, Tuple

import negamax as nm

__all__ = ["SEARCHES", "DEFAULT_DEPTH", "Nim", "signature_searches", "signature", "run"]

#: Depth of the start-position search of a built-in game that SEARCHES does not list.
DEFAULT_DEPTH = 5

#: Searches per built-in game: (position text for the game's constructor, search options).
#: Algorithms and enhancements vary so that each part of the engine counts.
SEARCHES: Dict[str, List[Tuple[str, Dict[str, Any]]]] = {
    "tictactoe": [
        (".........", {"algorithm": "minimax"}),
        (".........", {"algorithm": "alphabeta"}),
        ("x...o....", {"algorithm": "pvs"}),
        ("x...o....", {"algorithm": "alphabeta", "depth": 3, "killers": True, "history": True}),
    ],
    "connect4": [
        ("", {"algorithm": "alphabeta", "depth": 10}),
        ("", {"algorithm": "pvs", "depth": 16}),
        ("4453", {"algorithm": "mtdf", "depth": 14}),
        ("4453", {"algorithm": "pvs", "depth": 10, "killers": True, "history": True}),
        ("2252576253462244111563365343671351441", {"algorithm": "pvs"}),
        ("44444", {"algorithm": "alphabeta", "depth": 7, "iterative": True, "tt": True}),
    ],
}


class Nim(nm.Game):
    """Subtraction Nim written in Python (take 1 to 3 from one heap; taking the last object
    wins), so that the adapter for Python games counts in the signature too."""

    max_moves = 64
    max_ply = 64

    def __init__(self, heaps: Sequence[int]) -> None:
        self.heaps = list(heaps)
        self.history: List[Tuple[int, int]] = []

    def legal_moves(self) -> List[Tuple[int, int]]:
        """(heap, count) pairs."""
        return [(i, n) for i, h in enumerate(self.heaps) for n in range(1, min(h, 3) + 1)]

    def play(self, move: Tuple[int, int]) -> None:
        """Take move[1] objects from heap move[0]."""
        self.heaps[move[0]] -= move[1]
        self.history.append(move)

    def undo(self) -> None:
        """Put the last objects taken back."""
        i, n = self.history.pop()
        self.heaps[i] += n

    def is_terminal(self) -> bool:
        """No object left."""
        return not any(self.heaps)

    def evaluate(self) -> int:
        """The previous player took the last object and won."""
        return -nm.WIN if self.is_terminal() else 0

    def key(self) -> int:
        """The heaps as base-64 digits."""
        key = 0
        for heap in self.heaps:
            key = key * 64 + heap
        return key


def signature_searches() -> Iterator[Tuple[str, Callable[[], Any], Dict[str, Any]]]:
    """Every search of the signature: (label, a function making the game, search options)."""
    for name, game_class in nm.games.NATIVE_GAMES.items():
        for position, options in SEARCHES.get(name, [(None, {"algorithm": "pvs", "depth": DEFAULT_DEPTH})]):
            label = f"{name} {position!r}" if position is not None else f"{name} start"

            def make(game_class: Any = game_class, position: Any = position) -> Any:
                return game_class() if position is None else game_class(position)

            yield label, make, options
    yield ("uniform tree b=8 d=6 random", lambda: nm.trees.uniform(8, 6, ordering="random", seed=0),
           {"algorithm": "alphabeta"})
    yield ("uniform tree b=5 d=7 random", lambda: nm.trees.uniform(5, 7, ordering="random", seed=1),
           {"algorithm": "pvs", "tt": True})
    yield ("hand-made tree [[[3, 4], [8, [-2, 10], 5]], 7]", lambda: nm.trees.from_nested([[[3, 4], [8, [-2, 10], 5]], 7]),
           {"algorithm": "alphabeta"})
    yield ("Python Nim 3,4,5", lambda: Nim([3, 4, 5]), {"algorithm": "alphabeta"})
    yield ("Python Nim 3,4,5", lambda: Nim([3, 4, 5]), {"algorithm": "pvs"})


def signature(out: Optional[TextIO] = None) -> int:
    """Run every search, print one line each on `out` (default stdout) and return the total
    node count."""
    out = sys.stdout if out is None else out
    total = 0
    for label, make, options in signature_searches():
        options = dict(options)
        depth = options.pop("depth", None)
        result = nm.search(make(), depth, **options)
        total += result.stats.nodes
        print(f"{label:<52} {options.get('algorithm', 'alphabeta'):<9} depth {str(depth):>4}  "
              f"nodes {result.stats.nodes:>12,}", file=out)
    return total


def run(out: Optional[TextIO] = None) -> int:
    """`negamax bench --signature`: the searches, then the total alone on the last line."""
    out = sys.stdout if out is None else out
    total = signature(out)
    print(total, file=out)
    return 0
