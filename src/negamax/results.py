"""Result objects returned by negamax.search."""

from __future__ import annotations

import enum
from dataclasses import MISSING, FrozenInstanceError, dataclass, field, fields
from typing import Any, Dict, Optional, Tuple, Type, TypeVar

__all__ = ["StopReason", "SearchStats", "SearchResult", "SolveResult", "Visit", "AnalysisError"]


class StopReason(enum.Enum):
    """Why a search stopped."""

    COMPLETED = "completed"      #: the requested depth (or the end of the game) was searched
    NODE_LIMIT = "node_limit"    #: node_limit was reached; the result is the deepest completed iteration
    TIME_LIMIT = "time_limit"    #: time_limit ran out; the result is the deepest completed iteration
    INTERRUPTED = "interrupted"  #: Ctrl-C; the result is the deepest completed iteration

    def __repr__(self) -> str:
        return f"StopReason.{self.name}"


@dataclass(frozen=True, slots=True)
class SearchStats:
    """Counters of one search (summed over iterations of iterative deepening)."""

    nodes: int = 0        #: nodes entered, the root included
    leaves: int = 0       #: nodes whose static or terminal value was read
    cutoffs: int = 0      #: beta cutoffs
    max_ply: int = 0      #: deepest ply entered (the root is ply 0)
    iterations: int = 0   #: completed iterations (1 for a search without iterative deepening)
    first_move_cutoffs: int = 0     #: cutoffs by the first move searched (ordering quality)
    tt_probes: int = 0              #: transposition table lookups
    tt_hits: int = 0                #: lookups that found the position
    tt_cutoffs: int = 0             #: nodes the table answered without a search
    tt_stores: int = 0              #: results written to the table
    killer_cutoffs: int = 0         #: cutoffs by a killer move
    pvs_researches: int = 0         #: PVS null-window searches that failed high and were redone
    aspiration_researches: int = 0  #: iterations redone after missing their aspiration window
    null_window_searches: int = 0   #: MTD(f) and solver passes
    immediate_wins: int = 0         #: nodes the game's safe-move generation won at once
    forced_losses: int = 0          #: nodes where every move lost at once
    quiescence_nodes: int = 0       #: nodes entered by quiescence search (also in nodes)
    check_extensions: int = 0       #: nodes searched one ply deeper for being in check
    null_move_cutoffs: int = 0      #: nodes cut by a null-move search
    reductions: int = 0             #: moves searched at reduced depth (late move reductions)
    reduction_researches: int = 0   #: reduced moves searched again at full depth

    def nodes_per_second(self, elapsed: float) -> float:
        """Nodes per second for a search that took `elapsed` seconds."""
        return self.nodes / elapsed if elapsed > 0 else float("inf")


@dataclass(frozen=True, slots=True)
class Visit:
    """One node entered by a traced search, in visiting order."""

    path: Tuple[Any, ...]          #: moves from the root to this node (the root's path is ())
    value: Optional[Any] = None    #: the static or terminal value read here, None for an inner node


@dataclass(frozen=True, slots=True)
class SearchResult:
    """What negamax.search found.

    For games, ``value`` is from the point of view of the side to move at the root; a win
    found ``p`` plies ahead scores ``WIN - p`` and a loss ``-(WIN - p)``. For explicit trees,
    ``value`` is the minimax value in the tree's own terms (MAX's point of view).
    """

    #: None only if the search was stopped before any value was known; an int for games, a
    #: tree's own number type (int, float, Fraction, numpy scalar) for explicit trees
    value: Optional[Any]
    best_move: Any                #: the move to play, None at a terminal root or depth 0
    pv: Tuple[Any, ...]           #: principal variation, starting with best_move
    depth: int                    #: depth of the completed search
    stats: SearchStats
    #: seconds (not compared: two results are equal when they found the same)
    elapsed: float = field(compare=False)
    stop_reason: StopReason
    algorithm: str
    trace: Optional[Tuple[Visit, ...]] = field(default=None, repr=False)
    #: which compiled copy of the algorithms ran: the game's type name for a built-in game
    #: with its own (inlined) copy, "generic" for every other game; with ":lean" when the
    #: enhanced node ran without its selective parts, or the name of a game's own fast path
    #: (such as "UniformTree:walk")
    kernel: str = field(default="generic", repr=False)
    hashfull: int = field(default=0, repr=False)   #: permille of the table in use at the end

    @property
    def is_win(self) -> bool:
        """True when the value is a forced win for the side to move. For games only: an
        explicit tree's value is a number of the tree's own (MAX's point of view), which
        this merely compares with EVAL_LIMIT."""
        from negamax.scores import is_win
        return self.value is not None and is_win(self.value)

    @property
    def is_loss(self) -> bool:
        """True when the value is a forced loss for the side to move (for games only, as
        is_win)."""
        from negamax.scores import is_loss
        return self.value is not None and is_loss(self.value)


