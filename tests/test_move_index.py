"""One rule finds a move in a list of moves, for root_moves and for a Python game's noisy
moves alike (negamax._python_game.MoveIndex): the listed object itself; else an equal move
(a bool is no integer move, nor is 1.0; a comparison that raises or gives no bool
is no match), of several the
first written alike (repr()), else the first. Short lists are scanned, long ones looked up
through dicts: both must give what a plain reference written here gives."""

import dataclasses
import numbers
import random

import numpy as np
import pytest

import negamax as nm
from negamax._python_game import MoveIndex


def reference_same(name, move):
    if isinstance(move, (bool, np.bool_)) != isinstance(name, (bool, np.bool_)):
        return False
    if (isinstance(name, numbers.Integral) and isinstance(move, numbers.Number)
            and not isinstance(move, numbers.Integral)):
        return False
    try:
        equal = name == move
    except Exception:
        return False
    return isinstance(equal, (bool, np.bool_)) and bool(equal)   # an array is no answer


def reference_find(names, move):
    for index, name in enumerate(names):
        if name is move:
            return index
    equal = [index for index, name in enumerate(names) if reference_same(name, move)]
    if len(equal) <= 1:
        return equal[0] if equal else -1
    alike = [index for index in equal if repr(names[index]) == repr(move)]
    return alike[0] if alike else equal[0]


@dataclasses.dataclass
class Noted:
    """Unhashable; the note is not compared, so equal moves may be written differently."""
    square: int
    note: str = dataclasses.field(default="", compare=False)


class Touchy:
    """A move whose comparison raises."""

    def __eq__(self, other):
        raise RuntimeError("no comparing me")

    __hash__ = object.__hash__


def random_move(rng):
    value = rng.randrange(6)
    return rng.choice([
        value, float(value), value + 0.5, str(value), bool(value % 2), np.int64(value),
        np.bool_(value % 2), [value], [float(value)], (value,), Noted(value, rng.choice("ab")),
        Touchy(), None,
    ])


@pytest.mark.parametrize("seed", range(40))
def test_scan_and_dicts_follow_the_reference(seed):
    rng = random.Random(seed)
    names = [random_move(rng) for _ in range(rng.randrange(1, 30))]
    asked = [random_move(rng) for _ in range(25)] + [rng.choice(names) for _ in range(5)]
    scanning = MoveIndex(names, 1)                # len(names) <= 256: scans
    indexed = MoveIndex(names, 1_000)            # 1,000 lookups: dicts
    for move in asked:
        expected = reference_find(names, move)
        assert scanning.find(move) == expected, (names, move)
        assert indexed.find(move) == expected, (names, move)


def test_the_rule_on_equal_moves_written_differently():
    names = [1.0, 1, True, "1", [1.0], [1], Noted(5, "a"), Noted(5, "b")]
    for lookups in (1, 1_000):
        index = MoveIndex(names, lookups)
        assert index.find(1) == 1                # 1.0 == 1, but 1 is written as 1 is
        assert index.find(1.0) == 0
        assert index.find(True) == 2             # a bool names only a bool
        assert index.find(np.int64(1)) == 0      # equal to 1.0 and 1, written as neither: the first
        assert index.find([1]) == 5 and index.find([1.0]) == 4
        assert index.find(Noted(5, "b")) == 7 and index.find(Noted(5, "c")) == 6
        assert index.find(2) == -1 and index.find(Touchy()) == -1
        assert index.find(names[7]) == 7         # the object itself


class EqualTwins(nm.Game):
    """A root with moves 1.0 and 1 (equal, written differently): each ends the game, worth
    +5 to the mover for the int and -5 for the float. Both are noisy (given anew as the int 1)
    or, with `noisy`, the given move alone."""

    def __init__(self, noisy=(1,)):
        self.noisy, self.done = list(noisy), None

    def legal_moves(self):
        return [1.0, 1] if self.done is None else []

    def noisy_moves(self):
        return list(self.noisy) if self.done is None else []

    def play(self, move):
        self.done = move

    def undo(self):
        self.done = None

    def is_terminal(self):
        return self.done is not None

    def evaluate(self):
        # from the side to move after the move: the opponent of the mover
        return 0 if self.done is None else (-5 if type(self.done) is int else 5)

    def copy(self):
        twin = EqualTwins(self.noisy)
        twin.done = self.done
        return twin


def test_root_moves_and_noisy_moves_name_the_same_move():
    # root_moves=[1] took 1.0 (the first equal move), a noisy 1 took 1 (the one written
    # alike): one rule now, the one the README gives.
    searched = nm.search(EqualTwins(), depth=1, root_moves=[1])
    assert searched.best_move == 1 and type(searched.best_move) is int
    assert searched.value == 5
    # depth 0 with quiescence: stand pat (0) or the noisy move, which must be the int's +5
    assert nm.search(EqualTwins(), depth=0, algorithm="pvs", quiescence=True).value == 5


def test_a_noisy_bool_is_no_integer_move():
    with pytest.raises(nm.GameContractError, match="noisy_moves\\(\\) gave True"):
        nm.search(EqualTwins(noisy=[True]), depth=0, algorithm="pvs", quiescence=True)
    with pytest.raises(ValueError, match="is not a legal move"):
        nm.search(EqualTwins(), depth=1, root_moves=[True])


class Clearing:
    """A move whose comparison empties the list it was looked up in."""

    def __init__(self, victim):
        self.victim = victim

    def __eq__(self, other):
        self.victim.clear()
        return other == "last"

    __hash__ = None


@pytest.mark.parametrize("lookups", [1, 1_000])
def test_a_move_that_changes_the_list_while_compared_reads_nothing_past_it(lookups):
    # lookups read the list without bounds checks: the index keeps a list of its own
    names = [f"move {number}" for number in range(40)] + ["last"]
    index = MoveIndex(names, lookups)
    assert index.find(Clearing(names)) == 40
    assert names == []
