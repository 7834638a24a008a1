"""Lazy SMP solving with shared bounds (ext/engine/drivers.pxi, solve_bounds): the threads of
one solve bisect together, sharing the bounds they prove, and a thread whose window another
thread's bounds already answer drops it.
Scores are checked against the plain C solver (ext/baseline/connect4_solver.c), an
independent program, and against a plain minimax for trees."""

import pytest

import negamax as nm
from negamax import _c_baseline
from negamax.bench.threads import connect4_positions
from negamax.games import ConnectFour, TicTacToe


def play_line(game, line):
    """Play a principal variation: every move must be legal."""
    game = game.copy()
    for move in line:
        assert move in game.legal_moves(), (game.moves, move)
        game.play(move)
    return game


@pytest.mark.parametrize("threads", [2, 3, 4])
@pytest.mark.parametrize("low,high,count", [(14, 20, 6), (24, 34, 12)])
def test_threaded_solves_give_the_c_solvers_scores(threads, low, high, count):
    positions = connect4_positions(count, low, high, seed=threads * 100 + low)
    expected = [score for score, _ in _c_baseline.connect4_solve_many(positions)]
    for moves, score in zip(positions, expected):
        result = nm.solve(ConnectFour(moves), threads=threads)
        assert result.stop_reason is nm.StopReason.COMPLETED
        assert result.score == score, (moves, threads)
        assert result.lower == result.upper == result.value
        end = play_line(ConnectFour(moves), result.pv)
        assert end.is_terminal()      # a proven line runs to the end of the game


@pytest.mark.parametrize("node_limit", [2_000, 20_000, 60_000, 150_000])
def test_a_threaded_solve_stopped_early_keeps_sound_bounds(node_limit):
    """Stopped in the middle of the shared bisection: the bounds reported still hold the
    exact score (in the value scale: compare with the single-thread exact value)."""
    for moves in connect4_positions(3, 10, 14, seed=node_limit):
        exact = nm.solve(ConnectFour(moves))
        result = nm.solve(ConnectFour(moves), threads=2, node_limit=node_limit)
        assert result.stop_reason in (nm.StopReason.NODE_LIMIT, nm.StopReason.COMPLETED)
        assert result.lower <= exact.value <= result.upper, (moves, node_limit)
        if result.stop_reason is nm.StopReason.COMPLETED:
            assert result.value == exact.value


def test_weak_solves_and_other_games_with_threads():
    for moves in connect4_positions(4, 16, 22, seed=3):
        strong = nm.solve(ConnectFour(moves))
        weak = nm.solve(ConnectFour(moves), weak=True, threads=2)
        assert weak.outcome == strong.outcome
    assert nm.solve(TicTacToe(), threads=2).value == 0
    for seed in range(3):
        tree = nm.trees.uniform(3, 7, seed=seed)
        assert nm.solve(tree, threads=2).value == nm.search(tree, algorithm="minimax").value


def test_a_threaded_solve_runs_again_with_the_same_table():
    """The shared bounds start afresh for each solve (a second solve of another position
    must not inherit the first one's bounds)."""
    first, second = connect4_positions(2, 16, 20, seed=11)
    table = nm.TranspositionTable(16)
    expected = [score for score, _ in _c_baseline.connect4_solve_many([first, second])]
    for moves, score in zip((first, second, first), expected + expected[:1]):
        assert nm.solve(ConnectFour(moves), threads=2, tt=table).score == score


@pytest.mark.parametrize("threads", [1, 2, 3, 4])
def test_a_threaded_search_to_the_end_reports_the_longest_line(threads):
    # depth of a search to the end is the longest line any thread searched (stats.max_ply);
    # the README's tree is 3 plies deep along its principal variation.
    tree = nm.trees.from_nested([[[3, 4], [8, [-2, 10], 5]], 7])
    for _ in range(5):
        result = nm.search(tree, threads=threads)
        assert (result.value, result.depth, result.stats.max_ply) == (7, 3, 3)
        played = nm.search(TicTacToe("x...o...."), algorithm="pvs", threads=threads)
        assert played.depth == played.stats.max_ply >= len(played.pv)


@pytest.mark.parametrize("algorithm", ["alphabeta", "pvs", "mtdf"])
def test_a_trace_needs_one_thread(algorithm):
    # The threads enter nodes at the same time: no one order of visits exists, and the trace
    # the main thread alone recorded was partial (its length changed from run to run).
    with pytest.raises(ValueError, match="trace records every node .* give threads=1"):
        nm.search(TicTacToe("x...o...."), algorithm=algorithm, trace=True, threads=2)
    assert len(nm.search(TicTacToe("x...o...."), algorithm=algorithm, trace=True).trace) > 0


