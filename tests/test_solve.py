"""negamax.solve: exact values to the end of the game.

Checked against values that follow from the rules (an immediate win, a double threat, a
position where every move loses), a pure-Python Connect Four solver written here (late
positions), plain alpha-beta to the end (the unenhanced search: middle positions),
tic-tac-toe's reference negamax, the minimax value of trees, and Nim's theory. Also the
SolveResult fields (outcome, plies, score, pv, bounds), weak solving, limits and bad
arguments."""

from __future__ import annotations

import math
import time
from functools import lru_cache

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import negamax as nm
import reference as R
from helpers import Subtraction, nested_trees
from keyed_nim import Nim, NimWithoutKey

ConnectFour = nm.games.ConnectFour
TicTacToe = nm.games.TicTacToe

WIN = 1_000_000_000
EVAL_LIMIT = WIN - 10_000 - 1
W, H = 7, 6
CELLS = W * H
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))

SETTINGS = settings(max_examples=80, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


# ---------------------------------------------------------------------------------------------
# the reference: a memoised full-depth Connect Four solver over tuples of columns
# ---------------------------------------------------------------------------------------------


def parse(moves):
    """Move string -> (columns as tuples of stones bottom first, player to move)."""
    columns = [()] * W
    player = 1
    for ch in moves:
        col = int(ch) - 1
        assert len(columns[col]) < H
        columns[col] += (player,)
        player = -player
    return tuple(columns), player


def completes_four(columns, col, player):
    """Would `player`'s stone dropped in `col` make four in a row?"""
    row = len(columns[col])

    def at(c, r):
        return columns[c][r] if 0 <= c < W and 0 <= r < len(columns[c]) else 0

    return R.four_through(at, col, row, player)


def has_four(columns):
    for col in range(W):
        for row in range(len(columns[col])):
            player = columns[col][row]
            for dc, dr in DIRECTIONS:
                cells = [(col + i * dc, row + i * dr) for i in range(4)]
                if all(0 <= c < W and 0 <= r < len(columns[c]) and columns[c][r] == player
                       for c, r in cells):
                    return True
    return False


def drop(columns, col, player):
    return columns[:col] + (columns[col] + (player,),) + columns[col + 1:]


def legal(columns):
    return [c for c in range(W) if len(columns[c]) < H]


def from_child(value):
    """A child's value (from the opponent, distance from the child) seen from the parent."""
    if value > EVAL_LIMIT:
        return -(value - 1)
    if value < -EVAL_LIMIT:
        return -(value + 1)
    return -value


@lru_cache(maxsize=None)
def exact(columns, player):
    """The value for `player` to move, in an unfinished position: WIN - p for a win in p
    plies (the winner hurries, the loser delays), 0 for a draw."""
    moves = legal(columns)
    if not moves:
        return 0
    if any(completes_four(columns, c, player) for c in moves):
        return WIN - 1
    # a plain exhaustive solver: fast from about 23 stones on, hopeless much earlier
    assert sum(map(len, columns)) >= 23, "too early a position for the Python solver"
    if any(completes_four(columns, c, player) for c in moves):
        return WIN - 1
    return max(from_child(exact(drop(columns, c, player), -player)) for c in moves)


def move_values(columns, player):
    """{1-based column: value of playing it}, from the side to move."""
    values = {}
    for c in legal(columns):
        if completes_four(columns, c, player):
            values[c + 1] = WIN - 1
        else:
            child = drop(columns, c, player)
            values[c + 1] = 0 if not legal(child) else from_child(exact(child, -player))
    return values


def outcome_of(value):
    return "win" if value > 0 else "loss" if value < 0 else "draw"


def expected_score(value, stones, cells=CELLS):
    """The solver-benchmark score (README): a win scores (cells + 1 - s) // 2 where s is the
    number of stones just before the winning stone; a loss the negative of the opponent's."""
    if value == 0:
        return 0
    plies = WIN - abs(value)
    score = (cells + 1 - (stones + plies - 1)) // 2
    return score if value > 0 else -score


def check_solved_connect_four(moves, result, expected):
    """Every field of an exact Connect Four solve against the expected value."""
    columns, player = parse(moves)
    stones = len(moves)
    assert result.value == expected
    assert result.lower == result.upper == expected
    assert result.outcome == outcome_of(expected)
    assert result.stop_reason == nm.StopReason.COMPLETED
    assert result.weak is False
    assert result.score == expected_score(expected, stones)
    if expected != 0:
        assert result.plies == WIN - abs(expected)
        assert nm.plies_to_end(result.value) == result.plies
    assert result.plies == len(result.pv)
    assert result.best_move == result.pv[0]
    # the principal variation: every move optimal, and it ends the game as the value says
    value = expected
    for i, move in enumerate(result.pv):
        values = move_values(columns, player)
        assert move in values, (moves, result.pv, i)
        assert values[move] == max(values.values()) == value, (moves, result.pv, i)
        won = completes_four(columns, move - 1, player)
        columns = drop(columns, move - 1, player)
        player = -player
        if i < len(result.pv) - 1:
            assert not won and legal(columns)
            value = _child_value(result.pv, i, expected)
    game = ConnectFour(moves)
    for move in result.pv:
        game.play(move)
    assert game.is_terminal()
    if expected > 0:
        assert game.winner == (1 if stones % 2 == 0 else -1)
    elif expected < 0:
        assert game.winner == (-1 if stones % 2 == 0 else 1)
    else:
        assert game.winner == 0 and game.stones == CELLS


def _child_value(pv, i, root_value):
    """The value, from the side to move, of the position after pv[:i + 1]."""
    plies_done = i + 1
    if abs(root_value) <= EVAL_LIMIT:
        return root_value if plies_done % 2 == 0 else -root_value
    # a win (loss) in p plies at the root is one in p - k plies k plies later, for the same
    # player: from the side to move, the sign alternates
    p = WIN - abs(root_value) - plies_done
    own = (root_value > 0) == (plies_done % 2 == 0)
    return WIN - p if own else -(WIN - p)


def test_reference_solver_on_rules_positions():
    # the reference itself, on positions whose value is clear from the rules
    assert exact(*parse("454545")) == WIN - 1                 # three in column 4, to move
    assert exact(*parse("2252576253462244111563365343671351441")) == -(WIN - 4)  # README
    assert expected_score(WIN - 1, 6) == 18 and expected_score(-(WIN - 2), 5) == -18


# ---------------------------------------------------------------------------------------------
# positions whose value follows from the rules
# ---------------------------------------------------------------------------------------------


def test_immediate_win():
    # the first player has three in column 4 and is to move
    result = nm.solve(ConnectFour("454545"))
    assert result.value == WIN - 1 and result.plies == 1
    assert result.best_move == 4 and result.pv == (4,)
    assert result.outcome == "win"
    assert result.score == (43 - 6) // 2
    assert result.lower == result.upper == WIN - 1
    assert result.stop_reason == nm.StopReason.COMPLETED
    game = ConnectFour("454545")
    game.play(4)
    assert game.winner == 1


@pytest.mark.parametrize("moves", ["121212", "232323", "445567", "334455", "776655"])
def test_immediate_wins_elsewhere(moves):
    columns, player = parse(moves)
    winning = [c + 1 for c in legal(columns) if completes_four(columns, c, player)]
    if not winning:
        pytest.fail(f"{moves} has no immediate win: fix the test")
    result = nm.solve(ConnectFour(moves))
    assert result.value == WIN - 1 and result.plies == 1
    assert result.best_move in winning and result.pv == (result.best_move,)
    assert result.score == (43 - len(moves)) // 2


def test_forced_win_in_three():
    # The first player has the bottom squares of columns 3 and 4, the second those above
    # them. Extending to 2 or 5 makes three with both ends open on the bottom row: the
    # second player can block only one, so the first player wins with its second move.
    moves = "4433"
    columns, player = parse(moves)
    assert not any(completes_four(columns, c, player) for c in legal(columns))  # no win in 1
    for first in (2, 5):
        after = drop(columns, first - 1, player)
        for reply in legal(after):
            assert not completes_four(after, reply, -player)
            assert any(completes_four(drop(after, reply, -player), c, player)
                       for c in legal(drop(after, reply, -player)))
    result = nm.solve(ConnectFour(moves))
    assert result.value == WIN - 3 and result.plies == 3
    assert result.best_move in (2, 5)
    assert result.outcome == "win"
    assert result.score == (43 - (4 + 3 - 1)) // 2
    game = ConnectFour(moves)
    for move in result.pv:
        game.play(move)
    assert game.winner == 1 and len(result.pv) == 3


def test_every_move_loses():
    # after "44335" the first player threatens 2 and 6 on the bottom row: whatever the
    # second player does, the first wins next move
    moves = "44335"
    columns, player = parse(moves)
    assert not any(completes_four(columns, c, player) for c in legal(columns))
    for reply in legal(columns):
        after = drop(columns, reply, player)
        assert any(completes_four(after, c, -player) for c in legal(after))
    result = nm.solve(ConnectFour(moves))
    assert result.value == -(WIN - 2) and result.plies == 2
    assert result.outcome == "loss"
    assert result.score == -((43 - (5 + 2 - 1)) // 2)
    assert len(result.pv) == 2
    game = ConnectFour(moves)
    for move in result.pv:
        game.play(move)
    assert game.winner == 1


def test_readme_position():
    # README: ConnectFour("2252576253462244111563365343671351441") -> score -1, loss in 4
    moves = "2252576253462244111563365343671351441"
    expected = exact(*parse(moves))
    assert expected == -(WIN - 4)
    result = nm.solve(ConnectFour(moves))
    check_solved_connect_four(moves, result, expected)
    assert result.score == -1


# ---------------------------------------------------------------------------------------------
# late positions against the Python solver (hypothesis)
# ---------------------------------------------------------------------------------------------


@st.composite
def late_positions(draw, min_stones=30, max_stones=38):
    """A move string of an unfinished position. With `quiet`, each move is chosen among those
    that neither win at once nor let the opponent win at once (when there are any), so that
    the positions are not all decided at the next move."""
    stones = draw(st.integers(min_stones, max_stones))
    quiet = draw(st.booleans())
    choices = draw(st.lists(st.integers(0, 6), min_size=stones, max_size=stones))
    columns, player = parse("")
    moves = ""
    for choice in choices:
        options = legal(columns)
        if not options:
            break
        calm = [c for c in options if not completes_four(columns, c, player)]
        if quiet:
            safe = [c for c in calm
                    if not any(completes_four(drop(columns, c, player), r, -player)
                               for r in legal(drop(columns, c, player)))]
            calm = safe or calm
        if not calm:
            break   # every move wins: stop before the end
        col = calm[choice % len(calm)]
        columns = drop(columns, col, player)
        player = -player
        moves += str(col + 1)
    if not legal(columns):
        moves = moves[:-1]
    return moves


@SETTINGS
@given(moves=late_positions())
def test_late_positions_against_python_solver(moves):
    expected = exact(*parse(moves))
    result = nm.solve(ConnectFour(moves))
    check_solved_connect_four(moves, result, expected)


@SETTINGS
@given(moves=late_positions())
def test_weak_solve_agrees_with_the_sign(moves):
    expected = exact(*parse(moves))
    result = nm.solve(ConnectFour(moves), weak=True)
    assert result.weak is True
    assert result.value is None and result.plies is None and result.score is None
    assert result.outcome == outcome_of(expected)
    assert result.lower <= expected <= result.upper
    assert result.stop_reason == nm.StopReason.COMPLETED
    # the best move reaches the outcome
    values = move_values(*parse(moves))
    assert outcome_of(values[result.best_move]) == outcome_of(expected)


# Middle positions (23 to 29 stones, from random games in which nobody blundered a win at
# once) that plain alpha-beta solves in well under a second: it is the reference there.
MIDDLE = [
    "64567654652244472137241271172",   # a draw
    "741161467277141254771223256",
    "474551617672367756633263131",
    "253326147271643744337532711",
    "653616576317243772112161363",
    "2777437512477544624656113",
    "1256467736621773754544441",
    "5641174132671275752323123",
    "6732612166121474351157454",
    "37663373765462116677175",
]


@pytest.mark.parametrize("moves", MIDDLE)
def test_middle_positions_against_plain_alphabeta(moves):
    game = ConnectFour(moves)
    plain = nm.search(game, None, algorithm="alphabeta")
    assert plain.stop_reason == nm.StopReason.COMPLETED
    result = nm.solve(game)
    assert result.value == plain.value
    assert result.outcome == outcome_of(plain.value)
    assert result.score == expected_score(plain.value, len(moves))
    assert result.plies == len(result.pv)
    if plain.value != 0:
        assert result.plies == WIN - abs(plain.value)
    game2 = ConnectFour(moves)
    for move in result.pv:
        game2.play(move)
    assert game2.is_terminal()
    weak = nm.solve(game, weak=True)
    assert weak.outcome == result.outcome
    assert weak.lower <= result.value <= weak.upper


@pytest.mark.parametrize("moves", MIDDLE[:4])
def test_middle_positions_against_python_solver(moves):
    check_solved_connect_four(moves, nm.solve(ConnectFour(moves)), exact(*parse(moves)))


@pytest.mark.parametrize("switches", [dict(tt=False), dict(safe_moves=False), dict(killers=True),
                                      dict(history=True), dict(ordering=False),
                                      dict(tt=False, safe_moves=False, ordering=False),
                                      dict(tt_mb=1), dict(tt=nm.TranspositionTable(0.001))],
                         ids=lambda s: "+".join(f"{k}={v}" for k, v in s.items()))
def test_solve_options_give_the_same_value(switches):
    for moves in MIDDLE[:3]:
        check_solved_connect_four(moves, nm.solve(ConnectFour(moves), **switches), exact(*parse(moves)))
    # the positions of the rules tests above (early positions: without the game's safe moves
    # or the move ordering, proving a short win or loss there takes a full search)
    early = [("4433", WIN - 3), ("44335", -(WIN - 2)), ("454545", WIN - 1)]
    if switches.get("safe_moves", True) is False or switches.get("ordering", True) is False:
        early = early[2:]
    for moves, expected in early:
        result = nm.solve(ConnectFour(moves), **switches)
        assert result.value == expected and result.plies == len(result.pv) == WIN - abs(expected)
        assert result.score == expected_score(expected, len(moves))
        game = ConnectFour(moves)
        for move in result.pv:
            game.play(move)
        assert game.winner == (1 if expected > 0 else -1) * (1 if len(moves) % 2 == 0 else -1)


# ---------------------------------------------------------------------------------------------
# other board sizes (plain alpha-beta to the end as the reference)
# ---------------------------------------------------------------------------------------------


SMALL_SIZES = [(4, 4), (5, 4), (6, 4), (4, 5), (5, 5), (3, 8), (8, 3), (9, 6)]


def check_small_board(game, width, height):
    plain = nm.search(game, None, algorithm="alphabeta")
    assert plain.stop_reason == nm.StopReason.COMPLETED
    result = nm.solve(game)
    assert result.value == plain.value
    assert result.outcome == outcome_of(plain.value)
    assert result.score == expected_score(plain.value, game.stones, cells=width * height)
    assert result.plies == len(result.pv)
    replay = game.copy()
    for move in result.pv:
        replay.play(move)
    assert replay.is_terminal()
    if plain.value != 0:
        assert result.plies == WIN - abs(plain.value)
        assert replay.winner == game.to_move * (1 if plain.value > 0 else -1)
    else:
        assert replay.winner == 0
    weak = nm.solve(game, weak=True)
    assert weak.outcome == result.outcome


@pytest.mark.parametrize("width,height", [(4, 4), (4, 5), (3, 8)])
def test_small_empty_boards(width, height):
    check_small_board(ConnectFour("", width, height), width, height)


@SETTINGS
@given(size=st.sampled_from(SMALL_SIZES), empty=st.integers(1, 12),
       choices=st.lists(st.integers(0, 8), min_size=54, max_size=54))
def test_small_boards_late_positions(size, empty, choices):
    width, height = size
    game = ConnectFour("", width, height)
    for choice in choices[:width * height - empty]:
        legal = game.legal_moves()
        for k in range(len(legal)):     # the chosen move, or the next one that does not end the game
            game.play(legal[(choice + k) % len(legal)])
            if not game.is_terminal():
                break
            game.undo()
        else:
            break                       # every move ends the game: search from here
    if width * height - game.stones > 12:
        for move in game.legal_moves():     # stopped early: every move ends the game
            child = game.copy()
            child.play(move)
            assert child.is_terminal()
    check_small_board(game, width, height)


# ---------------------------------------------------------------------------------------------
# tic-tac-toe, trees, Python games
# ---------------------------------------------------------------------------------------------


def test_tictactoe_empty_board_is_a_draw():
    result = nm.solve(TicTacToe())
    assert result.value == 0 and result.outcome == "draw"
    assert result.plies == 9 and len(result.pv) == 9
    assert result.score is None
    assert result.lower == result.upper == 0
    game = TicTacToe()
    for move in result.pv:
        game.play(move)
    assert game.winner == 0
    weak = nm.solve(TicTacToe(), weak=True)
    assert weak.outcome == "draw" and weak.lower == weak.upper == 0


@pytest.mark.parametrize("position,value", [
    ("xx.oo....", WIN - 1),     # x completes the top row
    ("xx.o.o...", WIN - 1),
    ("x.o.x.o..", WIN - 1),     # x to move: the diagonal 0-4-8
    ("x...o...x", 0),
    ("xo.......", WIN - 5),     # o's edge reply loses: x forks
])
def test_tictactoe_known_values(position, value):
    board = R.parse(position)
    assert R.negamax_value(board) == value
    result = nm.solve(TicTacToe(position))
    assert result.value == value and result.outcome == outcome_of(value)
    if value:
        assert result.plies == WIN - abs(value)
    assert result.plies == len(result.pv)


TTT_UNFINISHED = sorted(p for p in R.reachable_positions() if not R.is_terminal(R.parse(p)))


@settings(max_examples=150, deadline=None)
@given(position=st.sampled_from(TTT_UNFINISHED), weak=st.booleans())
def test_tictactoe_every_position(position, weak):
    board = R.parse(position)
    expected = R.negamax_value(board)
    result = nm.solve(TicTacToe(position), weak=weak)
    assert result.outcome == outcome_of(expected)
    assert result.lower <= expected <= result.upper
    if weak:
        assert result.value is None
        return
    assert result.value == expected
    assert result.plies == len(result.pv)
    game = TicTacToe(position)
    value = expected
    for i, move in enumerate(result.pv):
        b = R.parse(game.position)
        child = list(b)
        child[move] = R.to_move(b)
        assert -R.negamax_value(child, None, i + 1) == R.negamax_value(b, None, i)  # optimal
        game.play(move)
    assert game.is_terminal()
    del value


INT_TREES = st.one_of(nested_trees(st.integers(-3, 3)), nested_trees(st.integers(-10**6, 10**6)))
FLOAT_TREES = nested_trees(st.sampled_from([-1.5, -0.25, 0.0, 0.5, 2.75]))


def sign_outcome(nested, maximizing, value):
    """The outcome for the side to move at the root: the sign of the value from its side."""
    return outcome_of(value if maximizing else -value)


def check_tree_pv(nested, pv, value):
    node = nested
    for move in pv:
        assert not R.is_leaf(node)
        node = node[move]
    assert R.is_leaf(node) and node == value


@SETTINGS
@given(nested=INT_TREES, maximizing=st.booleans())
def test_trees(nested, maximizing):
    expected = R.minimax(nested, maximizing).value
    result = nm.solve(nm.trees.from_nested(nested, maximizing=maximizing))
    assert result.value == expected
    assert result.lower == result.upper == expected
    assert result.outcome == sign_outcome(nested, maximizing, expected)
    assert result.plies == len(result.pv)
    check_tree_pv(nested, result.pv, expected)
    weak = nm.solve(nm.trees.from_nested(nested, maximizing=maximizing), weak=True)
    assert weak.outcome == result.outcome


@SETTINGS
@given(nested=FLOAT_TREES, maximizing=st.booleans())
def test_trees_with_float_leaves(nested, maximizing):
    tree = nm.trees.from_nested(nested, maximizing=maximizing)
    expected = R.minimax(nested, maximizing).value
    result = nm.solve(tree)
    assert result.value == expected
    check_tree_pv(nested, result.pv, expected)
    assert result.outcome == sign_outcome(nested, maximizing, expected)


@SETTINGS
@given(nested=FLOAT_TREES, maximizing=st.booleans())
def test_trees_with_float_leaves_weak(nested, maximizing):
    tree = nm.trees.from_nested(nested, maximizing=maximizing)
    expected = R.minimax(nested, maximizing).value
    weak = nm.solve(tree, weak=True)
    assert weak.value is None
    assert weak.outcome == sign_outcome(nested, maximizing, expected)
    assert weak.lower <= expected <= weak.upper


@pytest.mark.parametrize("nested,maximizing", [
    ([-1.5, -0.5], True), ([-1.5, -0.25], True), ([0.5, 1.5], False), ([1.5, 2.25], True),
    ([[0.5, 1.5], [2.5, -3.5]], True), ([[-0.5, 0.5], [-1.5]], False), ([0, 0.5], True),
    ([[3, 4], [8, 5]], True), ([3, 4], False), ([0, 0], True),
], ids=str)
def test_tree_outcomes_follow_the_value(nested, maximizing):
    # the outcome is the sign of the value from the side to move, whatever the leaves' type
    expected = R.minimax(nested, maximizing).value
    tree = nm.trees.from_nested(nested, maximizing=maximizing)
    result = nm.solve(tree)
    assert result.value == expected
    assert result.outcome == sign_outcome(nested, maximizing, expected)
    weak = nm.solve(tree, weak=True)
    assert weak.outcome == result.outcome
    assert weak.lower <= expected <= weak.upper
    stopped = nm.solve(tree, node_limit=1)
    assert stopped.lower <= expected <= stopped.upper


def test_uniform_trees():
    for branching, height, seed in [(2, 6, 0), (3, 5, 1), (4, 4, 2), (5, 3, 3), (1, 4, 0)]:
        for maximizing in (True, False):
            tree = nm.trees.uniform(branching, height, seed=seed, maximizing=maximizing)
            nested = R.reshape_uniform(tree.leaf_values.tolist(), branching, height)
            expected = R.minimax(nested, maximizing).value
            result = nm.solve(tree)
            assert result.value == expected
            check_tree_pv(nested, result.pv, expected)


@pytest.mark.parametrize("cls", [Nim, NimWithoutKey])
@pytest.mark.parametrize("heaps", [(1,), (1, 1), (1, 2), (2, 2), (1, 2, 3), (3, 4, 5), (2, 3, 4), (1, 1, 1, 1)],
                         ids=str)
def test_python_nim(heaps, cls):
    expected = R.nim_value(tuple(heaps))
    nim_sum = 0
    for h in heaps:
        nim_sum ^= h
    assert (expected > 0) == (nim_sum != 0)   # nim-sum theory
    game = cls(heaps)
    result = nm.solve(game)
    assert result.value == expected
    assert result.outcome == outcome_of(expected)
    assert result.plies == WIN - abs(expected) == len(result.pv)
    assert game.heaps == list(heaps) and game.history == []
    # each move of the principal variation is optimal, and it takes the last object
    current = list(heaps)
    for i, (heap, count) in enumerate(result.pv):
        child = list(current)
        child[heap] -= count
        assert count >= 1 and child[heap] >= 0
        assert -R.nim_value(tuple(child), i + 1) == R.nim_value(tuple(current), i)
        current = child
    assert sum(current) == 0
    weak = nm.solve(cls(heaps), weak=True)
    assert weak.outcome == result.outcome


# ---------------------------------------------------------------------------------------------
# limits
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("node_limit", [1, 10, 100, 1000, 5000])
def test_node_limit_gives_bounds(node_limit):
    moves = MIDDLE[5]
    expected = nm.search(ConnectFour(moves), None, algorithm="alphabeta").value
    result = nm.solve(ConnectFour(moves), node_limit=node_limit)
    assert result.stats.nodes <= node_limit
    assert result.lower <= expected <= result.upper
    if result.stop_reason == nm.StopReason.NODE_LIMIT:
        assert result.value is None and result.plies is None and result.score is None
        if result.outcome is not None:
            assert result.outcome == outcome_of(expected)
    else:
        assert result.stop_reason == nm.StopReason.COMPLETED
        assert result.value == expected


def test_node_limit_stops_an_early_position():
    result = nm.solve(ConnectFour("4453"), node_limit=20_000)
    assert result.stop_reason == nm.StopReason.NODE_LIMIT
    assert result.value is None
    assert result.lower <= result.upper
    assert result.stats.nodes <= 20_000
    assert -WIN <= result.lower and result.upper <= WIN


def test_time_limit_stops_the_empty_board():
    started = time.monotonic()
    result = nm.solve(ConnectFour(), time_limit=0.3)
    elapsed = time.monotonic() - started
    assert result.stop_reason == nm.StopReason.TIME_LIMIT
    assert result.value is None and result.score is None and result.plies is None
    assert result.lower <= result.upper
    assert result.lower < result.upper  # not solved in 0.3 s
    assert elapsed < 5
    weak = nm.solve(ConnectFour(), weak=True, time_limit=0.2)
    assert weak.stop_reason == nm.StopReason.TIME_LIMIT and weak.outcome is None


def test_generous_limits_complete():
    moves = MIDDLE[0]
    result = nm.solve(ConnectFour(moves), time_limit=60.0, node_limit=10 ** 9)
    assert result.stop_reason == nm.StopReason.COMPLETED
    assert result.value == exact(*parse(moves))


# ---------------------------------------------------------------------------------------------
# bad arguments
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("args,kwargs,error", [
    (("4453",), {}, TypeError),                       # a string is not a game
    ((None,), {}, TypeError),
    ((ConnectFour(), "yes"), {}, TypeError),          # weak must be a bool
    ((ConnectFour(), 1), {}, TypeError),
    ((ConnectFour(),), dict(time_limit=0), ValueError),
    ((ConnectFour(),), dict(time_limit=-1.0), ValueError),
    ((ConnectFour(),), dict(time_limit=math.inf), ValueError),
    ((ConnectFour(),), dict(time_limit="1"), TypeError),
    ((ConnectFour(),), dict(node_limit=0), ValueError),
    ((ConnectFour(),), dict(node_limit=1.5), TypeError),
    ((ConnectFour(),), dict(ordering=None), TypeError),
    ((ConnectFour(),), dict(tt="x"), TypeError),
    ((ConnectFour(),), dict(tt_mb=0), ValueError),
    ((ConnectFour(),), dict(killers=1), TypeError),
    ((ConnectFour(),), dict(depth=3), TypeError),     # solve has no depth
    ((ConnectFour(),), dict(aspiration=True), TypeError),
    ((ConnectFour(),), dict(algorithm="pvs"), TypeError),
    ((NimWithoutKey([1, 2]),), dict(tt=True), ValueError),
])
def test_bad_arguments(args, kwargs, error):
    with pytest.raises(error):
        nm.solve(*args, **kwargs)


def test_solve_leaves_the_game_alone():
    game = ConnectFour("4453")
    before = (game.moves, game.key())
    nm.solve(game, node_limit=5000)
    assert (game.moves, game.key()) == before
    nim = Nim([1, 2, 3])
    nm.solve(nim)
    assert nim.heaps == [1, 2, 3] and nim.history == []


def test_finished_positions():
    # a finished game has nothing left to solve: its value is the result, with no moves
    won = nm.solve(ConnectFour("1212121"))
    assert won.value == -WIN and won.outcome == "loss" and won.plies == 0 and won.pv == ()
    assert won.best_move is None
    drawn = nm.solve(TicTacToe("xoxxoooxx"))
    assert drawn.value == 0 and drawn.outcome == "draw" and drawn.plies == 0 and drawn.pv == ()


def test_crossing_bounds_name_the_repetitions_for_games_that_draw_by_them():
    # A chess or checkers solve can mix values through repetition draws (graph-history
    # interaction): the error says so rather than blame the game's key().
    from negamax.api import _crossing_bounds
    for game in (nm.games.Chess(), nm.games.Checkers()):
        assert game.draws_by_repetition is True
        error = _crossing_bounds(game, 5, 0)
        assert isinstance(error, nm.GameContractError) and "repetition draw" in str(error)
    error = _crossing_bounds(nm.games.ConnectFour(), 5, 0)
    assert "key()" in str(error) and "repetition" not in str(error)


@pytest.mark.parametrize("max_ply", [64, 65, 1000])
@pytest.mark.parametrize("weak", [False, True])
def test_solving_a_python_game_that_is_already_over(max_ply, weak):
    # A weak solve of a game longer than 64 plies asked a lost root for its moves (to name
    # one) even when it was over, and blamed the game for having none.
    class Over(nm.Game):
        def legal_moves(self):
            return []

        def play(self, move):
            raise AssertionError("never called")

        def undo(self):
            raise AssertionError("never called")

        def is_terminal(self):
            return True

        def evaluate(self):
            return -nm.WIN

    Over.max_ply = max_ply
    result = nm.solve(Over(), weak=weak)
    assert (result.outcome, result.best_move, result.pv) == ("loss", None, ())


# --- from a seventh adversarial round ----------------------------------------------------------

def _ttt_value(board: str) -> int:
    """The tic-tac-toe value for the side to move (1 win, 0 draw, -1 loss), by plain minimax."""
    lines = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]

    @lru_cache(maxsize=None)
    def value(cells: str) -> int:
        mover = "x" if cells.count("x") == cells.count("o") else "o"
        other = "o" if mover == "x" else "x"
        if any(all(cells[i] == other for i in line) for line in lines):
            return -1
        if "." not in cells:
            return 0
        return max(-value(cells[:i] + mover + cells[i + 1:]) for i, c in enumerate(cells) if c == ".")

    return value(board)


def test_a_solve_stopped_while_proving_its_line_reports_no_made_up_plies():
    # The bounds had met (a draw proven), the limit struck while the line was being proven:
    # plies came from the unfinished line (3, where tic-tac-toe cannot end in 3 plies). A
    # table of 32 entries loses the bounds the proof would read, so that it searches (with
    # a table that keeps them, this line's proof needs no node).
    seen = 0
    for limit in range(1, 2200, 3):
        result = nm.solve(nm.games.TicTacToe("x........"), node_limit=limit,
                          tt=nm.TranspositionTable(0.001))
        if result.stop_reason is nm.StopReason.COMPLETED:
            assert result.plies == len(result.pv) == 8
            continue
        if result.value is None:
            continue
        seen += 1
        assert result.value == _ttt_value("x........") == 0
        assert result.plies is None
        game = nm.games.TicTacToe("x........")
        for move in result.pv:          # what it gives of the line is legal
            game.play(move)
    assert seen > 0


class _Subtraction(Subtraction):
    """helpers.Subtraction with takes of 1, 3 or 4, a static evaluation and keys: positions
    repeat at different plies, so the table can bring a win from a deeper search's entry."""

    def __init__(self, stones):
        super().__init__(stones)
        self.max_ply = 64       # not the stones: the stacks must not end with the game

    def legal_moves(self):
        return [m for m in (1, 3, 4) if m <= self.stones]

    def evaluate(self):
        return -nm.WIN if self.is_terminal() else self.stones % 7 - 3

    def key(self):
        return self.stones


@lru_cache(maxsize=None)
def _subtraction_end(counters: int) -> int:
    """Plies to the end under best play, signed: > 0 the side to move wins (hurrying), < 0 it
    loses (delaying); a plain recursive reference."""
    moves = [m for m in (1, 3, 4) if m <= counters]
    if not moves:
        return 0    # no move: the side to move has lost, here
    children = [_subtraction_end(counters - m) for m in moves]
    wins = [-c + 1 for c in children if c <= 0]       # the child loses: we win one ply later
    if wins:
        return min(wins)
    return -(max(c for c in children) + 1)


@pytest.mark.parametrize("algorithm", ["pvs", "mtdf", "alphabeta"])
def test_a_win_from_the_table_past_the_depth_gets_its_whole_line(algorithm):
    # The line stopped at the depth (the stacks ended there): 4, 1, 1, 1, 4 for a win in 7.
    checked = 0
    for counters in range(1, 40):
        for depth in range(1, 9):
            result = nm.search(_Subtraction(counters), depth, algorithm=algorithm, tt=True)
            if abs(result.value) <= nm.EVAL_LIMIT:
                continue
            checked += 1
            plies = nm.WIN - abs(result.value)
            game = _Subtraction(counters)
            for move in result.pv:
                assert move in game.legal_moves()
                game.play(move)
            assert len(result.pv) == plies and game.is_terminal()
            # and the value is the game's: a win within the depth is the fastest one
            if result.value > 0 and plies <= depth:
                assert plies == _subtraction_end(counters)
    assert checked > 50


class _ForcedLine(nm.Game):
    """One legal move a ply for `length` plies; the side left without a move loses."""

    max_moves = 1

    def __init__(self, length):
        self.length = self.left = length
        self.max_ply = length + 1

    def legal_moves(self):
        return [0] if self.left else []

    def play(self, move):
        self.left -= 1

    def undo(self):
        self.left += 1

    def is_terminal(self):
        return self.left == 0

    def evaluate(self):
        return -nm.WIN if self.left == 0 else 0

    def key(self):
        return self.left


def test_a_long_forced_line_is_proven_without_a_search_per_ply():
    # Each ply's only move was proven by a search to the end: 2.0 M nodes for 2,000 plies (the
    # length squared over two). Every question of the solver visits at most the length + 1
    # nodes, it asks fewer than 80 (the quick win and loss questions, then a bisection of the
    # score range), and the line then costs nothing to prove.
    length = 2000
    result = nm.solve(_ForcedLine(length))
    # After `length` plies the side to move has none: the root's side when length is even.
    assert result.value == (nm.WIN - length if length % 2 == 1 else -(nm.WIN - length))
    assert result.plies == len(result.pv) == length
    assert result.stats.nodes <= 80 * (length + 1)


def test_plies_to_end_reads_scores_and_refuses_other_numbers():
    """A win p plies away scores WIN - p, a loss -(WIN - p); anything past WIN, or a win that
    is no whole number of plies away, is no score (it gave -5 for WIN + 5, and a huge negative
    number of plies for a tree value of 2**70)."""
    from fractions import Fraction

    from negamax.cli_progress import describe_score

    win = nm.WIN
    for plies in (0, 1, 7, 10_000):
        assert nm.plies_to_end(win - plies) == plies and nm.plies_to_end(-(win - plies)) == plies
        assert nm.plies_to_end(np.int64(win - plies)) == plies
        assert nm.plies_to_end(float(win - plies)) == plies
    assert nm.plies_to_end(Fraction(win - 3)) == 3
    assert nm.plies_to_end(0) is None and nm.plies_to_end(nm.EVAL_LIMIT) is None
    for number in (win + 5, -(win + 5), 2**70, win - 2.5, float("inf"), float("-inf")):
        with pytest.raises(ValueError, match="no win or loss score"):
            nm.plies_to_end(number)
    for nan in (float("nan"), np.float64("nan")):     # it gave None, as for a heuristic value
        with pytest.raises(ValueError, match="no score"):
            nm.plies_to_end(nan)
    for other in (True, None, "999999997"):            # True gave None, None a bare comparison error
        with pytest.raises(TypeError, match="plies_to_end takes a score"):
            nm.plies_to_end(other)
    # The command line's words for a tree's own big number: a score, not a win.
    assert describe_score(2**70, exact=True) == f"score +{2**70}"
