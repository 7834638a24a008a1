"""`negamax analyze FILE`: search or solve every position of a file, on this machine or a cluster.

One position per line: a game name and its notation (``connect4 4453``, ``tictactoe x.o......``,
``tree [[3, 4], [8, 5]]``); blank lines and lines starting with ``#`` are skipped. The
results are written as JSON lines or CSV, one record per position, in the file's order. A
line that cannot be read or searched gives a record with its error (and its line number)
and the run goes on; the exit status is then 1.
"""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import csv
import json
import os
import sys
from typing import Any, Callable, Dict, Iterator, List, Optional, TextIO, Tuple

import negamax as nm
from negamax.cli_input import quote, read_nested
from negamax.results import AnalysisError, SolveResult

COMMANDS = ("analyze",)

#: Columns of the CSV output, and the keys of the JSON records (a record has those that apply).
FIELDS = ("line", "game", "position", "value", "best_move", "pv", "depth", "outcome", "plies",
          "score", "nodes", "elapsed", "stop_reason", "error", "message")

#: Seconds to wait for a Dask scheduler.
CONNECT_TIMEOUT = 20


class OutputError(Exception):
    """The results could not be written to the --output file (status 1, as for stdout)."""


class UsageError(ValueError):
    """A problem with the command's options or input file (exit status 2)."""


def _read_nested(text: str) -> Any:
    """The tree of a `tree` line, read as `negamax search tree` reads its argument: without
    recursion, so any depth the search takes works."""
    try:
        return read_nested(text)
    except ValueError as error:
        raise ValueError(f"cannot read the tree {text[:60]!r}: {error}") from None


def _native_reader(cls: type) -> Callable[[str], Any]:
    def read(text: str) -> Any:
        return cls(text) if text else cls()
    read.__doc__ = f"{cls.__name__} from its notation (empty: the start position)."
    return read


def game_readers() -> Dict[str, Callable[[str], Any]]:
    """Game name -> function turning the rest of the line into a game. Every game of
    negamax.games.NATIVE_GAMES is read by its constructor from the notation (the start
    position when there is none); ``tree`` reads a nested list."""
    readers: Dict[str, Callable[[str], Any]] = {
        name: _native_reader(cls) for name, cls in nm.games.NATIVE_GAMES.items()}
    readers["tree"] = lambda text: nm.trees.from_nested(_read_nested(text))
    return readers


def read_positions(lines: List[str]) -> Iterator[Tuple[int, str, str, Any]]:
    """(line number, game name, notation, game or the exception that reading it raised) for
    each position line."""
    readers = game_readers()
    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, *rest = line.split(maxsplit=1)      # the name ends at any whitespace (a tab too)
        text = rest[0] if rest else ""
        reader = readers.get(name.lower())
        if reader is None:
            error: Any = ValueError(f"unknown game {name[:60]!r}: the games are "
                                    f"{', '.join(sorted(readers))}")
            yield number, name, text, error
            continue
        try:
            yield number, name, text, reader(text)
        except (ValueError, TypeError, RecursionError, MemoryError) as problem:
            yield number, name, text, problem


