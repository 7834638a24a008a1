"""Errors name the culprit and quote little of the input (issue 13, items 7 and 8)."""

from __future__ import annotations

import functools
from fractions import Fraction

import numpy as np
import pytest

import negamax as nm
from negamax.python_game import LIMIT_CEILING, check_limits
from negamax.quoting import MAX_QUOTE, short_repr


@pytest.mark.parametrize("name", ["max_moves", "max_ply"])
@pytest.mark.parametrize("value, error", [(2 ** 62, ValueError), (0, ValueError), (-5, ValueError),
                                          (LIMIT_CEILING + 1, ValueError), (2.5, TypeError),
                                          (True, TypeError), ("64", TypeError)])
def test_a_bad_limit_is_named_when_the_class_is_defined(name, value, error):
    with pytest.raises(error, match=f"Bad.{name}"):
        type("Bad", (nm.Game,), {name: value})


def test_limits_set_on_an_instance_are_named_by_check_limits():
    from keyed_nim import Nim
    game = Nim([1, 2])
    assert check_limits(game) == (game.max_moves, game.max_ply)
    game.max_ply = 2 ** 62
    with pytest.raises(ValueError, match=r"Nim.max_ply must be between 1 and 2\*\*31 - 1, "
                                         r"got 4,611,686,018,427,387,904"):
        check_limits(game)


def test_a_good_limit_and_a_property_are_accepted():
    class Fine(nm.Game):
        max_moves = LIMIT_CEILING

        @property
        def max_ply(self):
            return 9

    assert Fine.max_moves == LIMIT_CEILING


def test_short_repr_cuts_long_values():
    assert short_repr("abc") == "'abc'"
    cut = short_repr("z" * 10 ** 6)
    assert cut.startswith("'" + "z" * MAX_QUOTE + "'...") and "1,000,000 characters" in cut
    assert len(short_repr(list(range(10 ** 5)))) < 2 * MAX_QUOTE


def test_tree_leaf_errors_quote_at_most_60_characters():
    with pytest.raises(TypeError) as info:
        nm.trees.from_nested([1, "x" * 10 ** 6])
    assert len(str(info.value)) < 200 and "path (1,)" in str(info.value)


def test_deep_tree_paths_are_cut_in_messages():
    deep = functools.reduce(lambda inner, _: [inner], range(5000), "leaf")
    with pytest.raises(TypeError) as info:
        nm.trees.from_nested(deep)
    message = str(info.value)
    assert "of length 5000" in message and len(message) < 300


@pytest.mark.parametrize("tt, hint", [(64, True), (0, True), (1.5, True), (np.int64(64), True),
                                      (np.float32(8.0), True), (Fraction(1, 2), True),
                                      ("x", False), ([1], False)])
def test_a_bad_tt_names_every_form_it_takes_and_tt_mb_for_a_size(tt, hint):
    # It said "tt must be True or False", where a TranspositionTable and None are taken too,
    # and tt=64 was never pointed to tt_mb (an independent tester's find).
    game = nm.games.TicTacToe()
    with pytest.raises(TypeError, match=r"^tt must be True, False, None or a "
                                        r"negamax.TranspositionTable, not ") as caught:
        nm.search(game, 2, tt=tt)
    assert (f"tt_mb={tt!r}" in str(caught.value)) is hint
    assert nm.search(game, 2, tt=nm.TranspositionTable(1)).value == nm.search(game, 2, tt=None).value


def test_a_one_pass_search_stopped_by_its_node_limit_has_no_move():
    # iterative=False overrides the deepening a limit asks for (the README says so).
    game = nm.games.ConnectFour("4453")
    one_pass = nm.search(game, 8, iterative=False, node_limit=500)
    assert one_pass.stop_reason is nm.StopReason.NODE_LIMIT
    assert one_pass.best_move is None and one_pass.value is None
    deepened = nm.search(game, 8, node_limit=500)
    assert deepened.stop_reason is nm.StopReason.NODE_LIMIT and deepened.best_move in game.legal_moves()
