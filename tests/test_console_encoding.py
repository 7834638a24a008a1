"""The command line on a console that is not UTF-8: Windows writes pipes and files in its ANSI
code page (cp1252), a C locale in ASCII. PYTHONIOENCODING gives a child process the same
stdout here. Printing the chess pieces, the report's ticks or a user's non-ASCII text there
raised UnicodeEncodeError and lost the output (found by a portability review)."""

from __future__ import annotations

import io
import os
import subprocess
import sys

import pytest

from negamax.cli_chess import PIECE_SYMBOLS, draw_board
from negamax.console import ASCII_FALLBACKS, encodes, printable

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def negamax_command(arguments, encoding, cwd):
    env = dict(os.environ, PYTHONIOENCODING=encoding)
    return subprocess.run([sys.executable, "-m", "negamax", *arguments], capture_output=True,
                          cwd=cwd, env=env, timeout=300)


@pytest.mark.parametrize("encoding", ["cp1252", "ascii"])
def test_chess_search_draws_letters_where_pieces_cannot_be_printed(tmp_path, encoding):
    done = negamax_command(["search", "chess", "startpos", "--depth", "1"], encoding, tmp_path)
    assert done.returncode == 0, done.stderr
    out = done.stdout.decode(encoding)
    assert "8 r n b q k b n r" in out and "6 . . . . . . . ." in out and "1 R N B Q K B N R" in out
    assert "best move :" in out


def test_chess_search_draws_pieces_where_it_can(tmp_path):
    done = negamax_command(["search", "chess", "startpos", "--depth", "1"], "utf-8", tmp_path)
    assert done.returncode == 0, done.stderr
    assert PIECE_SYMBOLS["r"] in done.stdout.decode("utf-8")


def test_the_report_reaches_a_cp1252_console(tmp_path):
    done = negamax_command(["bench", "--grid", "2:2", "--games", "tictactoe", "--game-depth",
                            "tictactoe:1", "--repeat", "1", "--no-progress"], "cp1252", tmp_path)
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout.decode("cp1252")
    assert b"Traceback" not in done.stderr
    assert "All checks passed" in out and "\\u2713" not in out


@pytest.mark.parametrize("console", ["cp1252", "C locale"])
def test_a_users_text_the_console_cannot_encode_is_escaped_not_fatal(tmp_path, console):
    positions = tmp_path / "positions.txt"
    positions.write_text("tree [1, \u2264]\ntree [1, 2]\n", encoding="utf-8")
    arguments = ["analyze", str(positions), "--format", "csv", "--workers", "1", "--no-progress"]
    if console == "C locale":          # ASCII stdout with errors="surrogateescape"
        env = {name: value for name, value in os.environ.items()
               if name not in ("PYTHONIOENCODING", "PYTHONUTF8") and not name.startswith("LC_")}
        env.update(LC_ALL="C", PYTHONUTF8="0")
        done = subprocess.run([sys.executable, "-m", "negamax", *arguments], capture_output=True,
                              cwd=tmp_path, env=env, timeout=300)
    else:
        done = negamax_command(arguments, "cp1252", tmp_path)
    assert done.returncode == 1, done.stderr          # one position failed, the other was searched
    # Escaped where the console cannot encode it; a C locale may be UTF-8 (musl's, say),
    # and then the character itself is printed.
    rows = done.stdout.decode("utf-8", errors="replace").splitlines()
    assert len(rows) == 3 and rows[2].startswith("2,tree,")
    assert "\\u2264" in rows[1] or "\u2264" in rows[1]


def test_printable_puts_ascii_in_only_where_the_stream_needs_it():
    text = "\u2713 3 \u2264 4 \u00b7 \u2717"
    utf8 = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    cp1252 = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")
    assert encodes(text, utf8) and not encodes(text, cp1252)
    assert printable(text, utf8) == text
    assert printable(text, cp1252) == "ok 3 <= 4 . FAIL"
    assert all(fallback.isascii() for fallback in ASCII_FALLBACKS.values())


def test_draw_board_in_letters():
    lines = draw_board(START, unicode=False).splitlines()
    assert lines[0] == "8 r n b q k b n r" and lines[-1] == "  a b c d e f g h"
    flipped = draw_board(START, white_at_bottom=False, unicode=False).splitlines()
    assert flipped[0] == "1 R N B K Q B N R" and flipped[-1] == "  h g f e d c b a"
