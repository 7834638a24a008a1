"""nm.theory against the formulas, written out here."""

from __future__ import annotations

import math

import numpy as np
import pytest

import negamax as nm
from negamax import theory

SIZES = [(b, d) for b in range(2, 11) for d in range(1, 11)] + [(16, 3), (35, 4), (2, 40), (64, 5)]
EDGE_SIZES = [(1, d) for d in range(0, 6)] + [(b, 0) for b in range(2, 6)]


@pytest.mark.parametrize("b,d", SIZES)
def test_minimax_leaves(b, d):
    assert nm.theory.minimax_leaves(b, d) == b**d


@pytest.mark.parametrize("b,d", SIZES)
def test_alphabeta_best_leaves(b, d):
    expected = b ** ((d + 1) // 2) + b ** (d // 2) - 1  # b^ceil(d/2) + b^floor(d/2) - 1
    assert nm.theory.alphabeta_best_leaves(b, d) == expected


@pytest.mark.parametrize("b,d", EDGE_SIZES)
def test_degenerate_sizes(b, d):
    """b = 1 or d = 0: the formulas still hold (a chain, or a single leaf)."""
    assert nm.theory.minimax_leaves(b, d) == b**d
    assert nm.theory.alphabeta_best_leaves(b, d) == 1


def test_alphabeta_best_leaves_known_values():
    # written out by hand
    assert nm.theory.alphabeta_best_leaves(2, 3) == 4 + 2 - 1
    assert nm.theory.alphabeta_best_leaves(8, 6) == 512 + 512 - 1
    assert nm.theory.alphabeta_best_leaves(8, 4) == 64 + 64 - 1
    assert nm.theory.alphabeta_best_leaves(16, 3) == 256 + 16 - 1
    assert nm.theory.alphabeta_best_leaves(10, 1) == 10 + 1 - 1
    assert nm.theory.alphabeta_best_leaves(3, 5) == 27 + 9 - 1


def test_exact_integers_for_large_values():
    """b**d is an exact integer, beyond what a float can hold."""
    assert nm.theory.minimax_leaves(3, 40) == 12157665459056928801
    assert nm.theory.minimax_leaves(7, 30) == 7**30
    assert nm.theory.alphabeta_best_leaves(3, 60) == 2 * 3**30 - 1
    assert nm.theory.alphabeta_best_leaves(3, 61) == 3**31 + 3**30 - 1


def test_best_never_exceeds_minimax():
    for b in range(2, 12):
        for d in range(1, 12):
            assert nm.theory.alphabeta_best_leaves(b, d) <= nm.theory.minimax_leaves(b, d)


@pytest.mark.parametrize("count,depth", [(8, 3), (1000, 3), (2, 1), (1, 5), (4096, 12), (549946, 9),
                                         (1023, 6), (10, 2), (7865, 9)])
def test_effective_branching_factor(count, depth):
    ebf = nm.theory.effective_branching_factor(count, depth)
    assert math.isclose(ebf, count ** (1 / depth), rel_tol=1e-12)
    assert math.isclose(ebf**depth, count, rel_tol=1e-9)


def test_effective_branching_factor_known_values():
    assert math.isclose(nm.theory.effective_branching_factor(8, 3), 2.0, rel_tol=1e-12)
    assert math.isclose(nm.theory.effective_branching_factor(1000, 3), 10.0, rel_tol=1e-12)
    assert math.isclose(nm.theory.effective_branching_factor(4096, 12), 2.0, rel_tol=1e-12)
    assert math.isclose(nm.theory.effective_branching_factor(81, 4), 3.0, rel_tol=1e-12)
    # for a best-ordered tree the EBF is about sqrt(b)
    count = nm.theory.alphabeta_best_leaves(16, 8)
    assert math.isclose(nm.theory.effective_branching_factor(count, 8), 4.0, rel_tol=0.15)


def test_effective_branching_factor_of_a_perfect_power_is_its_root_exactly():
    # minimax's b**d leaves give b itself, not b within a rounding error
    for b in range(1, 33):
        for d in range(1, 13):
            assert nm.theory.effective_branching_factor(b ** d, d) == b


def test_effective_branching_factor_takes_counts_beyond_a_float():
    assert nm.theory.effective_branching_factor(10 ** 400, 400) == 10.0
    assert nm.theory.effective_branching_factor(10 ** 400 + 1, 400) == pytest.approx(10.0)
    with pytest.raises(ValueError, match="beyond a float"):
        nm.theory.effective_branching_factor(2 ** 2000, 1)


def test_tree_nodes_is_the_sum_of_the_levels():
    for b in (1, 2, 3, 7, 20):
        for d in (0, 1, 2, 5, 9):
            assert nm.theory.tree_nodes(b, d) == sum(b ** level for level in range(d + 1))
    assert nm.theory.tree_nodes(2, 10 ** 5) == 2 ** (10 ** 5 + 1) - 1     # closed form: at once


@pytest.mark.parametrize("branching", [2**14 - 3, 2**16383 + 1, 2**16384 - 1, 2**16384,
                                       2**16384 + 1, 3**20000, 2**100_000 + 7],
                         ids=lambda branching: f"{branching.bit_length()}-bit")
def test_tree_nodes_of_long_branchings_is_the_sum_of_the_levels(branching):
    # Past some length tree_nodes sums without dividing (a long division is quadratic);
    # either way it is 1 + b + ... + b**d, summed here level by level.
    for depth in range(12):
        assert theory.tree_nodes(branching, depth) == sum(branching ** i for i in range(depth + 1))


@pytest.mark.parametrize("count,depth", [(2 ** 1024 - 1, 1), (2 ** 1024, 1), (2 ** 2048 - 1, 2)])
def test_effective_branching_factor_at_the_edge_of_a_float_is_a_value_error(count, depth):
    # The true root is at least 2**1024 - 1, past the largest float (2**1024 - 2**971): the
    # function's own ValueError, not Python's OverflowError from converting it.
    with pytest.raises(ValueError, match="beyond a float's range"):
        nm.theory.effective_branching_factor(count, depth)


def test_effective_branching_factor_of_whole_numbers_given_as_other_types_is_exact():
    from fractions import Fraction
    assert nm.theory.effective_branching_factor(Fraction(9), 2) == 3.0
    assert nm.theory.effective_branching_factor(9.0, 2) == 3.0
    assert nm.theory.effective_branching_factor(np.float64(1000.0), 3) == 10.0
    # Depth 1: the count itself (x ** (1/1) == x), not exp(log(x)) rounded twice.
    assert nm.theory.effective_branching_factor(1.7e308, 1) == 1.7e308
    assert nm.theory.effective_branching_factor(2.5, 1) == 2.5
    assert nm.theory.effective_branching_factor(Fraction(1, 3), 1) == 1 / 3
    assert nm.theory.effective_branching_factor(2 ** 1023, 1) == 2.0 ** 1023


@pytest.mark.parametrize("count,depth,error,name", [
    ("8", 2, TypeError, "count"), (8, None, TypeError, "depth"), (8, True, TypeError, "depth"),
    (8, 1.5, TypeError, "depth"), (8, float("inf"), TypeError, "depth"),
    (float("nan"), 3, ValueError, "count"), (float("inf"), 3, ValueError, "count"),
    (0, 3, ValueError, "count"), (8, 0, ValueError, "depth"), (True, 3, TypeError, "count"),
])
def test_effective_branching_factor_names_a_bad_argument(count, depth, error, name):
    with pytest.raises(error, match=name):
        nm.theory.effective_branching_factor(count, depth)


def test_numpy_integers_are_integers():
    b, d = np.int64(8), np.int32(6)
    assert nm.theory.alphabeta_best_leaves(b, d) == 8 ** 3 + 8 ** 3 - 1
    assert nm.theory.minimax_leaves(b, d) == 8 ** 6
    assert nm.theory.tree_nodes(b, d) == sum(8 ** level for level in range(7))
    assert type(nm.theory.minimax_leaves(b, d)) is int         # exact, never wrapping at 64 bits
    assert nm.theory.minimax_leaves(np.int64(2), np.int64(70)) == 2 ** 70
    assert math.isclose(nm.theory.effective_branching_factor(np.int64(1000), np.int64(3)), 10.0)


@pytest.mark.parametrize("root,depth", [(2**50, 1), (10**15, 1), (2**49 + 1, 2), (3**40, 3),
                                        (2**53, 2), (10**6 + 3, 7)])
def test_effective_branching_factor_of_a_huge_perfect_power_is_its_root_exactly(root, depth):
    # past roots of 2**49 a float estimate of the root rounds to a neighbour
    assert nm.theory.effective_branching_factor(root ** depth, depth) == float(root)



@pytest.mark.parametrize("function", [theory.minimax_leaves, theory.alphabeta_best_leaves,
                                      theory.alphabeta_worst_leaves, theory.tree_nodes])
def test_counts_past_the_bit_limit_are_refused_at_once(function):
    """2**(2**70) cannot be stored; 2**(2**31) would take minutes. Both are refused, and the
    largest count allowed is still exact."""
    for depth in (2**70, 2**31, theory.MAX_COUNT_BITS):
        with pytest.raises(ValueError, match="MAX_COUNT_BITS"):
            function(2, depth)
    depth = theory.MAX_COUNT_BITS - 2
    expected = {theory.minimax_leaves: 2**depth, theory.alphabeta_worst_leaves: 2**depth,
                theory.alphabeta_best_leaves: 2**((depth + 1) // 2) + 2**(depth // 2) - 1,
                theory.tree_nodes: 2**(depth + 1) - 1}[function]
    assert function(2, depth) == expected
    assert function(1, 2**70) == (2**70 + 1 if function is theory.tree_nodes else 1)


def test_a_huge_branching_counts_up_to_the_bit_limit():
    # b has 3,000,001 bits (over 4,300 digits, Python's limit for int-to-str): b**1 and the
    # tree's b + 1 nodes fit under MAX_COUNT_BITS and are exact; b**2 does not, and the error
    # says so without printing b (it raised Python's int-to-str error for both).
    b = 2**3_000_000
    assert theory.minimax_leaves(b, 1) == b and theory.alphabeta_best_leaves(b, 1) == b
    assert theory.tree_nodes(b, 1) == b + 1
    for function in (theory.minimax_leaves, theory.alphabeta_best_leaves, theory.tree_nodes):
        with pytest.raises(ValueError, match=r"\(a 3,000,001-bit number to the power 2\) has "
                                             r"about 6e\+06 bits.*MAX_COUNT_BITS"):
            function(b, 2)


@pytest.mark.parametrize("depth", [10**8, 2**70, 2**200])
def test_effective_branching_factor_of_a_huge_depth_is_near_one(depth):
    """The integer root of a count below 2**depth is 1: found at once (it computed
    2**(depth - 1) first, which never ended for 2**70)."""
    value = theory.effective_branching_factor(1000, depth)
    assert value == pytest.approx(1000 ** (1 / depth), rel=1e-12)
    assert theory.effective_branching_factor(1, depth) == 1.0


def test_effective_branching_factor_takes_fractions_and_depths_of_any_size():
    from fractions import Fraction
    ebf = nm.theory.effective_branching_factor
    assert ebf(Fraction(10 ** 400), 2) == 1e200              # whole, beyond a float: exact
    assert ebf(Fraction(4, 9), 2) == 2 / 3                   # both terms perfect squares
    # Roots within a float's range of fractions that are not (sqrt(1/3) * 10**200 and 10**-200)
    assert ebf(Fraction(10 ** 400, 3), 2) == pytest.approx(10 ** 200 / math.sqrt(3), rel=1e-12)
    assert ebf(Fraction(1, 10 ** 400), 2) == pytest.approx(1e-200, rel=1e-12)
    assert ebf(Fraction(1, 3), 2) == pytest.approx(math.sqrt(1 / 3), rel=1e-15)
    # A depth beyond a float: the root of any count in reach is 1 to a float's precision.
    assert ebf(2, 10 ** 400) == 1.0
    assert ebf(Fraction(7, 3), 10 ** 400) == 1.0
    for count in (Fraction(1, 10 ** 400), Fraction(10 ** 400, 3)):   # the roots themselves
        with pytest.raises(ValueError, match="beyond a float's range"):  # are out of range
            ebf(count, 1)


def test_effective_branching_factor_is_the_float_nearest_the_root():
    # The reference: the root to 60 digits by the decimal module, then rounded once.
    import random
    from decimal import Decimal, localcontext
    rng = random.Random(7)
    with localcontext() as context:
        context.prec = 60
        for _ in range(500):
            count, depth = rng.randint(2, 10 ** rng.randint(1, 40)), rng.randint(2, 60)
            nearest = float(Decimal(count) ** (Decimal(1) / Decimal(depth)))
            assert nm.theory.effective_branching_factor(count, depth) == nearest, (count, depth)


@pytest.mark.parametrize("root, depth", [(10, 1000), (3, 1000), (7, 5), (2, 60)])
def test_effective_branching_factor_never_falls_below_a_perfect_power_s_root(root, depth):
    # exp(log(count) / depth) rounds twice: a count just above root**depth came out below root.
    assert nm.theory.effective_branching_factor(root ** depth + 1, depth) >= root
    assert nm.theory.effective_branching_factor(root ** depth - 1, depth) <= root
