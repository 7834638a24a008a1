"""`negamax bench`: measure the benchmark report, print it, and write it with --out DIR.

Exit status: 0 when every check passed, 1 when the report found a problem (a leaf count
that is not the formula's, searchers that disagree on a value), 2 for unusable options
(a bad --grid, an unwritable --out, plots asked for without matplotlib), 130 on Ctrl-C."""

from __future__ import annotations

import argparse
import contextlib
import shlex
import signal
import sys
import threading
from typing import Iterator, List

from negamax.bench.output import (OutputError, prepare_directory, remove_made_folders,
                                  terminal_text, write_report)
from negamax.bench.plots import MISSING_MESSAGE, matplotlib_missing
from negamax.bench.progress import Progress
from negamax.bench.report import build_report, total_steps
from negamax.bench.settings import SettingsError, make_settings
from negamax.bench.timing import stopping_when
from negamax.console import printable

__all__ = ["add_arguments", "run"]

EXIT_PROBLEMS = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the report's options to the `bench` subcommand's parser."""
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--quick", dest="full", action="store_false",
                      help="the default: a smaller grid, well under two minutes")
    mode.add_argument("--full", dest="full", action="store_true",
                      help="the whole grid: trees to 10^7 leaves, deeper games, more timing runs")
    parser.set_defaults(full=None)      # None: neither given (the quick report)
    parser.add_argument("--out", metavar="DIR",
                        help="write report.md, report.json and PNG plots into DIR (created if needed)")
    parser.add_argument("--no-plots", action="store_true", help="with --out: skip the PNG plots")
    parser.add_argument("--peers", action="store_true",
                        help="also time easyAI, aima3 and OpenSpiel on the same positions "
                             "(pip install 'negamax[peers]')")
    parser.add_argument("--repeat", type=int, metavar="N",
                        help="timing runs per searcher, best kept (default 3 quick, 9 full; "
                             "plain Python and peers at most 3)")
    parser.add_argument("--seed", type=int, help="seed of the random uniform trees (default 0)")
    parser.add_argument("--grid", metavar="B:D,...",
                        help="uniform trees to measure, e.g. 2:10,8:5 (branching 2 to depth 10, 8 to 5)")
    parser.add_argument("--max-leaves", type=int, metavar="N",
                        help="deepen trees and games until minimax reaches N leaves "
                             "(default 10^6 quick, 10^7 full)")
    parser.add_argument("--games", metavar="NAME,...", help="only these built-in games (default: all)")
    parser.add_argument("--game-depth", metavar="NAME:D,...",
                        help="deepest depth per game, e.g. tictactoe:5 (default: from --max-leaves)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")
    parser.add_argument("--signature", action="store_true",
                        help="only print the node counts of a fixed set of searches over every "
                             "built-in game, and their total last (the same on every run and "
                             "platform; tests/data/signature.txt records it)")


#: The report's options and their values when not given (--signature takes none of them).
_REPORT_DEFAULTS = {"full": None, "out": None, "no_plots": False, "peers": False, "repeat": None,
                    "seed": None, "grid": None, "max_leaves": None, "games": None, "game_depth": None,
                    "no_progress": False}


def _error(message: str) -> int:
    print(f"negamax bench: error: {message}", file=sys.stderr)
    return EXIT_USAGE


def run(args: argparse.Namespace) -> int:
    """Run the report; returns the exit status."""
    import negamax as nm

    if args.signature:
        others = [option for option, default in _REPORT_DEFAULTS.items() if getattr(args, option) != default]
        if others:
            return _error(f"--signature takes no other option (got {_spelling(others[0], args)}): "
                          f"it prints the same fixed counts on every run")
        from negamax.bench import signature
        return signature.run()
    if args.no_plots and args.out is None:
        return _error("--no-plots applies with --out DIR (without --out no plot is written)")
    try:
        settings = make_settings(full=bool(args.full), grid=args.grid, max_leaves=args.max_leaves,
                                 game_depth=args.game_depth, games=args.games, repeat=args.repeat,
                                 seed=0 if args.seed is None else args.seed, peers=args.peers,
                                 known_games=tuple(nm.games.NATIVE_GAMES))
    except SettingsError as error:
        return _error(str(error))
    plots = args.out is not None and not args.no_plots
    if plots and matplotlib_missing():
        return _error(MISSING_MESSAGE)
    made = None                 # the folder made for --out, removed if nothing is written
    if args.out is not None:
        try:
            made = prepare_directory(args.out)
        except OutputError as error:
            return _error(str(error))

    pressed: List[bool] = []
    progress = Progress(total_steps(settings), enabled=not args.no_progress,
                        stop_check=lambda: bool(pressed))
    try:
        with _noting_ctrl_c(pressed), stopping_when(lambda: bool(pressed)):
            report = build_report(settings, progress)
            report["command"] = shlex.join(getattr(args, "command_line", ["negamax", "bench"]))
        if pressed:
            raise KeyboardInterrupt
    except KeyboardInterrupt:
        progress.close()
        if args.out is not None:
            remove_made_folders(args.out, made)
        print("negamax bench: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    progress.close()
    # The files first: a reader of stdout that has gone (`| head`) must not cost the
    # measurements they hold.
    written = None
    if args.out is not None:
        try:
            written = write_report(report, args.out, plots)
        except OutputError as error:
            remove_made_folders(args.out, made)
            print(printable(terminal_text(report)))     # the measurements are not lost with the files
            return _error(str(error))
    print(printable(terminal_text(report)))
    if written is not None:
        print(f"\nwrote {', '.join(written)} to {args.out}")
    return EXIT_PROBLEMS if report["problems"] else 0


def _spelling(option: str, args: argparse.Namespace) -> str:
    """How `option` (a Namespace field) is written on the command line."""
    if option == "full":
        return "--full" if args.full else "--quick"
    return "--" + option.replace("_", "-")


@contextlib.contextmanager
def _noting_ctrl_c(pressed: List[bool]) -> Iterator[None]:
    """Ctrl-C while the report is measured. A search it stops returns the best result so far
    (StopReason.INTERRUPTED) rather than raising, as negamax's searches do, and such a
    result must never reach the report: each Ctrl-C is noted in `pressed`, and the report
    stops at its next step (Progress's stop_check) or at its end."""
    if (threading.current_thread() is not threading.main_thread()
            or signal.getsignal(signal.SIGINT) is not signal.default_int_handler):
        yield              # Ctrl-C is not Python's KeyboardInterrupt here: nothing to note
        return

    def note_and_raise(signum: int, frame: object) -> None:
        pressed.append(True)
        raise KeyboardInterrupt

    signal.signal(signal.SIGINT, note_and_raise)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
