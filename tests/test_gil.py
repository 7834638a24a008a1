"""A native search releases the GIL: Python code in another thread keeps running meanwhile,
and several searches can run side by side in threads with the same results."""

import threading
from concurrent.futures import ThreadPoolExecutor

import negamax as nm


def test_python_thread_runs_while_native_search_holds_no_gil():
    tree = nm.trees.uniform(8, 8, ordering="random")   # minimax reads all 16.7 million leaves
    started, done = threading.Event(), threading.Event()
    results = []

    def run_search():
        started.set()
        results.append(nm.search(tree, algorithm="minimax"))
        done.set()

    worker = threading.Thread(target=run_search)
    worker.start()
    started.wait()
    ticks = 0
    while not done.is_set():     # pure Python work, possible only while the search lets go of the GIL
        ticks += 1
    worker.join()
    assert results[0].stats.leaves == 8 ** 8
    # Holding the GIL, the search would leave this loop only the few microseconds of Python
    # around it (a few hundred ticks at most); without it, the loop runs for the whole search.
    assert ticks > 50_000


def test_concurrent_searches_agree():
    trees = [nm.trees.uniform(6, 6, ordering="random", seed=seed) for seed in range(4)]
    alone = [nm.search(tree) for tree in trees]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(nm.search, trees))
    for a, b in zip(alone, together):
        assert (a.value, a.pv, a.stats.nodes, a.stats.leaves) == (b.value, b.pv, b.stats.nodes, b.stats.leaves)


def test_a_search_off_the_main_thread_never_takes_the_gil_to_look_for_ctrl_c():
    # Only the main thread runs Python's signal handlers. A search on another thread took
    # the GIL every 1,024 nodes to look anyway: beside a thread running Python (the test
    # above) each look waited up to the 5 ms switch interval, 45 s for a 0.25 s search.
    from negamax._engine import _signal_looks

    tree = nm.trees.uniform(6, 8, ordering="random")     # 1.9 million nodes: ~1,800 polls
    before = _signal_looks()
    with ThreadPoolExecutor(max_workers=1) as pool:
        result = pool.submit(nm.search, tree, algorithm="minimax").result()
    assert result.stats.nodes > 100 * 1024
    assert _signal_looks() == before


def test_the_main_thread_looks_for_ctrl_c_at_most_every_50_ms():
    from negamax._engine import _signal_looks

    tree = nm.trees.uniform(6, 8, ordering="random")
    before = _signal_looks()
    result = nm.search(tree, algorithm="minimax")
    looks = _signal_looks() - before
    assert result.stats.nodes > 100 * 1024
    assert 1 <= looks <= 2 + result.elapsed / 0.05     # the first poll looks, then every 50 ms
