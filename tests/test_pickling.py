"""Games and results pickle, so a batch can send them to other processes.

A game that went through pickle must be the same position with the same history, and search
exactly as the original: the same value, best move, principal variation, depth and every
counter (the transposition table's included, which reads the position keys)."""

from __future__ import annotations

import copy
import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from fractions import Fraction

import numpy as np
import pytest

import negamax as nm
from keyed_nim import Nim

PROTOCOLS = (2, pickle.DEFAULT_PROTOCOL, pickle.HIGHEST_PROTOCOL)
SEARCHES = (
    dict(algorithm="alphabeta", depth=6),
    dict(algorithm="minimax", depth=3),
    dict(algorithm="pvs", depth=7, tt=True),
    dict(algorithm="mtdf", depth=5),
    dict(algorithm="alphabeta", depth=2, killers=True, history=True),
)


def round_trip(obj, protocol=pickle.HIGHEST_PROTOCOL):
    return pickle.loads(pickle.dumps(obj, protocol=protocol))


def same_search(a, b):
    """Every field of two results but the elapsed time."""
    assert (a.value, a.best_move, a.pv, a.depth, a.stats, a.stop_reason, a.algorithm) == (
        b.value, b.best_move, b.pv, b.depth, b.stats, b.stop_reason, b.algorithm)


def state(game):
    """What a user can see of a game."""
    seen = [type(game), tuple(game.history), game.legal_moves(), game.is_terminal(),
            game.evaluate(), game.key()]
    for name in ("to_move", "position", "moves", "width", "height", "maximizing", "node",
                 "num_nodes", "num_leaves", "heaps"):
        if hasattr(game, name):
            seen.append((name, getattr(game, name)))
    if hasattr(game, "board"):
        seen.append(game.board.tolist())
    return seen


def tictactoe_with_history():
    game = nm.games.TicTacToe("x...o....")
    game.play(2)
    game.play(6)
    return game


def connect_four_with_history():
    game = nm.games.ConnectFour("4453")
    game.play(3)
    return game


def explicit_tree_after_a_move():
    tree = nm.trees.from_nested([[[3, 4], [8, [-2, 10], 5]], 7, [[1, 2, 3], 6]])
    tree.play(2)
    return tree


GAMES = {
    "tictactoe start": lambda: nm.games.TicTacToe(),
    "tictactoe with history": tictactoe_with_history,
    "tictactoe from a board": lambda: nm.games.TicTacToe.from_board(
        np.array([[1, 0, 0], [0, -1, 0], [0, 0, 1]])),
    "connect4": lambda: nm.games.ConnectFour("4453"),
    "connect4 with history": connect_four_with_history,
    "connect4 6x5": lambda: nm.games.ConnectFour("3344", width=6, height=5),
    "connect4 over": lambda: nm.games.ConnectFour("4545454"),
    "connect4 late": lambda: nm.games.ConnectFour("2252576253462244111563365343671351441"),
    "nested tree": lambda: nm.trees.from_nested([[[3, 4], [8, [-2, 10], 5]], 7]),
    "nested tree, MIN at the root": lambda: nm.trees.from_nested([[3, 4], [8, 5], [1]], maximizing=False),
    "tree of floats and fractions": lambda: nm.trees.from_nested(
        [[0.5, Fraction(1, 3)], [2.25, [-1.5, Fraction(7, 2)]], -10 ** 12]),
    "tree after a move": explicit_tree_after_a_move,
    "tree from arrays, inner values": lambda: nm.trees.from_arrays(
        np.array([3, 2, 0, 2, 0, 0, 0, 0]), np.array([0, 40, -7, 9, 3, 5, 12, -4])),
    "a single leaf": lambda: nm.trees.from_nested(5),
    "uniform tree": lambda: nm.trees.uniform(3, 5, ordering="random", seed=4),
    "uniform tree, best first, MIN": lambda: nm.trees.uniform(4, 4, ordering="best", maximizing=False),
    "python game": lambda: Nim([2, 3, 1]),
}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_a_copy_through_pickle_is_the_same_position(name, protocol):
    game = GAMES[name]()
    before = state(game)
    clone = round_trip(game, protocol)
    assert type(clone) is type(game)
    assert state(clone) == before
    assert state(game) == before           # pickling changed nothing


