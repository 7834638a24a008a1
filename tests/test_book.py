"""Opening books (negamax.book) and examples/connect4_book.py.

Every entry is checked against negamax.solve of the position itself, for the position and
its mirror image: the value must be the solved value and the move must reach it (the
position after the move is solved to the value one ply further, from the other side)."""

from __future__ import annotations

import argparse
import concurrent.futures as cf
import io
import pickle
import sys
from pathlib import Path

import numpy as np
import pytest

import negamax as nm
from negamax import cli_games
from negamax.__main__ import main
from negamax.book import OpeningBook, canonical_key, mirror

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "examples"))
import connect4_book  # noqa: E402

ConnectFour = nm.games.ConnectFour
WIDTH, HEIGHT = 5, 4


def sign(value):
    return (value > 0) - (value < 0)


def assert_entry_is_right(game, value, move):
    """`value` is the solved value of `game` and `move` keeps it."""
    assert value == nm.solve(game).value
    child = game.copy()
    child.play(move)
    if child.is_terminal():
        assert child.winner != 0 and value == nm.WIN - 1
    else:
        # a win in p plies is a loss in p - 1 for the opponent after the right move
        assert nm.solve(child).value == -(value + sign(value))


@pytest.fixture(scope="module")
def small_book():
    games = connect4_book.positions_up_to(2, WIDTH, HEIGHT)
    with cf.ThreadPoolExecutor(max_workers=2) as pool:
        results = nm.analyze(games, solve=True, executor=pool)
    return games, OpeningBook.from_results(games, results)


def test_positions_are_one_per_mirror_pair():
    # After one stone, columns c and w+1-c are mirror images: ceil(w/2) positions.
    for width in (4, 5, 6, 7):
        games = connect4_book.positions_up_to(1, width, 4)
        assert len(games) == 1 + (width + 1) // 2
    games = connect4_book.positions_up_to(2, WIDTH, HEIGHT)
    keys = [canonical_key(g)[0] for g in games]
    assert len(set(keys)) == len(keys)
    # Brute force: every move string of up to 2 stones, positions counted up to mirroring.
    every = {canonical_key(ConnectFour(a + b, width=WIDTH, height=HEIGHT))[0]
             for a in "12345" for b in "12345"}
    every |= {canonical_key(ConnectFour(a, width=WIDTH, height=HEIGHT))[0] for a in "12345"}
    every.add(ConnectFour("", width=WIDTH, height=HEIGHT).key())
    assert set(keys) == every


def test_every_entry_against_solve(small_book):
    games, book = small_book
    assert len(book) == len(games)
    for game in games:
        for side in (game, mirror(game)):
            found = book.lookup(side)
            assert found is not None, side
            assert_entry_is_right(side, *found)


def test_the_mirror_image_mirrors_the_move(small_book):
    _, book = small_book
    value, move = book.lookup(ConnectFour("1", width=WIDTH, height=HEIGHT))
    assert book.lookup(ConnectFour("5", width=WIDTH, height=HEIGHT)) == (value, WIDTH + 1 - move)


def test_what_the_book_does_not_hold(small_book):
    _, book = small_book
    assert book.lookup(ConnectFour("123", width=WIDTH, height=HEIGHT)) is None    # 3 stones
    assert book.lookup(ConnectFour("1")) is None                                 # 7x6
    assert book.lookup(nm.games.TicTacToe()) is None
    assert ConnectFour("", width=WIDTH, height=HEIGHT) in book


def test_save_and_load(small_book, tmp_path):
    _, book = small_book
    path = tmp_path / "book.npz"
    book.save(path)
    loaded = OpeningBook.load(path)
    assert (loaded.width, loaded.height) == (WIDTH, HEIGHT)
    assert np.array_equal(loaded.keys, book.keys) and np.array_equal(loaded.values, book.values)
    assert np.array_equal(loaded.moves, book.moves)
    assert path.stat().st_size < 13 * len(book) + 1000


def test_merging_shards(small_book):
    games, book = small_book
    half = len(games) // 2
    solved = [nm.solve(g) for g in games]
    first = OpeningBook.from_results(games[:half + 2], solved[:half + 2])     # overlapping shards
    second = OpeningBook.from_results(games[half:], solved[half:])
    merged = OpeningBook.merge([first, second])
    assert np.array_equal(merged.keys, book.keys) and np.array_equal(merged.values, book.values)
    wrong = OpeningBook(WIDTH, HEIGHT, first.keys[:1], first.values[:1] + 1, first.moves[:1])
    with pytest.raises(ValueError, match="disagree"):
        OpeningBook.merge([first, wrong])
    with pytest.raises(ValueError, match="board sizes"):
        OpeningBook.merge([first, OpeningBook(7, 6, first.keys[:1], first.values[:1], first.moves[:1])])


