"""Built-in games and trees are set up once: a game made by __new__ alone is a valid default
game, a second __init__ is refused, and a refused position never stays behind. Found under
AddressSanitizer: each of these once read or wrote outside the game's arrays."""

from __future__ import annotations

import numpy as np
import pytest

import negamax as nm
from negamax.games import Checkers, Chess, ConnectFour, TicTacToe

BOARD_GAMES = [TicTacToe, ConnectFour, Checkers, Chess]


@pytest.mark.parametrize("kind", BOARD_GAMES, ids=lambda kind: kind.__name__)
def test_a_game_made_by_new_alone_is_the_start_position(kind):
    """Its methods dereferenced NULL boards (a segfault); it now equals kind()."""
    bare = kind.__new__(kind)
    start = kind()
    assert bare.legal_moves() == start.legal_moves()
    assert (bare.evaluate(), bare.is_terminal(), str(bare), repr(bare), bare.key()) == \
        (start.evaluate(), start.is_terminal(), str(start), repr(start), start.key())
    assert nm.search(bare, 2).value == nm.search(start, 2).value
    bare.__init__()                 # the one __init__ it has not had yet
    assert bare.legal_moves() == start.legal_moves()


def _played(kind):
    game = kind()
    for _ in range(2):
        game.play(game.legal_moves()[0])
    return game


@pytest.mark.parametrize("kind", BOARD_GAMES, ids=lambda kind: kind.__name__)
def test_a_second_init_is_refused_and_changes_nothing(kind):
    """A second __init__ kept the old history: undo() then took back moves never made on
    the new position (reading before the arrays, or shifting by 217 bits)."""
    game = _played(kind)
    before = (str(game), game.history, game.legal_moves())
    for call in (lambda: game.__init__(), lambda: game.__init__(None if kind in (Chess, Checkers) else "")):
        with pytest.raises(TypeError, match=f"{kind.__name__}.__init__ runs once"):
            call()
    assert (str(game), game.history, game.legal_moves()) == before
    copy = game.copy()
    with pytest.raises(TypeError, match="runs once"):
        copy.__init__()
    game.undo()
    game.undo()
    assert str(game) == str(kind())


def test_from_board_and_pickles_are_set_up_once_too():
    import pickle

    game = TicTacToe.from_board(np.zeros(9, dtype=np.int8))
    with pytest.raises(TypeError, match="runs once"):
        game.__init__("x........")
    for original in (_played(kind) for kind in BOARD_GAMES):
        again = pickle.loads(pickle.dumps(original))
        assert again.history == original.history
        with pytest.raises(TypeError, match="runs once"):
            again.__init__()


def test_a_chess_game_never_keeps_the_position_it_refused():
    """Chess.load wrote the position in before refusing it: a board without kings stayed,
    whose attack lookups read outside their tables."""
    bare = Chess.__new__(Chess)
    with pytest.raises(ValueError, match="impossible position"):
        bare.__init__("8/8/8/8/8/8/8/8 w - - 0 1")
    assert bare.fen() == Chess().fen() and len(bare.legal_moves()) == 20


@pytest.mark.parametrize("make", [lambda: nm.trees.uniform(2, 1), lambda: nm.trees.from_nested([1, 2])])
def test_a_tree_is_set_up_once_and_a_refused_one_stays_what_it_was(make):
    """A second __init__ set the deeper shape, then refused `maximizing`: play() wrote past
    the old node stack."""
    tree = make()
    shape = (tree.max_ply, tree.legal_moves(), nm.search(tree).value)
    with pytest.raises(TypeError, match="runs once"):
        if isinstance(tree, nm.trees.UniformTree):
            tree.__init__(2, 12, np.arange(2**12, dtype=np.int32), "not a bool", "random")
        else:
            tree.__init__(np.array([1, 3, 3, 3], dtype=np.int64), np.zeros(3, dtype=np.int32), 1, True, 2)
    assert (tree.max_ply, tree.legal_moves(), nm.search(tree).value) == shape
    fresh = type(tree).__new__(type(tree))
    with pytest.raises(TypeError, match="maximizing must be a bool"):
        if isinstance(tree, nm.trees.UniformTree):
            fresh.__init__(2, 12, np.arange(2**12, dtype=np.int32), "not a bool", "random")
        else:
            fresh.__init__(np.array([1, 3, 3, 3], dtype=np.int64), np.zeros(3, dtype=np.int32), 1, "x", 2)
    assert fresh.max_ply == 0 and fresh.legal_moves() == []     # still the lone root
    # ... which holds no tree: what would describe one says how to make one instead.
    for name in ("num_nodes", "num_leaves", "leaf_values"):
        with pytest.raises(TypeError, match="made by __new__ alone and holds no tree"):
            getattr(fresh, name)
    with pytest.raises(TypeError, match="holds no tree"):
        nm.search(fresh)
    assert repr(fresh) == f"<{type(tree).__name__} made by __new__ alone: no tree>"


