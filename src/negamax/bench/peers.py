"""Adapters that let other Python game-search libraries search negamax's own games.

Each peer searches the same position to the same fixed depth with the same rules, static
evaluation and move order, because it runs on negamax's game objects (their Python
methods: legal_moves, play, undo, evaluate, key) or, for OpenSpiel, on OpenSpiel's own
twin of the game with negamax's evaluation at the horizon. The root value therefore must
match negamax's, and with the same algorithm in the same move order so must the node
counts. The game code the peers call is compiled, so their times are their search alone:
with a game written in Python they would be slower still.

Peers (all optional, `pip install negamax[peers]`):

- easyAI's Negamax (alpha-beta in negamax form), without and with its transposition table;
- aima3's alphabeta_cutoff_search (AIMA, Figure 5.7 with a depth cutoff);
- OpenSpiel's alpha_beta_search (open_spiel.python.algorithms.minimax) through pyspiel.

Node and leaf counts are taken by the adapters (the peers do not count): nodes entered, root
included, and positions whose value was read, as negamax.SearchStats counts them."""

from __future__ import annotations

import importlib
import time
from dataclasses import dataclass
from typing import Any, Callable, Dict, List, Optional, Tuple

from negamax.bench.environment import package_version
from negamax.scores import EVAL_LIMIT, WIN, is_loss, is_win, plies_to_end

__all__ = ["PeerResult", "Peer", "PEERS", "SPIEL_GAMES", "EASYAI_BONUS", "from_easyai_value",
           "to_spiel_value", "child_to_parent_value", "missing_peers"]

#: OpenSpiel's name of each native game it also has.
SPIEL_GAMES = {"tictactoe": "tic_tac_toe", "connect4": "connect_four"}

#: easyAI scales the score of a position found with k plies left by (1 + EASYAI_BONUS * k).
EASYAI_BONUS = 0.001


@dataclass(frozen=True)
class PeerResult:
    """One peer search: the root value in negamax's terms where the peer returns one, else
    the value of the move it chose (`value_of` says which), the move, counts, time."""

    value: Any
    value_of: str            # "root" or "move"
    move: Any
    nodes: Optional[int]
    leaves: Optional[int]
    seconds: float


@dataclass(frozen=True)
class Peer:
    """A peer library's search, with what it needs installed and how negamax compares to it."""

    key: str                           # short name in report.json
    label: str                         # readable name
    distribution: str                  # pip name
    module: str                        # import name to check
    transposition_table: bool          # negamax is compared with its own table on, when it has one
    run: Callable[[str, Any, int, bool], PeerResult]   # (game name, game, depth, count) -> result

    def missing(self) -> Optional[str]:
        """Why this peer cannot run here (not installed, fails to import), or None."""
        try:
            importlib.import_module(self.module)
        except Exception as error:   # a broken install raises more than ImportError
            return f"{self.label}: not installed ({type(error).__name__}: {error}); pip install {self.distribution}"
        return None

    def supports(self, game_name: str) -> bool:
        """Whether the peer can search this native game."""
        return self.key != "openspiel" or game_name in SPIEL_GAMES

    def version(self) -> Optional[str]:
        """The installed version of the peer."""
        return package_version(self.distribution)


# ---------------------------------------------------------------------------- scores


def from_easyai_value(value: float, depth: int) -> int:
    """easyAI's root value in negamax's terms. easyAI scores a position with k plies left as
    score * (1 + 0.001 k): exact at the horizon (k = 0); a won or lost end reached p plies
    from the root has k = depth - p, which gives back negamax's WIN - p."""
    if abs(value) < WIN:
        return int(value)
    plies_left = round((abs(value) / WIN - 1) / EASYAI_BONUS)
    sign = 1 if value > 0 else -1
    return sign * (WIN - (depth - plies_left))


def to_spiel_value(score: int) -> float:
    """A negamax score in OpenSpiel's terms, where a win is 1 and a loss -1: a monotone map
    (heuristic scores are scaled into (-1, 1)), so minimax commutes with it."""
    if is_win(score):
        return 1.0
    if is_loss(score):
        return -1.0
    return score / (EVAL_LIMIT + 1)


