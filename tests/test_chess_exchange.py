"""Static exchange evaluation, the quiescence moves and the fast game-over test of chess,
against python-chess (a plain recursive exchange written here over python-chess boards)."""

from __future__ import annotations

import random
from typing import Iterator

import chess
import pytest

from negamax.games import Chess
from chess_helpers import expected_termination, random_game_positions, sample_fens

VALUES = {chess.PAWN: 100, chess.KNIGHT: 320, chess.BISHOP: 330, chess.ROOK: 500,
          chess.QUEEN: 900, chess.KING: 20000}


def _recapture_value(board: chess.Board, side: chess.Color, square: int) -> int:
    """What `side` gains by going on with the exchange on `square` (0 if it stops): the
    cheapest attacker takes, pins ignored, a king never takes a defended piece."""
    attackers = list(board.attackers(side, square))
    if not attackers:
        return 0
    attacker = min(attackers, key=lambda s: VALUES[board.piece_type_at(s)])
    if board.piece_type_at(attacker) == chess.KING and board.attackers(not side, square):
        return 0
    taken = VALUES[board.piece_type_at(square)]
    after = board.copy(stack=False)
    after.set_piece_at(square, after.remove_piece_at(attacker))
    return max(0, taken - _recapture_value(after, not side, square))


def reference_exchange(board: chess.Board, move: chess.Move) -> int:
    """The static exchange value of a capture or promotion, by plain recursion."""
    after = board.copy(stack=False)
    gained = VALUES[board.piece_type_at(move.to_square)] if board.piece_at(move.to_square) else 0
    if board.is_en_passant(move):
        gained = VALUES[chess.PAWN]
        after.remove_piece_at(move.to_square + (-8 if board.turn == chess.WHITE else 8))
    piece = after.remove_piece_at(move.from_square)
    if move.promotion:
        piece = chess.Piece(move.promotion, board.turn)
        gained += VALUES[move.promotion] - VALUES[chess.PAWN]
    after.set_piece_at(move.to_square, piece)
    return gained - _recapture_value(after, not board.turn, move.to_square)


def test_exchange_values_of_known_positions():
    # exd5 cxd5 Rxd5 Rxd5 Qxd5 (the queen behind the pawn joins in): White wins a pawn.
    game = Chess("3rk3/8/2p5/3p4/4P3/8/8/3RK2Q w - - 0 1")
    assert game.exchange_value("e4d5") == 100
    # the queen takes a pawn the rook defends: queen lost for a pawn
    assert Chess("3rk3/8/8/3p4/8/8/8/3QK3 w - - 0 1").exchange_value("d1d5") == 100 - 900
    # doubled rooks on both sides (x-rays): after Rxd5 Rxd5 White stops, a rook for a pawn
    game = Chess("3rk3/3r4/8/3p4/8/8/3R4/3RK3 w - - 0 1")
    assert game.exchange_value("d2d5") == 100 - 500
    # a king may not take a defended piece: Kxd2 is illegal, so the pawn's capture is free
    assert Chess("4k3/8/8/8/8/8/3q4/3K4 w - - 0 1").exchange_value("d1d2") == 900
    # en passant wins the pawn; a promotion counts the piece gained
    assert Chess("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1").exchange_value("e5d6") == 100
    assert Chess("7k/P7/8/8/8/8/8/4K3 w - - 0 1").exchange_value("a7a8q") == 800


def test_exchange_values_agree_with_a_plain_recursion():
    checked = 0
    for fen in sample_fens(seed=41, count=150, max_plies=80):
        board = chess.Board(fen)
        game = Chess(fen)
        for move in board.legal_moves:
            if board.is_capture(move) or move.promotion:
                assert game.exchange_value(move.uci()) == reference_exchange(board, move), (fen, move.uci())
                checked += 1
    assert checked > 300


def test_quiescence_moves_are_the_captures_that_do_not_lose_and_good_promotions():
    checked = 0
    for fen in sample_fens(seed=42, count=120, max_plies=80):
        board = chess.Board(fen)
        expected = sorted(move.uci() for move in board.legal_moves
                          if move.promotion in (chess.QUEEN, chess.KNIGHT)
                          or (board.is_capture(move) and not move.promotion
                              and reference_exchange(board, move) >= 0))
        assert sorted(Chess(fen).quiescence_moves()) == expected, fen
        checked += len(expected)
    assert checked > 100


def test_losing_captures_are_hinted_after_the_other_captures_and_before_quiet_moves():
    for fen in sample_fens(seed=43, count=80, max_plies=80):
        board = chess.Board(fen)
        game = Chess(fen)
        losing, winning, quiet = [], [], []
        for move in board.legal_moves:
            hint = game.order_hint(move.uci())
            if move.promotion:
                continue
            if board.is_capture(move):
                (losing if reference_exchange(board, move) < 0 else winning).append(hint)
            else:
                quiet.append(hint)
        if losing:
            assert max(losing) < min(winning, default=10 ** 9) and min(losing) > max(quiet, default=0)


def forcing_positions(seed: int, games: int) -> Iterator[chess.Board]:
    """Positions of seeded random games that prefer checks and captures, and after each of
    them every position a check leads to: many checks, mates and stalemates."""
    rng = random.Random(seed)
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over():
            yield board
            moves = list(board.legal_moves)
            checks = [move for move in moves if board.gives_check(move)]
            captures = [move for move in moves if board.is_capture(move)]
            for move in checks:
                board.push(move)
                yield board
                board.pop()
            draw = rng.random()
            board.push(rng.choice(checks if checks and draw < 0.5
                                  else captures if captures and draw < 0.6 else moves))
        yield board


def test_game_over_without_the_move_list_agrees_with_python_chess():
    """outcome() asked first on a fresh position (no move list made yet) takes the fast
    path of the game-over test."""
    endings = {"CHECKMATE": 0, "STALEMATE": 0, None: 0}
    for board in forcing_positions(seed=11, games=50):
        fen = board.fen()
        expected = expected_termination(board, history=False)
        assert Chess(fen).is_checkmate() == (expected == "CHECKMATE"), fen
        outcome = Chess(fen).outcome()
        assert (outcome.termination.name if outcome else None) == expected, fen
        if expected in endings:
            endings[expected] += 1
    assert endings["CHECKMATE"] >= 15 and endings["STALEMATE"] >= 1 and endings[None] > 5000, endings


@pytest.mark.parametrize("fen, termination", [
    ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "STALEMATE"),
    ("k7/P7/1K6/8/8/8/8/8 b - - 0 1", "STALEMATE"),
    ("k7/8/1K6/8/8/8/8/7R w - - 0 1", None),
    ("R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1", "CHECKMATE"),
    # the bishop pinned on the h-file cannot move, nor can the king: stalemate
    ("7k/4N2b/5K2/8/8/8/8/7R b - - 0 1", "STALEMATE"),
    ("k7/2b5/8/8/8/8/8/7K b - - 0 1", "INSUFFICIENT_MATERIAL"),
    # Black's only legal move is en passant (exd3)
    ("8/8/8/8/3Pp3/2N1B3/8/k1K5 b - d3 0 1", None),
])
def test_game_over_of_hand_made_positions(fen, termination):
    board = chess.Board(fen)
    outcome = Chess(fen).outcome()
    assert (outcome.termination.name if outcome else None) == termination
    assert board.is_stalemate() == (termination == "STALEMATE")
    assert board.is_checkmate() == (termination == "CHECKMATE")
