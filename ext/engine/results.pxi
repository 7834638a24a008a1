# The result objects the engine's callers return, made here where a batch of short searches
# would pay for them in Python at every position: every search's SearchStats, a solve's
# SolveResult for any game but an explicit tree (whose values negamax.result_building maps),
# and the SearchResult of a built-in game's search that ended cleanly.

from cpython.object cimport PyObject, PyObject_GenericSetAttr, PyTypeObject
from cpython.list cimport PyList_GET_ITEM
from cpython.ref cimport Py_INCREF

from negamax.results import SearchResult as _SearchResult
from negamax.results import SearchStats as _SearchStats
from negamax.results import SolveResult as _SolveResult
from negamax.results import StopReason as _StopReason

cdef extern from "structmember.h":
    ctypedef struct PyMemberDef:
        int type
        Py_ssize_t offset
    int T_OBJECT_EX

cdef extern from "Python.h":
    ctypedef struct PyMemberDescrObject:
        PyMemberDef* d_member

cdef tuple _NO_ARGUMENTS = ()
cdef int Py_TPFLAGS_HAVE_GC = 1 << 14
cdef int Py_TPFLAGS_IMMUTABLETYPE = 1 << 8        # CPython 3.10+: the type's attributes are fixed
cdef object _COMPLETED = _StopReason.COMPLETED
cdef object _NODE_LIMIT = _StopReason.NODE_LIMIT
cdef object _TIME_LIMIT = _StopReason.TIME_LIMIT
cdef object _SLOT_DESCRIPTOR = type(_SearchStats.__dict__["nodes"])


cdef enum:
    MAX_SLOTS = 24

# The counters a search reports (the fields of negamax.results.SearchStats), in the order of
# Searcher.counter_values, and the places of those the engine reads or sets itself.
cdef enum:
    COUNTER_COUNT = 21
    COUNTER_NODES = 0
    COUNTER_MAX_PLY = 3
    COUNTER_ITERATIONS = 20
cdef tuple COUNTER_NAMES = (
    "nodes", "leaves", "cutoffs", "max_ply", "first_move_cutoffs", "tt_probes", "tt_hits",
    "tt_cutoffs", "tt_stores", "killer_cutoffs", "pvs_researches", "aspiration_researches",
    "null_window_searches", "immediate_wins", "forced_losses", "quiescence_nodes",
    "check_extensions", "null_move_cutoffs", "reductions", "reduction_researches", "iterations",
)


cdef class _SlotLayout:
    """Where the instances of a result class (a frozen dataclass with slots) keep each field,
    so that the engine fills a new instance with pointer stores: no dict, no __init__, no
    descriptor call per field. The byte offsets come from the class's member descriptors and
    are checked at import against what the descriptors themselves read; where they do not
    agree (a Python whose layout differs) every field is set through its descriptor."""
    cdef object cls
    cdef tuple names                     # the fields, in the order the builders give them
    cdef Py_ssize_t offsets[MAX_SLOTS]
    cdef bint direct                     # the offsets were checked: store through them
    cdef bint tracked                    # its instances are the garbage collector's (slots
                                         # holding objects make them so: checked all the same)

    def __init__(self, cls, tuple names):
        import dataclasses
        if ({field.name for field in dataclasses.fields(cls)} != set(names)
                or len(names) > MAX_SLOTS):
            raise TypeError(f"{cls.__name__}: the engine's field list {names} is not its fields")
        self.cls = cls
        self.names = names
        self.tracked = (cls.__flags__ & Py_TPFLAGS_HAVE_GC) != 0
        self.direct = self.read_offsets()

    cdef bint read_offsets(self):
        cdef int i
        cdef PyMemberDef* member
        for i, name in enumerate(self.names):
            descriptor = self.cls.__dict__.get(name)
            if type(descriptor) is not _SLOT_DESCRIPTOR:
                return False
            member = (<PyMemberDescrObject*> <PyObject*> descriptor).d_member
            if member.type != T_OBJECT_EX or member.offset < <Py_ssize_t> sizeof(PyObject):
                return False
            self.offsets[i] = member.offset
        # An instance made by the constructor, each field a distinct object: every offset
        # must hold exactly what the field's own descriptor reads.
        markers = [object() for _ in self.names]
        sample = self.cls(**dict(zip(self.names, markers)))
        for i in range(len(self.names)):
            if (<PyObject**> ((<char*> <PyObject*> sample) + self.offsets[i]))[0] != <PyObject*> markers[i]:
                return False
        return True


