"""Search and solve options: checked once, defaults decided once, handed to the engine as one
struct (negamax._engine.Searcher reads the dict `SearchOptions.engine_fields()` gives)."""

from __future__ import annotations

import math
import numbers
from dataclasses import dataclass, fields
from typing import Any, Dict, Optional

import numpy as np

from negamax._engine import ALGORITHM_CODES, UNLIMITED, StopSignal, TranspositionTable
from negamax.results import adopted
from negamax.scores import MAX_PLY

__all__ = ["ALGORITHMS", "ENHANCEMENTS", "SELECTIVE_ENHANCEMENTS", "DEFAULT_TT_MB", "SearchOptions", "check_bool"]

#: Algorithm names accepted by search().
ALGORITHMS = tuple(ALGORITHM_CODES)

#: The enhancement switches of search() and solve(). Each is True, False or None (the
#: algorithm's default: every one off for "alphabeta", which stays the seeds' plain algorithm;
#: for "pvs", "mtdf" and solve() all on except killers and history; minimax and negamax take none).
#: Switches a game cannot use (a table without position keys aside) are ignored for it:
#: quiescence, check_extension, null_move and lmr need a game that offers them (chess, checkers).
ENHANCEMENTS = ("tt", "killers", "history", "aspiration", "safe_moves", "quiescence",
                "check_extension", "null_move", "lmr")

#: The enhancements that make a depth-limited search selective: they change its value by design
#: (quiescence and check extensions look further; null moves and reductions prune unsoundly).
#: The others only find the same value faster.
SELECTIVE_ENHANCEMENTS = ("quiescence", "check_extension", "null_move", "lmr")

#: Megabytes of the transposition table a search makes when given tt=True (see README:
#: "Choosing a table size").
DEFAULT_TT_MB = 64

# Killers and history stay off unless asked for: on Connect Four they cost nodes (the game's
# threat ordering knows better; measured in benchmarks/); a game whose order hints are weak
# (chess quiet moves) switches them on through `game_defaults`.
_ENHANCEMENT_NAMES = frozenset(ENHANCEMENTS)
_ENGINE_DEFAULTS = {"killers": False, "history": False, "aspiration": True, "safe_moves": True,
                    "quiescence": True, "check_extension": True, "null_move": True, "lmr": True}
_PLAIN_DEFAULTS = dict.fromkeys(_ENGINE_DEFAULTS, False)    # "alphabeta": every one off


def check_bool(name: str, value: Any) -> bool:
    """`value` as a bool; TypeError naming `name` unless it is one."""
    if value is True or value is False:     # the common case, without isinstance
        return value
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, not {_short(value)}")
    return bool(value)


