# The result objects the engine's callers return, made here where a batch of short searches
# would pay for them in Python at every position: every search's SearchStats, a solve's
# SolveResult for any game but an explicit tree (whose values negamax.result_building maps),
# and the SearchResult of a built-in game's search that ended cleanly.

from cpython.object cimport PyObject, PyObject_GenericSetAttr, PyTypeObject

from negamax.results import SearchResult as _SearchResult
from negamax.results import SearchStats as _SearchStats
from negamax.results import SolveResult as _SolveResult
from negamax.results import StopReason as _StopReason

cdef tuple _NO_ARGUMENTS = ()
cdef object _COMPLETED = _StopReason.COMPLETED
cdef object _NODE_LIMIT = _StopReason.NODE_LIMIT
cdef object _TIME_LIMIT = _StopReason.TIME_LIMIT


cdef inline object adopted_instance(object cls, dict values):
    """negamax.results.adopted in C: an instance of the frozen dataclass `cls` whose __dict__
    is `values` (a fresh dict holding exactly its fields), without the generated __init__."""
    # object.__new__(cls) without the checks of its Python wrapper: the dataclasses here
    # have no __new__ of their own.
    instance = (<PyTypeObject*> cls).tp_new(<type> cls, <PyObject*> _NO_ARGUMENTS, NULL)
    PyObject_GenericSetAttr(instance, "__dict__", values)
    return instance


cdef object stats_object(dict counters):
    """The SearchStats of a search: its counters dict (every field, made by thread_counters)
    becomes the instance's own."""
    return adopted_instance(_SearchStats, counters)


cdef inline bint ends_cleanly(int status) noexcept nogil:
    """Whether a search with this status has a result to report as it is: completed, or
    stopped by its node or time limit (Ctrl-C and failures go through the Python layer)."""
    return status == STOP_COMPLETED or status == STOP_NODE_LIMIT or status == STOP_TIME_LIMIT


cdef object clean_stop_reason(int status):
    """The StopReason of a status for which ends_cleanly holds."""
    if status == STOP_COMPLETED:
        return _COMPLETED
    return _NODE_LIMIT if status == STOP_NODE_LIMIT else _TIME_LIMIT


cdef object solve_result_of(object native, Score lower, Score upper, list pv_moves, object stats,
                            object elapsed, object kernel, bint weak, object stop_reason):
    """The SolveResult of a solve of `native` (a game whose values are the engine's scores:
    any but an explicit tree) that proved `lower` <= value <= `upper`, its line of play
    `pv_moves` the engine's integer moves; `weak`: only the sign was asked."""
    cdef bint exact = lower == upper and not weak
    pv = tuple(native.decode_line(pv_moves))
    # The outcome follows from the sign, which is known once the bounds agree on it.
    if lower > 0:
        outcome = "win"
    elif upper < 0:
        outcome = "loss"
    elif lower == 0 and upper == 0:
        outcome = "draw"
    else:
        outcome = None
    value = score = plies = None
    if exact:
        value = lower
        # A win or loss ends the game that many plies ahead (scores.plies_to_end), a draw
        # with the line: unknown when a limit stopped the line's proof before its end.
        if lower > EVAL_LIMIT or lower < -EVAL_LIMIT:
            plies = WIN - abs(lower)
        elif stop_reason is _COMPLETED:
            plies = len(pv)
        solver_score = getattr(native, "solver_score", None)
        if solver_score is not None:
            score = solver_score(value)
    return adopted_instance(_SolveResult, {
        "value": value, "outcome": outcome, "plies": plies, "best_move": pv[0] if pv else None,
        "pv": pv if exact else pv[:1], "stats": stats, "elapsed": elapsed,
        "stop_reason": stop_reason, "lower": lower, "upper": upper, "score": score,
        "weak": weak, "kernel": kernel})


def native_solve_result(dict raw, object native, bint weak, object stop_reason):
    """The SolveResult of the engine's solve dict `raw` for the solved copy `native`, a game
    whose values are the engine's scores (any but an explicit tree); `weak`: only the sign
    was asked."""
    return solve_result_of(native, raw["lower"], raw["upper"], raw["pv"], raw["stats"],
                           raw["elapsed"], raw["kernel"], weak, stop_reason)


cdef object search_result_of(object native, dict raw, int algorithm, object stop_reason):
    """The SearchResult of the engine's search dict `raw` (Searcher.collect) for the searched
    copy `native`, a game whose values are the engine's scores (any but an explicit tree),
    searched without a trace: what negamax.result_building.build_search_result makes of it."""
    pv = tuple(native.decode_line(raw["pv"]))
    return adopted_instance(_SearchResult, {
        "value": raw["value"], "best_move": pv[0] if pv else None, "pv": pv,
        "depth": raw["depth"], "stats": raw["stats"], "elapsed": raw["elapsed"],
        "stop_reason": stop_reason, "algorithm": _ALGORITHM_NAMES[algorithm], "trace": None,
        "kernel": raw["kernel"], "hashfull": raw["hashfull"]})
