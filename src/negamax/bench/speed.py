"""The speed section: negamax beside the plain Python references and the C baseline.

Measured in the same run, best of a few runs each:

- alpha-beta over a random uniform tree (natural child order), in leaves per second:
  negamax, seed 003's recursive `pruning` in Python over the same leaf array, and a plain C
  max/min alpha-beta over the same leaf array (recursion over index ranges, no counters: the
  timed C; its counting twin, run once untimed, gives the nodes and leaves it walks);
- full minimax of tic-tac-toe from the empty board, in nodes per second: negamax, seed 000's
  minimax in Python on one list made and unmade in place, seed 001's functional form
  (Result(s, a) builds a new board), and the C minimax (which counts nodes as it goes).

Every searcher must agree on the value and the counts; a disagreement is a problem."""

from __future__ import annotations

from typing import Any, Callable, Dict, List, Optional, Tuple

import negamax as nm
from negamax.bench import reference
from negamax.bench.progress import Progress
from negamax.bench.settings import ReportSettings
from negamax.bench.timing import best_time

__all__ = ["steps", "measure", "load_c_baseline"]

#: Progress steps: one per timed searcher.
STEPS = 7


def load_c_baseline() -> Tuple[Optional[Any], Optional[str]]:
    """(the compiled C baseline module, None), or (None, why it is missing)."""
    try:
        from negamax import _c_baseline
    except ImportError as error:
        return None, f"the C baseline module is missing from this installation ({error})"
    return _c_baseline, None


def steps(settings: ReportSettings) -> int:
    """Progress steps of the section."""
    return STEPS


_LABELS = {"negamax": "negamax", "c": "C baseline"}
UNIFORM_C_LABEL = "plain C alpha-beta over the same leaf array"
TICTACTOE_C_LABEL = "C minimax over a 9-cell board (counting nodes)"


def _side(name: str, seconds: float, count: int, value: Any, nodes: int, leaves: int) -> Dict[str, Any]:
    return {"name": name, "label": _LABELS.get(name, name), "seconds": seconds, "count": count, "rate": count / seconds if seconds > 0 else None,
            "value": value, "nodes": nodes, "leaves": leaves}


def _timed(progress: Progress, label: str, function: Callable[[], Any], repeat: int) -> Tuple[float, Any]:
    progress.step(label)
    seconds, result = best_time(function, repeat)
    progress.advance()
    return seconds, result


def _uniform(settings: ReportSettings, progress: Progress, c_baseline: Any) -> Dict[str, Any]:
    branching, depth = settings.speed_tree
    tree = nm.trees.uniform(branching, depth, ordering="random", seed=settings.seed)
    leaves = tree.leaf_values                       # read-only int32 array, the search's own
    python_leaves = memoryview(leaves)  # type: ignore[arg-type]   # the same array, read as Python ints
    sides = []
    seconds, result = _timed(progress, f"speed, negamax alpha-beta b={branching} d={depth}",
                             lambda: nm.search(tree, algorithm="alphabeta", ordering=False), settings.repeat)
    sides.append(_side("negamax", seconds, result.stats.leaves, result.value, result.stats.nodes,
                       result.stats.leaves))
    seconds, python = _timed(progress, f"speed, Python alpha-beta b={branching} d={depth}",
                             lambda: reference.alphabeta_uniform(python_leaves, branching, depth),
                             settings.python_repeat)
    sides.append(_side("python", seconds, python.leaves, python.value, python.nodes, python.leaves))
    sides[-1]["label"] = "plain Python alpha-beta (recursive, over the leaf list)"
    if c_baseline is not None:
        # Timed: the plain loop. Its counting twin walks the same nodes; run once, untimed, it
        # gives the counts checked against negamax's.
        seconds, value = _timed(
            progress, f"speed, plain C alpha-beta b={branching} d={depth}",
            lambda: c_baseline.alphabeta_plain(leaves, branching, depth), settings.repeat)
        counted_value, nodes, count = c_baseline.alphabeta_uniform(leaves, branching, depth)
        if counted_value != value:
            value = (value, counted_value)     # reported as a disagreement by _check
        sides.append(_side("c", seconds, count, value, nodes, count))
        sides[-1]["label"] = UNIFORM_C_LABEL
    else:
        progress.advance()
    return {"name": f"alpha-beta, uniform tree b={branching} d={depth}, leaves in random order "
                    f"(random seed {settings.seed})",
            "key": "uniform", "unit": "leaves/s", "sides": sides}


