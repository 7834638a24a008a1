"""The Python-game adapter: the same alpha-beta search of tic-tac-toe as a negamax.Game written
in Python and as the native game. Same counters; the ratio is what the adapter costs."""

from __future__ import annotations

from benchmarks.python_tictactoe import PythonTicTacToe

GROUP = "tic-tac-toe alpha-beta: Python game vs native"


def test_python_game_alphabeta(benchmark, nm):
    benchmark.group = GROUP
    result = benchmark.pedantic(nm.search, args=(PythonTicTacToe(),), rounds=3, iterations=1)
    native = nm.search(nm.games.TicTacToe())
    benchmark.extra_info["nodes"] = result.stats.nodes
    assert (result.value, result.stats.nodes, result.stats.leaves) == (
        native.value, native.stats.nodes, native.stats.leaves)


def test_native_game_alphabeta(benchmark, nm):
    benchmark.group = GROUP
    result = benchmark(nm.search, nm.games.TicTacToe())
    benchmark.extra_info["nodes"] = result.stats.nodes
    assert result.value == 0
