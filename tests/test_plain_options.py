"""search() and solve() keep the options of plain calls per thread (api._kept, api._keep): the
kept options must be exactly what a fresh check would build, bad values must still be refused
on every call, and the kept options must never hold a table the thread no longer uses."""

import threading

import pytest

import negamax as nm
from negamax import api
from negamax.games import ConnectFour, TicTacToe
from negamax.options import SearchOptions


def kept() -> dict:
    return getattr(api._thread_tables, "plain_options", None) or {}


def fresh(algorithm, depth, ordering=True, iterative=None) -> SearchOptions:
    return SearchOptions.build(algorithm=algorithm, depth=depth, ordering=ordering,
                               iterative=iterative, table_for=api._table_for_thread)


@pytest.mark.parametrize("algorithm", ["minimax", "negamax", "alphabeta", "pvs", "mtdf"])
@pytest.mark.parametrize("depth", [None, 0, 3])
def test_kept_options_equal_a_fresh_build(algorithm, depth):
    nm.search(TicTacToe("x...o...."), depth, algorithm=algorithm)
    assert kept()[("search", algorithm, depth, True, None, False)] == fresh(algorithm, depth)


def test_kept_solve_options_equal_a_fresh_build():
    nm.solve(ConnectFour("4444333"))
    expected = api._solve_options(api._table_for_thread, time_limit=None, node_limit=None,
                                  ordering=True, tt=None, tt_mb=None, killers=None, history=None,
                                  safe_moves=None, threads=1, stop=None)
    assert kept()[("solve", True, False)] == expected


@pytest.mark.parametrize("bad, error", [
    ({"depth": True}, TypeError), ({"depth": 2.0}, TypeError), ({"depth": -1}, ValueError),
    ({"ordering": 1}, TypeError), ({"iterative": 0}, TypeError),
    ({"algorithm": "pvs "}, ValueError), ({"threads": True}, TypeError),
    ({"threads": 1.0}, TypeError), ({"trace": None}, TypeError),
])
def test_bad_values_are_refused_after_plain_calls_were_kept(bad, error):
    game = TicTacToe("x...o....")
    nm.search(game, 1, algorithm="pvs")            # depth 1 (== True) is kept
    nm.search(game, 2, algorithm="pvs", ordering=True, iterative=False)
    arguments = dict({"depth": 1, "algorithm": "pvs"}, **bad)
    with pytest.raises(error):
        nm.search(game, **arguments)


def test_bad_solve_values_are_refused_after_a_plain_solve_was_kept():
    nm.solve(TicTacToe("x...o...."))
    with pytest.raises(TypeError):
        nm.solve(TicTacToe("x...o...."), ordering=1)
    with pytest.raises(TypeError):
        nm.solve(TicTacToe("x...o...."), threads=True)


def test_release_tables_drops_the_kept_options_with_the_table():
    game = ConnectFour("44")
    nm.search(game, 4, algorithm="pvs")
    first = api._thread_tables.table
    assert kept()[("search", "pvs", 4, True, None, False)].table is first
    nm.release_tables()
    assert kept() == {}
    nm.search(game, 4, algorithm="pvs")
    # A new table, made by the search itself (kept options would have skipped making it).
    second = api._thread_tables.table
    assert second is not None and second is not first
    assert kept()[("search", "pvs", 4, True, None, False)].table is second


def test_a_new_table_size_drops_the_kept_options():
    game = ConnectFour("44")
    nm.search(game, 4, algorithm="pvs")
    nm.search(game, 4, algorithm="pvs", tt_mb=1)      # the thread's table is now 1 MB
    assert api._thread_tables.mb == 1 and kept() == {}
    nm.search(game, 4, algorithm="pvs")               # and the default size again
    assert api._thread_tables.mb == nm.DEFAULT_TT_MB
    assert kept()[("search", "pvs", 4, True, None, False)].table is api._thread_tables.table