@pytest.mark.parametrize("name", GAMES)
def test_a_copy_through_pickle_searches_identically(name):
    game = GAMES[name]()
    clone = round_trip(game)
    for options in SEARCHES:
        if isinstance(game, nm.Game) and options.get("algorithm") == "mtdf":
            continue    # the Python Nim is slow at MTD(f)'s repeated searches; others cover it
        same_search(nm.search(clone, **options), nm.search(game, **options))
    if isinstance(game, nm.games.ConnectFour) and game.stones < 30:
        return     # solving takes seconds or more
    if not game.is_terminal():
        a, b = nm.solve(clone), nm.solve(game)
        assert (a.value, a.outcome, a.plies, a.best_move, a.pv, a.stats, a.score) == (
            b.value, b.outcome, b.plies, b.best_move, b.pv, b.stats, b.score)


@pytest.mark.parametrize("name", ["tictactoe with history", "connect4 with history", "tree after a move"])
def test_undo_works_after_the_trip(name):
    game = GAMES[name]()
    clone = round_trip(game)
    while game.history:
        game.undo()
        clone.undo()
        assert state(clone) == state(game)
    with pytest.raises(ValueError):
        clone.undo()


def test_the_copy_is_independent_of_the_original():
    game = nm.games.ConnectFour("44")
    clone = round_trip(game)
    clone.play(3)
    assert game.moves == "44" and clone.moves == "443"
    tree = nm.trees.uniform(2, 3)
    tree_clone = round_trip(tree)
    tree_clone.play(1)
    assert tree.history == () and tree_clone.history == (1,)


def test_public_flags_survive():
    game = nm.games.ConnectFour("44")
    game.has_order_hints = False
    game.has_safe_moves = False
    clone = round_trip(game)
    assert (clone.has_order_hints, clone.has_safe_moves) == (False, False)
    same_search(nm.search(clone, depth=6), nm.search(game, depth=6))
    # ... and they changed what the search does, so the test above could have failed
    assert nm.search(game, depth=6).stats != nm.search(nm.games.ConnectFour("44"), depth=6).stats


def _public_flags():
    """The bool attributes a NativeGame lets a user set, found by trying (not from a list in
    the code under test)."""
    game = nm.games.TicTacToe()
    names = []
    for name in dir(nm.NativeGame):
        value = getattr(game, name, None)
        if name.startswith("_") or type(value) is not bool:
            continue
        try:
            setattr(game, name, value)
        except AttributeError:
            continue
        names.append(name)
    return names


