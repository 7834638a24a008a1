# Limits of a search: the node budget, the clock, a StopSignal, Ctrl-C. Polled every
# POLL_INTERVAL nodes (and exactly when the node budget runs out), or more often where that
# many nodes take longer than POLL_SECONDS (see adapt_poll_interval).

import os as _os

from cpython.exc cimport PyErr_CheckSignals

cdef extern from "Python.h":
    # The calling thread's id (pthread_self, GetCurrentThreadId): needs no GIL. Its C type is
    # the platform's unsigned long (32 bits on Windows), which uint64_t holds whole.
    uint64_t PyThread_get_thread_ident() noexcept nogil

cdef extern from "negamax_clock.h":
    double negamax_monotonic_seconds() noexcept nogil

cdef int64_t POLL_INTERVAL = 1024

# How far apart in time polls may come before their interval shrinks. A native game's 1,024
# nodes take well under a millisecond; a game written in Python may spend milliseconds on
# each node, and a fixed 1,024 let such a search run seconds past its time limit, a stop
# signal or Ctrl-C.
cdef double POLL_SECONDS = 0.002

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
    The search looks at the flag every 1,024 nodes per thread, or more often where nodes are
    slow (about every 2 ms; a game written in Python from its first node), so it stops within
    that many.
    A signal stays set until ``clear()``: a search started while it is set stops at its first
    node, and the searches of a batch after the one it stopped do not start."""

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
    cdef int64_t interval, nodes
    cdef int stop = negamax_load_int(&limits.stop)
    cdef double now = negamax_monotonic_seconds()
    if stop != RUNNING:                   # another thread of this search stopped it
        context.status = stop
        return
    # The node budget is shared: each thread adds what it searched since its last poll.
    nodes = negamax_add_i64(&limits.nodes, context.stats.nodes - context.nodes_flushed)
    context.nodes_flushed = context.stats.nodes
    adapt_poll_interval(context, now)
    interval = context.poll_interval
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
    if context.options.time_limit > 0 and now >= limits.deadline:
        fail(context, STOP_TIME_LIMIT)
        return
    if context.thread_index == 0 and signals_due(context, now):
        with gil:
            check_signals(context)
        if context.status != RUNNING:
            return
    if context.shares_bounds and (negamax_load_i64(&limits.solve_lower) > context.probe
                                  or negamax_load_i64(&limits.solve_upper) <= context.probe):
        context.status = PROBE_SETTLED     # local to this thread: it goes on to the next window


cdef inline void adapt_poll_interval(SearchContext* context, double now) noexcept nogil:
    """Set the nodes to the next poll from how long the last ones took: fewer when they
    took longer than POLL_SECONDS (in proportion, down to every node), twice as many (up to
    POLL_INTERVAL) when they took less than a quarter of it. A search starts at
    POLL_INTERVAL nodes, or at 1 for a game written in Python (Searcher.bind), so that even
    its first poll comes within about POLL_SECONDS and one node."""
    cdef double elapsed = now - context.last_poll
    context.last_poll = now
    if elapsed > POLL_SECONDS:
        context.poll_interval = max(<int64_t> 1,
                                    <int64_t> (context.poll_interval * (POLL_SECONDS / elapsed)))
    elif elapsed < POLL_SECONDS / 4 and context.poll_interval < POLL_INTERVAL:
        context.poll_interval = min(POLL_INTERVAL, 2 * context.poll_interval)


cdef inline bint signals_due(SearchContext* context, double now) noexcept nogil:
    """Whether this poll, at `now`, looks for Ctrl-C: on Python's main thread, once
    SIGNAL_CHECK_SECONDS have passed since the last look (the first poll of a search looks)."""
    if PyThread_get_thread_ident() != MAIN_THREAD_IDENT:
        return False
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
