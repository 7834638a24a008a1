"""Plain-Python reference searches, used as baselines by the benchmarks.

They live in the package (negamax.bench.reference) so that `negamax bench` has them in an
installed wheel; this module keeps the benchmarks' import path. See that module for the
searches: seed 003's alpha-beta over a uniform tree's leaf array, seed 000's in-place and
seed 001's functional tic-tac-toe minimax, and seed 003's Tree/Terminal/pruning verbatim."""

from __future__ import annotations

from negamax.bench.reference import *  # noqa: F401,F403
from negamax.bench.reference import __all__  # noqa: F401
