"""The checkers section of `negamax bench`: perft against the published counts and pydraughts
in the same run, search speed, branching factors of minimax, alpha-beta and the engine."""

from __future__ import annotations

import json

import pytest

from negamax.__main__ import main

# Published perft counts of English draughts from the start position.
START_PERFT = {3: 302, 9: 3963680}


def test_checkers_section(tmp_path, capsys):
    out = tmp_path / "report"
    status = main(["bench", "--quick", "--out", str(out), "--no-plots", "--grid", "2:2",
                   "--max-leaves", "2000", "--repeat", "1", "--no-progress", "--games", "checkers"])
    printed = capsys.readouterr().out
    assert status == 0, printed
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    section = report["checkers"]
    assert section["requested"] and section["problems"] == []
    perft = {row["name"]: row for row in section["perft"]}
    assert perft["negamax"]["count"] == START_PERFT[perft["negamax"]["depth"]]
    assert perft["pydraughts"]["count"] == START_PERFT[perft["pydraughts"]["depth"]]
    assert section["perft_ratio"] == perft["negamax"]["rate"] / perft["pydraughts"]["rate"]
    # Minimax reads every leaf: its counts are perft's; the budget of 2,000 leaves stops at
    # depth 5 (7,361 leaves).
    rows = section["branching"]
    assert [row["minimax"]["leaves"] for row in rows] == [7, 49, 302, 1469, 7361]
    for row in rows:
        assert row["alphabeta"]["leaves"] <= row["minimax"]["leaves"]
        # The engine's quiescence and pruning change depth-limited values by design.
        assert row["minimax"]["value"] == row["alphabeta"]["value"]
        assert row["minimax"]["ebf"] ** row["depth"] == pytest.approx(row["minimax"]["leaves"])
    assert all(row["rate"] > 0 and row["nodes"] > 0 for row in section["search"])
    assert "Checkers perft from the start position" in printed and "pydraughts" in printed
    markdown = (out / "report.md").read_text(encoding="utf-8")
    assert "## Checkers" in markdown and "effective branching factor" in markdown


def test_no_checkers_section_without_the_game(tmp_path, capsys):
    out = tmp_path / "report"
    assert main(["bench", "--quick", "--out", str(out), "--no-plots", "--grid", "2:2", "--max-leaves", "100",
                 "--repeat", "1", "--no-progress", "--games", "tictactoe"]) == 0
    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert report["checkers"] == {"requested": False, "problems": [], "notes": []}
    assert "## Checkers" not in (out / "report.md").read_text(encoding="utf-8")


def test_negamax_perft_is_checked_without_pydraughts(monkeypatch):
    # A wrong count must be a problem whether or not pydraughts is there to time beside it:
    # the published counts are the check. (A published count made wrong stands in for a
    # wrong perft.)
    import sys

    import negamax as nm
    from negamax.bench import checkers
    from negamax.bench.settings import make_settings

    settings = make_settings(full=False, grid=None, max_leaves=None, game_depth=None, games="checkers",
                             repeat=1, seed=0, peers=False, known_games=tuple(nm.games.NATIVE_GAMES))
    depth = checkers.perft_depths(settings)["negamax"]
    wrong = list(checkers.START_PERFT)
    wrong[depth - 1] += 1
    monkeypatch.setattr(checkers, "START_PERFT", tuple(wrong))
    monkeypatch.setitem(sys.modules, "draughts", None)       # as if not installed
    problems: list = []
    notes: list = []
    rows = checkers._measure_perft(settings, problems, notes)
    assert [row["name"] for row in rows] == ["negamax"]
    assert problems == [f"checkers perft({depth}) by negamax: {wrong[depth - 1] - 1}, "
                        f"published {wrong[depth - 1]}"]
    assert any("pydraughts not installed" in note for note in notes)
