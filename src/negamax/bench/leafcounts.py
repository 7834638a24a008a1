"""The leaf-count section: leaves evaluated on uniform trees, beside the formulas.

For each branching factor b and depth d of the grid, three trees of b**d leaves are searched
in their natural child order: minimax over a random tree, and alpha-beta over the
best-ordered, the random and the worst-ordered tree. Best ordering must give exactly
b**ceil(d/2) + b**floor(d/2) - 1 leaves (Knuth and Moore), worst ordering and minimax b**d.
For random ordering the measured exponent log_b(leaves) / d is reported (Knuth-Moore and
Pearl put it near 3/4 for large trees)."""

from __future__ import annotations

import math
from typing import Dict, List

import negamax as nm
from negamax.bench.progress import Progress
from negamax.bench.settings import ReportSettings
from negamax.bench.timing import searched

__all__ = ["steps", "measure", "measure_tree"]


def steps(settings: ReportSettings) -> int:
    """Number of progress steps: one per tree size."""
    return sum(depth for _, depth in settings.tree_grid)


def _count(tree: nm.trees.Tree, algorithm: str) -> nm.SearchResult:
    return searched(tree, algorithm=algorithm, ordering=False)


def measure_tree(branching: int, depth: int, seed: int = 0) -> Dict[str, object]:
    """Measure the leaves of minimax and alpha-beta (best, random, worst ordering) on uniform
    trees of `branching` and `depth`, beside the formulas; one row of the section."""
    problems: List[str] = []
    tree = nm.trees.uniform(branching, depth, ordering="random", seed=seed)
    minimax = _count(tree, "minimax")
    random = _count(tree, "alphabeta")
    del tree   # free the leaves before building the next tree
    if random.value != minimax.value:
        problems.append(f"b={branching} d={depth}: alpha-beta value {random.value} != minimax value {minimax.value}")
    tree = nm.trees.uniform(branching, depth, ordering="best")
    best = _count(tree, "alphabeta")
    del tree
    tree = nm.trees.uniform(branching, depth, ordering="worst")
    worst = _count(tree, "alphabeta")
    del tree

    full = nm.theory.minimax_leaves(branching, depth)
    best_formula = nm.theory.alphabeta_best_leaves(branching, depth)
    row: Dict[str, object] = {
        "branching": branching,
        "depth": depth,
        "formula_minimax": full,
        "formula_best": best_formula,
        "minimax": minimax.stats.leaves,
        "alphabeta_best": best.stats.leaves,
        "alphabeta_random": random.stats.leaves,
        "alphabeta_worst": worst.stats.leaves,
        "nodes": {"minimax": minimax.stats.nodes, "alphabeta_best": best.stats.nodes,
                  "alphabeta_random": random.stats.nodes, "alphabeta_worst": worst.stats.nodes},
        "seconds": {"minimax": minimax.elapsed, "alphabeta_best": best.elapsed,
                    "alphabeta_random": random.elapsed, "alphabeta_worst": worst.elapsed},
        "minimax_exact": minimax.stats.leaves == full,
        "best_exact": best.stats.leaves == best_formula,
        "worst_exact": worst.stats.leaves == full,
        "random_exponent": _exponent(random.stats.leaves, branching, depth),
        "best_exponent": _exponent(best.stats.leaves, branching, depth),
        "value_random_tree": minimax.value,
    }
    for key, formula in (("minimax", full), ("alphabeta_best", best_formula), ("alphabeta_worst", full)):
        if row[key] != formula:
            problems.append(f"b={branching} d={depth}: {key.replace('_', ' ')} evaluated {row[key]:,} "
                            f"leaves, the formula says {formula:,}")
    row["problems"] = problems
    return row


def _exponent(leaves: int, branching: int, depth: int) -> float:
    """x such that leaves = b**(x*d)."""
    return math.log(leaves) / (depth * math.log(branching))


def measure(settings: ReportSettings, progress: Progress) -> Dict[str, object]:
    """The whole section: one row per (b, d) of the grid, depths 1..deepest."""
    rows = []
    for branching, deepest in settings.tree_grid:
        for depth in range(1, deepest + 1):
            progress.step(f"leaf counts, b={branching} d={depth}")
            rows.append(measure_tree(branching, depth, settings.seed))
            progress.advance()
    problems = [problem for row in rows for problem in row["problems"]]  # type: ignore[attr-defined]
    return {"rows": rows, "seed": settings.seed, "problems": problems,
            "all_exact": all(row["best_exact"] and row["worst_exact"] and row["minimax_exact"] for row in rows)}