cdef extern from "Python.h":
    void PyObject_GC_Track(void* op)
    void PyObject_GC_UnTrack(void* op)


cdef inline object new_instance(_SlotLayout layout):
    """A new instance of the layout's class with every slot empty, to be filled by put_field
    and then handed to finish_instance (object.__new__ without the checks of its Python
    wrapper: the classes have no __new__ of their own). Until then the garbage collector
    does not see it (gc.get_objects or a gc callback would meet empty slots: making a
    field's value can run a collection), as CPython builds its own containers."""
    instance = (<PyTypeObject*> layout.cls).tp_new(<type> layout.cls, <PyObject*> _NO_ARGUMENTS,
                                                   NULL)
    if layout.tracked:
        PyObject_GC_UnTrack(<PyObject*> instance)
    return instance


cdef inline object finish_instance(_SlotLayout layout, object instance):
    """An instance of new_instance with every field put: the garbage collector sees it now."""
    if layout.tracked:
        PyObject_GC_Track(<PyObject*> instance)
    return instance


cdef inline void put_field(_SlotLayout layout, object instance, int index, object value):
    """Field `index` (of layout.names) of a new instance: stored into its empty slot."""
    if layout.direct:
        Py_INCREF(value)
        (<PyObject**> ((<char*> <PyObject*> instance) + layout.offsets[index]))[0] = <PyObject*> value
    else:
        PyObject_GenericSetAttr(instance, layout.names[index], value)


cdef object filled_instance(_SlotLayout layout, tuple values):
    """A new instance of the layout's class holding `values`, one per field in layout.names'
    order."""
    cdef int i
    if len(values) != len(layout.names):     # the offsets are read unchecked
        raise SystemError(f"{layout.cls.__name__}: {len(values)} values for "
                          f"{len(layout.names)} fields")
    instance = new_instance(layout)
    for i in range(len(values)):
        put_field(layout, instance, i, values[i])
    return finish_instance(layout, instance)


cdef _SlotLayout STATS_LAYOUT = _SlotLayout(_SearchStats, COUNTER_NAMES)
# (scored_solve_result puts a SolveResult's fields by their places in this order)
cdef _SlotLayout SOLVE_LAYOUT = _SlotLayout(_SolveResult, (
    "value", "outcome", "plies", "best_move", "pv", "stats", "elapsed", "stop_reason",
    "lower", "upper", "score", "weak", "kernel"))
cdef _SlotLayout SEARCH_LAYOUT = _SlotLayout(_SearchResult, (
    "value", "best_move", "pv", "depth", "stats", "elapsed", "stop_reason", "algorithm",
    "trace", "kernel", "hashfull"))


def _slot_layouts_checked():
    """For tests: whether each result class is filled through its checked slot offsets (True
    on the CPython versions the wheels are built for) rather than its descriptors."""
    return {layout.cls.__name__: layout.direct
            for layout in (STATS_LAYOUT, SOLVE_LAYOUT, SEARCH_LAYOUT)}


# The ints 0 .. KEPT_INTS - 1, made once: most of a short search's counters are below it,
# and CPython keeps only those up to 256 (a batch of short solves made and freed a few
# dozen int objects a position for its counters).
cdef enum:
    KEPT_INTS = 1024
cdef list _kept_ints = list(range(KEPT_INTS))


cdef inline object int_object(int64_t value):
    """`value` as a Python int, one of the kept ones where it can."""
    if 0 <= value < KEPT_INTS:
        return <object> PyList_GET_ITEM(_kept_ints, value)    # in range: no check needed
    return value


