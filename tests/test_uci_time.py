"""Time management of the UCI engine (negamax.uci_time): budgets from the clock."""

from __future__ import annotations

import itertools

import pytest

from negamax.uci_time import (
    DEFAULT_OVERHEAD, SUDDEN_DEATH_MOVES, TimeBudget, clock_budget, movetime_budget,
)

CLOCKS = [-0.5, 0.0, 0.01, 0.05, 0.2, 1.0, 5.0, 60.0, 600.0, 7200.0]
INCREMENTS = [0.0, 0.1, 2.0, 30.0]
MOVES_TO_GO = [None, 1, 2, 5, 40, 200]


@pytest.mark.parametrize("time_left,increment,moves_to_go",
                         list(itertools.product(CLOCKS, INCREMENTS, MOVES_TO_GO)))
def test_a_move_never_spends_the_clock(time_left, increment, moves_to_go):
    budget = clock_budget(time_left, increment, moves_to_go)
    assert 0 < budget.soft <= budget.hard
    usable = time_left - DEFAULT_OVERHEAD
    if usable > 0.02:
        # Whatever the increment, a move keeps most of the usable time (all but the last move
        # before a time control keep at least 60% of it).
        fraction = 0.8 if moves_to_go == 1 else 0.4
        assert budget.hard <= fraction * usable + 1e-12
    else:
        # Nearly flagged: a sliver to find a legal move, well under what is left.
        assert budget.hard <= max(0.25 * max(time_left, 0.0), 0.001) + 1e-12


def test_sudden_death_shares_the_time_over_the_assumed_horizon():
    budget = clock_budget(60.0, 0.0, None, overhead=0.0)
    target = 60.0 / SUDDEN_DEATH_MOVES
    assert budget.hard == pytest.approx(3 * target)
    assert budget.soft == pytest.approx(0.6 * target)


def test_movestogo_spends_more_when_fewer_moves_remain():
    hards = [clock_budget(60.0, 0.0, moves).hard for moves in (40, 20, 10, 5, 2, 1)]
    assert hards == sorted(hards)
    assert hards[-1] > hards[0] * 5
    # The last move before the control may use most of the clock, never all of it.
    assert 0.5 * 60 < hards[-1] < 60


def test_an_increment_buys_think_time():
    assert clock_budget(10.0, 1.0).hard > clock_budget(10.0, 0.0).hard
    # With a big increment and a small clock, the clock caps the move.
    assert clock_budget(1.0, 30.0).hard <= 0.4 * (1.0 - DEFAULT_OVERHEAD) + 1e-12


def test_more_time_never_means_less_thinking():
    for moves_to_go in MOVES_TO_GO:
        hards = [clock_budget(t, 0.5, moves_to_go).hard for t in CLOCKS]
        assert hards == sorted(hards)


def test_movetime_keeps_the_overhead_back():
    assert movetime_budget(1.0, overhead=0.05) == TimeBudget(soft=0.95, hard=0.95)
    tiny = movetime_budget(0.01, overhead=0.05)
    assert 0 < tiny.hard <= 0.01


def test_a_budget_refuses_inconsistent_limits():
    with pytest.raises(ValueError, match="soft"):
        TimeBudget(soft=2.0, hard=1.0)
    with pytest.raises(ValueError, match="soft"):
        TimeBudget(soft=0.0, hard=1.0)


@pytest.mark.parametrize("base,moves", [(1.0, 100), (2.0, 100), (60.0, 150)])
def test_a_sudden_death_game_outlasts_the_lag_of_every_move(base, moves):
    """Without an increment each move also loses time outside the search (the pipe, the GUI:
    2 ms here, under the default overhead), charged to the same clock. Even when every search
    runs to its hard limit, the clock must last a long game (the flag fell near move 40 of a
    1+0 game when the budget left the lag of the moves to come out)."""
    lag = 0.002
    clock = base
    for _ in range(moves):
        clock -= clock_budget(clock, 0.0, None).hard + lag
        assert clock > 0