@dataclass(frozen=True, slots=True)
class SolveResult:
    """What negamax.solve found.

    ``value`` is exact (None for a weak solve, or when stopped before the bounds met); for
    games it is from the side to move, a win ``p`` plies ahead scoring ``WIN - p``.
    ``outcome`` is "win", "loss" or "draw" for the side to move (None if not yet known)."""

    value: Optional[Any]          #: as SearchResult.value
    outcome: Optional[str]
    plies: Optional[int]          #: plies to the end under best play (exact solves)
    best_move: Any                #: a move that reaches the value (or the outcome, when weak)
    pv: Tuple[Any, ...]           #: principal variation, to the end of the game
    stats: SearchStats
    elapsed: float = field(compare=False)   #: seconds (not compared, as SearchResult's)
    stop_reason: StopReason
    #: proven lower bound of the value (for trees, in the tree's own numbers; -inf or inf
    #: where nothing is proven)
    lower: Optional[Any] = None
    upper: Optional[Any] = None   #: proven upper bound
    score: Optional[int] = None    #: Connect Four: the solver-benchmark score of the position
    weak: bool = False
    kernel: str = field(default="generic", repr=False)   #: as SearchResult.kernel


@dataclass(frozen=True)
class AnalysisError:
    """A position of negamax.analyze that could not be searched, in place of its result.

    The rest of the batch is unaffected. ``exception_type`` and ``message`` are the name and
    text of the exception a single ``search``/``solve`` of that position raised (or of the
    failure that kept it from running, such as a game that does not pickle)."""

    index: int             #: position of the game in the input (0-based)
    game_repr: str         #: repr() of the game, cut to 200 characters
    exception_type: str    #: e.g. "ValueError"
    message: str           #: str() of the exception
    traceback: str = field(default="", repr=False, compare=False)  #: where it was raised, when known

    def __str__(self) -> str:
        return f"position {self.index} ({self.game_repr}): {self.exception_type}: {self.message}"


def _field_state(self: Any) -> Dict[str, Any]:
    """A result's pickled state: its fields by name. Results of earlier releases, which had a
    __dict__, were pickled in this form, so each release reads the other's pickles."""
    return {name: getattr(self, name) for name in self.__dataclass_fields__}


def _set_field_state(self: Any, state: Any) -> None:
    """Set a result's fields from a pickled state: a dict by name (this release's and earlier
    ones'; a field a pickle older than it lacks takes its default) or a list in field order
    (what the dataclasses module's own support for slots writes)."""
    if isinstance(state, dict):
        values = dict(state)
        for field_ in fields(self):
            if field_.name not in values and field_.default is not MISSING:
                values[field_.name] = field_.default
    else:
        values = dict(zip(self.__dataclass_fields__, state))
    for name, value in values.items():
        _set_attribute(self, name, value)


def _refuse_assignment(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _refuse_deletion(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


# The dataclasses module's frozen classes with slots answer an attribute that is no field
# with a TypeError from its generated __setattr__ (a CPython bug: it names the class as it
# was before slots were added), and pickle their state as a list only they can read. Every
# attribute of a result is refused as a frozen field is, and the state is the fields by name.
_RESULT_METHODS = {"__setattr__": _refuse_assignment, "__delattr__": _refuse_deletion,
                   "__getstate__": _field_state, "__setstate__": _set_field_state}
for _result_class in (SearchStats, Visit, SearchResult, SolveResult):
    for _name, _method in _RESULT_METHODS.items():
        setattr(_result_class, _name, _method)   # setattr: type checkers refuse method assignment
del _result_class, _name, _method


_Frozen = TypeVar("_Frozen")


def adopted(cls: Type[_Frozen], values: Dict[str, Any]) -> _Frozen:
    """An instance of the frozen dataclass `cls` holding `values`, which must be exactly its
    fields, equal to ``cls(**values)`` but without the generated __init__ (which sets each
    field through object.__setattr__). For a class with a __dict__ (SearchOptions: a batch
    builds one per call) the dict is handed over, not copied: it becomes the instance's
    __dict__, so callers pass a fresh one and never touch it again. The result classes hold
    their fields in slots (less memory, and the engine fills them in C without a dict:
    ext/engine/results.pxi); their fields are set one by one. The callers' keys are every
    field by construction (tests/test_connect4_solver_speed.py and tests/test_engine.py
    check every kind they make)."""
    instance = _new_object(cls)
    if hasattr(instance, "__dict__"):
        _set_attribute(instance, "__dict__", values)
    else:
        for name, value in values.items():
            _set_attribute(instance, name, value)
    return instance


_new_object = object.__new__
_set_attribute = object.__setattr__