cdef object stats_object(const int64_t* counters):
    """The SearchStats of a search from its COUNTER_COUNT counters, in COUNTER_NAMES' order
    (Searcher.counter_values)."""
    stats = new_instance(STATS_LAYOUT)
    cdef int i
    for i in range(COUNTER_COUNT):
        put_field(STATS_LAYOUT, stats, i, int_object(counters[i]))
    return finish_instance(STATS_LAYOUT, stats)


cdef inline bint ends_cleanly(int status) noexcept nogil:
    """Whether a search with this status has a result to report as it is: completed, or
    stopped by its node or time limit (Ctrl-C and failures go through the Python layer)."""
    return status == STOP_COMPLETED or status == STOP_NODE_LIMIT or status == STOP_TIME_LIMIT


cdef object clean_stop_reason(int status):
    """The StopReason of a status for which ends_cleanly holds."""
    if status == STOP_COMPLETED:
        return _COMPLETED
    return _NODE_LIMIT if status == STOP_NODE_LIMIT else _TIME_LIMIT


cdef dict _RESULT_METHODS = {}     # type -> (its decode_line, its solver_score or None)


cdef tuple result_methods(object native):
    """The decode_line and solver_score (None if it has none) of the game's type, to call with
    the game as their first argument: looked up once per type where nothing can replace them
    later (a type whose attributes are fixed, and whose instances hold no attributes of their
    own: the built-in games), at every call otherwise. A batch of short solves saves the two
    attribute lookups and method bindings per position."""
    cdef type kind = type(native)
    methods = _RESULT_METHODS.get(kind)
    if methods is not None:
        return methods
    if not (kind.__flags__ & Py_TPFLAGS_IMMUTABLETYPE) or kind.__dictoffset__ != 0:
        return (_call_decode_line, _call_solver_score
                if getattr(native, "solver_score", None) is not None else None)
    methods = (kind.decode_line, getattr(kind, "solver_score", None))
    _RESULT_METHODS[kind] = methods
    return methods


def _call_decode_line(native, moves):
    return native.decode_line(moves)


def _call_solver_score(native, value):
    return native.solver_score(value)


cdef tuple decoded_line(object native, const Move* moves, int length):
    """A line of the engine's moves from `native` as a tuple of user moves: made in C by
    the line_tuple of the game type's own kernels when it has one, else by decode_line."""
    cdef const SearchKernels* kernels = own_kernels(native)
    cdef int i
    if kernels != NULL and kernels.line_tuple != NULL:
        return kernels.line_tuple(native, moves, length)
    return tuple(result_methods(native)[0](native, [moves[i] for i in range(length)]))


cdef object solved_score(object native, Score value):
    """The game's solver_score of a solved value (None for a game without one): made in C
    when the game type's own kernels have one."""
    cdef const SearchKernels* kernels = own_kernels(native)
    if kernels != NULL and kernels.solver_score != NULL:
        return kernels.solver_score(native, value)
    solver_score = result_methods(native)[1]
    return None if solver_score is None else solver_score(native, value)


def _result_hooks(native, moves, value):
    """For tests: (decoded_line of `moves`, solved_score of `value`) for the game `native`,
    as the result builders make them (in C when its type's kernels have hooks), and whether
    its type has each hook. The moves are at most 256 ints."""
    cdef Move line[256]
    cdef int i
    cdef const SearchKernels* kernels = own_kernels(native)
    if len(moves) > 256:
        raise ValueError("at most 256 moves")
    for i, move in enumerate(moves):
        line[i] = move
    try:
        score = solved_score(native, value)
    except ValueError as error:
        score = error
    return (decoded_line(native, line, len(moves)), score,
            kernels != NULL and kernels.line_tuple != NULL,
            kernels != NULL and kernels.solver_score != NULL)


cdef object solve_result_of(object native, Score lower, Score upper, tuple pv, object stats,
                            object elapsed, object kernel, bint weak, object stop_reason):
    """The SolveResult of a solve of `native` (a game whose values are the engine's scores:
    any but an explicit tree) that proved `lower` <= value <= `upper`, its line of play `pv`
    (decoded: user moves); `weak`: only the sign was asked."""
    return scored_solve_result(lower, upper, pv, stats, elapsed, kernel, weak, stop_reason,
                               exact_score(native, lower, upper, weak))


