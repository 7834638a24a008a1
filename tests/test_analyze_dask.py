"""negamax.analyze on a real Dask cluster of worker processes (dask.distributed.LocalCluster),
including a worker killed in the middle of a batch, and `negamax analyze --executor dask://`.

Every result must be what a single negamax.search of that position gives, each input index
exactly once: a lost worker's tasks are run again by the cluster, nothing is lost or
duplicated."""

from __future__ import annotations

import json
import os
import signal
import threading
import time

import distributed
import pytest

import negamax as nm
from negamax.__main__ import main
from test_analyze import fields


ConnectFour = nm.games.ConnectFour


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=50) as local:
        with distributed.Client(local) as client:
            yield local, client


def openings(count):
    """`count` distinct Connect Four positions of 3 to 5 stones."""
    games, moves = [], ["1", "2", "3", "4", "5", "6", "7"]
    for a in moves:
        for b in moves:
            for c in moves:
                games.append(ConnectFour(a + b + c + (a if len(games) % 2 else "")))
                if len(games) == count:
                    return games
    return games


def test_results_over_a_dask_cluster(cluster):
    _, client = cluster
    games = openings(30) + [nm.games.TicTacToe(), nm.trees.from_nested([[3, 4], [8, 5]]), "bad"]
    got = nm.analyze(games, depth=5, executor=client.get_executor(), chunksize=4)
    assert [fields(r) for r in got[:-1]] == [fields(nm.search(g, depth=5)) for g in games[:-1]]
    assert isinstance(got[-1], nm.AnalysisError) and got[-1].index == len(games) - 1


def _finished_tasks(dask_scheduler=None):
    return sum(task.state == "memory" for task in dask_scheduler.tasks.values())


def test_a_worker_killed_mid_run_loses_nothing(cluster):
    _, client = cluster
    games = openings(48)
    depth = 8                                 # a few tens of ms per position
    expected = [fields(nm.search(g, depth=depth)) for g in games]
    pids_before = set(client.run(os.getpid).values())
    assert len(pids_before) == 2
    outcome = {}

    def run():
        outcome["results"] = nm.analyze(games, depth=depth, executor=client.get_executor(pure=False),
                                        chunksize=2, progress=False)

    worker = threading.Thread(target=run)
    worker.start()
    deadline = time.monotonic() + 60
    while client.run_on_scheduler(_finished_tasks) == 0:     # wait for the first results
        assert time.monotonic() < deadline, "no task finished"
        time.sleep(0.02)
    victim = sorted(pids_before)[0]
    os.kill(victim, getattr(signal, "SIGKILL", signal.SIGTERM))   # Windows: SIGTERM ends it too
    killed_while_running = worker.is_alive()
    worker.join(timeout=120)
    assert not worker.is_alive(), "the batch did not finish after a worker was killed"
    assert killed_while_running, "the batch ended before the kill: make it longer"
    results = outcome["results"]
    assert len(results) == len(games)
    assert [fields(r) for r in results] == expected          # each index once, with its result
    client.wait_for_workers(2, timeout=60)                   # the nanny started a new worker
    assert victim not in set(client.run(os.getpid).values())


def test_the_command_line_uses_a_dask_scheduler(cluster, tmp_path, capsys):
    local, _ = cluster
    positions = tmp_path / "positions.txt"
    positions.write_text("connect4 4453\ntictactoe x.o......\nconnect4 44444444\n")
    address = local.scheduler_address.replace("tcp://", "dask://")
    status = main(["analyze", str(positions), "--depth", "4", "--executor", address, "--no-progress"])
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert status == 1                                        # line 3 has a full column
    assert [r["line"] for r in records] == [1, 2, 3]
    single = nm.search(ConnectFour("4453"), depth=4)
    assert (records[0]["value"], records[0]["best_move"], records[0]["nodes"]) == (
        single.value, single.best_move, single.stats.nodes)
    assert records[2]["error"] == "ValueError" and "full" in records[2]["message"]
