"""Hypothesis state machines: long random sequences of play, undo, copy and refused moves on
the native TicTacToe and ConnectFour, each step compared with a plain Python twin of the game
written here (lists, no bit tricks). A copy must be independent of its original, a refused
move must leave the game unchanged, and equal positions must have equal keys."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import pytest
from hypothesis import settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import negamax as nm

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToeTwin:
    """Tic-tac-toe on a list of 9 squares: 1 for x, -1 for o, 0 empty; x moves first."""

    def __init__(self) -> None:
        self.squares = [0] * 9
        self.history: List[int] = []

    @property
    def to_move(self) -> int:
        return 1 if len(self.history) % 2 == 0 else -1

    @property
    def winner(self) -> Optional[int]:
        for a, b, c in LINES:
            if self.squares[a] != 0 and self.squares[a] == self.squares[b] == self.squares[c]:
                return self.squares[a]
        return 0 if all(self.squares) else None

    def legal_moves(self) -> List[int]:
        if self.winner is not None:
            return []
        return [square for square in range(9) if self.squares[square] == 0]

    def play(self, move: int) -> None:
        self.squares[move] = self.to_move
        self.history.append(move)

    def undo(self) -> None:
        self.squares[self.history.pop()] = 0

    def board(self) -> List[List[int]]:
        return [self.squares[row * 3:row * 3 + 3] for row in range(3)]

    def state(self) -> Tuple[int, ...]:
        return tuple(self.squares)


class ConnectFourTwin:
    """Connect Four on a grid of rows (top row first): 1 for the first player, -1 for the
    second; moves are 1-based columns; four in a row in any direction wins."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.grid = [[0] * width for _ in range(height)]
        self.history: List[int] = []
        self.won: List[bool] = []

    @property
    def to_move(self) -> int:
        return 1 if len(self.history) % 2 == 0 else -1

    def _top(self, column: int) -> int:
        """Row index of the highest stone in `column` (height when empty)."""
        for row in range(self.height):
            if self.grid[row][column]:
                return row
        return self.height

    @property
    def winner(self) -> Optional[int]:
        if self.won and self.won[-1]:
            return -self.to_move
        return 0 if len(self.history) == self.width * self.height else None

    def legal_moves(self) -> List[int]:
        if self.winner is not None:
            return []
        return [column + 1 for column in range(self.width) if self._top(column) > 0]

    def _wins(self, row: int, column: int) -> bool:
        player = self.grid[row][column]
        for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            count = 1
            for sign in (1, -1):
                r, c = row + sign * dr, column + sign * dc
                while 0 <= r < self.height and 0 <= c < self.width and self.grid[r][c] == player:
                    count += 1
                    r, c = r + sign * dr, c + sign * dc
            if count >= 4:
                return True
        return False

    def play(self, move: int) -> None:
        column = move - 1
        row = self._top(column) - 1
        self.grid[row][column] = self.to_move
        self.history.append(move)
        self.won.append(self._wins(row, column))

    def undo(self) -> None:
        column = self.history.pop() - 1
        self.won.pop()
        self.grid[self._top(column)][column] = 0

    def board(self) -> List[List[int]]:
        return [list(row) for row in self.grid]

    def state(self) -> Tuple[Tuple[int, ...], ...]:
        return tuple(tuple(row) for row in self.grid)


class TwinMachine(RuleBasedStateMachine):
    """Play, undo, copy and refused moves on a native game and its twin, compared each step."""

    def __init__(self) -> None:
        super().__init__()
        self.game, self.twin = self.make()
        self.keys: Dict[object, int] = {}

    def make(self):  # pragma: no cover - every subclass defines it
        raise NotImplementedError

    @rule(data=st.data())
    @precondition(lambda self: bool(self.twin.legal_moves()))
    def play(self, data):
        move = data.draw(st.sampled_from(self.twin.legal_moves()))
        self.game.play(move)
        self.twin.play(move)

    @rule()
    @precondition(lambda self: bool(self.twin.history))
    def undo(self):
        self.game.undo()
        self.twin.undo()

    @rule(data=st.data())
    def copy_then_play_on_the_copy(self, data):
        original = self.game
        before = (original.board.tolist(), original.key(), sorted(original.legal_moves()))
        copy = original.copy()
        moves = self.twin.legal_moves()
        if moves:
            copy.play(data.draw(st.sampled_from(moves)))
            copy.undo()
        assert (original.board.tolist(), original.key(), sorted(original.legal_moves())) == before
        self.game = copy          # go on with the copy: it must behave like the original

    @rule(move=st.one_of(st.integers(-3, 12), st.sampled_from(["x", "12", 2.5, None, (1,)])))
    def a_refused_move_changes_nothing(self, move):
        if move in self.twin.legal_moves() and isinstance(move, int):
            return
        before = (self.game.board.tolist(), self.game.key(), self.game.to_move)
        with pytest.raises((ValueError, TypeError)):
            self.game.play(move)
        assert (self.game.board.tolist(), self.game.key(), self.game.to_move) == before

    @rule()
    @precondition(lambda self: not self.twin.history)
    def undo_at_the_start_is_refused(self):
        with pytest.raises(ValueError):
            self.game.undo()

    @invariant()
    def same_as_the_twin(self):
        assert self.game.board.tolist() == self.twin.board()
        assert sorted(self.game.legal_moves()) == self.twin.legal_moves()
        assert self.game.is_terminal() == (self.twin.winner is not None)
        assert self.game.winner == self.twin.winner
        assert self.game.to_move == self.twin.to_move
        key = self.game.key()
        assert self.keys.setdefault(self.twin.state(), key) == key   # equal positions, equal keys


class TicTacToeMachine(TwinMachine):
    def make(self):
        return nm.games.TicTacToe(), TicTacToeTwin()


class ConnectFourMachine(TwinMachine):
    def make(self):
        return nm.games.ConnectFour(), ConnectFourTwin(7, 6)


class SmallConnectFourMachine(TwinMachine):
    """A 4 x 4 board fills up quickly: draws and full columns come often."""

    def make(self):
        return nm.games.ConnectFour("", width=4, height=4), ConnectFourTwin(4, 4)


TestTicTacToe = TicTacToeMachine.TestCase
TestTicTacToe.settings = settings(max_examples=40, stateful_step_count=40, deadline=None)
TestConnectFour = ConnectFourMachine.TestCase
TestConnectFour.settings = settings(max_examples=40, stateful_step_count=50, deadline=None)
TestSmallConnectFour = SmallConnectFourMachine.TestCase
TestSmallConnectFour.settings = settings(max_examples=40, stateful_step_count=40, deadline=None)
