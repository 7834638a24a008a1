"""The rules of chess against python-chess: legal moves, FEN, check, mate, stalemate, draws, SAN."""

from __future__ import annotations

import random

import chess
import pytest

import negamax as nm
from negamax.games import Chess
from negamax.games.chess_outcome import Outcome, Termination
from chess_helpers import expected_termination, random_game_positions


def test_random_games_agree_with_python_chess():
    positions = 0
    for board, game in random_game_positions(seed=1, games=40):
        positions += 1
        assert sorted(game.legal_moves()) == sorted(move.uci() for move in board.legal_moves), board.fen()
        assert game.fen() == board.fen()
        assert game.is_check() == board.is_check()
        assert game.is_checkmate() == board.is_checkmate()
        assert game.is_stalemate() == board.is_stalemate()
        outcome = game.outcome()
        assert (outcome.termination.name if outcome else None) == expected_termination(board), board.fen()
        assert game.to_move == (1 if board.turn == chess.WHITE else -1)
        assert game.halfmove_clock == board.halfmove_clock
        assert game.fullmove_number == board.fullmove_number
    assert positions > 2000


def test_san_both_ways_on_random_games():
    rng = random.Random(5)
    checked = 0
    for board, game in random_game_positions(seed=2, games=25):
        moves = list(board.legal_moves)
        for move in rng.sample(moves, min(len(moves), 4)):
            san = board.san(move)
            assert game.san(move.uci()) == san, board.fen()
            copy = game.copy()
            assert copy.play_san(san) == move.uci()
            checked += 1
    assert checked > 1000


def test_noisy_moves_are_the_captures_and_promotions():
    for board, game in random_game_positions(seed=3, games=15):
        expected = sorted(move.uci() for move in board.legal_moves
                          if board.is_capture(move) or move.promotion)
        assert sorted(game.noisy_moves()) == expected, board.fen()


def test_keys_follow_python_chess_repetition_identity():
    """Equal positions (board, side, castling, legal en passant) have equal keys; different
    ones different keys."""
    identity_of_key = {}
    for board, game in random_game_positions(seed=4, games=20):
        identity = board._transposition_key()
        assert identity_of_key.setdefault(game.key(), identity) == identity


def test_castling_through_or_out_of_check_is_not_legal():
    through = Chess("4k3/8/8/8/8/8/5r2/R3K2R w KQ - 0 1")   # the f2 rook attacks f1
    assert "e1g1" not in through.legal_moves() and "e1c1" in through.legal_moves()
    out_of = Chess("4k3/8/8/8/8/8/4r3/R3K2R w KQ - 0 1")
    assert not any(move in out_of.legal_moves() for move in ("e1g1", "e1c1"))
    into = Chess("4k3/8/8/8/8/8/6r1/R3K2R w KQ - 0 1")
    assert "e1g1" not in into.legal_moves()
    # b1 attacked does not stop long castling (only the king's squares matter)
    assert "e1c1" in Chess("4k3/8/8/8/8/8/1r6/R3K2R w KQ - 0 1").legal_moves()


