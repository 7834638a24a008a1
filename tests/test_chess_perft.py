"""Perft of the chess move generator: published counts, and python-chess as an oracle."""

from __future__ import annotations

import chess
import pytest

from negamax.games import Chess
from chess_helpers import sample_fens

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
POSITION_3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
POSITION_4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
POSITION_4_MIRRORED = "r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1"
POSITION_5 = "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8"
POSITION_6 = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"

# Published counts (chessprogramming.org "Perft Results"), depth 1 upwards.
PUBLISHED = {
    START: [20, 400, 8_902, 197_281, 4_865_609, 119_060_324],
    KIWIPETE: [48, 2_039, 97_862, 4_085_603, 193_690_690],
    POSITION_3: [14, 191, 2_812, 43_238, 674_624, 11_030_083, 178_633_661],
    POSITION_4: [6, 264, 9_467, 422_333, 15_833_292, 706_045_033],
    POSITION_4_MIRRORED: [6, 264, 9_467, 422_333, 15_833_292],
    POSITION_5: [44, 1_486, 62_379, 2_103_487, 89_941_194],
    POSITION_6: [46, 2_079, 89_890, 3_894_594, 164_075_551],
}
# Martin Sedlak's positions for the tricky rules (perft 6, from his TalkChess list).
SPECIAL_CASES = {
    "3k4/3p4/8/K1P4r/8/8/8/8 b - - 0 1": 1_134_888,           # en passant pinned along the rank
    "8/8/4k3/8/2p5/8/B2P2K1/8 w - - 0 1": 1_015_133,          # en passant pinned on a diagonal
    "8/8/1k6/2b5/2pP4/8/5K2/8 b - d3 0 1": 1_440_467,         # en passant giving check
    "5k2/8/8/8/8/8/8/4K2R w K - 0 1": 661_072,                # short castling gives check
    "3k4/8/8/8/8/8/8/R3K3 w Q - 0 1": 803_711,                # long castling gives check
}
FAST_NODES = 25_000_000   # the suite runs counts up to this size; the rest are marked slow


def _cases(fast: bool):
    for fen, counts in PUBLISHED.items():
        for depth, count in enumerate(counts, 1):
            if (count <= FAST_NODES) == fast:
                yield pytest.param(fen, depth, count, id=f"{fen.split()[0][:12]}-d{depth}")


@pytest.mark.parametrize("fen, depth, expected", list(_cases(fast=True)))
def test_published_perft(fen, depth, expected):
    assert Chess(fen).perft(depth) == expected


@pytest.mark.slow
@pytest.mark.parametrize("fen, depth, expected", list(_cases(fast=False)))
def test_published_perft_deep(fen, depth, expected):
    assert Chess(fen).perft(depth) == expected


@pytest.mark.parametrize("fen, expected", list(SPECIAL_CASES.items()))
def test_special_rule_positions(fen, expected):
    assert Chess(fen).perft(6) == expected


def test_perft_depth_zero_and_the_position_is_unchanged():
    game = Chess(KIWIPETE)
    game.play("e1g1")
    fen, key, history = game.fen(), game.key(), game.history
    assert game.perft(0) == 1
    assert game.perft(3) == _python_chess_perft(chess.Board(fen), 3)
    assert (game.fen(), game.key(), game.history) == (fen, key, history)


def _python_chess_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in list(board.legal_moves):
        board.push(move)
        total += _python_chess_perft(board, depth - 1)
        board.pop()
    return total


def test_perft_divide_matches_python_chess():
    board = chess.Board(KIWIPETE)
    expected = {}
    for move in list(board.legal_moves):
        board.push(move)
        expected[move.uci()] = _python_chess_perft(board, 1)
        board.pop()
    divide = Chess(KIWIPETE).perft_divide(2)
    assert divide == expected
    assert sum(divide.values()) == PUBLISHED[KIWIPETE][1]
    assert Chess(START).perft_divide(1) == {move.uci(): 1 for move in chess.Board().legal_moves}


@pytest.mark.parametrize("fen", sample_fens(seed=11, count=25))
def test_perft_against_python_chess_on_random_positions(fen):
    assert Chess(fen).perft(2) == _python_chess_perft(chess.Board(fen), 2)


@pytest.mark.parametrize("depth, error", [(-1, ValueError), (33, ValueError), ("3", TypeError),
                                          (2.0, TypeError), (True, TypeError)])
def test_perft_refuses_bad_depths(depth, error):
    game = Chess()
    with pytest.raises(error):
        game.perft(depth)
    with pytest.raises(error):
        game.perft_divide(depth)


def test_perft_divide_needs_a_ply():
    with pytest.raises(ValueError, match="at least 1"):
        Chess().perft_divide(0)
