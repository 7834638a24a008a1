"""One transposition table serves one search at a time: a second search from another Python
thread is refused with a ValueError (interleaved generations would let it read the other
search's entries, possibly of another game); a batch and the threads of one search share it."""

from __future__ import annotations

import threading
import time

import pytest

import negamax as nm
from negamax.games import ConnectFour, TicTacToe


def test_a_table_in_use_is_refused_to_a_second_search_and_free_again_after():
    table = nm.TranspositionTable(8)
    stop = nm.StopSignal()
    outcome = {}

    def long_solve():
        outcome["result"] = nm.solve(ConnectFour(""), tt=table, stop=stop)

    worker = threading.Thread(target=long_solve)
    worker.start()
    try:
        time.sleep(0.3)          # the empty board takes minutes: the solve is running now
        assert worker.is_alive()
        with pytest.raises(ValueError, match="in use by another search"):
            nm.search(TicTacToe(), tt=table)
        with pytest.raises(ValueError, match="in use by another search"):
            nm.solve_many([TicTacToe("x........")], tt=table)
        # Clearing it would change the generation under the running search's stores.
        with pytest.raises(ValueError, match="in use by a search"):
            table.clear()
    finally:
        stop.set()
        worker.join()
    assert outcome["result"].stop_reason == nm.StopReason.INTERRUPTED
    # Released: searches, batches and threaded solves run on it again.
    assert nm.solve(TicTacToe(), tt=table).value == 0
    assert [r.value for r in nm.solve_many([TicTacToe()] * 3, tt=table)] == [0, 0, 0]
    assert nm.solve(ConnectFour("44533511"), tt=table, threads=2).value == \
        nm.solve(ConnectFour("44533511")).value


def test_a_failed_search_releases_its_table():
    table = nm.TranspositionTable(1)

    def boom(result):
        raise RuntimeError("stop here")

    with pytest.raises(RuntimeError, match="stop here"):
        nm.search(ConnectFour("44"), 6, algorithm="pvs", tt=table, iterative=True, on_iteration=boom)
    assert nm.search(ConnectFour("44"), 4, tt=table).best_move is not None


def test_a_failed_reinit_keeps_the_table_whole():
    table = nm.TranspositionTable(1)
    with pytest.raises(ValueError, match="table size"):
        table.__init__(0)
    with pytest.raises(TypeError, match="megabytes"):
        table.__init__("big")
    assert table.entries_count == 65536 and table.mb == 1
    game = nm.games.ConnectFour("4453")
    kept = nm.search(game, 6, algorithm="pvs", tt=table)
    fresh = nm.search(game, 6, algorithm="pvs", tt=nm.TranspositionTable(1))
    assert (kept.value, kept.pv, kept.stats) == (fresh.value, fresh.pv, fresh.stats)


def test_a_table_without_memory_is_refused_never_read():
    table = nm.TranspositionTable.__new__(nm.TranspositionTable)
    assert table.entries_count == 0 and table.hashfull() == 0
    table.clear()
    game = nm.games.ConnectFour("4453")
    with pytest.raises(ValueError, match="no memory"):
        nm.search(game, 6, algorithm="pvs", tt=table)
    with pytest.raises(ValueError, match="no memory"):
        nm.solve_many([game], tt=table)
    table.__init__(1)                    # made whole, it serves searches
    assert nm.search(game, 6, algorithm="pvs", tt=table).value == \
        nm.search(game, 6, algorithm="pvs", tt=nm.TranspositionTable(1)).value


def test_a_search_started_inside_a_search_gets_a_table_of_its_own():
    """on_iteration (and a Python game's methods) run on the searching thread, whose default
    table is the running search's: a default-table search or solve started there, or a batch,
    gets a table for that call (it used to be refused as "in use"), and the outer search is
    unchanged. Values from theory: tic-tac-toe is a draw; x wins at once in xx.oo...."""
    inner = []

    def solve_inside(result):
        inner.append((nm.solve(TicTacToe()).value, nm.search(TicTacToe("xx.oo...."), 2, algorithm="pvs").value,
                      tuple(r.value for r in nm.solve_many([TicTacToe(), TicTacToe("xx.oo....")]))))

    outer = nm.search(ConnectFour("4453"), 7, algorithm="pvs", iterative=True, on_iteration=solve_inside)
    assert len(inner) == outer.depth - 1 == 6
    assert set(inner) == {(0, nm.WIN - 1, (0, nm.WIN - 1))}
    alone = nm.search(ConnectFour("4453"), 7, algorithm="pvs", iterative=True)
    assert (outer.value, outer.pv, outer.stats) == (alone.value, alone.pv, alone.stats)


def test_a_table_size_of_any_real_type():
    import fractions

    import numpy as np
    assert nm.TranspositionTable(np.float16(1)).mb == 1.0      # 2**20 overflows float16
    assert nm.TranspositionTable(fractions.Fraction(1, 2)).mb == 0.5
    for bad in (10 ** 400, np.float16("inf"), float("nan"), 0):
        with pytest.raises(ValueError, match="table size"):
            nm.TranspositionTable(bad)
