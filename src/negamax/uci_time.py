"""Time management for the UCI engine: how long to think on a move given the clock.

Every quantity here is in seconds (the UCI fields are milliseconds; the parser divides).

A search gets two limits:

- ``soft``: once an iteration of iterative deepening completes past this time, do not start
  another one (the next iteration typically costs several times the last one, so starting
  it late would overrun the target);
- ``hard``: the search's time limit; the search stops inside an iteration and returns the
  deepest completed one.

For a clock game the target is the usable time shared over the moves still to play
(``movestogo``, or an assumed horizon in sudden death), plus most of the increment. The usable
time is the clock less the move overhead (a safety margin for what the engine cannot see:
process turnaround, the pipe, a GUI's lag), and less a lag allowance for each of those moves
to come: every move loses a few milliseconds outside the search, charged to the same clock,
and without an increment a budget that ignored them ran the clock out in long games (1+0 games
lost on time near move 75). The hard limit may stretch to a few targets but never past a fixed
fraction of the usable time, so the engine always keeps time for the moves that follow.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

__all__ = ["TimeBudget", "clock_budget", "movetime_budget", "DEFAULT_OVERHEAD",
           "SUDDEN_DEATH_MOVES", "MINIMUM_THINK", "LAG_PER_MOVE"]

#: Seconds kept back on every move for the time the engine cannot see (output, the GUI).
DEFAULT_OVERHEAD = 0.05
#: Moves the remaining time is shared over when the GUI gives no movestogo.
SUDDEN_DEATH_MOVES = 40
#: Seconds kept back for each move to come (up to the horizon) for the lag outside the
#: search (writing the move, the pipe, the GUI), at most the overhead: 1-3 ms a move measured
#: through python-chess on a loaded 2-core machine.
LAG_PER_MOVE = 0.004
#: The shortest think time handed to a search (it always needs a moment for depth 1), when
#: the clock holds more than enough for it over the horizon.
MINIMUM_THINK = 0.005
#: The hard limit stretches to this many targets when an iteration runs long.
HARD_TARGETS = 3.0
#: No single move may use more than this fraction of the usable time (the last move before
#: a time control, movestogo 1, may use LAST_MOVE_FRACTION).
MAX_FRACTION = 0.4
LAST_MOVE_FRACTION = 0.8
#: A new iteration starts only before this fraction of the target has been spent.
SOFT_FRACTION = 0.6
#: Share of the increment added to the target (the rest builds a reserve).
INCREMENT_SHARE = 0.8


@dataclass(frozen=True)
class TimeBudget:
    """How long one search may think, in seconds."""

    soft: float   #: do not start a new iteration after this
    hard: float   #: the search's time limit

    def __post_init__(self) -> None:
        if not 0 < self.soft <= self.hard:
            raise ValueError(f"a time budget needs 0 < soft <= hard, not soft={self.soft}, "
                             f"hard={self.hard}")


def clock_budget(time_left: float, increment: float = 0.0, moves_to_go: Optional[int] = None,
                 overhead: float = DEFAULT_OVERHEAD) -> TimeBudget:
    """The budget of one move for the side to move's clock.

    time_left:   seconds on the clock (may be zero or negative when the GUI is late).
    increment:   seconds added after each move.
    moves_to_go: moves until the next time control, None for sudden death.
    overhead:    seconds kept back for what happens outside the search."""
    if moves_to_go is not None and moves_to_go < 1:
        moves_to_go = 1
    increment = max(0.0, increment)
    horizon = min(moves_to_go, 50) if moves_to_go is not None else SUDDEN_DEATH_MOVES
    usable = max(0.0, time_left - overhead - min(LAG_PER_MOVE, max(overhead, 0.0)) * horizon)
    target = usable / horizon + (INCREMENT_SHARE * increment if horizon > 1 else 0.0)
    cap = usable * (LAST_MOVE_FRACTION if horizon == 1 else MAX_FRACTION)
    hard = min(target * HARD_TARGETS, cap)
    soft = min(target * SOFT_FRACTION, hard)
    # A nearly empty clock still needs a move: think for a sliver of what is there, shared
    # over the horizon, so that the moves after it find some too.
    floor = max(min(MINIMUM_THINK, max(time_left, 0.0) / (4 * horizon)), 0.001)
    hard = max(hard, floor)
    soft = min(max(soft, floor), hard)
    return TimeBudget(soft=soft, hard=hard)


def movetime_budget(movetime: float, overhead: float = DEFAULT_OVERHEAD) -> TimeBudget:
    """The budget for ``go movetime``: all of it, less the overhead (iterations run to the end)."""
    limit = max(movetime - overhead, min(MINIMUM_THINK, max(movetime, 0.001)), 0.001)
    return TimeBudget(soft=limit, hard=limit)
