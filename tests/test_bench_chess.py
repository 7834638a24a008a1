"""The chess section of `negamax bench`: perft against the published counts, python-chess in the
same run, and leaf counts of minimax equal to python-chess's own perft of each position."""

from __future__ import annotations

import chess as python_chess
import pytest

import negamax as nm
from negamax.bench import chess
from negamax.bench.output import markdown_text
from negamax.bench.progress import Progress
from negamax.bench.settings import ReportSettings

#: Published perft counts (Chess Programming Wiki), independent of both implementations.
PUBLISHED = {
    "start position": {3: 8_902, 4: 197_281, 5: 4_865_609},
    "Kiwipete": {2: 2_039, 3: 97_862, 4: 4_085_603},
}


def python_chess_leaves(fen: str, depth: int) -> int:
    board = python_chess.Board(fen)

    def walk(level: int) -> int:
        if level == 0:
            return 1
        total = 0
        for move in list(board.legal_moves):
            board.push(move)
            total += walk(level - 1)
            board.pop()
        return total

    return walk(depth)


def quick_settings(**changes) -> ReportSettings:
    values = dict(mode="quick", tree_grid=((2, 2),), max_leaves=1000, repeat=1)
    values.update(changes)
    return ReportSettings(**values)


@pytest.fixture(scope="module")
def section():
    settings = quick_settings()
    return chess.measure(settings, Progress(chess.steps(settings), enabled=False))


def test_perft_matches_the_published_counts_in_both_implementations(section):
    assert section["measured"] and section["problems"] == []
    assert [row["position"] for row in section["perft"]] == ["start position", "Kiwipete"]
    for row in section["perft"]:
        assert row["leaves"] == PUBLISHED[row["position"]][row["depth"]]
        python = row["python_chess"]
        assert python["leaves"] == PUBLISHED[row["position"]][python["depth"]]
        assert row["rate"] > 0 and python["rate"] > 0
        assert row["speedup"] == pytest.approx(row["rate"] / python["rate"])


def test_minimax_reads_every_leaf_alpha_beta_fewer(section):
    fens = dict(chess.MIDDLEGAMES)
    rows = section["branching"]
    assert {row["position"] for row in rows} == set(fens)
    assert sorted({row["depth"] for row in rows}) == [1, 2, 3]
    for row in rows:
        variants = row["variants"]
        if row["depth"] <= 2 or row["position"] == "Ruy Lopez, closed":
            # No position here ends within 3 plies: minimax's leaves are exactly perft(d).
            assert variants["minimax"]["leaves"] == python_chess_leaves(fens[row["position"]], row["depth"])
        assert variants["alphabeta"]["value"] == variants["minimax"]["value"]
        assert variants["alphabeta"]["leaves"] <= variants["minimax"]["leaves"]
        assert row["branching"] == pytest.approx(variants["minimax"]["leaves"] ** (1 / row["depth"]))
    deepest = [row for row in rows if row["depth"] == 3]
    for row in deepest:    # alpha-beta's effective branching factor is far below minimax's
        assert row["variants"]["alphabeta"]["ebf"] < row["branching"] / 2


def test_search_speed_rows(section):
    assert len(section["search"]) == len(chess.MIDDLEGAMES)
    for row, (label, fen) in zip(section["search"], chess.MIDDLEGAMES):
        assert row["position"] == label and row["nodes"] > 0 and row["rate"] > 0
        assert python_chess.Move.from_uci(row["best_move"]) in python_chess.Board(fen).legal_moves


def test_tables_and_markdown(section):
    titles = [table.title for table in chess.tables(section)]
    assert titles[0].startswith("Chess perft") and titles[1].startswith("Chess search")
    assert titles[2].startswith("Chess effective branching factor")
    text = chess.tables(section)[0].text()
    assert "\u2713 published" in text and "MISMATCH" not in text


def test_not_measured_when_chess_is_left_out_or_missing(monkeypatch):
    settings = quick_settings(games=("connect4",))
    assert chess.steps(settings) == 0
    skipped = chess.measure(settings, Progress(0, enabled=False))
    assert skipped["measured"] is False and "not among --games" in skipped["notes"][0]
    assert chess.tables(skipped) == []
    monkeypatch.delattr(nm.games, "Chess")
    missing = chess.measure(quick_settings(), Progress(0, enabled=False))
    assert missing["measured"] is False and "no chess game" in missing["notes"][0]


def test_markdown_says_when_chess_was_not_measured():
    report = {"environment": {"negamax": "x", "python": "3", "numpy": "2", "os": "os", "machine": "m",
                              "cpu_count": 2, "cpu": "c", "timestamp": "t"},
              "settings": {"mode": "quick"}, "seconds": 1.0, "problems": [],
              "leaf_counts": {"rows": [], "seed": 0},
              "real_games": {"games": []},
              "speed": {"benchmarks": [], "repeat": 1, "python_repeat": 1, "notes": []},
              "chess": {"measured": False, "notes": ["chess not among --games: chess section not measured"]},
              "peers": {"requested": False}}
    text = markdown_text(report, [])
    assert "## Chess" in text and "Not measured: chess not among --games" in text
