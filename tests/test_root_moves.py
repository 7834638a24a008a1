"""search(root_moves=...): only the moves named are searched at the root (UCI's `go
searchmoves`). Every expected value comes from a plain recursive reference in tests/reference.py
or in this file, applied to the children the search may choose among."""

from __future__ import annotations

import random

import chess
import numpy as np
import pytest

import negamax as nm
import reference as R
from chess_helpers import gives_mate
from helpers import ObjectSubtraction, Take
from keyed_nim import Nim, PlainNim
from negamax.games import Chess, ConnectFour, TicTacToe

ENGINE_ALGORITHMS = ("alphabeta", "pvs", "mtdf")
ALL_ALGORITHMS = ("minimax", "negamax") + ENGINE_ALGORITHMS


def random_nested(rng: random.Random, depth: int):
    """A random tree of nested lists: 1-4 children per node, leaves in -20..20."""
    if depth == 0 or (depth < 3 and rng.random() < 0.2):
        return rng.randint(-20, 20)
    return [random_nested(rng, depth - 1) for _ in range(rng.randint(1, 4))]


# --- explicit trees ------------------------------------------------------------------------

@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("algorithm", ALL_ALGORITHMS)
def test_tree_value_is_the_best_of_the_chosen_children(seed, algorithm):
    rng = random.Random(seed)
    nested = random_nested(rng, 5)
    while not isinstance(nested, list):
        nested = random_nested(rng, 5)
    maximizing = seed % 2 == 0
    tree = nm.trees.from_nested(nested, maximizing=maximizing)
    child_values = [R.minimax(child, not maximizing).value for child in nested]
    pick = max if maximizing else min
    for size in range(1, len(nested) + 1):
        chosen = rng.sample(range(len(nested)), size)
        result = nm.search(tree, algorithm=algorithm, root_moves=chosen)
        assert result.value == pick(child_values[i] for i in chosen)
        assert result.best_move in chosen
        assert child_values[result.best_move] == result.value


@pytest.mark.parametrize("ordering", ["random", "best", "worst"])
def test_uniform_tree_restricted_root(ordering):
    tree = nm.trees.uniform(4, 6, ordering=ordering, seed=3)
    nested = R.reshape_uniform(list(tree.leaf_values), 4, 6)
    child_values = [R.minimax(child, False).value for child in nested]
    for chosen in ([0], [3], [1, 2], [2, 0, 3]):
        for algorithm in ALL_ALGORITHMS:
            result = nm.search(tree, algorithm=algorithm, root_moves=chosen)
            assert result.value == max(child_values[i] for i in chosen), (chosen, algorithm)
            assert result.best_move in chosen


# --- tic-tac-toe: every reachable position, every move alone -------------------------------

def test_tictactoe_each_move_alone_matches_the_reference():
    positions = sorted(R.reachable_positions())
    rng = random.Random(5)
    for position in rng.sample(positions, 60):
        board = R.parse(position)
        if R.is_terminal(board):
            continue
        game = TicTacToe(position)
        for move in game.legal_moves():
            child = list(board)
            child[move] = R.to_move(board)
            expected = -R.negamax_value(child, ply=1)
            for algorithm in ALL_ALGORITHMS:
                result = nm.search(game, algorithm=algorithm, root_moves=[move])
                assert (result.value, result.best_move) == (expected, move), (board, move, algorithm)


def test_depth_limited_restricted_search_matches_the_reference():
    board = [1, 0, 0, 0, -1, 0, 0, 0, 0]
    game = TicTacToe(R.to_string(board))
    for depth in (1, 2, 3):
        for chosen in ([1, 2], [8], [3, 5, 7]):
            expected = max(-R.negamax_value(_played(board, m), depth - 1, ply=1) for m in chosen)
            for algorithm in ALL_ALGORITHMS:
                result = nm.search(game, depth, algorithm=algorithm, root_moves=chosen)
                assert result.value == expected, (depth, chosen, algorithm)
                assert result.best_move in chosen


def _played(board, move):
    child = list(board)
    child[move] = R.to_move(board)
    return child


# --- Connect Four: safe moves and the table at the root -----------------------------------

