"""`negamax solve` and `negamax play`: exact solutions and games against the engine in a terminal."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, Optional, TextIO

import negamax as nm
from negamax.scores import plies_to_end


def make_game(name: str, position: str) -> Any:
    """A built-in game from its command-line name and position text."""
    if name == "connect4":
        return nm.games.ConnectFour(position)
    if name == "checkers":
        return nm.games.Checkers(position or None)
    return nm.games.TicTacToe(position or ".........")


def describe_value(value: Optional[int]) -> str:
    """'win in 7 plies', 'loss in 4 plies', 'draw' or the raw value."""
    if value is None:
        return "unknown"
    distance = plies_to_end(value)
    if distance is not None:
        return f"{'win' if nm.is_win(value) else 'loss'} in {distance} plies"
    return "draw" if value == 0 else str(value)


def format_solution(game: Any, result: nm.SolveResult) -> str:
    """The human-readable report of `negamax solve`."""
    stats = result.stats
    rate = stats.nodes / result.elapsed if result.elapsed > 0 else float("inf")
    lines = [str(game), ""]
    if result.score is not None:
        lines.append(f"score     : {result.score}")
    lines += [
        f"outcome   : {result.outcome or 'unknown'} for the side to move"
        + ("" if result.weak else f" ({describe_value(result.value)})"),
        f"best move : {result.best_move}",
        f"pv        : {' '.join(str(m) for m in result.pv)}",
        f"stop      : {result.stop_reason.value}",
        f"nodes     : {stats.nodes:,}   null-window searches: {stats.null_window_searches}   "
        f"tt hits: {stats.tt_hits:,}",
        f"time      : {result.elapsed * 1000:.2f} ms   ({rate:,.0f} nodes/s)",
    ]
    return "\n".join(lines)


def solve_command(args: argparse.Namespace) -> int:
    """Run `negamax solve GAME POSITION`."""
    game = make_game(args.game, args.position)
    if game.is_terminal():
        raise ValueError("the game is already over in that position")
    result = nm.solve(game, weak=args.weak, time_limit=args.time_limit, tt_mb=args.tt_mb)
    print(format_solution(game, result))
    return 0


def play_command(args: argparse.Namespace, read: Callable[[str], str] = input,
                 out: TextIO = sys.stdout) -> int:
    """Run `negamax play GAME`: the person types moves, the engine answers."""
    if args.game == "checkers":
        from negamax.cli_checkers import play_checkers
        return play_checkers(args, read=read, out=out)
    game = make_game(args.game, "")
    engine_side = 1 if args.engine_first else -1
    hint = "a column number" if args.game == "connect4" else "a square 0-8 (row by row)"
    print(f"You play {'second' if args.engine_first else 'first'}. Type {hint}, or q to quit.", file=out)
    while not game.is_terminal():
        print(f"\n{game}\n", file=out)
        if game.to_move == engine_side:
            result = nm.search(game, algorithm="pvs", time_limit=args.think)
            move = result.best_move
            print(f"engine plays {move}  ({describe_value(result.value)} at depth {result.depth})", file=out)
            game.play(move)
            continue
        try:
            text = read("your move: ").strip()
        except EOFError:
            return 0
        if text.lower() in ("q", "quit", "exit"):
            return 0
        try:
            game.play(int(text))
        except ValueError as error:
            print(f"  {error}", file=out)
    print(f"\n{game}\n", file=out)
    winner = game.winner
    if winner == 0:
        print("draw", file=out)
    else:
        print("the engine wins" if winner == engine_side else "you win", file=out)
    return 0
