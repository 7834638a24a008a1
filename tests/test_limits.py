"""Node and time limits (iterative deepening) and Ctrl-C."""

from __future__ import annotations

import _thread
import subprocess
import sys
import threading
import time

import pytest

import negamax as nm
import reference as R
from helpers import ttt_state

TicTacToe = nm.games.TicTacToe


def check_completed_iteration(position, res):
    """The result is the deepest completed iteration: its value is the depth-`res.depth` value."""
    board = R.parse(position)
    assert res.stats.iterations >= 1
    assert isinstance(res.depth, int) and res.depth >= 1
    assert res.value == R.negamax_value(board, res.depth), (position, res.depth)
    assert res.best_move in R.legal_moves(board)
    child = list(board)
    child[res.best_move] = R.to_move(board)
    assert -R.negamax_value(child, res.depth - 1, 1) == res.value
    pv = tuple(res.pv)
    assert pv and pv[0] == res.best_move
    game = TicTacToe(position)
    for move in pv:
        assert move in list(game.legal_moves())
        game.play(move)


@pytest.mark.parametrize("node_limit", [50, 100, 200])
@pytest.mark.parametrize("algorithm", ["alphabeta", "negamax", "minimax"])
def test_node_limit_tictactoe(node_limit, algorithm):
    game = TicTacToe()
    before = ttt_state(game)
    res = nm.search(game, depth=None, node_limit=node_limit, algorithm=algorithm)
    assert res.stop_reason == nm.StopReason.NODE_LIMIT
    assert res.stats.nodes <= node_limit
    check_completed_iteration(".........", res)
    assert ttt_state(game) == before


@pytest.mark.parametrize("position", ["x...o....", "xo.......", "....x...."])
def test_node_limit_tictactoe_positions(position):
    res = nm.search(TicTacToe(position), node_limit=60)
    assert res.stop_reason == nm.StopReason.NODE_LIMIT
    check_completed_iteration(position, res)


@pytest.mark.parametrize("limits", [dict(node_limit=10**8), dict(time_limit=30.0),
                                    dict(node_limit=10**8, time_limit=30.0)],
                         ids=["nodes", "time", "both"])
@pytest.mark.parametrize("algorithm", ["alphabeta", "negamax"])
def test_generous_limits_complete(limits, algorithm):
    res = nm.search(TicTacToe(), algorithm=algorithm, **limits)
    assert res.stop_reason == nm.StopReason.COMPLETED
    assert res.value == 0
    assert res.best_move in range(9)
    assert res.stats.iterations >= 1
    # a completed search to the end: the PV runs to a finished game
    game = TicTacToe()
    for move in res.pv:
        game.play(move)
    assert game.is_terminal() and game.winner == 0


@pytest.mark.parametrize("depth", [2, 4])
def test_generous_limits_with_depth(depth):
    res = nm.search(TicTacToe(), depth=depth, node_limit=10**8)
    assert res.stop_reason == nm.StopReason.COMPLETED
    assert res.depth == depth
    assert res.value == R.negamax_value([0] * 9, depth)


# uniform(8, 9) has 134,217,728 leaves. uniform(8, 10) is over the implementation's size limit
# (2**28 leaves), and a fast machine may finish even alpha-beta over a tree that prunes nothing
# within 0.2 s, so the searches that must be stopped use the algorithms without pruning. The
# worst ordering, not the random one: the searches here do not depend on the values, and the
# random permutation of 2**27 leaves takes ten times as long to draw (25 s against 2.5 s here:
# every step of numpy's shuffle misses the cache).
@pytest.fixture(scope="module")
def big_tree():
    return nm.trees.uniform(8, 9, ordering="worst")


@pytest.mark.parametrize("algorithm", ["minimax", "negamax"])
def test_time_limit_big_tree(big_tree, algorithm):
    start = time.perf_counter()
    res = nm.search(big_tree, algorithm=algorithm, time_limit=0.2)
    wall = time.perf_counter() - start
    assert wall < 5.0
    assert res.elapsed < 5.0
    assert res.stop_reason == nm.StopReason.TIME_LIMIT
    assert res.best_move in range(8)
    assert res.stats.iterations >= 1
    assert 1 <= res.depth < 9
    assert tuple(res.pv)[0] == res.best_move
    # a full minimax of this tree reads 8**9 leaves; the limited search read far fewer
    assert res.stats.leaves < 8**9


