"""Native tic-tac-toe: the full game tree, values of every reachable position, depth-limited search,
principal variations, parsing and printing, and an exhaustive never-loses check."""

from __future__ import annotations

import numpy as np
import pytest

import negamax as nm
import reference as R
from helpers import ALGORITHMS, ttt_state

TicTacToe = nm.games.TicTacToe

# Known figures of tic-tac-toe: the full game tree (every game played to its end)
FULL_TREE_NODES = 549_946  # positions entered, the empty board included
FULL_TREE_LEAVES = 255_168  # finished games

REACHABLE = R.reachable_positions()  # {position string: ply}, 5,478 positions
assert len(REACHABLE) == 5478


def positions_at(ply):
    return sorted(p for p, k in REACHABLE.items() if k == ply)


def sample_positions(step=37):
    ordered = sorted(REACHABLE)
    return ordered[::step]


def board_of(position):
    return R.parse(position)


def test_constants():
    assert nm.WIN == 1_000_000_000
    assert nm.EVAL_LIMIT == 999_989_999


# ---------------------------------------------------------------------------------------------
# full tree from the empty board
# ---------------------------------------------------------------------------------------------


def test_reference_full_tree_counts():
    assert R.count_tree([0] * 9) == (FULL_TREE_NODES, FULL_TREE_LEAVES, 9)
    assert R.negamax_value([0] * 9) == 0


@pytest.mark.parametrize("ordering", [True, False])
@pytest.mark.parametrize("algorithm", ["minimax", "negamax"])
def test_full_tree(algorithm, ordering):
    game = TicTacToe()
    res = nm.search(game, depth=None, algorithm=algorithm, ordering=ordering)
    assert res.value == 0  # tic-tac-toe is a draw
    assert res.stats.nodes == FULL_TREE_NODES
    assert res.stats.leaves == FULL_TREE_LEAVES
    assert res.stats.max_ply == 9
    assert res.stats.cutoffs == 0
    assert res.stats.iterations == 1
    assert res.stop_reason == nm.StopReason.COMPLETED
    assert res.algorithm == algorithm
    assert res.best_move in range(9)


@pytest.mark.parametrize("ordering", [True, False])
def test_full_alphabeta_from_empty(ordering):
    res = nm.search(TicTacToe(), algorithm="alphabeta", ordering=ordering)
    ref = R.alphabeta_ttt([0] * 9, None, ordering)
    assert res.value == 0 == ref.value
    assert res.stats.nodes == ref.nodes
    assert res.stats.leaves == ref.leaves
    assert res.stats.max_ply == ref.max_ply == 9
    assert ref.cutoffs_strict <= res.stats.cutoffs <= ref.cutoffs
    assert res.stats.leaves < FULL_TREE_LEAVES
    assert res.stop_reason == nm.StopReason.COMPLETED


# ---------------------------------------------------------------------------------------------
# the game object: every reachable position
# ---------------------------------------------------------------------------------------------


def test_every_reachable_position_matches_reference_rules():
    for position in REACHABLE:
        board = board_of(position)
        game = TicTacToe(position)
        assert game.position == position
        assert game.board.tolist() == [board[0:3], board[3:6], board[6:9]]
        assert game.to_move == R.to_move(board)
        assert game.is_terminal() == R.is_terminal(board)
        assert game.winner == R.winner_of(board)
        assert list(game.legal_moves()) == R.legal_moves(board)
        assert game.evaluate() == R.evaluate(board), position


def test_reachable_by_play_and_undo():
    """Playing moves from the empty board reaches every position, and undo walks back exactly
    (each move of each position once: a position met again by another order of the same
    moves is not walked again, which took the 549,946 paths of the game 10 s)."""
    game = TicTacToe()
    seen = set()

    def walk():
        pos = game.position
        if pos in seen:
            return
        seen.add(pos)
        for m in list(game.legal_moves()):
            before = ttt_state(game)
            game.play(m)
            walk()
            game.undo()
            assert ttt_state(game) == before

    walk()
    assert seen == set(REACHABLE)


def test_terminal_positions_legal_moves_empty():
    for position in REACHABLE:
        board = board_of(position)
        if R.is_terminal(board):
            game = TicTacToe(position)
            assert list(game.legal_moves()) == []
            assert game.evaluate() in (0, -nm.WIN)


