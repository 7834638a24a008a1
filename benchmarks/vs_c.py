"""The cases where negamax is timed against plain C (issue 9), shared by
benchmarks/test_bench_vs_c.py (pytest-benchmark) and benchmarks/speed_ratios.py (one table).

- Uniform trees, random leaf order, alpha-beta with move ordering off: negamax
  ``nm.search(tree, algorithm="alphabeta", ordering=False)`` against the plain C max/min
  alpha-beta over the same int32 leaf array (ext/baseline/plain_alphabeta.c).
- Connect Four solving on the three sets of benchmarks/connect4_sets.py (end, middle, early):
  ``nm.solve_many`` against the plain C bitboard solver (ext/baseline/connect4_solver.c) through
  its own solve_many, both with one table per thread kept across positions (each solve starts
  a new generation, so its result does not depend on the earlier ones). Both take positions
  parsed beforehand: negamax ConnectFour objects, the C solver a checked Connect4Batch.
- Connect Four end positions each solved once (Connect4OnceCase): the sets above are solved
  again and again for the best time, and each run then finds the table entries of the same
  positions (same keys, same slots) still in the caches from the run before. A batch of
  positions solved once, as a user's batch is, misses them. Chunks of distinct end positions,
  each chunk solved once by each side, the side that goes first alternating.
"""

from __future__ import annotations

import os
import time
from dataclasses import dataclass
from typing import Dict, List, Tuple

from benchmarks import c_baseline, connect4_sets

SEED = 0

#: (branching, depth) of the uniform trees, full and quick.
TREE_SHAPES: List[Tuple[int, int]] = [(8, 6), (4, 10), (8, 8)]
QUICK_TREE_SHAPES: List[Tuple[int, int]] = [(8, 6), (4, 8)]

#: Positions per Connect Four stage, full and quick (the early set's first positions take
#: seconds each in negamax; the set is cut where the whole run stays within minutes).
CONNECT4_COUNTS: Dict[str, int] = {"end": 100, "middle": 20, "early": 10}
QUICK_CONNECT4_COUNTS: Dict[str, int] = {"end": 20, "middle": 5, "early": 3}

#: Chunks x positions of the end positions solved once, full and quick, and their seed (other
#: positions than the end set's).
CONNECT4_ONCE: Tuple[int, int] = (30, 100)
QUICK_CONNECT4_ONCE: Tuple[int, int] = (6, 50)
CONNECT4_ONCE_SEED = 1


#: (branching, depth, count) of the trees each searched once (TreeOnceCase), full and quick,
#: and the seed of the first (the others follow it).
TREE_ONCE: Tuple[int, int, int] = (8, 6, 50)
QUICK_TREE_ONCE: Tuple[int, int, int] = (8, 6, 10)
TREE_ONCE_SEED = 1000

#: Calls of each side on a small other tree before a tree case is timed (TreeCase.warm_up).
WARM_UP_CALLS = 50


def quick_env() -> bool:
    """NEGAMAX_BENCH_QUICK is set to anything but "" or "0"."""
    return os.environ.get("NEGAMAX_BENCH_QUICK", "") not in ("", "0")


@dataclass
class TreeCase:
    """One random uniform tree and its leaf array as the plain C loop takes it."""

    branching: int
    depth: int
    seed: int = SEED

    def __post_init__(self) -> None:
        import negamax as nm

        self.tree = nm.trees.uniform(self.branching, self.depth, ordering="random", seed=self.seed,
                                     maximizing=True)
        self.leaves = c_baseline.as_int32_leaves(self.tree.leaf_values)

    @property
    def name(self) -> str:
        return f"b={self.branching} d={self.depth}"

    def negamax(self):
        """negamax's alpha-beta, move ordering off: a SearchResult."""
        import negamax as nm

        return nm.search(self.tree, algorithm="alphabeta", ordering=False)

    def plain_c(self) -> int:
        """The plain C loop's value (MAX's terms)."""
        return c_baseline.ab_plain(self.leaves, self.branching, self.depth, True)

    def warm_up(self, calls: int = WARM_UP_CALLS) -> None:
        """Run both sides' calls, as timed, on a small tree of other leaves, `calls` times:
        CPython specialises a function's bytecode only after its first few calls, and until
        then a search of a few tens of microseconds pays several more for the Python it runs
        through (nm.search's, and the C loop's wrapper). The timed tree itself is not
        searched: both sides meet it first in the timed runs, where each also learns its
        branches (see README, Speed)."""
        import negamax as nm

        small = nm.trees.uniform(self.branching, 2, ordering="random", seed=SEED + 1,
                                 maximizing=True)
        small_leaves = c_baseline.as_int32_leaves(small.leaf_values)
        for _ in range(calls):
            nm.search(small, algorithm="alphabeta", ordering=False)
            c_baseline.ab_plain(small_leaves, self.branching, 2, True)

    def counted_c(self) -> c_baseline.Result:
        """The value, nodes and leaves of the same walk, from the counting C twin (untimed)."""
        return c_baseline.ab_uniform(self.leaves, self.branching, self.depth, True)