def test_bad_book_files(tmp_path):
    path = tmp_path / "not_a_book.npz"
    path.write_bytes(b"hello")
    with pytest.raises(ValueError, match="not an opening book"):
        OpeningBook.load(path)
    np.savez(tmp_path / "other.npz", something=np.zeros(3))
    with pytest.raises(ValueError, match="not an opening book"):
        OpeningBook.load(tmp_path / "other.npz")
    with pytest.raises(FileNotFoundError):
        OpeningBook.load(tmp_path / "missing.npz")



@pytest.mark.parametrize("change, message", [
    (lambda raw: dict(raw, values=np.full(len(raw["keys"]), 2 ** 40)), "values lie within"),
    (lambda raw: dict(raw, moves=np.full(len(raw["keys"]), 99)), "moves are columns 1 to"),
    (lambda raw: dict(raw, moves=raw["moves"][:-1]), "as many values and moves as keys"),
    (lambda raw: dict(raw, width=0, height=-3), "width must be at least 1"),
    (lambda raw: dict(raw, keys=raw["keys"].astype(float)), "1-D integer arrays"),
    (lambda raw: dict(raw, width=raw["width"] + 0.7), "its width is not an integer"),
    (lambda raw: dict(raw, height=[raw["height"]]), "its height is not an integer"),
], ids=["value-wraps-int32", "move-past-the-board", "lengths-differ", "bad-size", "float-keys",
        "fractional-width", "height-array"])
def test_a_book_file_with_bad_contents_is_refused(small_book, tmp_path, change, message):
    # A field that would wrap when narrowed (2**40 -> 0 as int32), a move off the board or
    # arrays of different lengths once loaded into a book that answered wrongly or raised
    # IndexError at lookup.
    _, book = small_book
    raw = dict(width=book.width, height=book.height, keys=book.keys, values=book.values,
               moves=book.moves)
    np.savez(tmp_path / "bad.npz", **change(raw))
    with pytest.raises(ValueError, match=message):
        OpeningBook.load(tmp_path / "bad.npz")


