"""`negamax perft chess DEPTH [--fen FEN] [--divide]`."""

from __future__ import annotations

from negamax.__main__ import main

KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def test_perft_prints_the_published_count(capsys):
    assert main(["perft", "chess", "3"]) == 0
    assert "nodes 8902" in capsys.readouterr().out


def test_perft_divide_from_a_fen(capsys):
    assert main(["perft", "chess", "2", "--fen", KIWIPETE, "--divide"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if ": " in line]
    assert len(lines) == 48 and "e1g1: 43" in lines           # 48 moves; castling then 43 replies
    assert sum(int(line.split(": ")[1]) for line in lines) == 2039
    assert "nodes 2039" in out


def test_perft_errors_exit_2(capsys):
    assert main(["perft", "chess", "3", "--fen", "not a fen"]) == 2
    assert "FEN" in capsys.readouterr().err
    assert main(["perft", "chess", "-1"]) == 2
