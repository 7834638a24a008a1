"""Deep searches in threads with small C stacks: the search recurses once per ply, so one
thousands of plies deep must run where the stack has room for it (a thread of its own with
the stack it needs) instead of running off the end of the caller's and crashing."""

import functools
import os
import signal
import subprocess
import sys
import textwrap
import threading

import pytest

import negamax as nm
from test_engine import Endless as EndlessBase

PLIES = 9_999          # within MAX_PLY: the deepest tree negamax searches


def chain(plies):
    """A tree `plies` deep: each inner node has the deeper subtree and a leaf 0; leaf 1 at
    the bottom. Returns (tree, value): MAX and MIN alternately pick between the subtree's
    value and 0, worked out bottom-up here."""
    nested = functools.reduce(lambda deeper, _: [deeper, 0], range(plies), 1)
    value = 1
    for level in range(plies - 1, -1, -1):          # level 0 is the root, MAX to move
        value = max(value, 0) if level % 2 == 0 else min(value, 0)
    return nm.trees.from_nested(nested), value


def in_small_thread(function, stack=256 * 1024):
    """function() in a thread of `stack` bytes (the caller's thread then has too little for
    a search thousands of plies deep); returns its result or raises its exception."""
    outcome = []

    def body():
        try:
            outcome.append((True, function()))
        except BaseException as error:       # re-raised in the test's thread
            outcome.append((False, error))

    previous = threading.stack_size(stack)
    try:
        thread = threading.Thread(target=body)
        thread.start()
    finally:
        threading.stack_size(previous)
    thread.join()
    succeeded, value = outcome[0]
    if not succeeded:
        raise value
    return value


@pytest.mark.parametrize("algorithm", ["minimax", "negamax", "alphabeta", "pvs", "mtdf"])
def test_a_deep_search_in_a_small_thread_finds_the_value(algorithm):
    tree, value = chain(PLIES)
    result = in_small_thread(lambda: nm.search(tree, algorithm=algorithm))
    assert result.value == value and result.stop_reason == nm.StopReason.COMPLETED
    assert result.stats.max_ply == PLIES


def test_a_deep_solve_and_batches_in_a_small_thread():
    tree, value = chain(PLIES)
    assert in_small_thread(lambda: nm.solve(tree)).value == value
    assert [r.value for r in in_small_thread(lambda: nm.solve_many([tree, tree]))] == [value] * 2
    assert [r.value for r in in_small_thread(lambda: nm.search_many([tree]))] == [value]


def test_lazy_smp_helpers_get_the_stack_a_deep_search_needs():
    tree, value = chain(PLIES)
    result = in_small_thread(lambda: nm.search(tree, algorithm="pvs", threads=2))
    assert result.value == value


class Endless(EndlessBase):
    """Two moves in every position, never over, 4,000 plies allowed: a search to a depth
    runs 2**depth nodes."""

    max_ply = 4_000


def test_a_deep_python_game_search_in_a_small_thread_stops_at_its_node_limit():
    result = in_small_thread(lambda: nm.search(Endless(), depth=3_000, node_limit=20_000,
                                                       iterative=False))
    # depth first: the first line goes all the way down before the limit stops the search
    assert result.stop_reason == nm.StopReason.NODE_LIMIT and result.stats.max_ply == 3_000


@pytest.mark.skipif(sys.platform == "win32", reason="resource.setrlimit and SIGINT: POSIX only")
def test_ctrl_c_stops_a_search_moved_off_a_small_main_thread_stack(tmp_path):
    # The main thread with a 1 MiB stack (ulimit -s 1024) cannot hold 3,000 plies, so the
    # search runs on a thread of its own; Ctrl-C, which only the main thread sees, still
    # stops it, with the best result found so far, as soon as the game's method returns.
    script = tmp_path / "deep.py"
    script.write_text(textwrap.dedent(f"""
        import sys
        sys.path[:0] = {sys.path!r}
        import negamax as nm
        import time
        from test_stack_room import Endless

        class Slow(Endless):
            def play(self, move):          # a slow game: 2 ms a move
                time.sleep(0.002)
                super().play(move)

        print("searching", flush=True)
        result = nm.search(Slow(), depth=3_000, algorithm="alphabeta")
        # Stopped at the game's next method call, not at the engine's next poll (1,024 nodes:
        # two seconds and more of this game).
        print(result.stop_reason.name, 0 < result.stats.nodes < 1024, flush=True)
    """))

    def small_stack():
        import resource
        resource.setrlimit(resource.RLIMIT_STACK, (1024 * 1024, resource.getrlimit(resource.RLIMIT_STACK)[1]))

    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.dirname(__file__)] + sys.path))
    process = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, preexec_fn=small_stack, env=env)
    try:
        assert process.stdout.readline().strip() == "searching"
        threading.Event().wait(1.0)           # well into the search
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()
    assert process.returncode == 0, err
    assert out.split() == ["INTERRUPTED", "True"]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="RLIMIT_STACK bounds the main thread's stack on Linux")
def test_a_stack_limit_lowered_after_a_first_search_is_seen(tmp_path):
    # The main thread's stack can grow only as far as RLIMIT_STACK allows now: a program that
    # lowers it after a first search must not have its next deep search run in place.
    script = tmp_path / "lowered.py"
    script.write_text(textwrap.dedent(f"""
        import resource, sys
        sys.path[:0] = {sys.path!r}
        import negamax as nm
        from test_stack_room import chain
        nm.search(nm.trees.from_nested([1, 2]))
        soft, hard = resource.getrlimit(resource.RLIMIT_STACK)
        resource.setrlimit(resource.RLIMIT_STACK, (512 * 1024, hard))
        tree, value = chain({PLIES})
        result = nm.search(tree, algorithm="pvs")
        print(result.value == value, result.stats.max_ply)
    """))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([os.path.dirname(__file__)] + sys.path))
    completed = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                               timeout=120, env=env)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.split() == ["True", str(PLIES)]


def test_a_shallow_search_runs_on_the_callers_thread():
    # The search moves to a thread of its own only when the caller's stack lacks room. On
    # musl (Alpine) the main thread's stack was taken to be the part mapped so far (about
    # 132 KiB), so every search moved, at 8x the cost of a short one.
    assert threading.current_thread() is threading.main_thread()

    threads = set()      # outside the game: the search plays on a copy of it

    class Counting(nm.Game):
        def __init__(self):
            self.history = []

        def legal_moves(self):
            return [] if len(self.history) == 9 else [0, 1]

        def play(self, move):
            threads.add(threading.get_ident())
            self.history.append(move)

        def undo(self):
            self.history.pop()

        def is_terminal(self):
            return len(self.history) == 9

        def evaluate(self):
            return sum(self.history)

    nm.search(Counting(), depth=9, algorithm="alphabeta")
    assert threads == {threading.get_ident()}
