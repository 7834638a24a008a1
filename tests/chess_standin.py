"""A small chess game written in Python over python-chess, for testing the UCI protocol
layer independently of the native Chess game: same face (legal_moves in UCI, play, undo,
fen, copy, to_move), material evaluation, python-chess's Zobrist keys."""

from __future__ import annotations

from typing import List, Optional

import chess
import chess.polyglot

import negamax as nm

PIECE_VALUES = {chess.PAWN: 100, chess.KNIGHT: 300, chess.BISHOP: 300, chess.ROOK: 500,
                chess.QUEEN: 900, chess.KING: 0}


class PythonChess(nm.Game):
    """Chess through python-chess (moves are UCI strings)."""

    max_moves = 256
    max_ply = 512

    def __init__(self, fen: Optional[str] = None) -> None:
        try:
            self.board = chess.Board(fen) if fen is not None else chess.Board()
        except ValueError as error:
            raise ValueError(f"invalid FEN: {error}") from None

    def legal_moves(self) -> List[str]:
        return [move.uci() for move in self.board.legal_moves]

    def play(self, move: str) -> None:
        self.board.push_uci(move)

    def undo(self) -> None:
        self.board.pop()

    def is_terminal(self) -> bool:
        return self.board.is_checkmate() or self.board.is_stalemate() \
            or self.board.is_insufficient_material()

    def evaluate(self) -> int:
        if self.board.is_checkmate():
            return -nm.WIN
        if self.is_terminal():
            return 0
        score = 0
        for piece in self.board.piece_map().values():
            value = PIECE_VALUES[piece.piece_type]
            score += value if piece.color == self.board.turn else -value
        return score

    def key(self) -> int:
        return chess.polyglot.zobrist_hash(self.board)

    def order_hint(self, move: str) -> int:
        return 1 if self.board.is_capture(chess.Move.from_uci(move)) else 0

    def copy(self) -> "PythonChess":
        other = PythonChess.__new__(PythonChess)
        other.board = self.board.copy()
        return other

    def fen(self) -> str:
        return self.board.fen()

    @property
    def to_move(self) -> int:
        return 1 if self.board.turn == chess.WHITE else -1

    def san(self, move: str) -> str:
        return self.board.san(chess.Move.from_uci(move))

    def play_san(self, san: str) -> None:
        self.board.push_san(san)

    def outcome(self):
        return self.board.outcome()

    def is_check(self) -> bool:
        return self.board.is_check()

    def __str__(self) -> str:
        return str(self.board)