@pytest.mark.parametrize("call", ["search", "solve"])
def test_threads_without_a_table_are_refused(call):
    """Lazy SMP threads share only the table: with tt=False each repeated the whole search
    (twice the nodes, the same value), without a word."""
    from negamax.games import ConnectFour
    with pytest.raises(ValueError, match="tt=False each thread would repeat the whole search"):
        if call == "search":
            nm.search(ConnectFour("4453"), 6, algorithm="pvs", threads=2, tt=False)
        else:
            nm.solve(ConnectFour("44533511"), threads=2, tt=False)


def test_ctrl_c_while_helpers_start_stops_the_search_and_waits_for_them(monkeypatch):
    """Ctrl-C while the helper threads were being started escaped as KeyboardInterrupt and
    left a started helper running on the freed state of the search (wrong values, then
    crashes in the next calls). Here the second of two helpers fails to start with
    KeyboardInterrupt: the solve returns INTERRUPTED with sound bounds, the helper that did
    start is stopped and waited for, and the next threaded solves are right."""
    import _thread
    import time

    moves = "2252576253462244111563"
    [(score, _)] = _c_baseline.connect4_solve_many([moves])
    real_start = _thread.start_new_thread
    starts = []

    def second_start_interrupted(function, args):
        starts.append(function)
        if len(starts) == 2:
            raise KeyboardInterrupt
        return real_start(function, args)

    before = _thread._count()
    monkeypatch.setattr(_thread, "start_new_thread", second_start_interrupted)
    result = nm.solve(ConnectFour(moves), threads=3)
    monkeypatch.undo()
    assert len(starts) == 2
    assert result.stop_reason is nm.StopReason.INTERRUPTED
    exact = nm.solve(ConnectFour(moves))
    assert exact.score == score
    assert result.lower <= exact.value <= result.upper
    deadline = time.monotonic() + 10        # the helper's thread ends just after its search
    while _thread._count() > before and time.monotonic() < deadline:
        time.sleep(0.01)
    assert _thread._count() == before
    for threads in (2, 3):
        assert nm.solve(ConnectFour(moves), threads=threads).score == score


BURSTS = """
import _thread, json, random, signal, sys, threading, time, traceback
import negamax as nm
from negamax.games import ConnectFour

moves, score, exact = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
firing = threading.Event()
firing.set()

def fire():
    rng = random.Random(0)
    while firing.is_set():
        time.sleep(rng.uniform(0.0005, 0.01))
        if firing.is_set():
            _thread.interrupt_main()       # SIGINT's handler, on every platform

# Ctrl-C raises KeyboardInterrupt, as Python's default handler does, while a solve runs; one
# handled between the calls (at the loop's own lines, outside any try) is dropped.
armed = False

def on_sigint(signum, frame):
    if armed:
        raise KeyboardInterrupt

signal.signal(signal.SIGINT, on_sigint)
shooter = threading.Thread(target=fire, daemon=True)
shooter.start()
results, escaped_from = [], []
end = time.monotonic() + 3
while time.monotonic() < end:
    armed = True
    try:
        results.append(nm.solve(ConnectFour(moves), threads=2))
    except KeyboardInterrupt as error:
        armed = False
        # where the signal was handled: the frame below the handler's own
        frames = [frame for frame in traceback.extract_tb(error.__traceback__)
                  if frame.name != "on_sigint"]
        escaped_from.append(frames[-1].filename)
    armed = False
firing.clear()
shooter.join()
signal.signal(signal.SIGINT, signal.SIG_IGN)
wrong = []
for result in results:
    if result.stop_reason is nm.StopReason.COMPLETED:
        if result.score != score or result.value != exact:
            wrong.append(repr(result))
    elif not (result.stop_reason is nm.StopReason.INTERRUPTED
              and result.lower <= exact <= result.upper):
        wrong.append(repr(result))
print(json.dumps({"results": len(results), "wrong": wrong[:5],
                  "from_threading": [name for name in escaped_from if "threading" in name][:5],
                  "after": nm.solve(ConnectFour(moves), threads=2).score}))
"""


def test_real_ctrl_c_bursts_during_threaded_solves(tmp_path):
    """Ctrl-C every few milliseconds over many short threaded solves (the tester's
    reproducer), in a process of its own (an interrupt can land anywhere, pytest's own
    hooks included): it must not crash; every result that says COMPLETED has the C
    solver's score, an interrupted one keeps sound bounds, and no KeyboardInterrupt comes
    out of the engine's thread handling (one may come out of the call itself: a signal that
    arrives after the search has returned is Python's to raise)."""
    import json
    import subprocess
    import sys

    moves = "2252576253462244111563"
    [(score, _)] = _c_baseline.connect4_solve_many([moves])
    exact = nm.solve(ConnectFour(moves)).value
    script = tmp_path / "bursts.py"
    script.write_text(BURSTS)
    run = subprocess.run([sys.executable, str(script), moves, str(score), str(exact)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, (run.returncode, run.stderr[-2000:])    # a crash is < 0
    report = json.loads(run.stdout.splitlines()[-1])
    assert report["results"] > 0
    assert report["wrong"] == [] and report["from_threading"] == []
    assert report["after"] == score
