"""Chess under the search: evaluation, keys, move ordering, capabilities, and mates found."""

from __future__ import annotations

import random

import chess
import pytest

import negamax as nm
from negamax.games import Chess
from negamax.scores import EVAL_LIMIT, WIN
from chess_helpers import forced_mate, random_game_positions, sample_fens


@pytest.mark.parametrize("fen", sample_fens(seed=31, count=30) + [chess.STARTING_FEN])
def test_evaluation_of_the_colour_mirrored_position_is_the_same(fen):
    mirrored = chess.Board(fen).mirror()
    assert Chess(mirrored.fen()).evaluate() == Chess(fen).evaluate()


def test_incremental_key_and_evaluation_equal_from_scratch():
    rng = random.Random(7)
    checked = 0
    for board, game in random_game_positions(seed=8, games=20):
        # a few extra moves made and unmade must leave everything as it was
        before = (game.key(), game.evaluate(), game.fen())
        made = 0
        for _ in range(rng.randint(1, 4)):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(rng.choice(moves))
            made += 1
            if game.outcome() is None:
                fresh = Chess(game.fen())
                assert (game.key(), game.evaluate()) == (fresh.key(), fresh.evaluate()), game.fen()
                checked += 1
        for _ in range(made):
            game.undo()
        assert (game.key(), game.evaluate(), game.fen()) == before
    assert checked > 500


def test_evaluation_bounds_and_terminal_values():
    assert Chess("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3").evaluate() == -WIN
    assert Chess("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").evaluate() == 0          # stalemate
    assert Chess("8/8/4k3/8/8/4KN2/8/8 w - - 0 1").evaluate() == 0          # insufficient material
    queens = Chess("k7/8/8/8/8/8/8/1QQQQQQK w - - 0 1")
    assert 0 < queens.evaluate() <= EVAL_LIMIT
    assert Chess().evaluate() == 0                                         # symmetric start
    # more material is better for the side that has it, from the side to move
    assert Chess("4k3/8/8/8/8/8/8/3QK3 w - - 0 1").evaluate() > 500
    assert Chess("4k3/8/8/8/8/8/8/3QK3 b - - 0 1").evaluate() < -500


def test_capabilities_and_bounds_are_declared():
    game = Chess()
    assert (game.has_keys, game.has_order_hints, game.has_noisy_moves, game.has_check,
            game.has_null_move) == (True, True, True, True, True)
    assert game.max_moves == 256 and game.max_ply == 1024


def test_order_hints_are_mvv_lva():
    # White can take the d5 queen with the e4 pawn, the c3 knight or the d1 rook, and the
    # a7 pawn with the a1 rook; b7 can promote.
    game = Chess("4k3/pP6/8/3q4/4P3/2N5/8/R2RK3 w - - 0 1")
    hints = {move: game.order_hint(move) for move in game.legal_moves()}
    captures = {move: hints[move] for move in ("e4d5", "c3d5", "d1d5", "a1a7")}
    assert max(captures, key=captures.get) == "e4d5"
    assert captures["c3d5"] > captures["d1d5"] > captures["a1a7"]
    assert hints["b7b8q"] > hints["c3d5"] and hints["b7b8q"] > hints["b7b8n"] > 0
    assert hints["e1e2"] == 0 == hints["a1a2"]
    assert all(hint > 0 for move, hint in hints.items() if game.is_noisy(move))


def test_null_move_is_allowed_only_with_pieces_and_out_of_check():
    assert Chess().null_move_allowed_here()
    assert not Chess("4k3/8/8/8/8/8/PPPP4/4K3 w - - 0 1").null_move_allowed_here()   # pawns only
    assert Chess("4k3/8/8/8/8/8/PPPP4/4K3 b - - 0 1").null_move_allowed_here() is False
    assert not Chess("4k3/8/8/8/8/8/4r3/R3K3 w - - 0 1").null_move_allowed_here()    # in check
    assert Chess("4k3/8/8/8/8/8/8/R3K3 w - - 0 1").null_move_allowed_here()


@pytest.mark.parametrize("fen", sample_fens(seed=41, count=6) + [chess.STARTING_FEN])
def test_search_returns_a_legal_move(fen):
    game = Chess(fen)
    result = nm.search(game, depth=3)
    assert result.best_move in game.legal_moves()
    assert all(isinstance(move, str) for move in result.pv)
    assert game.fen() == fen                                    # the search worked on a copy


