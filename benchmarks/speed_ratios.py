"""Measure how close negamax comes to plain C, and how much faster it is than plain Python.

    python benchmarks/speed_ratios.py [--quick] [--repeat N] [--c4-repeat N] [--no-python]
                                      [--min-seconds S]

In one run it times, with time.perf_counter, the best of at least N runs, more for a short
workload until each side has run --min-seconds (0.2 s), negamax and C taking four turns each
(the cases are those of negamax.bench.plain_c_cases, shared with benchmarks/test_bench_vs_c.py
and the report's plain C section):

* alpha-beta over uniform trees b=8 d=6, b=4 d=10, b=8 d=8, random leaf order (seed 0), move
  ordering off: negamax (nm.search(tree, algorithm="alphabeta", ordering=False)), the plain C
  max/min alpha-beta over the same int32 leaf array (no counters; the counting C twin gives the
  nodes and leaves, untimed) and the seed-003 Python reference; before a tree is timed, both
  sides' calls run on a small other tree until CPython has specialised their Python
  (vs_c.TreeCase.warm_up);
* Connect Four solving of the end (28-34 stones), middle (14-20) and early (8-12) sets of
  benchmarks/connect4_sets.py: nm.solve_many against the plain C bitboard solver's solve_many,
  with the node counts of both for every position; and end positions each solved once
  (vs_c.Connect4OnceCase: 30 chunks of 100 distinct positions, total time);
* full minimax of tic-tac-toe from the empty board: negamax, the Python references and, for
  scale, a C minimax that counts nodes;

checks that the searchers agree (values; nodes and leaves on the trees; scores on Connect
Four) and prints markdown tables. Ratios are time(negamax) / time(other): 2.0x means negamax
takes twice as long; below 1 negamax is faster. --quick (or NEGAMAX_BENCH_QUICK=1) uses
smaller trees and sets.
"""

from __future__ import annotations

import argparse
import datetime
import platform
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repo root, for `benchmarks`

from benchmarks import c_baseline, reference, vs_c  # noqa: E402
from negamax.bench.timing import best_time_for, best_times_taking_turns  # noqa: E402


#: Each side of a workload runs at least --repeat times and more until it has run this long
#: (--min-seconds), at most MAX_CALLS times, in four turns taken with the other side: as
#: `negamax bench` times them.
MIN_SECONDS = 0.2
MAX_CALLS = 2000


def best_time(function, repeat, min_seconds=None):
    """(best seconds, last result): see MIN_SECONDS (`min_seconds`=0: `repeat` runs)."""
    timing = best_time_for(function, repeat, MIN_SECONDS if min_seconds is None else min_seconds,
                           MAX_CALLS)
    return timing.seconds, timing.result


def negamax_and_c(negamax, engine_seconds, plain_c, repeat):
    """((best wall seconds, best engine seconds, last result) of negamax, (best seconds, last
    result) of the C side), timed in turns (negamax.bench.timing.best_times_taking_turns: a
    burst of the machine's other work falls on both): engine_seconds(result) reads the time
    negamax reports for its own search (SearchResult.elapsed), without the Python API's
    checking, copying and result building."""
    timed_nm, timed_c = best_times_taking_turns([(negamax, engine_seconds), (plain_c, None)], repeat,
                                                MIN_SECONDS, MAX_CALLS)
    return ((timed_nm.seconds, timed_nm.inner_seconds, timed_nm.result),
            (timed_c.seconds, timed_c.result))


def milliseconds(seconds):
    return f"{seconds * 1e3:,.3f}" if seconds < 0.01 else f"{seconds * 1e3:,.1f}"


def times(ratio):
    return f"{ratio:,.2f}x" if ratio < 100 else f"{ratio:,.0f}x"


