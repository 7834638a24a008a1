"""Tic-tac-toe written as a negamax.Game in plain Python, with the rules, evaluation and order
hints of the native negamax.games.TicTacToe: the Python-game adapter's benchmark subject."""

from __future__ import annotations

import negamax as nm

LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
LINES_THROUGH = [sum(square in line for line in LINES) for square in range(9)]


class PythonTicTacToe(nm.Game):
    """The empty board; x (1) moves first."""

    max_moves = 9
    max_ply = 9

    def __init__(self):
        self.cells = [0] * 9
        self.to_move = 1
        self.moves = []

    def legal_moves(self):
        return [square for square in range(9) if self.cells[square] == 0]

    def play(self, move):
        self.cells[move] = self.to_move
        self.to_move = -self.to_move
        self.moves.append(move)

    def undo(self):
        self.cells[self.moves.pop()] = 0
        self.to_move = -self.to_move

    def _lost(self):
        mark = -self.to_move   # only the player who just moved can have a line
        return any(self.cells[a] == self.cells[b] == self.cells[c] == mark for a, b, c in LINES)

    def is_terminal(self):
        return len(self.moves) == 9 or self._lost()

    def evaluate(self):
        if self._lost():
            return -nm.WIN
        if len(self.moves) == 9:
            return 0
        total = 0
        for line in LINES:
            own = sum(self.cells[s] == self.to_move for s in line)
            other = sum(self.cells[s] == -self.to_move for s in line)
            total += own if other == 0 else (-other if own == 0 else 0)
        return total

    def order_hint(self, move):
        return LINES_THROUGH[move]
