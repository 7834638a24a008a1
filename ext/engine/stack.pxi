# Running a search where the C stack has room for it (included by engine.pyx).
#
# The search recurses once per ply: a search thousands of plies deep (a deep explicit tree,
# a long Python game) in a thread with a small stack (musl's 128 KiB default, the 1-2 MB of
# Windows threads, threading.stack_size) would run off the stack's end and crash the
# process. Such a search runs instead on a thread of its own with the stack it needs, and
# the caller waits for it; every thread the engine starts itself (Lazy SMP's helpers) gets
# that stack too.

cdef extern from "negamax_stack.h":
    bint negamax_stack_has_room(size_t needed) noexcept nogil

# Measured with threading.stack_size on a chain tree 9,999 plies deep (x86-64, GCC -O3):
# minimax 147 bytes a ply, alpha-beta 180, pvs, MTD(f) and solve 225. Twice that leaves
# room for other compilers and ABIs.
cdef size_t STACK_PER_PLY = 512
cdef size_t STACK_ROOM = 128 * 1024          # above the plies: polls, the Python callbacks
cdef size_t THREAD_STACK_MIN = 8 * 1024 * 1024   # what glibc gives a thread by default
cdef size_t STACK_GRAIN = 64 * 1024          # threading.stack_size wants whole pages

_stack_size_lock = _thread.allocate_lock()


cdef size_t stack_needed(Searcher searcher) noexcept:
    """The bytes of C stack a search bound to `searcher` may take at most."""
    return <size_t> searcher.context.capacity * STACK_PER_PLY + STACK_ROOM


cdef bint stack_has_room(Searcher searcher) noexcept:
    return negamax_stack_has_room(stack_needed(searcher))


cdef void start_thread(target, tuple args, size_t stack) except *:
    """Start a thread running target(*args), with a C stack of at least `stack` bytes (and
    no less than glibc's default, whatever the platform's). A bare _thread one, not a
    threading.Thread, whose start runs Python code a Ctrl-C can interrupt halfway (the
    thread then runs on, unknown to the caller): when this raises, no thread was started.
    The caller learns that the thread has finished from target itself (a lock it releases)."""
    cdef size_t size = max(stack, THREAD_STACK_MIN)
    size = (size + STACK_GRAIN - 1) // STACK_GRAIN * STACK_GRAIN
    with _stack_size_lock:      # the size applies to every thread started meanwhile
        try:
            previous = _thread.stack_size(size)
        except (ValueError, RuntimeError):     # a platform that does not let it be set
            previous = None
        try:
            _thread.start_new_thread(target, args)
        finally:
            if previous is not None:
                _thread.stack_size(previous)


cdef void interrupt_callbacks(NativeGame game) except *:
    """Ctrl-C for a game written in Python whose search runs on another thread: its next
    method call ends the search, as a Ctrl-C raised inside one does on the main thread (the
    search's own poll may come 2 ms or more later)."""
    cdef object adapter = game
    if isinstance(adapter, python_game_type()) and adapter.exception is None:
        adapter.exception = KeyboardInterrupt()
        adapter.error = 1


cdef object run_with_stack(Searcher searcher, function, tuple args):
    """function(*args) (which runs the search bound to `searcher`) in this thread when its
    stack has room for the search, else on a thread of its own with the stack it needs,
    waiting for it. Ctrl-C while waiting stops the search, as it would here (only the main
    thread sees Ctrl-C: the search's own polls cannot)."""
    if stack_has_room(searcher):
        return function(*args)
    outcome = []
    done = threading.Event()      # not Thread.join: a join Ctrl-C interrupted can leave
                                  # is_alive() False while the thread still runs

    def body():
        try:
            outcome.append((True, function(*args)))
        except BaseException as error:
            outcome.append((False, error))
        finally:
            done.set()

    start_thread(body, (), stack_needed(searcher))
    while not done.is_set():
        try:
            done.wait(0.05)       # returns as soon as the search ends; the timeout lets Ctrl-C
        except KeyboardInterrupt:  # in where waiting on a lock is not interruptible (Windows)
            negamax_store_int(&searcher.limits.stop, STOP_INTERRUPTED)
            interrupt_callbacks(searcher.game)
    succeeded, value = outcome[0]
    if not succeeded:
        raise value
    return value
