"""`negamax bench`: the report's leaf counts against the formulas, a tiny report written to a
directory (every section in report.json, real PNG files), and clear errors for bad input.

The expected figures are computed here from b and d (or are published counts), never taken
from the code under test."""

from __future__ import annotations

import json
import math
import shlex
import subprocess
import sys

import pytest

import negamax as nm
from negamax.__main__ import main
from negamax.bench import leafcounts
from negamax.bench.peers import child_to_parent_value, from_easyai_value, to_spiel_value
from negamax.bench.progress import Progress
from negamax.bench.settings import make_settings

WIN = 10 ** 9
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def knuth_moore(branching: int, depth: int) -> int:
    """Leaves of the minimal tree: b^ceil(d/2) + b^floor(d/2) - 1."""
    return branching ** math.ceil(depth / 2) + branching ** math.floor(depth / 2) - 1


@pytest.mark.parametrize("branching, depth", [(2, 1), (2, 7), (2, 12), (3, 5), (3, 8), (4, 6),
                                              (5, 5), (8, 4), (8, 5), (16, 3), (16, 4)])
def test_leaf_counts_match_the_formulas(branching, depth):
    row = leafcounts.measure_tree(branching, depth, seed=3)
    assert row["alphabeta_best"] == knuth_moore(branching, depth)
    assert row["alphabeta_worst"] == branching ** depth
    assert row["minimax"] == branching ** depth
    assert row["best_exact"] and row["worst_exact"] and row["minimax_exact"]
    assert row["problems"] == []
    # Random ordering lies between the minimal tree and the full tree, and so does its exponent.
    assert knuth_moore(branching, depth) <= row["alphabeta_random"] <= branching ** depth
    assert row["random_exponent"] == pytest.approx(math.log(row["alphabeta_random"], branching) / depth)


def test_tiny_report_written_to_a_directory(tmp_path, capsys):
    out = tmp_path / "report"
    status = main(["bench", "--quick", "--out", str(out), "--grid", "2:4,3:3", "--max-leaves", "2000",
                   "--repeat", "1", "--no-progress"])
    printed = capsys.readouterr().out
    assert status == 0, printed
    assert "Leaf counts, uniform trees, b = 3" in printed and "PROBLEM" not in printed

    report = json.loads((out / "report.json").read_text(encoding="utf-8"))
    for section in ("environment", "settings", "leaf_counts", "real_games", "speed", "plain_c", "peers",
                    "problems"):
        assert section in report, section
    assert report["problems"] == []
    for key in ("machine", "os", "cpu_count", "python", "numpy", "negamax", "timestamp"):
        assert report["environment"][key], key
    # The command that made it, as typed (quoted for a shell), in both files.
    command = ("negamax bench --quick --out " + shlex.quote(str(out))
               + " --grid 2:4,3:3 --max-leaves 2000 --repeat 1 --no-progress")
    assert report["command"] == command
    assert f"by `{command}`" in (out / "report.md").read_text(encoding="utf-8")

    rows = {(row["branching"], row["depth"]): row for row in report["leaf_counts"]["rows"]}
    assert sorted(rows) == [(2, 1), (2, 2), (2, 3), (2, 4), (3, 1), (3, 2), (3, 3)]
    for (branching, depth), row in rows.items():
        assert row["alphabeta_best"] == knuth_moore(branching, depth)
        assert row["alphabeta_worst"] == row["minimax"] == branching ** depth

    # Tic-tac-toe: nobody wins before the fifth ply, so minimax reads 9 * 8 * ... leaves; the
    # budget of 2,000 leaves stops after depth 4 (3,024 leaves).
    (game,) = [g for g in report["real_games"]["games"] if g["name"] == "tictactoe"]
    assert [row["depth"] for row in game["rows"]] == [1, 2, 3, 4]
    for row in game["rows"]:
        assert row["results"]["minimax"]["stats"]["leaves"] == math.perm(9, row["depth"])
        values = {result["value"] for result in row["results"].values() if "error" not in result}
        assert len(values) == 1     # every variant finds the minimax value

    # Speed: full tic-tac-toe minimax enters 549,946 nodes in every searcher.
    (ttt,) = [b for b in report["speed"]["benchmarks"] if b["key"] == "tictactoe"]
    assert {side["name"] for side in ttt["sides"]} == {"negamax", "python", "python_functional", "c"}
    assert {side["nodes"] for side in ttt["sides"]} == {549_946}
    assert all(side["rate"] > 0 for side in ttt["sides"])
    assert report["peers"]["requested"] is False

    # Plain C: issue 9's three trees, the trees searched once, the three Connect Four sets and
    # the end positions solved once, every one timed on both sides and checked.
    plain = report["plain_c"]
    assert plain["measured"] and plain["problems"] == []
    assert [(row["kind"], row.get("branching"), row.get("depth"), row.get("stage")) for row in plain["rows"]] == [
        ("tree", 8, 6, None), ("tree", 4, 10, None), ("tree", 8, 8, None), ("tree_once", 8, 6, None),
        ("connect4", None, None, "end"), ("connect4", None, None, "middle"),
        ("connect4", None, None, "early"), ("connect4_once", None, None, "end")]
    assert [row.get("positions") for row in plain["rows"][4:]] == [100, 20, 10, 3000]
    assert all(row["ratio"] > 0 for row in plain["rows"])

    markdown = (out / "report.md").read_text(encoding="utf-8")
    for title in ("## Leaf counts", "## Real games", "## Speed", "## Plain C", "## Peers"):
        assert title in markdown
    pngs = sorted(path.name for path in out.glob("*.png"))
    games = [f"games_{name}.png" for name in nm.games.NATIVE_GAMES]      # one chart per native game
    assert pngs == sorted(games + ["leaves_b2.png", "leaves_b3.png", "speed.png"])
    assert sorted(report["plots"]) == pngs
    import matplotlib.image
    for name in pngs:
        data = (out / name).read_bytes()
        assert data.startswith(PNG_MAGIC), name
        assert len(data) > 10_000, name
        assert f"]({name})" in markdown
        image = matplotlib.image.imread(out / name)
        assert image.ndim == 3 and image.shape[0] >= 300 and image.shape[1] >= 500, (name, image.shape)
        assert image.std() > 0.05, name    # not a blank canvas


