"""The negamax command line: `negamax search ...`, `negamax solve ...`, `negamax play ...`,
`negamax bench`, `negamax --version`."""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import sys
from typing import List, Optional

import negamax as nm
from negamax.scores import plies_to_end


#: Commands that live in a module of their own: each module has COMMANDS (the names it adds),
#: `add_parser(commands)`, which adds its subparsers to the argparse subparsers object, and
#: `run(args) -> int`, the exit status. Add a command by adding its module here.
COMMAND_MODULES: List[str] = ["negamax.cli_perft", "negamax.cli_uci", "negamax.cli_analyze"]


def _command_modules():
    return [importlib.import_module(name) for name in COMMAND_MODULES]


def _build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="negamax", description="Fast game-tree search.")
    parser.add_argument("--version", action="version", version=f"negamax {nm.__version__}")
    commands = parser.add_subparsers(dest="command", required=True)

    search = commands.add_parser("search", help="search a built-in game or a tree and print the result")
    search.add_argument("game", choices=["tictactoe", "connect4", "chess", "checkers", "tree", "uniform"],
                        help="tictactoe POSITION | connect4 MOVES | chess FEN | checkers [FEN] | tree NESTED_LIST | "
                             "uniform BRANCHING DEPTH")
    search.add_argument("position", nargs="*",
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
    search.add_argument("--tree-ordering", choices=nm.trees.ORDERINGS, default="random",
                        help="uniform trees: leaf arrangement")
    search.add_argument("--seed", type=int, default=0, help="uniform trees: random seed")

    solve = commands.add_parser("solve", help="solve a position exactly: value, best move, principal variation")
    solve.add_argument("game", choices=["connect4", "tictactoe", "checkers"])
    solve.add_argument("position", nargs="?", default="",
                       help="connect4: the moves played (1-based columns, e.g. 4453); "
                            "tictactoe: 9 characters; checkers: a PDN FEN such as 'B:WK1,K10:BK23'")
    solve.add_argument("--weak", action="store_true", help="only tell win, draw or loss (faster)")
    solve.add_argument("--time-limit", type=float, default=None, help="seconds")
    solve.add_argument("--tt-mb", type=float, default=None, help="transposition table size in MB")
    solve.add_argument("--book", default=None,
                       help="connect4: an opening book (examples/connect4_book.py); a position "
                            "it holds is answered from it, on the book's board size")

    play = commands.add_parser("play", help="play a game against the engine in the terminal")
    play.add_argument("game", choices=["connect4", "tictactoe", "chess", "checkers"])
    play.add_argument("--engine-first", action="store_true", help="the engine makes the first move")
    play.add_argument("--think", type=float, default=1.0, help="seconds the engine thinks per move")
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


def _read_nested(text: str):
    """A nested list written as JSON or as a Python literal."""
    try:
        return json.loads(text)
    except ValueError:
        pass
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
        raise ValueError(f"cannot read the tree {text!r}: write it as a nested list of numbers, "
                         f"e.g. '[[3, 4], [8, 5]]'") from None


def _make_game(args: argparse.Namespace):
    if args.game in ("tictactoe", "connect4", "checkers"):
        if not args.maximizing:
            raise ValueError("--min applies to trees only: a game's values are from the side to move")
        if args.game == "connect4":
            return nm.games.ConnectFour("".join(args.position))
        if args.game == "checkers":
            return nm.games.Checkers(" ".join(args.position) or None)
        return nm.games.TicTacToe("".join(args.position) or ".........")
    if args.game == "tree":
        if not args.position:
            raise ValueError("give the tree as a nested list, e.g. '[[3, 4], [8, 5]]'")
        return nm.trees.from_nested(_read_nested(" ".join(args.position)), maximizing=args.maximizing)
    if len(args.position) != 2:
        raise ValueError("give the branching factor and the depth, e.g. 'uniform 8 6'")
    branching, depth = (int(x) for x in args.position)
    return nm.trees.uniform(branching, depth, ordering=args.tree_ordering, seed=args.seed,
                            maximizing=args.maximizing)


def format_result(game, result: nm.SearchResult) -> str:
    """A human-readable report of a search result."""
    stats = result.stats
    value = f"{result.value}"
    distance = plies_to_end(result.value) if result.value is not None and not isinstance(
        game, nm.trees.Tree) else None
    if distance is not None:
        value += f" ({'win' if nm.is_win(result.value) else 'loss'} in {distance} plies)"
    rate = stats.nodes / result.elapsed if result.elapsed > 0 else float("inf")
    lines = [
        str(game) if not isinstance(game, nm.trees.Tree) else repr(game),
        "",
        f"algorithm : {result.algorithm}",
        f"value     : {value}",
        f"best move : {result.best_move}",
        f"pv        : {' '.join(str(m) for m in result.pv)}",
        f"depth     : {result.depth}   stop: {result.stop_reason.value}",
        f"nodes     : {stats.nodes:,}   leaves: {stats.leaves:,}   cutoffs: {stats.cutoffs:,}   "
        f"max ply: {stats.max_ply}   iterations: {stats.iterations}",
        f"time      : {result.elapsed * 1000:.2f} ms   ({rate:,.0f} nodes/s)",
    ]
    return "\n".join(lines)


def main(argv: Optional[List[str]] = None) -> int:
    """Entry point of the `negamax` command."""
    args = _build_parser().parse_args(argv)
    for module in _command_modules():
        if args.command in getattr(module, "COMMANDS", ()):
            return module.run(args)
    if args.command == "bench":
        from negamax.bench import cli as bench_cli
        return bench_cli.run(args)
    if args.command in ("search", "play") and args.game == "chess":
        from negamax import cli_chess
        try:
            return cli_chess.search_command(args) if args.command == "search" \
                else cli_chess.play_command(args)
        except (ValueError, TypeError) as error:
            print(f"negamax: error: {error}", file=sys.stderr)
            return 2
    if args.command in ("solve", "play"):
        from negamax import cli_games
        try:
            if args.command == "solve":
                return cli_games.solve_command(args)
            return cli_games.play_command(args)
        except (ValueError, TypeError) as error:
            print(f"negamax: error: {error}", file=sys.stderr)
            return 2
    try:
        game = _make_game(args)
        if args.game == "tree" or args.game == "uniform":
            maximizing = args.maximizing
        else:
            maximizing = None
        result = nm.search(game, args.depth, algorithm=args.algorithm or "alphabeta", ordering=not args.no_ordering,
                           time_limit=args.time_limit, node_limit=args.node_limit,
                           maximizing=maximizing)
    except (ValueError, TypeError) as error:
        print(f"negamax: error: {error}", file=sys.stderr)
        return 2
    print(format_result(game, result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
