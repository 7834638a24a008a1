"""`negamax uci`: the UCI chess engine on standard input and output."""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["COMMANDS", "add_parser", "run"]

#: The subcommands of this module.
COMMANDS = ("uci",)


def add_parser(commands: Any) -> None:
    """Add `negamax uci` to the argparse subparsers object."""
    commands.add_parser("uci", help="run the UCI chess engine on standard input and output "
                                    "(for chess GUIs and python-chess)")


def run(args: argparse.Namespace) -> int:
    """Run the engine until `quit` or the end of the input."""
    from negamax import uci
    return uci.main()