def c4_value(columns, to_move, ply, width=7, height=6):
    """Plain negamax of a Connect Four position (columns: lists of 1/-1 stones, bottom first),
    WIN - ply scoring; no pruning, for positions a few plies from the end."""
    best = None
    for col in range(width):
        if len(columns[col]) == height:
            continue
        columns[col].append(to_move)
        if _four_at(columns, col, to_move, width, height):
            value = R.WIN - (ply + 1)
        elif all(len(c) == height for c in columns):
            value = 0
        else:
            value = -c4_value(columns, -to_move, ply + 1, width, height)
        columns[col].pop()
        best = value if best is None else max(best, value)
    return best


def _four_at(columns, col, player, width, height):
    row = len(columns[col]) - 1

    def stone(c, r):
        return columns[c][r] if 0 <= c < width and 0 <= r < len(columns[c]) else 0

    for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run = 1
        for sign in (1, -1):
            c, r = col + sign * dc, row + sign * dr
            while stone(c, r) == player:
                run += 1
                c, r = c + sign * dc, r + sign * dr
        if run >= 4:
            return True
    return False


def c4_columns(moves):
    columns = [[] for _ in range(7)]
    player = 1
    for ch in moves:
        columns[int(ch) - 1].append(player)
        player = -player
    return columns, player


def c4_random_position(seed, stones):
    """The moves of a random game still open after `stones` stones (a few plies from the
    end, where a plain negamax in Python is quick)."""
    rng = random.Random(seed)
    while True:
        columns, to_move, moves = [[] for _ in range(7)], 1, ""
        while len(moves) < stones:
            col = rng.choice([c for c in range(7) if len(columns[c]) < 6])
            columns[col].append(to_move)
            moves += str(col + 1)
            if _four_at(columns, col, to_move, 7, 6):
                break
            to_move = -to_move
        else:
            return moves


C4_POSITIONS = [c4_random_position(seed, 33 + seed % 3) for seed in range(6)]


@pytest.mark.parametrize("moves", C4_POSITIONS)
def test_connect4_each_move_alone_matches_a_plain_negamax(moves):
    game = ConnectFour(moves)
    columns, to_move = c4_columns(moves)
    for move in game.legal_moves():
        columns[move - 1].append(to_move)
        if _four_at(columns, move - 1, to_move, 7, 6):
            expected = R.WIN - 1
        elif all(len(c) == 6 for c in columns):
            expected = 0
        else:
            expected = -c4_value(columns, -to_move, 1)
        columns[move - 1].pop()
        for algorithm in ENGINE_ALGORITHMS:
            result = nm.search(game, algorithm=algorithm, root_moves=[move])
            assert (result.value, result.best_move) == (expected, move), (moves, move, algorithm)


@pytest.mark.parametrize("algorithm", ENGINE_ALGORITHMS)
def test_connect4_restricted_search_leaves_the_table_right(algorithm):
    """The value of a root restricted to its worst move is not the position's: a later search
    of the parent, sharing the table, meets the position as a child and must still find the
    parent's true value. (The engine keeps such a root out of the table, and a new search
    reads only its own generation of entries: either keeps this right.)"""
    checked = 0
    for moves in C4_POSITIONS:
        columns, to_move = c4_columns(moves)
        game = ConnectFour(moves)
        values = {m: nm.search(game, algorithm="pvs", root_moves=[m]).value
                  for m in game.legal_moves()}
        worst = min(values, key=values.get)
        if values[worst] == max(values.values()):
            continue                       # every move is as good: nothing to mislead with
        parent_moves = moves[:-1]
        parent_columns, parent_to_move = c4_columns(parent_moves)
        expected = c4_value(parent_columns, parent_to_move, 0)
        table = nm.TranspositionTable(1)
        nm.search(game, algorithm=algorithm, tt=table, root_moves=[worst])
        assert nm.search(ConnectFour(parent_moves), algorithm=algorithm, tt=table).value == expected
        checked += 1
    assert checked >= 2


def test_connect4_moves_in_any_notation_and_order():
    game = ConnectFour("4444")
    by_int = nm.search(game, 5, algorithm="pvs", root_moves=[3, 5])
    by_text = nm.search(game, 5, algorithm="pvs", root_moves=["5", "3", 5])
    assert (by_int.value, by_int.best_move) == (by_text.value, by_text.best_move)
    assert by_int.best_move in (3, 5)


