"""Full minimax of tic-tac-toe from the empty board: negamax (native) vs the Python reference.

From the empty board a plain minimax enters 549,946 nodes and reaches 255,168 terminal
positions; the value is 0 (draw).  The C baseline is timed too, for scale.
"""

from __future__ import annotations

from benchmarks import c_baseline, reference

NODES = 549_946
LEAVES = 255_168
GROUP = "tic-tac-toe full minimax from empty"


def _negamax_minimax(nm):
    return nm.search(nm.games.TicTacToe(), algorithm="minimax")


def test_negamax_tictactoe_minimax(benchmark, nm):
    benchmark.group = GROUP
    result = benchmark(_negamax_minimax, nm)
    benchmark.extra_info["nodes"] = result.stats.nodes
    assert result.value == 0
    assert result.stats.nodes == NODES, f"negamax nodes {result.stats.nodes} != {NODES}"
    assert result.stats.leaves == LEAVES, f"negamax leaves {result.stats.leaves} != {LEAVES}"


def test_python_reference_tictactoe_minimax(benchmark, nm):
    benchmark.group = GROUP
    result = benchmark.pedantic(reference.minimax_tictactoe, rounds=3, iterations=1)
    benchmark.extra_info["nodes"] = result.nodes
    assert (result.value, result.nodes, result.leaves) == (0, NODES, LEAVES)
    nm_result = _negamax_minimax(nm)
    assert (nm_result.value, nm_result.stats.nodes, nm_result.stats.leaves) == (
        result.value, result.nodes, result.leaves)


def test_c_baseline_tictactoe_minimax(benchmark, c_lib):
    benchmark.group = GROUP
    result = benchmark(c_baseline.ttt_minimax)
    benchmark.extra_info["nodes"] = result.nodes
    assert (result.value, result.nodes, result.leaves) == (0, NODES, LEAVES)


def test_tictactoe_midgame_positions_agree(nm):
    """Untimed: value and counts agree from a few non-empty positions too."""
    for position in ("x........", "....x...o", "xo.......", "x.o.x....", "xx.oo...."):
        board = [{"x": 1, "o": -1, ".": 0}[ch] for ch in position]
        py = reference.minimax_tictactoe(board)
        c = c_baseline.ttt_minimax(board) if _have_c() else py
        res = nm.search(nm.games.TicTacToe(position), algorithm="minimax")
        assert (py.value, py.nodes, py.leaves) == (c.value, c.nodes, c.leaves), position
        assert (res.value, res.stats.nodes, res.stats.leaves) == (py.value, py.nodes, py.leaves), position


def _have_c() -> bool:
    try:
        c_baseline.load()
    except (c_baseline.CompilerNotFound, c_baseline.BuildError):
        return False
    return True


def test_python_seed001_tictactoe_minimax(benchmark, nm):
    """Seed 001's formulation (Result builds a new state): the same counts, slower Python."""
    benchmark.group = GROUP
    result = benchmark.pedantic(reference.minimax_tictactoe_functional, rounds=1, iterations=1)
    benchmark.extra_info["nodes"] = result.nodes
    assert (result.value, result.nodes, result.leaves) == (0, NODES, LEAVES)