def test_time_limit_big_tree_alphabeta(big_tree):
    start = time.perf_counter()
    res = nm.search(big_tree, algorithm="alphabeta", time_limit=0.2)
    wall = time.perf_counter() - start
    assert wall < 5.0
    assert res.elapsed < 5.0
    assert res.stop_reason in (nm.StopReason.TIME_LIMIT, nm.StopReason.COMPLETED)
    assert res.best_move in range(8)
    assert res.stats.iterations >= 1
    if res.stop_reason == nm.StopReason.COMPLETED:
        assert res.depth == 9
        assert res.stats.max_ply == 9


def test_node_limit_big_tree(big_tree):
    for algorithm in ("alphabeta", "minimax"):
        res = nm.search(big_tree, algorithm=algorithm, node_limit=20_000)
        assert res.stop_reason == nm.StopReason.NODE_LIMIT
        assert res.stats.nodes <= 20_000
        assert res.best_move in range(8)
        assert 1 <= res.depth < 9


def run_and_interrupt(search, delay=0.2):
    """Run `search()` in the main thread while another thread simulates Ctrl-C after `delay`."""

    def interrupt():
        time.sleep(delay)
        _thread.interrupt_main()

    thread = threading.Thread(target=interrupt)
    start = time.perf_counter()
    escaped = None
    res = None
    try:
        thread.start()
        res = search()
    except KeyboardInterrupt as exc:  # the search must return a result, not raise
        escaped = exc
    wall = time.perf_counter() - start
    thread.join()
    # give a pending (unhandled) interrupt a chance to fire here rather than in another test
    try:
        for _ in range(100):
            time.sleep(0.001)
    except KeyboardInterrupt:
        pytest.fail("the interrupt was left pending after the search returned")
    assert escaped is None, "KeyboardInterrupt escaped from nm.search"
    return res, wall


@pytest.mark.parametrize("algorithm", ["minimax", "negamax"])
def test_ctrl_c_interrupts_search(big_tree, algorithm):
    res, wall = run_and_interrupt(lambda: nm.search(big_tree, algorithm=algorithm, time_limit=60))
    assert res.stop_reason == nm.StopReason.INTERRUPTED
    assert wall < 3.0  # a full iterative minimax of this tree takes several seconds
    assert res.best_move in range(8)
    assert res.stats.iterations >= 1
    assert res.depth < 9


def test_ctrl_c_interrupts_plain_search(big_tree):
    """Without limits the search is a single full-depth iteration; Ctrl-C still stops it."""
    res, wall = run_and_interrupt(lambda: nm.search(big_tree, algorithm="minimax"))
    assert res.stop_reason == nm.StopReason.INTERRUPTED
    assert wall < 3.0


def check_nim_line(heaps, res):
    """best_move and the PV are legal moves replayed from the root position."""
    from test_python_game import Nim

    game = Nim(heaps)
    assert res.best_move in R.nim_moves(list(heaps))
    assert tuple(res.pv)[0] == res.best_move
    for move in res.pv:
        assert tuple(move) in R.nim_moves(game.heaps)
        game.play(tuple(move))


@pytest.mark.parametrize("delay", [0.1, 0.15, 0.2, 0.25, 0.3])
def test_ctrl_c_interrupts_python_game_search(delay):
    """Ctrl-C during a search over a game written in Python (the interrupt lands in a callback)."""
    from test_python_game import Nim

    heaps = (2, 3, 4, 5, 6)
    game = Nim(heaps)
    res, wall = run_and_interrupt(lambda: nm.search(game, algorithm="alphabeta", time_limit=60),
                                  delay=delay)
    assert res.stop_reason == nm.StopReason.INTERRUPTED
    assert wall < 5.0
    assert game.heaps == list(heaps) and game.history == []
    check_nim_line(heaps, res)


