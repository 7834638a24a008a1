"""`negamax search chess FEN` and `negamax play chess` on the command line; positions and
moves are checked with python-chess."""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import signal
import subprocess
import sys
import threading
import time

import chess
import pytest

from negamax import cli_chess
from negamax.__main__ import main
from helpers import sends_sigint_to_a_child

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


def test_play_engine_first_makes_the_engine_move_first_from_a_black_to_move_fen():
    # --engine-first gave the engine white whatever the position: from a FEN with black to
    # move the person then moved first (found by a seventh adversarial round).
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    status, out = _play(["quit"], engine_first=True, fen=fen)
    assert status == 0 and "You play white" in out and out.count("engine plays") == 1
    status, out = _play(["quit"], engine_first=False, fen=fen)
    assert status == 0 and "You play black" in out and out.count("engine plays") == 0


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


@sends_sigint_to_a_child
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
    assert process.returncode == 130      # as for the other games: README's exit status
    assert "Traceback" not in err and "KeyboardInterrupt" not in err


def test_search_chess_progress_prints_each_completed_depth(capsys):
    assert main(["search", "chess", "startpos", "--depth", "4", "--progress"]) == 0
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    # one line per completed depth, the last too (it was left to the result on stdout, where
    # the README says each completed depth is shown on stderr; tenth adversarial round)
    assert [line.split()[:2] for line in lines] == [["depth", "1"], ["depth", "2"], ["depth", "3"],
                                                    ["depth", "4"]]
    for line in lines:                 # the line ends with the principal variation, in UCI
        board = chess.Board()
        for move in line.split(" pv ")[1].split():
            board.push_uci(move)
    assert "stop: completed" in captured.out
    assert main(["search", "chess", "startpos", "--depth", "4", "--no-progress"]) == 0
    assert capsys.readouterr().err == ""


def test_search_chess_refuses_min_as_the_other_games_do(capsys):
    assert main(["search", "chess", "startpos", "--depth", "3", "--min"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("negamax: error: --min applies to trees only: "
                            "a game's values are from the side to move\n")


@pytest.mark.parametrize("argv, flag", [
    (["search", "tictactoe", "--tree-ordering", "best"], "--tree-ordering"),
    (["search", "connect4", "4453", "--depth", "1", "--seed", "3"], "--seed"),
    (["search", "tree", "[[1, 2], [3, 4]]", "--seed", "1"], "--seed"),
    (["search", "chess", "startpos", "--depth", "1", "--tree-ordering", "worst"], "--tree-ordering"),
])
def test_search_refuses_the_options_of_uniform_trees_elsewhere(capsys, argv, flag):
    # They were silently ignored, while --min was refused.
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err == f"negamax: error: {flag} applies to uniform trees only\n"


def test_search_uniform_takes_its_options(capsys):
    assert main(["search", "uniform", "2", "3", "--tree-ordering", "best", "--seed", "5"]) == 0
    assert "ordering='best'" in capsys.readouterr().out


def test_a_closed_pipe_ends_the_command_quietly():
    # `negamax ... | head -1`: the reader left before the output was written. The pipe is
    # closed before the interpreter has even started, so the first write fails.
    process = subprocess.Popen([sys.executable, "-m", "negamax", "search", "tictactoe"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()
    _, err = process.communicate(timeout=120)
    assert process.returncode == 1
    assert b"Traceback" not in err and b"BrokenPipeError" not in err


@pytest.mark.skipif(not hasattr(signal, "pthread_kill"),
                    reason="POSIX: elsewhere the engine sees the closed output at its next input line")
def test_the_uci_engine_exits_when_its_output_closes_during_a_search():
    # The GUI closed the engine's output but not its input (`negamax uci < fifo | head -1`):
    # the search stopped, yet the engine sat in readline until another line came.
    process = subprocess.Popen([sys.executable, "-m", "negamax", "uci"], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               env=dict(os.environ, PYTHONUNBUFFERED="1"))
    try:
        process.stdin.write("uci\nisready\nposition startpos\ngo infinite\n")
        process.stdin.flush()
        while "info depth" not in process.stdout.readline():     # the search is running
            pass
        process.stdout.close()
        assert process.wait(timeout=30) == 1        # input still open: no other line comes
        assert "Traceback" not in process.stderr.read()
    finally:
        process.kill()
        process.wait()


@contextlib.contextmanager
def _started(argv):
    """`python -m negamax argv` with pipes, unbuffered, killed after 60 s at the latest (so a
    test waiting for output that never comes fails instead of hanging) and on leaving."""
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    process = subprocess.Popen([sys.executable, "-m", "negamax", *argv], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    timer = threading.Timer(60, process.kill)
    timer.daemon = True
    timer.start()
    try:
        yield process
    finally:
        timer.cancel()
        if process.poll() is None:
            process.kill()
            process.communicate()


def _read_until(stream, marker):
    """What `stream` gives up to and including `marker` (less, at end of output)."""
    seen = ""
    while marker not in seen:
        char = stream.read(1)
        if not char:
            break
        seen += char
    return seen


@sends_sigint_to_a_child
def test_ctrl_c_during_a_chess_search_prints_the_best_so_far_and_exits_130():
    with _started(["search", "chess", "startpos", "--depth", "30", "--progress"]) as process:
        first = process.stderr.readline()        # depth 1 is done: the search is running
        assert first.split()[:2] == ["depth", "1"], first
        time.sleep(1.0)                          # on to the longer depths
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
    assert process.returncode == 130
    assert "stop: interrupted" in out
    assert int(out.split("depth     : ")[1].split()[0]) >= 1
    best = out.split("best move : ")[1].split("(")[1].split(")")[0]
    assert chess.Move.from_uci(best) in chess.Board().legal_moves
    assert err.splitlines()[-1] == "interrupted: the result above is the best found so far"
    assert "Traceback" not in err


@sends_sigint_to_a_child
def test_ctrl_c_while_the_engine_thinks_makes_it_move_at_once():
    with _started(["play", "chess", "--engine-first", "--think", "60"]) as process:
        seen = _read_until(process.stdout, "h g f e d c b a")    # the board, then the engine thinks
        assert "h g f e d c b a" in seen
        time.sleep(1.0)                          # well inside the engine's search
        process.send_signal(signal.SIGINT)
        seen = _read_until(process.stdout, "your move: ")
        assert "your move: " in seen
        process.stdin.write("quit\n")
        process.stdin.flush()
        out, err = process.communicate(timeout=30)
    assert process.returncode == 0
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    played = [line for line in seen.splitlines() if line.startswith("engine plays ")]
    assert len(played) == 1 and played[0].endswith("; interrupted)"), played
    board = chess.Board()
    board.push_san(played[0].split()[2])       # a legal first move for white


def test_undo_takes_back_a_first_move_made_as_black():
    # From a FEN with black to move and no --engine-first the person plays black and moves
    # first: undo said "nothing to take back" (the engine was taken to have made the first
    # move whenever it played white; ninth adversarial round).
    fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    status, out = _play(["e5", "undo", "quit"], fen=fen)
    assert status == 0 and "You play black" in out
    assert "nothing to take back" not in out and out.count("engine plays") == 1
    board_after_undo = out.split("engine plays")[1]
    # The position drawn after the undo is the FEN's again (black to move, e7 pawn home).
    assert cli_chess.draw_board(fen, white_at_bottom=False) in board_after_undo
