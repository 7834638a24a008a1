"""Weak solves of long games (chess, and any game longer than 64 plies): they ask the strong
solver's questions, quick ends first, and stop once the sign is settled. One search with the
window (-1, 1) asks "a win at all?" of the whole game: in chess a mate in one could hide behind
every other move, and such a solve ran for minutes (tens of millions of nodes) on a position
the strong solver proves in about a hundred.

The expected outcomes come from python-chess (mate, stalemate, a two-ply brute force) and from
the retrograde oracle of tests/endgame_oracle.py, never from negamax."""

from __future__ import annotations

import chess
import numpy as np
import pytest

import negamax as nm
from negamax.games import Chess

from endgame_oracle import Endgame
from test_chess_endgame_oracle import expected_value, queen, rook  # noqa: F401 (fixtures)

#: A budget far above what the quick questions need, far below what a search of the whole
#: game takes: a weak solve that asks "a win at all?" first runs out of it.
BUDGET = 2_000_000


def mates_in_one(fen: str) -> set:
    board = chess.Board(fen)
    mates = set()
    for move in board.legal_moves:
        board.push(move)
        if board.is_checkmate():
            mates.add(move.uci())
        board.pop()
    return mates


def mated_in_two_plies(fen: str) -> bool:
    """Every move of the side to move lets the other side mate at once (python-chess)."""
    board = chess.Board(fen)
    if not any(board.legal_moves):
        return False
    for move in list(board.legal_moves):
        board.push(move)
        mated = bool(mates_in_one(board.fen()))
        board.pop()
        if not mated:
            return False
    return True


@pytest.mark.parametrize("fen", [
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",          # Ra8#, found by the helper's fuzzing
    "6k1/8/6K1/8/8/8/8/R7 w - - 0 1",               # Ra8#
    "5R2/7k/8/5R2/4R3/5K2/8/8 w - - 0 1",           # three rooks: a mate in two moves
])
def test_weak_solve_of_a_quick_win(fen):
    weak = nm.solve(Chess(fen), weak=True, node_limit=BUDGET)
    assert weak.stop_reason == nm.StopReason.COMPLETED
    assert weak.outcome == "win" and weak.value is None and weak.weak is True
    assert weak.lower > nm.EVAL_LIMIT
    mates = mates_in_one(fen)
    if mates:
        assert weak.best_move in mates
    else:       # a mate in two moves: after the best move, every reply is mated at once
        board = chess.Board(fen)
        board.push_uci(weak.best_move)
        assert mated_in_two_plies(board.fen())


def test_weak_solve_of_a_quick_loss():
    fen = "k7/8/1K6/8/8/8/8/7R b - - 0 1"       # Kb8 (the only move), Rh8#
    assert mated_in_two_plies(fen)
    weak = nm.solve(Chess(fen), weak=True, node_limit=BUDGET)
    assert weak.stop_reason == nm.StopReason.COMPLETED
    assert weak.outcome == "loss" and weak.upper < -nm.EVAL_LIMIT
    assert weak.best_move == "a8b8"          # the only legal move (python-chess)
    assert [m.uci() for m in chess.Board(fen).legal_moves] == ["a8b8"]


@pytest.mark.parametrize("fen, outcome", [
    ("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1", "win"),
    ("8/8/8/8/8/5kQ1/8/K7 b - - 0 1", "draw"),
    ("k7/8/1K6/8/8/8/8/7R b - - 0 1", "loss"),
])
def test_weak_solve_with_two_threads(fen, outcome):
    # Expected outcomes as checked above with python-chess.
    weak = nm.solve(Chess(fen), weak=True, threads=2, node_limit=BUDGET)
    assert weak.stop_reason == nm.StopReason.COMPLETED
    assert weak.outcome == outcome
    assert weak.best_move in [m.uci() for m in chess.Board(fen).legal_moves]
    if outcome == "win":
        assert weak.best_move in mates_in_one(fen)


def test_weak_solve_of_a_stalemate_and_a_bare_king_draw():
    stalemate = "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"
    assert chess.Board(stalemate).is_stalemate()
    assert nm.solve(Chess(stalemate), weak=True).outcome == "draw"
    # Black takes the unprotected queen; then bare kings (python-chess: insufficient material).
    fen = "8/8/8/8/8/5kQ1/8/K7 b - - 0 1"
    board = chess.Board(fen)
    board.push_uci("f3g3")
    assert board.is_insufficient_material()
    weak = nm.solve(Chess(fen), weak=True, node_limit=BUDGET)
    assert weak.stop_reason == nm.StopReason.COMPLETED
    assert weak.outcome == "draw" and weak.lower == weak.upper == 0


@pytest.mark.parametrize("piece", ["queen", "rook"])
def test_weak_solve_agrees_with_the_oracle(request, piece):
    oracle: Endgame = request.getfixturevalue(piece)
    rng = np.random.default_rng(2026)
    for white_to_move in (True, False):
        for squares in oracle.sample(rng, white_to_move, (1, 9), 3):
            fen = oracle.fen(*squares, white_to_move)
            expected = expected_value(oracle, squares, white_to_move)
            weak = nm.solve(Chess(fen), weak=True, node_limit=BUDGET)
            assert weak.stop_reason == nm.StopReason.COMPLETED, fen
            sign = (expected > 0) - (expected < 0)
            assert weak.outcome == {1: "win", 0: "draw", -1: "loss"}[sign], fen
            assert weak.lower <= expected <= weak.upper, fen


def test_short_games_keep_the_single_search():
    """Connect Four (at most 42 plies) still asks one question: one null-window search."""
    weak = nm.solve(nm.games.ConnectFour("4453"), weak=True)
    assert weak.stats.null_window_searches == 1
