"""Lazy SMP iteration depths (ext/engine/drivers.pxi, depth_after): a thread that finishes an
iteration skips each depth at least half the threads are already on or past, short of the
last two iterations (every thread searches those), so the threads do not fall into step. The rule is checked
case by case against its statement; searches with several threads still reach the requested
depth with a legal move."""

import pytest

import negamax as nm
from negamax._engine import _lazy_smp_next_depth
from negamax.bench.threads import CHESS_MIDDLEGAMES
from negamax.games import Chess, ConnectFour


def expected_next_depth(completed, max_depth, thread_index, searching):
    """The rule as the docstring states it, written out independently."""
    depth = completed + 1
    while depth < max_depth - 1:
        ahead = sum(1 for thread, on in enumerate(searching) if thread != thread_index and on >= depth)
        if 2 * ahead < len(searching):
            return depth
        depth += 1
    return depth


@pytest.mark.parametrize("completed,other,max_depth,wanted", [
    (3, 3, 10, 4),    # the other thread is on the depth just done: the next depth
    (3, 4, 10, 5),    # the other is on the next depth: skip it
    (3, 6, 10, 7),    # ... or past it: skip every depth up to and including its own
    (3, 9, 6, 5),     # never the last two depths (5 and 6 here), even when the other is past
    (6, 7, 8, 7),     # the one before the last ...
    (7, 8, 8, 8),     # ... and the last: both threads search them
    (7, 0, 8, 8),     # the other has not started
    (2, 5, 1000, 6),  # a search without a depth (a time limit): skipping goes on
])
def test_two_threads_skip_the_depth_the_other_is_on(completed, other, max_depth, wanted):
    assert _lazy_smp_next_depth(completed, max_depth, 0, [completed, other]) == wanted
    assert _lazy_smp_next_depth(completed, max_depth, 1, [other, completed]) == wanted


def test_four_threads_skip_only_where_half_of_them_are():
    # Thread 0 finished depth 5. One other thread on 6 is a quarter: no skip.
    assert _lazy_smp_next_depth(5, 20, 0, [5, 6, 5, 5]) == 6
    # Two others on 6 or past: 6 is skipped; only one of them is past 7: 7 it is.
    assert _lazy_smp_next_depth(5, 20, 0, [5, 6, 8, 5]) == 7
    # A thread's own entry does not count for it.
    assert _lazy_smp_next_depth(5, 20, 2, [5, 6, 9, 5]) == 6


def test_the_rule_matches_its_statement_on_every_small_case():
    for threads in (2, 3, 4):
        for completed in range(0, 6):
            for max_depth in range(completed + 1, 8):
                for others in range(0, 9 ** (threads - 1), 7):
                    searching = [completed]
                    rest = others
                    for _ in range(threads - 1):
                        searching.append(rest % 9)
                        rest //= 9
                    for index in range(threads):
                        got = _lazy_smp_next_depth(completed, max_depth, index, searching)
                        assert got == expected_next_depth(completed, max_depth, index, searching)
                        assert completed < got <= max(max_depth - 1, completed + 1)


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="one depth per thread"):
        _lazy_smp_next_depth(1, 5, 0, [1])
    with pytest.raises(ValueError, match="thread_index"):
        _lazy_smp_next_depth(1, 5, 2, [1, 1])


@pytest.mark.parametrize("threads", [2, 3])
def test_threads_reach_the_requested_depth_with_a_legal_move(threads):
    for fen in CHESS_MIDDLEGAMES[:2]:
        game = Chess(fen)
        seen, nodes = [], []
        result = nm.search(game, 5, algorithm="pvs", threads=threads,
                           on_iteration=lambda r: (seen.append(r.depth), nodes.append(r.stats.nodes)))
        assert result.depth == 5 and result.stop_reason is nm.StopReason.COMPLETED
        assert result.best_move in game.legal_moves()
        assert seen == sorted(seen) and all(1 <= d <= 5 for d in seen)
        # Reports made while the helpers run count what has been reported of their nodes.
        assert nodes == sorted(nodes) and all(n <= result.stats.nodes for n in nodes)
    result = nm.search(ConnectFour("4453"), 9, algorithm="pvs", threads=threads)
    assert result.depth == 9 and result.best_move in ConnectFour("4453").legal_moves()


def test_the_engine_itself_refuses_more_threads_than_its_shared_limits_hold():
    # The Python options stop threads > 256 first; the Searcher checks again, because the
    # shared limits hold one depth slot per thread and a caller of the engine may skip the
    # options layer.
    from negamax import api
    from negamax._engine import Searcher
    from negamax.options import SearchOptions

    game = ConnectFour("44")
    options = SearchOptions.build(algorithm="pvs", depth=3, table_for=api._table_for_thread)
    fields = options.engine_fields(True, False)
    for threads in (0, 257):
        with pytest.raises(ValueError, match=f"threads must be between 1 and 256, got {threads}"):
            Searcher(game.copy(), fields, options.table, None, None, threads)
    assert Searcher(game.copy(), fields, options.table, None, None, 2).run()["depth"] == 3


def test_a_search_to_the_end_reports_the_line_length_whichever_thread_finished_it():
    # Searches to the end of a 6-ply tree: depth is the longest line (6), iterations 1,
    # whether the main thread or a helper completed the search first. (A helper finishing
    # first, in about 2% of these searches, reported depth 10,001 and 0 iterations.)
    wrong = []
    for trial in range(150):
        tree = nm.trees.uniform(6, 6, seed=trial % 10)
        for algorithm in ("alphabeta", "pvs", "mtdf"):
            result = nm.search(tree, algorithm=algorithm, threads=2, tt=True)
            assert result.stop_reason is nm.StopReason.COMPLETED
            if (result.depth, result.stats.iterations, len(result.pv)) != (6, 1, 6):
                wrong.append((trial, algorithm, result.depth, result.stats.iterations))
    assert wrong == []