def test_no_plots_writes_markdown_and_json_only(tmp_path, capsys):
    status = main(["bench", "--out", str(tmp_path), "--no-plots", "--grid", "2:2", "--games", "tictactoe",
                   "--game-depth", "tictactoe:2", "--repeat", "1", "--no-progress"])
    capsys.readouterr()
    assert status == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == ["report.json", "report.md"]
    report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))
    assert [row["depth"] for row in report["real_games"]["games"][0]["rows"]] == [1, 2]


def test_a_report_without_plots_removes_an_earlier_runs_plots(tmp_path, capsys):
    # Beside the new report.md, an older run's plots would pass for this run's; files that
    # are not the report's plots stay.
    for name in ("leaves_b9.png", "games_tictactoe.png", "speed.png", "notes.png", "speed.png.bak"):
        (tmp_path / name).write_bytes(b"\x89PNG old")
    status = main(["bench", "--out", str(tmp_path), "--no-plots", "--grid", "2:2", "--games", "tictactoe",
                   "--game-depth", "tictactoe:1", "--repeat", "1", "--no-progress"])
    capsys.readouterr()
    assert status == 0
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "notes.png", "report.json", "report.md", "speed.png.bak"]


def test_missing_matplotlib_is_a_clear_error_before_measuring(tmp_path, monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "matplotlib", None)     # import matplotlib now fails
    status = main(["bench", "--out", str(tmp_path / "out"), "--grid", "2:2", "--no-progress"])
    captured = capsys.readouterr()
    assert status == 2
    assert "pip install 'negamax[report]'" in captured.err
    assert captured.out == ""           # nothing was measured
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("arguments, message", [
    (["--grid", "2:x"], "'x'"),
    (["--grid", "8"], "BRANCHING:DEPTH"),
    (["--grid", "1:3"], "at least 2"),
    (["--grid", "2:0"], "at least 1"),
    (["--grid", "16:10"], "2**26"),
    (["--grid", "2:3,2:4"], "twice"),
    (["--games", "go"], "unknown game 'go'"),
    (["--game-depth", "tictactoe:0"], "at least 1"),
    (["--max-leaves", "0"], "--max-leaves"),
    (["--repeat", "0"], "--repeat"),
    (["--repeat", str(10**20)], "between 1 and 1000"),
    (["--max-leaves", str(10**30)], "between 1 and 10**9"),
    (["--games", "tictactoe,tictactoe"], "tictactoe is given twice"),
    (["--game-depth", "tictactoe:2,tictactoe:3"], "tictactoe is given twice"),
    (["--games", "tictactoe", "--game-depth", "connect4:3"], "not among --games"),
    (["--games", "x" * 500], "500 characters"),
    (["--signature", "--grid", "2:3"], "--signature takes no other option"),
    (["--signature", "--quick"], "(got --quick)"),
    (["--signature", "--seed", "0"], "(got --seed)"),
    (["--no-plots"], "--no-plots applies with --out"),
    (["--game-depth", ""], "--game-depth"),
])
def test_bad_options_give_a_message_and_exit_2(arguments, message, capsys):
    assert main(["bench", *arguments, "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert message in captured.err and captured.err.startswith("negamax bench: error:")
    assert captured.out == ""


def test_a_game_depth_past_the_leaf_limit_is_not_searched(monkeypatch):
    # --game-depth asks for depths, but never for one whose minimax would run for days: the
    # growth of the depths before predicts it (a depth-12 chess minimax never ended).
    from negamax.bench import realgames

    def row(leaves):
        return {"results": {"minimax": {"stats": {"leaves": leaves}}}}

    assert realgames._predicted_leaves([row(20)]) == 0
    assert realgames._predicted_leaves([row(20), row(400), row(8902)]) == 8902 * 8902 / 400
    progress = Progress(100, enabled=False)
    settings = make_settings(full=False, grid="2:2", max_leaves=None, game_depth="tictactoe:30",
                             games="tictactoe", repeat=1, seed=0, peers=False,
                             known_games=("tictactoe",))
    measured = realgames.measure_game("tictactoe", settings, progress)
    assert [r["depth"] for r in measured["rows"]] == list(range(1, 10))   # the game ends at 9
    # Tic-tac-toe's minimax reads 9, 72, 504 leaves at depths 1-3: depth 4 is predicted at
    # 504 * 504 / 72 = 3,528 leaves, past a limit of 1,000.
    monkeypatch.setattr(realgames, "MAX_GAME_LEAVES", 1000)
    measured = realgames.measure_game("tictactoe", settings, progress)
    assert [r["depth"] for r in measured["rows"]] == [1, 2, 3]
    assert any("depth 4 not searched" in note and "3.5e+03" in note for note in measured["notes"])


def test_unwritable_out_is_an_error_without_traceback(tmp_path):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    completed = subprocess.run([sys.executable, "-m", "negamax", "bench", "--out", str(blocker / "report"),
                                "--grid", "2:2", "--no-progress"], capture_output=True, text=True, timeout=120)
    assert completed.returncode == 2
    assert "cannot write the report to" in completed.stderr
    assert "Traceback" not in completed.stderr
    assert completed.stdout == ""


def test_a_report_file_that_cannot_be_written_is_named_and_no_half_report_is_left(tmp_path, capsys):
    # The directory passes the check before measuring, but report.json is a directory: the
    # write fails after the plots are written.
    out = tmp_path / "out"
    (out / "report.json").mkdir(parents=True)
    status = main(["bench", "--out", str(out), "--grid", "2:2", "--games", "tictactoe",
                   "--game-depth", "tictactoe:1", "--repeat", "1", "--no-progress"])
    captured = capsys.readouterr()
    assert status == 2
    assert captured.err.count("\n") == 1
    assert f"cannot write the report file {str(out / 'report.json')!r}" in captured.err
    assert sorted(path.name for path in out.iterdir()) == ["report.json"]   # the plots are gone
    assert "negamax benchmark report" in captured.out      # the measurements are still shown


@pytest.mark.parametrize("failure", [KeyboardInterrupt(), OSError(28, "No space left on device")])
def test_a_write_stopped_half_way_leaves_the_last_report_as_it_was(tmp_path, monkeypatch, failure):
    # A full disk or Ctrl-C while the plots are written: the directory keeps the previous
    # run's files, with no truncated plot and no new plot beside them.
    from negamax.bench import output, plots
    out = tmp_path / "out"
    out.mkdir()
    (out / "report.md").write_text("the last run")

    def half_the_plots(report, directory):
        with open(f"{directory}/leaves_b2.png", "wb") as handle:
            handle.write(b"\x89PNG half")
        if isinstance(failure, OSError):
            failure.filename = f"{directory}/leaves_b3.png"
        raise failure

    monkeypatch.setattr(plots, "write_plots", half_the_plots)
    report = {"plots": []}
    with pytest.raises(type(failure) if isinstance(failure, KeyboardInterrupt) else output.OutputError,
                       match=None if isinstance(failure, KeyboardInterrupt) else "leaves_b3.png"):
        output.write_report(report, str(out), plots=True)
    assert sorted(path.name for path in out.iterdir()) == ["report.md"]
    assert (out / "report.md").read_text() == "the last run"


def test_a_closed_stdout_keeps_the_report_files(tmp_path):
    # `negamax bench --out DIR | head`: the reader has gone before the tables are printed;
    # the files are written first, so the measurements are not lost.
    out = tmp_path / "report"
    process = subprocess.Popen([sys.executable, "-m", "negamax", "bench", "--out", str(out), "--no-plots",
                                "--grid", "2:2", "--games", "tictactoe", "--game-depth", "tictactoe:1",
                                "--repeat", "1", "--no-progress"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    process.stdout.close()
    _, err = process.communicate(timeout=300)
    assert process.returncode == 1
    assert b"Traceback" not in err
    assert sorted(path.name for path in out.iterdir()) == ["report.json", "report.md"]


def test_progress_falls_back_to_plain_lines_without_tqdm(monkeypatch):
    import io
    monkeypatch.setitem(sys.modules, "tqdm", None)
    stream = io.StringIO()
    progress = Progress(3, stream=stream)
    progress.step("first")
    progress.advance()
    progress.close()
    assert stream.getvalue() == "negamax bench: [1/3] first\n"


def test_easyai_scores_convert_to_negamax_scores():
    # easyAI scores an end found with k plies left as score * (1 + 0.001 k).
    assert from_easyai_value(-WIN * (1 + 0.001 * 2), depth=5) == -(WIN - 3)   # lost 3 plies down
    assert from_easyai_value(WIN * (1 + 0.001 * 0), depth=4) == WIN - 4
    assert from_easyai_value(7.0, depth=4) == 7
    assert from_easyai_value(0.0, depth=9) == 0


def test_spiel_scale_keeps_the_order_of_scores():
    scores = [-(WIN - 1), -(WIN - 9), -999, -1, 0, 1, 999, WIN - 9, WIN - 1]
    mapped = [to_spiel_value(score) for score in scores]
    assert mapped == sorted(mapped)
    assert mapped[0] == -1.0 and mapped[-1] == 1.0 and to_spiel_value(0) == 0.0
    assert -1.0 < to_spiel_value(-999) < 0 < to_spiel_value(999) < 1.0


def test_move_values_from_child_values():
    assert child_to_parent_value(-(WIN - 2)) == WIN - 3     # the opponent is lost in 2: we win in 3
    assert child_to_parent_value(WIN - 4) == -(WIN - 5)
    assert child_to_parent_value(-12) == 12


def test_peers_say_plainly_which_are_missing(monkeypatch, capsys):
    for module in ("easyAI", "aima3", "aima3.games", "pyspiel"):
        monkeypatch.setitem(sys.modules, module, None)      # as if none were installed
    status = main(["bench", "--peers", "--grid", "2:2", "--games", "tictactoe", "--game-depth", "tictactoe:1",
                   "--repeat", "1", "--no-progress"])
    printed = capsys.readouterr().out
    assert status == 0
    missing = [line.strip() for line in printed.splitlines() if line.strip().startswith("missing:")]
    assert len(missing) == 5          # easyAI three ways, aima3, OpenSpiel
    for distribution in ("easyAI", "aima3", "open_spiel"):
        assert any(f"pip install {distribution}" in line for line in missing), distribution


def test_ctrl_c_inside_a_search_stops_the_report(monkeypatch, capsys):
    # A search that Ctrl-C stops returns its best so far (StopReason.INTERRUPTED) instead of
    # raising; the report must stop all the same, and write nothing it measured.
    import _thread
    import signal
    import threading
    import time
    from negamax.bench import cli as bench_cli
    seen = []

    def a_long_search(settings, progress):
        progress.step("a long search")
        seen.append(nm.search(nm.games.ConnectFour(), time_limit=60))
        progress.advance()
        return {"problems": []}

    monkeypatch.setattr(bench_cli, "build_report", a_long_search)
    timer = threading.Timer(0.5, _thread.interrupt_main)   # Ctrl-C, on every platform
    started = time.monotonic()
    timer.start()
    try:
        status = main(["bench", "--no-progress", "--grid", "2:2"])
    finally:
        timer.cancel()
    assert status == 130
    assert time.monotonic() - started < 30
    assert seen and seen[0].stop_reason is nm.StopReason.INTERRUPTED
    captured = capsys.readouterr()
    assert "interrupted" in captured.err and "All checks passed" not in captured.out
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler     # put back


@pytest.mark.parametrize("existing", ["", "reports"])
def test_ctrl_c_leaves_out_as_it_was(monkeypatch, capsys, tmp_path, existing):
    # README: Ctrl-C leaves --out as it was. The folder was made before measuring (to fail
    # early when it cannot be written) and stayed behind, empty, when it had not been there.
    from negamax.bench import cli as bench_cli

    def interrupted(settings, progress):
        raise KeyboardInterrupt

    monkeypatch.setattr(bench_cli, "build_report", interrupted)
    if existing:
        (tmp_path / existing).mkdir()
    out = tmp_path / (existing or "new") / "nested" / "report"
    assert main(["bench", "--no-progress", "--grid", "2:2", "--out", str(out)]) == 130
    assert "interrupted" in capsys.readouterr().err
    assert sorted(path.name for path in tmp_path.iterdir()) == ([existing] if existing else [])
    if existing:
        assert list((tmp_path / existing).iterdir()) == []


def test_ctrl_c_stops_a_report_between_the_repeats_of_one_step(monkeypatch, capsys):
    # Each repeat of a timing loop is a search that Ctrl-C stops and that then returns: the
    # report ran all its repeats (here 1,000 full tic-tac-toe minimax searches, seconds)
    # before it looked at the Ctrl-C.
    import _thread
    import threading
    import time
    from negamax.bench import cli as bench_cli
    from negamax.bench.timing import best_time

    def a_long_timing_loop(settings, progress):
        progress.step("a long timing loop")
        best_time(lambda: nm.search(nm.games.TicTacToe(), algorithm="minimax"), 1000)
        progress.advance()
        return {"problems": []}

    monkeypatch.setattr(bench_cli, "build_report", a_long_timing_loop)
    pressed = []

    def press():
        pressed.append(time.monotonic())
        _thread.interrupt_main()        # Ctrl-C, on every platform (os.kill ends a Windows process)

    timer = threading.Timer(0.3, press)
    timer.start()
    try:
        status = main(["bench", "--no-progress", "--grid", "2:2"])
        stopped = time.monotonic()
    finally:
        timer.cancel()
    assert status == 130
    assert stopped - pressed[0] < 2.0       # one search (ms), not the 1,000 repeats (seconds)
    assert "interrupted" in capsys.readouterr().err


def test_best_time_stops_between_calls_once_asked():
    from negamax.bench.timing import best_time, stopping_when
    calls = []
    with stopping_when(lambda: len(calls) >= 3):
        with pytest.raises(KeyboardInterrupt):
            best_time(lambda: calls.append(1), 10**9)
    assert len(calls) == 3
    assert best_time(lambda: calls.append(1), 2)[0] >= 0 and len(calls) == 5   # no check left


def test_a_game_plot_draws_each_variant_alike_in_both_panels(tmp_path, capsys, monkeypatch):
    from negamax.bench import plots

    assert main(["bench", "--out", str(tmp_path), "--no-plots", "--grid", "2:2", "--games", "tictactoe",
                 "--game-depth", "tictactoe:3", "--repeat", "1", "--no-progress"]) == 0
    capsys.readouterr()
    game = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))["real_games"]["games"][0]
    plt = plots._pyplot()
    figures = []
    monkeypatch.setattr(plt, "close", figures.append)      # keep the figure to look at it
    plots._game_plot(plt, game, str(tmp_path / "game.png"))
    leaves_axes, _, ebf_axes = figures[0].axes
    styles = {line.get_label(): (line.get_color(), line.get_marker()) for line in leaves_axes.lines}
    shared = [line for line in ebf_axes.lines if line.get_label() in styles]
    assert len(shared) == len(styles) - 1          # every variant but minimax
    for line in shared:
        assert (line.get_color(), line.get_marker()) == styles[line.get_label()], line.get_label()
    plt.close(figures[0])