def add_parser(commands: Any) -> None:
    """Add `negamax analyze` to the subcommands."""
    parser = commands.add_parser(
        "analyze", help="search or solve every position of a file (one per line), on all cores or a cluster",
        description="Search or solve every position of FILE: one per line, a game name and its "
                    "notation ('connect4 4453', 'tictactoe x.o......', 'tree [[3, 4], [8, 5]]'); "
                    "blank lines and '#' comments are skipped. Exit status 1 if a position failed.")
    parser.add_argument("file", help="the positions, one per line ('-' reads standard input)")
    parser.add_argument("--depth", type=int, default=None, help="plies to search (default: to the end)")
    parser.add_argument("--time-limit", type=float, default=None, help="seconds per position")
    parser.add_argument("--node-limit", type=int, default=None, help="nodes per position")
    parser.add_argument("--algorithm", choices=sorted(nm.ALGORITHMS), default=None,
                        help="search algorithm (default alphabeta; not with --solve)")
    parser.add_argument("--solve", action="store_true", help="solve each position exactly")
    parser.add_argument("--weak", action="store_true", help="with --solve: only win, draw or loss")
    parser.add_argument("--format", choices=("jsonl", "csv"), default="jsonl", help="output format")
    parser.add_argument("--output", "-o", default=None, help="write the results here (default: stdout)")
    parser.add_argument("--workers", type=int, default=None,
                        help="processes of the local pool (default: every core)")
    parser.add_argument("--executor", default="processes",
                        help="processes (default), threads, or dask://HOST:PORT to use a Dask "
                             "cluster's scheduler (pip install 'negamax[dask]')")
    parser.add_argument("--chunksize", type=int, default=None, help="positions per task")
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def _executor(args: argparse.Namespace) -> Tuple[Optional[cf.Executor], Callable[[], None]]:
    """The executor the options ask for, and how to release it."""
    choice = args.executor
    if choice == "processes":
        return None, lambda: None
    if args.workers is not None and not choice.startswith("threads"):
        raise UsageError("--workers sizes the local pool (processes or threads), not a cluster")
    if choice == "threads":
        pool = cf.ThreadPoolExecutor(max_workers=args.workers)
        return pool, pool.shutdown
    for prefix in ("dask://", "tcp://", "tls://"):
        if choice.startswith(prefix):
            try:
                from distributed import Client
            except ImportError:
                raise UsageError("--executor dask://... needs dask.distributed: "
                                 "pip install 'negamax[dask]'") from None
            address = choice[len("dask://"):] if prefix == "dask://" else choice
            try:
                client = Client(address if "://" in address else f"tcp://{address}", timeout=CONNECT_TIMEOUT)
            except ValueError as error:       # distributed's parse of the address failed
                raise UsageError(f"--executor {choice[:60]!r} is no scheduler address: give "
                                 f"dask://HOST:PORT ({error})") from None
            except (OSError, TimeoutError) as error:
                raise UsageError(f"cannot reach the Dask scheduler at {address!r}: {error}") from None
            return client.get_executor(pure=False), client.close
    raise UsageError(f"--executor must be processes, threads or dask://HOST:PORT, not {choice[:60]!r}")


def _record(number: int, name: str, text: str, outcome: Any) -> Dict[str, Any]:
    record: Dict[str, Any] = {"line": number, "game": name, "position": text}
    if isinstance(outcome, AnalysisError):
        record.update(error=outcome.exception_type, message=outcome.message)
        return record
    if isinstance(outcome, BaseException):
        record.update(error=type(outcome).__name__, message=str(outcome))
        return record
    record.update(value=outcome.value, best_move=outcome.best_move, pv=list(outcome.pv))
    if isinstance(outcome, SolveResult):
        record.update(outcome=outcome.outcome, plies=outcome.plies, score=outcome.score)
    else:
        record["depth"] = outcome.depth
    record.update(nodes=outcome.stats.nodes, elapsed=round(outcome.elapsed, 6),
                  stop_reason=outcome.stop_reason.value)
    return record


