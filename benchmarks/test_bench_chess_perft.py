"""Perft speed: negamax's native chess move generator against python-chess's push/pop perft,
on the same positions and depths, in one run. Both count the last ply in bulk (the number of
legal moves), so the node counts agree and the ratio of times is the ratio of speeds.

Sizes: the start position to depth 4 and Kiwipete to depth 3 (depth 3 and 2 under
NEGAMAX_BENCH_QUICK=1 or --benchmark-disable); negamax alone also runs one ply deeper.
"""

from __future__ import annotations

import chess
import pytest

START = chess.STARTING_FEN
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
# Published perft counts (chessprogramming.org), depth 1 upwards.
COUNTS = {START: [20, 400, 8_902, 197_281, 4_865_609], KIWIPETE: [48, 2_039, 97_862, 4_085_603]}
DEPTHS = {START: (4, 3), KIWIPETE: (3, 2)}          # (full, quick)
NAMES = {START: "start", KIWIPETE: "kiwipete"}


def _depth(fen: str, quick: bool) -> int:
    return DEPTHS[fen][1 if quick else 0]


def _check_and_record(benchmark, fen: str, depth: int, nodes: int) -> None:
    """The published count, then the nodes and (when timed) millions of nodes per second."""
    assert nodes == COUNTS[fen][depth - 1]
    benchmark.extra_info["nodes"] = nodes
    if benchmark.stats is not None:
        benchmark.extra_info["mnps"] = nodes / benchmark.stats.stats.mean / 1e6


@pytest.mark.parametrize("fen", [START, KIWIPETE], ids=["start", "kiwipete"])
def test_negamax_perft(benchmark, nm, quick, fen):
    depth = _depth(fen, quick)
    benchmark.group = f"chess perft {NAMES[fen]} depth {depth}"
    game = nm.games.Chess(fen)
    nodes = benchmark(game.perft, depth)
    _check_and_record(benchmark, fen, depth, nodes)


@pytest.mark.parametrize("fen", [START, KIWIPETE], ids=["start", "kiwipete"])
def test_python_chess_perft(benchmark, quick, fen):
    # python-chess perft with push/pop, counting the last ply in bulk (the same function
    # `negamax bench` times)
    from negamax.bench.chess import python_chess_perft

    depth = _depth(fen, quick)
    benchmark.group = f"chess perft {NAMES[fen]} depth {depth}"
    nodes = benchmark.pedantic(python_chess_perft, args=(chess.Board(fen), depth), rounds=1, iterations=1)
    _check_and_record(benchmark, fen, depth, nodes)


@pytest.mark.parametrize("fen", [START, KIWIPETE], ids=["start", "kiwipete"])
def test_negamax_perft_deeper(benchmark, nm, quick, fen):
    """negamax alone, one ply deeper: the speed on a tree big enough to time well."""
    depth = _depth(fen, quick) + 1
    benchmark.group = f"chess perft {NAMES[fen]} depth {depth} (negamax only)"
    game = nm.games.Chess(fen)
    nodes = benchmark(game.perft, depth)
    _check_and_record(benchmark, fen, depth, nodes)
