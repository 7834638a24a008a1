"""Exceptions negamax raises when a search cannot go on. Each is a subclass of the built-in
exception a caller would already catch (ValueError for a game that broke its own contract,
MemoryError for memory)."""

from __future__ import annotations

from typing import Any

from negamax.scores import MAX_PLY

__all__ = ["GameContractError", "SearchMemoryError", "error_for_status", "second_init_error"]


class GameContractError(ValueError):
    """A game broke what it declared: it generated more moves than its max_moves, went on
    past its max_ply, or (a game written in Python) gave no legal moves in a position it
    says is not over. The message names the game and the bound."""


class NegativeMoveError(GameContractError):
    """A native game's generate_moves gave a move below 0 (the engine keeps negative numbers
    for "no move"). Raised by NativeGame.legal_moves; the API lets it through where it checks
    a root's moves and leaves its other failures to the search (not exported: catch
    GameContractError)."""


class SearchMemoryError(MemoryError):
    """The search could not get the memory it needed (its trace, its stacks, its table)."""


def second_init_error(game: Any) -> TypeError:
    """The error for __init__ called again on a built-in game or tree: the new position would
    keep the old one's history, stacks or arrays (undo() would take back moves never made on
    it), so a game is set up once."""
    name = type(game).__name__
    return TypeError(f"{name}.__init__ runs once, when the game is made: make a new {name} "
                     f"(or copy() one) rather than set this one up again")


# A game with path draws (has_path_draws) whose max_ply was reached through a repetition.
_PLAY_ON = ("; with has_path_draws, a search asking how soon a side wins plays on through "
            "repetitions, up to 32 plies past one, so max_ply must leave that room")


def error_for_status(status: str, game: Any, native: Any) -> BaseException:
    """The exception for an engine failure status (see negamax._engine.STATUS_NAMES)."""
    name = type(game).__name__
    if status == "too_many_moves":
        safe = " or generate_safe_moves" if getattr(native, "has_safe_moves", False) else ""
        return GameContractError(f"{name} generated more moves than its max_moves = "
                                 f"{native.max_moves} (or a negative count; generate_moves{safe} "
                                 f"returns the count): raise max_moves, or fix the count")
    if status == "too_many_noisy_moves":
        return GameContractError(f"{name}.generate_noisy_moves gave more moves than its max_moves "
                                 f"= {native.max_moves} (or a negative count; it returns the "
                                 f"count, at most max_moves): fix its count, or raise max_moves")
    python_game = type(native).__name__ == "PythonGameAdapter"
    if status == "too_deep":
        if native.max_ply <= 0 and not python_game:
            return GameContractError(f"{name} declares max_ply = {native.max_ply} but has "
                                     f"moves: set max_ply in __init__ to a bound on the plies "
                                     f"left from the position")
        how = ("its max_ply attribute bounds the plies left in any game from here"
               if python_game else "a native game's copy() keeps it by calling copy_base_into")
        return GameContractError(f"{name} went on past its max_ply = {native.max_ply} plies: "
                                 f"raise max_ply, or search to a depth below it ({how})"
                                 f"{_PLAY_ON if getattr(native, 'has_path_draws', False) else ''}")
    if status == "beyond_reach":
        return ValueError(f"{name} cannot be solved from this position: a line ran past the "
                          f"{min(native.max_ply, MAX_PLY)} plies a search may follow, and its "
                          f"games can last longer; search it to a depth instead"
                          f"{_PLAY_ON if getattr(native, 'has_path_draws', False) else ''}")
    if status == "bad_evaluation":
        return GameContractError(f"{name}.static_evaluation gave a value that is neither -WIN, "
                                 f"WIN nor within -EVAL_LIMIT..EVAL_LIMIT: a position's value (an ended game's "
                                 f"too) lies in -EVAL_LIMIT..EVAL_LIMIT, or is WIN or -WIN for "
                                 f"a side that has won")
    if status == "out_of_memory":
        return SearchMemoryError("not enough memory for the search trace: search without "
                                 "trace=True or with a smaller depth")
    return RuntimeError(f"the search of {name} failed ({status})")
