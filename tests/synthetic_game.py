"""A random game with every optional capability (noisy moves, check, null move), written in
Python, and a plain recursive reference of what the engine computes with quiescence search and
check extensions. Positions are paths from the root; everything about a position (its moves,
which are noisy, whether it is in check, its evaluation) comes from a hash of the path, so the
game is the same on every run and every platform."""

from __future__ import annotations

import hashlib
from typing import List, Tuple

import negamax as nm


def _hash(path: Tuple[int, ...], salt: str) -> int:
    digest = hashlib.blake2b(f"{salt}:{path}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "little")


class SyntheticGame(nm.Game):
    """Positions are move paths; the game ends `length` plies from the start or where a position
    has no moves. About a third of the moves are noisy; a tenth of the positions are in check."""

    max_moves = 6
    max_ply = 64

    def __init__(self, seed: int = 0, length: int = 12) -> None:
        self.seed, self.length = seed, length
        self.path: List[int] = []

    def _h(self, salt: str, path=None) -> int:
        return _hash(tuple(self.path if path is None else path), f"{self.seed}-{salt}")

    def _real_plies(self) -> int:
        return sum(1 for move in self.path if move >= 0)

    def legal_moves(self) -> List[int]:
        if self._real_plies() >= self.length:
            return []
        count = 1 + self._h("count") % 5          # 1..5 moves, never 0 before the end
        return list(range(count))

    def noisy_moves(self) -> List[int]:
        return [move for move in self.legal_moves() if self._h(f"noisy{move}") % 3 == 0]

    def in_check(self) -> bool:
        return len(self.path) > 0 and self._h("check") % 10 == 0 and bool(self.legal_moves())

    def play(self, move: int) -> None:
        self.path.append(move)

    def undo(self) -> None:
        self.path.pop()

    #: (in check?, null allowed?) for every null move played, by every copy (the search
    #: plays on a copy, so the log is the class's)
    null_log: List[Tuple[bool, bool]] = []

    def null_move_allowed(self) -> bool:
        return self._h("zugzwang") % 4 != 0

    def play_null(self) -> None:
        SyntheticGame.null_log.append((self.in_check(), self.null_move_allowed()))
        self.path.append(-1)

    def undo_null(self) -> None:
        self.path.pop()

    def is_terminal(self) -> bool:
        return not self.legal_moves()

    def evaluate(self) -> int:
        if self.is_terminal():
            return 0 if self._h("draw") % 2 else -nm.WIN
        return int(self._h("eval") % 2001) - 1000

    def key(self) -> int:
        return self._h("key")

    def order_hint(self, move: int) -> int:
        return int(self._h(f"hint{move}") % 7)

    def copy(self) -> "SyntheticGame":
        other = SyntheticGame(self.seed, self.length)
        other.path = list(self.path)
        return other


def reference_value(game: SyntheticGame, depth: int, quiescence: bool, check_extension: bool,
                    ply: int = 0) -> int:
    """Negamax to `depth` with the engine's rules: a position in check (below the root) is
    searched a ply deeper; at the depth limit, quiescence search (stand pat unless in check,
    then noisy moves only; every move in check). Wins and losses scored by distance."""
    if game.is_terminal():
        return _terminal(game.evaluate(), ply)
    in_check = check_extension and game.in_check()
    if in_check and ply > 0:
        depth += 1
    if depth <= 0:
        if quiescence:
            return _quiescence(game, ply, game.in_check())
        return game.evaluate()
    best = -2 * nm.WIN
    for move in game.legal_moves():
        game.play(move)
        best = max(best, -reference_value(game, depth - 1, quiescence, check_extension, ply + 1))
        game.undo()
    return best


def _quiescence(game: SyntheticGame, ply: int, in_check: bool) -> int:
    if in_check:
        best, moves = -2 * nm.WIN, game.legal_moves()
    else:
        best, moves = game.evaluate(), game.noisy_moves()
    for move in moves:
        game.play(move)
        if game.is_terminal():
            value = _terminal(game.evaluate(), ply + 1)
        else:
            value = _quiescence(game, ply + 1, game.in_check())
        game.undo()
        best = max(best, -value)
    return best


def _terminal(value: int, ply: int) -> int:
    if value > nm.EVAL_LIMIT:
        return value - ply
    if value < -nm.EVAL_LIMIT:
        return value + ply
    return value