cdef object exact_score(object native, Score lower, Score upper, bint weak):
    """The score of solve_result_of's result: the game's solver_score of an exact value,
    else None."""
    return solved_score(native, lower) if lower == upper and not weak else None


cdef object scored_solve_result(Score lower, Score upper, tuple pv, object stats,
                                object elapsed, object kernel, bint weak, object stop_reason,
                                object score):
    """solve_result_of with its score (exact_score) made already."""
    cdef bint exact = lower == upper and not weak
    # The outcome follows from the sign, which is known once the bounds agree on it.
    if lower > 0:
        outcome = "win"
    elif upper < 0:
        outcome = "loss"
    elif lower == 0 and upper == 0:
        outcome = "draw"
    else:
        outcome = None
    # One int object for bounds that agree (and for the value they make): a win's or a
    # loss's score is no small int, and a batch of short solves makes one result a position.
    lower_object = lower
    upper_object = lower_object if upper == lower else upper
    value = plies = None
    if exact:
        value = lower_object
        # A win or loss ends the game that many plies ahead (scores.plies_to_end), a draw
        # with the line: unknown when a limit stopped the line's proof before its end.
        if lower > EVAL_LIMIT or lower < -EVAL_LIMIT:
            plies = WIN - abs(lower)
        elif stop_reason is _COMPLETED:
            plies = len(pv)
    # The fields put one by one, in SOLVE_LAYOUT's order (no tuple of them made and freed).
    result = new_instance(SOLVE_LAYOUT)
    put_field(SOLVE_LAYOUT, result, 0, value)
    put_field(SOLVE_LAYOUT, result, 1, outcome)
    put_field(SOLVE_LAYOUT, result, 2, plies)
    put_field(SOLVE_LAYOUT, result, 3, pv[0] if pv else None)
    put_field(SOLVE_LAYOUT, result, 4, pv if exact else pv[:1])
    put_field(SOLVE_LAYOUT, result, 5, stats)
    put_field(SOLVE_LAYOUT, result, 6, elapsed)
    put_field(SOLVE_LAYOUT, result, 7, stop_reason)
    put_field(SOLVE_LAYOUT, result, 8, lower_object)
    put_field(SOLVE_LAYOUT, result, 9, upper_object)
    put_field(SOLVE_LAYOUT, result, 10, score)
    put_field(SOLVE_LAYOUT, result, 11, weak)
    put_field(SOLVE_LAYOUT, result, 12, kernel)
    return finish_instance(SOLVE_LAYOUT, result)


def native_solve_result(dict raw, object native, bint weak, object stop_reason):
    """The SolveResult of the engine's solve dict `raw` for the solved copy `native`, a game
    whose values are the engine's scores (any but an explicit tree); `weak`: only the sign
    was asked."""
    return solve_result_of(native, raw["lower"], raw["upper"],
                           tuple(result_methods(native)[0](native, raw["pv"])), raw["stats"],
                           raw["elapsed"], raw["kernel"], weak, stop_reason)


cdef object search_result_of(object native, dict raw, int algorithm, object stop_reason):
    """The SearchResult of the engine's search dict `raw` (Searcher.collect) for the searched
    copy `native`, a game whose values are the engine's scores or whose type's kernels set
    search_value (a built-in game, a uniform tree), searched without a trace: what
    negamax.result_building.build_search_result makes of it."""
    cdef const SearchKernels* kernels = own_kernels(native)
    decode_line = result_methods(native)[0]
    pv = tuple(decode_line(native, raw["pv"]))
    value = raw["value"]
    if value is not None and kernels != NULL and kernels.search_value != NULL:
        value = kernels.search_value(native, <Score> value)
    return filled_instance(SEARCH_LAYOUT, (value, pv[0] if pv else None, pv,
                                           raw["depth"], raw["stats"], raw["elapsed"],
                                           stop_reason, _ALGORITHM_NAMES[algorithm], None,
                                           raw["kernel"], raw["hashfull"]))
