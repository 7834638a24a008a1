"""Chess positions at the Python boundary: FEN in and out, refused positions (as python-chess's
Board.status() reports them), the arrays, copies, pickling and python-chess boards."""

from __future__ import annotations

import pickle
import random

import chess
import numpy as np
import pytest

from negamax.games import Chess
from chess_helpers import sample_fens


@pytest.mark.parametrize("fen", sample_fens(seed=21, count=40))
def test_fen_round_trip(fen):
    game = Chess(fen)
    assert game.fen() == chess.Board(fen).fen()
    assert Chess(game.fen()).fen() == game.fen()
    assert eval(repr(game), {"Chess": Chess}).fen() == game.fen()


def test_four_field_fen_gets_default_clocks():
    assert Chess("4k3/8/8/8/8/8/8/4K2R w K -").fen() == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"


@pytest.mark.parametrize("fen, field", [
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0", "6 fields"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", "piece placement"),
    ("rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece placement"),
    ("rnbqkbnr/ppppxppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece placement"),
    ("rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece placement"),
    ("rnbqkbnr/pppppppp/44/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "piece placement"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1", "side to move"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQxq - 0 1", "castling"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KKq - 0 1", "castling"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1", "en passant"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1", "halfmove clock"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 x", "fullmove number"),
    ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 99999999999", "fullmove number"),
])
def test_malformed_fen_names_the_field(fen, field):
    with pytest.raises(ValueError, match=field):
        Chess(fen)


def test_fen_errors_quote_little_and_wrong_types_raise_type_error():
    with pytest.raises(ValueError) as info:
        Chess("x" * 1000 + " w - - 0 1")
    assert len(str(info.value)) < 200
    with pytest.raises(TypeError):
        Chess(42)


# (FEN, words of our message, python-chess's status flag)
STATUS_CASES = [
    ("8/8/8/8/8/8/8/8 w - - 0 1", "empty", chess.STATUS_EMPTY),
    ("8/8/8/8/8/8/8/4K3 w - - 0 1", "Black has no king", chess.STATUS_NO_BLACK_KING),
    ("4k3/8/8/8/8/8/8/8 w - - 0 1", "White has no king", chess.STATUS_NO_WHITE_KING),
    ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "2 kings", chess.STATUS_TOO_MANY_KINGS),
    ("4k3/8/8/8/8/8/PPPPPPPP/P3K3 w - - 0 1", "pawn", chess.STATUS_PAWNS_ON_BACKRANK),
    ("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", "9 pawns", chess.STATUS_TOO_MANY_WHITE_PAWNS),
    ("4k3/8/8/8/QQQQQQQQ/QQQQQQQQ/8/4K3 w - - 0 1", "17 pieces", chess.STATUS_TOO_MANY_WHITE_PIECES),
    ("4k3/8/8/8/8/8/8/4K3 w K - 0 1", "castling right", chess.STATUS_BAD_CASTLING_RIGHTS),
    ("r3k3/8/8/8/8/8/8/R3K3 w Qk - 0 1", "castling right", chess.STATUS_BAD_CASTLING_RIGHTS),
    ("4k3/8/8/8/8/8/8/4K3 w - e6 0 1", "en passant", chess.STATUS_INVALID_EP_SQUARE),
    ("4k3/8/8/8/4P3/8/8/4K3 w - e3 0 1", "en passant", chess.STATUS_INVALID_EP_SQUARE),
    ("4k3/8/8/4p3/8/8/8/4K3 w - e5 0 1", "en passant", chess.STATUS_INVALID_EP_SQUARE),
    ("4k3/4R3/8/8/8/8/8/4K3 w - - 0 1", "in check", chess.STATUS_OPPOSITE_CHECK),
    ("4k3/8/8/8/8/3n1n2/8/r3K3 w - - 0 1", "3 pieces", chess.STATUS_TOO_MANY_CHECKERS),
    ("4k3/8/8/8/8/8/8/r3K2r w - - 0 1", "one line", chess.STATUS_IMPOSSIBLE_CHECK),
    ("4k3/8/8/2Pp4/8/8/8/3rK3 w - d6 0 1", "en passant", chess.STATUS_IMPOSSIBLE_CHECK),
]


@pytest.mark.parametrize("fen, words, status", STATUS_CASES)
def test_impossible_positions_are_refused_as_python_chess_reports(fen, words, status):
    assert chess.Board(fen).status() & status
    with pytest.raises(ValueError, match=words):
        Chess(fen)


