"""Normal-play Nim written in Python with position keys, for the tests of the transposition
table and the solver (and a copy without keys, and the bare rules for the tests of Python games)."""

from __future__ import annotations

import negamax as nm


class PlainNim(nm.Game):
    """Normal-play Nim: take 1..n objects from one heap; whoever takes the last object wins.
    The rules only: no key, the default copy (copy.deepcopy) and the default limits."""

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
        # the side to move at an empty table has lost: the opponent took the last object
        return -nm.WIN if not any(self.heaps) else 0


class Nim(PlainNim):
    """Normal-play Nim with position keys (heaps only shrink: 4 bits per heap)."""

    max_moves = 64
    max_ply = 64

    def key(self):
        return sum(h << (4 * i) for i, h in enumerate(self.heaps))

    def copy(self):
        other = type(self)(self.heaps)
        other.history = list(self.history)
        return other


class NimWithoutKey(Nim):
    key = nm.Game.key


class NimThatKillsItsWorker(Nim):
    """Nim whose evaluation ends the process at once, as a crash in native code would (for
    the tests of analyze's retries after a worker dies)."""

    def evaluate(self):
        import os
        os._exit(3)


class SlowNim(Nim):
    """Nim that takes a millisecond per evaluation, so its searches overlap in a pool."""

    def evaluate(self):
        import time
        time.sleep(0.001)
        return super().evaluate()
