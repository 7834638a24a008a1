"""Checkers on the command line: `negamax play checkers` (a game against the engine in the
terminal) and the perft count behind `negamax perft checkers DEPTH [--fen FEN]`."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Callable, Optional, TextIO

import negamax as nm
from negamax.cli_progress import describe_score
from negamax.games import Checkers

__all__ = ["play_checkers", "perft_checkers"]


def perft_checkers(depth: int, fen: Optional[str] = None, out: TextIO = sys.stdout) -> int:
    """Print the perft count of `fen` (default: the start position) at `depth`, with the time
    and the speed in positions per second; returns the exit status."""
    game = Checkers(fen)
    start = time.perf_counter()
    count = game.perft(depth)
    elapsed = time.perf_counter() - start
    rate = count / elapsed if elapsed > 0 else float("inf")
    print(f"{game.fen()}\nperft({depth}) = {count:,}   {elapsed:.3f} s   "
          f"({rate / 1e6:,.1f} M positions/s)", file=out)
    return 0


def play_checkers(args: argparse.Namespace, read: Callable[[str], str] = input,
                  out: TextIO = sys.stdout) -> int:
    """Run `negamax play checkers`: the person types PDN moves ("11-15", "18x11x2"; "moves"
    lists them, "undo" takes back a pair of moves, "q" quits), the engine answers after
    thinking args.think seconds. args.engine_first gives the engine black (which moves first);
    args.fen, when set, starts from that position."""
    game = Checkers(getattr(args, "fen", None))
    engine_side = game.to_move if args.engine_first else -game.to_move
    print(f"You play {'white' if engine_side == 1 else 'black'}. Type a move such as 11-15 "
          f"(a capture lists every square it lands on: 18x11x2), 'moves', 'undo' or q to quit.",
          file=out)
    while game.outcome() is None:
        print(f"\n{game}\n", file=out)
        if game.to_move == engine_side:
            result = nm.search(game, algorithm="pvs", time_limit=args.think)
            if result.best_move is None:      # stopped (Ctrl-C) before a root move was searched
                move, view = game.legal_moves()[0], "no time to think: the first legal move"
            else:
                # A search to a depth: a win or loss it finds is certain, its other values
                # (0 among them) are estimates, never a proven draw.
                move = result.best_move
                view = f"{describe_score(result.value, exact=False)} at depth {result.depth}"
            if result.stop_reason is nm.StopReason.INTERRUPTED:
                view += "; interrupted"
            print(f"engine plays {move}  ({view})", file=out)
            game.play(move)
            continue
        try:
            text = read("your move: ").strip()
        except EOFError:
            return 0
        if text.lower() in ("q", "quit", "exit"):
            return 0
        if text.lower() == "moves":
            print("  " + " ".join(game.legal_moves()), file=out)
            continue
        if text.lower() == "undo":
            if len(game.history) < 2:
                print("  nothing to take back", file=out)
            else:
                game.undo()
                game.undo()
            continue
        try:
            game.play(text)
        except (ValueError, TypeError) as error:
            print(f"  {error}", file=out)
    print(f"\n{game}\n", file=out)
    outcome = game.outcome()
    assert outcome is not None
    if outcome.winner == 0:
        print(f"draw ({outcome.reason})", file=out)
    else:
        print(("the engine wins" if outcome.winner == engine_side else "you win")
              + f" ({outcome.reason})", file=out)
    return 0
