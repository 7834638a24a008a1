"""The negamax command line: `negamax search ...`, `negamax solve ...`, `negamax play ...`,
`negamax bench`, `negamax --version`."""

from __future__ import annotations

import argparse
import importlib
import math
import os
import re
import sys
import threading
from typing import Any, Callable, List, NoReturn, Optional

import negamax as nm
from negamax.cli_games import format_line, make_game
from negamax.cli_input import MAX_QUOTE, quote, read_count, read_nested, shorten_message
from negamax.cli_progress import Progress, describe_score, search_options, wants_progress
from negamax.console import forgive_unencodable_output

#: Exit status of a command stopped by Ctrl-C (128 + SIGINT, as shells report it).
EXIT_INTERRUPTED = 130
#: Exit status for unusable input: a bad position, option or tree.
EXIT_USAGE = 2
#: Exit status when memory ran out (e.g. a transposition table larger than the machine's memory).
EXIT_MEMORY = 3


#: Commands that live in a module of their own: each module has COMMANDS (the names it adds),
#: `add_parser(commands)`, which adds its subparsers to the argparse subparsers object, and
#: `run(args) -> int`, the exit status. Add a command by adding its module here.
COMMAND_MODULES: List[str] = ["negamax.cli_perft", "negamax.cli_uci", "negamax.cli_analyze"]


def _command_modules():
    return [importlib.import_module(name) for name in COMMAND_MODULES]


#: A quoted value in argparse's messages ('...' with escapes, as repr() writes them).
_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'")
#: Longest option-parsing message printed whole; the middle of a longer one is cut.
_MAX_PARSER_MESSAGE = 200


class OneLineParser(argparse.ArgumentParser):
    """argparse's parser, whose errors are one line naming what is wrong and quoting at most
    MAX_QUOTE characters of each value (argparse prints its usage block first and quotes
    values whole), with exit status 2, as the command's own checks do."""

    def error(self, message: str) -> NoReturn:
        """Print the one-line message and exit with status 2."""
        unrecognized = "unrecognized arguments: "
        if message.startswith(unrecognized):      # the user's words, unquoted
            message = unrecognized + quote(message[len(unrecognized):])
        message = _QUOTED.sub(lambda found: _short_quote(found.group(0)), message)
        self.exit(EXIT_USAGE, f"{self.prog}: error: {shorten_message(message, _MAX_PARSER_MESSAGE)} "
                              f"(see {self.prog} --help)\n")

    def _print_message(self, message: str, file: Optional[Any] = None) -> None:
        # argparse drops a failed write of --help or --version (status 0, nothing said): it
        # reaches main instead, which says so with status 1, as for every other output.
        if message:
            (file if file is not None else sys.stderr).write(message)


def _short_quote(quoted: str) -> str:
    """A quoted value from argparse, cut to about MAX_QUOTE characters with its length said."""
    inner = quoted[1:-1]
    if len(inner) <= MAX_QUOTE:
        return quoted
    return f"{quoted[:MAX_QUOTE + 1]}'... ({len(inner):,} characters)"


