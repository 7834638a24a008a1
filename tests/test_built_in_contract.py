"""Every built-in game (negamax.games.NATIVE_GAMES) keeps the contract the API checks on users'
games and skips on built-in ones for speed (the root's move numbers, the best move, the copy):
a game added to NATIVE_GAMES is held to it here, on positions of random play."""

from __future__ import annotations

import random

import pytest

import negamax as nm
from negamax.game import NativeGame
from negamax.games import NATIVE_GAMES


def random_positions(game_class, count, seed, longest=40):
    """`count` positions reached by random legal moves from the start (play and undo only)."""
    rng = random.Random(seed)
    positions = []
    while len(positions) < count:
        game = game_class()
        for _ in range(rng.randint(0, longest)):
            moves = game.legal_moves()
            if not moves or game.is_terminal():
                break
            game.play(rng.choice(moves))
        positions.append(game)
    return positions


@pytest.mark.parametrize("name", sorted(NATIVE_GAMES))
def test_built_in_games_keep_the_contract_on_random_positions(name):
    game_class = NATIVE_GAMES[name]
    for game in random_positions(game_class, 8, seed=len(name)):
        copy = game.copy()
        assert type(copy) is game_class and copy.key() == game.key()
        codes = NativeGame.legal_moves(game)
        assert all(code >= 0 for code in codes)
        assert len(game.decode_root_moves(codes)) == len(codes) == len(game.legal_moves())
        if game.is_terminal():
            continue
        for algorithm in ("alphabeta", "pvs"):
            result = nm.search(game, 2, algorithm=algorithm)
            assert result.best_move in game.legal_moves()
            line = game.copy()
            for move in result.pv:           # a legal line from the position
                assert move in line.legal_moves()
                line.play(move)


@pytest.mark.parametrize("name", sorted(NATIVE_GAMES))
def test_built_in_games_pickle_as_the_same_position(name):
    # analyze() sends games to worker processes: a built-in game needs a reducer
    # (negamax._pickling), which Cython cannot make for a class with a __cinit__.
    import pickle

    for game in random_positions(NATIVE_GAMES[name], 4, seed=7):
        clone = pickle.loads(pickle.dumps(game))
        assert type(clone) is type(game)
        assert (clone.key(), tuple(clone.history), clone.legal_moves()) == (
            game.key(), tuple(game.history), game.legal_moves())


def test_a_built_in_game_whose_copy_is_another_class_is_refused(monkeypatch):
    # The API takes a built-in game's (or a tree's) copy() without its other checks: the
    # class must hold.
    import negamax.api as api
    from negamax.errors import GameContractError

    class CopiesAnother:
        has_keys = True               # what api._plain_search reads of a game before copying
        iterative_deepening = False

        def copy(self):
            return NATIVE_GAMES["tictactoe"]()

    assert api._BUILT_IN_GAMES <= api._COPIED_AS_IS
    monkeypatch.setattr(api, "_COPIED_AS_IS", api._COPIED_AS_IS | {CopiesAnother})
    with pytest.raises(GameContractError, match="CopiesAnother.copy\\(\\) returned a TicTacToe"):
        nm.search(CopiesAnother(), 1)
