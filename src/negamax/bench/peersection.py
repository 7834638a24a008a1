"""The peers section (`negamax bench --peers`): other Python libraries on the same positions.

For each native game with peer positions, each installed peer searches each position to a
fixed depth; negamax searches it the same way (alpha-beta in the game's move order, with its
transposition table when the peer has one and negamax does) and with its defaults. The
report shows both times and negamax's speedups, the counts, and whether the values agree:
a disagreement is a problem, printed loudly."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Dict, List, Tuple

import negamax as nm
from negamax.bench.peers import PEERS, Peer, PeerResult, child_to_parent_value, outcome, to_spiel_value
from negamax.bench.progress import Progress
from negamax.bench.realgames import enhancements, game_names
from negamax.bench.settings import ReportSettings
from negamax.bench.timing import best_time, searched

__all__ = ["PeerCase", "CASES", "cases", "position", "negamax_options", "check_value", "steps", "measure"]


@dataclass(frozen=True)
class PeerCase:
    """A position, as moves played from the start (in OpenSpiel's action numbers: squares
    0-8 for tic-tac-toe, columns 0-6 for Connect Four), and a search depth per mode."""

    game: str
    label: str
    actions: Tuple[int, ...]
    quick_depth: int
    full_depth: int


#: Positions per game: tic-tac-toe to the end of the game (one with a win in one for x, so
#: won scores and their distances are compared too); Connect Four from its start and
#: two openings ("4453" and "4444332" in 1-based columns), to a fixed depth.
CASES = (
    PeerCase("tictactoe", "empty board", (), 9, 9),
    PeerCase("tictactoe", "x centre, o corner", (4, 0), 7, 7),
    PeerCase("tictactoe", "x to win (xx.oo....)", (0, 3, 1, 4), 5, 5),
    PeerCase("connect4", "start", (), 6, 8),
    PeerCase("connect4", "4453", (3, 3, 4, 2), 6, 8),
    PeerCase("connect4", "4444332", (3, 3, 3, 3, 2, 2, 1), 6, 8),
)


def cases(settings: ReportSettings) -> List[PeerCase]:
    """The cases of the games this report runs."""
    names = set(game_names(settings))
    return [case for case in CASES if case.game in names]


def steps(settings: ReportSettings) -> int:
    """Progress steps: one per case and peer."""
    return len(cases(settings)) * len(PEERS) if settings.peers else 0


def position(case: PeerCase) -> Any:
    """The negamax game at the case's position (moves = actions + the game's move offset)."""
    game = nm.games.NATIVE_GAMES[case.game]()
    offset = min(game.legal_moves())   # OpenSpiel numbers squares and columns from 0
    for action in case.actions:
        game.play(action + offset)
    return game


def negamax_options(peer: Peer) -> Dict[str, Any]:
    """negamax doing what the peer does: alpha-beta in the game's move order, with the
    transposition table if the peer uses one (and negamax has one)."""
    extras = enhancements()
    options: Dict[str, Any] = {"algorithm": "alphabeta", "ordering": False}
    options.update({name: (peer.transposition_table and name == "tt") for name in extras})
    return options


def _timed_negamax(game: Any, depth: int, options: Dict[str, Any], repeat: int) -> Dict[str, Any]:
    seconds, result = best_time(lambda: nm.search(game, depth, **options), repeat)
    return {"seconds": seconds, "value": result.value, "best_move": result.best_move,
            "nodes": result.stats.nodes, "leaves": result.stats.leaves, "algorithm": result.algorithm}


def check_value(peer: Peer, result: PeerResult, game: Any, depth: int, expected: int) -> Tuple[bool, str]:
    """Whether the peer found negamax's value, and the two values as text."""
    if result.value_of == "move":   # the peer returns only its move: that move must be worth the root value
        child = game.copy()
        child.play(result.move)
        child_value = searched(child, depth - 1).value
        found = child_to_parent_value(int(child_value)) if child_value is not None else None
        return found == expected, f"its move {result.move!r} is worth {found}, the root {expected}"
    if result.value_of == "outcome":  # the peer's own scoring knows only won and lost games
        forced = outcome(expected)
        return result.value == forced, f"{_outcome_text(result.value)} (negamax {expected}: {_outcome_text(forced)})"
    if peer.key == "openspiel":
        scaled = to_spiel_value(expected)
        return result.value == scaled, f"{result.value!r} (negamax {expected} -> {scaled!r})"
    return result.value == expected, f"{result.value!r} (negamax {expected})"


def _outcome_text(found: Tuple[str, Any]) -> str:
    kind, plies = found
    return "no forced result" if kind == "none" else f"{kind} in {plies}"


def _measure_case(case: PeerCase, depth: int, peer: Peer, settings: ReportSettings) -> Dict[str, Any]:
    game = position(case)
    same = _timed_negamax(game, depth, negamax_options(peer), settings.repeat)
    default = _timed_negamax(game, depth, {}, settings.repeat)
    result = peer.run(case.game, game, depth, True)            # counts nodes (OpenSpiel: untimed)
    for _ in range(settings.python_repeat - 1):
        again = peer.run(case.game, game, depth, False)
        if again.seconds < result.seconds:
            result = dataclasses.replace(result, seconds=again.seconds)
    agrees, values = check_value(peer, result, game, depth, default["value"])
    return {
        "game": case.game, "position": case.label, "depth": depth, "peer": peer.key,
        "peer_label": peer.label, "peer_seconds": result.seconds, "peer_nodes": result.nodes,
        "peer_leaves": result.leaves, "peer_move": repr(result.move), "value_of": result.value_of,
        "values_agree": agrees, "values": values,
        "negamax_same": same, "negamax_same_options": negamax_options(peer), "negamax_default": default,
        "speedup_same": result.seconds / same["seconds"] if same["seconds"] > 0 else None,
        "speedup_default": result.seconds / default["seconds"] if default["seconds"] > 0 else None,
        "same_nodes": result.nodes == same["nodes"],
    }


def measure(settings: ReportSettings, progress: Progress) -> Dict[str, Any]:
    """The whole section (or, without --peers, a note that it was not asked for)."""
    if not settings.peers:
        return {"requested": False, "rows": [], "missing": {}, "versions": {}, "problems": [], "notes": []}
    missing = {peer.key: reason for peer in PEERS if (reason := peer.missing()) is not None}
    rows: List[Dict[str, Any]] = []
    problems: List[str] = []
    notes = [reason for reason in missing.values()]
    if "tt" not in enhancements():
        notes.append("this negamax has no transposition table yet: easyAI with its table is compared "
                     "with negamax's plain alpha-beta")
    for case in cases(settings):
        depth = case.full_depth if settings.mode == "full" else case.quick_depth
        for peer in PEERS:
            progress.step(f"peers, {peer.label}, {case.game} {case.label} depth {depth}")
            if peer.key not in missing and peer.supports(case.game):
                row = _measure_case(case, depth, peer, settings)
                rows.append(row)
                if not row["values_agree"]:
                    problems.append(f"peers: {peer.label} on {case.game} ({case.label}, depth {depth}) "
                                    f"DISAGREES with negamax: {row['values']}")
            progress.advance()
    skipped = sorted({name for name in game_names(settings)} - {case.game for case in CASES})
    if skipped:
        notes.append(f"no peer positions for {', '.join(skipped)}")
    return {"requested": True, "rows": rows, "missing": missing,
            "versions": {peer.distribution: peer.version() for peer in PEERS},
            "problems": problems, "notes": notes}