def test_each_thread_keeps_its_own_options_and_table():
    game = ConnectFour("44")
    nm.search(game, 4, algorithm="pvs")
    mine = kept()[("search", "pvs", 4, True, None, False)].table
    seen = {}

    def other_thread():
        nm.search(game, 4, algorithm="pvs")
        seen["table"] = api._thread_tables.table
        seen["kept"] = kept()[("search", "pvs", 4, True, None, False)].table

    worker = threading.Thread(target=other_thread)
    worker.start()
    worker.join()
    assert seen["table"] is seen["kept"]
    assert seen["table"] is not mine


def test_kept_options_are_bounded():
    game = TicTacToe()
    for depth in range(100):
        nm.search(game, depth, algorithm="alphabeta")
        assert len(kept()) <= 64


def test_plain_and_spelled_out_calls_give_the_same_search():
    game = ConnectFour("4453")
    plain = nm.search(game, 8, algorithm="pvs")
    spelled = nm.search(game, 8, algorithm="pvs", tt=True, tt_mb=nm.DEFAULT_TT_MB,
                        aspiration=True, safe_moves=True, killers=False, history=False)
    assert (plain.value, plain.pv, plain.stats) == (spelled.value, spelled.pv, spelled.stats)


def test_kept_engine_fields_follow_the_side_to_move_of_each_tree():
    # The engine fields are kept per (options, root side, game's iterative preference): a
    # tree searched for MIN after one searched for MAX must not get MAX's fields.
    tree = nm.trees.uniform(3, 4, ordering="random", seed=7)
    for maximizing in (True, False, True):
        plain = nm.search(tree, algorithm="alphabeta", maximizing=maximizing)
        spelled = nm.search(tree, algorithm="alphabeta", maximizing=maximizing, tt=False)
        assert (plain.value, plain.pv, plain.stats) == (spelled.value, spelled.pv, spelled.stats)
    assert nm.search(tree, maximizing=True).value != nm.search(tree, maximizing=False).value
    sides = set()
    for key, value in kept().items():
        if isinstance(key[0], tuple) and key[0] in kept():   # ((options key), side, prefers)
            options = kept()[key[0]]     # (an older call's options may have been dropped first)
            assert value == options.engine_fields(*key[1:])
            if key[0] == ("search", "alphabeta", None, True, None, False):
                sides.add(key[1])
    assert sides == {True, False}               # MAX's fields and MIN's, kept apart


# --- batches keep the same options ------------------------------------------------------------

BATCH = ["", "3", "3322", "1122"]          # on a 5 x 4 board: solved in well under a second


def batch_games():
    return [ConnectFour(moves, width=5, height=4) for moves in BATCH]


def test_a_plain_batch_keeps_the_options_a_plain_call_keeps():
    nm.release_tables()
    nm.solve_many(batch_games())
    expected = api._solve_options(api._table_for_thread, time_limit=None, node_limit=None,
                                  ordering=True, tt=None, tt_mb=None, killers=None, history=None,
                                  safe_moves=None, threads=1, stop=None)
    assert kept()[("solve", True, False)] == expected
    nm.search_many(batch_games(), 5, algorithm="pvs")
    assert kept()[("search", "pvs", 5, True, None, False)] == fresh("pvs", 5)
    nm.search_many([TicTacToe("x...o....")], algorithm="negamax", ordering=False, iterative=False)
    assert (kept()[("search", "negamax", None, False, False, False)]
            == fresh("negamax", None, ordering=False, iterative=False))


@pytest.mark.parametrize("options", [{"node_limit": 10 ** 9}, {"tt": True}, {"threads": 1},
                                     {"safe_moves": True}, {"tt_mb": nm.DEFAULT_TT_MB}])
def test_a_batch_with_other_options_keeps_none(options):
    nm.release_tables()
    nm.solve_many(batch_games(), **options)
    assert ("solve", True, False) not in kept()