@dataclass
class TreeOnceCase:
    """Uniform trees of one shape, each of other random leaves, to be searched once by each
    side: a tree searched again and again is learned by the processor (its branches, its
    leaves in the caches), and the best of a few runs then measures how fast each side
    learns as much as how fast it searches; a user's searches meet new trees."""

    branching: int
    depth: int
    count: int

    def __post_init__(self) -> None:
        self.cases = [TreeCase(self.branching, self.depth, seed=TREE_ONCE_SEED + i)
                      for i in range(self.count)]

    @property
    def name(self) -> str:
        return f"b={self.branching} d={self.depth}, {self.count} trees each searched once"

    def timed(self) -> Tuple[float, float, float, int, int, List[str]]:
        """(negamax seconds, its engine seconds, C seconds, nodes, leaves, disagreements) over
        every tree, each searched once by each side, negamax first on the even trees and C
        on the odd (the side that goes second finds the leaves in the caches)."""
        negamax_seconds = engine_seconds = c_seconds = 0.0
        nodes = leaves = 0
        problems: List[str] = []
        self.cases[0].warm_up()
        for index, case in enumerate(self.cases):
            for side in ((0, 1) if index % 2 == 0 else (1, 0)):
                started = time.perf_counter()
                if side == 0:
                    result = case.negamax()
                    negamax_seconds += time.perf_counter() - started
                    engine_seconds += result.elapsed
                else:
                    value = case.plain_c()
                    c_seconds += time.perf_counter() - started
            nodes += result.stats.nodes
            leaves += result.stats.leaves
            problems.extend(f"seed {case.seed}: {problem}"      # value and counts, untimed
                            for problem in tree_disagreements(case, result, value))
        return negamax_seconds, engine_seconds, c_seconds, nodes, leaves, problems


def tree_once_case(quick: bool) -> TreeOnceCase:
    return TreeOnceCase(*(QUICK_TREE_ONCE if quick else TREE_ONCE))


@dataclass
class Connect4Case:
    """One stage's set of Connect Four positions, as move strings and as negamax games."""

    stage: str
    count: int

    def __post_init__(self) -> None:
        from negamax.games import ConnectFour

        self.moves = connect4_sets.positions(self.stage, self.count)
        # Both sides parse and check the move strings before the clock starts.
        self.games = [ConnectFour(moves) for moves in self.moves]
        self.batch = c_baseline.connect4_batch(self.moves)

    @property
    def name(self) -> str:
        low, high = connect4_sets.STAGES[self.stage]
        return f"{self.stage} ({low}-{high} stones, {self.count} positions)"

    def negamax(self) -> list:
        """negamax.solve_many over the set: a list of SolveResult."""
        import negamax as nm

        return nm.solve_many(self.games)

    def plain_c(self) -> List[Tuple[int, int]]:
        """The plain C solver over the set: [(score, nodes), ...]."""
        return c_baseline.connect4_solve_many(self.batch)