def child_to_parent_value(child: int) -> int:
    """The value of a move from the value of the position it leads to (one ply further)."""
    plies = plies_to_end(child)
    if plies is None:
        return -child
    return -WIN + plies + 1 if is_win(child) else WIN - plies - 1


def _leaf_score(game: Any, plies: int) -> int:
    """negamax's score of a leaf `plies` below the root, from its side to move."""
    score = int(game.evaluate())
    if abs(score) >= WIN:
        return WIN - plies if score > 0 else -(WIN - plies)
    return score


# ---------------------------------------------------------------------------- easyAI


def _easyai_game_class() -> type:
    from easyAI import TwoPlayerGame

    class EasyAIGame(TwoPlayerGame):
        """A negamax game seen as an easyAI TwoPlayerGame, counting nodes and leaves."""

        def __init__(self, game: Any):
            self.players = [None, None]
            self.current_player = 1
            self.game = game
            self.nodes = 1
            self.leaves = 0

        def possible_moves(self) -> List[Any]:
            return self.game.legal_moves()

        def make_move(self, move: Any) -> None:
            self.nodes += 1
            self.game.play(move)

        def unmake_move(self, move: Any) -> None:
            self.game.undo()

        def is_over(self) -> bool:
            return self.game.is_terminal()

        def scoring(self) -> int:
            self.leaves += 1
            return self.game.evaluate()

        def ttentry(self) -> int:
            return self.game.key()

    return EasyAIGame


def _run_easyai(with_table: bool) -> Callable[[str, Any, int, bool], PeerResult]:
    def run(game_name: str, game: Any, depth: int, count: bool = True) -> PeerResult:
        from easyAI import Negamax, TranspositionTable

        wrapped = _easyai_game_class()(game.copy())
        search = Negamax(depth, tt=TranspositionTable() if with_table else None)
        start = time.perf_counter()
        move = search(wrapped)
        seconds = time.perf_counter() - start
        return PeerResult(from_easyai_value(search.alpha, depth), "root", move, wrapped.nodes,
                          wrapped.leaves, seconds)
    return run


# ---------------------------------------------------------------------------- aima3


class _AimaGame:
    """A negamax game in AIMA's functional interface (result() returns a new state)."""

    def __init__(self, root: Any):
        self.root_ply = len(root.history)
        self.nodes = 1
        self.leaves = 0

    def actions(self, state: Any) -> List[Any]:
        return state.legal_moves()

    def result(self, state: Any, move: Any) -> Any:
        self.nodes += 1
        child = state.copy()
        child.play(move)
        return child

    def terminal_test(self, state: Any) -> bool:
        return state.is_terminal()

    def to_move(self, state: Any) -> int:
        """0 for the root's side, 1 for the other (AIMA asks once, at the root)."""
        return (len(state.history) - self.root_ply) % 2

    def evaluate(self, state: Any) -> int:
        """The leaf's score from the root player's side (AIMA's eval_fn)."""
        self.leaves += 1
        plies = len(state.history) - self.root_ply
        score = _leaf_score(state, plies)
        return score if plies % 2 == 0 else -score


def _run_aima(game_name: str, game: Any, depth: int, count: bool = True) -> PeerResult:
    from aima3.games import alphabeta_cutoff_search

    adapter = _AimaGame(game)
    start = time.perf_counter()
    # AIMA's cutoff depth d evaluates positions d + 1 plies below the root.
    move = alphabeta_cutoff_search(game.copy(), adapter, d=depth - 1, eval_fn=adapter.evaluate)
    seconds = time.perf_counter() - start
    return PeerResult(None, "move", move, adapter.nodes, adapter.leaves, seconds)


# ---------------------------------------------------------------------------- OpenSpiel


def _action_offset(game_class: Callable[[], Any], spiel_game: Any) -> int:
    """negamax move = OpenSpiel action + offset, checked on the start position."""
    moves = sorted(game_class().legal_moves())
    actions = sorted(spiel_game.new_initial_state().legal_actions())
    offset = moves[0] - actions[0] if moves and actions else 0
    if [action + offset for action in actions] != moves:
        raise ValueError(f"cannot match negamax's moves {moves} with OpenSpiel's actions {actions}")
    return offset