# --- chess: a mate left out, threads ------------------------------------------------------

MATE_IN_ONE = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"


@pytest.mark.parametrize("threads", [1, 2])
def test_chess_mate_left_out_is_not_found(threads):
    board = chess.Board(MATE_IN_ONE)
    mates = [m.uci() for m in board.legal_moves if gives_mate(board, m)]
    assert mates == ["a1a8"]
    others = ["a1a2", "g1f2", "a1b1"]
    result = nm.search(Chess(MATE_IN_ONE), 4, algorithm="pvs", threads=threads, root_moves=others)
    assert result.best_move in others and result.value < nm.EVAL_LIMIT
    with_mate = nm.search(Chess(MATE_IN_ONE), 4, algorithm="pvs", threads=threads,
                          root_moves=others + [chess.Move.from_uci("a1a8")])
    assert (with_mate.best_move, with_mate.value) == ("a1a8", nm.WIN - 1)


def test_chess_stopped_search_names_a_chosen_move():
    result = nm.search(Chess(), algorithm="pvs", node_limit=5, root_moves=["h2h3", "a2a3"])
    assert result.best_move in ("h2h3", "a2a3", None)
    timed = nm.search(Chess(), algorithm="pvs", time_limit=0.2, root_moves=["b1a3"])
    assert timed.best_move == "b1a3" and timed.pv[0] == "b1a3"


# --- Python games -------------------------------------------------------------------------

@pytest.mark.parametrize("game_type", [Nim, PlainNim])
def test_python_game_each_move_alone_matches_the_reference(game_type):
    heaps = (1, 2, 3)
    game = game_type(heaps)
    for move in game.legal_moves():
        child = list(heaps)
        child[move[0]] -= move[1]
        expected = -R.nim_value(tuple(child), 1)
        for algorithm in ALL_ALGORITHMS if game_type is Nim else ("minimax", "negamax", "alphabeta"):
            result = nm.search(game, algorithm=algorithm, root_moves=[move])
            assert (result.value, result.best_move) == (expected, move), (move, algorithm)


def test_python_game_moves_that_equal_only_themselves_are_taken_as_legal_moves_gives_them():
    # The search runs on a copy of the game, whose move objects are others: the caller's own
    # move counts by its place in the caller's list. Five stones (take 1 to 3, the last
    # wins): taking 1 leaves 4, lost for the side to move; taking 2 leaves 3, won.
    game = ObjectSubtraction(5, fresh=False)
    take_one, take_two, _ = game.legal_moves()
    win = nm.search(game, root_moves=[take_one])
    loss = nm.search(game, root_moves=[take_two])
    assert win.value > 0 and win.best_move.count == 1
    assert loss.value < 0 and loss.best_move.count == 2
    with pytest.raises(ValueError, match="is not a legal move here"):
        nm.search(game, root_moves=[Take(1)])        # equal to none of the game's moves


# --- bad input -----------------------------------------------------------------------------

def test_bad_root_moves_raise_named_errors():
    game = TicTacToe()
    with pytest.raises(TypeError, match="root_moves must be a list of moves"):
        nm.search(game, root_moves="4")
    with pytest.raises(TypeError, match="root_moves must be a list of moves"):
        nm.search(game, root_moves=4)
    with pytest.raises(ValueError, match="root_moves is empty"):
        nm.search(game, root_moves=[])
    with pytest.raises(ValueError, match="9 is not a legal move"):
        nm.search(game, root_moves=[0, 9])
    with pytest.raises(ValueError, match="True is not a legal move"):
        nm.search(game, root_moves=[True])
    # numpy's bool and a float are no integer moves either, as play() refuses them
    tree = nm.trees.from_nested([[[3, 4], [8, [-2, 10], 5]], 7])
    for move in (np.bool_(True), 1.0, np.float64(1.0)):
        with pytest.raises(ValueError, match="is not a legal move"):
            nm.search(tree, root_moves=[move])
        with pytest.raises(ValueError, match="is not a legal move"):
            nm.search(game, root_moves=[move])
    assert nm.search(tree, root_moves=[np.int64(1)]).value == 7     # an integer of numpy's: move 1
    with pytest.raises(ValueError, match="'e2e5' is not a legal move"):
        nm.search(Chess(), root_moves=["e2e4", "e2e5"])
    with pytest.raises(ValueError, match="the game is over"):
        nm.search(TicTacToe("xxxoo...."), root_moves=[5])
    with pytest.raises(TypeError, match="root_moves"):
        nm.search_many([game], root_moves=[0])
    with pytest.raises(TypeError):
        nm.solve(game, root_moves=[0])
    with pytest.raises(TypeError, match="root_moves"):
        nm.analyze([game], root_moves=[0], workers=1)