def test_values_of_every_reachable_position_alphabeta():
    for position in sorted(REACHABLE):
        board = board_of(position)
        res = nm.search(TicTacToe(position), algorithm="alphabeta")
        expected = R.negamax_value(board)
        assert res.value == expected, position
        if R.is_terminal(board):
            assert res.best_move is None
            assert tuple(res.pv) == ()
            assert res.stats.nodes == 1 and res.stats.leaves == 1
        else:
            # the best move keeps the value: -(value of the child, one ply further away)
            child = list(board)
            child[res.best_move] = R.to_move(board)
            assert -R.negamax_value(child, None, 1) == expected, position


@pytest.mark.parametrize("ply", [2, 3, 4])
def test_values_after_some_moves_all_algorithms(ply):
    for position in positions_at(ply):
        board = board_of(position)
        expected = R.negamax_value(board)
        if ply >= 4:
            assert R.minimax_value(board) == expected
        for algorithm in ALGORITHMS:
            if algorithm != "alphabeta" and ply < 4:
                continue  # minimax over these subtrees is covered by the counts below
            res = nm.search(TicTacToe(position), algorithm=algorithm)
            assert res.value == expected, (position, algorithm)


@pytest.mark.parametrize("ply", [4, 5, 6])
@pytest.mark.parametrize("algorithm", ["minimax", "negamax"])
def test_full_counts_after_some_moves(ply, algorithm):
    for position in positions_at(ply):
        nodes, leaves, max_ply = R.count_tree(board_of(position))
        res = nm.search(TicTacToe(position), algorithm=algorithm)
        assert (res.stats.nodes, res.stats.leaves, res.stats.max_ply) == (nodes, leaves, max_ply), position


@pytest.mark.parametrize("ordering", [True, False])
def test_alphabeta_counts_match_reference(ordering):
    for position in sample_positions(7):
        board = board_of(position)
        ref = R.alphabeta_ttt(board, None, ordering)
        res = nm.search(TicTacToe(position), algorithm="alphabeta", ordering=ordering)
        assert res.value == ref.value
        assert res.stats.nodes == ref.nodes, position
        assert res.stats.leaves == ref.leaves, position
        assert res.stats.max_ply == ref.max_ply, position
        assert ref.cutoffs_strict <= res.stats.cutoffs <= ref.cutoffs, position


def test_win_scores_carry_distance():
    # x to move wins at once: WIN - 1
    assert nm.search(TicTacToe("xx.oo....")).value == nm.WIN - 1
    # o to move (x has one more mark) wins at once too
    assert nm.search(TicTacToe("xx.oo.x..")).value == nm.WIN - 1
    # a finished game, seen by the loser to move: -WIN at ply 0
    lost = TicTacToe("xxxoo....")
    assert lost.evaluate() == -nm.WIN
    assert nm.search(lost).value == -nm.WIN
    assert nm.search(lost).best_move is None
    # a full-board draw
    drawn = TicTacToe("xoxxoooxx")
    assert drawn.is_terminal() and drawn.winner == 0
    assert nm.search(drawn).value == 0
    # every reachable won/lost value has the form +-(WIN - p) with p the plies to the end
    for position in sample_positions(11):
        v = nm.search(TicTacToe(position)).value
        assert v == 0 or abs(v) > nm.EVAL_LIMIT
        if v != 0:
            p = nm.WIN - abs(v)
            assert 0 <= p <= 9 - REACHABLE[position]


# ---------------------------------------------------------------------------------------------
# depth-limited search
# ---------------------------------------------------------------------------------------------

DEPTH_POSITIONS = [".........", "....x....", "x...o....", "x.o.x....", "xo.......",
                   ".x..o..x.", "xo..x...o", "xox.o....", "oxx.o.x..", "x.o.o.x.."]


@pytest.mark.parametrize("position", DEPTH_POSITIONS)
def test_depth_positions_are_reachable(position):
    assert position in REACHABLE


@pytest.mark.parametrize("depth", [0, 1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_depth_limited_values(algorithm, depth):
    for position in DEPTH_POSITIONS + sample_positions(101):
        board = board_of(position)
        expected = R.negamax_value(board, depth)
        res = nm.search(TicTacToe(position), depth=depth, algorithm=algorithm)
        assert res.value == expected, (position, depth)
        assert res.depth == depth
        if depth == 0 or R.is_terminal(board):
            assert res.best_move is None
            assert tuple(res.pv) == ()
            assert res.stats.nodes == 1 and res.stats.leaves == 1


@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5])
def test_depth_limited_minimax_form_agrees(depth):
    for position in DEPTH_POSITIONS:
        board = board_of(position)
        assert R.minimax_value(board, depth) == R.negamax_value(board, depth)


