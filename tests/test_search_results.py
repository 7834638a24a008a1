"""search() and search_many take a built-in game's SearchResult from the engine when its
search ended cleanly (Searcher.run's and run_many's results_here): it must be the result the
Python layer makes from the engine's dict, field by field, and right by a plain reference."""

from __future__ import annotations

import dataclasses

import pytest

import negamax as nm
from negamax import api
from negamax._engine import Searcher, run_many
from negamax.games import Checkers, Chess, ConnectFour, TicTacToe
from negamax.options import SearchOptions

import reference
from helpers import games_finished_in_python, late_positions

# Every field but the time taken.
COMPARED = [f.name for f in dataclasses.fields(nm.SearchResult) if f.name != "elapsed"]


def fields_of(result):
    return {name: getattr(result, name) for name in COMPARED}


def options_for(**arguments):
    return SearchOptions.build(table_for=lambda mb: nm.TranspositionTable(mb), **arguments)


def searched(game, result_here, **arguments):
    """Searcher.run on a copy of `game`: the engine's dict, or its SearchResult."""
    options = options_for(**arguments)
    native = game.copy()
    fields = options.engine_fields(True, api._prefers_iterative(game, native))   # as search()
    searcher = Searcher(native, fields, options.table, None)
    return searcher.run(result_here), native, options


CASES = [
    (TicTacToe("x...o...."), dict(depth=None, algorithm="minimax")),
    (TicTacToe("x...o...."), dict(depth=3, algorithm="alphabeta", ordering=False)),
    (TicTacToe(), dict(depth=4, algorithm="mtdf", iterative=True)),
    (ConnectFour("3344"), dict(depth=5, algorithm="pvs")),
    (ConnectFour("3344"), dict(depth=6, algorithm="negamax", node_limit=500)),
    (ConnectFour("1234567"), dict(depth=9, algorithm="pvs", node_limit=3000)),
    (late_positions(seed=4, count=1, stones=26)[0], dict(depth=None, algorithm="alphabeta")),
    (Chess("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), dict(depth=3, algorithm="pvs")),
    (Chess(), dict(depth=3, algorithm="alphabeta", quiescence=True)),
    (Checkers(), dict(depth=5, algorithm="pvs")),
    # A small table: its fill (hashfull) is no 0 permille.
    (ConnectFour("4"), dict(depth=7, algorithm="pvs", tt=nm.TranspositionTable(0.02))),
]


@pytest.mark.parametrize("game, arguments", CASES)
def test_the_engine_makes_the_result_the_python_layer_makes_from_the_dict(game, arguments):
    raw, native, options = searched(game, False, **arguments)
    made_in_python = api._finish_search(raw, native, game, options)
    made_by_engine, _, _ = searched(game, True, **arguments)
    assert type(raw) is dict and type(made_by_engine) is nm.SearchResult
    assert fields_of(made_by_engine) == fields_of(made_in_python)
    assert fields_of(nm.search(game, **arguments)) == fields_of(made_in_python)
    if "tt" in arguments:
        assert made_by_engine.hashfull > 0


def test_every_tictactoe_position_searched_in_a_batch_is_right_by_the_plain_reference():
    positions = [text for text in sorted(reference.reachable_positions())
                 if not reference.is_terminal(reference.parse(text))]
    games = [TicTacToe(text) for text in positions]
    for depth in (2, None):
        batch = nm.search_many(games, depth=depth, algorithm="alphabeta")
        for text, game, result in zip(positions, games, batch):
            board = reference.parse(text)
            expected = reference.negamax_value(board, depth if depth is not None else 9)
            assert type(result) is nm.SearchResult and result.value == expected, text
            assert result.best_move in reference.legal_moves(board)
            assert fields_of(result) == fields_of(nm.search(game, depth, algorithm="alphabeta"))


@pytest.mark.parametrize("arguments", [dict(depth=4), dict(depth=6, algorithm="pvs"),
                                       dict(depth=3, algorithm="minimax", ordering=False),
                                       dict(depth=8, algorithm="mtdf", node_limit=800)])
def test_connect_four_and_chess_batches_give_the_results_of_search(arguments):
    games = late_positions(seed=9, count=12, stones=14) + [
        Chess(), Chess("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"),
        Checkers(), TicTacToe("xo.......")]
    for game, result in zip(games, nm.search_many(games, **arguments)):
        assert fields_of(result) == fields_of(nm.search(game, **arguments)), game


def test_a_traced_search_and_a_stopped_one_go_through_the_python_layer():
    game = TicTacToe("x...o....")
    raw, _, _ = searched(game, True, depth=2, trace=True)
    assert type(raw) is dict                # the trace's visits are decoded in Python
    traced = nm.search(game, 2, trace=True)
    assert traced.trace and fields_of(traced) == fields_of(nm.search_many([game], 2, trace=True)[0])
    signal = nm.StopSignal()
    signal.set()
    stopped = nm.search_many([ConnectFour("1234567"), TicTacToe()], depth=8, stop=signal)
    assert [r.stop_reason for r in stopped] == [nm.StopReason.INTERRUPTED] * 2


def test_run_many_makes_the_search_results_it_is_asked_for_and_no_other():
    options = options_for(depth=3, algorithm="alphabeta")
    games = [TicTacToe("x...o...."), ConnectFour("3322", width=5, height=4), TicTacToe()]
    fields = [options.engine_fields(True, False) for _ in games]
    out = run_many([g.copy() for g in games], fields, options.table, None, False, False,
                   [True, True, False])
    assert [type(r).__name__ for r in out] == ["SearchResult", "SearchResult", "dict"]
    for game, result in zip(games[:2], out):
        assert fields_of(result) == fields_of(nm.search(game, 3, algorithm="alphabeta"))


def test_built_in_games_take_the_engine_route_and_other_games_the_python_one(monkeypatch):
    # The route is a matter of speed only (both give the same results, above): count the
    # results the Python layer finishes, so that a built-in game sent the slow way fails.
    finished = games_finished_in_python(monkeypatch, "_finish_search")
    built_in = [TicTacToe("x...o...."), ConnectFour("3322", width=5, height=4),
                Chess("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), Checkers("W:WK18:BK9")]
    for game in built_in:
        nm.search(game, 4)
        nm.search(game, 6, algorithm="pvs", node_limit=300)
    nm.search_many(built_in, depth=3)
    assert finished == []
    tree = nm.trees.from_nested([[3, [5, 1]], [2, 9]])
    nm.search(tree)
    nm.search_many([TicTacToe(), tree], depth=2)
    nm.search(TicTacToe(), 2, trace=True)
    assert finished == [type(tree).__name__] * 2 + ["TicTacToe"]