def test_a_zero_dimensional_array_is_no_list_of_moves():
    with pytest.raises(TypeError, match="root_moves must be a list of moves"):
        nm.search(nm.games.ConnectFour(), depth=2, root_moves=np.array(4))



class _WideRoot(nm.Game):
    """`width` moves at the root, one move after each, then the end. Counts, on the class
    (the search runs on a copy), the times a root's moves are listed."""

    root_listings = 0

    def __init__(self, width):
        self.width, self.history = width, []
        self.max_moves = width
        self.max_ply = 2

    def legal_moves(self):
        if not self.history:
            type(self).root_listings += 1
            return list(range(self.width))
        return [0]

    def play(self, move):
        self.history.append(move)

    def undo(self):
        self.history.pop()

    def is_terminal(self):
        return len(self.history) >= 2

    def evaluate(self):
        return -(self.history[0] * 7919 % 1009)


@pytest.mark.parametrize("width", [50, 5_000])
def test_root_moves_of_a_wide_python_game_read_its_root_a_few_times(width):
    # Each root move was decoded by replaying it: one legal_moves() call per root move
    # before the search began (quadratic work: 26 s for 20,000 moves, past any time limit).
    _WideRoot.root_listings = 0
    result = nm.search(_WideRoot(width), root_moves=[5, 7], time_limit=60)
    assert result.best_move == max((5, 7), key=lambda move: -(move * 7919 % 1009))
    assert _WideRoot.root_listings <= 10


# --- decoding the root's moves ---------------------------------------------------------------

def test_decode_root_moves_names_each_root_move_as_the_game_does():
    """NativeGame.decode_root_moves (what root_moves reads the root through) gives each move
    in the game's own notation: Connect Four's 1-based columns, chess's UCI as python-chess
    lists the same position's moves, tic-tac-toe's squares as legal_moves() gives them."""
    from negamax.game import NativeGame
    from negamax.games import Checkers

    c4 = ConnectFour("4455")
    codes = NativeGame.legal_moves(c4)
    assert c4.decode_root_moves(codes) == [code + 1 for code in codes]
    board = chess.Board("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3")
    game = Chess(board.fen())
    codes = NativeGame.legal_moves(game)
    decoded = game.decode_root_moves(codes)
    assert len(decoded) == len(codes)
    assert set(decoded) == {move.uci() for move in board.legal_moves}
    assert decoded == [game.decode_line([code])[0] for code in codes]
    ttt = TicTacToe()
    ttt.play(4)
    assert ttt.decode_root_moves(NativeGame.legal_moves(ttt)) == ttt.legal_moves()
    draughts = Checkers()
    assert draughts.decode_root_moves(NativeGame.legal_moves(draughts)) == draughts.legal_moves()


class _CountedInt(int):
    """An int move that counts, on the class, the comparisons made with it."""

    compared = 0

    def __eq__(self, other):
        type(self).compared += 1
        return int(self) == other

    __hash__ = int.__hash__


def test_a_long_root_moves_list_is_matched_in_one_pass():
    """Each move of root_moves is looked up, not compared with every legal move: 500 moves of
    a 5,000-move root took 2.5 million comparisons before the search (a docs tester's 1,000
    of 20,000: 26 s, outside any time limit)."""
    chosen = [_CountedInt(move) for move in range(0, 5_000, 10)]
    _CountedInt.compared = 0
    result = nm.search(_WideRoot(5_000), root_moves=chosen, time_limit=60)
    assert result.best_move == max(chosen, key=lambda move: -(move * 7919 % 1009))
    assert _CountedInt.compared <= 3 * len(chosen)
    tree = nm.trees.from_nested(list(range(5_000)))
    _CountedInt.compared = 0
    assert nm.search(tree, root_moves=chosen).best_move == max(chosen)
    assert _CountedInt.compared <= 3 * len(chosen)


