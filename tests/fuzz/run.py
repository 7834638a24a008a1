#!/usr/bin/env python3
"""Run one fuzz harness under atheris (pip install 'negamax[fuzz]'):

    python tests/fuzz/run.py HARNESS [libFuzzer options and corpus folders]
    python tests/fuzz/run.py --list

tools/fuzz.sh runs every harness for a bounded time."""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

#: Environment variable naming the harness (set by this script for the runs it starts).
HARNESS_VARIABLE = "NEGAMAX_FUZZ_HARNESS"


def main() -> None:
    """Parse the harness name, hand the rest of the command line to libFuzzer."""
    import atheris

    with atheris.instrument_imports(include=["negamax", "fuzz"]):
        from fuzz.registry import check, harnesses
        known = harnesses()
    # The harness's name travels in the environment too: libFuzzer's -merge and -jobs modes
    # start this script again with the libFuzzer arguments alone.
    arguments = sys.argv[1:]
    name = os.environ.get(HARNESS_VARIABLE)
    if name is None:
        if not arguments or arguments[0] in ("-h", "--help", "--list"):
            for known_name, harness in known.items():
                print(f"{known_name:<22} {harness.description}")
            sys.exit(0 if arguments else 2)
        name, arguments = arguments[0], arguments[1:]
        os.environ[HARNESS_VARIABLE] = name
    if name not in known:
        sys.exit(f"unknown harness {name!r}; the harnesses are {', '.join(known)}")
    harness = known[name]
    atheris.Setup([sys.argv[0]] + arguments, lambda data: check(harness, data))
    atheris.Fuzz()


if __name__ == "__main__":
    main()