@pytest.mark.parametrize("limits,reason", [
    (dict(node_limit=3000), nm.StopReason.NODE_LIMIT),
    (dict(time_limit=0.3), nm.StopReason.TIME_LIMIT),
], ids=["nodes", "time"])
def test_limits_python_game(limits, reason):
    from test_python_game import Nim

    heaps = (2, 3, 4, 5, 6)
    game = Nim(heaps)
    start = time.perf_counter()
    res = nm.search(game, algorithm="alphabeta", **limits)
    assert time.perf_counter() - start < 5.0
    assert res.stop_reason == reason
    assert res.stats.iterations >= 1
    assert game.heaps == list(heaps) and game.history == []
    check_nim_line(heaps, res)
    if "node_limit" in limits:
        assert res.stats.nodes <= limits["node_limit"]


# --- Ctrl-C inside a Python game's own code, during a solve ------------------------------

def nim_value(heaps):
    """The exact value of normal-play Nim for the side to move, by plain recursion: WIN less
    the plies to the end for a win (the winner hurries), its negative for a loss (the loser
    delays)."""
    from functools import lru_cache

    @lru_cache(maxsize=None)
    def outcome(position):        # (wins, plies to the end)
        if not any(position):
            return False, 0
        children = [outcome(tuple(sorted(position[:i] + (h - k,) + position[i + 1:])))
                    for i, h in enumerate(position) for k in range(1, h + 1)]
        losing = [plies for wins, plies in children if not wins]
        if losing:
            return True, 1 + min(losing)
        return False, 1 + max(plies for _, plies in children)

    wins, plies = outcome(tuple(sorted(heaps)))
    return nm.WIN - plies if wins else -(nm.WIN - plies)


def interrupted_nim(after_calls):
    """Nim whose legal_moves raises KeyboardInterrupt on its `after_calls`-th call, where a
    real Ctrl-C lands while a Python game is searched."""
    from keyed_nim import Nim

    class Interrupted(Nim):
        calls = 0

        def legal_moves(self):
            type(self).calls += 1
            if type(self).calls == after_calls:
                raise KeyboardInterrupt
            return super().legal_moves()

    return Interrupted(HEAPS)


HEAPS = [3, 4, 5, 6]      # a win; a solve calls legal_moves 422 (weak) to 3,418 times


@pytest.mark.parametrize("after_calls", [1, 3, 10, 30, 100, 300])
def test_ctrl_c_in_a_python_game_leaves_only_proven_bounds(after_calls):
    true = nim_value(HEAPS)
    for weak in (False, True):
        result = nm.solve(interrupted_nim(after_calls), weak=weak)
        assert result.stop_reason is nm.StopReason.INTERRUPTED
        assert result.lower <= true <= result.upper, (result.lower, true, result.upper)
        assert result.value is None
    for algorithm in ("pvs", "mtdf"):
        searched = nm.search(interrupted_nim(after_calls), algorithm=algorithm)
        assert searched.stop_reason is nm.StopReason.INTERRUPTED
        if searched.depth > 0 and searched.value is not None:
            # a completed iteration: its value is what a search to that depth gives
            reference = nm.search(interrupted_nim(10**9), searched.depth, algorithm="alphabeta")
            assert searched.value == reference.value


@pytest.mark.parametrize("many", [nm.search_many, nm.solve_many])
def test_ctrl_c_stops_the_whole_batch(many):
    # Each search alone would run for the whole time limit (the empty Connect Four board):
    # Ctrl-C is seen once, by the search running then, and the rest of the batch stops too.
    games = [nm.games.ConnectFour() for _ in range(3)]
    options = dict(algorithm="pvs") if many is nm.search_many else {}
    results, wall = run_and_interrupt(lambda: many(games, time_limit=20, **options), delay=0.2)
    assert wall < 10
    assert [r.stop_reason for r in results] == [nm.StopReason.INTERRUPTED] * 3


