"""PNG plots of the report with matplotlib (Agg backend: no display needed).

- leaves_b{b}.png, one per branching factor: measured leaves against depth on a log scale,
  beside b**d and b**ceil(d/2) + b**floor(d/2) - 1;
- games_{name}.png, one per game: leaves of minimax, alpha-beta and the strongest searches
  against depth; each enhancement alone relative to sorted alpha-beta; the effective
  branching factor beside sqrt(b);
- speed.png: negamax's rate beside plain Python and C."""

from __future__ import annotations

import os
from typing import Any, Dict, List

__all__ = ["MISSING_MESSAGE", "matplotlib_missing", "write_plots"]

MISSING_MESSAGE = "the plots need matplotlib: pip install 'negamax[report]' (or pass --no-plots)"

_MARKERS = "os^vDP*Xhp<>"


def matplotlib_missing() -> bool:
    """True when matplotlib cannot be imported."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return True
    return False


def _pyplot() -> Any:
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    return plt


def _leaf_plot(plt: Any, branching: int, rows: List[Dict[str, Any]], path: str) -> None:
    depths = [row["depth"] for row in rows]
    fine = [d / 4 for d in range(4, 4 * max(depths) + 1)]
    figure, axes = plt.subplots(figsize=(7, 4.8), dpi=110)
    axes.plot(fine, [branching ** d for d in fine], color="0.3", linewidth=1.2,
              label="b^d (minimax, alpha-beta worst case)")
    axes.plot(depths, [row["formula_best"] for row in rows], color="tab:green", linestyle="--", linewidth=1.2,
              label="b^ceil(d/2) + b^floor(d/2) - 1 (best case)")
    axes.plot(fine, [branching ** (0.75 * d) for d in fine], color="tab:orange", linestyle=":", linewidth=1,
              label="b^(3d/4) (random ordering, asymptotic)")
    axes.plot(depths, [row["minimax"] for row in rows], "o", markersize=9, markerfacecolor="none",
              color="0.2", label="minimax, measured")
    axes.plot(depths, [row["alphabeta_worst"] for row in rows], "v", markersize=5, color="tab:red",
              label="alpha-beta, worst ordering")
    axes.plot(depths, [row["alphabeta_random"] for row in rows], "D", markersize=5, color="tab:orange",
              label="alpha-beta, random ordering")
    axes.plot(depths, [row["alphabeta_best"] for row in rows], "s", markersize=5, color="tab:green",
              label="alpha-beta, best ordering")
    axes.set_yscale("log")
    axes.set_xlabel("depth d (plies)")
    axes.set_ylabel("leaves evaluated")
    axes.set_title(f"Uniform trees, branching factor b = {branching}")
    axes.set_xticks(depths if len(depths) <= 16 else depths[::2])
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(fontsize=8, loc="upper left")
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


#: Variants of the main game panel: the story from minimax to the strongest searches. Each
#: enhancement alone goes to a panel of its own, relative to sorted alpha-beta.
_MAIN_VARIANTS = ("minimax", "alphabeta", "alphabeta_ordered")
_BASELINE = "alphabeta_ordered"


def _leaves(row: Dict[str, Any], name: str) -> Any:
    result = row["results"].get(name)
    if result is None or "error" in result or result["stats"]["leaves"] <= 0:
        return None
    return result["stats"]["leaves"]


def _game_plot(plt: Any, game: Dict[str, Any], path: str) -> None:
    """Three panels: leaves of minimax, alpha-beta and the strongest algorithms per depth;
    each enhancement alone as a ratio to sorted alpha-beta; the effective branching factor."""
    rows = game["rows"]
    depths = [row["depth"] for row in rows]
    variants = game["variants"]
    main = [v for v in variants if v["name"] in _MAIN_VARIANTS or v["name"].endswith("+all")]
    alone = [v for v in variants if v["name"].startswith("alphabeta+")]
    figure, (leaves_axes, ratio_axes, ebf_axes) = plt.subplots(1, 3, figsize=(16, 4.8), dpi=110)
    for index, variant in enumerate(main):
        points = [(row["depth"], _leaves(row, variant["name"])) for row in rows]
        points = [(d, n) for d, n in points if n is not None]
        if not points:
            continue
        # One colour and marker per variant in both panels (the colour cycle would shift by
        # one in the second, which leaves minimax out).
        style = {"marker": _MARKERS[index % len(_MARKERS)], "color": f"C{index % 10}",
                 "markersize": 4, "linewidth": 1, "label": variant["label"]}
        leaves_axes.plot(*zip(*points), **style)
        if variant["name"] != "minimax":
            ebf = [(row["depth"], row["ebf"][variant["name"]]) for row in rows if variant["name"] in row["ebf"]]
            if ebf:
                ebf_axes.plot(*zip(*ebf), **style)
    for index, variant in enumerate(alone):
        points = []
        for row in rows:
            leaves, baseline = _leaves(row, variant["name"]), _leaves(row, _BASELINE)
            if leaves is not None and baseline:
                points.append((row["depth"], leaves / baseline))
        if points:
            ratio_axes.plot(*zip(*points), marker=_MARKERS[index % len(_MARKERS)], markersize=4,
                            linewidth=1, label=variant["label"].replace("alpha-beta, sorted + ", ""))
    ratio_axes.axhline(1.0, color="0.3", linewidth=1, linestyle="--", label="sorted alpha-beta alone")
    ebf_axes.plot(depths, [row["branching"] for row in rows], color="0.3", linewidth=1.5,
                  label="b (minimax leaves^(1/d))")
    ebf_axes.plot(depths, [row["sqrt_branching"] for row in rows], color="0.3", linestyle="--", linewidth=1.5,
                  label="sqrt(b) (perfect ordering)")
    leaves_axes.set_yscale("log")
    leaves_axes.set_title(f"{game['name']}: leaves evaluated ({game['start']})", fontsize=10)
    leaves_axes.set_ylabel("leaves (log scale)")
    ratio_axes.set_title(f"{game['name']}: each enhancement alone", fontsize=10)
    ratio_axes.set_ylabel("leaves / leaves of sorted alpha-beta")
    ebf_axes.set_title(f"{game['name']}: effective branching factor", fontsize=10)
    ebf_axes.set_ylabel("leaves^(1/depth)")
    for axes in (leaves_axes, ratio_axes, ebf_axes):
        axes.set_xlabel("depth (plies)")
        axes.set_xticks(depths)
        axes.grid(True, alpha=0.3)
        axes.legend(fontsize=7)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def _speed_plot(plt: Any, section: Dict[str, Any], path: str) -> None:
    colors = {"negamax": "tab:blue", "python": "tab:orange", "python_functional": "tab:red", "c": "0.4"}
    benchmarks = section["benchmarks"]
    figure, all_axes = plt.subplots(len(benchmarks), 1, figsize=(8, 1.3 + 1.1 * sum(len(b["sides"]) for b in benchmarks) / 2),
                                    dpi=110, squeeze=False)
    for axes, benchmark in zip(all_axes[:, 0], benchmarks):
        sides = [side for side in benchmark["sides"] if side["rate"]]
        names = [side["label"] for side in sides]
        rates = [side["rate"] for side in sides]
        bars = axes.barh(names, rates, color=[colors.get(side["name"], "tab:gray") for side in sides])
        axes.set_xscale("log")
        axes.invert_yaxis()
        axes.set_title(benchmark["name"], fontsize=9)
        axes.set_xlabel(benchmark["unit"] + " (log scale)", fontsize=8)
        axes.tick_params(labelsize=8)
        for bar, value in zip(bars, rates):
            axes.text(value, bar.get_y() + bar.get_height() / 2, f" {_short_rate(value)}", va="center", fontsize=8)
        axes.set_xlim(min(rates) / 2, max(rates) * 8)
    figure.tight_layout()
    figure.savefig(path)
    plt.close(figure)


def _short_rate(value: float) -> str:
    return f"{value / 1e6:.1f} M/s" if value >= 1e6 else f"{value / 1e3:.0f} k/s"


def write_plots(report: Dict[str, Any], directory: str) -> List[str]:
    """Write every plot of the report into `directory`; returns the file names."""
    plt = _pyplot()
    names = []
    branchings: Dict[int, List[Dict[str, Any]]] = {}
    for row in report["leaf_counts"]["rows"]:
        branchings.setdefault(row["branching"], []).append(row)
    for branching, rows in branchings.items():
        name = f"leaves_b{branching}.png"
        _leaf_plot(plt, branching, rows, os.path.join(directory, name))
        names.append(name)
    for game in report["real_games"]["games"]:
        if game["rows"]:
            name = f"games_{game['name']}.png"
            _game_plot(plt, game, os.path.join(directory, name))
            names.append(name)
    if report["speed"]["benchmarks"]:
        _speed_plot(plt, report["speed"], os.path.join(directory, "speed.png"))
        names.append("speed.png")
    return names
