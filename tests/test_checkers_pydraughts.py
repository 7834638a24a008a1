"""negamax's checkers against pydraughts, an independent implementation of English draughts:
legal moves and perft counts on positions from seeded random games (kings, multi-jumps,
crowning during a capture). pydraughts generates about a thousand positions a second, so the
depths and the number of positions stay small."""

from __future__ import annotations

import random

import pytest
from draughts import Board

from negamax.games import Checkers


def pydraughts_moves(board: Board):
    """pydraughts' legal moves in negamax's notation: every landing square of a capture."""
    return sorted("x".join(str(s) for s in move.steps_move) if move.captures else move.pdn_move
                  for move in board.legal_moves())


def pydraughts_perft(board: Board, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves():
        board.push(move)
        total += pydraughts_perft(board, depth - 1)
        board.pop()
    return total


def game_positions(seed: int, games: int):
    """FENs along seeded random games played with negamax's moves."""
    rng = random.Random(seed)
    fens = []
    for _ in range(games):
        game = Checkers()
        for _ in range(rng.randrange(20, 160)):
            moves = game.legal_moves()
            if not moves:
                break
            fens.append(game.fen())
            game.play(rng.choice(moves))
    return fens


POSITIONS = game_positions(seed=2024, games=6)
SAMPLE = POSITIONS[::4]


def test_the_sample_has_kings_multi_jumps_and_crowning_captures():
    moves = [move for fen in SAMPLE for move in Checkers(fen).legal_moves()]
    assert any("K" in fen for fen in SAMPLE)
    assert any(move.count("x") >= 2 for move in moves)
    assert any("x" in move and Checkers(fen).order_hint(move) % 16 == 8
               for fen in POSITIONS for move in Checkers(fen).legal_moves())


@pytest.mark.parametrize("fen", SAMPLE)
def test_legal_moves_match_pydraughts(fen):
    assert sorted(Checkers(fen).legal_moves()) == pydraughts_moves(Board(variant="english", fen=fen))


@pytest.mark.parametrize("fen", ["B:W26,27:B22", "B:W26,27:BK22", "W:WK18:B6,7,14,15",
                                 "B:W18,19,27:B14,15", "B:W9,14:B5"])
def test_special_positions_match_pydraughts(fen):
    assert sorted(Checkers(fen).legal_moves()) == pydraughts_moves(Board(variant="english", fen=fen))


@pytest.mark.parametrize("fen", SAMPLE[3::25])
def test_perft_matches_pydraughts(fen):
    assert Checkers(fen).perft(2) == pydraughts_perft(Board(variant="english", fen=fen), 2)


def test_perft_from_the_start_matches_pydraughts():
    assert Checkers().perft(3) == pydraughts_perft(Board(variant="english"), 3) == 302


def test_fen_is_read_like_pydraughts():
    for fen in SAMPLE[::10]:
        board = Board(variant="english", fen=fen)
        assert Checkers(board.fen) == Checkers(fen)
