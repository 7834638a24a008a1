"""What the UCI engine needs from negamax.search, with checks for features that a given
build may not have (per-iteration callbacks, a stop signal, threads, releasing tables).

The engine calls `run_search` with every option it would like; the options this build of
negamax.search does not accept are left out, and `capabilities()` tells the engine which
were honoured so it can fall back (for example, answer `stop` from the last iteration it
saw when the search cannot be stopped).
"""

from __future__ import annotations

import inspect
import threading
from dataclasses import dataclass
from typing import Any, Callable, Dict, Mapping, Optional

import negamax as nm
from negamax.scores import is_loss, is_win, plies_to_end

__all__ = ["Capabilities", "capabilities", "run_search", "new_stop_signal", "release_tables",
           "format_score", "hashfull"]


@dataclass(frozen=True)
class Capabilities:
    """Which optional features negamax.search offers in this build."""

    on_iteration: bool   #: search(..., on_iteration=callback) after each completed depth
    stop: bool           #: search(..., stop=negamax.StopSignal())
    threads: bool        #: search(..., threads=N)
    root_moves: bool = False  #: search(..., root_moves=[...]) (`go searchmoves`)
    selective: bool = False   #: search(..., lmr=False, null_move=False) (`go mate`)


def capabilities(search: Callable[..., Any] = nm.search) -> Capabilities:
    """The optional features `search` accepts (read from its signature)."""
    try:
        parameters: Mapping[str, inspect.Parameter] = inspect.signature(search).parameters
    except (TypeError, ValueError):
        parameters = {}
    accepts_any = any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
    return Capabilities(
        on_iteration=accepts_any or "on_iteration" in parameters,
        stop=accepts_any or "stop" in parameters,
        threads=accepts_any or "threads" in parameters,
        root_moves=accepts_any or "root_moves" in parameters,
        selective=accepts_any or {"lmr", "null_move"} <= set(parameters),
    )


def new_stop_signal() -> Any:
    """A fresh negamax.StopSignal; a threading.Event (the same set / is_set / clear) for a
    build without one, which a search function given to the engine may poll."""
    signal_type = getattr(nm, "StopSignal", None)
    return signal_type() if signal_type is not None else threading.Event()


def release_tables() -> None:
    """Free the transposition tables negamax keeps between searches, when it can."""
    release = getattr(nm, "release_tables", None)
    if release is not None:
        release()


def run_search(game: Any, features: Capabilities, search: Callable[..., Any] = nm.search,
               **options: Any) -> Any:
    """Call `search(game, **options)` without the optional options it does not accept
    (on_iteration, stop, threads, root_moves, lmr and null_move); a None option is left out
    too."""
    optional = {"on_iteration": features.on_iteration, "stop": features.stop,
                "threads": features.threads, "root_moves": features.root_moves,
                "lmr": features.selective, "null_move": features.selective}
    kwargs: Dict[str, Any] = {}
    for name, value in options.items():
        if value is None or (name in optional and not optional[name]):
            continue
        kwargs[name] = value
    return search(game, **kwargs)


def format_score(value: float) -> str:
    """A search value as UCI prints it: ``cp N`` for an evaluation, ``mate N`` (moves, not
    plies; negative when the side to move is mated) for a forced result."""
    distance = plies_to_end(value)
    if distance is not None and is_win(value):
        return f"mate {(distance + 1) // 2}"
    if distance is not None and is_loss(value):
        return f"mate -{distance // 2}" if distance >= 2 else "mate 0"
    return f"cp {int(round(value))}"


def hashfull(table: Any) -> Optional[int]:
    """Permille of the transposition table in use, when the table can tell."""
    if table is None:
        return None
    reported = getattr(table, "hashfull", None)
    if reported is not None:
        value = reported() if callable(reported) else reported
        return int(value)
    entries = getattr(table, "entries_count", None)
    capacity = getattr(table, "capacity", None)
    if entries is not None and capacity:
        return min(1000, int(1000 * entries / capacity))
    return None
