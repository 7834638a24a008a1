"""Connect Four solving at three stages of the game (see benchmarks/connect4_sets.py).

Each benchmark solves a fixed set of random positions (seeded); late positions are checked
against a plain full-depth alpha-beta. Quick mode uses fewer and later positions."""

from __future__ import annotations

import pytest

from benchmarks import connect4_sets

import negamax as nm
from negamax.games import ConnectFour

GROUP = "connect four solve"


@pytest.mark.parametrize("stage", ["end", "middle"])
def test_solve_stage(benchmark, quick, stage):
    count = 5 if quick else 20
    moves_list = connect4_sets.positions(stage, count)
    benchmark.group = GROUP
    summary = benchmark.pedantic(connect4_sets.solve_set, args=(moves_list, False), rounds=1 if quick else 3)
    benchmark.extra_info.update(summary)
    assert summary["positions"] == count


def test_solve_agrees_with_plain_alphabeta_on_end_positions():
    """The end set's values agree with a plain alpha-beta to the end of the game."""
    for moves in connect4_sets.positions("end", 10):
        game = ConnectFour(moves)
        assert nm.solve(game).value == nm.search(game, algorithm="alphabeta").value, moves


@pytest.mark.parametrize("node", ["solver", "engine"])
def test_solve_middle_set_by_node(benchmark, quick, node):
    """The middle set through Connect Four's own solver node and through the engine's lean
    node (`_connect4._allow_solver_node`): what the game's node buys, in one run."""
    from negamax.games import _connect4

    games = [ConnectFour(moves) for moves in connect4_sets.positions("middle", 5 if quick else 20)]
    benchmark.group = "connect four solve: solver node against the engine's node"
    _connect4._allow_solver_node(node == "solver")
    try:
        results = benchmark.pedantic(nm.solve_many, args=(games,), rounds=1 if quick else 3)
    finally:
        _connect4._allow_solver_node(True)
    assert all(r.kernel == ("ConnectFour:solver" if node == "solver" else "ConnectFour:lean")
               for r in results)