def test_the_engines_private_searcher_refuses_what_would_run_past_its_buffers():
    from negamax._engine import Searcher

    options = {"algorithm": 2, "max_depth": -1, "ordering": True, "iterative": False,
               "root_maximizing": True, "tracing": False, "node_limit": 0, "time_limit": 0.0,
               "use_tt": False, "use_killers": False, "use_history": False, "use_pvs": False,
               "use_aspiration": False, "use_safe_moves": False, "use_quiescence": False,
               "use_check_extension": False, "use_null_move": False, "use_lmr": False}
    with pytest.raises(ValueError, match="max_depth at least 0"):
        Searcher(ConnectFour("44"), options)
    with pytest.raises(ValueError, match="algorithm must be 0 to 4"):
        Searcher(ConnectFour("44"), dict(options, max_depth=2, algorithm=7))
    # Made by __new__ alone it has no game and no stacks: every way in refuses it.
    bare = Searcher.__new__(Searcher)
    for start in (bare.run, lambda: bare.solve(False), lambda: bare.run_helper(False, False),
                  lambda: bare.run_helper(True, False), lambda: bare.interrupted_at_start(True)):
        with pytest.raises(ValueError, match="without __init__"):
            start()


def test_chess_perft_leaves_the_game_alone_for_other_threads():
    """perft played its moves on the game itself without the GIL: two threads' perft on one
    game gave counts such as 358,708 and 0 for 4,085,603, then a double free; a search
    copying the game meanwhile searched a half-played position."""
    import threading

    game = Chess("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    expected = 97_862                      # Kiwipete, depth 3 (published perft)
    counts, fens = [], []

    def count():
        counts.append(game.perft(3))

    def watch():
        for _ in range(200):
            fens.append(game.copy().fen())

    threads = [threading.Thread(target=count) for _ in range(3)] + [threading.Thread(target=watch)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert counts == [expected] * 3
    assert set(fens) == {game.fen()}
    assert sum(game.perft_divide(3).values()) == expected and game.fen() == fens[0]


def test_an_explicit_tree_keeps_a_copy_of_its_node_numbers():
    """The tree read the caller's child_start array itself: changed after the check, the
    search followed node numbers past the arrays (a heap overflow, then a segfault)."""
    starts = np.array([1, 3, 3, 3], dtype=np.int64)
    tree = nm.trees.ExplicitTree(starts, np.array([0, 4, 7], dtype=np.int32), 1, True, 2)
    starts[:] = [1, 10**6, 2 * 10**6, 3 * 10**6]
    assert nm.search(tree).value == 7 and tree.legal_moves() == [0, 1]


@pytest.mark.parametrize("make", [lambda: nm.StopSignal(), lambda: nm.games.ConnectFour()])
def test_no_generated_setstate_reads_a_state_it_never_checked(make):
    """Cython's automatic pickling gave StopSignal (and the engine's Python-game wrapper) a
    __setstate__ that crashed on a short state tuple."""
    import pickle

    thing = make()
    assert not hasattr(thing, "__setstate_cython__")
    if isinstance(thing, nm.StopSignal):
        assert not pickle.loads(pickle.dumps(thing)).is_set()
        thing.set()
        assert pickle.loads(pickle.dumps(thing)).is_set()
    from negamax._python_game import PythonGameAdapter
    assert not hasattr(PythonGameAdapter, "__setstate_cython__")


def test_a_python_game_whose_copy_is_itself_is_refused():
    """The searches played on the caller's own game: two at once gave wrong values."""
    from keyed_nim import Nim

    class Shared(Nim):
        def copy(self):
            return self

    with pytest.raises(nm.GameContractError, match="copy\\(\\) returned the game itself"):
        nm.search(Shared([1, 2]), 2)


def test_the_tree_base_class_is_no_tree():
    # negamax.trees.Tree is the base of the two layouts (for isinstance): made directly it
    # was searched until its missing copy() raised NotImplementedError.
    for make in (nm.trees.Tree, lambda: nm.trees.Tree.__new__(nm.trees.Tree)):
        with pytest.raises(TypeError, match="base class of ExplicitTree and UniformTree"):
            make()
    assert isinstance(nm.trees.uniform(2, 2), nm.trees.Tree)
    assert isinstance(nm.trees.from_nested([[1, 2], [3]]), nm.trees.Tree)