class _SpielEvaluator:
    """OpenSpiel's value_function: negamax's evaluation of the same position, kept on a
    negamax game that follows the search by making and unmaking moves (depth-first leaves
    share most of their path, so this is a few moves per leaf)."""

    def __init__(self, game: Any, offset: int, root_length: int):
        self.game = game.copy()
        self.offset = offset
        self.root_length = root_length
        self.path: List[int] = []

    def __call__(self, state: Any) -> float:
        actions = state.history()[self.root_length:]
        common = 0
        limit = min(len(actions), len(self.path))
        while common < limit and actions[common] == self.path[common]:
            common += 1
        while len(self.path) > common:
            self.game.undo()
            self.path.pop()
        for action in actions[common:]:
            self.game.play(action + self.offset)
            self.path.append(action)
        value = to_spiel_value(_leaf_score(self.game, len(actions)))
        return value if len(actions) % 2 == 0 else -value


def _spiel_setup(game_name: str, game: Any) -> Tuple[Any, Any, _SpielEvaluator]:
    import pyspiel

    import negamax as nm

    spiel_game = pyspiel.load_game(SPIEL_GAMES[game_name])
    offset = _action_offset(nm.games.NATIVE_GAMES[game_name], spiel_game)
    state = spiel_game.new_initial_state()
    for move in game.history:
        state.apply_action(move - offset)
    return spiel_game, state, _SpielEvaluator(game, offset, len(state.history()))


def _run_openspiel(game_name: str, game: Any, depth: int, count: bool = True) -> PeerResult:
    """OpenSpiel's search, timed; with `count`, a second untimed run counts its nodes."""
    from open_spiel.python.algorithms import minimax

    spiel_game, state, evaluator = _spiel_setup(game_name, game)
    start = time.perf_counter()
    value, action = minimax.alpha_beta_search(spiel_game, state=state, value_function=evaluator,
                                              maximum_depth=depth,
                                              maximizing_player_id=state.current_player())
    seconds = time.perf_counter() - start
    nodes, leaves = _count_openspiel(game_name, game, depth) if count else (None, None)
    return PeerResult(value, "root", action + evaluator.offset, nodes, leaves, seconds)


def _count_openspiel(game_name: str, game: Any, depth: int) -> Tuple[int, int]:
    """Nodes and leaves of OpenSpiel's search, counted in a second, untimed run by wrapping
    its recursive function."""
    from open_spiel.python.algorithms import minimax

    spiel_game, state, evaluator = _spiel_setup(game_name, game)
    original = minimax._alpha_beta
    counts = [0, 0]

    def counting(state: Any, depth: int, *args: Any, **kwargs: Any) -> Any:
        counts[0] += 1
        if depth == 0 or state.is_terminal():
            counts[1] += 1
        return original(state, depth, *args, **kwargs)

    minimax._alpha_beta = counting
    try:
        minimax.alpha_beta_search(spiel_game, state=state, value_function=evaluator, maximum_depth=depth,
                                  maximizing_player_id=state.current_player())
    finally:
        minimax._alpha_beta = original
    return counts[0], counts[1]


#: Every peer the report knows, in report order.
PEERS: Tuple[Peer, ...] = (
    Peer("easyai", "easyAI Negamax", "easyAI", "easyAI", False, _run_easyai(False)),
    Peer("easyai_tt", "easyAI Negamax + transposition table", "easyAI", "easyAI", True, _run_easyai(True)),
    Peer("aima", "aima3 alphabeta_cutoff_search", "aima3", "aima3.games", False, _run_aima),
    Peer("openspiel", "OpenSpiel alpha_beta_search", "open_spiel", "pyspiel", False, _run_openspiel),
)


def missing_peers() -> Dict[str, str]:
    """Each peer that cannot run here, with the reason."""
    found = {}
    for peer in PEERS:
        reason = peer.missing()
        if reason is not None:
            found[peer.key] = reason
    return found
