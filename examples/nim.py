"""Nim as a Python game for negamax.

    python examples/nim.py

Heaps of objects; a move takes ``count >= 1`` objects from one heap and is written
``(heap_index, count)``.  The player who takes the last object wins (normal play), so
when every heap is empty the side to move has lost: ``evaluate()`` returns
``-nm.WIN`` there and 0 everywhere else (no heuristic: the search must find the win).

Theory says the side to move wins exactly when the xor of the heap sizes ("nim-sum")
is not 0, by moving to a position whose nim-sum is 0; ``order_hint`` tries those moves
first, which lets alpha-beta prune most of the tree.
"""

from __future__ import annotations

from functools import reduce
from operator import xor

import negamax as nm


class Nim(nm.Game):
    """Normal-play Nim over ``heaps`` (a tuple of non-negative ints)."""

    max_moves = 256  # len(legal_moves()) == sum(heaps) must stay below this
    max_ply = 1024   # a game lasts at most sum(heaps) plies

    def __init__(self, heaps=(3, 4, 5)):
        super().__init__()
        heaps = tuple(heaps)
        if not heaps or any(not isinstance(h, int) or isinstance(h, bool) or h < 0 for h in heaps):
            raise ValueError(f"heaps must be a non-empty sequence of non-negative ints, got {heaps!r}")
        if sum(heaps) > self.max_moves:
            raise ValueError(f"at most {self.max_moves} objects in all (sum(heaps) = {sum(heaps)})")
        self.heaps = heaps
        self._history = []  # previous heaps tuples, for undo()
        # key(): heaps packed in fixed-width bit fields (they only shrink), if that fits 64 bits
        self._width = max(max(heaps).bit_length(), 1)

    # ------------------------------------------------------------------ nm.Game
    def legal_moves(self):
        return [(i, count) for i, h in enumerate(self.heaps) for count in range(1, h + 1)]

    def play(self, move):
        i, count = move
        if not (0 <= i < len(self.heaps)) or not (1 <= count <= self.heaps[i]):
            raise ValueError(f"illegal move {move!r} in {self.heaps!r}")
        self._history.append(self.heaps)
        heaps = list(self.heaps)
        heaps[i] -= count
        self.heaps = tuple(heaps)

    def undo(self):
        if not self._history:
            raise ValueError("nothing to undo")
        self.heaps = self._history.pop()

    def is_terminal(self):
        return not any(self.heaps)

    def evaluate(self):
        # from the side to move: at the end it has no object to take, the opponent took the last one
        return -nm.WIN if self.is_terminal() else 0

    def key(self):
        if self._width * len(self.heaps) <= 64:
            k = 0
            for h in self.heaps:
                k = (k << self._width) | h
            return k
        return hash(self.heaps) & 0xFFFF_FFFF_FFFF_FFFF

    def order_hint(self, move):
        i, count = move
        after = self.nim_sum() ^ self.heaps[i] ^ (self.heaps[i] - count)
        return 1 if after == 0 else 0

    def copy(self):
        other = type(self)(self.heaps)
        other._history = list(self._history)
        other._width = self._width
        return other

    # ------------------------------------------------------------------ helpers
    def nim_sum(self):
        return reduce(xor, self.heaps, 0)

    def __repr__(self):
        return f"Nim({self.heaps!r})"


def main():
    game = Nim((3, 4, 5))
    result = nm.search(game, algorithm="alphabeta")
    print(f"{game!r}, nim-sum {game.nim_sum()} -> the side to move "
          f"{'wins' if game.nim_sum() else 'loses'} with perfect play")
    value = result.value
    if abs(value) > nm.EVAL_LIMIT:
        plies = nm.WIN - abs(value)
        outcome = f"{'win' if value > 0 else 'loss'} in {plies} plies"
    else:
        outcome = "not decided"
    print(f"value     : {value} ({outcome})")
    print(f"best move : {result.best_move} (heap index, count)")
    print(f"pv        : {list(result.pv)}")
    s = result.stats
    print(f"stats     : nodes={s.nodes:,} leaves={s.leaves:,} cutoffs={s.cutoffs:,} "
          f"max_ply={s.max_ply} iterations={s.iterations}")
    print(f"elapsed   : {result.elapsed:.3f} s, depth {result.depth}, {result.stop_reason}")


if __name__ == "__main__":
    main()
