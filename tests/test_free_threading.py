"""The free-threading claim (setup.py's freethreading_compatible directive, the 3.14t wheels).

The compiled modules keep no mutable state shared between searches, every search runs on its
own copy of the game, and tt=True gives each thread a transposition table of its own, so
searches started from several threads at once must give exactly what each gives alone. On a GIL build the native searches already overlap (they release the
GIL); on a free-threaded build everything does, the Python-facing game methods included.
"""

import dataclasses
import os
import subprocess
import sys
import sysconfig
import threading

import negamax as nm
from helpers import Subtraction

THREADS = 8
FREE_THREADED_BUILD = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))


def nested_tree(seed, branching=4, depth=5):
    """A deterministic nested-list tree with pseudo-random leaves."""
    state = [seed * 7919 + 1]

    def build(level):
        if level == depth:
            state[0] = (state[0] * 1103515245 + 12345) % 2**31
            return state[0] % 201 - 100
        return [build(level + 1) for _ in range(branching)]

    return build(0)


SHARED_TICTACTOE = nm.games.TicTacToe("x...o....")   # searched by every thread at once
CONNECT4_ENDGAME = "2252576253462244111563"            # solved in about 11,000 nodes
TABLE_MB = 4                                           # per thread


def jobs():
    """(label, callable) pairs, each one search returning a SearchResult."""
    work = [
        ("tictactoe shared", lambda: nm.search(SHARED_TICTACTOE)),
        ("tictactoe minimax", lambda: nm.search(nm.games.TicTacToe(), algorithm="minimax")),
        ("tictactoe depth 3", lambda: nm.search(nm.games.TicTacToe("x.o......"), depth=3)),
        ("tictactoe node limit", lambda: nm.search(nm.games.TicTacToe(), node_limit=3000)),
        ("python game", lambda: nm.search(Subtraction(13))),
        ("python game negamax", lambda: nm.search(Subtraction(9), algorithm="negamax")),
        # tt=True: each thread keeps its own table between searches (a new generation per
        # search), so results stay reproducible however the searches interleave.
        ("tictactoe table", lambda: nm.search(nm.games.TicTacToe(), tt=True, tt_mb=TABLE_MB)),
        ("connect4 pvs", lambda: nm.search(nm.games.ConnectFour(), depth=14, algorithm="pvs",
                                           tt=True, tt_mb=TABLE_MB)),
        ("connect4 mtdf", lambda: nm.search(nm.games.ConnectFour("4453"), depth=10, algorithm="mtdf",
                                            tt=True, tt_mb=TABLE_MB)),
        ("connect4 solve", lambda: nm.solve(nm.games.ConnectFour(CONNECT4_ENDGAME), tt=True, tt_mb=TABLE_MB)),
        ("chess pvs", lambda: nm.search(nm.games.Chess(), depth=4, algorithm="pvs", tt=True,
                                        tt_mb=TABLE_MB)),
        ("checkers pvs", lambda: nm.search(nm.games.Checkers(), depth=6, algorithm="pvs", tt=True,
                                           tt_mb=TABLE_MB)),
        ("connect4 batch", lambda: nm.solve_many([nm.games.ConnectFour(CONNECT4_ENDGAME)] * 2,
                                                 tt=True, tt_mb=TABLE_MB)[1]),
    ]
    for seed in range(3):
        work.append((f"uniform {seed}", lambda seed=seed: nm.search(nm.trees.uniform(6, 6, seed=seed))))
        work.append((f"nested {seed}", lambda seed=seed: nm.search(nm.trees.from_nested(nested_tree(seed)), trace=True)))
    return work


def summary(result):
    """Every field of a result (search or solve), counters and trace included, but the time."""
    fields = dataclasses.asdict(result)
    del fields["elapsed"]
    return fields


def run_in_threads(worker):
    """Start `worker(index)` in THREADS threads released together; return their results."""
    barrier = threading.Barrier(THREADS)
    results, errors = [None] * THREADS, []

    def target(index):
        try:
            barrier.wait()
            results[index] = worker(index)
        except BaseException as error:   # reported by the main thread
            errors.append(error)

    threads = [threading.Thread(target=target, args=(i,)) for i in range(THREADS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors
    return results


def test_concurrent_searches_match_a_single_thread_run():
    work = jobs()
    alone = {label: summary(run()) for label, run in work}
    position_before = SHARED_TICTACTOE.position

    def worker(index):
        shift = index % len(work)             # each thread runs the jobs in a different order
        return {label: summary(run()) for label, run in work[shift:] + work[:shift]}

    for together in run_in_threads(worker):
        for label, expected in alone.items():
            assert together[label] == expected, label
    assert SHARED_TICTACTOE.position == position_before


def test_concurrent_play_and_undo_on_separate_games():
    line = [4, 0, 8, 2, 1, 7, 6, 3, 5]   # a full game of tic-tac-toe, ending in a draw

    def worker(index):
        game = nm.games.TicTacToe()
        seen = []
        for _ in range(200):
            for move in line:
                game.play(move)
            seen.append((game.position, game.winner, game.key()))
            for _ in line:
                game.undo()
        assert game.position == "." * 9
        return set(seen)

    expected = nm.games.TicTacToe()
    for move in line:
        expected.play(move)
    for seen in run_in_threads(worker):
        assert seen == {(expected.position, expected.winner, expected.key())}


def test_importing_negamax_keeps_the_gil_off_on_free_threaded_python():
    """A compiled module that does not declare itself free-threading compatible turns the GIL
    back on at import, with a RuntimeWarning. A fresh interpreter shows what importing does."""
    code = ("import sys, warnings; warnings.simplefilter('error'); "
            "import negamax, negamax.game, negamax._engine, negamax._python_game, negamax.games; "
            "print(sys._is_gil_enabled() if hasattr(sys, '_is_gil_enabled') else True)")
    env = {key: value for key, value in os.environ.items() if key != "PYTHON_GIL"}
    completed = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                               env=env, timeout=120)
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout.strip() == str(not FREE_THREADED_BUILD)
