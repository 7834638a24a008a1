"""The leaf counts of the seeds, to set measured searches beside.

- minimax visits every leaf of a uniform tree: b**d;
- alpha-beta with perfect move ordering visits b**ceil(d/2) + b**floor(d/2) - 1 leaves
  (Knuth and Moore, 1975), about 2 * b**(d/2): it can search twice as deep.
"""

from __future__ import annotations

import math
import numbers
import sys
from fractions import Fraction
from typing import Tuple, Union

from negamax.quoting import short_repr

__all__ = ["minimax_leaves", "alphabeta_best_leaves", "alphabeta_worst_leaves",
           "effective_branching_factor", "tree_nodes", "MAX_COUNT_BITS"]


def _whole(name: str, value: object) -> int:
    """`value` as an int: Python's and numpy's integers (not bools, not floats)."""
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, not {type(value).__name__}")
    return int(value)


#: The largest count the functions below make, in bits (about 1.26 million decimal digits):
#: b**d past it would take minutes, or more memory than there is, for no tree anyone searches.
MAX_COUNT_BITS = 1 << 22


def _check(branching: int, depth: int) -> Tuple[int, int]:
    branching, depth = _whole("branching", branching), _whole("depth", depth)
    if branching < 1:
        raise ValueError(f"branching must be at least 1, got {branching}")
    if depth < 0:
        raise ValueError(f"depth must be at least 0, got {depth}")
    # The largest count made is tree_nodes, under 2 * b**d: one bit more than b**d.
    if branching > 1 and depth * math.log2(branching) + 1 > MAX_COUNT_BITS:
        shown = (str(branching) if branching.bit_length() <= 64
                 else f"a {branching.bit_length():,}-bit number")
        raise ValueError(f"branching**depth ({shown} to the power {depth}) has about "
                         f"{depth * math.log2(branching):.3g} bits: the counts here stop at "
                         f"{MAX_COUNT_BITS:,} bits (MAX_COUNT_BITS)")
    return branching, depth


def minimax_leaves(branching: int, depth: int) -> int:
    """Leaves minimax evaluates in a uniform tree: b**d."""
    branching, depth = _check(branching, depth)
    return branching ** depth