@dataclass
class Connect4OnceCase:
    """End positions in chunks of distinct positions, each to be solved once by each side."""

    chunks: int
    size: int

    def __post_init__(self) -> None:
        from negamax.games import ConnectFour

        moves = connect4_sets.positions("end", self.chunks * self.size, seed=CONNECT4_ONCE_SEED)
        self.moves = [moves[i * self.size:(i + 1) * self.size] for i in range(self.chunks)]
        self.games = [[ConnectFour(one) for one in chunk] for chunk in self.moves]
        self.batches = [c_baseline.connect4_batch(chunk) for chunk in self.moves]
        # Positions of no chunk, to allocate both sides' tables before the clock runs.
        warm = connect4_sets.positions("end", 5, seed=CONNECT4_ONCE_SEED + 1)
        self.warm_games = [ConnectFour(one) for one in warm]
        self.warm_batch = c_baseline.connect4_batch(warm)

    def warm_up(self) -> None:
        import negamax as nm

        nm.solve_many(self.warm_games)
        c_baseline.connect4_solve_many(self.warm_batch)

    @property
    def name(self) -> str:
        low, high = connect4_sets.STAGES["end"]
        return f"end ({low}-{high} stones), each once: {self.chunks} x {self.size} positions"

    def negamax(self, chunk: int) -> list:
        import negamax as nm

        return nm.solve_many(self.games[chunk])

    def plain_c(self, chunk: int) -> List[Tuple[int, int]]:
        return c_baseline.connect4_solve_many(self.batches[chunk])

    def timed(self) -> Tuple[float, float, float, List[str]]:
        """(negamax seconds, its engine seconds, C seconds, disagreements) over every chunk,
        each solved once by each side, negamax first on the even chunks and C on the odd."""
        negamax_seconds = engine_seconds = c_seconds = 0.0
        problems: List[str] = []
        self.warm_up()
        for chunk in range(self.chunks):
            for side in ((0, 1) if chunk % 2 == 0 else (1, 0)):
                started = time.perf_counter()
                if side == 0:
                    results = self.negamax(chunk)
                    negamax_seconds += time.perf_counter() - started
                    engine_seconds += sum(result.elapsed for result in results)
                else:
                    c_results = self.plain_c(chunk)
                    c_seconds += time.perf_counter() - started
            problems.extend(score_disagreements("end", self.moves[chunk], results, c_results))
        return negamax_seconds, engine_seconds, c_seconds, problems


def connect4_once_disagreements(case: Connect4OnceCase, chunk: int) -> List[str]:
    """Positions of one chunk where negamax's score is not the C solver's."""
    return score_disagreements("end", case.moves[chunk], case.negamax(chunk), case.plain_c(chunk))


def connect4_once_case(quick: bool) -> Connect4OnceCase:
    return Connect4OnceCase(*(QUICK_CONNECT4_ONCE if quick else CONNECT4_ONCE))


def tree_cases(quick: bool) -> List[TreeCase]:
    return [TreeCase(b, d) for b, d in (QUICK_TREE_SHAPES if quick else TREE_SHAPES)]


def connect4_cases(quick: bool) -> List[Connect4Case]:
    counts = QUICK_CONNECT4_COUNTS if quick else CONNECT4_COUNTS
    return [Connect4Case(stage, count) for stage, count in counts.items()]


def connect4_disagreements(case: Connect4Case, negamax_results: list,
                           c_results: List[Tuple[int, int]]) -> List[str]:
    """Positions where negamax's score is not the C solver's."""
    return score_disagreements(case.stage, case.moves, negamax_results, c_results)


def score_disagreements(stage: str, moves_list: List[str], negamax_results: list,
                        c_results: List[Tuple[int, int]]) -> List[str]:
    """The positions of `moves_list` where negamax's score is not the C solver's."""
    return [f"{stage} {moves}: negamax score {result.score}, C score {score}"
            for moves, result, (score, _) in zip(moves_list, negamax_results, c_results)
            if result.score != score]


def tree_disagreements(case: TreeCase, negamax_result, c_value: int) -> List[str]:
    """negamax's value and counts against the plain C value and its counting twin's counts."""
    counted = case.counted_c()
    problems = []
    if not (negamax_result.value == c_value == counted.value):
        problems.append(f"{case.name}: negamax value {negamax_result.value}, plain C {c_value}, "
                        f"counting C {counted.value}")
    if (negamax_result.stats.nodes, negamax_result.stats.leaves) != (counted.nodes, counted.leaves):
        problems.append(f"{case.name}: negamax {negamax_result.stats.nodes:,} nodes / "
                        f"{negamax_result.stats.leaves:,} leaves, C {counted.nodes:,} / {counted.leaves:,}")
    return problems

