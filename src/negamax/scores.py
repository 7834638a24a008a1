"""The scoring convention shared by every game: scores are from the side to move, a won
terminal position is worth WIN, and a win found p plies from the root scores WIN - p."""

import numbers

from negamax.game import EVAL_LIMIT_SCORE as EVAL_LIMIT
from negamax.game import MAX_PLY
from negamax.game import WIN_SCORE as WIN

__all__ = ["WIN", "EVAL_LIMIT", "MAX_PLY", "is_win", "is_loss", "plies_to_end"]


def is_win(score: float) -> bool:
    """True if `score` is a forced win (a win at some distance)."""
    return score > EVAL_LIMIT


def is_loss(score: float) -> bool:
    """True if `score` is a forced loss."""
    return score < -EVAL_LIMIT


def plies_to_end(score: float) -> "int | None":
    """Plies until the game ends under best play for a win or loss score, else None.
    ValueError for a number beyond every score (past WIN or -WIN, or a win or loss that is
    not a whole number of plies away: a tree's own values are no scores, nor is NaN)."""
    if isinstance(score, bool) or not isinstance(score, numbers.Real):
        raise TypeError(f"plies_to_end takes a score (a number), not {type(score).__name__} "
                        f"{score!r:.60}")
    if score != score:        # NaN: neither a win, a loss nor a heuristic value
        raise ValueError(f"{score!r} is no score: NaN compares false to every value")
    if is_win(score) or is_loss(score):
        plies = WIN - abs(score)
        if not plies >= 0 or plies != int(plies):
            raise ValueError(f"{score!r} is no win or loss score: those are WIN - p and "
                             f"-(WIN - p) for a whole number of plies p >= 0 (WIN = {WIN})")
        return int(plies)
    return None
