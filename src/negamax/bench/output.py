"""Writing a report: the terminal text, and report.md, report.json and the PNG plots in --out."""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import signal
import tempfile
import threading
from typing import Any, Dict, List, Optional

from negamax.bench.render import all_tables, environment_lines
from negamax.bench.tables import Table

__all__ = ["OutputError", "prepare_directory", "remove_made_folders", "terminal_text",
           "markdown_text", "write_report"]

_INTRO = {
    "leaf_counts": "Leaves evaluated on complete uniform trees, in the tree's child order, beside the "
                   "formulas. Every figure is measured in this run.",
    "real_games": "Leaves and nodes per depth from each built-in game's start position, for every "
                  "variant this negamax offers; the effective branching factor leaves^(1/depth) beside "
                  "sqrt(b), where b is the game's own average branching factor at that depth.",
    "speed": "negamax's compiled search beside the seeds' plain recursive Python and a hand-written C "
             "loop, measured in the same run.",
    "plain_c": "negamax beside C written as a C programmer would write it, on the workloads of "
               "issue 9 (uniform trees, Connect Four solving), timed in the same run.",
    "threads": "One search on several cores (Lazy SMP): the same searches with two threads and "
               "with one, in the same run.",
    "chess": "Chess: perft against python-chess, the full engine's nodes per second, and how "
             "alpha-beta cuts the tree from b^d towards b^(d/2) on middlegame positions.",
    "peers": "Other Python libraries searching the same positions to the same depth.",
    "checkers": "English draughts: native perft beside pydraughts in the same run, search speed, "
                "and the effective branching factor of minimax, alpha-beta and the engine.",
}


class OutputError(OSError):
    """The output directory cannot be used; the message says why."""


def prepare_directory(directory: str) -> Optional[str]:
    """Create `directory` if needed and check that files can be written there. Returns the
    outermost folder this made (None if `directory` was there), for remove_made_folders."""
    made = None
    path = os.path.abspath(directory)
    while not os.path.exists(path):
        made = path
        parent = os.path.dirname(path)
        if parent == path:
            break
        path = parent
    try:
        os.makedirs(directory, exist_ok=True)
        probe = os.path.join(directory, ".negamax-bench-write-test")
        with open(probe, "w", encoding="utf-8") as handle:
            handle.write("")
        os.remove(probe)
    except OSError as error:
        reason = error.strerror or str(error)
        raise OutputError(f"cannot write the report to {directory!r}: {reason}") from None
    return made


def remove_made_folders(directory: str, made: Optional[str]) -> None:
    """Undo prepare_directory when no report was written: remove `directory` and its parents
    up to `made`, each only if it is empty (so --out is left as it was)."""
    if made is None:
        return
    path = os.path.abspath(directory)
    while True:
        try:
            os.rmdir(path)
        except OSError:
            return                       # not empty (or gone): leave it
        if path == made or os.path.dirname(path) == path:
            return
        path = os.path.dirname(path)


def _problems_lines(report: Dict[str, Any]) -> List[str]:
    return [f"PROBLEM: {problem}" for problem in report["problems"]]


def terminal_text(report: Dict[str, Any]) -> str:
    """The whole report as plain text for the terminal."""
    parts = ["negamax benchmark report", *environment_lines(report), ""]
    parts.extend(table.text() + "\n" for table in all_tables(report))
    if not report["peers"]["requested"]:
        parts.append("(peers not measured: add --peers)\n")
    if report["problems"]:
        parts.append(f"{len(report['problems'])} PROBLEM(S): the figures above disagree with theory or with "
                     "each other")
        parts.extend(_problems_lines(report))
    else:
        parts.append("All checks passed: formulas exact, and every searcher that must agree (no "
                     "selective enhancement) agreed on values and counts.")
    return "\n".join(parts)


