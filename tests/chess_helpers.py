"""Shared helpers of the chess tests: seeded random games played with python-chess."""

from __future__ import annotations

import random
from typing import Iterator, List, Tuple

import chess

from negamax.games import Chess


def random_game_positions(seed: int, games: int, max_plies: int = 200) -> Iterator[Tuple[chess.Board, Chess]]:
    """(python-chess board, negamax game) after every ply of seeded random games, moves
    chosen by python-chess, both sides fed the same moves."""
    rng = random.Random(seed)
    for _ in range(games):
        board = chess.Board()
        game = Chess()
        yield board, game
        for _ in range(rng.randint(1, max_plies)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            board.push(move)
            game.play(move.uci())
            yield board, game


def sample_fens(seed: int, count: int, max_plies: int = 120) -> List[str]:
    """FENs of positions from seeded random games (some with captures, checks, promotions)."""
    rng = random.Random(seed)
    fens = []
    while len(fens) < count:
        board = chess.Board()
        for _ in range(rng.randint(1, max_plies)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
        if not board.is_game_over():
            fens.append(board.fen())
    return fens


def expected_termination(board: chess.Board):
    """The termination negamax reports for a python-chess board (draws need no claim)."""
    if board.is_checkmate():
        return "CHECKMATE"
    if board.is_insufficient_material():
        return "INSUFFICIENT_MATERIAL"
    if board.is_stalemate():
        return "STALEMATE"
    if board.halfmove_clock >= 100:
        return "FIFTY_MOVES"
    if board.is_repetition(3):
        return "THREEFOLD_REPETITION"
    return None
