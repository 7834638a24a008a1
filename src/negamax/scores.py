"""The scoring convention shared by every game: scores are from the side to move, a won
terminal position is worth WIN, and a win found p plies from the root scores WIN - p."""

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
    """Plies until the game ends under best play for a win or loss score, else None."""
    if is_win(score):
        return int(WIN - score)
    if is_loss(score):
        return int(WIN + score)
    return None
