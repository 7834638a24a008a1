"""The Connect Four solver against the plain C solver (issue 9), and what made it as fast:
ConnectFour's max_ply (the plies left) and last_move_wins, the solver's node counts, and the
result objects a batch fills without the dataclasses' __init__.

Node counts are compared with the C solver's (an independent program: ext/baseline/
connect4_solver.c), never with recorded negamax figures; times are measured in benchmarks/."""

from __future__ import annotations

import dataclasses
import pickle
import pytest

import negamax as nm
from negamax import _c_baseline
from negamax.bench.threads import connect4_positions as random_positions
from negamax.games import ConnectFour, TicTacToe
from negamax.results import SearchStats, SolveResult, StopReason, adopted


def test_max_ply_is_the_number_of_empty_squares():
    game = ConnectFour("4453")
    assert game.max_ply == 42 - 4
    game.play(4)
    assert game.max_ply == 42 - 5
    game.undo()
    game.undo()
    assert game.max_ply == 42 - 3
    assert game.copy().max_ply == 42 - 3
    assert pickle.loads(pickle.dumps(game)).max_ply == 42 - 3
    assert ConnectFour(width=5, height=4).max_ply == 20


def test_last_move_wins_is_a_flag_of_connect_four_that_copies_keep():
    game = ConnectFour("44")
    assert game.last_move_wins is True
    assert game.copy().last_move_wins is True
    assert TicTacToe().last_move_wins is False      # the default: the solver assumes nothing
    game.last_move_wins = False
    assert game.copy().last_move_wins is False
    assert pickle.loads(pickle.dumps(game)).last_move_wins is False


def test_a_game_without_the_flag_is_solved_to_the_same_values():
    # The flag only lets the solver skip values; without it the answers are the same.
    for moves in random_positions(12, 26, 32, seed=5):
        plain = ConnectFour(moves)
        plain.last_move_wins = False
        fast, slow = nm.solve(ConnectFour(moves)), nm.solve(plain)
        assert (fast.value, fast.score) == (slow.value, slow.score), moves
        assert fast.stats.nodes <= slow.stats.nodes, moves


@pytest.mark.parametrize("low, high, count, seed", [(28, 34, 40, 1), (16, 22, 6, 2)])
def test_scores_equal_the_c_solvers_with_no_more_nodes_than_it_needs_overall(low, high, count, seed):
    positions = random_positions(count, low, high, seed)
    c_results = _c_baseline.connect4_solve_many(positions)
    results = nm.solve_many([ConnectFour(moves) for moves in positions])
    assert [r.score for r in results] == [score for score, _ in c_results]
    ours = sum(r.stats.nodes for r in results)
    theirs = sum(nodes for _, nodes in c_results)
    # The same techniques, searched in the same order, land within a few percent of the C
    # solver's nodes (the principal variation, which the C solver does not give, included).
    assert ours <= 1.2 * theirs, (ours, theirs)


def test_every_principal_variation_is_played_to_the_end_the_value_says():
    for moves in random_positions(30, 24, 34, seed=9):
        game = ConnectFour(moves)
        result = nm.solve(game)
        assert len(result.pv) == result.plies
        for move in result.pv:
            assert not game.is_terminal()
            game.play(move)
        assert game.is_terminal()
        if result.outcome == "draw":
            assert game.winner == 0
        else:
            mover = 1 if len(moves) % 2 == 0 else -1
            assert game.winner == (mover if result.outcome == "win" else -mover)


def test_adopted_results_equal_the_ones_the_constructor_makes():
    counters = {f: i for i, f in enumerate(SearchStats.__dataclass_fields__)}
    assert adopted(SearchStats, dict(counters)) == SearchStats(**counters)
    values = dict(value=5, outcome="win", plies=3, best_move=4, pv=(4, 4, 4),
                  stats=SearchStats(nodes=7), elapsed=0.5, stop_reason=StopReason.COMPLETED,
                  lower=5, upper=5, score=2, weak=False, kernel="ConnectFour")
    made = adopted(SolveResult, dict(values))
    assert made == SolveResult(**values) and hash(made) == hash(SolveResult(**values))
    with pytest.raises(AttributeError):
        made.value = 6                                # still frozen


def _searched_and_solved():
    """One result of every kind the builders make: searches (game, tree, trace, on_iteration,
    stopped, batch) and solves (exact, weak, batch, tree)."""
    seen = []
    tree = nm.trees.uniform(3, 3, seed=1)
    results = [
        nm.search(TicTacToe("x...o...."), algorithm="pvs"),
        nm.search(ConnectFour("4453"), 4, algorithm="alphabeta", trace=True),
        nm.search(tree, algorithm="negamax"),
        nm.search(nm.games.Chess(), 3, algorithm="pvs", on_iteration=seen.append),
        nm.search(ConnectFour(), algorithm="pvs", node_limit=500),
        nm.solve(ConnectFour("44444433")),
        nm.solve(ConnectFour("44444433"), weak=True),
        nm.solve(tree),
    ]
    results += nm.search_many([TicTacToe(), ConnectFour("4453")], depth=3, algorithm="pvs")
    results += nm.solve_many([TicTacToe(), ConnectFour("444444333")])
    return results + seen


