"""Iterative deepening by default where the game asks for it (the `iterative_deepening`
attribute): chess does, the other built-in games do not, a Python game may; an explicit
`iterative=` always wins, and the value of a non-selective search does not change."""

from __future__ import annotations

import pytest

import negamax as nm
from negamax.games import Checkers, Chess, ConnectFour, TicTacToe
from chess_helpers import sample_fens
from keyed_nim import Nim, NimWithoutKey

MIDDLEGAME = "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP3PPP/R2QKB1R w KQ - 0 8"
# The enhancements that change a depth-limited value by design (negamax.SELECTIVE_ENHANCEMENTS).
NOT_SELECTIVE = dict(quiescence=False, check_extension=False, null_move=False, lmr=False)


def test_the_built_in_games_declare_their_choice():
    assert Chess.iterative_deepening is True
    for game_type in (ConnectFour, TicTacToe, Checkers):
        assert game_type.iterative_deepening is False
    assert nm.Game.iterative_deepening is False


@pytest.mark.parametrize("algorithm", ["pvs", "mtdf"])
def test_chess_with_a_table_deepens_one_ply_at_a_time(algorithm):
    result = nm.search(Chess(MIDDLEGAME), 4, algorithm=algorithm)
    assert (result.depth, result.stats.iterations) == (4, 4)


def test_asking_decides_whatever_the_game_prefers():
    assert nm.search(Chess(MIDDLEGAME), 4, algorithm="pvs", iterative=False).stats.iterations == 1
    assert nm.search(ConnectFour("4453"), 5, algorithm="pvs", iterative=True).stats.iterations == 5


def test_no_table_no_iterations():
    # Plain alpha-beta has no table unless asked: iterations would only repeat work.
    assert nm.search(Chess(MIDDLEGAME), 3).stats.iterations == 1
    assert nm.search(Chess(MIDDLEGAME), 3, tt=True).stats.iterations == 3


def test_other_built_in_games_search_once():
    assert nm.search(ConnectFour("4453"), 6, algorithm="pvs").stats.iterations == 1
    assert nm.search(Checkers(), 5, algorithm="pvs").stats.iterations == 1


class DeepeningNim(Nim):
    iterative_deepening = True


class DeepeningNimWithoutKey(NimWithoutKey):
    iterative_deepening = True


def test_a_python_game_can_ask_for_it():
    assert nm.search(DeepeningNim([3, 4, 5]), 3, algorithm="pvs").stats.iterations == 3
    assert nm.search(Nim([3, 4, 5]), 3, algorithm="pvs").stats.iterations == 1


def test_a_python_game_without_keys_has_no_table_to_deepen_with():
    assert nm.search(DeepeningNimWithoutKey([3, 4, 5]), 3, algorithm="pvs").stats.iterations == 1


def test_a_bad_attribute_is_named():
    class Confused(Nim):
        iterative_deepening = "yes"

    with pytest.raises(TypeError, match="Confused.iterative_deepening must be True or False"):
        nm.search(Confused([1, 2]), 2, algorithm="pvs")


def test_a_batch_decides_per_game():
    results = nm.search_many([Chess(MIDDLEGAME), ConnectFour("4453"), Chess(MIDDLEGAME)], 4,
                             algorithm="pvs")
    assert [result.stats.iterations for result in results] == [4, 1, 4]
    single = nm.search(Chess(MIDDLEGAME), 4, algorithm="pvs")
    assert (results[0].value, results[0].pv) == (single.value, single.pv)


@pytest.mark.parametrize("fen", sample_fens(seed=77, count=6))
def test_the_value_of_a_non_selective_search_is_the_minimax_value(fen):
    # Full-width negamax (no pruning, no table) is the reference the deepening search must meet.
    reference = nm.search(Chess(fen), 3, algorithm="negamax").value
    deepening = nm.search(Chess(fen), 3, algorithm="pvs", **NOT_SELECTIVE)
    assert deepening.stats.iterations in (1, 2, 3)     # fewer only where the game ends first
    assert deepening.value == reference
    assert nm.search(Chess(fen), 3, algorithm="mtdf", **NOT_SELECTIVE).value == reference
