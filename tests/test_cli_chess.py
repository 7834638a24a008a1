"""`negamax search chess FEN` and `negamax play chess` on the command line; positions and
moves are checked with python-chess."""

from __future__ import annotations

import argparse
import io
import os
import signal
import subprocess
import sys
import time

import chess

from negamax import cli_chess
from negamax.__main__ import main

MATE_IN_1 = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"


def test_search_chess_prints_the_mate_with_its_san(capsys):
    assert main(["search", "chess", *MATE_IN_1.split(), "--depth", "3"]) == 0
    out = capsys.readouterr().out
    assert "mate in 1" in out
    assert "best move : Ra8# (a1a8)" in out
    assert "\u2656" in out and "\u265a" in out      # the Unicode board: white rook, black king


def test_search_chess_from_the_start_with_a_node_limit(capsys):
    assert main(["search", "chess", "startpos", "--node-limit", "20000"]) == 0
    out = capsys.readouterr().out
    move = out.split("best move : ")[1].split("(")[1].split(")")[0]
    assert chess.Move.from_uci(move) in chess.Board().legal_moves
    pv = out.split("pv        : ")[1].splitlines()[0].split()
    board = chess.Board()
    for san in pv:                     # the line is legal SAN
        board.push_san(san)


def test_search_chess_errors_exit_2(capsys):
    assert main(["search", "chess", "startpos"]) == 2
    assert "needs a limit" in capsys.readouterr().err
    assert main(["search", "chess", "8/8/8", "w", "--depth", "2"]) == 2
    assert "negamax: error:" in capsys.readouterr().err


def test_draw_board_from_either_side():
    text = cli_chess.draw_board(chess.STARTING_FEN)
    lines = text.splitlines()
    assert lines[0].startswith("8 \u265c \u265e") and lines[-1] == "  a b c d e f g h"
    flipped = cli_chess.draw_board(chess.STARTING_FEN, white_at_bottom=False).splitlines()
    assert flipped[0].startswith("1 \u2656 \u2658") and flipped[-1] == "  h g f e d c b a"


def _play(lines, engine_first=False, think=0.05, fen=None):
    answers = iter(lines)
    out = io.StringIO()

    def read(prompt: str) -> str:
        return next(answers)

    args = argparse.Namespace(game="chess", engine_first=engine_first, think=think, fen=fen)
    status = cli_chess.play_command(args, read=read, out=out)
    return status, out.getvalue()


def test_play_accepts_san_and_uci_undo_and_bad_moves():
    status, out = _play(["e4", "undo", "undo", "g1f3", "Ke2", "zz", "moves", "quit"])
    assert status == 0
    assert out.count("engine plays") == 2           # after e4 and after Nf3
    assert "nothing to take back" in out            # the second undo
    assert "'Ke2' is not a legal move" in out and "'zz' is not a legal move" in out
    assert "Na3" in out and "Rg1" in out            # the legal-move list after 1.Nf3 ...


def test_play_as_black_until_quit_and_at_end_of_input():
    status, out = _play(["quit"], engine_first=True)
    assert status == 0 and out.count("engine plays") == 1
    answers = iter(["d4"])

    def read(prompt: str) -> str:
        try:
            return next(answers)
        except StopIteration:
            raise EOFError from None

    args = argparse.Namespace(game="chess", engine_first=False, think=0.05)
    assert cli_chess.play_command(args, read=read, out=io.StringIO()) == 0


def test_play_reports_checkmate():
    # White's only move is Kg1, after which Ra1 mates (checked with python-chess).
    fen = "r7/8/8/8/8/5k1p/7P/7K w - - 0 1"
    board = chess.Board(fen)
    assert [board.san(move) for move in board.legal_moves] == ["Kg1"]
    board.push_san("Kg1")
    assert any(board.san(move).endswith("#") for move in board.legal_moves)
    status, out = _play(["Kg1"], think=0.2, fen=fen)
    assert status == 0
    assert "engine plays Ra1#" in out
    assert out.rstrip().endswith("checkmate: the engine wins")


def test_ctrl_c_at_the_prompt_exits_cleanly():
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    process = subprocess.Popen([sys.executable, "-m", "negamax", "play", "chess", "--think", "0.05"],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=env)
    try:
        seen = ""
        deadline = time.monotonic() + 30
        while "your move" not in seen and time.monotonic() < deadline:
            seen += process.stdout.read(1)
        assert "your move" in seen
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 0
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