@pytest.mark.parametrize("depth", [0, 1, 2, 3, 4, 5, 7])
@pytest.mark.parametrize("algorithm", ["minimax", "negamax"])
def test_depth_limited_counts(algorithm, depth):
    for position in DEPTH_POSITIONS:
        nodes, leaves, max_ply = R.count_tree(board_of(position), depth)
        for ordering in (True, False):
            res = nm.search(TicTacToe(position), depth=depth, algorithm=algorithm, ordering=ordering)
            assert (res.stats.nodes, res.stats.leaves, res.stats.max_ply) == (nodes, leaves, max_ply)


@pytest.mark.parametrize("ordering", [True, False])
@pytest.mark.parametrize("depth", [1, 2, 3, 4, 5, 6, 8])
def test_depth_limited_alphabeta_counts(depth, ordering):
    for position in DEPTH_POSITIONS:
        ref = R.alphabeta_ttt(board_of(position), depth, ordering)
        res = nm.search(TicTacToe(position), depth=depth, algorithm="alphabeta", ordering=ordering)
        assert res.value == ref.value
        assert res.stats.nodes == ref.nodes, (position, depth)
        assert res.stats.leaves == ref.leaves, (position, depth)
        assert res.stats.max_ply == ref.max_ply
        assert ref.cutoffs_strict <= res.stats.cutoffs <= ref.cutoffs


# ---------------------------------------------------------------------------------------------
# principal variation and no mutation
# ---------------------------------------------------------------------------------------------


def check_pv(position, depth, res):
    """Replaying the PV is legal, every position on it keeps the root value, and it runs to the
    horizon or the end of the game."""
    board = board_of(position)
    pv = tuple(res.pv)
    if R.is_terminal(board) or depth == 0:
        assert pv == ()
        return
    assert pv and pv[0] == res.best_move
    game = TicTacToe(position)
    sign = 1
    for k, move in enumerate(pv):
        assert move in list(game.legal_moves())
        game.play(move)
        board[move] = R.to_move(board)
        sign = -sign
        remaining = None if depth is None else depth - k - 1
        assert sign * R.negamax_value(board, remaining, k + 1) == res.value, (position, pv)
    assert game.position == R.to_string(board)
    assert game.is_terminal() or len(pv) == depth


@pytest.mark.parametrize("depth", [None, 1, 2, 3, 5])
@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_pv_replays(algorithm, depth):
    for position in DEPTH_POSITIONS + sample_positions(53):
        res = nm.search(TicTacToe(position), depth=depth, algorithm=algorithm)
        check_pv(position, depth, res)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_search_does_not_mutate_game(algorithm):
    game = TicTacToe()
    game.play(4)
    game.play(0)
    before = ttt_state(game)
    for depth in (None, 0, 1, 3):
        nm.search(game, depth=depth, algorithm=algorithm)
        assert ttt_state(game) == before
    nm.search(game, node_limit=500)
    assert ttt_state(game) == before
    # the move history is intact too
    game.undo()
    game.undo()
    assert game.position == "........."
    with pytest.raises(ValueError):
        game.undo()


# ---------------------------------------------------------------------------------------------
# the engine never loses, whatever the opponent plays
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("engine_side", [1, -1])
def test_engine_never_loses(engine_side):
    game = TicTacToe()
    cache = {}
    finished = {"games": 0}

    def engine_move():
        pos = game.position
        if pos not in cache:
            res = nm.search(game, algorithm="alphabeta", depth=None)
            assert res.value == R.negamax_value(board_of(pos)), pos
            assert res.value >= 0, pos  # never worse than a draw once the engine has played well
            cache[pos] = res.best_move
        return cache[pos]

    def play_out():
        if game.is_terminal():
            assert game.winner in (engine_side, 0), game.position
            finished["games"] += 1
            return
        if game.to_move == engine_side:
            move = engine_move()
            assert move in list(game.legal_moves())
            game.play(move)
            play_out()
            game.undo()
        else:
            for move in list(game.legal_moves()):
                game.play(move)
                play_out()
                game.undo()

    play_out()
    assert finished["games"] > 0
    assert game.position == "........."