def markdown_text(report: Dict[str, Any], plots: List[str]) -> str:
    """report.md: the tables in markdown, with the plots."""
    out = ["# negamax benchmark report", ""]
    out.extend(f"- {line}" for line in environment_lines(report))
    out.append("- every figure comes from `report.json`, measured in this run")
    out.append("")
    if report["problems"]:
        out.append(f"## {len(report['problems'])} problem(s)")
        out.append("")
        out.extend(f"- **{problem}**" for problem in report["problems"])
        out.append("")
    tables = all_tables(report, markdown=True)
    sections = [("leaf_counts", "Leaf counts", [t for t in tables if t.title.startswith("Leaf counts")],
                 [p for p in plots if p.startswith("leaves_")]),
                ("real_games", "Real games", [t for t in tables if _is_game_table(t, report)],
                 [p for p in plots if p.startswith("games_")]),
                ("speed", "Speed", [t for t in tables if t.title.startswith("Speed")],
                 [p for p in plots if p == "speed.png"]),
                ("plain_c", "Plain C", [t for t in tables if t.title.startswith("Plain C")], []),
                ("threads", "Threads", [t for t in tables if t.title.startswith("Threads")], []),
                ("chess", "Chess", [t for t in tables if t.title.startswith("Chess")], []),
                ("peers", "Peers", [t for t in tables if t.title.startswith("Peers")], []),
                ("checkers", "Checkers", [t for t in tables if t.title.startswith("Checkers")], [])]
    for key, title, section_tables, section_plots in sections:
        if key == "checkers" and not report.get("checkers", {}).get("requested"):
            continue
        out.extend([f"## {title}", "", _INTRO[key], ""])
        if key == "chess" and not report.get("chess", {}).get("measured"):
            out.extend(f"Not measured: {note}" for note in report.get("chess", {}).get("notes", []))
            out.append("")
        if key == "threads" and not report.get("threads", {}).get("rows"):
            out.extend(["Not measured: --games leaves out Connect Four and chess, its games.", ""])
        if key == "peers" and not report["peers"]["requested"]:
            out.extend(["Not measured: run `negamax bench --peers` (with `pip install negamax[peers]`).", ""])
        for table in section_tables:
            out.extend([table.markdown(), ""])
        for plot in section_plots:
            out.extend([f"![{plot}]({plot})", ""])
    return "\n".join(out)


def _is_game_table(table: Table, report: Dict[str, Any]) -> bool:
    return any(table.title.startswith(f"{game['name']}:") for game in report["real_games"]["games"])


def write_report(report: Dict[str, Any], directory: str, plots: bool) -> List[str]:
    """Write the plots (when asked), report.json and report.md; returns the files written.

    Everything is written into a fresh folder inside `directory` first, then moved into place
    (Ctrl-C held off for those few renames): a write that fails (OutputError naming the file)
    or Ctrl-C while the plots are drawn leaves `directory` as it was, never a half report or
    new plots beside an older run's report.md."""
    try:
        staging = tempfile.mkdtemp(prefix=".negamax-bench-", dir=directory)
    except OSError as error:
        raise OutputError(f"cannot write the report to {directory!r}: "
                          f"{error.strerror or error}") from None
    try:
        plot_names: List[str] = []
        if plots:
            from negamax.bench.plots import write_plots
            plot_names = write_plots(report, staging)
            report["plots"] = plot_names
        with open(os.path.join(staging, "report.json"), "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=1, default=str)
            handle.write("\n")
        with open(os.path.join(staging, "report.md"), "w", encoding="utf-8") as handle:
            handle.write(markdown_text(report, plot_names))
        names = ["report.json", "report.md", *plot_names]
        _move_all(staging, directory, names)
        _remove_older_plots(directory, plot_names)
    except OSError as error:
        reason = error.strerror or str(error)
        if error.filename:
            name = os.path.join(directory, os.path.basename(str(error.filename)))
            raise OutputError(f"cannot write the report file {name!r}: {reason}") from None
        raise OutputError(f"cannot write the report to {directory!r}: {reason}") from None
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return names


#: The names write_plots gives its files (see negamax.bench.plots).
_PLOT_NAME = re.compile(r"(leaves_b[0-9]+|games_[A-Za-z0-9_]+|speed)\.png")


def _remove_older_plots(directory: str, kept: List[str]) -> None:
    """Remove the plots an earlier run left in `directory` that this report does not show
    (a run with --no-plots, or with fewer branching factors or games): beside the new
    report.md they would pass for its own."""
    for name in os.listdir(directory):
        if _PLOT_NAME.fullmatch(name) and name not in kept:
            try:
                os.remove(os.path.join(directory, name))
            except OSError:
                pass            # not ours to insist on (a directory by that name, say)


def _move_all(staging: str, directory: str, names: List[str]) -> None:
    """Move the files `names` from `staging` into `directory` (replacing older ones), with
    Ctrl-C held off meanwhile (main thread): a few renames, all or none."""
    for name in names:       # what would stop a rename half way, before any is made
        if os.path.isdir(os.path.join(directory, name)):
            raise IsADirectoryError(errno.EISDIR, "a directory is in the way",
                                    os.path.join(directory, name))
    held = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN) if held else None
    try:
        for name in names:
            os.replace(os.path.join(staging, name), os.path.join(directory, name))
    finally:
        if held:
            signal.signal(signal.SIGINT, previous)