def test_random_fens_refused_exactly_when_python_chess_calls_them_invalid():
    rng = random.Random(3)
    checked = refused = 0
    while checked < 3000:
        board = chess.Board(None)
        for _ in range(rng.randint(0, 10)):
            board.set_piece_at(rng.randrange(64), chess.Piece.from_symbol(rng.choice("PNBRQKpnbrqk")))
        if rng.random() < 0.8:
            board.set_piece_at(rng.randrange(64), chess.Piece.from_symbol("K"))
            board.set_piece_at(rng.randrange(64), chess.Piece.from_symbol("k"))
        side = rng.choice("wb")
        castling = "".join(c for c in "KQkq" if rng.random() < 0.2) or "-"
        en_passant = rng.choice(["-", "-", "-", rng.choice("abcdefgh") + rng.choice("36")])
        fen = f"{board.board_fen()} {side} {castling} {en_passant} 0 1"
        reference = chess.Board(fen)
        if reference.castling_xfen() != castling and reference.is_valid():
            continue   # python-chess dropped a right it could not place; we refuse such FENs
        checked += 1
        try:
            game = Chess(fen)
        except ValueError:
            refused += 1
            assert not reference.is_valid(), fen
            continue
        assert reference.is_valid(), fen
        assert game.fen() == reference.fen()
    assert 300 < refused < 2900


def test_board_and_bitboards_conventions():
    game = Chess()
    board = game.board
    assert board.shape == (8, 8) and board.dtype == np.int8
    assert list(board[0]) == [-4, -2, -3, -5, -6, -3, -2, -4]       # rank 8 first
    assert list(board[7]) == [4, 2, 3, 5, 6, 3, 2, 4]
    assert (board[6] == 1).all() and (board[2:6] == 0).all()
    with pytest.raises(ValueError):
        board[0, 0] = 0
    bitboards = game.bitboards
    assert bitboards.shape == (2, 7) and bitboards.dtype == np.uint64
    assert int(bitboards[0, 1]) == 0xFF00                           # white pawns on rank 2
    assert int(bitboards[1, 6]) == 1 << 60                          # black king on e8
    assert int(bitboards[0, 0]) == 0xFFFF
    with pytest.raises(ValueError):
        bitboards[0, 0] = 0
    game.play("e2e4")
    assert board[4, 4] == 1 and board[6, 4] == 0                    # views follow the game
    assert game.to_move == -1
    assert "4  . . . . P . . ." in str(game)


def test_copy_is_independent_and_keeps_history():
    game = Chess()
    for move in ("e2e4", "e7e5", "g1f3"):
        game.play(move)
    copy = game.copy()
    copy.play("b8c6")
    assert game.history == ("e2e4", "e7e5", "g1f3")
    assert copy.history == ("e2e4", "e7e5", "g1f3", "b8c6")
    copy.undo()
    copy.undo()
    assert copy.fen() != game.fen()
    game.undo()
    assert copy.fen() == game.fen() and copy.key() == game.key()


def test_pickle_keeps_history_for_undo_and_repetition():
    game = Chess()
    for move in ["g1f3", "g8f6", "f3g1", "f6g8", "g1f3", "g8f6", "f3g1"]:
        game.play(move)
    clone = pickle.loads(pickle.dumps(game))
    assert clone.fen() == game.fen() and clone.history == game.history
    clone.play("f6g8")
    assert clone.outcome() is not None and clone.outcome().termination.name == "THREEFOLD_REPETITION"
    for _ in range(8):
        clone.undo()
    assert clone.fen() == Chess().fen()


def test_python_chess_boards_both_ways():
    board = chess.Board()
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]:
        board.push_san(san)
    game = Chess.from_board(board)
    assert game.fen() == board.fen() and len(game.history) == 6
    back = game.to_board()
    assert back.fen() == board.fen() and back.move_stack == board.move_stack
    start = Chess("4k3/8/8/8/8/8/8/4K2R w K - 0 1")
    start.play("e1g1")
    assert start.to_board().root().fen() == "4k3/8/8/8/8/8/8/4K2R w K - 0 1"
    with pytest.raises(TypeError):
        Chess.from_board("not a board")
    with pytest.raises(ValueError):
        Chess.from_board(chess.Board(chess960=True))
