"""The plain C section of `negamax bench` (issue 9's workloads beside plain C) and its timing
helper: the rows it makes, the checks that turn a disagreement into a problem, and the bounds
shown beside the ratios.

Node counts are checked against a plain recursive max/min alpha-beta written here; Connect
Four scores against the hand-written C solver (ext/baseline/connect4_solver.c), which shares
no code with negamax."""

from __future__ import annotations

import io
import itertools
import math
from typing import List, Tuple

import pytest

import negamax as nm
from negamax.bench import connect4_positions, plain_c, plain_c_cases
from negamax.bench.progress import Progress
from negamax.bench.settings import ReportSettings
from negamax.bench.tables import ratio
from negamax.bench.timing import best_time_for, best_times_taking_turns
from negamax.games import ConnectFour

# Issue 9's bounds on negamax's time over plain C's.
ISSUE_BOUNDS = {"tree": 2.0, "end": 2.0, "middle": 1.5, "early": 1.5}


def alphabeta_counts(leaves: List[int], branching: int, depth: int) -> Tuple[int, int, int]:
    """(value, nodes, leaves) of fail-soft max/min alpha-beta in natural child order, MAX at
    the root, over a complete tree's leaf list: the seeds' recursion, counting as it goes."""
    counts = [0, 0]

    def value(first: int, plies: int, alpha: float, beta: float, maximizing: bool) -> float:
        counts[0] += 1
        if plies == 0:
            counts[1] += 1
            return leaves[first]
        step = branching ** (plies - 1)
        best = -math.inf if maximizing else math.inf
        for child in range(branching):
            found = value(first + child * step, plies - 1, alpha, beta, not maximizing)
            if maximizing and found > best:
                best = found
                if best >= beta:
                    break
                alpha = max(alpha, best)
            elif not maximizing and found < best:
                best = found
                if best <= alpha:
                    break
                beta = min(beta, best)
        return best

    result = value(0, depth, -math.inf, math.inf, True)
    return int(result), counts[0], counts[1]


@pytest.fixture
def small_workloads(monkeypatch):
    """The section's workloads cut to seconds: two small trees, a few positions per stage."""
    monkeypatch.setattr(plain_c_cases, "TREE_SHAPES", [(3, 5), (2, 7)])
    monkeypatch.setattr(plain_c_cases, "TREE_ONCE", (3, 4, 3))
    monkeypatch.setattr(plain_c_cases, "CONNECT4_COUNTS", {"end": 6, "middle": 2, "early": 1})
    monkeypatch.setattr(plain_c_cases, "CONNECT4_ONCE", (2, 4))
    monkeypatch.setattr(plain_c, "MIN_SECONDS", 0.001)


def settings(games=None, repeat=2) -> ReportSettings:
    return ReportSettings(mode="quick", tree_grid=((2, 2),), max_leaves=10, games=games, repeat=repeat)


def measure(games=None):
    chosen = settings(games)
    return plain_c.measure(chosen, Progress(plain_c.steps(chosen), enabled=False, stream=io.StringIO()))


def test_best_time_for_runs_at_least_repeat_and_at_most_max_calls():
    calls = itertools.count()
    timing = best_time_for(lambda: next(calls), repeat=3, min_seconds=0.0, max_calls=100)
    assert (timing.calls, timing.result) == (3, 2) and math.isnan(timing.inner_seconds)
    calls = itertools.count()
    timing = best_time_for(lambda: next(calls), repeat=3, min_seconds=60.0, max_calls=40)
    assert (timing.calls, timing.result) == (40, 39)
    # More repeats than max_calls: the repeats win. The least inner time is kept.
    inner = iter([5.0, 2.0, 7.0, 3.0, 9.0])
    timing = best_time_for(lambda: next(inner), repeat=5, min_seconds=0.0, max_calls=2,
                           inner_seconds=lambda result: result)
    assert timing.calls == 5 and timing.inner_seconds == 2.0 and timing.seconds > 0


def test_the_sides_take_turns():
    # Four turns of each side, one after the other; each keeps its own best and results.
    order = []
    inner = iter([4.0, 3.0, 5.0, 1.0, 2.0, 6.0, 7.0, 8.0])
    sides = [(lambda: order.append("a") or "first", None),
             (lambda: order.append("b") or "second", lambda result: next(inner))]
    timings = best_times_taking_turns(sides, repeat=8, min_seconds=0.0, max_calls=100, turns=4)
    assert order == ["a", "a", "b", "b"] * 4
    assert [timing.calls for timing in timings] == [8, 8]
    assert [timing.result for timing in timings] == ["first", "second"]
    assert math.isnan(timings[0].inner_seconds) and timings[1].inner_seconds == 1.0
    assert all(0 < timing.seconds < 1 for timing in timings)


