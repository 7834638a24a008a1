"""The enhancements of negamax.search (transposition table, killers, history, aspiration
windows, safe moves; PVS and MTD(f)) never change a value.

Every algorithm and combination of switches is compared with plain alpha-beta at the same
depth, and plain alpha-beta itself with a recursive negamax written here over the games'
public API (legal_moves / play / undo / is_terminal / evaluate, with the engine's scoring: a
win found p plies ahead is WIN - p). Games: Connect Four (random positions, depth 1..6, and
late positions to the end), tic-tac-toe (any depth), random trees, and games written in
Python (Nim and a small Connect Four, both with key()). Also: the counters show what each
enhancement did, the errors for enhancements a search cannot take, TranspositionTable reuse,
and principal variations."""

from __future__ import annotations

import itertools
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import negamax as nm
import reference as R
from helpers import late_positions, nested_trees
from keyed_nim import Nim, NimWithoutKey

ConnectFour = nm.games.ConnectFour
TicTacToe = nm.games.TicTacToe

WIN = 1_000_000_000
EVAL_LIMIT = WIN - 10_000 - 1

SETTINGS = settings(max_examples=50, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

SWITCHES = ("tt", "killers", "history", "aspiration", "safe_moves")

# Every algorithm with every subset of the switches, iterative deepening off and on; and
# the defaults of pvs and mtdf (no switch given).
COMBINATIONS = [(algorithm, dict(zip(SWITCHES, bits)), iterative)
                for algorithm in ("alphabeta", "pvs", "mtdf")
                for bits in itertools.product((False, True), repeat=len(SWITCHES))
                for iterative in (False, True)]
COMBINATIONS += [(algorithm, {}, iterative) for algorithm in ("pvs", "mtdf") for iterative in (False, True)]
assert len(COMBINATIONS) == 3 * 32 * 2 + 4


def combo_id(combo):
    algorithm, switches, iterative = combo
    on = [name for name, value in switches.items() if value] or (["none"] if switches else ["defaults"])
    return f"{algorithm}[{'+'.join(on)}]{'-iterative' if iterative else ''}"


# ---------------------------------------------------------------------------------------------
# the reference: negamax over the public game API
# ---------------------------------------------------------------------------------------------


def leaf_score(value, ply):
    """The engine's convention: a won (lost) position read `ply` plies from the root scores
    WIN - ply (-(WIN - ply)); other values are taken as they are."""
    if value > EVAL_LIMIT:
        return value - ply
    if value < -EVAL_LIMIT:
        return value + ply
    return value


def reference_value(game, depth, ply=0, alpha=-math.inf, beta=math.inf):
    """Negamax (with alpha-beta pruning, which does not change the value at the root with a
    full window) from the side to move; depth None searches to the end."""
    if game.is_terminal() or depth == 0:
        return leaf_score(game.evaluate(), ply)
    best = -math.inf
    for move in list(game.legal_moves()):
        game.play(move)
        value = -reference_value(game, None if depth is None else depth - 1, ply + 1, -beta, -alpha)
        game.undo()
        if value > best:
            best = value
            alpha = max(alpha, value)
            if alpha >= beta:
                break
    return best


def search(game, depth, combo, **extra):
    algorithm, switches, iterative = combo
    return nm.search(game, depth, algorithm=algorithm, iterative=iterative, **switches, **extra)


def value_at_end_of(game, line):
    """Play `line` on a copy of `game`: the value, from the root's side to move, of the
    position it ends in, and whether that position is terminal."""
    game = game.copy()
    for move in line:
        assert move in list(game.legal_moves()), (line, move)
        game.play(move)
    value = leaf_score(game.evaluate(), len(line))
    return (value if len(line) % 2 == 0 else -value), game.is_terminal()


def check_pv_legal(game, result, depth):
    pv = tuple(result.pv)
    if pv:
        assert result.best_move == pv[0]
    if depth is not None:
        assert len(pv) <= depth
    value_at_end_of(game, pv)  # plays it: every move legal


# ---------------------------------------------------------------------------------------------
# positions
# ---------------------------------------------------------------------------------------------


@st.composite
def connect_four_positions(draw, min_stones=0, max_stones=30):
    """A random, unfinished Connect Four position."""
    target = draw(st.integers(min_stones, max_stones))
    choices = draw(st.lists(st.integers(0, 6), min_size=target, max_size=target))
    game = ConnectFour()
    for choice in choices:
        legal = game.legal_moves()
        move = legal[choice % len(legal)]
        game.play(move)
        if game.is_terminal():
            game.undo()
            others = [m for m in legal if m != move]
            for other in others:    # another move that does not end the game, if there is one
                game.play(other)
                if not game.is_terminal():
                    break
                game.undo()
            else:
                break
    return game


TTT_POSITIONS = sorted(R.reachable_positions())
TTT_UNFINISHED = [p for p in TTT_POSITIONS if not R.is_terminal(R.parse(p))]


# ---------------------------------------------------------------------------------------------
# values: Connect Four
# ---------------------------------------------------------------------------------------------


@settings(SETTINGS, max_examples=150)
@given(game=connect_four_positions(max_stones=40), depth=st.integers(1, 6))
def test_connect_four_every_combination_matches_alphabeta(game, depth):
    plain = nm.search(game, depth, algorithm="alphabeta")
    if depth <= 3:
        assert plain.value == reference_value(game.copy(), depth)
    for combo in COMBINATIONS:
        result = search(game, depth, combo)
        assert result.value == plain.value, (game.moves, depth, combo_id(combo))
        assert result.depth <= depth and result.stop_reason == nm.StopReason.COMPLETED
        check_pv_legal(game, result, depth)


@pytest.mark.parametrize("depth", [1, 2, 3, 4])
def test_connect_four_plain_alphabeta_matches_reference(depth):
    for game in late_positions(seed=depth, count=6, stones=8) + late_positions(seed=9, count=3, stones=20):
        assert nm.search(game, depth, algorithm="alphabeta").value == reference_value(game.copy(), depth)


LATE = late_positions(seed=2024, count=12, stones=30) + late_positions(seed=7, count=6, stones=27)


@pytest.mark.parametrize("index", range(len(LATE)))
def test_connect_four_to_the_end(index):
    game = LATE[index]
    plain = nm.search(game, None, algorithm="alphabeta")
    if game.stones >= 30:
        assert plain.value == reference_value(game.copy(), None)
    for combo in COMBINATIONS:
        result = search(game, None, combo)
        assert result.value == plain.value, (game.moves, combo_id(combo))
        check_pv_legal(game, result, None)


# ---------------------------------------------------------------------------------------------
# values: tic-tac-toe, trees, Python games
# ---------------------------------------------------------------------------------------------


@SETTINGS
@given(position=st.sampled_from(TTT_POSITIONS), depth=st.sampled_from([None, 0, 1, 2, 3, 4, 5, 9]))
def test_tictactoe_every_combination_matches_reference(position, depth):
    game = TicTacToe(position)
    expected = R.negamax_value(R.parse(position), depth)
    assert nm.search(game, depth, algorithm="alphabeta").value == expected
    for combo in COMBINATIONS:
        result = search(game, depth, combo)
        assert result.value == expected, (position, depth, combo_id(combo))
        check_pv_legal(game, result, depth)


def cut(nested, depth):
    """The tree a depth-limited search sees: inner nodes at the horizon are worth 0."""
    if R.is_leaf(nested):
        return nested
    if depth == 0:
        return 0
    return [cut(child, depth - 1) for child in nested]


@SETTINGS
@given(branching=st.integers(1, 4), height=st.integers(0, 5), seed=st.integers(0, 10**6),
       maximizing=st.booleans(), data=st.data())
def test_uniform_trees_every_combination_matches_reference(branching, height, seed, maximizing, data):
    tree = nm.trees.uniform(branching, height, seed=seed, maximizing=maximizing)
    nested = R.reshape_uniform(tree.leaf_values.tolist(), branching, height)
    depth = data.draw(st.sampled_from([None] + list(range(0, height + 2))))
    expected = R.minimax(cut(nested, height if depth is None else depth), maximizing).value
    assert nm.search(tree, depth, algorithm="alphabeta").value == expected
    for combo in COMBINATIONS:
        assert search(tree, depth, combo).value == expected, (depth, combo_id(combo))


@SETTINGS
@given(nested=st.one_of(nested_trees(st.integers(-3, 3)), nested_trees(st.integers(-10**6, 10**6)),
                        nested_trees(st.sampled_from([-1.5, -0.25, 0.0, 0.5, 2.75]))),
       maximizing=st.booleans())
def test_nested_trees_every_combination_matches_reference(nested, maximizing):
    tree = nm.trees.from_nested(nested, maximizing=maximizing)
    expected = R.minimax(nested, maximizing).value
    for combo in COMBINATIONS:
        result = search(tree, None, combo)
        assert result.value == expected, combo_id(combo)
        # the principal variation leads to a leaf of that value
        node = nested
        for move in result.pv:
            node = node[move]
        if combo[0] != "alphabeta":
            assert R.is_leaf(node) and node == expected, (combo_id(combo), result.pv)


class SmallConnect(nm.Game):
    """Connect Four on a 5 x 4 board written in Python, with a heuristic evaluation (centre
    control) so that depth-limited values are not all zero, and position keys."""

    W, H = 5, 4
    max_moves = 5
    max_ply = 20
    WEIGHTS = (1, 2, 4, 2, 1)

    def __init__(self):
        super().__init__()
        self.columns = [[] for _ in range(self.W)]
        self.history = []

    def side(self):
        return 1 if len(self.history) % 2 == 0 else -1

    def at(self, col, row):
        if 0 <= col < self.W and 0 <= row < len(self.columns[col]):
            return self.columns[col][row]
        return 0

    def last_won(self):
        if not self.history:
            return False
        col = self.history[-1]
        row = len(self.columns[col]) - 1
        return R.four_through(self.at, col, row, self.columns[col][row])

    def legal_moves(self):
        if self.is_terminal():
            return []
        return [c for c in (2, 1, 3, 0, 4) if len(self.columns[c]) < self.H]

    def play(self, move):
        assert len(self.columns[move]) < self.H
        self.columns[move].append(self.side())
        self.history.append(move)

    def undo(self):
        self.columns[self.history.pop()].pop()

    def is_terminal(self):
        return self.last_won() or len(self.history) == self.W * self.H

    def evaluate(self):
        if self.last_won():
            return -nm.WIN
        side = self.side()
        return sum(self.WEIGHTS[c] * stone * side for c, column in enumerate(self.columns) for stone in column)

    def key(self):
        k = 0
        for column in self.columns:
            for stone in column + [0] * (self.H - len(column)):
                k = 3 * k + (stone % 3)
        return k

    def copy(self):
        other = SmallConnect()
        other.columns = [list(c) for c in self.columns]
        other.history = list(self.history)
        return other


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(heaps=st.lists(st.integers(0, 4), min_size=1, max_size=3).filter(lambda h: 0 < sum(h) <= 8),
       combos=st.lists(st.sampled_from(COMBINATIONS), min_size=4, max_size=4))
def test_python_nim_combinations_match_reference(heaps, combos):
    game = Nim(heaps)
    expected = R.nim_value(tuple(heaps))
    assert reference_value(Nim(heaps), None) == expected
    for combo in combos:
        result = search(game, None, combo)
        assert result.value == expected, combo_id(combo)
        _, terminal = value_at_end_of(game, result.pv)
        assert game.heaps == list(heaps) and game.history == []
        if combo[0] != "alphabeta":
            assert terminal and len(result.pv) == nm.WIN - abs(expected)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(moves=st.lists(st.integers(0, 4), max_size=12), depth=st.integers(1, 4),
       combos=st.lists(st.sampled_from(COMBINATIONS), min_size=3, max_size=3))
def test_python_connect_combinations_match_reference(moves, depth, combos):
    game = SmallConnect()
    for choice in moves:
        legal = game.legal_moves()
        if not legal:
            break
        game.play(legal[choice % len(legal)])
    expected = reference_value(game.copy(), depth)
    assert nm.search(game, depth, algorithm="alphabeta").value == expected
    for combo in combos:
        result = search(game, depth, combo)
        assert result.value == expected, combo_id(combo)
        check_pv_legal(game, result, depth)


@pytest.mark.parametrize("algorithm", ["alphabeta", "pvs", "mtdf"])
@pytest.mark.parametrize("heaps", [(1, 1), (1, 2), (2, 2), (1, 2, 3), (3, 4, 5)], ids=str)
def test_python_game_with_a_table(heaps, algorithm):
    # A Python game's moves are indices into the list legal_moves() gave at each ply: the
    # table's moves must be replayed through the lists of the positions they belong to
    game = Nim(heaps)
    expected = R.nim_value(tuple(heaps))
    for iterative in (False, True):
        result = nm.search(game, algorithm=algorithm, tt=True, iterative=iterative)
        assert result.value == expected
        assert result.stats.tt_probes > 0
        value, terminal = value_at_end_of(game, result.pv)   # every move legal where it is played
        assert terminal and value == expected and len(result.pv) == nm.WIN - abs(expected)


# ---------------------------------------------------------------------------------------------
# principal variations
# ---------------------------------------------------------------------------------------------


PV_POSITIONS = late_positions(seed=31, count=10, stones=29) + late_positions(seed=32, count=10, stones=33)


@pytest.mark.parametrize("safe_moves", [False, True], ids=["plain-moves", "safe-moves"])
@pytest.mark.parametrize("algorithm", ["pvs", "mtdf"])
def test_full_depth_pv_ends_the_game_with_the_value(algorithm, safe_moves):
    for game in PV_POSITIONS:
        for tt in (False, True):
            result = nm.search(game, algorithm=algorithm, tt=tt, safe_moves=safe_moves)
            value, terminal = value_at_end_of(game, result.pv)
            assert terminal, (game.moves, tt, result.value, result.pv)
            assert value == result.value, (game.moves, tt, result.pv)


@pytest.mark.parametrize("algorithm", ["pvs", "mtdf"])
def test_pv_of_a_forced_loss_reaches_the_end(algorithm):
    # "44335": the first player has three on the bottom row with both ends open; the second
    # player, to move, cannot win at once and loses two plies later whatever it plays
    game = ConnectFour("44335")
    result = nm.search(game, algorithm=algorithm)
    assert result.value == -(nm.WIN - 2)
    assert len(result.pv) == 2, result.pv
    value, terminal = value_at_end_of(game, result.pv)
    assert terminal and value == -(nm.WIN - 2)


@SETTINGS
@given(position=st.sampled_from(TTT_UNFINISHED), algorithm=st.sampled_from(["pvs", "mtdf"]),
       tt=st.booleans(), iterative=st.booleans())
def test_tictactoe_full_depth_pv(position, algorithm, tt, iterative):
    game = TicTacToe(position)
    result = nm.search(game, algorithm=algorithm, tt=tt, iterative=iterative)
    value, terminal = value_at_end_of(game, result.pv)
    assert terminal and value == result.value == R.negamax_value(R.parse(position))


# ---------------------------------------------------------------------------------------------
# counters
# ---------------------------------------------------------------------------------------------

TT_COUNTERS = ("tt_probes", "tt_hits", "tt_cutoffs", "tt_stores")


def counters(result):
    s = result.stats
    return {name: getattr(s, name) for name in (
        "nodes", "leaves", "cutoffs", "max_ply", "iterations", "first_move_cutoffs", "tt_probes",
        "tt_hits", "tt_cutoffs", "tt_stores", "killer_cutoffs", "pvs_researches",
        "aspiration_researches", "null_window_searches", "immediate_wins", "forced_losses")}


def test_alphabeta_is_plain_by_default():
    game = ConnectFour("4453")
    default = nm.search(game, 6, algorithm="alphabeta")
    off = nm.search(game, 6, algorithm="alphabeta", tt=False, killers=False, history=False,
                    aspiration=False, safe_moves=False)
    assert counters(default) == counters(off)
    assert default.value == off.value and default.pv == off.pv
    for name in TT_COUNTERS + ("killer_cutoffs", "pvs_researches", "aspiration_researches",
                               "null_window_searches", "immediate_wins", "forced_losses"):
        assert getattr(default.stats, name) == 0, name


@pytest.mark.parametrize("algorithm", ["alphabeta", "pvs", "mtdf"])
def test_table_counters(algorithm):
    game = ConnectFour("4453")
    on = nm.search(game, 7, algorithm=algorithm, tt=True)
    s = on.stats
    assert s.tt_probes > 0 and s.tt_stores > 0 and s.tt_hits > 0
    assert s.tt_cutoffs <= s.tt_hits <= s.tt_probes
    off = nm.search(game, 7, algorithm=algorithm, tt=False)
    assert all(getattr(off.stats, name) == 0 for name in TT_COUNTERS)
    assert on.value == off.value


def test_table_counters_on_trees_and_python_games():
    tree = nm.trees.uniform(3, 4, seed=5)
    assert nm.search(tree, algorithm="alphabeta", tt=True).stats.tt_probes > 0
    assert nm.search(tree, algorithm="pvs", tt=False).stats.tt_probes == 0
    # a Python game without key(): the defaults of pvs leave the table out
    result = nm.search(NimWithoutKey([2, 3]), algorithm="pvs")
    assert result.value == R.nim_value((2, 3)) and result.stats.tt_probes == 0


def test_pvs_researches_when_a_later_move_is_better():
    # MAX's first move is worth 1, the second 5: the second fails high on its null window
    # and is searched again with the full window
    tree = nm.trees.from_nested([[1], [5]])
    result = nm.search(tree, algorithm="pvs", tt=False)
    assert result.value == 5 and result.best_move == 1
    assert result.stats.pvs_researches == 1
    assert nm.search(tree, algorithm="alphabeta").stats.pvs_researches == 0
    # best first: nothing to search again
    assert nm.search(nm.trees.from_nested([[5], [1]]), algorithm="pvs").stats.pvs_researches == 0


def test_null_window_counters():
    game = ConnectFour("4453")
    mtdf = nm.search(game, 5, algorithm="mtdf")
    assert mtdf.stats.null_window_searches >= 2   # at least one pass and the final one
    assert nm.search(game, 5, algorithm="pvs").stats.null_window_searches == 0
    assert nm.search(game, 5, algorithm="alphabeta").stats.null_window_searches == 0
    # iterative MTD(f): passes at every depth
    iterative = nm.search(game, 5, algorithm="mtdf", iterative=True)
    assert iterative.stats.iterations == 5
    assert iterative.stats.null_window_searches >= 2 * 5


def aspiration_tree():
    """A uniform tree whose value is far (> 16) from 0, the value every shallower iteration
    finds (inner nodes are worth 0 at the horizon)."""
    for seed in range(100):
        tree = nm.trees.uniform(3, 4, seed=seed)
        nested = R.reshape_uniform(tree.leaf_values.tolist(), 3, 4)
        value = R.minimax(nested, True).value
        if abs(value) > 16:
            return tree, value
    raise AssertionError("no tree found")


@pytest.mark.parametrize("algorithm", ["alphabeta", "pvs"])
def test_aspiration_researches(algorithm):
    tree, value = aspiration_tree()
    result = nm.search(tree, algorithm=algorithm, aspiration=True, iterative=True)
    assert result.value == value
    assert result.stats.iterations == 4
    assert result.stats.aspiration_researches >= 1
    for kwargs in (dict(aspiration=False, iterative=True), dict(aspiration=True, iterative=False)):
        other = nm.search(tree, algorithm=algorithm, **kwargs)
        assert other.value == value and other.stats.aspiration_researches == 0


def test_killer_counters():
    game = ConnectFour("4453")
    on = nm.search(game, 7, algorithm="alphabeta", killers=True)
    off = nm.search(game, 7, algorithm="alphabeta", killers=False)
    assert on.stats.killer_cutoffs > 0
    assert off.stats.killer_cutoffs == 0
    assert on.value == off.value
    assert on.stats.killer_cutoffs <= on.stats.cutoffs


def test_history_changes_the_order_not_the_value():
    game = ConnectFour("4453")
    on = nm.search(game, 7, algorithm="alphabeta", history=True, ordering=False)
    off = nm.search(game, 7, algorithm="alphabeta", history=False, ordering=False)
    assert on.value == off.value
    assert on.stats.nodes != off.stats.nodes   # without the game's hints, history reorders


def test_safe_moves_counters():
    # an immediate win: the first player has three in column 4 ("4545 4 5" -> 4 again wins)
    win = ConnectFour("454545")
    on = nm.search(win, 3, algorithm="alphabeta", safe_moves=True)
    assert on.value == nm.WIN - 1 and on.best_move == 4
    assert on.stats.immediate_wins >= 1
    off = nm.search(win, 3, algorithm="alphabeta", safe_moves=False)
    assert off.value == on.value and off.stats.immediate_wins == 0
    # a double threat: every move of the side to move loses at once
    lost = ConnectFour("44335")
    on = nm.search(lost, 3, algorithm="alphabeta", safe_moves=True)
    assert on.value == -(nm.WIN - 2) and on.stats.forced_losses >= 1
    off = nm.search(lost, 3, algorithm="alphabeta", safe_moves=False)
    assert off.value == on.value and off.stats.forced_losses == 0
    # depth 1: the safe moves are not used (they look two plies ahead)
    shallow = nm.search(lost, 1, algorithm="alphabeta", safe_moves=True)
    assert shallow.stats.forced_losses == 0 and shallow.stats.immediate_wins == 0
    # games without safe-move generation ignore the switch
    tree = nm.search(nm.trees.uniform(2, 3), algorithm="pvs", safe_moves=True)
    assert tree.stats.immediate_wins == tree.stats.forced_losses == 0


# ---------------------------------------------------------------------------------------------
# errors
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("algorithm", ["minimax", "negamax"])
@pytest.mark.parametrize("switch", SWITCHES)
def test_minimax_and_negamax_take_no_enhancements(algorithm, switch):
    game = TicTacToe("x...o....")
    with pytest.raises(ValueError):
        nm.search(game, 3, algorithm=algorithm, **{switch: True})
    if switch == "tt":
        with pytest.raises(ValueError):
            nm.search(game, 3, algorithm=algorithm, tt=nm.TranspositionTable(1))
    # switched off explicitly is fine
    result = nm.search(game, 3, algorithm=algorithm, **{switch: False})
    assert result.value == R.negamax_value(R.parse("x...o...."), 3)


def test_table_needs_keys():
    with pytest.raises(ValueError):
        nm.search(NimWithoutKey([1, 2]), algorithm="alphabeta", tt=True)
    with pytest.raises(ValueError):
        nm.search(NimWithoutKey([1, 2]), algorithm="pvs", tt=nm.TranspositionTable(1))
    with pytest.raises(ValueError):
        nm.solve(NimWithoutKey([1, 2]), tt=True)


@pytest.mark.parametrize("kwargs,error", [
    (dict(tt="yes"), TypeError), (dict(tt=1), TypeError), (dict(killers=1), TypeError),
    (dict(history="on"), TypeError), (dict(aspiration=0), TypeError), (dict(safe_moves=[]), TypeError),
    (dict(tt_mb=0), ValueError), (dict(tt_mb=-1), ValueError), (dict(tt_mb="8"), TypeError),
    (dict(tt_mb=True), TypeError), (dict(tt_mb=2 ** 21), ValueError),
    (dict(tt_mb=float("nan")), ValueError),
])
def test_bad_switches(kwargs, error):
    with pytest.raises(error):
        nm.search(ConnectFour("44"), 2, algorithm="pvs", **kwargs)


def test_table_object_and_size_together_is_an_error():
    with pytest.raises(ValueError):
        nm.search(ConnectFour("44"), 2, algorithm="pvs", tt=nm.TranspositionTable(1), tt_mb=1)


def test_a_table_size_asks_for_a_table():
    # alphabeta searches without a table by default: tt_mb alone used to be ignored.
    game = ConnectFour("4453")
    plain = nm.search(game, 6, algorithm="alphabeta")
    sized = nm.search(game, 6, algorithm="alphabeta", tt_mb=1)
    assert plain.stats.tt_probes == 0 and sized.stats.tt_probes > 0
    assert sized.value == plain.value
    with pytest.raises(ValueError, match="tt=False asks for none"):
        nm.search(game, 2, algorithm="alphabeta", tt=False, tt_mb=1)
    with pytest.raises(ValueError, match="asked for tt_mb"):
        nm.search(game, 2, algorithm="minimax", tt_mb=1)


@pytest.mark.parametrize("size,error", [(0, ValueError), (-1, ValueError), ("x", TypeError),
                                        (True, TypeError), (None, TypeError), (float("nan"), ValueError),
                                        (float("inf"), ValueError), (2 ** 20 + 1, ValueError),
                                        ([1], TypeError)])
def test_bad_table_sizes(size, error):
    with pytest.raises(error):
        nm.TranspositionTable(size)


def test_table_sizes():
    table = nm.TranspositionTable(1)
    assert 0 < table.mb <= 1
    assert table.entries_count * 16 == table.mb * 2 ** 20  # 16-byte entries
    assert nm.TranspositionTable(1.5).mb <= 1.5
    assert nm.TranspositionTable(0.25).entries_count < table.entries_count


# ---------------------------------------------------------------------------------------------
# reusing a table
# ---------------------------------------------------------------------------------------------


def test_reused_table_gives_the_same_results_as_a_fresh_one():
    first, second = ConnectFour("4453"), ConnectFour("3344526")
    for algorithm in ("alphabeta", "pvs", "mtdf"):
        shared = nm.TranspositionTable(2)
        nm.search(first, 7, algorithm=algorithm, tt=shared)
        nm.search(second, 6, algorithm=algorithm, tt=shared)
        again = nm.search(second, 6, algorithm=algorithm, tt=shared)
        fresh = nm.search(second, 6, algorithm=algorithm, tt=nm.TranspositionTable(2))
        assert again.value == fresh.value
        assert again.pv == fresh.pv
        assert counters(again) == counters(fresh), algorithm
        # the thread's own table (tt=True) is reused too, with the same results
        own1 = nm.search(second, 6, algorithm=algorithm, tt=True, tt_mb=2)
        nm.search(first, 7, algorithm=algorithm, tt=True, tt_mb=2)
        own2 = nm.search(second, 6, algorithm=algorithm, tt=True, tt_mb=2)
        assert counters(own1) == counters(own2) == counters(fresh)


def test_reused_table_for_solve():
    shared = nm.TranspositionTable(2)
    game = ConnectFour(late_positions(seed=5, count=1, stones=24)[0].moves)
    a = nm.solve(game, tt=shared)
    nm.solve(ConnectFour("2252576253462244111563365343671351441"), tt=shared)
    b = nm.solve(game, tt=shared)
    c = nm.solve(game, tt=nm.TranspositionTable(2))
    assert a.value == b.value == c.value
    assert counters(a) == counters(b) == counters(c)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=connect_four_positions(min_stones=4, max_stones=26), depth=st.integers(3, 6),
       algorithm=st.sampled_from(["alphabeta", "pvs", "mtdf"]), iterative=st.booleans())