@pytest.mark.parametrize("order", [0, 1])
def test_a_stopped_batch_reports_no_result_for_the_searches_it_skipped(order):
    # The one Searcher of a batch moves on to each game: a game it never searched must not
    # report the previous game's best move (here often illegal) or value.
    games = [nm.games.TicTacToe(), nm.games.TicTacToe("xoxoxo..."),
             nm.trees.from_nested([[5.5, 6.5], [1.5, 2.5]]), nm.trees.uniform(8, 8)]
    if order:
        games.reverse()
    signal = nm.StopSignal()
    signal.set()
    first, *rest = nm.search_many(games, algorithm="pvs", stop=signal)
    assert first.stop_reason is nm.StopReason.INTERRUPTED
    assert first.best_move is None or first.best_move in games[0].legal_moves()
    for result in rest:
        assert result.stop_reason is nm.StopReason.INTERRUPTED
        assert (result.value, result.best_move, result.pv, result.stats.nodes) == (None, None, (), 0)


def test_ctrl_c_in_one_python_game_of_a_batch_stops_the_rest():
    from keyed_nim import Nim

    games = [Nim(HEAPS), interrupted_nim(30), Nim(HEAPS)]
    results = nm.solve_many(games)
    assert results[0].stop_reason is nm.StopReason.COMPLETED
    assert results[0].value == nim_value(HEAPS)
    assert [r.stop_reason for r in results[1:]] == [nm.StopReason.INTERRUPTED] * 2
    assert results[2].value is None and results[2].stats.nodes == 0


def test_ctrl_c_in_a_weak_batch_with_a_tree_stops_the_rest():
    # A tree in a weak batch makes the batch run its searches one at a time in Python; the
    # rest of the batch stops all the same.
    from keyed_nim import Nim

    tree = nm.trees.from_nested([[1, 2], [3, 4]])
    results = nm.solve_many([tree, interrupted_nim(30), Nim(HEAPS)], weak=True)
    assert results[0].stop_reason is nm.StopReason.COMPLETED and results[0].outcome == "win"
    assert [r.stop_reason for r in results[1:]] == [nm.StopReason.INTERRUPTED] * 2
    assert results[2].stats.nodes == 0 and results[2].outcome is None


class _Boom(Exception):
    pass


def _counting_nim():
    """Nim that counts the legal_moves calls of every copy (the search runs on copies)."""
    from keyed_nim import Nim

    class Counting(Nim):
        calls = 0

        def legal_moves(self):
            type(self).calls += 1
            return super().legal_moves()

    return Counting


@pytest.mark.parametrize("many", [nm.search_many, nm.solve_many])
def test_a_failing_search_stops_the_batch_it_raises_for(many):
    # The batch raises the first failure: the searches after it would be thrown away, so
    # they never run (they did, for minutes on hard positions, before the batch raised).
    from keyed_nim import Nim

    class Failing(Nim):
        def play(self, move):
            raise _Boom("play failed")

    counting = _counting_nim()
    with pytest.raises(_Boom):
        many([Failing(HEAPS), counting(HEAPS), counting([2, 3])])
    assert counting.calls == 0


def test_a_leaf_root_has_its_value_under_a_node_limit_of_one():
    # A finished position is one node: every algorithm, and solve, reads its value in it.
    for game, value in ((nm.games.TicTacToe("xxxoo...."), -nm.WIN), (nm.trees.from_nested(5), 5)):
        for algorithm in ("minimax", "alphabeta", "pvs", "mtdf"):
            result = nm.search(game, algorithm=algorithm, node_limit=1)
            assert result.value == value and result.stop_reason is nm.StopReason.COMPLETED, algorithm
        solved = nm.solve(game, node_limit=1)
        assert solved.value == value and solved.stop_reason is nm.StopReason.COMPLETED
    assert nm.search(nm.games.ConnectFour("4453"), 0, algorithm="mtdf", node_limit=1).value is not None


def test_a_stop_signal_takes_no_arguments():
    with pytest.raises(TypeError):
        nm.StopSignal(True)
    assert not nm.StopSignal().is_set()


