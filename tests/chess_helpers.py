"""Shared helpers of the chess tests: seeded random games played with python-chess, and the
python-chess oracles of terminations and forced mates."""

from __future__ import annotations

import random
from typing import Callable, Iterator, List, Tuple

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


def expected_termination(board: chess.Board, history: bool = True):
    """The termination negamax reports for a python-chess board (draws need no claim).
    With history=False, that of the position read from its FEN (no move list: no repetition)."""
    if board.is_checkmate():
        return "CHECKMATE"
    if board.is_insufficient_material():
        return "INSUFFICIENT_MATERIAL"
    if board.is_stalemate():
        return "STALEMATE"
    if board.halfmove_clock >= 100:
        return "FIFTY_MOVES"
    if history and board.is_repetition(3):
        return "THREEFOLD_REPETITION"
    return None


def gives_mate(board: chess.Board, move: chess.Move) -> bool:
    """Whether `move` checkmates (python-chess alone); the board is left as it was."""
    board.push(move)
    try:
        return board.is_checkmate()
    finally:
        board.pop()


def game_over(board: chess.Board) -> bool:
    """python-chess's end of the game (the fifty-move rule only when claimed)."""
    return board.is_game_over()


def forced_mate(board: chess.Board, moves: int, over: Callable[[chess.Board], bool] = game_over) -> bool:
    """python-chess oracle: the side to move mates within `moves` moves against every defence.
    `over(board)`: the game has ended there (a position after a mate is never asked)."""
    for move in list(board.legal_moves):
        board.push(move)
        try:
            if board.is_checkmate():
                return True
            if moves > 1 and not over(board):
                if all(mates_after(board, reply, moves - 1, over) for reply in list(board.legal_moves)):
                    return True
        finally:
            board.pop()
    return False


def mates_after(board: chess.Board, reply: chess.Move, moves: int,
                over: Callable[[chess.Board], bool] = game_over) -> bool:
    """After the defender's `reply`, the side then to move mates within `moves` moves."""
    board.push(reply)
    try:
        return not over(board) and forced_mate(board, moves, over)
    finally:
        board.pop()
