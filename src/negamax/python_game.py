"""negamax.Game: the base class for games written in Python."""

from __future__ import annotations

import abc
import copy as _copy
import numbers
from typing import Any, Hashable, Sequence, Tuple

__all__ = ["Game", "LIMIT_CEILING", "check_limits"]

#: The largest max_moves and max_ply the search takes (they are C ints in the core).
LIMIT_CEILING = 2 ** 31 - 1


def _check_limit(owner: str, name: str, value: Any) -> int:
    """`value` as the int limit `owner.name`, or a TypeError/ValueError naming it."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{owner}.{name} must be an int, not {type(value).__name__}")
    limit = int(value)      # exact for any Integral; an int compares with ints
    if not 1 <= limit <= LIMIT_CEILING:
        shown = f"{limit:,}" if abs(limit) < 10 ** 30 else f"an int of {len(str(limit))} digits"
        raise ValueError(f"{owner}.{name} must be between 1 and 2**31 - 1, got {shown}")
    return limit


def check_limits(game: Any) -> Tuple[int, int]:
    """The game's (max_moves, max_ply), checked: a TypeError or ValueError names the
    attribute and the class when one is not an int from 1 to 2**31 - 1."""
    owner = type(game).__name__
    return (_check_limit(owner, "max_moves", getattr(game, "max_moves")),
            _check_limit(owner, "max_ply", getattr(game, "max_ply")))


class Game(abc.ABC):
    """A two-player, zero-sum, perfect-information game written in Python.

    Subclass it and define the five abstract methods; every algorithm and counter of
    negamax.search then works on it (each call crosses into Python, so it is slower than a
    native game). Moves can be any Python objects.

    Scores are always from the point of view of the side to move. At a terminal position,
    ``evaluate()`` gives the exact value: ``-negamax.WIN`` when the side to move has lost,
    ``negamax.WIN`` when it has won, 0 for a draw (or any other game result in
    ``[-negamax.EVAL_LIMIT, negamax.EVAL_LIMIT]``). The search scores a win found ``p`` plies
    ahead as ``WIN - p``, so faster wins are preferred.
    """

    #: Upper bound on len(legal_moves()) in any position.
    max_moves: int = 256
    #: Upper bound on the number of plies from any position to the end of the game;
    #: the search refuses to go deeper than this.
    max_ply: int = 1024
    #: Whether a search to a fixed depth with a transposition table (key() defined) deepens
    #: iteratively when the caller leaves `iterative` unset: set it True where the best moves
    #: of shallower iterations order the moves better than order_hint does.
    iterative_deepening: bool = False

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """Check max_moves and max_ply where a subclass sets them as plain class attributes,
        so a bad value is named when the class is defined rather than deep in a search."""
        super().__init_subclass__(**kwargs)
        for name in ("max_moves", "max_ply"):
            value = cls.__dict__.get(name)
            if value is not None and not hasattr(value, "__get__"):
                _check_limit(cls.__name__, name, value)

    @abc.abstractmethod
    def legal_moves(self) -> Sequence[Any]:
        """The legal moves of the side to move, in a deterministic order."""

    @abc.abstractmethod
    def play(self, move: Any) -> None:
        """Play `move` (one of legal_moves()) for the side to move."""

    @abc.abstractmethod
    def undo(self) -> None:
        """Take back the last move played."""

    @abc.abstractmethod
    def is_terminal(self) -> bool:
        """True when the game is over."""

    @abc.abstractmethod
    def evaluate(self) -> int:
        """Static value (an int) from the side to move; exact at a terminal position."""

    def key(self) -> int:
        """Optional: a 64-bit integer identifying the position (for transposition tables)."""
        raise NotImplementedError

    def order_hint(self, move: Any) -> int:
        """Optional: how promising `move` looks; higher is searched first."""
        raise NotImplementedError

    # Optional capabilities for games whose evaluation is only trusted at quiet positions
    # (used by the "pvs"/"mtdf" engine, or when switched on; see negamax.ENHANCEMENTS).

    def noisy_moves(self) -> Sequence[Any]:
        """Optional: the legal moves quiescence search follows past the depth limit (captures,
        promotions: moves that change the evaluation a lot). Each must be in legal_moves()."""
        raise NotImplementedError

    def in_check(self) -> bool:
        """Optional: the side to move is in check (extended by a ply; no null move there)."""
        raise NotImplementedError

    def play_null(self) -> None:
        """Optional, with undo_null: pass the turn (for null-move pruning)."""
        raise NotImplementedError

    def undo_null(self) -> None:
        """Optional, with play_null: take back the pass."""
        raise NotImplementedError

    def null_move_allowed(self) -> bool:
        """Where passing is a sound test (not in zugzwang-prone positions); default True."""
        return True

    def copy(self) -> "Game":
        """An independent copy; by default copy.deepcopy(self)."""
        return _copy.deepcopy(self)


def overrides(game: Game, name: str) -> bool:
    """True if the game has `name` of its own rather than Game's default, as Python looks it
    up (the instance, then its class): the method the search then calls. Set to None, on the
    class or on the instance (``key = None``), it says the game has none: the default holds.
    Anything else there must be callable (TypeError)."""
    found = optional_method(game, name)
    return found is not None and getattr(found, "__func__", None) is not getattr(Game, name)


def check_required_methods(game: Game) -> None:
    """TypeError naming the first of Game's abstract methods (by name) that the game has as
    something that cannot be called (``undo = None`` passes Python's abstract-class check,
    and the search's call would fail with "'NoneType' object is not callable", naming
    nothing)."""
    for name in sorted(Game.__abstractmethods__):
        found = getattr(game, name, None)
        if not callable(found):
            raise TypeError(f"{type(game).__name__}.{name} must be a method, not "
                            f"{type(found).__name__}")


def optional_method(game: Game, name: str) -> Any:
    """The game's `name` as Python looks it up, or None where it has none or it is set to
    None; TypeError naming it when it is anything else that cannot be called."""
    found = getattr(game, name, None)
    if found is not None and not callable(found):
        raise TypeError(f"{type(game).__name__}.{name} must be a method or None, not "
                        f"{type(found).__name__}")
    return found