def test_ctrl_c_while_the_trace_is_made_returns_the_result_with_the_visits_so_far(monkeypatch):
    # The trace is made in Python after the search (seconds for a large one): Ctrl-C there
    # ends the making, and the search's result comes back with the visits made before it.
    from negamax import result_building
    full = nm.search(nm.games.TicTacToe("xo......."), algorithm="minimax", trace=True)
    made = []

    def visit(**fields):
        if len(made) == 100:
            raise KeyboardInterrupt
        made.append(nm.Visit(**fields))
        return made[-1]

    monkeypatch.setattr(result_building, "Visit", visit)
    cut = nm.search(nm.games.TicTacToe("xo......."), algorithm="minimax", trace=True)
    assert cut.stop_reason is nm.StopReason.INTERRUPTED
    assert cut.trace == full.trace[:100]
    assert (cut.value, cut.pv, cut.stats) == (full.value, full.pv, full.stats)


def test_a_trace_that_runs_out_of_memory_while_made_raises_search_memory_error(monkeypatch):
    # README: a trace that cannot get memory raises negamax.SearchMemoryError. Running out
    # while Python makes the visits raised a bare MemoryError('') (a 10,000-ply chain's
    # trace holds 50 million path entries).
    from negamax import result_building
    visits = len(nm.search(nm.games.TicTacToe("xo......."), algorithm="minimax", trace=True).trace)
    made = []

    def visit(**fields):
        if len(made) == 100:
            raise MemoryError
        made.append(nm.Visit(**fields))
        return made[-1]

    monkeypatch.setattr(result_building, "Visit", visit)
    with pytest.raises(nm.SearchMemoryError, match="not enough memory for the search trace "
                                                   rf"\(100 of its {visits:,} visits made"):
        nm.search(nm.games.TicTacToe("xo......."), algorithm="minimax", trace=True)


def test_a_limit_that_stops_the_line_after_a_search_to_the_end_reports_its_real_depth():
    # O to move after 4453 and 3 (X on 4, 5, 3): X holds two open threats on the bottom row,
    # so every O move loses to an X four at once (checked here by playing them): a loss in 2.
    # Proven in the first node (safe moves), the search is complete; the node limit then
    # stops the lengthening of its line. The depth was the internal 10,001.
    position = "44553"
    game = nm.games.ConnectFour(position)
    for move in game.legal_moves():
        child = nm.games.ConnectFour(position)
        child.play(move)
        assert any(_wins_at_once(position, move, reply) for reply in child.legal_moves())
    for options in ({"algorithm": "pvs"}, {"safe_moves": True}):
        result = nm.search(game, node_limit=1, iterative=False, **options)
        assert result.value == -(nm.WIN - 2), options
        assert result.depth == 2, options
        assert result.best_move in game.legal_moves()
        assert result.stop_reason is nm.StopReason.NODE_LIMIT     # the line was cut short


def _wins_at_once(position, move, reply):
    game = nm.games.ConnectFour(position)
    game.play(move)
    game.play(reply)
    return game.is_terminal() and len(game.moves) < 42


def test_a_helper_that_finished_before_the_limit_reports_a_completed_search():
    # Two threads, a node limit of 1: the main thread stops at once, the helper may finish
    # the whole depth-3 search first; its result is then complete (it was labelled NODE_LIMIT).
    board = R.parse("x...o....")
    completed = 0
    for _ in range(60):
        result = nm.search(TicTacToe("x...o...."), 3, algorithm="pvs", threads=2, node_limit=1)
        if result.depth == 3:
            assert result.stop_reason is nm.StopReason.COMPLETED
            assert result.value == R.negamax_value(board, 3)
            completed += 1
        else:
            assert result.stop_reason is nm.StopReason.NODE_LIMIT
    assert completed > 0


