"""How a chess game ended: the result type of ``negamax.games.Chess.outcome()``."""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Optional


class Termination(enum.Enum):
    """Why a chess game is over."""

    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    INSUFFICIENT_MATERIAL = "insufficient material"
    FIFTY_MOVES = "fifty-move rule"
    THREEFOLD_REPETITION = "threefold repetition"


@dataclass(frozen=True)
class Outcome:
    """The end of a game: why, and who won (1 White, -1 Black, None for a draw)."""

    termination: Termination
    winner: Optional[int]

    def result(self) -> str:
        """'1-0', '0-1' or '1/2-1/2'."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner == 1 else "0-1"