@pytest.mark.parametrize("ordering", [True, False])
def test_plain_batches_answer_as_single_calls_and_spelled_out_batches(ordering):
    games = batch_games()
    for _ in range(2):                       # the second time with the kept options
        batch = nm.solve_many(games, ordering=ordering)
        spelled = nm.solve_many(games, ordering=ordering, tt=True, safe_moves=True)
        single = [nm.solve(game, ordering=ordering) for game in games]
        assert ([_essentials(r) for r in batch] == [_essentials(r) for r in spelled]
                == [_essentials(r) for r in single])
        searched = nm.search_many(games, 6, algorithm="pvs", ordering=ordering)
        assert ([_essentials(r) for r in searched]
                == [_essentials(nm.search(game, 6, algorithm="pvs", ordering=ordering))
                    for game in games])


@pytest.mark.parametrize("call, error", [
    (lambda games: nm.solve_many(games, ordering=1), TypeError),
    (lambda games: nm.search_many(games, True), TypeError),
    (lambda games: nm.search_many(games, -1), ValueError),
    (lambda games: nm.search_many(games, 2, algorithm="pvs "), ValueError),
    (lambda games: nm.search_many(games, 2, iterative=0), TypeError),
    (lambda games: nm.solve_many(games, threads=2), ValueError),
])
def test_bad_batch_values_are_refused_after_plain_batches_were_kept(call, error):
    games = [TicTacToe("x...o....")]
    nm.solve_many(games)
    nm.search_many(games, 2, algorithm="pvs")
    with pytest.raises(error):
        call(games)


# --- the kept Searcher --------------------------------------------------------------------------

def _plain_calls():
    """Plain calls one after another on one thread, of different games and shapes (the kept
    Searcher is bound to each: a longer game after a shorter, killers-free after a table)."""
    chess = nm.games.Chess()
    return [
        lambda: nm.search(chess, 2, algorithm="pvs"),
        lambda: nm.solve(ConnectFour("4444445555")),
        lambda: nm.search(TicTacToe("x...o...."), algorithm="pvs"),
        lambda: nm.search(chess, 2, algorithm="pvs", root_moves=["e2e4", "d2d4"]),
        lambda: nm.search(chess, 2, algorithm="pvs"),
        lambda: nm.search(ConnectFour("44"), 6, algorithm="alphabeta"),
        lambda: nm.solve(TicTacToe()),
        lambda: nm.search(nm.trees.uniform(3, 4, ordering="random", seed=2), algorithm="alphabeta",
                          ordering=False),
        lambda: nm.solve(ConnectFour("1122", width=5, height=4)),
    ]


def _essentials(result):
    if isinstance(result, nm.SolveResult):
        return (result.value, result.pv, result.stats, result.kernel)
    return (result.value, result.pv, result.depth, result.stats, result.kernel)


def test_plain_calls_reuse_one_searcher_and_answer_as_a_fresh_one():
    reused = []
    for call in _plain_calls():
        reused.append(_essentials(call()))
        assert getattr(api._thread_tables, "searcher", None) is not None
    fresh_results = []
    for call in _plain_calls():
        api._thread_tables.searcher = None          # every call makes its own Searcher
        fresh_results.append(_essentials(call()))
    assert reused == fresh_results


def test_a_search_inside_a_plain_search_uses_a_searcher_of_its_own():
    # An iteration callback runs inside the search: a plain call made there must not take
    # the Searcher the outer search runs on (the outer search has a callback, so it is not a
    # plain one; the inner plain call is answered by the thread's kept Searcher or a new one).
    # (The inner search is alpha-beta without a table: the outer one holds the thread's.)
    game = ConnectFour("4453")
    expected = _essentials(nm.search(ConnectFour("44"), 5))
    inner = []
    outer = nm.search(game, 4, algorithm="pvs", iterative=True,
                      on_iteration=lambda r: inner.append(_essentials(nm.search(ConnectFour("44"), 5))))
    assert inner and all(result == expected for result in inner)
    assert outer.value == nm.search(game, 4, algorithm="pvs", iterative=True).value


def test_release_tables_drops_the_kept_searcher():
    nm.solve(ConnectFour("4444445555"))
    assert getattr(api._thread_tables, "searcher", None) is not None
    nm.release_tables()
    assert api._thread_tables.searcher is None
    assert nm.solve(ConnectFour("4444445555")).value == nm.solve(ConnectFour("4444445555")).value