def uniform_table(nm, quick, repeat, python_repeat, with_python, problems):
    print("### Alpha-beta over uniform trees, random leaf order (seed 0), move ordering off")
    print()
    header = "| tree | nodes | leaves | negamax ms | plain C ms | negamax/C | negamax engine ms | engine/C |"
    rule = "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"
    if with_python:
        header += " Python ms | Python/negamax |"
        rule += " ---: | ---: |"
    print(header)
    print(rule)
    for case in vs_c.tree_cases(quick):
        case.warm_up()          # the Python paths of both sides, on another tree
        (t_nm, e_nm, r_nm), (t_c, v_c) = negamax_and_c(case.negamax, lambda result: result.elapsed,
                                                       case.plain_c, repeat)
        problems.extend(vs_c.tree_disagreements(case, r_nm, v_c))
        row = (f"| b={case.branching} d={case.depth} | {r_nm.stats.nodes:,} | {r_nm.stats.leaves:,} "
               f"| {milliseconds(t_nm)} | {milliseconds(t_c)} | {times(t_nm / t_c)} "
               f"| {milliseconds(e_nm)} | {times(e_nm / t_c)} |")
        if with_python:
            leaves = [int(v) for v in case.tree.leaf_values.tolist()]
            t_py, r_py = best_time(lambda: reference.alphabeta_uniform(leaves, case.branching, case.depth, True),
                                   python_repeat, min_seconds=0)
            if (r_py.value, r_py.nodes, r_py.leaves) != (r_nm.value, r_nm.stats.nodes, r_nm.stats.leaves):
                problems.append(f"{case.name}: Python {r_py} != negamax value {r_nm.value}")
            row += f" {milliseconds(t_py)} | {times(t_py / t_nm)} |"
        print(row, flush=True)
    once = vs_c.tree_once_case(quick)
    t_nm, e_nm, t_c, nodes, leaves, once_problems = once.timed()
    problems.extend(once_problems)
    row = (f"| {once.name} | {nodes:,} | {leaves:,} | {milliseconds(t_nm)} | {milliseconds(t_c)} "
           f"| {times(t_nm / t_c)} | {milliseconds(e_nm)} | {times(e_nm / t_c)} |")
    print(row + (" | |" if with_python else ""), flush=True)
    print()
    print("nodes and leaves: negamax's counters, equal to the counting C twin's (checked); the timed C "
          "is the plain loop (ext/baseline/plain_alphabeta.c). negamax ms: the whole nm.search call; "
          "engine ms: the search's own SearchResult.elapsed (without the API's checks, copy and result "
          "objects). Both sides' calls were first warmed up on a small tree of other leaves. The last "
          "row searches trees of other random leaves, each once per side (the side going first "
          "alternating), and gives the total time and counts: no tree is learned there.")
    print()