def test_castling_rights_are_lost_when_king_or_rook_moves_or_a_rook_is_captured():
    game = Chess("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    game.play("a1a8")                  # captures the a8 rook: both queenside rights go
    assert game.castling_rights == "Kk"
    game.play("e8e7")
    assert game.castling_rights == "K"
    game.undo()
    game.undo()
    assert game.castling_rights == "KQkq"
    game.play("h1h2")
    assert game.castling_rights == "Qkq"


def test_en_passant_pinned_along_the_rank_is_not_legal():
    game = Chess("8/8/8/KPp4r/8/8/8/7k w - c6 0 1")
    board = chess.Board("8/8/8/KPp4r/8/8/8/7k w - c6 0 1")
    assert "b5c6" not in game.legal_moves()
    assert sorted(game.legal_moves()) == sorted(move.uci() for move in board.legal_moves)
    assert game.en_passant_square is None and game.fen() == board.fen()


def test_en_passant_capture_and_undo():
    game = Chess("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1")
    assert game.en_passant_square == "e6"
    before = (game.fen(), game.key(), game.evaluate())
    game.play("d5e6")
    assert game.board[3, 4] == 0 and game.board[2, 4] == 1    # e5 empty, pawn on e6
    game.undo()
    assert (game.fen(), game.key(), game.evaluate()) == before


def test_four_promotions():
    game = Chess("3k4/1P6/8/8/8/8/8/4K3 w - - 0 1")
    assert {"b7b8q", "b7b8r", "b7b8b", "b7b8n"} <= set(game.legal_moves())
    game.play("b7b8n")
    assert game.board[0, 1] == 2


def test_double_check_only_the_king_moves():
    fen = "4k3/8/8/8/7b/3n4/8/R3K2R w KQ - 0 1"       # bishop h4 and knight d3 both check
    game = Chess(fen)
    assert game.is_check()
    assert all(move.startswith("e1") for move in game.legal_moves())
    assert sorted(game.legal_moves()) == sorted(m.uci() for m in chess.Board(fen).legal_moves)


def test_checkmate_and_stalemate():
    mate = Chess("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")
    assert mate.is_checkmate() and mate.legal_moves() == []
    assert mate.outcome() == Outcome(Termination.CHECKMATE, -1)
    assert mate.outcome().result() == "0-1"
    with pytest.raises(ValueError):
        mate.play("e1f2")
    stalemate = Chess("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.is_stalemate() and not stalemate.is_checkmate()
    assert stalemate.outcome() == Outcome(Termination.STALEMATE, None)


def test_threefold_repetition_ends_the_game():
    game = Chess()
    board = chess.Board()
    for move in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        assert game.outcome() is None
        game.play(move)
        board.push_uci(move)
    assert board.is_repetition(3)
    assert game.outcome() == Outcome(Termination.THREEFOLD_REPETITION, None)
    assert game.outcome().result() == "1/2-1/2"
    game.undo()
    assert game.outcome() is None
    assert game.legal_moves()            # a draw by rule does not take the moves away


def test_fifty_move_rule():
    game = Chess("4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
    assert game.outcome() is None
    game.play("a1a2")
    assert game.outcome() == Outcome(Termination.FIFTY_MOVES, None)
    # mate on the hundredth ply is mate
    mating = Chess("7k/8/6K1/8/8/8/8/R7 w - - 99 80")
    mating.play("a1a8")
    assert mating.outcome().termination is Termination.CHECKMATE


@pytest.mark.parametrize("fen", [
    "8/8/4k3/8/8/4K3/8/8 w - - 0 1",
    "8/8/4k3/8/8/4KN2/8/8 w - - 0 1",
    "8/8/4kb2/8/8/4KB2/8/8 w - - 0 1",
    "8/8/4k3/8/8/3BKB2/8/8 w - - 0 1",
    "8/8/3bk3/8/8/4KB2/8/8 w - - 0 1",
    "8/8/4kn2/8/8/4KN2/8/8 w - - 0 1",
    "8/8/4k3/8/8/4KNN1/8/8 w - - 0 1",
    "8/8/4kb2/8/8/4KN2/8/8 w - - 0 1",
    "8/8/4k3/8/8/4K3/8/7R w - - 0 1",
    "8/8/4k3/8/8/4K3/7P/8 w - - 0 1",
])
def test_insufficient_material_as_python_chess(fen):
    game = Chess(fen)
    expected = chess.Board(fen).is_insufficient_material()
    assert (game.outcome() == Outcome(Termination.INSUFFICIENT_MATERIAL, None)) == expected


def test_illegal_and_malformed_moves_leave_the_game_unchanged():
    game = Chess()
    game.play("e2e4")
    before = (game.fen(), game.history, game.key())
    for move, error in [("e2e4", ValueError), ("e7e5e", ValueError), ("zz", ValueError),
                        ("e7e8q", ValueError), ("", ValueError), (1234, TypeError), (None, TypeError),
                        ("x" * 500, ValueError)]:
        with pytest.raises(error) as info:
            game.play(move)
        assert len(str(info.value)) < 200
        assert (game.fen(), game.history, game.key()) == before
    for san in ["Nf3", "Ke7", "O-O", "exd5", "e8=Q", "Qh9", "", "N", "Bb4"]:
        with pytest.raises(ValueError):
            game.play_san(san)
        assert (game.fen(), game.history, game.key()) == before
    with pytest.raises(TypeError):
        game.play_san(5)


def test_play_san_takes_a_legal_move_in_uci_as_python_chess_does():
    # "g1f3" parses as SAN for a pawn from g1 and was refused as "not legal"; python-chess's
    # parse_san reads it as the knight's move in UCI. A UCI string no legal move has stays
    # refused, and SAN keeps its meaning where both readings exist ("e2e4" is the pawn's
    # move either way).
    import chess

    for fen, uci in [(chess.STARTING_FEN, "g1f3"), (chess.STARTING_FEN, "e2e4"),
                     ("8/1P6/8/8/8/k7/8/4K3 w - - 0 1", "b7b8q"),
                     ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1g1")]:
        game, board = Chess(fen), chess.Board(fen)
        assert game.play_san(uci) == board.parse_san(uci).uci() == uci
        assert game.history == (uci,)
    game = Chess()
    for wrong in ["g1g3", "e2e5", "b7b8q"]:
        with pytest.raises(ValueError, match="not legal|not a SAN"):
            game.play_san(wrong)
        assert game.history == ()


def test_promotion_needs_its_piece():
    game = Chess("8/1P6/8/8/8/k7/8/4K3 w - - 0 1")
    with pytest.raises(ValueError, match="promotion piece"):
        game.play("b7b8")
    with pytest.raises(ValueError, match="not a promotion"):
        Chess().play("e2e4q")
    with pytest.raises(ValueError, match="promotion piece"):
        game.play_san("b8")
    assert game.play_san("b8=N") == "b7b8n"


def test_ambiguous_san_is_refused_and_disambiguation_accepted():
    game = Chess("4k3/8/8/8/8/8/4K3/R6R w - - 0 1")
    with pytest.raises(ValueError, match="ambiguous"):
        game.copy().play_san("Rd1")
    assert game.san("a1d1") == "Rad1"
    assert game.copy().play_san("Rhd1") == "h1d1"
    assert game.copy().play_san("Rad1+") == "a1d1"
    castle = Chess("5k2/8/8/8/8/8/8/4K2R w K - 0 1")
    assert castle.san("e1g1") == "O-O+"            # the rook on f1 gives check
    assert castle.copy().play_san("0-0") == "e1g1"


def test_undo_without_moves_raises():
    with pytest.raises(ValueError, match="no move"):
        Chess().undo()


@pytest.mark.parametrize("code", [-5, 0, 1 << 15, 2 ** 40, 9 * 65])
def test_decode_line_refuses_numbers_no_move_has(code):
    # 9 * 65: from-square 9 and to-square 9 (the same square), flag 0
    with pytest.raises(ValueError, match="not a chess move code"):
        nm.games.Chess().decode_line([code])


def test_decode_line_reads_the_searchs_moves():
    game = nm.games.Chess()
    result = nm.search(game, 3, algorithm="pvs")
    assert all(move in game.legal_moves() for move in result.pv[:1])
    with pytest.raises(TypeError, match="int"):
        game.decode_line(["e2e4"])


def test_a_board_with_a_null_move_is_refused_by_name():
    board = chess.Board()
    board.push(chess.Move.null())
    with pytest.raises(ValueError, match="null move"):
        Chess.from_board(board)


def test_a_pawn_move_written_as_a_square_alone_is_a_push_as_python_chess_reads_it():
    # "e6" was taken as the capture dxe6 (an independent tester's find): SAN names the file a
    # pawn captures from. Every square, alone and with a rank before it, in positions of
    # random games: accepted exactly when python-chess's parse_san accepts it, as its move.
    squares = [file + rank for file in "abcdefgh" for rank in "12345678"]
    tried = captures_refused = 0
    for board, game in random_game_positions(seed=7, games=3):
        for text in squares + ["2" + square for square in squares[::5]]:
            try:
                expected = board.parse_san(text).uci()
            except ValueError:
                expected = None
            copy = game.copy()
            try:
                played = copy.play_san(text)
            except ValueError as error:
                played = None
                captures_refused += "names the file it comes from" in str(error)
            assert played == expected, (board.fen(), text)
            tried += 1
    assert tried > 10_000 and captures_refused > 0
    kiwipete = Chess("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    with pytest.raises(ValueError, match=r"a pawn's capture names the file it comes from \('dxe6'\)"):
        kiwipete.play_san("e6")
    assert kiwipete.copy().play_san("dxe6") == kiwipete.copy().play_san("de6") == "d5e6"