FLAG_GAMES = {
    "tictactoe": lambda: nm.games.TicTacToe("x...o...."),
    "connect4 4x4": lambda: nm.games.ConnectFour("12", width=4, height=4),
    "chess": lambda: nm.games.Chess(
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    "checkers": lambda: nm.games.Checkers(),
    "uniform tree": lambda: nm.trees.uniform(3, 4, ordering="random", seed=1),
    "nested tree": lambda: nm.trees.from_nested([[1, [2, 3]], [4, 5]]),
}


@pytest.mark.parametrize("name", FLAG_GAMES)
def test_every_public_flag_survives_copies_and_pickles(name):
    flags = _public_flags()
    assert {"has_keys", "has_null_move", "max_ply_ends_game"} <= set(flags)
    game = FLAG_GAMES[name]()
    for flag in flags:
        setattr(game, flag, not getattr(game, flag))
    changed = {flag: getattr(game, flag) for flag in flags}
    for clone in (game.copy(), copy.deepcopy(game), round_trip(game)):
        assert {flag: getattr(clone, flag) for flag in flags} == changed


def test_a_pickled_chess_game_searches_with_its_flags():
    game = FLAG_GAMES["chess"]()
    game.has_null_move = False
    game.has_noisy_moves = False
    clone = round_trip(game)
    same_search(nm.search(clone, 4, algorithm="pvs"), nm.search(game, 4, algorithm="pvs"))
    # ... and the flags changed what the search does, so the test above could have failed
    assert (nm.search(game, 4, algorithm="pvs").stats
            != nm.search(FLAG_GAMES["chess"](), 4, algorithm="pvs").stats)


def test_maximizing_changed_after_building_the_tree_survives():
    tree = nm.trees.from_nested([[3, 4], [8, 5]])
    tree.maximizing = False
    clone = round_trip(tree)
    assert clone.maximizing is False
    assert nm.search(clone).value == nm.search(tree).value == 4   # MIN picks [3, 4], MAX there 4


def test_copy_module_and_pickle_agree():
    game = tictactoe_with_history()
    assert state(copy.deepcopy(game)) == state(round_trip(game))


def test_trees_keep_their_leaf_values_exactly():
    tree = GAMES["tree of floats and fractions"]()
    clone = round_trip(tree)
    assert list(clone.leaf_values) == list(tree.leaf_values)
    assert nm.search(clone).value == nm.search(tree).value == 2.25   # max(1/3, min(2.25, 7/2), -10**12)


# --- results ------------------------------------------------------------------------------

def test_results_pickle():
    game = nm.games.TicTacToe("x...o....")
    result = nm.search(game, depth=3, trace=True)
    clone = round_trip(result)
    assert clone == result and clone.trace == result.trace
    assert clone.stop_reason is nm.StopReason.COMPLETED
    solved = nm.solve(nm.games.ConnectFour("2252576253462244111563365343671351441"))
    assert round_trip(solved) == solved
    stopped = nm.search(nm.games.ConnectFour(), node_limit=50)
    assert round_trip(stopped).stop_reason is nm.StopReason.NODE_LIMIT


def _raise_a_batch_error():
    with ThreadPoolExecutor(1) as pool:
        nm.analyze([nm.games.TicTacToe(), "not a game"], depth=2, executor=pool, progress=False,
                   raise_errors=True)


def test_a_batch_error_pickles_and_leaves_a_worker_process():
    with pytest.raises(nm.BatchError) as raised:
        _raise_a_batch_error()
    clone = round_trip(raised.value)
    assert str(clone) == str(raised.value)
    assert clone.errors == raised.value.errors and len(clone.results) == 2
    # spawn, not fork: a child forked from a process with threads can deadlock on a lock
    # some thread held (it did under AddressSanitizer, in the worker's open()).
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        with pytest.raises(nm.BatchError, match="1 of 2 positions failed"):
            pool.submit(_raise_a_batch_error).result()


def test_error_records_pickle():
    record = nm.AnalysisError(3, "ConnectFour('44')", "ValueError", "column 4 is full", "trace")
    clone = round_trip(record)
    assert clone == record and clone.traceback == "trace"
    assert str(clone) == "position 3 (ConnectFour('44')): ValueError: column 4 is full"


def test_chess_compares_by_position_as_the_other_games_do():
    import chess    # python-chess (a test dependency) gives the transposed position's FEN
    one, other = nm.games.Chess(), nm.games.Chess()
    for move in ("g1f3", "g8f6", "b1c3"):
        one.play(move)
    for move in ("b1c3", "g8f6", "g1f3"):
        other.play(move)
    board = chess.Board()
    for move in ("g1f3", "g8f6", "b1c3"):
        board.push_uci(move)
    assert one == other == nm.games.Chess(board.fen()) and hash(one) == hash(other)
    assert one.copy() == one == round_trip(one)
    one.play("e7e5")
    assert one != other and one != "not a game"


def test_a_wide_tree_pickles_as_its_own_arrays():
    # The copy is made from the tree's arrays (its node numbers, so its keys, are the
    # original's), not by walking it: the walk listed a node's moves once per child, and a
    # root of 20,000 children took about 15 seconds.
    width = 20_000
    counts = np.zeros(width + 3, dtype=np.int64)
    counts[0] = width
    counts[7] = 2                          # one child of the root has children of its own
    values = np.arange(width + 3, dtype=np.int64) % 97 - 48
    tree = nm.trees.from_arrays(counts, values)
    tree.play(7)
    tree.maximizing = False                # set after construction: kept
    clone = round_trip(tree)
    for mine, theirs in zip(tree._constructor_arguments(), clone._constructor_arguments()):
        if isinstance(mine, np.ndarray):
            assert np.array_equal(mine, theirs)
            assert not mine.flags.writeable        # the search follows child_start unchecked
        else:
            assert mine == theirs
    assert state(clone) == state(tree)
    clone.undo()
    tree.undo()
    same_search(nm.search(clone, depth=2, tt=True), nm.search(tree, depth=2, tt=True))
    assert not clone.leaf_values.flags.writeable


def test_a_tree_made_by_new_alone_does_not_pickle():
    with pytest.raises(TypeError, match="made by __new__ alone"):
        pickle.dumps(nm.trees.ExplicitTree.__new__(nm.trees.ExplicitTree))