def _plain(value: Any) -> Any:
    """JSON has no fractions or numpy scalars: numbers that are not int or float become text."""
    if isinstance(value, (bool, int, float, str)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return str(value)


def write_records(records: List[Dict[str, Any]], out: TextIO, form: str) -> None:
    """Write the records as JSON lines or CSV (with a header row)."""
    if form == "jsonl":
        for record in records:
            out.write(json.dumps({key: _plain(value) for key, value in record.items()}) + "\n")
        return
    writer = csv.DictWriter(out, fieldnames=FIELDS, lineterminator="\n")
    writer.writeheader()
    for record in records:
        row = {key: _plain(value) for key, value in record.items()}
        if "pv" in row:
            row["pv"] = " ".join(str(move) for move in row["pv"])
        writer.writerow(row)


def _options(args: argparse.Namespace) -> Dict[str, Any]:
    options: Dict[str, Any] = dict(depth=args.depth, time_limit=args.time_limit,
                                   node_limit=args.node_limit, solve=args.solve)
    if args.solve:
        if args.algorithm is not None:
            raise UsageError("--algorithm applies to searches; --solve has its own")
        if args.depth is not None:
            raise UsageError("--solve searches to the end: give no --depth")
        if args.weak:
            options["weak"] = True
    else:
        if args.weak:
            raise UsageError("--weak applies to --solve")
        if args.algorithm is not None:
            options["algorithm"] = args.algorithm
    return options


def _check_bounded(args: argparse.Namespace, positions: List[Tuple[int, str, str, Any]]) -> None:
    """A search of chess or checkers to the end has no practical bound (as `negamax search`
    says for them): refuse it before any work is sent."""
    if args.solve or args.depth is not None or args.time_limit is not None or args.node_limit is not None:
        return
    for number, _, _, game in positions:
        if isinstance(game, (nm.games.Chess, nm.games.Checkers)):
            raise UsageError(f"line {number}: searching {type(game).__name__.lower()} to the end "
                             f"has no practical bound: give --depth, --time-limit or --node-limit")


def _read_lines(path: str) -> List[str]:
    """The file's lines, numbered as an editor numbers them: split at line ends only (not at
    the form feeds and Unicode separators str.splitlines() also splits at), without a BOM."""
    if path == "-":
        text = sys.stdin.read()
    else:
        try:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
        except (OSError, UnicodeDecodeError) as error:
            raise UsageError(f"cannot read {path!r}: {error}") from None
    return text.removeprefix("\ufeff").split("\n")   # universal newlines made every end \n


def _check_output(path: str) -> bool:
    """Raise UsageError if `path` cannot be written, before any work is sent, without
    changing a file already there. True when the check created the file (it is removed
    again if the run ends without results)."""
    existed = os.path.exists(path)
    try:
        open(path, "a", encoding="utf-8").close()
    except OSError as error:
        raise UsageError(f"cannot write {path!r}: {error}") from None
    return not existed


def _open_output(path: str) -> TextIO:
    try:
        return open(path, "w", encoding="utf-8", newline="")
    except OSError as error:
        raise UsageError(f"cannot write {path!r}: {error}") from None


def _analyze(args: argparse.Namespace, options: Dict[str, Any],
             positions: List[Tuple[int, str, str, Any]]) -> List[Dict[str, Any]]:
    """The records of every position line: a result, or the error of reading or searching it."""
    readable = [(index, game) for index, (_, _, _, game) in enumerate(positions)
                if not isinstance(game, BaseException)]
    executor, release = _executor(args)
    try:
        outcomes = nm.analyze([game for _, game in readable], executor=executor,
                              workers=args.workers if executor is None else None,
                              chunksize=args.chunksize, progress=not args.no_progress, **options)
    finally:
        release()
    by_position: List[Any] = [game for (_, _, _, game) in positions]
    for (index, _), outcome in zip(readable, outcomes):
        by_position[index] = outcome
    return [_record(number, name, text, outcome)
            for (number, name, text, _), outcome in zip(positions, by_position)]


def run(args: argparse.Namespace) -> int:
    """Run `negamax analyze`; the exit status."""
    try:
        return _run(args)
    except OutputError as error:
        print(f"negamax analyze: {error}", file=sys.stderr)
        return 1
    except (UsageError, ValueError, TypeError) as error:
        print(f"negamax analyze: error: {error}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    options = _options(args)
    positions = list(read_positions(_read_lines(args.file)))
    _check_bounded(args, positions)
    # The output path is checked before any work is sent: one that cannot be written is a
    # usage error found at once, not after hours of searching. It is emptied only once the
    # results are there to write (a rejected option leaves an existing file as it was).
    created = _check_output(args.output) if args.output else False
    try:
        records = _analyze(args, options, positions)
    except BaseException:
        if created:
            os.remove(args.output)
        raise
    out = _open_output(args.output) if args.output else sys.stdout
    try:
        write_records(records, out, args.format)
        if out is not sys.stdout:
            out.close()     # a full disk may only show here
    except BrokenPipeError:
        raise               # the reader went away (`| head`): negamax's main ends quietly
    except OSError as error:
        if out is sys.stdout:
            raise           # negamax's main says so in one line, with status 1
        raise OutputError(f"cannot write {quote(args.output)}: {error}") from None
    finally:
        if out is not sys.stdout and not out.closed:
            try:
                out.close()
            except OSError:
                pass        # already reported
    failed = [record["line"] for record in records if "error" in record]
    if failed:
        shown = ", ".join(map(str, failed[:20])) + (" ..." if len(failed) > 20 else "")
        print(f"negamax analyze: {len(failed)} of {len(records)} positions failed (lines {shown})",
              file=sys.stderr)
        return 1
    return 0
