"""Time management for the UCI engine: how long to think on a move given the clock.

Every quantity here is in seconds (the UCI fields are milliseconds; the parser divides).

A search gets two limits:

- ``soft``: once an iteration of iterative deepening completes past this time, do not start
  another one (the next iteration typically costs several times the last one, so starting
  it late would overrun the target);
- ``hard``: the search's time limit; the search stops inside an iteration and returns the
  deepest completed one.

For a clock game the target is the usable time (the clock less a safety margin for the
move overhead: process turnaround, a GUI's lag) shared over the moves still to play
(``movestogo``, or an assumed horizon in sudden death), plus most of the increment. The hard
limit may stretch to a few targets but never past a fixed fraction of the usable time, so
the engine always keeps time for the moves that follow and never loses on time.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

__all__ = ["TimeBudget", "clock_budget", "movetime_budget", "DEFAULT_OVERHEAD",
           "SUDDEN_DEATH_MOVES", "MINIMUM_THINK"]

#: Seconds kept back on every move for the time the engine cannot see (output, the GUI).
DEFAULT_OVERHEAD = 0.05
#: Moves the remaining time is shared over when the GUI gives no movestogo.
SUDDEN_DEATH_MOVES = 30
#: The shortest think time handed to a search (it always needs a moment for depth 1).
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
    usable = max(0.0, time_left - overhead)
    horizon = min(moves_to_go, 50) if moves_to_go is not None else SUDDEN_DEATH_MOVES
    target = usable / horizon + (INCREMENT_SHARE * increment if horizon > 1 else 0.0)
    cap = usable * (LAST_MOVE_FRACTION if horizon == 1 else MAX_FRACTION)
    hard = min(target * HARD_TARGETS, cap)
    soft = min(target * SOFT_FRACTION, hard)
    # A nearly empty clock still needs a move: think for a sliver of what is there.
    floor = max(min(MINIMUM_THINK, 0.25 * max(time_left, 0.0)), 0.001)
    hard = max(hard, floor)
    soft = min(max(soft, floor), hard)
    return TimeBudget(soft=soft, hard=hard)


def movetime_budget(movetime: float, overhead: float = DEFAULT_OVERHEAD) -> TimeBudget:
    """The budget for ``go movetime``: all of it, less the overhead (iterations run to the end)."""
    limit = max(movetime - overhead, min(MINIMUM_THINK, max(movetime, 0.001)), 0.001)
    return TimeBudget(soft=limit, hard=limit)