def _short(value: Any, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "...'"


def check_depth(depth: Any) -> Optional[int]:
    if depth is None:
        return None
    if isinstance(depth, bool) or not isinstance(depth, numbers.Integral):
        raise TypeError(f"depth must be an int or None, not {type(depth).__name__}")
    if depth < 0:
        raise ValueError(f"depth must be >= 0, got {depth}")
    return min(int(depth), MAX_PLY)   # no search goes deeper than MAX_PLY anyway


def check_time_limit(time_limit: Any) -> Optional[float]:
    if time_limit is None:
        return None
    if isinstance(time_limit, bool) or not isinstance(time_limit, numbers.Real):
        raise TypeError(f"time_limit must be a number of seconds, not {type(time_limit).__name__}")
    try:
        seconds = float(time_limit)
    except OverflowError:
        raise ValueError("time_limit is too large to be a number of seconds") from None
    if not (seconds > 0 and math.isfinite(seconds)):
        raise ValueError(f"time_limit must be a positive, finite number of seconds, got {time_limit}")
    return seconds


def check_node_limit(node_limit: Any) -> Optional[int]:
    if node_limit is None:
        return None
    if isinstance(node_limit, bool) or not isinstance(node_limit, numbers.Integral):
        raise TypeError(f"node_limit must be an int, not {type(node_limit).__name__}")
    if node_limit <= 0:
        raise ValueError(f"node_limit must be positive, got {node_limit}")
    return min(int(node_limit), 2 ** 62)   # beyond any search; keeps it a C int64


def table_wanted(algorithm: Any, tt: Any, threads: Any) -> bool:
    """Whether a search with these options uses a table of the thread's (tt=True, or by
    default: pvs and mtdf, and searches on several threads). Safe on unchecked values."""
    if tt is True:
        return True
    return tt is None and ((isinstance(algorithm, str) and algorithm in ("pvs", "mtdf"))
                           or (isinstance(threads, int) and not isinstance(threads, bool) and threads > 1))


def _check_tt(tt: Any) -> bool:
    """tt given as a switch: True or False (numpy's bools become them); TypeError naming every
    form tt takes, and tt_mb for a number that reads as a size."""
    try:
        return check_bool("tt", tt)
    except TypeError:
        hint = ""
        if isinstance(tt, numbers.Real) and not isinstance(tt, (bool, np.bool_)):
            hint = f" (a table's size in MB is tt_mb={tt!r})"    # numpy's numbers too
        raise TypeError(f"tt must be True, False, None or a negamax.TranspositionTable, not "
                        f"{_short(tt)}{hint}") from None


def check_tt_mb(tt_mb: Any) -> Optional[float]:
    if tt_mb is None:
        return None
    if isinstance(tt_mb, bool) or not isinstance(tt_mb, numbers.Real):
        raise TypeError(f"tt_mb must be a number of megabytes, not {type(tt_mb).__name__}")
    try:
        megabytes = float(tt_mb)    # what a Real promises (a float compares with ints)
    except OverflowError:           # an int or Fraction beyond any float (either sign): refused below
        megabytes = math.inf
    if not (0 < megabytes <= 1 << 20):
        raise ValueError(f"tt_mb must be more than 0 and at most 1048576, got {tt_mb}")
    return megabytes


def check_threads(threads: Any) -> int:
    if type(threads) is int and threads == 1:    # the common case, without the ABC check
        return 1
    if isinstance(threads, bool) or not isinstance(threads, numbers.Integral):
        raise TypeError(f"threads must be an int, not {type(threads).__name__}")
    count = int(threads)    # exact for any Integral; an int compares with ints
    if not 1 <= count <= 256:
        raise ValueError(f"threads must be between 1 and 256, got {threads}")
    return count


@dataclass(frozen=True)
class SearchOptions:
    """Every option of one search or solve, checked, with the defaults filled in."""

    algorithm: str = "alphabeta"
    depth: Optional[int] = None          #: None: to the end of the game
    ordering: bool = True
    time_limit: Optional[float] = None
    node_limit: Optional[int] = None
    trace: bool = False
    #: None: left to the game (its `iterative_deepening` attribute, for searches with a table)
    iterative: Optional[bool] = None
    root_maximizing: bool = True
    table: Optional[TranspositionTable] = None   #: the table to use, None for none
    tt_asked: bool = False                       #: the caller asked for a table explicitly
    killers: bool = False
    history: bool = False
    pvs: bool = False
    aspiration: bool = False
    safe_moves: bool = False
    quiescence: bool = False
    check_extension: bool = False
    null_move: bool = False
    lmr: bool = False
    threads: int = 1
    stop: Optional[StopSignal] = None

    @classmethod
    def build(cls, *, algorithm: Any = "alphabeta", depth: Any = None, ordering: Any = True,
              time_limit: Any = None, node_limit: Any = None, trace: Any = False,
              iterative: Any = None, tt: Any = None, tt_mb: Any = None, threads: Any = 1,
              stop: Any = None, table_for: Any = None, **switches: Any) -> "SearchOptions":
        """Check every argument of search()/solve() and decide the defaults.

        `switches` are the ENHANCEMENTS other than tt, each True, False or None; `table_for`
        makes the table for tt=True (a function of the size in MB)."""
        if not isinstance(algorithm, str):
            raise TypeError(f"algorithm must be a string, not {type(algorithm).__name__}")
        if algorithm not in ALGORITHM_CODES:
            raise ValueError(f"unknown algorithm {_short(algorithm)}; choose one of {list(ALGORITHMS)}")
        depth = check_depth(depth)
        ordering = check_bool("ordering", ordering)
        trace = check_bool("trace", trace)
        time_limit = check_time_limit(time_limit)
        node_limit = check_node_limit(node_limit)
        threads = check_threads(threads)
        if trace and threads > 1:
            raise ValueError("trace records every node one search enters, in order: give threads=1 "
                             "(with threads > 1 the threads enter nodes at the same time)")
        if iterative is None and (time_limit is not None or node_limit is not None or stop is not None):
            iterative = True
        if iterative is not None:
            iterative = check_bool("iterative", iterative)
        if stop is not None and not isinstance(stop, StopSignal):
            raise TypeError(f"stop must be a negamax.StopSignal, not {type(stop).__name__}")
        unknown = switches.keys() - _ENHANCEMENT_NAMES
        if unknown:
            raise TypeError(f"unknown option {sorted(unknown)[0]!r}")
        given = {name: check_bool(name, value) for name, value in switches.items() if value is not None}
        if trace:
            # A trace names each visit by its path of moves, and a null move (a pass) is no
            # move of the game: a trace searches without them (pvs and mtdf use them by default).
            if given.get("null_move"):
                raise ValueError("trace names each visit by its moves from the root, and a null move "
                                 "(a pass) is none: give trace=True or null_move=True, not both")
            given["null_move"] = False
        if tt is not None and not isinstance(tt, TranspositionTable):
            tt = _check_tt(tt)
        tt_mb = check_tt_mb(tt_mb)
        if tt_mb is not None and isinstance(tt, TranspositionTable):
            raise ValueError("give either a TranspositionTable as tt or its size as tt_mb, not both")
        if tt_mb is not None:
            # A size asks for a table (alphabeta has none by default: it would be ignored).
            if tt is False:
                raise ValueError(f"tt_mb={tt_mb!r} sizes a table, but tt=False asks for none: "
                                 f"give one or the other")
            tt = True

        engine = algorithm in ("pvs", "mtdf")
        if algorithm in ("minimax", "negamax"):
            asked = [name for name, value in dict(given, tt=tt).items()
                     if value is not None and value is not False]
            if tt_mb is not None:
                asked[asked.index("tt")] = "tt_mb"
            if asked:
                raise ValueError(f"{algorithm} takes no enhancements (asked for {', '.join(asked)}): "
                                 f"use 'alphabeta', 'pvs' or 'mtdf'")
            if threads > 1:
                raise ValueError(f"{algorithm} runs on one thread: threads > 1 needs 'alphabeta', "
                                 f"'pvs' or 'mtdf' with a table")
        if threads > 1 and tt is False:
            raise ValueError("threads > 1 share their work through the transposition table: "
                             "with tt=False each thread would repeat the whole search; leave tt "
                             "on (the default with threads) or search on one thread")
        chosen = dict(_ENGINE_DEFAULTS if engine else _PLAIN_DEFAULTS, **given)
        if isinstance(tt, TranspositionTable):
            table: Optional[TranspositionTable] = tt
        elif table_wanted(algorithm, tt, threads):
            table = table_for(tt_mb if tt_mb is not None else DEFAULT_TT_MB)
        else:
            table = None
        # adopted(): the dataclass's own __init__ sets 21 frozen fields one by one, which is
        # half the cost of a small search's Python side; the keys here are every field
        # (tests/test_engine.py checks).
        return adopted(cls, dict(chosen, algorithm=algorithm, depth=depth, ordering=ordering,
                                time_limit=time_limit, node_limit=node_limit, trace=trace,
                                iterative=iterative, table=table, root_maximizing=True,
                                tt_asked=tt is True or isinstance(tt, TranspositionTable),
                                pvs=algorithm == "pvs", threads=threads, stop=stop))

    def deepens(self, game_prefers: bool) -> bool:
        """Whether the search deepens iteratively: as asked, or else when the game prefers it
        (`game_prefers`, its iterative_deepening attribute) and there is a table to carry
        the best moves of one iteration to the next (without one, the iterations only cost)."""
        if self.iterative is not None:
            return self.iterative
        return game_prefers and self.table is not None

    def engine_fields(self, root_maximizing: bool = True, game_prefers: bool = False) -> Dict[str, Any]:
        """The SearchOptions struct of the engine, as a dict (`game_prefers`: see deepens)."""
        return {
            "algorithm": ALGORITHM_CODES[self.algorithm],
            "max_depth": UNLIMITED if self.depth is None else self.depth,
            "ordering": self.ordering,
            "iterative": self.deepens(game_prefers),
            "root_maximizing": root_maximizing,
            "tracing": self.trace,
            "node_limit": self.node_limit or 0,
            "time_limit": self.time_limit or 0.0,
            "use_tt": self.table is not None,
            "use_killers": self.killers,
            "use_history": self.history,
            "use_pvs": self.pvs,
            "use_aspiration": self.aspiration,
            "use_safe_moves": self.safe_moves,
            "use_quiescence": self.quiescence,
            "use_check_extension": self.check_extension,
            "use_null_move": self.null_move,
            "use_lmr": self.lmr,
        }

    def __repr__(self) -> str:
        defaults = {f.name: f.default for f in fields(self)}
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in defaults
                          if getattr(self, name) != defaults[name])
        return f"SearchOptions({shown})"