def connect4_tables(nm, quick, repeat, problems):
    print("### Connect Four solve, nm.solve_many against the plain C solver's solve_many")
    print()
    print("| set | positions | negamax ms | plain C ms | negamax/C | engine/C | negamax nodes (mean) "
          "| C nodes (mean) | nodes negamax/C | time per node negamax/C |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    per_position = []
    for case in vs_c.connect4_cases(quick):
        case.negamax()          # warm up both: each thread's table is allocated once
        case.plain_c()
        (t_nm, e_nm, r_nm), (t_c, r_c) = negamax_and_c(case.negamax,
                                                       lambda results: sum(r.elapsed for r in results),
                                                       case.plain_c, repeat)
        problems.extend(case.disagreements(r_nm, r_c))
        nodes_nm = sum(result.stats.nodes for result in r_nm)
        nodes_c = sum(nodes for _, nodes in r_c)
        per_node = (t_nm / nodes_nm) / (t_c / nodes_c) if nodes_nm and nodes_c else float("nan")
        print(f"| {case.name} | {case.count} | {milliseconds(t_nm)} | {milliseconds(t_c)} "
              f"| {times(t_nm / t_c)} | {times(e_nm / t_c)} | {statistics.fmean(r.stats.nodes for r in r_nm):,.0f} "
              f"| {statistics.fmean(n for _, n in r_c):,.0f} | {times(nodes_nm / nodes_c)} "
              f"| {times(per_node)} |", flush=True)
        per_position.extend((case.stage, moves, result, c_result)
                            for moves, result, c_result in zip(case.moves, r_nm, r_c))
    once = vs_c.connect4_once_case(quick)
    t_nm, e_nm, t_c, once_problems = once.timed()
    problems.extend(once_problems)
    print(f"| {once.name} | {once.chunks * once.size} | {milliseconds(t_nm)} | {milliseconds(t_c)} "
          f"| {times(t_nm / t_c)} | {times(e_nm / t_c)} | | | | |", flush=True)
    print()
    print("Times are for the whole set (best of the runs); engine/C uses the sum of negamax's own "
          "SolveResult.elapsed over the set. The sets are solved again and again, and each run finds "
          "the table slots of the run before in the caches; the 'each once' row solves distinct "
          "positions once per side (chunks alternating which side goes first), as a user's batch "
          "does, and gives the total time. Both sides take positions parsed and checked beforehand. "
          "Nodes per position:")
    print()
    print("| set | moves | score | negamax nodes | C nodes |")
    print("| --- | --- | ---: | ---: | ---: |")
    for stage, moves, result, (score, nodes) in per_position:
        shown = score if result.score == score else f"{result.score} vs C {score}"
        print(f"| {stage} | {moves} | {shown} | {result.stats.nodes:,} | {nodes:,} |")
    print()


def tictactoe_table(nm, repeat, python_repeat, problems):
    print("### Tic-tac-toe, full minimax from the empty board")
    print()
    t_nm, r_nm = best_time(lambda: nm.search(nm.games.TicTacToe(), algorithm="minimax"), repeat)
    t_py, r_py = best_time(reference.minimax_tictactoe, python_repeat, min_seconds=0)
    t_c, r_c = best_time(c_baseline.ttt_minimax, repeat)
    if not (r_nm.stats.nodes == r_py.nodes == r_c.nodes) or not (r_nm.value == r_py.value == r_c.value):
        problems.append(f"tic-tac-toe: negamax {r_nm.value}/{r_nm.stats.nodes:,}, Python {r_py.value}/"
                        f"{r_py.nodes:,}, C {r_c.value}/{r_c.nodes:,} (value/nodes)")
    print("| nodes | negamax ms | C minimax (counting) ms | negamax/C | Python ms | Python/negamax |")
    print("| ---: | ---: | ---: | ---: | ---: | ---: |")
    print(f"| {r_nm.stats.nodes:,} | {milliseconds(t_nm)} | {milliseconds(t_c)} | {times(t_nm / t_c)} "
          f"| {milliseconds(t_py)} | {times(t_py / t_nm)} |")
    print()


def main(argv=None):
    global MIN_SECONDS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smaller trees and Connect Four sets")
    parser.add_argument("--repeat", type=int, default=5, help="runs per tree search (best is kept)")
    parser.add_argument("--c4-repeat", type=int, default=3, help="runs per Connect Four set (best is kept)")
    parser.add_argument("--python-repeat", type=int, default=1, help="runs per Python reference")
    parser.add_argument("--no-python", action="store_true", help="leave the Python references out")
    parser.add_argument("--min-seconds", type=float, default=MIN_SECONDS,
                        help="each side runs more than --repeat times until it has run this long "
                             f"(at most {MAX_CALLS} times; default {MIN_SECONDS})")
    args = parser.parse_args(argv)
    MIN_SECONDS = args.min_seconds
    quick = args.quick or vs_c.quick_env()

    import negamax as nm

    try:
        c_baseline.load()
    except c_baseline.BuildError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2

    print(f"negamax {getattr(nm, '__version__', '?')}, Python {platform.python_version()}, "
          f"{platform.machine()} {platform.system()}, {datetime.date.today().isoformat()}; "
          f"best of at least {args.repeat} (trees), {args.c4_repeat} (Connect Four sets) runs and {MIN_SECONDS:g} s, "
          f"{args.python_repeat} (Python){'; quick sizes' if quick else ''}")
    print()
    problems = []
    uniform_table(nm, quick, args.repeat, args.python_repeat, not args.no_python, problems)
    connect4_tables(nm, quick, args.c4_repeat, problems)
    if not args.no_python:
        tictactoe_table(nm, args.repeat, args.python_repeat, problems)
    if problems:
        print("DISAGREEMENTS:")
        for problem in problems:
            print(f"- {problem}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
