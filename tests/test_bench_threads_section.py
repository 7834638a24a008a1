"""The threads section of `negamax bench`: one and two threads on the same searches, the wall
speed-up, the node proxy (main-thread nodes) and the number of cores."""

from __future__ import annotations

import io

import negamax as nm
from negamax.bench import threads
from negamax.bench.progress import Progress
from negamax.bench.settings import ReportSettings
from negamax.games import ConnectFour

# Positions of 24 stones and more: plain full-depth alpha-beta (no table, one thread) gives
# the exact value independently of the solver.
LATE_POSITIONS = ("346556236276372313531575", "127146617423223726664261")


def test_timed_run_counts_the_nodes_of_each_thread():
    for moves in LATE_POSITIONS:
        game = ConnectFour(moves)
        reference = nm.search(game, algorithm="alphabeta").value
        seconds, result, nodes = threads.timed_run(game, 2, None)
        assert seconds > 0 and len(nodes) == 2 and min(nodes) >= 0
        assert sum(nodes) == result.stats.nodes
        assert result.value == reference
        seconds, result, nodes = threads.timed_run(game, 1, None)
        assert len(nodes) == 1 and nodes[0] == result.stats.nodes and result.value == reference


def test_timed_run_searches_to_the_depth_with_a_legal_move():
    game = nm.games.Chess(threads.CHESS_MIDDLEGAMES[0])
    _, result, nodes = threads.timed_run(game, 2, 3)
    assert result.depth == 3 and result.best_move in game.legal_moves()
    assert sum(nodes) == result.stats.nodes


def test_measure_reports_both_speed_ups_and_the_cores(monkeypatch):
    workloads = [{"name": "late Connect Four", "solve": True, "depth": None,
                  "games": [ConnectFour(moves) for moves in LATE_POSITIONS]}]
    monkeypatch.setattr(threads, "_workloads", lambda settings: workloads)
    settings = ReportSettings(mode="quick", tree_grid=((2, 2),), max_leaves=10, repeat=2)
    section = threads.measure(settings, Progress(1, enabled=False, stream=io.StringIO()))
    assert section["problems"] == [] and section["cores"] >= 1
    row, = section["rows"]
    assert row["speedup"] == row["one_thread"] / row["two_threads"]
    assert row["proxy"] > 0 and 0 < row["concurrency"] <= section["cores"] + 0.5
    # Every repeat counts: two repeats of a deterministic one-thread solve, twice its nodes.
    single = sum(nm.solve(game).stats.nodes for game in workloads[0]["games"])
    assert row["nodes_one"] == 2 * single
    table, = threads.tables(section)
    assert f"({section['cores']} cores here)" in table.title
    assert {"wall speed-up", "node proxy", "CPU/wall 2 threads"} <= set(table.header)
    assert table.rows[0][3] == f"{row['speedup']:.2f}x" and table.rows[0][4] == f"{row['proxy']:.2f}x"


def test_a_workload_may_set_its_own_repeats(monkeypatch):
    workloads = [{"name": "late Connect Four", "solve": True, "depth": None, "repeat": 1,
                  "games": [ConnectFour(moves) for moves in LATE_POSITIONS]}]
    monkeypatch.setattr(threads, "_workloads", lambda settings: workloads)
    settings = ReportSettings(mode="quick", tree_grid=((2, 2),), max_leaves=10, repeat=3)
    section = threads.measure(settings, Progress(1, enabled=False, stream=io.StringIO()))
    row, = section["rows"]
    # One repeat, not the settings' three: the one-thread nodes are counted once.
    assert row["nodes_one"] == sum(nm.solve(game).stats.nodes for game in workloads[0]["games"])


def test_the_full_report_times_fifteen_middlegames_best_of_three():
    full = ReportSettings(mode="full", tree_grid=((2, 2),), max_leaves=10, repeat=9)
    quick = ReportSettings(mode="quick", tree_grid=((2, 2),), max_leaves=10, repeat=3)
    chess_full = [w for w in threads._workloads(full) if not w["solve"]][0]
    chess_quick = [w for w in threads._workloads(quick) if not w["solve"]][0]
    assert len(chess_full["games"]) == 15 and chess_full["repeat"] == 3
    assert len(chess_quick["games"]) == 3 and chess_quick["repeat"] == 3
    fens = [game.fen() for game in chess_full["games"]]
    assert len(set(fens)) == 15
    for game in chess_full["games"]:
        assert not game.is_terminal() and len(game.legal_moves()) > 10    # a middlegame


def test_the_section_runs_only_the_games_of_games():
    def settings(games):
        return ReportSettings(mode="quick", tree_grid=((2, 2),), max_leaves=10, games=games)
    assert threads.steps(settings(None)) == 2
    assert [w["games"][0].__class__.__name__ for w in threads._workloads(settings(("chess",)))] == ["Chess"]
    assert threads.steps(settings(("tictactoe", "checkers"))) == 0
    section = threads.measure(settings(("tictactoe",)), Progress(0, enabled=False, stream=io.StringIO()))
    assert section["rows"] == [] and threads.tables(section) == []
