"""Checkers on the command line: `negamax search|solve|play checkers` and the perft printout."""

from __future__ import annotations

import argparse
import io

import checkers_reference as R
from negamax.__main__ import main
from negamax.cli_checkers import perft_checkers, play_checkers
from negamax.games import Checkers


def test_search_checkers_prints_a_legal_move(capsys):
    assert main(["search", "checkers", "--depth", "4", "--algorithm", "pvs"]) == 0
    out = capsys.readouterr().out
    best = out.split("best move : ")[1].splitlines()[0]
    assert best in Checkers().legal_moves()


def test_solve_checkers_matches_the_retrograde_reference(capsys):
    fen = "B:WK1,K10:BK23"
    value, plies = R.solve_retrograde(R.read_fen(fen))[R.read_fen(fen)]
    assert main(["solve", "checkers", fen]) == 0
    out = capsys.readouterr().out
    assert f"({'win' if value == 1 else 'loss'} in {plies} plies)" in out


def test_bad_fen_is_an_error_message(capsys):
    assert main(["search", "checkers", "B:W33:B1", "--depth", "2"]) == 2
    assert "off the board" in capsys.readouterr().err


def test_perft_printout():
    out = io.StringIO()
    assert perft_checkers(4, out=out) == 0
    assert "perft(4) = 1,469" in out.getvalue()
    out = io.StringIO()
    perft_checkers(2, fen="W:WK18:B6,7,14,15", out=out)
    assert "perft(2) = " in out.getvalue()


def test_play_checkers_until_the_engine_wins():
    # Black (the person, who always plays the first listed move) is lost in a few plies
    # according to the retrograde reference: the engine, white, must win.
    values = R.solve_retrograde(R.read_fen("B:WK1,K10:BK23"))
    fen = next(R.write_fen(p) for p in sorted(values, key=R.write_fen)
               if p[2] == "B" and values[p][0] == -1 and 6 <= values[p][1] <= 10)
    out = io.StringIO()
    mine = []

    def person(prompt: str) -> str:
        game = Checkers(fen)
        engine = [line.split()[2] for line in out.getvalue().splitlines() if line.startswith("engine plays ")]
        for index in range(len(mine) + len(engine)):
            game.play(mine[index // 2] if index % 2 == 0 else engine[index // 2])
        mine.append(game.legal_moves()[0])
        return mine[-1]

    args = argparse.Namespace(game="checkers", engine_first=False, think=0.05, fen=fen)
    assert play_checkers(args, read=person, out=out) == 0
    assert "You play black" in out.getvalue()
    assert "the engine wins (no legal move)" in out.getvalue()


def test_play_checkers_rejects_bad_moves_and_lists_moves():
    out = io.StringIO()
    answers = iter(["11-16x", "moves", "undo", "q"])
    args = argparse.Namespace(game="checkers", engine_first=False, think=0.01, fen=None)
    assert play_checkers(args, read=lambda prompt: next(answers), out=out) == 0
    text = out.getvalue()
    assert "cannot read the move" in text
    assert "  9-13 10-14 11-15 12-16 9-14 10-15 11-16" in text
    assert "nothing to take back" in text


def test_play_checkers_ends_with_the_result():
    # White (the engine) is to move with a capture that leaves black without pieces.
    out = io.StringIO()
    args = argparse.Namespace(game="checkers", engine_first=True, think=0.01, fen="W:WK18:B6,7,14,15")
    assert play_checkers(args, read=lambda prompt: "q", out=out) == 0
    assert "the engine wins (no legal move)" in out.getvalue()


def test_the_engine_never_calls_an_estimate_a_draw(monkeypatch):
    # A search to a depth that scores 0 has proven nothing: "score +0 (heuristic)", as the
    # other games print (it used to say "draw at depth 3").
    import dataclasses

    import negamax as nm
    from negamax import cli_checkers

    real_search = nm.search

    def search(game, **options):
        return dataclasses.replace(real_search(game, depth=3), value=0)

    monkeypatch.setattr(cli_checkers.nm, "search", search)
    out = io.StringIO()
    args = argparse.Namespace(game="checkers", engine_first=True, think=0.01, fen=None)
    assert play_checkers(args, read=lambda prompt: "q", out=out) == 0
    played = [line for line in out.getvalue().splitlines() if line.startswith("engine plays ")]
    assert len(played) == 1
    assert "score +0 (heuristic) at depth 3" in played[0] and "draw" not in played[0]
