"""The shared transposition table under threads (Lazy SMP): an entry is two 64-bit words,
written and read without locks, so what a probe hands back must always be one store's whole
entry, never a mix. _hammer_table stores and probes a few hundred keys (each with its own
value and move) from several threads at once on a tiny table, where every store replaces
or moves another key's entry, and counts hits that answer a key with another key's result."""

from __future__ import annotations

import threading

import pytest

from negamax._engine import TranspositionTable, _hammer_table

STORES = 5_000_000


def hammer(threads: int, stores: int = STORES) -> list:
    table = TranspositionTable(0.001)        # 32 buckets of two entries: constant replacement
    assert table.entries_count == 64
    results: list = [None] * threads

    def run(index: int) -> None:
        results[index] = _hammer_table(table, 200, index + 1, stores)

    workers = [threading.Thread(target=run, args=(index,)) for index in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return results


def test_one_thread_reads_back_only_what_it_stored():
    [(hits, wrong)] = hammer(1, 1_000_000)
    assert hits > 100_000         # the keys share buckets, yet many probes still hit
    assert wrong == 0


@pytest.mark.parametrize("threads", [2, 4])
def test_threads_never_read_one_key_with_another_keys_entry(threads):
    # Before the fix, a store that moved slot 0's entry to slot 1 read slot 0's payload a
    # second time: another thread's newer payload could join the old header, an entry whose
    # check passes with another position's value (about 700 such hits in 20M stores here).
    results = hammer(threads)
    assert all(hits > 0 for hits, _ in results)
    assert [wrong for _, wrong in results] == [0] * threads


def test_hammer_rejects_an_empty_key_set():
    with pytest.raises(ValueError, match="keys"):
        _hammer_table(TranspositionTable(0.001), 0, 1, 10)
