"""negamax.solve on small checkers endings against a retrograde analysis in plain Python
(tests/checkers_reference.py): a king against a lone man, two kings against one king.

The reference knows no move-count rule (endless play is a draw); the longest win in these
endings is far shorter than the forty-move rule's 80 plies, so the values agree exactly:
outcome and plies to the end under best play."""

from __future__ import annotations

import random
from functools import lru_cache

import pytest

import checkers_reference as R
import negamax as nm
from negamax.games import Checkers

OUTCOMES = {"win": 1, "loss": -1, "draw": 0}


@lru_cache(maxsize=None)
def solved(root_fen: str):
    return R.solve_retrograde(R.read_fen(root_fen))


def sample(root_fen: str, count: int, seed: int):
    values = solved(root_fen)
    positions = sorted(values, key=R.write_fen)
    chosen = random.Random(seed).sample(positions, min(count, len(positions)))
    return [(R.write_fen(p), values[p]) for p in chosen if R.legal_moves(p)]


def check(fen, expected):
    result = nm.solve(Checkers(fen))
    outcome = OUTCOMES[result.outcome]
    plies = result.plies if outcome != 0 else 0
    assert (outcome, plies) == expected, (fen, result)
    if outcome != 0:
        # The principal variation is a legal line that ends the game as promised.
        game = Checkers(fen)
        for move in result.pv:
            game.play(move)
        assert len(result.pv) == result.plies and game.outcome().reason == "no legal move"


def test_the_endings_are_long_enough_to_matter_and_short_enough_for_the_rule():
    king_man = solved("W:WK30:B5")
    kings = solved("B:WK1,K10:BK23")
    for values in (king_man, kings):
        assert {value for value, _ in values.values()} == {-1, 0, 1}
        assert max(plies for _, plies in values.values()) < 80
    assert max(plies for _, plies in kings.values()) >= 20


@pytest.mark.parametrize("fen, expected", sample("W:WK30:B5", 25, seed=1) + sample("B:WK30:B5", 25, seed=2))
def test_king_against_a_lone_man(fen, expected):
    check(fen, expected)


@pytest.mark.parametrize("fen, expected", sample("B:WK1,K10:BK23", 40, seed=3))
def test_two_kings_against_one(fen, expected):
    check(fen, expected)


def test_search_deep_enough_finds_the_win():
    fen, (value, plies) = next((f, v) for f, v in sample("B:WK1,K10:BK23", 200, seed=4)
                               if v[0] == 1 and 5 <= v[1] <= 11)
    result = nm.search(Checkers(fen), depth=plies + 2, algorithm="pvs")
    assert nm.is_win(result.value)


def test_a_position_seen_twice_in_the_game_keeps_the_solve_small():
    # A king against a king is a draw whatever came before. After these moves the position
    # reached has occurred twice: a third occurrence in the search is a draw, on every path
    # of that search, so its results stay in the table (kept out, the solve took ~800 M nodes).
    game = Checkers("W:WK18:BK9")
    for move in ["18-23", "9-6", "23-26", "6-2", "26-31", "2-6", "31-26", "6-9"]:
        game.play(move)
    result = nm.solve(game, node_limit=2_000_000)
    assert result.stop_reason == nm.StopReason.COMPLETED and result.outcome == "draw"


def test_a_won_ending_after_repeated_positions_solves_to_the_reference_value():
    # Two kings against one, after black's king has gone back and forth: the winner's
    # shortest wins avoid the positions seen twice, so the retrograde value (no history)
    # holds; the solve must find it within a small budget (it took 2.2 billion nodes).
    game = Checkers("B:WK1,K10:BK23")
    for move in ["23-26", "1-5", "26-23", "5-1", "23-26", "1-5", "26-23"]:
        game.play(move)
    fen = game.fen()
    outcome, plies = solved(fen)[R.read_fen(fen)]
    result = nm.solve(game, node_limit=2_000_000)
    assert result.stop_reason == nm.StopReason.COMPLETED
    assert (OUTCOMES[result.outcome], result.plies if outcome != 0 else 0) == (outcome, plies)
