"""`negamax solve` and `negamax play` on the command line."""

from __future__ import annotations

import argparse
import io

import negamax as nm
from negamax import cli_games
from negamax.__main__ import main


def test_solve_connect4_prints_score_move_and_line(capsys):
    # A late position (37 stones) decided within a few plies.
    moves = "2252576253462244111563365343671351441"
    assert main(["solve", "connect4", moves]) == 0
    out = capsys.readouterr().out
    game = nm.games.ConnectFour(moves)
    # Check the printed line by playing it: it must end the game, and the printed score must
    # follow from its length by the published convention.
    assert "score     : " in out and "best move : " in out and "pv        : " in out
    pv = out.split("pv        : ")[1].splitlines()[0].split()
    for column in pv:
        game.play(int(column))
    assert game.is_terminal()
    assert game.winner == (-1 if len(moves) % 2 == 0 else 1)   # the side to move at the start lost
    score = int(out.split("score     : ")[1].splitlines()[0])
    stones_before_last = len(moves) + len(pv) - 1
    assert score == -((43 - stones_before_last) // 2)


def test_solve_rejects_a_finished_game_and_bad_moves(capsys):
    assert main(["solve", "connect4", "1212121"]) == 2
    assert "over" in capsys.readouterr().err
    assert main(["solve", "connect4", "19"]) == 2
    assert "index 1" in capsys.readouterr().err


def test_play_connect4_against_the_engine_until_the_end():
    # The person always plays the leftmost free column; the engine must win (it moves second,
    # but column-1 play loses quickly against any sensible opponent).
    out = io.StringIO()

    def read(prompt: str) -> str:
        board = out.getvalue().split("\n\n")[-2]
        bottom = board.splitlines()
        # leftmost column whose top cell is empty
        top = bottom[0].split()
        return str(top.index(".") + 1)

    args = argparse.Namespace(game="connect4", engine_first=False, think=0.05)
    assert cli_games.play_command(args, read=read, out=out) == 0
    text = out.getvalue()
    assert "the engine wins" in text


def test_play_quits_on_q():
    out = io.StringIO()
    args = argparse.Namespace(game="tictactoe", engine_first=True, think=0.05)
    assert cli_games.play_command(args, read=lambda prompt: "q", out=out) == 0
    assert "engine plays" in out.getvalue()