@pytest.mark.parametrize("fen, moves", [
    ("6k1/5ppp/8/8/8/8/5PPP/1R4K1 w - - 0 1", 1),                                       # back rank
    ("r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1),        # scholar's
    ("r2qkb1r/pp2nppp/3p4/2pNN1B1/2BnP3/3P4/PPP2PPP/R2bK2R w KQkq - 1 10", 2),
    ("6k1/pp4p1/2p5/2bp4/8/P5Pb/1P3rrP/2BRRN1K b - - 0 1", 2),
])
def test_mates_are_found_at_the_right_distance(fen, moves):
    board = chess.Board(fen)
    assert forced_mate(board, moves) and (moves == 1 or not forced_mate(board, moves - 1))
    result = nm.search(Chess(fen), depth=2 * moves, algorithm="pvs")
    assert nm.is_win(result.value)
    assert nm.plies_to_end(result.value) == 2 * moves - 1
    line = Chess(fen)
    for move in result.pv:
        line.play(move)
    assert line.is_checkmate()


def test_search_scores_a_repeated_position_as_a_draw():
    # Black is a queen up; White's knight has gone c3-b1-c3 while the queen went h6-h7-h6.
    game = Chess("7k/8/7q/8/8/2N5/8/K7 w - - 0 1")
    for move in ("c3b1", "h6h7", "b1c3", "h7h6"):
        game.play(move)
    assert game.outcome() is None and game.evaluate() < -500
    # Going back to b1 repeats a position of the game once: its second occurrence, no draw
    # by the rules (which want three), so no draw inside the search either.
    for depth in (1, 2):
        assert nm.search(game, depth=depth).value < -500
    # Knight to b1 again, and home by a3 while the queen steps aside and back: now b1 with
    # the queen on h6 would be that position's third occurrence, a draw, White's best.
    for move in ("c3b1", "h6g6", "b1a3", "g6h6"):
        game.play(move)
        assert game.outcome() is None
    for depth in (1, 2):
        result = nm.search(game, depth=depth)
        assert result.best_move == "a3b1" and result.value == 0
    game.play("a3b1")
    assert game.outcome().termination.name == "THREEFOLD_REPETITION"


# Mates found past the depth asked for (a capture that mates, in quiescence; checks extended):
# the line must still reach the mate the value counts, checked by python-chess playing it.
MATES_PAST_THE_DEPTH = [
    "rnQq1k1r/pp2bpp1/2p4p/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 0 9",   # 1.Qxd8+ Bxd8 2.Qxd8#
    "8/8/2p2R2/8/8/6k1/1p4B1/7K b - - 0 1",                          # black mates in 9 plies
    "8/1R6/7k/R7/8/8/8/5K2 b - - 0 1",                               # black is mated
    # MTD(f)'s null windows once crossed here (table bounds of other depths, with check
    # extensions and reductions) and the value reported was a bound: a win in an even
    # number of plies, with a line that mates nobody.
    "8/8/8/8/8/4R3/3K4/1k6 w - - 0 1",
    "4q3/2K4k/8/7n/8/8/8/3r1Q2 b - - 2 66",
]


@pytest.mark.parametrize("fen", MATES_PAST_THE_DEPTH)
@pytest.mark.parametrize("algorithm,threads,iterative", [
    ("pvs", 1, True), ("mtdf", 1, True), ("mtdf", 1, False), ("pvs", 2, True)])
def test_a_mate_score_comes_with_its_whole_line(fen, algorithm, threads, iterative):
    decided = 0
    for depth in range(1, 8):
        result = nm.search(Chess(fen), depth=depth, algorithm=algorithm, threads=threads,
                           iterative=iterative)
        if result.value is None or abs(result.value) <= EVAL_LIMIT:
            continue
        decided += 1
        board = chess.Board(fen)
        for move in result.pv:
            board.push_uci(move)
        assert len(result.pv) == nm.plies_to_end(result.value), (depth, result.pv)
        assert board.is_checkmate(), (depth, result.pv)
    assert decided >= 2


# The solver asks about quick wins and losses first in long games (chess spans 1,023 plies):
# a mate in one or two is proven in a few thousand nodes (it used to take tens of millions,
# or not end). python-chess checks the mates.
QUICK_MATES = [
    ("r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4", 1),   # Qxf7#
    ("6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1", 1),                                # Rd8#
    ("k7/8/1K6/8/8/8/8/7R w - - 0 1", 1),                                        # Rh8#
    ("2r3k1/p4p2/3Rp2p/1p2P1pK/8/1P4P1/P3Q2P/1q6 b - - 0 1", 5),                # mate in 3 moves
]


@pytest.mark.parametrize("fen,plies", QUICK_MATES)
def test_solve_proves_a_quick_mate(fen, plies):
    result = nm.solve(Chess(fen), node_limit=2_000_000)
    assert result.stop_reason is nm.StopReason.COMPLETED
    assert result.value == WIN - plies and result.outcome == "win"
    board = chess.Board(fen)
    for move in result.pv:
        board.push_uci(move)
    assert len(result.pv) == plies and board.is_checkmate()