def test_a_searcher_of_a_very_deep_search_is_not_kept():
    """Its principal-variation table grows with the square of the depth: a chain 3,000 plies
    deep holds tens of MB, which the thread would keep until release_tables()."""
    import numpy as np
    plies = 3000
    children = np.ones(plies + 1, dtype=np.int64)
    children[-1] = 0                                   # a chain: one move a node
    values = np.zeros(plies + 1, dtype=np.int64)
    values[-1] = 5
    chain = nm.trees.from_arrays(children, values)
    nm.release_tables()
    result = nm.search(chain)
    assert result.value == 5 and len(result.pv) == plies
    assert getattr(api._thread_tables, "searcher", None) is None
    nm.search(ConnectFour("4453"), 3)                  # a small one is kept again
    kept = api._thread_tables.searcher
    assert kept is not None and kept.kept_bytes() <= api.KEPT_SEARCHER_BYTES


def test_each_thread_keeps_its_own_searcher():
    results = {}

    def work(name):
        results[name] = [_essentials(call()) for call in _plain_calls()[:3]]

    threads = [threading.Thread(target=work, args=(n,)) for n in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results[0] == results[1] == [_essentials(call()) for call in _plain_calls()[:3]]


def test_a_full_store_drops_its_oldest_entry_not_the_call_s_own():
    """At 64 kept entries the store was emptied when a call kept its engine fields, which
    dropped the options the same call had just kept (a full-suite run found it)."""
    for depth in range(1, 70):
        nm.search(TicTacToe("x...o...."), depth % 9 + 1, algorithm="alphabeta", ordering=depth < 35)
        assert len(kept()) <= 64
    nm.search(TicTacToe("x...o...."), 3, algorithm="pvs")
    assert kept()[("search", "pvs", 3, True, None, False)] == fresh("pvs", 3)


# --- games without position keys make no table -------------------------------------------------

def _nim_outcome(heaps):
    """Normal-play Nim: the side to move wins exactly when the heaps' xor is not 0."""
    xor = 0
    for heap in heaps:
        xor ^= heap
    return "win" if xor else "loss"


KEYLESS_CALLS = {
    "solve": lambda game: nm.solve(game),
    "solve weak": lambda game: nm.solve(game, weak=True),
    "search pvs": lambda game: nm.search(game, algorithm="pvs"),
    "search mtdf": lambda game: nm.search(game, algorithm="mtdf"),
    "solve_many": lambda game: nm.solve_many([game, game.copy()])[0],
    "search_many pvs": lambda game: nm.search_many([game], algorithm="pvs")[0],
}


@pytest.mark.parametrize("heaps", [[1, 2, 3], [1, 2, 4]])
@pytest.mark.parametrize("call", sorted(KEYLESS_CALLS))
def test_a_game_without_keys_makes_no_table_for_the_thread(call, heaps):
    # Its search could not use one: a thread's first table is 64 MB.
    from keyed_nim import NimWithoutKey

    nm.release_tables()
    result = KEYLESS_CALLS[call](NimWithoutKey(heaps))
    assert api._thread_tables.table is None
    assert result.stats.tt_probes == 0
    if call.startswith("solve"):
        assert result.outcome == _nim_outcome(heaps)
    else:
        assert (result.value > 0) == (_nim_outcome(heaps) == "win")


@pytest.mark.parametrize("call", sorted(KEYLESS_CALLS))
def test_a_game_with_keys_after_one_without_gets_the_table(call):
    from keyed_nim import Nim, NimWithoutKey

    nm.release_tables()
    KEYLESS_CALLS[call](NimWithoutKey([1, 2, 3]))
    result = KEYLESS_CALLS[call](Nim([1, 2, 3]))     # the same plain call, a game with keys
    table = api._thread_tables.table
    assert table is not None and result.stats.tt_probes > 0
    KEYLESS_CALLS[call](NimWithoutKey([1, 2, 3]))    # the thread's table stays as it was
    assert api._thread_tables.table is table


def test_a_batch_with_one_game_with_keys_gets_the_table():
    from keyed_nim import Nim, NimWithoutKey

    nm.release_tables()
    keyless, keyed = nm.solve_many([NimWithoutKey([1, 2, 3]), Nim([1, 2, 4])])
    assert api._thread_tables.table is not None
    assert keyless.stats.tt_probes == 0 and keyed.stats.tt_probes > 0
    assert (keyless.outcome, keyed.outcome) == ("loss", "win")


def test_a_key_that_is_no_method_is_still_refused_by_name():
    from keyed_nim import Nim

    class BadKey(Nim):
        key = 5

    with pytest.raises(TypeError, match="key"):
        nm.solve(BadKey([1, 2]))


# --- the short path of a plain call on a built-in game or a tree (api._plain_search) ---------

def _short_path_games():
    from negamax.games import Checkers, Chess

    tree = nm.trees.uniform(3, 4, ordering="random", seed=5)
    below_root = tree.copy()
    below_root.play(1)                          # MIN to move: other engine fields
    keyless = ConnectFour("4453")
    keyless.has_keys = False                    # other options (no table) and fields
    return [TicTacToe("x...o...."), ConnectFour("4453"), keyless, Chess(), Checkers(), tree,
            below_root, nm.trees.uniform(3, 4, maximizing=False),
            nm.trees.from_nested([[3, [1.5, 8]], [-2, [4, 9.25]]])]


def _searched(result):
    return (result.value, result.best_move, result.pv, result.depth, result.stats,
            result.stop_reason, result.algorithm, result.kernel, type(result.value))


@pytest.mark.parametrize("algorithm", ["minimax", "alphabeta", "pvs", "mtdf"])
@pytest.mark.parametrize("depth", [None, 1, 3])
def test_the_short_path_answers_as_the_general_path(monkeypatch, algorithm, depth):
    """Every game kind the short path takes, each searched twice (the first call keeps what
    the second one's short path needs), against the general path alone."""
    games = _short_path_games()
    if depth is None:             # to the end: the small games alone
        games = [game for game in games if isinstance(game, (TicTacToe, api.TreeGame))]
    elif algorithm == "minimax":  # no pruning: chess and checkers take too long at depth 3
        games = [game for game in games if not isinstance(game, (nm.games.Chess, nm.games.Checkers))]
    taken = []
    short = api._plain_search

    def spy(*arguments):
        result = short(*arguments)
        taken.append(result is not None)
        return result

    monkeypatch.setattr(api, "_plain_search", spy)
    through_short_path = []
    for game in games:
        for _ in range(2):
            through_short_path.append(_searched(nm.search(game, depth, algorithm=algorithm,
                                                          ordering=depth != 1)))
    assert taken[1::2] == [True] * len(games)       # every second call of a game took it
    monkeypatch.setattr(api, "_plain_search", lambda *arguments: None)
    general = []
    for game in games:
        for _ in range(2):
            general.append(_searched(nm.search(game, depth, algorithm=algorithm,
                                               ordering=depth != 1)))
    assert through_short_path == general


def test_the_short_path_leaves_the_game_alone_and_keeps_the_searcher():
    game = ConnectFour("4453")
    before = (game.key(), tuple(game.history))
    for _ in range(3):
        nm.search(game, 4)
        assert api._thread_tables.searcher is not None
    assert (game.key(), tuple(game.history)) == before


def test_a_copy_of_another_class_is_refused_on_the_short_path_too(monkeypatch):
    from negamax.errors import GameContractError

    class CopiesAnother:
        has_keys = True               # what the short path reads of the game before copying
        iterative_deepening = False

        def copy(self):
            return TicTacToe()

    nm.search(TicTacToe(), 1)                       # what the short path needs is kept
    monkeypatch.setattr(api, "_COPIED_AS_IS", api._COPIED_AS_IS | {CopiesAnother})
    with pytest.raises(GameContractError, match="CopiesAnother.copy\\(\\) returned a TicTacToe"):
        nm.search(CopiesAnother(), 1)
