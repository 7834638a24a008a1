"""Hypothesis state machines for the board games: long random sequences of play, undo, copy
and refused moves on the native Chess and Checkers, each step compared with an independent
twin: python-chess's Board for chess, the plain Python rules of tests/checkers_reference.py for
checkers. A copy must be independent, a refused move must change nothing, and equal positions
must have equal keys."""

from __future__ import annotations

from typing import Dict, List

import chess
import pytest
from hypothesis import settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import checkers_reference as R
import negamax as nm

BAD_TEXT = st.one_of(st.text(max_size=8), st.sampled_from(["e2e5", "a1a1", "e7e8x", "11-16",
                                                             "9x18", "0-4", "33-29", ""]))


class BoardMachine(RuleBasedStateMachine):
    """The rule both machines share: a copy is independent of the game it was made from."""

    def snapshot(self):
        """(fen, key) of the game (a Chess or a Checkers, set by the subclass)."""
        return (self.game.fen(), self.game.key())

    def moves_to_try(self) -> List[str]:
        """Legal moves (move texts) of the game as it stands, by the twin."""
        raise NotImplementedError

    @rule(data=st.data())
    def copy_then_play_on_the_copy(self, data):
        before = self.snapshot()
        copy = self.game.copy()
        moves = self.moves_to_try()
        if moves:
            copy.play(data.draw(st.sampled_from(moves)))
            copy.undo()
        assert self.snapshot() == before
        self.game = copy


class ChessMachine(BoardMachine):
    """Native chess against python-chess."""

    def __init__(self) -> None:
        super().__init__()
        self.game = nm.games.Chess()
        self.twin = chess.Board()
        self.keys: Dict[str, int] = {}

    def twin_moves(self) -> List[str]:
        if self.twin.is_checkmate() or self.twin.is_stalemate():
            return []
        return sorted(move.uci() for move in self.twin.legal_moves)

    @rule(data=st.data())
    @precondition(lambda self: not self.game.is_terminal())
    def play(self, data):
        move = data.draw(st.sampled_from(self.twin_moves()))
        if data.draw(st.booleans()):
            san = self.twin.san(chess.Move.from_uci(move))
            self.game.play_san(san)
        else:
            self.game.play(move)
        self.twin.push_uci(move)

    @rule()
    @precondition(lambda self: len(self.twin.move_stack) > 0)
    def undo(self):
        self.game.undo()
        self.twin.pop()

    def moves_to_try(self) -> List[str]:
        return self.twin_moves()

    @rule(text=BAD_TEXT)
    def a_refused_move_changes_nothing(self, text):
        if text in self.twin_moves():
            return
        before = self.snapshot()
        with pytest.raises((ValueError, TypeError)):
            self.game.play(text)
        assert self.snapshot() == before

    @invariant()
    def same_as_the_twin(self):
        assert self.game.fen() == self.twin.fen()
        if not self.game.is_terminal():
            assert sorted(self.game.legal_moves()) == self.twin_moves()
        assert self.game.is_check() == self.twin.is_check()
        position = " ".join(self.twin.fen().split()[:4])
        key = self.game.key()
        assert self.keys.setdefault(position, key) == key


class CheckersMachine(BoardMachine):
    """Native checkers against the plain Python rules of the tests."""

    def __init__(self) -> None:
        super().__init__()
        self.game = nm.games.Checkers()
        self.position = R.read_fen(self.game.fen())
        self.history: List[R.Position] = []
        self.keys: Dict[R.Position, int] = {}

    def twin_moves(self) -> Dict[str, R.Position]:
        return {R.move_text(path, self.position, result): result
                for path, result in R.legal_moves(self.position)}

    @rule(data=st.data())
    @precondition(lambda self: not self.game.is_terminal())
    def play(self, data):
        moves = self.twin_moves()
        text = data.draw(st.sampled_from(sorted(moves)))
        self.game.play(text)
        self.history.append(self.position)
        self.position = moves[text]

    @rule()
    @precondition(lambda self: bool(self.history))
    def undo(self):
        self.game.undo()
        self.position = self.history.pop()

    def moves_to_try(self) -> List[str]:
        return [] if self.game.is_terminal() else sorted(self.twin_moves())

    @rule(text=BAD_TEXT)
    def a_refused_move_changes_nothing(self, text):
        if text in self.twin_moves():
            return
        before = self.snapshot()
        try:
            self.game.play(text)
        except (ValueError, TypeError):
            assert self.snapshot() == before
        else:                                   # a short form of a legal capture: take it back
            self.game.undo()

    @invariant()
    def same_as_the_twin(self):
        assert R.read_fen(self.game.fen()) == self.position
        if not self.game.is_terminal():
            assert sorted(self.game.legal_moves()) == sorted(self.twin_moves())
        key = self.game.key()
        if self.game.fen() == R.write_fen(self.position) and not self.history:
            assert self.keys.setdefault(self.position, key) == key


TestChess = ChessMachine.TestCase
TestChess.settings = settings(max_examples=25, stateful_step_count=40, deadline=None)
TestCheckers = CheckersMachine.TestCase
TestCheckers.settings = settings(max_examples=25, stateful_step_count=40, deadline=None)