def test_the_section_times_every_workload_and_checks_counts(small_workloads):
    section = measure()
    assert section["measured"] and section["problems"] == []
    kinds = [row["kind"] for row in section["rows"]]
    assert kinds == ["tree", "tree", "tree_once", "connect4", "connect4", "connect4", "connect4_once"]
    for row in section["rows"]:
        assert row["negamax_seconds"] > 0 and row["c_seconds"] > 0
        assert row["ratio"] == row["negamax_seconds"] / row["c_seconds"]
        assert 0 < row["engine_seconds"] <= row["negamax_seconds"]
    trees = [row for row in section["rows"] if row["kind"] == "tree"]
    for row, (branching, depth) in zip(trees, [(3, 5), (2, 7)]):
        tree = nm.trees.uniform(branching, depth, ordering="random", seed=0, maximizing=True)
        value, nodes, leaves = alphabeta_counts([int(v) for v in tree.leaf_values], branching, depth)
        assert (row["branching"], row["depth"], row["nodes"], row["leaves"]) == (branching, depth, nodes, leaves)
        assert row["c_nodes"] == nodes and row["node_ratio"] == 1.0
        assert row["negamax_calls"] >= 2 and row["c_calls"] >= 2
        assert row["target"] == ISSUE_BOUNDS["tree"]
        assert row["within_target"] == (row["ratio"] <= ISSUE_BOUNDS["tree"])
    once = section["rows"][2]
    expected_nodes = expected_leaves = 0
    for seed in range(plain_c_cases.TREE_ONCE_SEED, plain_c_cases.TREE_ONCE_SEED + 3):
        tree = nm.trees.uniform(3, 4, ordering="random", seed=seed, maximizing=True)
        _, nodes, leaves = alphabeta_counts([int(v) for v in tree.leaf_values], 3, 4)
        expected_nodes += nodes
        expected_leaves += leaves
    assert (once["nodes"], once["leaves"], once["target"]) == (expected_nodes, expected_leaves, None)
    assert once["c_nodes"] == expected_nodes and once["node_ratio"] == 1.0
    stages = {row["stage"]: row for row in section["rows"] if row["kind"] == "connect4"}
    assert {stage: row["target"] for stage, row in stages.items()} == {
        stage: ISSUE_BOUNDS[stage] for stage in ("end", "middle", "early")}
    assert {stage: row["positions"] for stage, row in stages.items()} == {"end": 6, "middle": 2, "early": 1}
    assert section["rows"][-1]["positions"] == 8


def test_the_connect4_sets_are_scored_as_the_c_solver_scores_them():
    # The sets the section solves: positions of the stage's size, none over, none won at once,
    # and negamax's scores those of the C solver.
    from negamax import _c_baseline

    for stage, (low, high) in connect4_positions.STAGES.items():
        moves = connect4_positions.positions(stage, 3)
        assert moves == connect4_positions.positions(stage, 3)          # the same every time
        games = [ConnectFour(one) for one in moves]
        assert all(low <= len(one) <= high and not game.is_terminal() and not game.can_win_now()
                   for one, game in zip(moves, games))
        if stage == "early":
            continue          # seconds a position in the C solver too; the section checks them
        scores = [score for score, _ in _c_baseline.connect4_solve_many(moves)]
        assert [result.score for result in nm.solve_many(games)] == scores
    with pytest.raises(ValueError, match="no Connect Four stage 'late'"):
        connect4_positions.positions("late", 1)


def test_a_disagreement_is_a_problem(small_workloads, monkeypatch):
    # negamax's tree search with ordering on walks other nodes than the C loop: reported.
    monkeypatch.setattr(plain_c_cases.TreeCase, "negamax",
                        lambda case: nm.search(case.tree, algorithm="alphabeta", ordering=True,
                                               depth=case.depth - 1))
    real_plain_c = plain_c_cases.Connect4Case.plain_c
    monkeypatch.setattr(plain_c_cases.Connect4Case, "plain_c",
                        lambda case: [(score + 1, nodes) for score, nodes in real_plain_c(case)])
    section = measure()
    assert any("b=3 d=5" in problem and "nodes" in problem for problem in section["problems"])
    first_tree = section["rows"][0]
    assert first_tree["node_ratio"] == first_tree["nodes"] / first_tree["c_nodes"] != 1.0
    assert any(problem.startswith("plain C, Connect Four end ") and "C score" in problem
               for problem in section["problems"])


def test_connect4_is_left_out_with_the_game(small_workloads):
    section = measure(games=("tictactoe",))
    assert [row["kind"] for row in section["rows"]] == ["tree", "tree", "tree_once"]
    assert any("--games leaves it out" in note for note in section["notes"])
    assert plain_c.steps(settings(("tictactoe",))) == 3


def test_without_the_c_baseline_the_section_says_so(monkeypatch):
    def missing():
        raise ImportError("no module named negamax._c_baseline")

    monkeypatch.setattr(plain_c_cases, "c_baseline", missing)
    section = measure()
    assert not section["measured"] and section["rows"] == [] and section["problems"] == []
    table, = plain_c.tables(section)
    assert table.rows == [] and "C baseline module is missing" in table.notes[-1]


def test_the_table_shows_each_ratio_and_its_bound(small_workloads):
    section = measure()
    table, = plain_c.tables(section)
    assert table.title.startswith("Plain C")
    assert len(table.rows) == len(section["rows"])
    for cells, row in zip(table.rows, section["rows"]):
        assert cells[3] == ratio(row["ratio"])
        if row["target"] is None:
            assert cells[5] == "-"
        else:
            assert cells[5] == ("\u2713 " if row["within_target"] else "\u2717 ") + f"{row['target']:g}x"
