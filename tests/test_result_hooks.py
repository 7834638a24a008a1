"""A built-in game's results are made with its C hooks (engine/kernel_table.pxd: line_tuple,
solver_score), which must give exactly what its Python methods give.

A batch of short solves makes one SolveResult per position; calling decode_line and
solver_score through Python for each cost as much as the rest of the result, so Connect Four
and tic-tac-toe hand the engine C versions. These tests hold each hook to the Python method it
stands for (decode_line, solver_score: the reference, used for every other game), over random
positions, lines and values, errors included, and check that the hooks are there (a game
that lost its hook would still give right results, only slower)."""

from __future__ import annotations

import random

import pytest

import negamax as nm
from negamax._engine import _result_hooks
from negamax.games import ConnectFour, TicTacToe

WIN = nm.WIN


def random_connect_four(rng: random.Random, width: int = 7, height: int = 6) -> ConnectFour:
    """A position reached by random legal moves, stopped at a random point (it may be over)."""
    game = ConnectFour(width=width, height=height)
    for _ in range(rng.randrange(width * height + 1)):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(rng.choice(moves))
    return game


def python_score(game, value):
    """solver_score through the Python method, a ValueError as its message."""
    try:
        return game.solver_score(value)
    except ValueError as error:
        return str(error)


def hook_score(game, value):
    score = _result_hooks(game, [], value)[1]
    return str(score) if isinstance(score, ValueError) else score


def test_connect_four_and_tic_tac_toe_have_their_hooks():
    assert _result_hooks(ConnectFour(), [], 0)[2:] == (True, True)
    assert _result_hooks(TicTacToe(), [], 0)[2:] == (True, False)


@pytest.mark.parametrize("shape", [(7, 6), (4, 4), (9, 6), (5, 2)])
def test_connect_four_lines_are_decode_lines(shape):
    rng = random.Random(hash(shape) & 0xFFFF)
    for _ in range(200):
        game = random_connect_four(rng, *shape)
        moves = [rng.randrange(shape[0]) for _ in range(rng.randrange(30))]
        line = _result_hooks(game, moves, 0)[0]
        assert type(line) is tuple
        assert line == tuple(game.decode_line(moves))
        assert all(type(move) is int for move in line)


@pytest.mark.parametrize("shape", [(7, 6), (4, 4), (5, 2), (3, 1)])
def test_connect_four_scores_are_solver_scores_errors_included(shape):
    # Every value a solve could give and many it could not (heuristic values, wins with the
    # wrong parity or no room): the hook raises where the method raises, with its message.
    rng = random.Random(1000 + shape[0] * 10 + shape[1])
    near_win = list(range(WIN - 50, WIN + 1))
    values = [0, 1, -1, 5, -5, nm.EVAL_LIMIT, -nm.EVAL_LIMIT] + near_win + [-v for v in near_win]
    for _ in range(60):
        game = random_connect_four(rng, *shape)
        for value in values:
            assert hook_score(game, value) == python_score(game, value), (game, value)


def test_tic_tac_toe_lines_are_decode_lines():
    rng = random.Random(7)
    game = TicTacToe()
    for _ in range(100):
        moves = [rng.randrange(9) for _ in range(rng.randrange(10))]
        hooks = _result_hooks(game, moves, 3)
        assert hooks[0] == tuple(game.decode_line(moves))
        assert hooks[1] is None          # tic-tac-toe has no solver_score


def test_other_games_go_through_their_python_methods():
    tree = nm.trees.uniform(2, 2, seed=1)
    line, score, has_line, has_score = _result_hooks(tree, [1, 0], 0)
    assert (has_line, has_score) == (False, False)
    assert line == tuple(tree.decode_line([1, 0]))
    assert score is None


def test_solve_many_results_agree_with_the_python_methods():
    rng = random.Random(11)
    games = []
    while len(games) < 30:
        game = ConnectFour()
        for _ in range(rng.randrange(26, 34)):
            if game.is_terminal():
                break
            game.play(rng.choice(game.legal_moves()))
        if not game.is_terminal():
            games.append(game)
    for game, result in zip(games, nm.solve_many(games)):
        assert result.score == game.solver_score(result.value)
        # The line is the game's own notation: each move legal where it is played.
        replay = game.copy()
        for move in result.pv:
            assert move in replay.legal_moves()
            replay.play(move)
        assert replay.is_terminal()
