"""solve_many's results for built-in games are made by the engine (run_many's results_here):
they must be the results solve() gives, field by field, and right by a plain reference."""

from __future__ import annotations

import dataclasses

import pytest

import negamax as nm
from negamax import api
from negamax._engine import Searcher, all_of_type, run_many
from negamax.games import Checkers, Chess, ConnectFour, TicTacToe
from negamax.options import SearchOptions

import reference
from helpers import games_finished_in_python, late_positions

# Every field but the time taken.
COMPARED = [f.name for f in dataclasses.fields(nm.SolveResult) if f.name != "elapsed"]


def fields_of(result):
    return {name: getattr(result, name) for name in COMPARED}


def tictactoe_positions():
    """Every reachable tic-tac-toe position that is not over, as (board, position string)."""
    return [(reference.parse(text), text) for text in sorted(reference.reachable_positions())
            if not reference.is_terminal(reference.parse(text))]


def test_every_tictactoe_position_solved_in_a_batch_is_right_by_the_plain_reference():
    positions = tictactoe_positions()
    games = [TicTacToe(text) for _, text in positions]
    results = nm.solve_many(games)
    for (board, text), game, result in zip(positions, games, results):
        expected = reference.negamax_value(board)
        assert result.value == expected == result.lower == result.upper, text
        assert result.outcome == ("win" if expected > 0 else "loss" if expected < 0 else "draw")
        assert result.stop_reason is nm.StopReason.COMPLETED and not result.weak
        # The line is legal and ends the game in the plies the value says.
        replay = game.copy()
        for move in result.pv:
            replay.play(move)
        assert replay.is_terminal() and result.plies == len(result.pv)
        if expected != 0:
            assert result.plies == reference.WIN - abs(expected)
        assert result.best_move == result.pv[0]
        assert isinstance(result.stats, nm.SearchStats) and result.stats.nodes >= 1


def test_every_tictactoe_position_gives_the_result_of_solve_field_by_field():
    games = [TicTacToe(text) for _, text in tictactoe_positions()]
    for weak in (False, True):
        for game, result in zip(games, nm.solve_many(games, weak=weak)):
            assert fields_of(result) == fields_of(nm.solve(game, weak=weak)), game


# Solved to the end in a moment: 7 x 6 boards well filled, and small boards.
CONNECT_FOUR = late_positions(seed=3, count=6, stones=24) + [
    ConnectFour(moves, width=5, height=4) for moves in ("", "3", "3322", "1122", "33")]
# Early 7 x 6 positions: only under a node limit.
EARLY = [ConnectFour(moves) for moves in ("4455", "444333", "1234567")]


@pytest.mark.parametrize("options", [
    {}, {"weak": True}, {"ordering": False}, {"node_limit": 3000}, {"node_limit": 50_000},
    {"tt": nm.TranspositionTable(1)},
])
def test_connect_four_batches_give_the_results_of_solve_field_by_field(options):
    games = CONNECT_FOUR + EARLY if "node_limit" in options else CONNECT_FOUR
    batch = nm.solve_many(games, **options)
    singles = [nm.solve(game, **options) for game in games]
    assert [fields_of(result) for result in batch] == [fields_of(single) for single in singles]
    if "node_limit" in options and options["node_limit"] == 3000:
        # The limit stopped some of them: their results come the same way.
        assert any(r.stop_reason is nm.StopReason.NODE_LIMIT and r.value is None for r in batch)


def test_chess_and_checkers_batches_give_the_results_of_solve_field_by_field():
    games = [Chess("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"),       # mate in one
             Chess("8/8/8/4k3/8/8/3QK3/8 w - - 0 1"),
             Checkers("W:WK18:BK9"), Checkers("B:WK1,K10:BK23")]
    options = {"node_limit": 20_000}
    batch = nm.solve_many(games, **options)
    assert [fields_of(r) for r in batch] == [fields_of(nm.solve(g, **options)) for g in games]
    assert batch[0].value == reference.WIN - 1 and batch[0].plies == 1