def alphabeta_best_leaves(branching: int, depth: int) -> int:
    """Leaves alpha-beta evaluates with perfect ordering: b**ceil(d/2) + b**floor(d/2) - 1."""
    branching, depth = _check(branching, depth)
    return branching ** ((depth + 1) // 2) + branching ** (depth // 2) - 1


def alphabeta_worst_leaves(branching: int, depth: int) -> int:
    """Leaves alpha-beta evaluates with the worst ordering: no cutoff at all, b**d."""
    return minimax_leaves(branching, depth)


def tree_nodes(branching: int, depth: int) -> int:
    """Nodes of a uniform tree, root and leaves included: 1 + b + ... + b**d."""
    branching, depth = _check(branching, depth)
    if branching == 1:
        return depth + 1
    if branching.bit_length() <= _DIVIDE_MAX_BITS:
        return (branching ** (depth + 1) - 1) // (branching - 1)
    return _geometric_sum(branching, depth + 1)


# CPython's long division takes time proportional to the product of the divisor's and the
# quotient's lengths: quick for a short b - 1, quadratic for a long one ((b**2 - 1) // (b - 1)
# took 17 s for a 3,000,000-bit b). Past this length the sum is built without dividing.
_DIVIDE_MAX_BITS = 1 << 14


def _geometric_sum(branching: int, terms: int) -> int:
    """1 + b + ... + b**(terms - 1) by halving the number of terms, without a division:
    the sum of 2k terms is the sum of k times (1 + b**k)."""
    if terms == 0:
        return 0
    if terms % 2:
        return 1 + branching * _geometric_sum(branching, terms - 1)
    half = terms // 2
    return _geometric_sum(branching, half) * (1 + branching ** half)


_LOG_FLOAT_MAX = math.log(2.0 ** 1023) + math.log(2.0)   # ln of the largest finite float, near enough
_FLOAT_MAX_INT = int(sys.float_info.max)


def effective_branching_factor(count: Union[float, Fraction], depth: int) -> float:
    """The branching factor b* of a uniform tree with `count` leaves at `depth`: count**(1/d).

    For alpha-beta with perfect ordering it tends to sqrt(b); for minimax it is b, exactly:
    an integer count that is a whole number's d-th power gives that number. Counts may be
    any size (minimax_leaves makes integers far beyond a float's range), and so may depths;
    fractions are taken exactly. A ValueError when the root itself is beyond a float's range."""
    depth = _whole("depth", depth)
    if depth <= 0:
        raise ValueError(f"depth must be positive, got {depth}")
    if isinstance(count, bool) or not isinstance(count, numbers.Real):
        raise TypeError(f"count must be a number, not {type(count).__name__}")
    if isinstance(count, numbers.Integral):
        count = int(count)         # exact: math.log takes ints of any size
    elif isinstance(count, numbers.Rational):
        count = Fraction(count.numerator, count.denominator)   # exact, and finite by nature
    elif not math.isfinite(count):
        raise ValueError(f"count must be a positive finite number, got {count}")
    if count <= 0:
        raise ValueError(f"count must be a positive finite number, got {count}")
    if not isinstance(count, int) and _is_whole(count):
        count = int(count)         # 9.0 or Fraction(9): as exact as the integer 9
    try:
        if depth == 1 and not isinstance(count, Fraction):
            return float(count)    # count itself, not exp(log(count)) rounded twice
        exponent = float(Fraction(_log(count)) / depth)   # a Fraction: depth may be any int
        if exponent <= _LOG_FLOAT_MAX:
            if isinstance(count, int):
                root = _integer_root(count, depth)
                if root ** depth == count:    # a perfect power: its root, without rounding error
                    return float(root)
                if root > _FLOAT_MAX_INT:     # the log test rounded: the root is past the top
                    raise OverflowError
            elif isinstance(count, Fraction) and depth.bit_length() <= 64:
                top = _integer_root(count.numerator, depth)
                bottom = _integer_root(count.denominator, depth)
                if top ** depth == count.numerator and bottom ** depth == count.denominator:
                    root_value = float(Fraction(top, bottom))  # (4/9)**(1/2): 2/3, rounded once
                    if root_value > 0.0:
                        return root_value
                    raise OverflowError               # below the smallest float
            value = math.exp(exponent)
            if value > 0.0:                   # else a fraction's root below the smallest float
                return _nearest_root(count, depth, value)
    except OverflowError:          # at the very edge of a float's range the log test ties
        pass
    raise ValueError(f"count**(1/depth) is beyond a float's range (count "
                     f"{_size_of(count)}, depth {short_repr(depth)})")


#: Depths up to which a root is rounded exactly (each check raises a 53-bit float to the
#: depth-th power: 53 x depth bits); past it exp(log(count) / depth) stands, a few ulps off.
_EXACT_ROOT_MAX_DEPTH = 20_000


def _nearest_root(count: Union[int, float, Fraction], depth: int, estimate: float) -> float:
    """The float nearest count**(1/depth), from an estimate a few ulps off (exp of the log
    rounds twice): the floats around it are raised to the depth-th power exactly and compared
    with the count, so that the result is correctly rounded and grows with the count (a
    count just above a perfect power never gets a root below the power's)."""
    if depth > _EXACT_ROOT_MAX_DEPTH or not 0.0 < estimate < math.inf:
        return estimate
    exact = Fraction(count)

    def above(candidate: float) -> bool:      # candidate**depth > count, exactly
        return Fraction(candidate) ** depth > exact

    low = estimate
    for _ in range(64):                       # the estimate is a few ulps off: a few steps
        if not above(low):
            break
        low = math.nextafter(low, 0.0)
    for _ in range(64):
        high = math.nextafter(low, math.inf)
        if high == math.inf or above(high):
            break
        low = high
    high = math.nextafter(low, math.inf)
    if high == math.inf or above(low) or not above(high):
        return estimate                       # not bracketed (never seen): the estimate stands
    # low**depth <= count < high**depth: the nearer of the two, by the midpoint's power.
    return high if (Fraction(low) + Fraction(high)) ** depth <= exact * 2 ** depth else low


def _log(count: Union[int, float, Fraction]) -> float:
    """ln(count) for a positive count of any size (a fraction as the difference of its
    numerator's and denominator's, which math.log takes at any size)."""
    if isinstance(count, Fraction):
        try:
            near = float(count)
        except OverflowError:
            near = 0.0
        if near >= sys.float_info.min:
            return math.log(near)  # one rounding, where the difference below loses digits
        return math.log(count.numerator) - math.log(count.denominator)
    return math.log(count)


def _size_of(count: Union[int, float, Fraction]) -> str:
    """How large a count is, for a message (its digits could fill pages)."""
    if isinstance(count, int):
        return f"has {count.bit_length()} bits"
    if isinstance(count, Fraction):
        return (f"is a fraction of {count.numerator.bit_length()} bits over "
                f"{count.denominator.bit_length()} bits")
    return f"is {count!r}"


def _is_whole(count: numbers.Real) -> bool:
    """Whether a count that is no int has a whole value (9.0, Fraction(9))."""
    try:
        return count == math.floor(count)
    except (OverflowError, ValueError, TypeError):
        return False


def _integer_root(n: int, d: int) -> int:
    """The largest integer r with r**d <= n (n >= 1), exactly, for integers of any size:
    Newton's method on integers, from a start above the root (a float estimate rounds wrong
    once roots pass 2**49)."""
    if d >= n.bit_length():
        return 1                          # 2**d > n: the root is 1 (and 2**(d-1) may not fit)
    x = 1 << -(-n.bit_length() // d)      # 2**ceil(bits / d) > the root
    while True:
        y = ((d - 1) * x + n // x ** (d - 1)) // d
        if y >= x:
            return x
        x = y