def test_tiny_table_still_gives_the_right_values(game, depth, algorithm, iterative):
    # a table of a few entries: constant replacement and collisions of buckets
    tiny = nm.TranspositionTable(0.0001)
    assert tiny.entries_count <= 8
    plain = nm.search(game, depth, algorithm="alphabeta")
    result = nm.search(game, depth, algorithm=algorithm, tt=tiny, iterative=iterative)
    assert result.value == plain.value
    check_pv_legal(game, result, depth)


def test_a_table_only_moves_a_depth_limited_value_toward_the_exact_one():
    # Nim reaches a position at different plies, so a depth-limited search with a table may
    # answer a node from a deeper result (README, Enhancements). Such a value must still be
    # sound: the plain depth-limited value, or a win/loss the exact solve confirms.
    import itertools
    from keyed_nim import Nim
    checked = differed = 0
    for heaps in itertools.product(range(5), repeat=3):
        if not any(heaps):
            continue
        exact = nm.solve(Nim(heaps)).value
        for depth in (1, 2, 3, 4):
            plain = nm.search(Nim(heaps), depth, algorithm="alphabeta").value
            for algorithm in ("alphabeta", "pvs", "mtdf"):
                value = nm.search(Nim(heaps), depth, algorithm=algorithm, tt=True).value
                checked += 1
                if value != plain:
                    differed += 1
                    assert nm.WIN - abs(value) <= 64, (heaps, depth, algorithm, value)
                    assert (value > 0) == (exact > 0), (heaps, depth, algorithm, value, exact)
    # (heaps below 4 no longer differ at these depths: those were MTD(f)'s crossed bounds)
    assert checked == 124 * 4 * 3 and differed > 0