def plain_solve_options(node_limit=None):
    """The options of a plain solve(), with a table of their own."""
    return SearchOptions.build(algorithm="pvs", depth=None, iterative=False, aspiration=None,
                               quiescence=False, check_extension=False, null_move=False,
                               lmr=False, node_limit=node_limit,
                               table_for=lambda mb: nm.TranspositionTable(mb))


def engine_call(natives, results_here, node_limit=None):
    """run_many as solve_many calls it, on copies of `natives`, with plain solve options."""
    options = plain_solve_options(node_limit)
    copies = [game.copy() for game in natives]
    fields = [options.engine_fields(True, False) for _ in copies]
    return run_many(copies, fields, options.table, None, True, False, results_here)


@pytest.mark.parametrize("game, node_limit", [
    (TicTacToe("x...o...."), None), (late_positions(seed=4, count=1, stones=26)[0], None),
    (ConnectFour("1234567"), 3000), (Chess("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), None),
])
def test_solve_returns_the_result_the_python_layer_makes_from_the_engine_dict(game, node_limit):
    def solved(result_here):
        options = plain_solve_options(node_limit)
        native = game.copy()
        searcher = Searcher(native, options.engine_fields(True, False), options.table, None)
        return searcher.solve(False, result_here), native

    raw, native = solved(False)
    made_in_python = api._finish_solve(raw, native, game, False, False)
    made_by_engine, _ = solved(True)
    assert type(raw) is dict and type(made_by_engine) is nm.SolveResult
    assert fields_of(made_by_engine) == fields_of(made_in_python)
    assert fields_of(nm.solve(game, node_limit=node_limit)) == fields_of(made_in_python)


def test_a_lazy_smp_solve_of_a_built_in_game_gives_the_value_of_one_thread():
    for game in late_positions(seed=6, count=4, stones=22):
        single, threaded = nm.solve(game), nm.solve(game, threads=2)
        assert type(threaded) is nm.SolveResult
        assert (threaded.value, threaded.outcome, threaded.score, threaded.plies) == \
            (single.value, single.outcome, single.score, single.plies)
        replay = game.copy()
        for move in threaded.pv:
            replay.play(move)
        assert replay.is_terminal()


def test_the_engine_makes_the_results_of_clean_solves_it_is_asked_for_and_no_other():
    games = [TicTacToe("x...o...."), ConnectFour("3322", width=5, height=4), TicTacToe()]
    out = engine_call(games, [True, True, False])
    # Asked and clean: SolveResults; a game it was not asked for (solve_many asks for none
    # but built-in games: a user's game's best move is checked by the Python layer): the dict.
    assert [type(r).__name__ for r in out] == ["SolveResult", "SolveResult", "dict"]
    assert fields_of(out[0]) == fields_of(nm.solve(games[0]))
    assert fields_of(out[1]) == fields_of(nm.solve(games[1]))
    # A solve a limit stopped is clean: its result is made there too, as solve() makes it.
    early = ConnectFour("1234567")
    stopped = engine_call([early], [True], node_limit=2000)[0]
    assert type(stopped) is nm.SolveResult and stopped.stop_reason is nm.StopReason.NODE_LIMIT
    assert fields_of(stopped) == fields_of(nm.solve(early, node_limit=2000))


def test_an_interrupted_batch_goes_through_the_python_layer():
    signal = nm.StopSignal()
    signal.set()
    results = nm.solve_many([ConnectFour("1234567"), TicTacToe()], stop=signal)
    assert [r.stop_reason for r in results] == [nm.StopReason.INTERRUPTED] * 2


def test_results_here_is_checked():
    with pytest.raises(ValueError, match="results_here"):
        engine_call([TicTacToe()], [True, True])
    with pytest.raises(ValueError, match="results_here"):
        run_many([TicTacToe()], [{}], None, None, False, False, [True, False])


def test_built_in_games_take_the_engine_route_and_other_games_the_python_one(monkeypatch):
    # The route is a matter of speed only (both give the same results, above): count the
    # results the Python layer finishes, so that a built-in game sent the slow way fails.
    finished = games_finished_in_python(monkeypatch, "_finish_solve")
    built_in = [TicTacToe("x...o...."), ConnectFour("3322", width=5, height=4),
                Chess("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"), Checkers("W:WK18:BK9")]
    for game in built_in:
        nm.solve(game, node_limit=20_000)
    nm.solve_many(built_in, node_limit=20_000)
    nm.solve_many(built_in, weak=True)
    assert finished == []
    tree = nm.trees.from_nested([[3, [5, 1]], [2, 9]])
    nm.solve(tree)
    nm.solve_many([TicTacToe(), tree])
    assert finished == [type(tree).__name__] * 2


@pytest.mark.parametrize("many", [nm.search_many, nm.solve_many])
@pytest.mark.parametrize("bad, error, says", [
    (5, TypeError, "cannot search a int"),
    ("x........", TypeError, "cannot search a str"),
])
def test_a_batch_names_the_place_of_the_game_it_refuses(many, bad, error, says):
    games = [TicTacToe(), TicTacToe("x........"), bad, TicTacToe()]
    with pytest.raises(error, match=rf"^{many.__name__}: games\[2\]: {says}"):
        many(games, **({} if many is nm.solve_many else {"depth": 2}))


@pytest.mark.parametrize("many, options", [
    (nm.solve_many, {"tt": True}),
    (nm.search_many, {"depth": 3, "algorithm": "pvs", "tt": nm.TranspositionTable(1)}),
])
@pytest.mark.parametrize("make", [lambda: ConnectFour("4455", width=5, height=4),
                                  lambda: TicTacToe("x...o....")])
def test_a_batch_of_one_type_refuses_a_table_for_a_game_without_keys(many, options, make):
    # As solve() and search() do, whatever else is in the batch (the batch of one built-in
    # type takes a quicker route, which must check it too).
    keyless = make()
    keyless.has_keys = False
    single = nm.solve if many is nm.solve_many else nm.search
    with pytest.raises(ValueError, match="tt needs position keys"):
        single(keyless, **options)
    for batch, place in (([keyless], 0), ([make(), keyless], 1), ([TicTacToe(), keyless], 1)):
        with pytest.raises(ValueError, match=rf"^{many.__name__}: games\[{place}\]: tt needs position keys"):
            many(batch, **options)
    # Without a table asked for, the game is searched without one, as alone.
    plain = {k: v for k, v in options.items() if k != "tt"}
    assert (fields_of(many([make(), keyless], **plain)[1]) if many is nm.solve_many
            else many([make(), keyless], **plain)[1].value) == \
        (fields_of(single(keyless, **plain)) if many is nm.solve_many else single(keyless, **plain).value)


def test_a_batch_names_the_first_game_an_option_does_not_fit():
    tree = nm.trees.from_nested([1, [2, 3]])
    with pytest.raises(ValueError, match=r"^search_many: games\[1\]: maximizing applies to explicit trees"):
        nm.search_many([tree, TicTacToe()], maximizing=True)


def test_all_of_type_asks_for_the_exact_type():
    # The batch's check that its games are of one built-in type (subclasses are not).
    assert all_of_type([], ConnectFour)
    assert all_of_type([ConnectFour(), ConnectFour("44")], ConnectFour)
    assert not all_of_type([ConnectFour(), TicTacToe()], ConnectFour)
    assert not all_of_type([1, True], int)
    assert all_of_type([True, False], bool)


@pytest.mark.parametrize("depth", [9, 10])
def test_counters_on_both_sides_of_the_ints_the_engine_keeps_are_exact(depth):
    """The engine hands out ints it made once for counters below 1024 and new ones above:
    minimax on a uniform binary tree enters 2^(d+1) - 1 nodes and reads 2^d leaves, which
    are 1023 and 512 at depth 9, 2047 and 1024 at depth 10 (theory, not the engine)."""
    tree = nm.trees.uniform(2, depth)
    for result in (nm.search(tree, algorithm="minimax"),
                   nm.search_many([tree, tree], algorithm="minimax")[1]):
        assert result.stats.nodes == 2 ** (depth + 1) - 1
        assert result.stats.leaves == 2 ** depth
        assert type(result.stats.nodes) is int and type(result.stats.leaves) is int
