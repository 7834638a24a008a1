"""Harness of the command line's `search` and `solve`: argument lists built from the bytes
(known options with odd values, arbitrary words), run through negamax.__main__.main with
the output captured. The contract for a command: it returns an exit status or leaves
through argparse's SystemExit (status 0 or 2), prints no traceback, and its error line
stays short. Work is bounded by limits appended to every command."""

from __future__ import annotations

import contextlib
import io

from negamax import trees
from negamax.__main__ import main

from fuzz.byte_reader import ByteReader
from fuzz.registry import register

#: Uniform trees larger than this are refused inside the harness (a resource bound of the
#: harness, not a property of negamax: the library accepts up to trees.MAX_UNIFORM_LEAVES).
HARNESS_MAX_UNIFORM_LEAVES = 2 ** 14

_GAMES = ["tictactoe", "connect4", "tree", "uniform", "chess", ""]
_WORDS = ["4453", "x...o....", ".........", "[[3, 4], [8, 5]]", "[[[", "8", "6", "-1", "0", "x",
          "1e309", "nan", "99999999999999999999999", "[1, 2.5, -3]", "\u00e9", "--", "-h"]
_OPTIONS = {
    "search": ["--depth", "--algorithm", "--no-ordering", "--time-limit", "--node-limit", "--min",
               "--tree-ordering", "--seed"],
    "solve": ["--weak", "--tt-mb", "--time-limit"],
}
_VALUES = ["0", "1", "3", "-2", "2.5", "x", "nan", "inf", "1048576", "pvs", "mtdf", "best", "",
           "4611686018427387904"]
_LIMITS = {"search": ["--node-limit", "3000"], "solve": ["--time-limit", "0.02"]}


def _argv(reader: ByteReader) -> list:
    command = reader.choice(["search", "solve"])
    argv = [command, reader.choice(_GAMES)]
    for _ in range(reader.integer(0, 6)):
        kind = reader.integer(0, 3)
        if kind == 0:
            argv.append(reader.choice(_WORDS))
        elif kind == 1:
            argv.append(reader.text(reader.integer(0, 30)))
        else:
            option = reader.choice(_OPTIONS[command])
            argv.append(option)
            if option not in ("--no-ordering", "--min", "--weak"):
                argv.append(reader.choice(_VALUES) if reader.flag() else reader.text(reader.integer(0, 8)))
    return argv + _LIMITS[command]


@register("cli_search_solve", "negamax search|solve with arguments built from the bytes")
def cli_search_solve(data: bytes) -> None:
    argv = _argv(ByteReader(data))
    out, err = io.StringIO(), io.StringIO()
    saved = trees.MAX_UNIFORM_LEAVES
    trees.MAX_UNIFORM_LEAVES = HARNESS_MAX_UNIFORM_LEAVES
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(argv)
            except SystemExit as stop:      # argparse: --help (0) or a usage error (2)
                assert stop.code in (0, 2), f"argparse exited with {stop.code!r} for {argv!r}"
                return
    finally:
        trees.MAX_UNIFORM_LEAVES = saved
    assert status in (0, 1, 2, 3), f"status {status} for {argv!r}"
    errors = err.getvalue()
    assert "Traceback" not in errors, f"a traceback for {argv!r}"
    assert len(errors) < 1000, f"a {len(errors)}-character error for {argv!r}"