def _tictactoe(settings: ReportSettings, progress: Progress, c_baseline: Any) -> Dict[str, Any]:
    sides = []
    seconds, result = _timed(progress, "speed, negamax tic-tac-toe minimax",
                             lambda: nm.search(nm.games.TicTacToe(), algorithm="minimax"), settings.repeat)
    sides.append(_side("negamax", seconds, result.stats.nodes, result.value, result.stats.nodes,
                       result.stats.leaves))
    seconds, python = _timed(progress, "speed, Python tic-tac-toe minimax (board changed in place)",
                             reference.minimax_tictactoe, settings.python_repeat)
    sides.append(_side("python", seconds, python.nodes, python.value, python.nodes, python.leaves))
    sides[-1]["label"] = "plain Python minimax, one board changed in place"
    seconds, functional = _timed(progress, "speed, Python tic-tac-toe minimax (new board per move)",
                                 reference.minimax_tictactoe_functional, settings.python_repeat)
    sides.append(_side("python_functional", seconds, functional.nodes, functional.value, functional.nodes,
                       functional.leaves))
    sides[-1]["label"] = "plain Python minimax, a new board for every move"
    if c_baseline is not None:
        seconds, (value, nodes, count) = _timed(progress, "speed, C tic-tac-toe minimax",
                                                c_baseline.minimax_tictactoe, settings.repeat)
        sides.append(_side("c", seconds, nodes, value, nodes, count))
        sides[-1]["label"] = TICTACTOE_C_LABEL
    else:
        progress.advance()
    return {"name": "tic-tac-toe, full minimax from the empty board", "key": "tictactoe",
            "unit": "nodes/s", "sides": sides}


def _ratios(benchmark: Dict[str, Any]) -> None:
    """negamax's rate over each other side's, in place."""
    rates = {side["name"]: side["rate"] for side in benchmark["sides"]}
    native = rates["negamax"]
    benchmark["ratios"] = {name: (native / rate if native and rate else None)
                           for name, rate in rates.items() if name != "negamax"}


def _check(benchmark: Dict[str, Any], problems: List[str]) -> None:
    """Every side agrees with negamax on the value, nodes and leaves (seed 001's values carry no
    distance to the end: only the value's sign is compared there)."""
    sides = {side["name"]: side for side in benchmark["sides"]}
    native = sides["negamax"]
    for name, side in sides.items():
        if name == "python_functional":
            value_ok = _sign(side["value"]) == _sign(native["value"])
        else:
            value_ok = side["value"] == native["value"]
        if not value_ok or (side["nodes"], side["leaves"]) != (native["nodes"], native["leaves"]):
            problems.append(f"speed, {benchmark['name']}: {name} found value {side['value']} with "
                            f"{side['nodes']:,} nodes and {side['leaves']:,} leaves; negamax value "
                            f"{native['value']} with {native['nodes']:,} nodes and {native['leaves']:,} leaves")


def _sign(value: Any) -> int:
    return (value > 0) - (value < 0)


def measure(settings: ReportSettings, progress: Progress) -> Dict[str, Any]:
    """The whole section."""
    c_baseline, missing = load_c_baseline()
    benchmarks = [_uniform(settings, progress, c_baseline), _tictactoe(settings, progress, c_baseline)]
    problems: List[str] = []
    for benchmark in benchmarks:
        _ratios(benchmark)
        _check(benchmark, problems)
    return {"benchmarks": benchmarks, "repeat": settings.repeat, "python_repeat": settings.python_repeat,
            "c_baseline": missing is None, "notes": [missing] if missing else [], "problems": problems}
