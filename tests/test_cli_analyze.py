"""`negamax analyze FILE`: every position of a file, results as JSON lines or CSV.

Each record is checked against a single negamax.search / negamax.solve of the line's
position; bad lines give error records with their line numbers and exit status 1."""

from __future__ import annotations

import csv
import io
import json

import pytest

import negamax as nm
from negamax.cli_input import read_nested
from negamax import cli_analyze
from negamax.__main__ import main
from helpers import sends_sigint_to_a_child

POSITIONS = """\
# a comment, then a blank line

connect4 4453
tictactoe x.o......
tree [[3, 4], [8, 5]]
connect4
tictactoe
"""


def run(capsys, *argv):
    status = main(["analyze", *argv])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.fixture
def positions(tmp_path):
    path = tmp_path / "positions.txt"
    path.write_text(POSITIONS)
    return path


def test_json_lines_match_single_searches(positions, capsys):
    status, out, err = run(capsys, str(positions), "--depth", "4", "--executor", "threads")
    assert status == 0 and err == ""
    records = [json.loads(line) for line in out.splitlines()]
    games = [nm.games.ConnectFour("4453"), nm.games.TicTacToe("x.o......"),
             nm.trees.from_nested([[3, 4], [8, 5]]), nm.games.ConnectFour(), nm.games.TicTacToe()]
    assert [r["line"] for r in records] == [3, 4, 5, 6, 7]
    assert [r["game"] for r in records] == ["connect4", "tictactoe", "tree", "connect4", "tictactoe"]
    for record, game in zip(records, games):
        single = nm.search(game, depth=4)
        assert (record["value"], record["best_move"], record["pv"], record["depth"], record["nodes"],
                record["stop_reason"]) == (single.value, single.best_move, list(single.pv), single.depth,
                                           single.stats.nodes, single.stop_reason.value)


def test_csv_output_to_a_file(positions, tmp_path, capsys):
    target = tmp_path / "out.csv"
    status, out, _ = run(capsys, str(positions), "--depth", "3", "--format", "csv", "--output",
                         str(target), "--executor", "threads", "--algorithm", "pvs")
    assert status == 0 and out == ""
    rows = list(csv.DictReader(io.StringIO(target.read_text())))
    assert list(rows[0]) == list(cli_analyze.FIELDS)
    single = nm.search(nm.games.ConnectFour("4453"), depth=3, algorithm="pvs")
    assert (rows[0]["line"], rows[0]["value"], rows[0]["best_move"], rows[0]["nodes"]) == (
        "3", str(single.value), str(single.best_move), str(single.stats.nodes))
    assert rows[0]["pv"] == " ".join(map(str, single.pv))
    assert rows[0]["error"] == ""


def test_bad_lines_are_reported_and_the_rest_runs(tmp_path, capsys):
    path = tmp_path / "mixed.txt"
    path.write_text("connect4 4444444\ngo 19x19\ntictactoe x\ntree [[1, 2]\n"
                    "tree []\ntictactoe xo.......\nconnect4 8\n")
    status, out, err = run(capsys, str(path), "--depth", "2", "--executor", "threads", "--no-progress")
    assert status == 1
    records = [json.loads(line) for line in out.splitlines()]
    assert [r["line"] for r in records] == [1, 2, 3, 4, 5, 6, 7]
    failed = {r["line"]: r for r in records if "error" in r}
    assert sorted(failed) == [1, 2, 3, 4, 5, 7]
    assert "column 4 is full" in failed[1]["message"]
    assert "unknown game 'go'" in failed[2]["message"]
    assert "9 squares" in failed[3]["message"]
    assert "cannot read the tree" in failed[4]["message"]
    assert "empty list" in failed[5]["message"]
    assert records[5]["value"] == nm.search(nm.games.TicTacToe("xo......."), depth=2).value
    assert "6 of 7 positions failed (lines 1, 2, 3, 4, 5, 7)" in err


def test_trees_of_any_depth_are_read_as_search_tree_reads_them(tmp_path, capsys):
    # 1,000 levels as JSON and 300 as Python tuples: deeper than a recursive reader goes.
    deep = "[" * 1000 + "1, 0" + "], 0" * 999 + "]"
    tuples = "(" * 300 + "1, 0" + "), 0" * 299 + ")"
    path = tmp_path / "deep.txt"
    path.write_text(f"tree {deep}\ntree {tuples}\n")
    status, out, err = run(capsys, str(path), "--executor", "threads", "--no-progress")
    assert status == 0, err
    records = [json.loads(line) for line in out.splitlines()]
    for record, text in zip(records, (deep, tuples)):
        expected = nm.search(nm.trees.from_nested(read_nested(text)))
        assert (record["value"], record["depth"]) == (expected.value, expected.depth)


def test_an_output_path_that_cannot_be_written_is_refused_before_any_search(
        positions, tmp_path, capsys, monkeypatch):
    def no_search(*args, **kwargs):
        raise AssertionError("analyze ran although the output cannot be written")

    monkeypatch.setattr(nm, "analyze", no_search)
    target = tmp_path / "missing-folder" / "out.jsonl"
    status, out, err = run(capsys, str(positions), "--output", str(target), "--executor", "threads")
    assert status == 2 and "cannot write" in err and str(target) in err
    assert out == ""