# ---------------------------------------------------------------------------------------------
# parsing, printing, board, key
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text,position", [
    (".........", "........."),
    ("x........", "x........"),
    ("X...O....", "x...o...."),
    ("x.o/.x./o..", "x.o.x.o.."),
    ("x.o\n.x.\no..", "x.o.x.o.."),
    ("  x . o / . x . / o . .  ", "x.o.x.o.."),
    ("XOX/OXO/..X", "xoxoxo..x"),
    ("\tx\t.\to.x.o..", "x.o.x.o.."),
])
def test_parse(text, position):
    game = TicTacToe(text)
    assert game.position == position
    assert game.board.tolist() == np.array(R.parse(position)).reshape(3, 3).tolist()
    assert TicTacToe(game.position).position == position


def test_default_is_empty_board():
    game = TicTacToe()
    assert game.position == "........."
    assert game.to_move == 1
    assert game.winner is None
    assert not game.is_terminal()
    assert list(game.legal_moves()) == list(range(9))


@pytest.mark.parametrize("bad", [
    "", "x", "........", "..........", "xo", "abc......", "x...0....", "x...#....", "x...*....",
    "xx.......",  # x two marks ahead
    "o........",  # o moved first
    "oo.x.....",
    "xxxx.oo..",
    "xxxooo...",  # two winners
    "xxx/ooo/x.o",  # two winners, x one ahead
])
def test_parse_rejects(bad):
    with pytest.raises(ValueError):
        TicTacToe(bad)


@pytest.mark.parametrize("bad", ["x..-.....", "x.._....."])
def test_parse_rejects_other_empty_markers(bad):
    """The spec's alphabet is 'x', 'o', '.' (plus ignored whitespace and '/'): '-' and '_' are not
    in it."""
    with pytest.raises(ValueError):
        TicTacToe(bad)


@pytest.mark.parametrize("bad", [123, None, ["x"] * 9])
def test_parse_rejects_non_strings(bad):
    with pytest.raises((TypeError, ValueError)):
        TicTacToe(bad)


def test_str_draws_a_grid():
    for position in sample_positions(101) + ["xoxoxo..x", "........."]:
        game = TicTacToe(position)
        text = str(game)
        lines = [line for line in text.splitlines() if line.strip()]
        assert len(lines) >= 3
        marks = [ch for ch in text.lower() if ch in "xo"]
        assert marks == [ch for ch in position if ch in "xo"]


def test_board_is_read_only_int8():
    game = TicTacToe("x...o....")
    board = game.board
    assert isinstance(board, np.ndarray)
    assert board.dtype == np.int8
    assert board.shape == (3, 3)
    with pytest.raises(ValueError):
        board[0, 1] = 1
    assert game.position == "x...o...."


@pytest.mark.parametrize("dtype", [np.int8, np.int16, np.int32, np.int64])
@pytest.mark.parametrize("shape", [(3, 3), (9,)])
def test_from_board(dtype, shape):
    for position in sample_positions(211) + ["xoxoxo..x"]:
        arr = np.array(R.parse(position), dtype=dtype).reshape(shape)
        game = TicTacToe.from_board(arr)
        assert game.position == position
        assert game.to_move == R.to_move(R.parse(position))


def test_from_board_does_not_alias_input():
    arr = np.zeros(9, dtype=np.int64)
    game = TicTacToe.from_board(arr)
    arr[4] = 1
    assert game.position == "........."


def test_key():
    keys = {}
    for position in REACHABLE:
        key = TicTacToe(position).key()
        assert isinstance(key, int)
        assert -(2**63) <= key < 2**64
        keys[position] = key
    # equal positions, equal keys; different positions almost surely different keys
    assert len(set(keys.values())) == len(keys)
    a = TicTacToe()
    for m in (0, 4, 8):
        a.play(m)
    b = TicTacToe()
    for m in (8, 4, 0):
        b.play(m)
    assert a.position == b.position
    assert a.key() == b.key() == keys[a.position]
    k = a.key()
    a.play(1)
    assert a.key() != k
    a.undo()
    assert a.key() == k


def test_copy_is_independent():
    game = TicTacToe("x...o....")
    copy = game.copy()
    copy.play(8)
    assert game.position == "x...o...."
    assert copy.position == "x...o...x"
    copy.undo()
    assert copy.position == game.position


@pytest.mark.parametrize("position", ["xxxoo....", "xoxoxoxox", "xoxxoooxx", "ooo.xx.x."])
def test_play_on_finished_game(position):
    board = R.parse(position)
    assert R.is_terminal(board) and position in REACHABLE
    game = TicTacToe(position)
    before = ttt_state(game)
    for m in range(9):
        with pytest.raises(ValueError):
            game.play(m)
    assert ttt_state(game) == before