def test_a_truncated_book_file_is_a_value_error(small_book, tmp_path):
    _, book = small_book
    book.save(tmp_path / "book.npz")
    data = (tmp_path / "book.npz").read_bytes()
    (tmp_path / "cut.npz").write_bytes(data[:len(data) // 2])
    with pytest.raises(ValueError, match="not an opening book"):
        OpeningBook.load(tmp_path / "cut.npz")

def test_only_exact_solutions_go_in():
    games = [ConnectFour("", width=WIDTH, height=HEIGHT), ConnectFour("3", width=WIDTH, height=HEIGHT)]
    results = [nm.solve(games[0], node_limit=10), nm.AnalysisError(1, "x", "ValueError", "no")]
    assert results[0].value is None
    assert len(OpeningBook.from_results(games, results)) == 0
    with pytest.raises(ValueError, match="one board size"):
        OpeningBook.from_results([games[0], ConnectFour()], [None, None])
    with pytest.raises(TypeError, match="Connect Four"):
        OpeningBook.from_results([nm.games.TicTacToe()], [None])


def test_the_example_end_to_end(tmp_path, capsys):
    out = tmp_path / "book.npz"
    status = connect4_book.main(["--plies", "1", "--width", "4", "--height", "4", "--out", str(out),
                                 "--workers", "1"])
    assert status == 0
    book = OpeningBook.load(out)
    assert len(book) == 1 + 2
    for moves in ("", "1", "2", "3", "4"):
        game = ConnectFour(moves, width=4, height=4)
        assert_entry_is_right(game, *book.lookup(game))
    assert "wrote 3" in capsys.readouterr().err


# --- the command line ---------------------------------------------------------------------

def test_solve_answers_from_the_book(small_book, tmp_path, capsys):
    _, book = small_book
    path = tmp_path / "book.npz"
    book.save(path)
    assert main(["solve", "connect4", "14", "--book", str(path)]) == 0
    out = capsys.readouterr().out
    value, move = book.lookup(ConnectFour("14", width=WIDTH, height=HEIGHT))
    assert f"best move : {move}" in out and "opening book" in out
    assert f"score     : {ConnectFour('14', width=WIDTH, height=HEIGHT).solver_score(value)}" in out
    # A position past the book is solved, on the book's board size.
    assert main(["solve", "connect4", "143", "--book", str(path)]) == 0
    out = capsys.readouterr().out
    assert "opening book" not in out
    solved = nm.solve(ConnectFour("143", width=WIDTH, height=HEIGHT))
    assert f"score     : {solved.score}" in out
    assert main(["solve", "tictactoe", "--book", str(path)]) == 2
    assert main(["solve", "connect4", "1", "--book", str(tmp_path / "missing.npz")]) == 2


def test_play_uses_book_moves(small_book, tmp_path):
    _, book = small_book
    path = tmp_path / "book.npz"
    book.save(path)
    out = io.StringIO()
    replies = iter(["1", "q"])
    args = argparse.Namespace(game="connect4", engine_first=True, think=0.01, book=str(path))
    assert cli_games.play_command(args, read=lambda prompt: next(replies), out=out) == 0
    text = out.getvalue()
    first = book.lookup(ConnectFour("", width=WIDTH, height=HEIGHT))[1]
    assert f"engine plays {first}  (" in text and text.count("from the opening book") == 2


def test_from_results_takes_one_result_per_game():
    games = [nm.games.ConnectFour(m) for m in ("4444443", "44444433", "4444443333")]
    results = [nm.solve(game) for game in games]
    with pytest.raises(ValueError, match="one result per game: 3 games, 2 results"):
        OpeningBook.from_results(games, results[:2])


def test_loading_a_file_that_is_no_book_says_so(tmp_path):
    path = tmp_path / "book.npy"
    np.save(path, np.array([object()], dtype=object))
    with pytest.raises(ValueError, match="is not an opening book .*pickled data"):
        OpeningBook.load(path)


def test_a_text_file_is_no_book_and_no_pickle(tmp_path):
    # numpy calls anything that is neither .npy nor .npz "pickled data"; a text file is not
    path = tmp_path / "notes.txt"
    path.write_text("hello\n")
    with pytest.raises(ValueError, match="is not an opening book .*not a .npz file"):
        OpeningBook.load(path)
    pickled = tmp_path / "list.pkl"
    pickled.write_bytes(pickle.dumps([1, 2]))
    with pytest.raises(ValueError, match="is not an opening book .*pickled data"):
        OpeningBook.load(pickled)


def test_a_book_move_that_is_not_legal_is_refused_at_lookup(small_book):
    # A file not made by OpeningBook (its moves come from solves) may name a full column:
    # the answer would name a move that cannot be played ("best move: 1" from the CLI).
    games, book = small_book
    game = ConnectFour("1111", width=WIDTH, height=HEIGHT)          # column 1 is full
    key, mirrored = canonical_key(game)
    wrong = OpeningBook(WIDTH, HEIGHT, [key], [0], [WIDTH if mirrored else 1])
    with pytest.raises(ValueError, match="column 1, which is not a legal move there: the book is corrupt"):
        wrong.lookup(game)
    right = OpeningBook(WIDTH, HEIGHT, [key], [0], [WIDTH - 1 if mirrored else 2])
    assert right.lookup(game) == (0, 2)


def test_merge_takes_books_only(small_book):
    _, book = small_book
    for items in ([1, 2], [book, "x"]):
        with pytest.raises(TypeError, match="merge takes OpeningBook objects, not"):
            OpeningBook.merge(items)


def test_an_empty_book_from_python_lists():
    book = OpeningBook(WIDTH, HEIGHT, [], [], [])
    assert len(book) == 0 and book.lookup(ConnectFour(width=WIDTH, height=HEIGHT)) is None


def test_a_npz_of_python_objects_is_said_to_hold_pickled_data(tmp_path):
    path = tmp_path / "objects.npz"
    np.savez(path, width=WIDTH, height=HEIGHT, keys=np.array([object()], dtype=object),
             values=np.zeros(1, dtype=np.int32), moves=np.ones(1, dtype=np.int8))
    with pytest.raises(ValueError, match="is not an opening book .*pickled data"):
        OpeningBook.load(path)


@pytest.mark.parametrize("arguments, message", [
    (["--plies", "-1"], "--plies must be 0 or more"),
    (["--width", "0"], "--width/--height: width must be at least 1"),
])
def test_the_example_refuses_bad_arguments(arguments, message, capsys):
    with pytest.raises(SystemExit) as exited:
        connect4_book.main(arguments)
    assert exited.value.code == 2
    assert message in capsys.readouterr().err
