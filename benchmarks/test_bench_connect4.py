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
