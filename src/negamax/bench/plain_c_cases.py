"""The workloads negamax is timed on against plain C (issue 9), shared by the report's plain C
section (negamax.bench.plain_c), benchmarks/speed_ratios.py and benchmarks/test_bench_vs_c.py.

- Uniform trees, random leaf order, alpha-beta with move ordering off: negamax
  ``nm.search(tree, algorithm="alphabeta", ordering=False)`` against the plain C max/min
  alpha-beta over the same int32 leaf array (ext/baseline/plain_alphabeta.c, no counters); its
  counting twin (ext/baseline/alphabeta.c), run untimed, gives the nodes and leaves negamax's
  counters are checked against.
- Connect Four solving of the end, middle and early sets of negamax.bench.connect4_positions:
  ``nm.solve_many`` against the plain C bitboard solver (ext/baseline/connect4_solver.c) through
  its own solve_many, both with one table per thread kept across positions (each solve starts
  a new generation, so its result does not depend on the earlier ones). Both take positions
  parsed beforehand: negamax ConnectFour objects, the C solver a checked Connect4Batch.
- Trees and end positions each searched once (TreeOnceCase, Connect4OnceCase): the cases above
  are timed again and again for the best time, and the processor learns them (branches, the
  leaves and table slots in the caches). A user's searches meet new trees and positions: these
  cases search distinct ones, each once by each side, the side going first alternating.

Every function needs negamax._c_baseline, compiled into negamax's wheels."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Dict, List, NamedTuple, Tuple

from negamax.bench import connect4_positions

__all__ = ["SEED", "TREE_SHAPES", "CONNECT4_COUNTS", "CONNECT4_ONCE", "TREE_ONCE", "TARGETS",
           "WARM_UP_CALLS", "Counted", "TreeCase", "TreeOnceCase", "Connect4Case",
           "Connect4OnceCase", "tree_disagreements", "score_disagreements", "c_baseline",
           "tree_cases", "tree_once_case", "connect4_cases", "connect4_once_case"]

#: The seed of the uniform trees' leaves.
SEED = 0

#: (branching, depth) of the uniform trees: issue 9's three, and smaller ones for quick runs.
TREE_SHAPES: List[Tuple[int, int]] = [(8, 6), (4, 10), (8, 8)]
QUICK_TREE_SHAPES: List[Tuple[int, int]] = [(8, 6), (4, 8)]

#: Positions per Connect Four stage, and fewer for quick runs (the early set's first positions
#: take a second each; the set is cut where a whole run stays within seconds).
CONNECT4_COUNTS: Dict[str, int] = {"end": 100, "middle": 20, "early": 10}
QUICK_CONNECT4_COUNTS: Dict[str, int] = {"end": 20, "middle": 5, "early": 3}

#: Chunks x positions of the end positions solved once, and their seed (other positions than
#: the end set's).
CONNECT4_ONCE: Tuple[int, int] = (30, 100)
QUICK_CONNECT4_ONCE: Tuple[int, int] = (6, 50)
CONNECT4_ONCE_SEED = 1

#: (branching, depth, count) of the trees each searched once, and the seed of the first (the
#: others follow it).
TREE_ONCE: Tuple[int, int, int] = (8, 6, 50)
QUICK_TREE_ONCE: Tuple[int, int, int] = (8, 6, 10)
TREE_ONCE_SEED = 1000

#: Issue 9's bounds on negamax's time over plain C's: the trees, and each Connect Four stage.
TARGETS: Dict[str, float] = {"tree": 2.0, "end": 2.0, "middle": 1.5, "early": 1.5}

#: Calls of each side on a small other tree before a tree case is timed (TreeCase.warm_up).
WARM_UP_CALLS = 50


def c_baseline() -> Any:
    """negamax._c_baseline (ImportError when this negamax was built without it)."""
    from negamax import _c_baseline

    return _c_baseline


class Counted(NamedTuple):
    """The counting C twin's walk of a tree: its value and counts."""

    value: int
    nodes: int
    leaves: int


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
        self.leaves = self.tree.leaf_values     # the search's own read-only int32 array
        self._c = c_baseline()

    @property
    def name(self) -> str:
        """The tree's shape, "b=8 d=6"."""
        return f"b={self.branching} d={self.depth}"

    def negamax(self) -> Any:
        """negamax's alpha-beta, move ordering off: a SearchResult."""
        import negamax as nm

        return nm.search(self.tree, algorithm="alphabeta", ordering=False)

    def plain_c(self) -> int:
        """The plain C loop's value (MAX's terms)."""
        return self._c.alphabeta_plain(self.leaves, self.branching, self.depth, True)

    def warm_up(self, calls: int = WARM_UP_CALLS) -> None:
        """Run both sides' calls, as timed, on a small tree of other leaves, `calls` times:
        CPython specialises a function's bytecode only after its first few calls, and until
        then a search of a few tens of microseconds pays several more for the Python it runs
        through (nm.search's, and the C loop's wrapper). The timed tree itself is not
        searched: both sides meet it first in the timed runs, where each also learns its
        branches."""
        import negamax as nm

        small = nm.trees.uniform(self.branching, 2, ordering="random", seed=SEED + 1,
                                 maximizing=True)
        small_leaves = small.leaf_values
        for _ in range(calls):
            nm.search(small, algorithm="alphabeta", ordering=False)
            self._c.alphabeta_plain(small_leaves, self.branching, 2, True)

    def counted_c(self) -> Counted:
        """The value, nodes and leaves of the same walk, from the counting C twin (untimed)."""
        return Counted(*self._c.alphabeta_uniform(self.leaves, self.branching, self.depth, True))


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
        """The trees' shape and number."""
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


