"""The transposition table keeps a lower and an upper bound of one position side by side.

A solve narrows a value with null-window searches that fail high and low in turn at the same
positions; each search used to overwrite the bound the one before had left, and the proof of
the solved line, which asks for both sides, had to search again. The replacement policy
(ext/engine/ttable.pxd): a lower bound stored over an upper one of the same depth, or the
reverse, moves the older one to the bucket's second slot. These tests store entries for one
position through the table's own probe and store and read them back three ways: the newest
entry (what the search sees), and the entry asked for by side (what the proof sees)."""

from __future__ import annotations

import pytest

from negamax._engine import TranspositionTable, _store_then_probe

LOWER, UPPER, EXACT = 1, 2, 3
KEY = 0x123456789ABCDEF


def probe_after(*stores):
    """(newest, lower, upper) after storing each (value, move, depth, bound) for KEY."""
    return _store_then_probe(TranspositionTable(1), KEY, list(stores))


def test_an_upper_bound_after_a_lower_one_keeps_both():
    lower, upper = (5, 1, 7, LOWER), (3, 2, 7, UPPER)
    assert probe_after(lower, upper) == (upper, lower, upper)
    assert probe_after(upper, lower) == (lower, lower, upper)


def test_a_new_bound_of_one_side_replaces_only_that_side():
    first, other, again = (5, 1, 7, LOWER), (3, 2, 7, UPPER), (4, 3, 7, LOWER)
    assert probe_after(first, other, again) == (again, again, other)
    assert probe_after(first, other, again, (2, 4, 7, UPPER)) == ((2, 4, 7, UPPER), again, (2, 4, 7, UPPER))


def test_bounds_of_different_depths_are_not_kept_together():
    # Only bounds of one search depth stand side by side: a deeper or shallower one replaces.
    lower, upper = (5, 1, 7, LOWER), (3, 2, 8, UPPER)
    assert probe_after(lower, upper) == (upper, upper, upper)


@pytest.mark.parametrize("bound", [LOWER, UPPER])
def test_an_exact_value_replaces_a_bound_and_answers_both_sides(bound):
    exact = (4, 6, 7, EXACT)
    assert probe_after((5, 1, 7, bound), exact) == (exact, exact, exact)
    assert probe_after(exact, (5, 1, 7, bound)) == ((5, 1, 7, bound),) * 3


def test_a_position_never_stored_is_not_found():
    assert probe_after() == (None, None, None)


def test_bad_bounds_and_depths_are_refused():
    with pytest.raises(ValueError, match="bound must be 1 to 3"):
        probe_after((0, 0, 1, 0))
    with pytest.raises(ValueError, match="depth 0 to"):
        probe_after((0, 0, -1, LOWER))
