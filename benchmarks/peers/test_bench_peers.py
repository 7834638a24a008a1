"""easyAI, aima3 and OpenSpiel beside negamax on the same positions at the same depth.

    pip install ".[peers]"
    pytest benchmarks/peers --benchmark-only --benchmark-group-by=group

The adapters are the report's (negamax.bench.peers): every peer searches negamax's own game,
so each benchmark also checks that the peer found negamax's value. A peer that is not
installed is skipped with the command that installs it. Connect Four cases run when
negamax.games has the game. `negamax bench --peers` prints the same comparison as a table."""

from __future__ import annotations

import pytest

import negamax as nm
from negamax.bench.peers import PEERS
from negamax.bench.peersection import CASES, check_value, negamax_options, position

CASES_HERE = [case for case in CASES if case.game in nm.games.NATIVE_GAMES]
PEER_IDS = [peer.key for peer in PEERS]


def _group(case) -> str:
    return f"peers: {case.game} {case.label}, depth {case.quick_depth}"


@pytest.mark.parametrize("case", CASES_HERE, ids=lambda case: f"{case.game}-{case.label.replace(' ', '_')}")
@pytest.mark.parametrize("peer", PEERS, ids=PEER_IDS)
def test_peer(benchmark, peer, case):
    reason = peer.missing()
    if reason is not None:
        pytest.skip(f"{reason} (or pip install \".[peers]\")")
    if not peer.supports(case.game):
        pytest.skip(f"{peer.label} has no {case.game}")
    benchmark.group = _group(case)
    game = position(case)
    depth = case.quick_depth
    result = benchmark.pedantic(peer.run, args=(case.game, game, depth, False), rounds=3, iterations=1)
    benchmark.extra_info.update(nodes=result.nodes, leaves=result.leaves)
    agrees, values = check_value(peer, result, game, depth, nm.search(game, depth).value)
    assert agrees, f"{peer.label} disagrees with negamax: {values}"


@pytest.mark.parametrize("case", CASES_HERE, ids=lambda case: f"{case.game}-{case.label.replace(' ', '_')}")
@pytest.mark.parametrize("peer", [PEERS[0], PEERS[1]], ids=["alphabeta", "alphabeta_tt"])
def test_negamax_like_the_peers(benchmark, peer, case):
    """negamax searching as the peers do: alpha-beta in the game's move order (with its
    transposition table, when it has one, as easyAI uses its own)."""
    benchmark.group = _group(case)
    game = position(case)
    options = negamax_options(peer)
    result = benchmark(nm.search, game, case.quick_depth, **options)
    benchmark.extra_info.update(nodes=result.stats.nodes, leaves=result.stats.leaves)
    assert result.value == nm.search(game, case.quick_depth).value


@pytest.mark.parametrize("case", CASES_HERE, ids=lambda case: f"{case.game}-{case.label.replace(' ', '_')}")
def test_negamax_default(benchmark, case):
    """negamax with its defaults: nm.search(game, depth)."""
    benchmark.group = _group(case)
    result = benchmark(nm.search, position(case), case.quick_depth)
    benchmark.extra_info.update(nodes=result.stats.nodes, leaves=result.stats.leaves)