CTRL_C_WHILE_THE_TABLE_IS_MADE = """
import _thread, threading, time
import negamax as nm
from negamax.games import ConnectFour
game = ConnectFour("4453")
# Zeroing a gigabyte takes well over 10 ms on any machine (tens of GB/s at most): the
# interrupt comes while the thread's new table is made, before anything is searched.
threading.Thread(target=lambda: (time.sleep(0.01), _thread.interrupt_main())).start()
try:
    result = nm.solve(game, tt_mb=1024)
except KeyboardInterrupt:
    print("escaped")
else:
    print(result.stop_reason.name, result.stats.nodes, result.value)
again = nm.solve(game, tt_mb=1024, node_limit=5000)
print(again.stop_reason.name, again.stats.nodes > 0)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="no SIGINT semantics to simulate on Windows")
def test_ctrl_c_while_the_threads_table_is_made_returns_an_interrupted_result():
    # README: Ctrl-C while search or solve makes the calling thread's table returns at once,
    # interrupted, with nothing searched. It escaped as KeyboardInterrupt: Python acted on
    # the signal only at a line past the except clause meant for it.
    done = subprocess.run([sys.executable, "-c", CTRL_C_WHILE_THE_TABLE_IS_MADE],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split("\n")[:2] == ["INTERRUPTED 0 None", "NODE_LIMIT True"], done.stdout


# --- polls of a slow game (limits.pxi, adapt_poll_interval) --------------------------------------

def slow_nim(heaps, seconds):
    """Keyed Nim whose every move list takes `seconds` to make (a game written in Python with
    a costly move generator); `calls` counts the lists made."""
    from keyed_nim import Nim

    class Slow(Nim):
        calls = 0

        def legal_moves(self):
            Slow.calls += 1
            time.sleep(seconds)
            return super().legal_moves()

        def copy(self):
            other = Slow(self.heaps)
            other.history = list(self.history)
            return other

    return Slow(heaps)


@pytest.mark.parametrize("call", ["search", "solve"])
def test_a_slow_python_game_keeps_its_time_limit_to_a_few_nodes(call):
    # 2 ms a move list: with a poll every 1,024 nodes (as before) a search made 150 or more
    # lists in 0.1 s and a solve 232, running up to half a second past the limit. The lists
    # made count how far past it the search went (no clock is asserted on: a loaded machine
    # makes fewer in the time, never more).
    game = slow_nim((3, 4, 5, 6), 0.002)
    result = getattr(nm, call)(game, time_limit=0.1)
    assert result.stop_reason is nm.StopReason.TIME_LIMIT
    assert 1 <= type(game).calls <= 0.1 / 0.002 + 20


def test_a_python_game_sees_a_stop_signal_set_beforehand_at_its_first_node():
    signal = nm.StopSignal()
    signal.set()
    result = nm.search(slow_nim((3, 4, 5), 0.0), depth=6, stop=signal)
    assert result.stop_reason is nm.StopReason.INTERRUPTED
    assert result.stats.nodes == 0                   # it stops entering the first one
    native = nm.search(TicTacToe(), stop=signal)     # a native game too (its polls are
    assert native.stop_reason is nm.StopReason.INTERRUPTED and native.stats.nodes == 0  # 1,024 apart)


def test_a_fast_python_games_polls_do_not_change_its_results():
    # The interval starts at one node for a game written in Python and grows while polls are
    # quick: the search's values and counters are those of a search without limits.
    from keyed_nim import Nim
    plain = nm.solve(Nim((3, 4, 5)))
    polled = nm.solve(slow_nim((3, 4, 5), 0.0), time_limit=600.0)
    assert polled.stop_reason is nm.StopReason.COMPLETED
    assert (polled.value, polled.pv, polled.stats) == (plain.value, plain.pv, plain.stats)


def test_a_signal_set_before_the_start_stops_even_a_short_search_at_once():
    # Polls come every 1,024 nodes; a search smaller than that used to run to its end
    # under a signal set before it started.
    from negamax.games import ConnectFour, TicTacToe
    signal = nm.StopSignal()
    signal.set()
    result = nm.search(ConnectFour("4453"), 4, stop=signal)
    assert (result.stop_reason, result.best_move, result.stats.nodes) == (nm.StopReason.INTERRUPTED, None, 0)
    solved = nm.solve(ConnectFour("4453444"), stop=signal)
    assert solved.stop_reason is nm.StopReason.INTERRUPTED and solved.value is None
    for many, extra in ((nm.search_many, {"depth": 3}), (nm.solve_many, {})):
        results = many([TicTacToe(), ConnectFour("44"), nm.trees.uniform(2, 3, seed=1)],
                       stop=signal, **extra)
        assert [r.stop_reason for r in results] == [nm.StopReason.INTERRUPTED] * 3
    signal.clear()
    assert nm.search(ConnectFour("4453"), 4, stop=signal).stop_reason is nm.StopReason.COMPLETED
