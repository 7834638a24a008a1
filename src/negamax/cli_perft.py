"""`negamax perft GAME DEPTH [--fen FEN] [--divide]`: count the leaf nodes of a game's legal
move tree, the standard test (and speed measure) of a move generator.

A game takes part when its class has a `perft(depth)` method (and `perft_divide(depth)` for
--divide); add it to PERFT_GAMES under its command-line name."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Callable, Dict, Optional

from negamax.games import Checkers, Chess

COMMANDS = ("perft",)

#: Games by command-line name: a constructor taking the position text (None: the start).
PERFT_GAMES: Dict[str, Callable[[Optional[str]], Any]] = {
    "chess": lambda position: Chess(position),
    "checkers": lambda position: Checkers(position),
}


def add_parser(commands: Any) -> None:
    """Add the `perft` subcommand to an argparse subparsers object."""
    perft = commands.add_parser("perft", help="count the leaf nodes of the legal move tree (move generator test)")
    perft.add_argument("game", choices=sorted(PERFT_GAMES))
    perft.add_argument("depth", type=int, help="plies")
    perft.add_argument("--fen", default=None,
                       help="the position (chess: a FEN; checkers: a PDN FEN such as "
                            "'B:W21,22:B1,2'; default the start)")
    perft.add_argument("--divide", action="store_true", help="the count below each legal move (chess only)")


def run(args: argparse.Namespace) -> int:
    """Run `negamax perft`; returns the exit status."""
    try:
        game = PERFT_GAMES[args.game](args.fen)
        if not hasattr(game, "perft"):
            raise ValueError(f"{args.game} has no perft")
        if args.divide and not hasattr(game, "perft_divide"):
            raise ValueError(f"{args.game} has no perft --divide")
        start = time.perf_counter()
        if args.divide:
            counts = game.perft_divide(args.depth)
            nodes = sum(counts.values())
        else:
            counts = None
            nodes = game.perft(args.depth)
        elapsed = time.perf_counter() - start
    except (ValueError, TypeError) as error:
        print(f"negamax: error: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("negamax: perft interrupted", file=sys.stderr)
        return 130
    if counts is not None:
        for move in sorted(counts):
            print(f"{move}: {counts[move]}")
        print()
    rate = nodes / elapsed if elapsed > 0 else float("inf")
    print(f"nodes {nodes}")
    print(f"time  {elapsed:.3f} s ({rate / 1e6:,.1f} M nodes/s)")
    return 0