def _build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(prog="negamax", description="Fast game-tree search.")
    parser.add_argument("--version", action="version", version=f"negamax {nm.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    search = commands.add_parser("search", help="search a built-in game or a tree and print the result")
    search.add_argument("game", choices=["tictactoe", "connect4", "chess", "checkers", "tree", "uniform"],
                        help="tictactoe POSITION | connect4 MOVES | chess FEN | checkers [FEN] | tree NESTED_LIST | "
                             "uniform BRANCHING DEPTH")
    # default=[]: without a default argparse counts a "*" positional as required in its
    # "the following arguments are required" message, though none need be given.
    search.add_argument("position", nargs="*", default=[],
                        help="tic-tac-toe: 9 characters (x, o, .), default the empty board; "
                             "connect4: the moves played, e.g. 4453; checkers: a PDN FEN; "
                             "tree: a nested list such as '[[3, 4], [8, 5]]'; uniform: branching and depth")
    search.add_argument("--depth", type=int, default=None, help="plies to search (default: to the end)")
    search.add_argument("--algorithm", choices=sorted(nm.ALGORITHMS), default=None,
                        help="default: alphabeta (chess: pvs)")
    search.add_argument("--no-ordering", action="store_true", help="search moves in the game's order")
    search.add_argument("--time-limit", type=float, default=None, help="seconds (iterative deepening)")
    search.add_argument("--node-limit", type=int, default=None, help="nodes (iterative deepening)")
    search.add_argument("--min", dest="maximizing", action="store_false",
                        help="trees: MIN is to move at the root")
    search.add_argument("--tree-ordering", choices=nm.trees.ORDERINGS, default=None,
                        help="uniform trees: leaf arrangement (default random)")
    search.add_argument("--seed", type=int, default=None, help="uniform trees: random seed (default 0)")
    search.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                        help="print each completed depth on stderr (default: on when stderr is a "
                             "terminal). The search deepens iteratively (a tree without a time or "
                             "node limit: in one pass); Ctrl-C stops it and prints the deepest "
                             "depth completed")

    solve = commands.add_parser("solve", help="solve a position exactly: value, best move, principal variation")
    solve.add_argument("game", choices=["connect4", "tictactoe", "checkers"])
    solve.add_argument("position", nargs="?", default="",
                       help="connect4: the moves played (1-based columns, e.g. 4453); "
                            "tictactoe: 9 characters; checkers: a PDN FEN such as 'B:WK1,K10:BK23'")
    solve.add_argument("--weak", action="store_true", help="only tell win, draw or loss (faster)")
    solve.add_argument("--time-limit", type=float, default=None, help="seconds")
    solve.add_argument("--tt-mb", type=float, default=None,
                       help=f"transposition table size in MB (default {nm.DEFAULT_TT_MB}; 256 for "
                            f"Connect Four positions of fewer than 10 stones)")
    solve.add_argument("--progress", action=argparse.BooleanOptionalAction, default=None,
                       help="print the elapsed time every few seconds on stderr (default: on when "
                            "stderr is a terminal). Ctrl-C stops the solve and prints the bounds "
                            "proven so far")
    solve.add_argument("--book", default=None,
                       help="connect4: an opening book (examples/connect4_book.py); a position "
                            "it holds is answered from it, on the book's board size")

    play = commands.add_parser("play", help="play a game against the engine in the terminal")
    play.add_argument("game", choices=["connect4", "tictactoe", "chess", "checkers"])
    play.add_argument("--engine-first", action="store_true", help="the engine makes the first move")
    play.add_argument("--think", type=positive_seconds, default=1.0,
                      help="seconds the engine thinks per move (Ctrl-C while it thinks makes it "
                           "move at once; Ctrl-C at your prompt quits)")
    play.add_argument("--fen", default=None, help="chess: start from this FEN; checkers: from this PDN FEN")
    play.add_argument("--book", default=None,
                      help="connect4: an opening book; the engine plays its moves while it has them "
                           "(the board takes the book's size)")

    from negamax.bench import cli as bench_cli
    bench = commands.add_parser("bench", help="run the benchmark report (leaf counts, real games, speed)")
    bench_cli.add_arguments(bench)
    for module in _command_modules():
        module.add_parser(commands)
    return parser


def _make_game(args: argparse.Namespace):
    if args.game in ("tictactoe", "connect4", "checkers"):
        if args.game == "checkers":
            return nm.games.Checkers(" ".join(args.position) or None)
        return make_game(args.game, "".join(args.position))
    if args.game == "tree":
        if not args.position:
            raise ValueError("give the tree as a nested list, e.g. '[[3, 4], [8, 5]]'")
        return nm.trees.from_nested(read_nested(" ".join(args.position)), maximizing=args.maximizing)
    if len(args.position) != 2:
        raise ValueError("give the branching factor and the depth, e.g. 'uniform 8 6'")
    branching = read_count(args.position[0], "the branching factor (uniform BRANCHING DEPTH)", 1)
    depth = read_count(args.position[1], "the depth (uniform BRANCHING DEPTH)", 0)
    return built_aside(lambda: nm.trees.uniform(branching, depth, ordering=args.tree_ordering or "random",
                                                seed=0 if args.seed is None else args.seed,
                                                maximizing=args.maximizing))


def built_aside(build: Callable[[], Any]) -> Any:
    """build() on a thread of its own while this one waits for it: Ctrl-C is then seen at
    once, where numpy's shuffle of a large uniform tree (seconds for 8**9 leaves) would hold
    it until the end. The thread, a daemon, ends with the process."""
    outcome: List[Any] = []
    done = threading.Event()

    def body() -> None:
        try:
            outcome.append((True, build()))
        except BaseException as error:
            outcome.append((False, error))
        finally:
            done.set()

    threading.Thread(target=body, name="negamax-build", daemon=True).start()
    while not done.wait(0.05):
        pass
    succeeded, value = outcome[0]
    if not succeeded:
        raise value
    return value


