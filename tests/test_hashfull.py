"""SearchResult.hashfull: the permille of the table holding the search's entries.

The engine counts entries as it adds them; the reference here is a scan of the table
(TranspositionTable.hashfull reads the first 1,000 entries, so on a table of at most 1,000
entries it reads every one and is exact)."""

import pytest

import negamax as nm

SMALL_MB = 0.01      # 256 buckets of two entries: 512 entries, all of them scanned

CASES = [
    ("tic-tac-toe", lambda: nm.games.TicTacToe(), {}),
    ("connect four", lambda: nm.games.ConnectFour("4453"), {"depth": 8}),
    ("chess", lambda: nm.games.Chess(), {"depth": 4}),
    ("checkers", lambda: nm.games.Checkers(), {"depth": 6}),
]


@pytest.mark.parametrize("name, make, options", CASES, ids=[case[0] for case in CASES])
@pytest.mark.parametrize("algorithm", ["pvs", "mtdf"])
def test_hashfull_equals_a_scan_of_the_whole_table(name, make, options, algorithm):
    table = nm.TranspositionTable(SMALL_MB)
    assert table.entries_count <= 1000
    for _ in range(2):       # the second search starts a new generation of the same table
        result = nm.search(make(), algorithm=algorithm, tt=table, **options)
        assert result.stats.tt_stores > 0
        assert result.hashfull == table.hashfull()


def test_hashfull_of_a_solve_and_of_no_table():
    table = nm.TranspositionTable(SMALL_MB)
    solved = nm.solve(nm.games.ConnectFour("44444433"), tt=table)
    assert solved.stats.tt_stores > 0
    searched = nm.search(nm.games.TicTacToe("x...o...."), algorithm="pvs", tt=table)
    assert searched.hashfull == table.hashfull() > 0
    assert nm.search(nm.games.TicTacToe("x...o...."), algorithm="pvs", tt=False).hashfull == 0


def test_hashfull_of_a_large_table_is_the_share_of_its_entries():
    table = nm.TranspositionTable(1)          # 65,536 entries
    result = nm.search(nm.games.ConnectFour("4453"), algorithm="pvs", depth=10, tt=table)
    # Every store adds at most one entry, so the permille is at most stores / entries.
    assert 0 < result.hashfull <= result.stats.tt_stores * 1000 // table.entries_count


def test_hashfull_with_two_threads_is_at_least_the_scan():
    # Threads storing into one empty slot at the same moment may each count it: the figure
    # can only come out high, never low, and never above 1000.
    table = nm.TranspositionTable(SMALL_MB)
    result = nm.search(nm.games.Chess(), algorithm="pvs", depth=5, tt=table, threads=2)
    assert table.hashfull() <= result.hashfull <= 1000
