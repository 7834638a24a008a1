"""A batch of built-in games is searched in one copy the engine makes, given each game's
position in turn by the game module's copy_into hook (run_many's `copies`), instead of a new
copy per position. The copy must hold exactly what copy() would give, keep nothing of the
position searched before, and leave the caller's games as they were."""

from __future__ import annotations

import dataclasses
import random

import pytest

import negamax as nm
from negamax._engine import (_batches_in_copies, _copy_into, run_many, searches_in_copies)
from negamax.games import Checkers, Chess, ConnectFour, TicTacToe
from negamax.options import SearchOptions

import reference
from helpers import late_positions

FLAGS = ("has_order_hints", "has_keys", "has_safe_moves", "has_noisy_moves", "has_check",
         "has_null_move", "last_move_wins", "max_ply_ends_game", "has_path_draws")
COMPARED = [f.name for f in dataclasses.fields(nm.SolveResult) if f.name != "elapsed"]
SEARCH_COMPARED = [f.name for f in dataclasses.fields(nm.SearchResult) if f.name != "elapsed"]


def fields_of(result, names=COMPARED):
    return {name: getattr(result, name) for name in names}


def connect_four_state(game):
    """Everything a ConnectFour shows but its history."""
    over = game.is_terminal()
    return (game.width, game.height, [int(b) for b in game.bitboards], game.board.tolist(), game.stones, game.to_move, game.winner,
            game.legal_moves(), None if over else game.safe_moves(),
            None if over else game.can_win_now(), game.key(), over, game.evaluate(),
            game.max_ply, game.max_moves, str(game), [getattr(game, flag) for flag in FLAGS])


def tictactoe_state(game):
    """Everything a TicTacToe shows but its history."""
    return (game.board.tolist(), game.to_move, game.legal_moves(), game.key(),
            game.is_terminal(), game.evaluate(), game.max_ply, game.max_moves, str(game),
            [getattr(game, flag) for flag in FLAGS])


def random_connect_four(rng, width, height):
    game = ConnectFour(width=width, height=height)
    for _ in range(rng.randrange(width * height + 1)):
        if game.is_terminal():
            break
        game.play(rng.choice(game.legal_moves()))
    return game


def test_built_in_games_with_the_hook_say_so_and_the_others_do_not():
    assert searches_in_copies(ConnectFour) and searches_in_copies(TicTacToe)
    assert not searches_in_copies(Chess) and not searches_in_copies(Checkers)
    assert not searches_in_copies(int) and not searches_in_copies(nm.NativeGame)


def test_copy_into_gives_what_copy_gives_on_every_shape_in_turn():
    rng = random.Random(11)
    shapes = [(7, 6), (5, 4), (1, 1), (8, 7), (4, 9), (32, 1), (2, 30), (7, 6)]
    target = ConnectFour("4455")
    for round_ in range(300):
        width, height = shapes[round_ % len(shapes)] if round_ < 40 else rng.choice(shapes)
        source = random_connect_four(rng, width, height)
        if rng.random() < 0.2:        # flags a user set on the game travel with it
            source.has_order_hints = False
        if rng.random() < 0.2:
            source.has_safe_moves = False
        history = target.history
        _copy_into(source, target)
        assert connect_four_state(target) == connect_four_state(source.copy()), source
        assert target.history == history      # the hook leaves the history alone
        # The copy plays on as the game does.
        if not source.is_terminal():
            move = rng.choice(source.legal_moves())
            source.play(move)
            target.play(move)
            assert connect_four_state(target) == connect_four_state(source)


def test_copy_into_gives_what_copy_gives_for_every_tictactoe_position():
    target = TicTacToe("xo.......")
    for text in sorted(reference.reachable_positions()):
        source = TicTacToe(text)
        _copy_into(source, target)
        assert tictactoe_state(target) == tictactoe_state(source.copy()), text
        if not source.is_terminal():
            move = source.legal_moves()[-1]
            source.play(move)
            target.play(move)
            assert tictactoe_state(target) == tictactoe_state(source), text


def test_copy_into_refuses_games_of_two_types_or_of_a_type_without_the_hook():
    with pytest.raises(TypeError, match="copy_into"):
        _copy_into(ConnectFour(), TicTacToe())
    with pytest.raises(TypeError, match="copy_into"):
        _copy_into(Chess(), Chess())


def immediate_win_pairs(seed, count):
    """(before, after) Connect Four positions: `after` has one stone more than `before` and
    its side to move can win at once. A copy that kept what a search of `before` proved
    (its safe-move records are by stones on the board) would miss that win."""
    rng = random.Random(seed)
    pairs = []
    while len(pairs) < count:
        before = random_connect_four(rng, 7, 6)
        after = random_connect_four(rng, 7, 6)
        if (not before.is_terminal() and not after.is_terminal() and after.can_win_now()
                and after.stones == before.stones + 1):
            pairs.append((before, after))
    return pairs