#: Searches to the end of a game with more empty cells than this get a hint on bounding them.
LONG_CONNECT4_EMPTY_CELLS = 16
#: Uniform trees with more leaves than this get the hint too.
LONG_TREE_LEAVES = 10 ** 7


def positive_seconds(text: str) -> float:
    """An argparse type: a finite number of seconds above 0."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not (math.isfinite(seconds) and seconds > 0):
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text!r}")
    return seconds


def looks_long(game) -> bool:
    """A rough guess whether a search of `game` to the end can take more than a few seconds."""
    if isinstance(game, nm.trees.UniformTree):
        return game.num_leaves > LONG_TREE_LEAVES
    if isinstance(game, nm.games.ConnectFour) and not game.is_terminal():
        return game.width * game.height - game.stones > LONG_CONNECT4_EMPTY_CELLS
    return False


def plies_left_at_most(game) -> int:
    """A bound on the plies left in `game`: its max_ply; for tic-tac-toe, whose max_ply
    counts from the empty board, the empty squares."""
    if isinstance(game, nm.games.TicTacToe):
        return int((game.board == 0).sum())
    return game.max_ply


def format_result(game, result: nm.SearchResult, exact: bool = False) -> str:
    """A human-readable report of a search result; `exact` says the value is not a heuristic
    estimate (a completed search to the end)."""
    stats = result.stats
    if result.value is None:
        value = "none (stopped before any move was searched)"
    elif isinstance(game, nm.trees.Tree):       # a leaf value: no wins or losses to describe
        value = f"{result.value} ({'exact' if exact else 'a heuristic estimate'})"
    else:
        exact = exact or nm.plies_to_end(result.value) is not None
        words = describe_score(result.value, True) if exact else "a heuristic estimate"
        value = f"{result.value} ({words})"
    rate = stats.nodes / result.elapsed if result.elapsed > 0 else float("inf")
    lines = [
        str(game) if not isinstance(game, nm.trees.Tree) else repr(game),
        "",
        f"algorithm : {result.algorithm}",
        f"value     : {value}",
        f"best move : {result.best_move}",
        f"pv        : {format_line(result.pv)}",
        f"depth     : {result.depth}   stop: {result.stop_reason.value}",
        f"nodes     : {stats.nodes:,}   leaves: {stats.leaves:,}   cutoffs: {stats.cutoffs:,}   "
        f"max ply: {stats.max_ply}   iterations: {stats.iterations}",
        f"time      : {result.elapsed * 1000:.2f} ms   ({rate:,.0f} nodes/s)",
    ]
    return "\n".join(lines)


# The API names its options as Python does; the command line's errors name the flag.
_FLAGS = {"depth": "--depth", "time_limit": "--time-limit", "node_limit": "--node-limit",
          "threads": "--threads", "tt_mb": "--tt-mb", "algorithm": "--algorithm"}


def _error(message: str, status: int = EXIT_USAGE) -> int:
    text = str(message)
    first, space, rest = text.partition(" ")
    if first in _FLAGS:                   # "time_limit must be ..." -> "--time-limit must be ..."
        text = f"{_FLAGS[first]}{space}{rest}"
    print(f"negamax: error: {shorten_message(text)}", file=sys.stderr)
    return status


def _memory_error(error: MemoryError) -> int:
    detail = f" ({error})" if str(error) else ""
    return _error(f"not enough memory{detail}: give a smaller --tt-mb "
                  f"(the default is {nm.DEFAULT_TT_MB} MB)", EXIT_MEMORY)


def search_command(args: argparse.Namespace) -> int:
    """Run `negamax search GAME ...`: 0 when done (or stopped by a limit), 130 on Ctrl-C."""
    game = _make_game(args)
    maximizing = args.maximizing if args.game in ("tree", "uniform") else None
    bounded = args.depth is not None or args.time_limit is not None or args.node_limit is not None
    if not bounded and isinstance(game, nm.games.Checkers):
        raise ValueError("checkers needs a limit: give --depth, --time-limit or --node-limit "
                         "(or prove the outcome with `negamax solve checkers POSITION`)")
    progress = Progress(sys.stderr, wants_progress(args.progress, sys.stderr))
    # Deepen iteratively (depth 1, 2, ...), so that each depth can be shown and Ctrl-C or a
    # limit leaves the deepest completed depth to print. Not an explicit tree without a time
    # or node limit: it has no table to carry an iteration's best moves to the next, so the
    # iterations only cost (on a chain thousands of plies deep, the cube of its depth).
    one_pass = (args.game in ("tree", "uniform") and args.time_limit is None
                and args.node_limit is None)
    options = dict(search_options(progress), iterative=not one_pass)
    if not bounded and looks_long(game):
        progress.say("searching to the end of the game, which can take very long: bound it with "
                     "--time-limit SECONDS or --depth PLIES (Ctrl-C stops and prints the best so far)")
    with progress:
        result = nm.search(game, args.depth, algorithm=args.algorithm or "alphabeta",
                           ordering=not args.no_ordering,
                           time_limit=args.time_limit, node_limit=args.node_limit,
                           maximizing=maximizing, **options)
        # Exact when nothing was cut: no depth limit, or one at least the game's max_ply (its
        # bound on the plies left), so every line reached an end of the game.
        reaches_end = args.depth is None or args.depth >= plies_left_at_most(game)
        exact = reaches_end and result.stop_reason is nm.StopReason.COMPLETED
        progress.finished(result, exact)
    print(format_result(game, result, exact=exact))
    if result.stop_reason is nm.StopReason.INTERRUPTED:
        print("interrupted: the result above is the best found so far", file=sys.stderr)
        return EXIT_INTERRUPTED
    return 0


def _check_tree_options(args: argparse.Namespace) -> None:
    """Refuse the options of trees given for a game (ValueError), rather than ignore them."""
    if args.game not in ("tree", "uniform") and not args.maximizing:
        raise ValueError("--min applies to trees only: a game's values are from the side to move")
    for flag, value in (("--tree-ordering", args.tree_ordering), ("--seed", args.seed)):
        if value is not None and args.game != "uniform":
            raise ValueError(f"{flag} applies to uniform trees only")


def _run(args: argparse.Namespace) -> int:
    for module in _command_modules():
        if args.command in getattr(module, "COMMANDS", ()):
            return module.run(args)
    if args.command == "bench":
        from negamax.bench import cli as bench_cli
        return bench_cli.run(args)
    try:
        if getattr(args, "book", None) is not None and args.game != "connect4":
            raise ValueError(f"opening books are for connect4, not {args.game}")
        if args.command == "search":
            _check_tree_options(args)
        if args.command in ("search", "play") and args.game == "chess":
            from negamax import cli_chess
            return cli_chess.search_command(args) if args.command == "search" \
                else cli_chess.play_command(args)
        if args.command in ("solve", "play"):
            from negamax import cli_games
            if args.command == "solve":
                return cli_games.solve_command(args)
            return cli_games.play_command(args)
        return search_command(args)
    except (ValueError, TypeError, RecursionError) as error:
        return _error(str(error))
    except MemoryError as error:
        return _memory_error(error)


def _parse(parser: argparse.ArgumentParser, argv: Optional[List[str]]) -> argparse.Namespace:
    """parser.parse_args, with the position of `search` and `solve` also taken after their
    options (`negamax search chess --depth 3 FEN`): argparse fills an optional positional, left
    empty, before it reaches the options, and then called the position unrecognized."""
    args, extra = parser.parse_known_args(argv)
    words = all(not word.startswith("-") for word in extra)
    if extra and words and args.command == "search":
        args.position = [*args.position, *extra]
        extra = []
    elif len(extra) == 1 and words and args.command == "solve" and not args.position:
        args.position = extra[0]
        extra = []
    if extra:
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    return args


def main(argv: Optional[List[str]] = None) -> int:
    """Entry point of the `negamax` command."""
    forgive_unencodable_output()
    if sys.stdin is None:
        # Started with stdin closed (`<&-`): commands that read it (uci, play, analyze -)
        # see an empty input, as from /dev/null, rather than fail on a missing stream.
        sys.stdin = open(os.devnull, encoding="utf-8")
    try:
        try:
            args = _parse(_build_parser(), argv)
            # As typed, for what records it (the benchmark report says how it was made).
            args.command_line = ["negamax", *(sys.argv[1:] if argv is None else argv)]
        except SystemExit as done:
            if done.code in (0, None):
                sys.stdout.flush()     # --help, --version: a failed write is status 1, said
            raise
        return _run(args)
    except KeyboardInterrupt:
        print("\nnegamax: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`negamax ... | head`): stop quietly, as Unix tools do. Python
        # would flush stdout again at exit and fail once more, so it is pointed at devnull.
        _silence_stdout()
        return 1
    except OSError as error:
        # stdout cannot take the output (a full disk, /dev/full): say so, once.
        _silence_stdout()
        print(f"negamax: cannot write the output: {error}", file=sys.stderr)
        return 1


def _silence_stdout() -> None:
    os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