@dataclass
class Connect4Case:
    """One stage's set of Connect Four positions, as move strings and as negamax games."""

    stage: str
    count: int

    def __post_init__(self) -> None:
        from negamax.games import ConnectFour

        self.moves = connect4_positions.positions(self.stage, self.count)
        # Both sides parse and check the move strings before the clock starts.
        self.games = [ConnectFour(moves) for moves in self.moves]
        self._c = c_baseline()
        self.batch = self._c.Connect4Batch(self.moves)

    @property
    def name(self) -> str:
        """The stage, its stones and the number of positions."""
        low, high = connect4_positions.STAGES[self.stage]
        return f"{self.stage} ({low}-{high} stones, {self.count} positions)"

    def negamax(self) -> List[Any]:
        """negamax.solve_many over the set: a list of SolveResult."""
        import negamax as nm

        return nm.solve_many(self.games)

    def plain_c(self) -> List[Tuple[int, int]]:
        """The plain C solver over the set: [(score, nodes), ...]."""
        return self._c.connect4_solve_many(self.batch)

    def disagreements(self, negamax_results: List[Any], c_results: List[Tuple[int, int]]) -> List[str]:
        """Positions where negamax's score is not the C solver's."""
        return score_disagreements(self.stage, self.moves, negamax_results, c_results)


@dataclass
class Connect4OnceCase:
    """End positions in chunks of distinct positions, each to be solved once by each side."""

    chunks: int
    size: int

    def __post_init__(self) -> None:
        from negamax.games import ConnectFour

        moves = connect4_positions.positions("end", self.chunks * self.size, seed=CONNECT4_ONCE_SEED)
        self.moves = [moves[i * self.size:(i + 1) * self.size] for i in range(self.chunks)]
        self.games = [[ConnectFour(one) for one in chunk] for chunk in self.moves]
        self._c = c_baseline()
        self.batches = [self._c.Connect4Batch(chunk) for chunk in self.moves]
        # Positions of no chunk, to allocate both sides' tables before the clock runs.
        warm = connect4_positions.positions("end", 5, seed=CONNECT4_ONCE_SEED + 1)
        self.warm_games = [ConnectFour(one) for one in warm]
        self.warm_batch = self._c.Connect4Batch(warm)

    def warm_up(self) -> None:
        """Solve other end positions on both sides, so that each side's table is allocated
        before the clock runs."""
        import negamax as nm

        nm.solve_many(self.warm_games)
        self._c.connect4_solve_many(self.warm_batch)

    @property
    def name(self) -> str:
        """The stage, its stones, and chunks x positions."""
        low, high = connect4_positions.STAGES["end"]
        return f"end ({low}-{high} stones), each once: {self.chunks} x {self.size} positions"

    def negamax(self, chunk: int) -> List[Any]:
        """negamax.solve_many over one chunk: a list of SolveResult."""
        import negamax as nm

        return nm.solve_many(self.games[chunk])

    def plain_c(self, chunk: int) -> List[Tuple[int, int]]:
        """The plain C solver over one chunk: [(score, nodes), ...]."""
        return self._c.connect4_solve_many(self.batches[chunk])

    def disagreements(self, chunk: int) -> List[str]:
        """Positions of one chunk where negamax's score is not the C solver's."""
        return score_disagreements("end", self.moves[chunk], self.negamax(chunk), self.plain_c(chunk))

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


def score_disagreements(stage: str, moves_list: List[str], negamax_results: List[Any],
                        c_results: List[Tuple[int, int]]) -> List[str]:
    """The positions of `moves_list` where negamax's score is not the C solver's."""
    return [f"{stage} {moves}: negamax score {result.score}, C score {score}"
            for moves, result, (score, _) in zip(moves_list, negamax_results, c_results)
            if result.score != score]


def tree_disagreements(case: TreeCase, negamax_result: Any, c_value: int) -> List[str]:
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


def tree_cases(quick: bool = False) -> List[TreeCase]:
    """Issue 9's three trees (quick: two smaller ones)."""
    return [TreeCase(b, d) for b, d in (QUICK_TREE_SHAPES if quick else TREE_SHAPES)]


def tree_once_case(quick: bool = False) -> TreeOnceCase:
    """The trees each searched once (quick: fewer)."""
    return TreeOnceCase(*(QUICK_TREE_ONCE if quick else TREE_ONCE))


def connect4_cases(quick: bool = False) -> List[Connect4Case]:
    """The end, middle and early sets (quick: fewer positions of each)."""
    counts = QUICK_CONNECT4_COUNTS if quick else CONNECT4_COUNTS
    return [Connect4Case(stage, count) for stage, count in counts.items()]


def connect4_once_case(quick: bool = False) -> Connect4OnceCase:
    """The end positions each solved once (quick: fewer)."""
    return Connect4OnceCase(*(QUICK_CONNECT4_ONCE if quick else CONNECT4_ONCE))
