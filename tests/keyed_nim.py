"""Normal-play Nim written in Python with position keys, for the tests of the transposition
table and the solver (and a copy without keys)."""

from __future__ import annotations

import negamax as nm


class Nim(nm.Game):
    """Normal-play Nim with position keys (heaps only shrink: 4 bits per heap)."""

    max_moves = 64
    max_ply = 64

    def __init__(self, heaps):
        super().__init__()
        self.heaps = list(heaps)
        self.history = []

    def legal_moves(self):
        return [(i, k) for i, h in enumerate(self.heaps) for k in range(1, h + 1)]

    def play(self, move):
        heap, count = move
        if not 1 <= count <= self.heaps[heap]:
            raise ValueError(f"illegal move {move!r} in {self.heaps}")
        self.heaps[heap] -= count
        self.history.append(move)

    def undo(self):
        heap, count = self.history.pop()
        self.heaps[heap] += count

    def is_terminal(self):
        return not any(self.heaps)

    def evaluate(self):
        return -nm.WIN if not any(self.heaps) else 0

    def key(self):
        return sum(h << (4 * i) for i, h in enumerate(self.heaps))

    def copy(self):
        other = type(self)(self.heaps)
        other.history = list(self.history)
        return other


class NimWithoutKey(Nim):
    key = nm.Game.key
