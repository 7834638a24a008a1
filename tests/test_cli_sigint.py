"""Ctrl-C (SIGINT) to a long `negamax search` or `negamax solve`: the best result so far is
printed and the command exits promptly with status 130 (128 + SIGINT)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from helpers import interrupt_after

pytestmark = pytest.mark.skipif(sys.platform == "win32",
                                reason="Windows has no SIGINT to send to a child process")

#: Seconds the command may take to exit after SIGINT. Measured here: about 0.1 s; the
#: requirement is one second, the margin absorbs a loaded CI machine.
EXIT_WITHIN = 3.0


def _interrupt(argv, run_for=1.0):
    """Start `negamax argv`, wait until it is searching (its hint line), let it run
    `run_for` seconds, send SIGINT; returns (status, stdout, stderr, seconds to exit)."""
    process = subprocess.Popen([sys.executable, "-m", "negamax", *argv, "--progress"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        first_line = process.stderr.readline()     # the hint comes just before the search
        assert "--time-limit" in first_line, first_line
        time.sleep(run_for)
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=30)
        return process.returncode, out, first_line + err, time.monotonic() - sent
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def test_sigint_to_a_search_prints_the_deepest_completed_depth():
    status, out, err, seconds = _interrupt(["search", "connect4"])
    assert status == 130
    assert seconds < EXIT_WITHIN
    assert "stop: interrupted" in out
    depth = int(out.split("depth     : ")[1].split()[0])
    assert depth >= 1                       # in a second, several depths complete
    best = int(out.split("best move : ")[1].split()[0])
    assert 1 <= best <= 7
    assert "Traceback" not in err and "best found so far" in err


def test_sigint_to_a_solve_prints_the_bounds_so_far():
    status, out, err, seconds = _interrupt(["solve", "connect4", "4453"])
    assert status == 130
    assert seconds < EXIT_WITHIN
    assert "not solved (interrupted)" in out and "bounds    : " in out
    assert "Traceback" not in err


# Ctrl-C while search() makes a large table for the calling thread (0.1 s to seconds for 2 GB
# here): Python raises KeyboardInterrupt as that call returns, before the engine runs. The
# search must then return interrupted with nothing searched, as a search stopped by Ctrl-C
# does, not raise. (If the signal comes later, it stops the search itself: interrupted too.)
_DURING_THE_TABLE = """
import sys
import negamax as nm
call = sys.argv[1]
game = nm.games.ConnectFour()         # no search or solve of it ends within the test
print("making the table", flush=True)
if call == "search":
    result = nm.search(game, tt_mb=2048)
elif call == "solve":
    result = nm.solve(game, tt_mb=2048)
else:
    result = nm.solve_many([game, nm.games.ConnectFour("44")], tt_mb=2048)[0]
print(result.stop_reason.name, result.stats.nodes, result.best_move, flush=True)
"""


@pytest.mark.parametrize("call", ["search", "solve", "solve_many"])
def test_sigint_while_the_table_is_made_returns_interrupted(call):
    process = subprocess.Popen([sys.executable, "-c", _DURING_THE_TABLE, call],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    first = process.stdout.readline().strip()        # search() is called right after it
    out, err = interrupt_after(process, 0.01)
    assert first == "making the table"
    assert process.returncode == 0 and "Traceback" not in err, err
    reason, nodes, best_move = out.split()
    assert reason == "INTERRUPTED"
    assert (nodes == "0" and best_move == "None") or int(nodes) > 0


def _processes():
    """(pid, parent pid, state, command line) of every process: from /proc on Linux, from
    ps(1) elsewhere (macOS has no /proc)."""
    if not os.path.isdir("/proc"):
        listing = subprocess.run(["ps", "-A", "-o", "pid=,ppid=,stat=,command="],
                                 capture_output=True, text=True, check=True).stdout
        rows = []
        for line in listing.splitlines():
            pid, parent, state, command = (line.split(None, 3) + [""])[:4]
            rows.append((int(pid), int(parent), state, command.encode()))
        return rows
    rows = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
                with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                    command = cmdline.read()
            except OSError:
                continue
            rows.append((int(entry), int(fields[1]), fields[0], command))
    return rows


def _workers(pid):
    """The pids of the worker processes `pid` started: its children running
    multiprocessing's spawn (its resource tracker, which ends by itself once the command has
    gone, is no worker)."""
    return [child for child, parent, _, command in _processes()
            if parent == pid and b"multiprocessing.spawn" in command]


def _running(pid):
    """The process exists and is no zombie (a dead child its new parent has not reaped yet)."""
    return any(child == pid and not state.startswith("Z") for child, _, state, _ in _processes())


def test_sigint_to_analyze_alone_stops_its_worker_processes(tmp_path):
    # `kill -INT` to the command alone (not its process group, as a terminal's Ctrl-C is):
    # the workers never see it, and the command used to wait for their solves to finish
    # (here: the empty Connect Four board, minutes).
    positions = tmp_path / "long.txt"
    positions.write_text("connect4 \n")
    process = subprocess.Popen([sys.executable, "-m", "negamax", "analyze", str(positions), "--solve",
                                "--workers", "1", "--no-progress"],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(3.0)                     # the pool starts its worker, which starts solving
        workers = _workers(process.pid)
        assert workers
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
        assert process.returncode == 130 and time.monotonic() - sent < EXIT_WITHIN
        assert "interrupted" in err and "Traceback" not in err
        time.sleep(0.5)
        assert [pid for pid in workers if _running(pid)] == []
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


def _interrupt_at_once(argv, run_for=1.5):
    """Start `negamax argv` (no progress hint to wait for), send SIGINT after `run_for`
    seconds, while it still runs; returns (status, stdout, stderr, seconds to exit)."""
    process = subprocess.Popen([sys.executable, "-m", "negamax", *argv],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(run_for)
        assert process.poll() is None, process.communicate()    # still working
        sent = time.monotonic()
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
        return process.returncode, out, err, time.monotonic() - sent
    finally:
        if process.poll() is None:
            process.kill()
            process.communicate()


@pytest.mark.parametrize("argv", [["perft", "chess", "8"], ["perft", "chess", "8", "--divide"],
                                  ["perft", "checkers", "16"]])
def test_sigint_to_a_long_perft_stops_it_at_once(argv):
    # Each count takes minutes to hours; perft runs in pieces of a few million nodes without
    # the GIL and checks for Ctrl-C between them.
    status, out, err, seconds = _interrupt_at_once(argv)
    assert status == 130, err
    assert seconds < EXIT_WITHIN
    assert "perft interrupted" in err and "Traceback" not in err
    assert "nodes" not in out



def test_sigint_while_a_large_uniform_tree_is_built():
    """Building `uniform 8 9` (134 million leaves) takes about ten seconds in numpy's
    shuffle, which held Ctrl-C until it ended; the tree is now built aside and the command
    leaves at once (tenth adversarial round)."""
    status, out, err, seconds = _interrupt_at_once(["search", "uniform", "8", "9", "--depth", "1"])
    assert status == 130 and "interrupted" in err and "Traceback" not in err
    assert out == "" and seconds < EXIT_WITHIN
