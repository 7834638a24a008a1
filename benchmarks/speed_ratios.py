"""Measure how much faster negamax is than plain Python, and how close it comes to C.

    python benchmarks/speed_ratios.py [--quick] [--repeat N]

In one run it times, with time.perf_counter and the best of a few runs:

* alpha-beta over a uniform tree b=8, d=8 with random leaf ordering (seed 0):
  negamax (nm.search(tree, algorithm="alphabeta")), the seed-003 Python reference and
  the hand-written C baseline, in leaves evaluated per second;
* full minimax of tic-tac-toe from the empty board: negamax (native TicTacToe) and the
  Python reference (and the C baseline, for scale), in nodes per second;

checks that the searchers agree (value, leaves/nodes), and prints a markdown table with
the ratios negamax/python and negamax/C.  --quick uses b=8, d=6 (as does
NEGAMAX_BENCH_QUICK=1).
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))  # the repo root, for `benchmarks`

from benchmarks import c_baseline, reference  # noqa: E402


def best_time(fn, repeat):
    """(best seconds, last result) over `repeat` calls."""
    best = float("inf")
    result = None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        dt = time.perf_counter() - t0
        best = min(best, dt)
    return best, result


def fmt_rate(x):
    return f"{x / 1e6:,.2f} M/s" if x >= 1e6 else f"{x / 1e3:,.1f} k/s"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="uniform tree b=8, d=6 instead of d=8")
    parser.add_argument("--repeat", type=int, default=5, help="runs per fast searcher (best is kept)")
    parser.add_argument("--python-repeat", type=int, default=3, help="runs per Python reference")
    args = parser.parse_args(argv)
    quick = args.quick or os.environ.get("NEGAMAX_BENCH_QUICK", "") not in ("", "0")
    b, d = (8, 6) if quick else (8, 8)

    import negamax as nm

    try:
        c_baseline.load()
        have_c = True
    except (c_baseline.CompilerNotFound, c_baseline.BuildError) as exc:
        print(f"warning: no C baseline: {exc}", file=sys.stderr)
        have_c = False

    problems = []

    # ---------------------------------------------------------------- uniform tree
    tree = nm.trees.uniform(b, d, ordering="random", seed=0, maximizing=True)
    values = tree.leaf_values
    leaves_list = [int(v) for v in values.tolist()]
    leaves_c = c_baseline.as_int32_leaves(values) if have_c else None

    t_nm, r_nm = best_time(lambda: nm.search(tree, algorithm="alphabeta"), args.repeat)
    t_py, r_py = best_time(lambda: reference.alphabeta_uniform(leaves_list, b, d, True), args.python_repeat)
    nm_leaves = r_nm.stats.leaves
    if (r_nm.value, nm_leaves) != (r_py.value, r_py.leaves):
        problems.append(f"uniform: negamax (value {r_nm.value}, leaves {nm_leaves}) != "
                        f"python (value {r_py.value}, leaves {r_py.leaves})")
    if r_nm.stats.nodes != r_py.nodes:
        problems.append(f"uniform: negamax nodes {r_nm.stats.nodes} != python nodes {r_py.nodes}")
    rate_nm = nm_leaves / t_nm
    rate_py = r_py.leaves / t_py
    if have_c:
        t_c, r_c = best_time(lambda: c_baseline.ab_uniform(leaves_c, b, d, True), args.repeat)
        if (r_c.value, r_c.leaves) != (r_py.value, r_py.leaves):
            problems.append(f"uniform: C (value {r_c.value}, leaves {r_c.leaves}) != "
                            f"python (value {r_py.value}, leaves {r_py.leaves})")
        rate_c = r_c.leaves / t_c

    # ---------------------------------------------------------------- tic-tac-toe
    t_tnm, r_tnm = best_time(lambda: nm.search(nm.games.TicTacToe(), algorithm="minimax"), args.repeat)
    t_tpy, r_tpy = best_time(reference.minimax_tictactoe, args.python_repeat)
    if (r_tnm.value, r_tnm.stats.nodes, r_tnm.stats.leaves) != (r_tpy.value, r_tpy.nodes, r_tpy.leaves):
        problems.append(f"tic-tac-toe: negamax (value {r_tnm.value}, nodes {r_tnm.stats.nodes}, "
                        f"leaves {r_tnm.stats.leaves}) != python (value {r_tpy.value}, "
                        f"nodes {r_tpy.nodes}, leaves {r_tpy.leaves})")
    trate_nm = r_tnm.stats.nodes / t_tnm
    trate_py = r_tpy.nodes / t_tpy
    t_tfn, r_tfn = best_time(reference.minimax_tictactoe_functional, args.python_repeat)
    if (r_tfn.value, r_tfn.nodes, r_tfn.leaves) != (r_tnm.value, r_tnm.stats.nodes, r_tnm.stats.leaves):
        problems.append(f"tic-tac-toe: seed-001 Python (value {r_tfn.value}, nodes {r_tfn.nodes}) "
                        f"!= negamax (value {r_tnm.value}, nodes {r_tnm.stats.nodes})")
    trate_fn = r_tfn.nodes / t_tfn
    if have_c:
        t_tc, r_tc = best_time(c_baseline.ttt_minimax, args.repeat)
        trate_c = r_tc.nodes / t_tc

    # ---------------------------------------------------------------- report
    na = "n/a"
    print(f"negamax {getattr(nm, '__version__', '?')}, Python {platform.python_version()}, "
          f"{platform.machine()} {platform.system()}; best of {args.repeat} "
          f"(Python reference: best of {args.python_repeat})")
    print()
    print("| benchmark | unit | negamax | python | C | negamax/python | negamax/C |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    print(f"| alpha-beta, uniform b={b} d={d} random (seed 0), {nm_leaves:,} leaves | leaves/s "
          f"| {fmt_rate(rate_nm)} | {fmt_rate(rate_py)} | {fmt_rate(rate_c) if have_c else na} "
          f"| {rate_nm / rate_py:,.1f}x | {f'{rate_nm / rate_c:.2f}x' if have_c else na} |")
    print(f"| tic-tac-toe full minimax from empty, {r_tnm.stats.nodes:,} nodes | nodes/s "
          f"| {fmt_rate(trate_nm)} | {fmt_rate(trate_py)} | {fmt_rate(trate_c) if have_c else na} "
          f"| {trate_nm / trate_py:,.1f}x | {f'{trate_nm / trate_c:.2f}x' if have_c else na} |")
    print(f"| tic-tac-toe full minimax, Python in seed 001's form (new state per move) | nodes/s "
          f"| {fmt_rate(trate_nm)} | {fmt_rate(trate_fn)} | {fmt_rate(trate_c) if have_c else na} "
          f"| {trate_nm / trate_fn:,.1f}x | {f'{trate_nm / trate_c:.2f}x' if have_c else na} |")
    print()
    print(f"times (best): uniform negamax {t_nm * 1e3:.1f} ms, python {t_py * 1e3:.0f} ms"
          + (f", C {t_c * 1e3:.1f} ms" if have_c else "")
          + f"; tic-tac-toe negamax {t_tnm * 1e3:.1f} ms, python {t_tpy * 1e3:.0f} ms"
          + (f", C {t_tc * 1e3:.1f} ms" if have_c else ""))
    if problems:
        print()
        print("DISAGREEMENTS:")
        for p in problems:
            print(f"- {p}")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
