# Limits of a search: the node budget, the clock, a StopSignal, Ctrl-C. Polled every
# POLL_INTERVAL nodes (and exactly when the node budget runs out), never per node.

import os as _os

from cpython.exc cimport PyErr_CheckSignals

cdef extern from "Python.h":
    # The calling thread's id (pthread_self, GetCurrentThreadId): needs no GIL. Its C type is
    # the platform's unsigned long (32 bits on Windows), which uint64_t holds whole.
    uint64_t PyThread_get_thread_ident() noexcept nogil

cdef extern from "negamax_clock.h":
    double negamax_monotonic_seconds() noexcept nogil

cdef int64_t POLL_INTERVAL = 1024

# Ctrl-C (and any Python signal handler) needs the GIL, and only Python's main thread runs
# signal handlers: a search elsewhere (a thread pool, a GUI's worker) has nothing to look
# for. On the main thread the search looks at most this often: each look waits for the GIL,
# up to the interpreter's switch interval (5 ms) when another thread runs Python, and every
# 1,024 nodes that made a search 100-200x slower beside a busy Python thread.
cdef double SIGNAL_CHECK_SECONDS = 0.05
cdef uint64_t MAIN_THREAD_IDENT = threading.main_thread().ident


def _note_main_thread():
    """In a forked child the thread that forked, its only thread, is the main one."""
    global MAIN_THREAD_IDENT
    MAIN_THREAD_IDENT = _thread.get_ident()


if hasattr(_os, "register_at_fork"):      # not on Windows
    _os.register_at_fork(after_in_child=_note_main_thread)


def _stop_signal(bint is_set):
    """A StopSignal, set or not (what pickling a StopSignal rebuilds)."""
    signal = StopSignal()
    if is_set:
        signal.set()
    return signal


@cython.final
@cython.auto_pickle(False)     # pickled by __reduce__: Cython's __setstate__ took any state
cdef class StopSignal:
    """A flag that stops searches from another thread: pass it as ``stop=`` to
    negamax.search or negamax.solve, then call ``set()``. The search returns what it had (the
    deepest completed iteration, or the bounds proven so far) with stop_reason INTERRUPTED.
    The search looks at the flag every 1,024 nodes per thread, so it stops within that many.
    A signal stays set until ``clear()``: a search started while it is set stops at its first
    look, and the searches of a batch after the one it stopped do not start."""

    cdef int flag

    def __init__(self):
        """A signal not yet set (it takes no arguments: call set() to set it)."""

    def set(self):
        """Ask every search holding this signal to stop."""
        negamax_store_int(&self.flag, 1)

    def clear(self):
        """Let new searches run."""
        negamax_store_int(&self.flag, 0)

    def is_set(self):
        """True once set() was called (and until clear())."""
        return negamax_load_int(&self.flag) != 0

    def __repr__(self):
        return f"StopSignal(set={self.is_set()})"

    def __reduce__(self):
        # A copy holds the flag as it is now (a worker process's copy is its own signal).
        return (_stop_signal, (self.is_set(),))


cdef void poll_limits(SearchContext* context) noexcept nogil:
    """Check the node limit, the game's error flag, another thread's stop, a StopSignal, the
    clock and Ctrl-C (the last two cost a clock read or the GIL: see signals_due), and whether another
    thread of a solve answered this one's null window; set the countdown to the next poll."""
    cdef SharedLimits* limits = context.limits
    cdef int64_t interval = POLL_INTERVAL, nodes
    cdef int stop = negamax_load_int(&limits.stop)
    if stop != RUNNING:                   # another thread of this search stopped it
        context.status = stop
        return
    # The node budget is shared: each thread adds what it searched since its last poll.
    nodes = negamax_add_i64(&limits.nodes, context.stats.nodes - context.nodes_flushed)
    context.nodes_flushed = context.stats.nodes
    if context.options.node_limit > 0:
        if nodes >= context.options.node_limit:
            fail(context, STOP_NODE_LIMIT)
            return
        interval = min(interval, context.options.node_limit - nodes)
    context.nodes_until_poll = interval
    if context.game_error[0]:
        fail(context, FAIL_GAME_CALLBACK)
        return
    if limits.external_stop != NULL and negamax_load_int(limits.external_stop):
        fail(context, STOP_INTERRUPTED)
        return
    if context.options.time_limit > 0 and negamax_monotonic_seconds() >= limits.deadline:
        fail(context, STOP_TIME_LIMIT)
        return
    if context.thread_index == 0 and signals_due(context):
        with gil:
            check_signals(context)
        if context.status != RUNNING:
            return
    if context.shares_bounds and (negamax_load_i64(&limits.solve_lower) > context.probe
                                  or negamax_load_i64(&limits.solve_upper) <= context.probe):
        context.status = PROBE_SETTLED     # local to this thread: it goes on to the next window


cdef inline bint signals_due(SearchContext* context) noexcept nogil:
    """Whether this poll looks for Ctrl-C: on Python's main thread, once SIGNAL_CHECK_SECONDS
    have passed since the last look (the first poll of a search looks)."""
    cdef double now
    if PyThread_get_thread_ident() != MAIN_THREAD_IDENT:
        return False
    now = negamax_monotonic_seconds()
    if now < context.next_signal_check:
        return False
    context.next_signal_check = now + SIGNAL_CHECK_SECONDS
    return True


cdef int64_t signal_looks = 0      # check_signals calls (with the GIL), for tests


def _signal_looks():
    """Tests only: how many times searches have taken the GIL to look for Ctrl-C."""
    return signal_looks


cdef void check_signals(SearchContext* context):
    """Ctrl-C stops the search; anything else a signal handler raises is re-raised after it."""
    global signal_looks
    signal_looks += 1
    try:
        PyErr_CheckSignals()
    except KeyboardInterrupt:
        fail(context, STOP_INTERRUPTED)
    except BaseException as error:
        (<Searcher> context.owner).pending_error = error
        fail(context, FAIL_SIGNAL_HANDLER)