def test_root_moves_match_unhashable_and_equal_but_distinct_moves():
    # names that do not hash are compared one by one; numpy ints find their int, True and
    # 1.0 find no move 1, and "4" finds Connect Four's 4 by its text
    assert nm.search(ConnectFour(), 2, root_moves=[np.int64(4)]).best_move == 4
    assert nm.search(ConnectFour(), 2, root_moves=["4"]).best_move == 4
    for wrong in (True, 1.0):
        with pytest.raises(ValueError, match="is not a legal move"):
            nm.search(TicTacToe(), 1, root_moves=[wrong])
    with pytest.raises(ValueError, match="is not a legal move"):
        nm.search(ConnectFour(), 2, root_moves=[[4]])       # an unhashable move


class _CountedList(list):
    """A move that does not hash (a list), counting on the class the comparisons made with it."""

    compared = 0

    def __eq__(self, other):
        type(self).compared += 1
        return list.__eq__(self, other)

    __hash__ = None


class _ListMoves(nm.Game):
    """A root of `width` moves that are lists (unhashable), one ply deep."""

    def __init__(self, width):
        self.width, self.history = width, []
        self.max_moves = width

    def legal_moves(self):
        return [[move, move + 1] for move in range(self.width)] if not self.history else []

    def play(self, move):
        self.history.append(move)

    def undo(self):
        self.history.pop()

    def is_terminal(self):
        return bool(self.history)

    def evaluate(self):
        return -(self.history[0][0] * 7919 % 1009) if self.history else 0


def test_unhashable_root_moves_are_looked_up_too():
    # Moves that are lists: found by how they are written, each checked for equality, not
    # compared with every legal move (3,000 of 4,000: 12.6 s before the search).
    chosen = [_CountedList([move, move + 1]) for move in range(0, 4_000, 2)]
    _CountedList.compared = 0
    result = nm.search(_ListMoves(4_000), root_moves=chosen, time_limit=60)
    # the mover's value of a move is minus the evaluation after it (the opponent's)
    assert result.best_move == max(chosen, key=lambda move: move[0] * 7919 % 1009)
    assert _CountedList.compared <= 3 * len(chosen)
    with pytest.raises(ValueError, match="is not a legal move"):
        nm.search(_ListMoves(10), root_moves=[[3, 5]])


@pytest.mark.parametrize("order", [[7, 1, 4, 2], [1, 2, 4, 7], [4, 7, 2, 1]])
def test_the_order_root_moves_are_given_in_changes_nothing(order):
    # the engine keeps them sorted and bisects; the root's own move order is searched
    game = ConnectFour("4453")
    expected = nm.search(game, 6, root_moves=[1, 2, 4, 7], algorithm="alphabeta")
    result = nm.search(game, 6, root_moves=order, algorithm="alphabeta")
    assert (result.value, result.best_move, result.pv, result.stats) == (
        expected.value, expected.best_move, expected.pv, expected.stats)
    # the value is the best of the children's, each searched on its own
    children = []
    for move in order:
        child = game.copy()
        child.play(move)
        children.append(-nm.search(child, 5, algorithm="minimax").value)
    assert result.value == max(children) and result.best_move in order


class _LyingLength:
    """A sequence whose len() is not the number of items it yields."""

    def __init__(self, items, length):
        self.items, self.length = list(items), length

    def __len__(self):
        return self.length

    def __iter__(self):
        return iter(self.items)


@pytest.mark.parametrize("codes, length", [(range(9), 1), ([4], 9)])
def test_the_engine_sizes_root_moves_by_what_it_is_given(monkeypatch, codes, length):
    # Searcher.restrict_root allocated len(moves) entries and wrote one per item (found under
    # AddressSanitizer through the private door: a write past the block, or a bisection over
    # entries never written).
    import negamax.api as api
    monkeypatch.setattr(api, "_root_move_codes",
                        lambda native, root_moves, game=None: _LyingLength(codes, length))
    result = nm.search(TicTacToe(), depth=2, root_moves=[0])
    expected = nm.search(TicTacToe(), depth=2, root_moves=[code for code in codes])
    assert (result.value, result.best_move, result.stats.nodes) == (
        expected.value, expected.best_move, expected.stats.nodes)