@pytest.mark.parametrize("many, options", [
    (nm.search_many, {"depth": 3}),
    (nm.search_many, {"depth": 4, "algorithm": "pvs"}),
    (nm.solve_many, {}),
])
def test_the_copy_keeps_nothing_of_the_position_searched_before(many, options):
    pairs = immediate_win_pairs(seed=5, count=25)
    single = nm.search if many is nm.search_many else nm.solve
    names = SEARCH_COMPARED if many is nm.search_many else COMPARED
    if many is nm.solve_many:
        # Solved to the end quickly: late positions only.
        pairs = [(b, a) for b, a in pairs if b.stones >= 24]
        assert len(pairs) >= 3
    games = [game for pair in pairs for game in pair]
    batch = many(games, **options)
    for game, result in zip(games, batch):
        assert fields_of(result, names) == fields_of(single(game, **options), names), game
    for _, after in pairs:
        assert batch[games.index(after)].value > 0


@pytest.mark.parametrize("options", [{}, {"weak": True}, {"node_limit": 500},
                                     {"tt": nm.TranspositionTable(1)}])
def test_mixed_shapes_in_one_batch_give_the_results_of_solve(options):
    rng = random.Random(8)
    games = late_positions(seed=9, count=6, stones=26)
    for width, height in ((5, 4), (4, 4), (6, 3), (3, 5)):
        games += [random_connect_four(rng, width, height) for _ in range(4)]
    rng.shuffle(games)
    before = _batches_in_copies()
    batch = nm.solve_many(games, **options)
    assert _batches_in_copies() == before + 1
    assert [fields_of(r) for r in batch] == [fields_of(nm.solve(g, **options)) for g in games]


def test_the_games_of_a_batch_are_left_as_they_were():
    rng = random.Random(4)
    games = [random_connect_four(rng, 7, 6) for _ in range(12)] + late_positions(2, 4, 28)
    ttt = [TicTacToe(text) for text in ("x...o....", ".........", "xxo.o....")]
    for played in (games, ttt):
        state = connect_four_state if played is games else tictactoe_state
        before = [(state(g), g.history) for g in played]
        nm.solve_many(played, node_limit=2000)
        nm.search_many(played, depth=3)
        assert [(state(g), g.history) for g in played] == before


def test_built_in_batches_take_the_copy_route_and_others_do_not():
    # The route is a matter of speed only (both give the same results): count it, so that
    # a batch of built-in games sent the slower way fails.
    before = _batches_in_copies()
    nm.solve_many([ConnectFour("4455"), ConnectFour("3322", width=5, height=4)], node_limit=100)
    nm.search_many([TicTacToe(), TicTacToe("x........")], depth=2)
    assert _batches_in_copies() == before + 2
    nm.solve_many([TicTacToe(), ConnectFour("4455")], node_limit=100)   # two types
    nm.search_many([Chess()], depth=1)                                   # no hook
    nm.solve_many([nm.trees.from_nested([[3, 5], [2, 9]])])
    assert _batches_in_copies() == before + 2


def plain_fields(count, node_limit=None):
    options = SearchOptions.build(algorithm="pvs", depth=None, iterative=False, aspiration=None,
                                  quiescence=False, check_extension=False, null_move=False,
                                  lmr=False, node_limit=node_limit,
                                  table_for=lambda mb: nm.TranspositionTable(mb))
    return options, [options.engine_fields(True, False)] * count


def test_a_stopped_batch_hands_over_the_copies_its_results_are_finished_with():
    games = [ConnectFour("1234567"), ConnectFour("44"), ConnectFour("3322", width=5, height=4)]
    for game in games:
        game.play(1)
    options, fields = plain_fields(len(games))
    signal = nm.StopSignal()
    signal.set()
    copies = [None] * len(games)
    raws = run_many(games, fields, options.table, signal, True, False, [True] * 3, copies)
    # Each result is left for the Python layer, with a game of its own in its position.
    assert all(type(raw) is dict for raw in raws)
    assert len({id(c) for c in copies}) == 3 and not any(c is g for c, g in zip(copies, games))
    for game, copy in zip(games, copies):
        assert connect_four_state(copy) == connect_four_state(game)
        assert copy.history == game.history


def test_a_clean_batch_hands_over_nothing():
    games = late_positions(seed=3, count=4, stones=28)
    options, fields = plain_fields(len(games))
    copies = [None] * len(games)
    raws = run_many(games, fields, options.table, None, True, False, [True] * 4, copies)
    assert all(type(raw) is nm.SolveResult for raw in raws) and copies == [None] * 4


def test_run_many_searches_in_copies_only_what_it_can():
    options, fields = plain_fields(2)
    with pytest.raises(ValueError, match="copy_into"):
        run_many([ConnectFour(), TicTacToe()], fields, None, None, True, False, None, [None] * 2)
    with pytest.raises(ValueError, match="copy_into"):
        run_many([Chess(), Chess()], fields, None, None, True, False, None, [None] * 2)
    with pytest.raises(ValueError, match="one copies item per game"):
        run_many([TicTacToe(), TicTacToe()], fields, None, None, True, False, None, [None])
