"""The command line as a new user meets it: deep trees, huge tables, long inputs, unfinished
solves, heuristic scores in `play`, Ctrl-C at the prompt, progress lines."""

from __future__ import annotations

import argparse
import io
import sys

import pytest

import negamax as nm
from negamax import cli_games, cli_progress
from negamax.__main__ import main
from negamax.cli_input import MAX_QUOTE, quote, read_count, read_nested, shorten_message


def _nested_chain(levels: int) -> str:
    return "[" * levels + "1" + "]" * levels


def test_a_tree_1000_levels_deep_is_searched(capsys):
    assert main(["search", "tree", _nested_chain(1000)]) == 0
    out = capsys.readouterr().out
    assert "value     : 1" in out and "depth     : 1000" in out


@pytest.mark.parametrize("levels", [3, 4000])
def test_a_tree_without_a_limit_is_searched_in_one_pass(capsys, levels):
    # A chain's one pass enters each of its nodes once; deepening one ply at a time entered
    # 2 + 3 + ... + (levels + 1) nodes, at a cost growing as the cube of the depth (minutes
    # for 10,000 levels).
    assert main(["search", "tree", _nested_chain(levels), "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert f"nodes     : {levels + 1:,}   leaves: 1" in out and "iterations: 1" in out
    # With a limit it deepens, to leave the deepest completed depth if the limit strikes.
    assert main(["search", "tree", _nested_chain(3), "--no-progress", "--time-limit", "60"]) == 0
    assert "nodes     : 9   leaves: 3" in capsys.readouterr().out     # depths 1-3: 2 + 3 + 4 nodes


def test_read_nested_matches_python_literals_and_any_depth():
    # Python's own parser is the reference where it can go.
    import ast
    for text in ("[[3, 4], [8, [-2, 10], 5]]", "[(1, 2.5), [3e2, -4,], 7]", "[[ 1 ,2 ],3]", "5",
                 "[1_000, .5, -0.25]"):
        assert read_nested(text) == _as_lists(ast.literal_eval(text))
    deep = read_nested(_nested_chain(20_000))
    for _ in range(20_000):
        assert isinstance(deep, list) and len(deep) == 1
        deep = deep[0]
    assert deep == 1


def _as_lists(value):
    if isinstance(value, (list, tuple)):
        return [_as_lists(item) for item in value]
    return value


@pytest.mark.parametrize("text, words", [
    ("[[3 4]]", "missing ','"), ("[[3, 4]", "unclosed"), ("[3]]", "after the end"),
    ("[,3]", "unexpected ','"), ("[x]", "character 1"), ("", "nested list"), ("]", "unmatched"),
    ("[" + "9" * 5000 + "]", "cannot read the number"),
])
def test_read_nested_names_what_is_wrong(text, words):
    with pytest.raises(ValueError, match=words) as info:
        read_nested(text)
    assert len(str(info.value)) < 300


@pytest.mark.skipif(sys.platform != "linux", reason="macOS and Windows may reserve 1 TiB lazily")
def test_a_table_larger_than_memory_is_a_one_line_error(capsys):
    # 1048576 MB (1 TiB) is the largest size the API accepts; Linux refuses to reserve it on
    # any test machine.
    assert main(["solve", "connect4", "4453", "--tt-mb", "1048576", "--time-limit", "0.2"]) == 3
    err = capsys.readouterr().err
    assert err.startswith("negamax: error: not enough memory") and "--tt-mb" in err
    assert "Traceback" not in err


def test_memory_errors_become_a_message_on_every_platform(capsys, monkeypatch):
    def no_memory(*args, **kwargs):
        raise MemoryError("cannot allocate a 9 MB transposition table")

    monkeypatch.setattr(nm, "solve", no_memory)
    assert main(["solve", "connect4", "4453"]) == 3
    err = capsys.readouterr().err
    assert "not enough memory (cannot allocate a 9 MB" in err and "Traceback" not in err


def test_uniform_arguments_are_named(capsys):
    assert main(["search", "uniform", "2", "x"]) == 2
    err = capsys.readouterr().err
    assert "the depth" in err and "'x'" in err and "invalid literal" not in err
    assert main(["search", "uniform", "0", "3"]) == 2
    assert "the branching factor" in capsys.readouterr().err


@pytest.mark.parametrize("argv", [
    ["search", "tictactoe", "." * 100_000], ["solve", "connect4", "1" * 100_000],
    ["search", "tree", "[" * 100_000], ["search", "tree", "[1, " + "x" * 100_000 + "]"],
])
def test_error_messages_quote_little_of_a_long_input(argv, capsys):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("negamax: error:") and len(err) < 500


def test_quote_and_shorten():
    assert quote("abc") == "'abc'"
    long = quote("y" * 1000)
    assert long.startswith("'" + "y" * MAX_QUOTE + "'") and "1,000 characters" in long
    message = shorten_message("a" * 300 + "b" * 1000 + "c" * 300, limit=400)
    assert message.startswith("a" * 200) and message.endswith("c" * 200) and len(message) < 450
    assert read_count("12", "n") == 12
    with pytest.raises(ValueError, match="n must be at least 1"):
        read_count("0", "n", 1)


def test_an_unfinished_solve_prints_bounds_and_exits_1(capsys):
    # An early position: no solve finishes in 0.2 s.
    assert main(["solve", "connect4", "4453", "--time-limit", "0.2", "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert "not solved (time_limit)" in out and "bounds    : " in out


def test_describe_bounds_in_words():
    win_in_9 = nm.WIN - 9
    assert cli_games.describe_bounds(-nm.WIN, nm.WIN) == "nothing proven yet"
    assert cli_games.describe_bounds(0, win_in_9) == "no worse than draw, no better than win in 9 plies"
    assert cli_games.describe_bounds(-(nm.WIN - 1), nm.WIN) == "no worse than loss in 1 ply"


def test_scores_in_words():
    describe = cli_progress.describe_score
    assert describe(nm.WIN - 1, False) == "win in 1 ply"
    assert describe(-(nm.WIN - 4), False) == "loss in 4 plies"
    assert describe(0, True) == "draw"
    assert describe(0, False) == "score +0 (heuristic)"
    assert describe(-12, False) == "score -12 (heuristic)"


def test_play_never_calls_a_heuristic_zero_a_draw():
    # Connect Four's first moves: the engine's searches end at a depth limit, their 0 is an
    # evaluation, not a proven draw. The person quits after two moves.
    out = io.StringIO()
    answers = iter(["1", "1", "q"])
    args = argparse.Namespace(game="connect4", engine_first=False, think=0.05)
    assert cli_games.play_command(args, read=lambda prompt: next(answers), out=out) == 0
    text = out.getvalue()
    assert "draw at depth" not in text and "1 plies" not in text
    assert text.count("engine plays") == 2


def test_engine_first_opens_in_the_centre_column():
    # Allis (1988) and Allen (1988): on the 7 x 6 board the first player's only winning move
    # is the centre column, 4.
    out = io.StringIO()
    args = argparse.Namespace(game="connect4", engine_first=True, think=0.05)
    assert cli_games.play_command(args, read=lambda prompt: "q", out=out) == 0
    assert "engine plays 4" in out.getvalue()


def test_engine_plays_a_solved_move_when_the_position_is_within_reach():
    # Tic-tac-toe after x takes a corner and o an edge: a solve finishes at once, and its move
    # must keep the forced win that a plain minimax over the position finds.
    game = nm.games.TicTacToe("x......o.")
    move, how = cli_games.engine_move(game, 0.5)
    assert how.startswith("solved: win")
    game.play(move)
    assert nm.search(game, algorithm="minimax").value < -nm.scores.EVAL_LIMIT   # o now loses


def test_ctrl_c_at_the_prompt_quits_without_a_traceback():
    out = io.StringIO()

    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    args = argparse.Namespace(game="tictactoe", engine_first=False, think=0.05)
    assert cli_games.play_command(args, read=interrupt, out=out) == 130
    assert "quit" in out.getvalue()


def test_progress_lines_and_hint():
    stream = io.StringIO()
    progress = cli_progress.Progress(stream, enabled=True)
    with progress:
        result = nm.search(nm.games.ConnectFour("44"), depth=3, algorithm="pvs")
        progress.on_iteration(result)
    line = stream.getvalue()
    assert "depth   3" in line and f"nodes {result.stats.nodes:>15,}" in line
    silent = io.StringIO()
    with cli_progress.Progress(silent, enabled=False) as quiet:
        quiet.say("hidden")
    assert silent.getvalue() == ""


def test_progress_is_handed_to_search_only_when_it_takes_it():
    progress = cli_progress.Progress(io.StringIO(), enabled=True)

    def old_search(game, depth=None):
        """A search without callbacks."""

    def new_search(game, depth=None, *, on_iteration=None):
        """A search with a callback."""

    assert cli_progress.search_options(progress, old_search) == {}
    assert cli_progress.search_options(progress, new_search) == {"on_iteration": progress.on_iteration}


def test_long_searches_get_a_hint_on_bounding_them(capsys):
    assert main(["search", "connect4", "2252576253462244111563365343671351441", "--progress"]) == 0
    assert "--time-limit" not in capsys.readouterr().err   # a late position: no hint
    assert main(["search", "connect4", "--depth", "2", "--progress"]) == 0
    assert "--time-limit" not in capsys.readouterr().err   # bounded by --depth
    from negamax.__main__ import looks_long
    assert looks_long(nm.games.ConnectFour("44"))
    assert not looks_long(nm.games.TicTacToe())


def test_early_connect4_solves_get_a_bigger_table():
    early, late = nm.games.ConnectFour("4445555"), nm.games.ConnectFour("2252576253462244111563365343671351441")
    assert cli_games.solve_table_mb("connect4", early, None) == cli_games.EARLY_SOLVE_TT_MB
    assert cli_games.solve_table_mb("connect4", early, 8.0) == 8.0
    assert cli_games.solve_table_mb("connect4", late, None) is None
    assert cli_games.solve_table_mb("tictactoe", nm.games.TicTacToe(), None) is None


@pytest.mark.parametrize("game", ["connect4", "tictactoe", "chess", "checkers"])
@pytest.mark.parametrize("think", ["0", "-1", "nan", "inf", "soon"])
def test_play_refuses_a_bad_think_time_before_the_game_starts(game, think, capsys):
    # It used to start the game (chess, checkers: fail after the first move; the others:
    # play on with no time) instead of refusing at once.
    with pytest.raises(SystemExit) as stopped:
        main(["play", game, f"--think={think}"])
    assert stopped.value.code == 2
    assert "--think" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["connect4", "tictactoe"])
def test_play_refuses_a_fen_for_a_game_without_one(game, capsys):
    assert main(["play", game, "--fen", "x"]) == 2
    assert "--fen starts chess and checkers games" in capsys.readouterr().err


@pytest.mark.parametrize("argv, words", [
    # Tic-tac-toe lasts at most 9 plies (max_ply): a depth of 9 reaches every end.
    (["search", "tictactoe", "--depth", "9"], "0 (draw)"),
    (["search", "tictactoe", "--depth", "8"], "0 (a heuristic estimate)"),
    (["search", "tictactoe", "x...o....", "--depth", "12"], "0 (draw)"),
    (["search", "tictactoe", "x...o....", "--depth", "3"], "(a heuristic estimate)"),
    # Seven empty squares: depth 7 reaches every end (it was labelled an estimate, the
    # depth compared with max_ply, 9 from the empty board; tenth adversarial round).
    (["search", "tictactoe", "x...o....", "--depth", "7"], "0 (draw)"),
    (["search", "tictactoe", "x...o....", "--depth", "6"], "0 (a heuristic estimate)"),
    # A tree's height is its max_ply; its values are leaves, labelled exact or not.
    (["search", "tree", "[[3, 4], [8, 5]]", "--depth", "1"], "0 (a heuristic estimate)"),
    (["search", "tree", "[[3, 4], [8, 5]]", "--depth", "2"], "5 (exact)"),
    (["search", "tree", "[[3, 4], [8, 5]]"], "5 (exact)"),
])
def test_a_depth_that_reaches_every_end_reports_the_exact_value(capsys, argv, words):
    # Any --depth used to label a value "a heuristic estimate", even a proven draw.
    assert main(argv) == 0
    value_line = next(line for line in capsys.readouterr().out.splitlines()
                      if line.startswith("value"))
    assert value_line.endswith(words)


# --- from a fourth adversarial round ----------------------------------------------------------

@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/dev/full is Linux's")
@pytest.mark.parametrize("argv", [["search", "tictactoe"], ["perft", "chess", "2"], ["bench", "--signature"]])
def test_output_that_cannot_be_written_is_one_line_not_a_traceback(argv):
    import subprocess
    with open("/dev/full", "w") as full:
        completed = subprocess.run([sys.executable, "-m", "negamax", *argv], stdout=full,
                                   stderr=subprocess.PIPE, text=True, timeout=120)
    assert completed.returncode == 1
    assert "Traceback" not in completed.stderr
    assert "cannot write the output" in completed.stderr and "No space left" in completed.stderr


@pytest.mark.parametrize("argv", [["uci"], ["analyze", "-"], ["play", "tictactoe"]])
def test_a_closed_stdin_reads_as_empty_input(argv):
    import subprocess
    completed = subprocess.run([sys.executable, "-m", "negamax", *argv], stdin=subprocess.DEVNULL,
                               capture_output=True, text=True, timeout=120)
    closed = subprocess.run([sys.executable, "-c",
                             "import os, sys, runpy; os.close(0); sys.stdin = None; "
                             f"sys.argv = ['negamax', *{argv!r}]; "
                             "runpy.run_module('negamax', run_name='__main__')"],
                            capture_output=True, text=True, timeout=120)
    assert "Traceback" not in closed.stderr, closed.stderr
    assert closed.returncode == completed.returncode


def test_checkers_and_chess_searches_need_a_bound(capsys, tmp_path):
    assert main(["search", "checkers"]) == 2
    assert "checkers needs a limit" in capsys.readouterr().err
    positions = tmp_path / "positions.txt"
    positions.write_text("tictactoe\nchess\n")
    assert main(["analyze", str(positions), "--no-progress"]) == 2
    err = capsys.readouterr().err
    assert "line 2" in err and "no practical bound" in err
    assert main(["search", "checkers", "W:W32:B1", "--depth", "3"]) == 0


def test_an_opening_book_is_refused_for_other_games(capsys, tmp_path):
    for argv in (["play", "chess"], ["play", "checkers"], ["solve", "tictactoe", ""]):
        assert main([*argv, "--book", str(tmp_path / "book.npz")]) == 2
        assert "opening books are for connect4" in capsys.readouterr().err


def test_play_says_what_a_move_must_be():
    out = io.StringIO()
    answers = iter(["abc", "", "q"])
    args = argparse.Namespace(game="connect4", engine_first=False, think=0.05)
    assert cli_games.play_command(args, read=lambda prompt: next(answers), out=out) == 0
    assert "'abc' is not a column number" in out.getvalue()
    assert "'' is not a column number" in out.getvalue()
    assert "invalid literal" not in out.getvalue()


def test_a_chess_game_that_ends_in_a_draw_says_how():
    from negamax import cli_chess
    game = nm.games.Chess("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert cli_chess._outcome_text(game, engine_white=True) == "draw (stalemate)"


# --- from a seventh adversarial round ----------------------------------------------------------

@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/dev/full is Linux's")
@pytest.mark.parametrize("unbuffered", ["", "1"])
@pytest.mark.parametrize("argv", [["--version"], ["search", "--help"]])
def test_help_and_version_that_cannot_be_written_are_status_1(argv, unbuffered):
    # argparse dropped the failed write: status 0 and nothing said (unbuffered), or status 0
    # once Python gave up flushing at exit (buffered).
    import os
    import subprocess
    env = dict(os.environ, PYTHONUNBUFFERED=unbuffered)
    with open("/dev/full", "w") as full:
        completed = subprocess.run([sys.executable, "-m", "negamax", *argv], stdout=full,
                                   stderr=subprocess.PIPE, text=True, timeout=120, env=env)
    assert completed.returncode == 1
    assert "Traceback" not in completed.stderr
    assert "cannot write the output" in completed.stderr and "No space left" in completed.stderr


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/dev/full is Linux's")
def test_analyze_output_that_cannot_be_written_is_status_1(tmp_path):
    # It was status 2, the status of bad input, with "cannot write 'the output'".
    import subprocess
    argv = [sys.executable, "-m", "negamax", "analyze", "-", "--depth", "2", "--no-progress"]
    with open("/dev/full", "w") as full:
        to_stdout = subprocess.run(argv, input="tictactoe\n", stdout=full, stderr=subprocess.PIPE,
                                   text=True, timeout=120)
    assert to_stdout.returncode == 1
    assert to_stdout.stderr.count("\n") == 1 and "cannot write the output" in to_stdout.stderr
    to_file = subprocess.run([*argv, "--output", "/dev/full"], input="tictactoe\n",
                             capture_output=True, text=True, timeout=120)
    assert to_file.returncode == 1
    assert to_file.stderr.count("\n") == 1
    assert "cannot write '/dev/full'" in to_file.stderr and "No space left" in to_file.stderr


@pytest.mark.parametrize("argv,words", [
    (["search", "nosuchgame"], "invalid choice: 'nosuchgame'"),
    (["search", "tictactoe", "--depth", "x" * 300], "invalid int value: 'xxxx"),
    (["search", "uniform", "2", "2", "--bogus", "y" * 300], "unrecognized arguments: '--bogus yyy"),
    (["bench", "--quick", "--full"], "not allowed with argument"),
    ([], "required: command"),
])
def test_option_errors_are_one_short_line(capsys, argv, words):
    # argparse printed its usage block first and quoted a value whole (300 characters).
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "usage:" not in err
    assert words in err and "--help" in err
    if any(len(arg) >= 300 for arg in argv):
        assert "characters)" in err and len(err) < 250


def test_progress_shows_the_last_completed_depth_too(capsys):
    # Depths 1-4 were shown and depth 5 only in the result (on_iteration is not called for
    # the last iteration, which search returns; tenth adversarial round).
    assert main(["search", "connect4", "4453", "--depth", "5", "--progress"]) == 0
    depths = [line.split()[1] for line in capsys.readouterr().err.splitlines()
              if line.split()[:1] == ["depth"]]
    assert depths == ["1", "2", "3", "4", "5"]


@pytest.mark.parametrize("argv, flag", [
    (["search", "tictactoe", "--time-limit", "0"], "--time-limit"),
    (["search", "tictactoe", "--node-limit", "0"], "--node-limit"),
    (["search", "tictactoe", "--depth", "-1"], "--depth"),
    (["solve", "connect4", "44", "--time-limit", "-1"], "--time-limit"),
])
def test_option_errors_name_the_flag(capsys, argv, flag):
    # The API says "time_limit must be ..."; on the command line that is --time-limit.
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"negamax: error: {flag} must be"), err


@pytest.mark.parametrize("argv, last_words", [
    # Tic-tac-toe is a draw (seed 000); the tree's value 5 = max(min(3, 4), min(8, 5)).
    (["search", "tictactoe", "--progress"], "draw"),
    (["search", "tree", "[[3, 4], [8, 5]]", "--progress", "--time-limit", "60"], "score +5"),
    # Cut at depth 2, the empty board's value is an estimate.
    (["search", "tictactoe", "--depth", "2", "--progress"], "(heuristic)"),
])
def test_the_last_progress_line_calls_a_proven_value_what_it_is(capsys, argv, last_words):
    # It said "score +0 (heuristic)" for tic-tac-toe searched to the end, as the result
    # below it said "0 (draw)" (an independent tester's find).
    assert main(argv) == 0
    lines = [line for line in capsys.readouterr().err.splitlines() if line.split()[:1] == ["depth"]]
    assert last_words in lines[-1]
    assert last_words == "(heuristic)" or "heuristic" not in lines[-1]


def test_search_without_a_position_is_not_said_to_need_one(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["search"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "required: game" in err and "position" not in err.split("required:")[1]


@pytest.mark.parametrize("before, after", [
    (["solve", "tictactoe", "xo.......", "--weak"], ["solve", "tictactoe", "--weak", "xo......."]),
    (["search", "tictactoe", "x........", "--depth", "2"], ["search", "tictactoe", "--depth", "2", "x........"]),
    (["search", "uniform", "8", "3", "--seed", "3"], ["search", "uniform", "--seed", "3", "8", "3"]),
    (["search", "uniform", "8", "3", "--seed", "3"], ["search", "uniform", "8", "--seed", "3", "3"]),
])
def test_the_position_may_follow_the_options(capsys, before, after):
    # argparse fills an optional position left empty before it reaches the options, and then
    # called a position written after them an unrecognized argument.
    assert main(before) == 0
    expected = capsys.readouterr().out.split("time      :")[0]
    assert main(after) == 0
    assert capsys.readouterr().out.split("time      :")[0] == expected


@pytest.mark.parametrize("argv, words", [
    (["solve", "connect4", "--weak", "444", "555"], "unrecognized arguments: '444 555'"),
    (["solve", "connect4", "44", "--weak", "55"], "unrecognized arguments: '55'"),
    (["search", "tictactoe", "--depth", "2", "-x"], "unrecognized arguments: '-x'"),
])
def test_words_left_over_are_still_unrecognized(capsys, argv, words):
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    assert words in capsys.readouterr().err