@pytest.mark.parametrize("result", _searched_and_solved(), ids=lambda r: type(r).__name__)
def test_results_hold_exactly_their_fields(result):
    # The builders skip the dataclasses' __init__ (results.adopted; the engine stores into
    # the slots in C): each result and its stats must still hold every field (an empty slot
    # raises AttributeError), equal to what the constructor makes of the same values.
    for instance in (result, result.stats):
        kind = type(instance)
        assert not hasattr(instance, "__dict__")
        values = {field.name: getattr(instance, field.name) for field in dataclasses.fields(kind)}
        assert instance == kind(**values)
        assert repr(instance) == repr(kind(**values))
    assert result.stats.iterations >= 1


def test_engine_fills_result_slots_through_checked_offsets():
    # On the CPython versions the wheels are built for, the engine writes each field of a
    # result straight into its slot (at the offset its descriptor names, checked at import);
    # the slower path through the descriptors is only for a layout it could not confirm.
    from negamax._engine import _slot_layouts_checked
    assert _slot_layouts_checked() == {"SearchStats": True, "SolveResult": True,
                                       "SearchResult": True}


def _fresh_results_of_the_pickle_fixture():
    # The calls tests/data/results_pickled_by_0.1.0-3575399.pickle was made from, by the
    # build of commit 3575399 (results with a __dict__): [solve, traced search, weak solve].
    return [nm.solve(ConnectFour("617422576771435")),
            nm.search(TicTacToe("x...o...."), 3, trace=True),
            nm.solve(ConnectFour("5512264465713563"), weak=True)]


@pytest.mark.parametrize("protocol", ["protocol2", "protocol0"])
def test_results_pickled_before_the_slots_load_equal(protocol):
    # Results pickled by a release whose results had a __dict__ (their state: the fields by
    # name) load as the same results, stats and trace visits included.
    import pathlib
    fixture = pathlib.Path(__file__).parent / "data" / "results_pickled_by_0.1.0-3575399.pickle"
    loaded = pickle.loads(pickle.loads(fixture.read_bytes())[protocol])
    fresh = _fresh_results_of_the_pickle_fixture()
    # Every field but elapsed, and but the solves' counters: those follow the search (a
    # table that keeps both bounds of a position made the first solve 62 -> 51 nodes).
    assert [dataclasses.replace(old, stats=new.stats) for old, new in zip(loaded, fresh)] == fresh
    assert [type(old.stats) for old in loaded] == [nm.SearchStats] * 3
    assert all(type(result.elapsed) is float for result in loaded)
    assert loaded[1].trace == fresh[1].trace and loaded[1].stats == fresh[1].stats


def test_results_pickle_their_fields_by_name():
    # The state is a dict of the fields, as a release whose results had a __dict__ reads it.
    for result in _fresh_results_of_the_pickle_fixture():
        for instance in (result, result.stats):
            state = instance.__reduce_ex__(2)[2]
            assert state == {field.name: getattr(instance, field.name)
                             for field in dataclasses.fields(instance)}
            for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
                assert pickle.loads(pickle.dumps(instance, protocol)) == instance


@pytest.mark.parametrize("kind", [nm.SearchResult, nm.SolveResult, nm.SearchStats, nm.Visit])
def test_results_refuse_every_attribute_as_frozen(kind):
    # A frozen dataclass with slots answered an attribute that is no field with a TypeError
    # (a CPython bug); every assignment and deletion is refused as a frozen field's is.
    instance = {nm.Visit: nm.Visit(path=())}.get(kind) or (
        nm.search(TicTacToe(), 1) if kind is nm.SearchResult else nm.solve(ConnectFour("617422576771435")))
    if kind is nm.SearchStats:
        instance = instance.stats
    for name in ("note", dataclasses.fields(kind)[0].name):
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot assign to field '{name}'"):
            setattr(instance, name, 1)
        with pytest.raises(dataclasses.FrozenInstanceError, match=f"cannot delete field '{name}'"):
            delattr(instance, name)


def test_the_collector_never_meets_a_result_being_filled():
    # The engine fills a new result's slots after making it; a collection run meanwhile (by
    # making a field's value) must not see it with empty slots.
    import gc
    empty = []

    def scan(phase, info):
        if phase == "start":
            for kept in gc.get_objects(generation=0):     # a new result is among the young
                if type(kept) in (nm.SearchResult, nm.SolveResult, nm.SearchStats):
                    for field in dataclasses.fields(kept):
                        if not hasattr(kept, field.name):
                            empty.append((type(kept).__name__, field.name))

    threshold = gc.get_threshold()
    gc.callbacks.append(scan)
    gc.set_threshold(1)
    try:
        games = [ConnectFour("1212123", width=4, height=4), TicTacToe("xoxoxox..")]
        for _ in range(300):
            nm.solve_many(games)
            nm.search_many(games, depth=2)
    finally:
        gc.callbacks.remove(scan)
        gc.set_threshold(*threshold)
    assert empty == []
