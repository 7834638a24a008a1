"""`negamax bench`: placeholder until the report lands (issue 3)."""

import argparse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Add the report's options to the `bench` subcommand's parser."""


def run(args: argparse.Namespace) -> int:
    """Run the report; returns the exit status."""
    raise SystemExit("negamax bench: not implemented yet")