def test_solve(tmp_path, capsys):
    path = tmp_path / "late.txt"
    path.write_text("connect4 2252576253462244111563365343671351441\ntictactoe x...o....\n")
    status, out, _ = run(capsys, str(path), "--solve", "--executor", "threads")
    assert status == 0
    records = [json.loads(line) for line in out.splitlines()]
    for record, game in zip(records, [nm.games.ConnectFour("2252576253462244111563365343671351441"),
                                      nm.games.TicTacToe("x...o....")]):
        single = nm.solve(game)
        assert (record["value"], record["outcome"], record["plies"], record["score"], record["pv"]) == (
            single.value, single.outcome, single.plies, single.score, list(single.pv))
    assert records[0]["score"] == -1 and records[1]["outcome"] == "draw"
    status, out, _ = run(capsys, str(path), "--solve", "--weak", "--executor", "threads")
    assert [json.loads(line)["outcome"] for line in out.splitlines()] == ["loss", "draw"]


def test_the_default_process_pool_and_stdin(capsys, monkeypatch):
    monkeypatch.setattr("sys.stdin", io.StringIO("tictactoe ....x....\nconnect4 44\n"))
    status, out, _ = run(capsys, "-", "--node-limit", "500", "--workers", "1")
    assert status == 0
    records = [json.loads(line) for line in out.splitlines()]
    single = nm.search(nm.games.ConnectFour("44"), node_limit=500)
    assert (records[1]["value"], records[1]["nodes"], records[1]["stop_reason"]) == (
        single.value, single.stats.nodes, "node_limit")


def test_a_game_added_to_native_games_is_read_by_its_name(monkeypatch):
    monkeypatch.setitem(nm.games.NATIVE_GAMES, "ttt", nm.games.TicTacToe)
    [(number, name, text, game)] = list(cli_analyze.read_positions(["ttt x........"]))
    assert (number, name, text, game) == (1, "ttt", "x........", nm.games.TicTacToe("x........"))


@pytest.mark.parametrize("argv, words", [
    (["--solve", "--algorithm", "pvs"], "--algorithm"),
    (["--solve", "--depth", "3"], "--depth"),
    (["--weak"], "--weak"),
    (["--executor", "mpi://x"], "--executor"),
    (["--executor", "dask://127.0.0.1:1", "--workers", "2"], "--workers"),
    (["--executor", "dask://nohost:notaport"], "give dask://HOST:PORT"),
    (["--executor", "dask://"], "give dask://HOST:PORT"),
    (["--depth", "-3", "--executor", "threads"], "depth"),
    (["--chunksize", "0", "--executor", "threads"], "chunksize"),
])
def test_bad_options_exit_2(positions, capsys, argv, words):
    status, out, err = run(capsys, str(positions), *argv)
    assert status == 2 and out == ""
    assert err.startswith("negamax analyze: error:") and words in err


def test_a_missing_file_exits_2(tmp_path, capsys):
    status, _, err = run(capsys, str(tmp_path / "nowhere.txt"))
    assert status == 2 and "cannot read" in err


def test_an_unreachable_scheduler_exits_2(positions, capsys, monkeypatch):
    monkeypatch.setattr(cli_analyze, "CONNECT_TIMEOUT", 1)
    status, _, err = run(capsys, str(positions), "--executor", "dask://127.0.0.1:9", "--depth", "1")
    assert status == 2 and "cannot reach the Dask scheduler" in err


@pytest.mark.parametrize("comment", ["a form\ffeed", "a line\u2028separator", "a vertical\vtab",
                                     "next\x85line"])
def test_line_numbers_are_the_files_own(tmp_path, capsys, comment):
    # str.splitlines() also splits at these: the rest of the comment became a position and
    # every later line number was one too high.
    path = tmp_path / "odd.txt"
    path.write_text(f"# {comment}\nconnect4 4453\n\ntictactoe x.o......\n", encoding="utf-8")
    status, out, _ = run(capsys, str(path), "--depth", "2", "--executor", "threads", "--no-progress")
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert [(r["line"], r["game"]) for r in records] == [(2, "connect4"), (4, "tictactoe")]


def test_a_tab_after_the_name_and_a_byte_order_mark_are_read(tmp_path, capsys):
    path = tmp_path / "bom.txt"
    path.write_bytes("\ufeffconnect4\t4453\ntictactoe \t x.o......\n".encode("utf-8"))
    status, out, _ = run(capsys, str(path), "--depth", "2", "--executor", "threads", "--no-progress")
    records = [json.loads(line) for line in out.splitlines()]
    assert status == 0
    assert [(r["game"], r["position"]) for r in records] == [("connect4", "4453"),
                                                              ("tictactoe", "x.o......")]


@pytest.mark.parametrize("argv", [["--depth", "-1"], ["--executor", "bogus"],
                                  ["--solve", "--depth", "3"]])
def test_a_refused_command_leaves_the_output_file_alone(positions, tmp_path, capsys, argv):
    kept = tmp_path / "kept.jsonl"
    kept.write_text('{"keep": "me"}\n')
    never = tmp_path / "never.jsonl"
    assert run(capsys, str(positions), *argv, "--output", str(kept))[0] == 2
    assert kept.read_text() == '{"keep": "me"}\n'
    assert run(capsys, str(positions), *argv, "--output", str(never))[0] == 2
    assert not never.exists()


@sends_sigint_to_a_child
def test_ctrl_c_with_a_thread_pool_ends_the_command(tmp_path):
    # The searches of a thread pool never see Ctrl-C themselves: the command used to wait for
    # them for ever. Two empty Connect Four boards searched to the end run for hours.
    import subprocess
    import sys
    from helpers import interrupt_after
    path = tmp_path / "long.txt"
    path.write_text("connect4\nconnect4 4\n")
    process = subprocess.Popen([sys.executable, "-m", "negamax", "analyze", str(path),
                                "--executor", "threads", "--no-progress"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    _, err = interrupt_after(process, 2.0, timeout=30)     # 2 s: imported and searching
    assert process.returncode == 130 and "interrupted" in err and "Traceback" not in err
