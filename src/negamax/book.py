"""Opening books: solved Connect Four positions, looked up instead of searched.

A book maps positions to their exact value (``negamax.solve``'s ``value``, from the side to
move) and a best move. A position and its mirror image (left and right swapped) share one
entry, stored under the smaller of their two keys; looking up the mirror side mirrors the
move. The file is a compressed numpy ``.npz`` of three sorted arrays (keys as uint64, values
as int32, moves as int8) and the board size: 13 bytes per position before compression.

``examples/connect4_book.py`` builds one with ``negamax.analyze``; ``negamax solve connect4
... --book FILE`` and ``negamax play connect4 --book FILE`` use it.
"""

from __future__ import annotations

import os
import zipfile
import zlib
from typing import Any, Iterable, Optional, Sequence, Tuple, Union

import numpy as np

from negamax.games import ConnectFour
from negamax.results import SolveResult
from negamax.scores import WIN

__all__ = ["OpeningBook", "mirror", "canonical_key"]

_COLUMNS = "123456789abcdefghijklmnopqrstuvw"


def mirror(game: ConnectFour) -> ConnectFour:
    """The position with its columns reversed (the same moves, mirrored)."""
    width = game.width
    moves = "".join(_COLUMNS[width - 1 - _COLUMNS.index(ch)] for ch in game.moves)
    return ConnectFour(moves, width=width, height=game.height)


def canonical_key(game: ConnectFour) -> Tuple[int, bool]:
    """The key a position and its mirror image share (the smaller of their keys), and whether
    it is the mirror's (so a stored move must be mirrored for `game`)."""
    own, other = game.key(), mirror(game).key()
    return (own, False) if own <= other else (other, True)


class OpeningBook:
    """Solved positions of one board size: ``lookup(game)`` gives (value, best move) or None."""

    def __init__(self, width: int, height: int, keys: np.ndarray, values: np.ndarray,
                 moves: np.ndarray):
        ConnectFour(width=width, height=height)      # a board size the game accepts, or ValueError
        keys, values, moves = (_integer_array(array) for array in (keys, values, moves))
        if not all(array.ndim == 1 and array.dtype.kind in "iu" for array in (keys, values, moves)):
            raise ValueError("an opening book's keys, values and moves are 1-D integer arrays")
        if not len(keys) == len(values) == len(moves):
            raise ValueError(f"an opening book needs as many values and moves as keys, not "
                             f"{len(keys)} keys, {len(values)} values and {len(moves)} moves")
        if len(keys):     # checked before narrowing to int32/int8, where a number would wrap
            if values.min() < -WIN or values.max() > WIN:
                raise ValueError(f"an opening book's values lie within +-{WIN} (solve's values)")
            if moves.min() < 1 or moves.max() > width:
                raise ValueError(f"an opening book's moves are columns 1 to {width}")
            if keys.dtype.kind == "i" and keys.min() < 0:
                raise ValueError("an opening book's keys are not negative")
        order = np.argsort(keys, kind="stable")
        self.width = int(width)
        self.height = int(height)
        self.keys = np.ascontiguousarray(keys[order], dtype=np.uint64)
        self.values = np.ascontiguousarray(values[order], dtype=np.int32)
        self.moves = np.ascontiguousarray(moves[order], dtype=np.int8)
        if len(self.keys) > 1 and (np.diff(self.keys.astype(np.uint64)) == 0).any():
            raise ValueError("an opening book holds each position once")

    @classmethod
    def from_results(cls, games: Sequence[ConnectFour], results: Iterable[Any]) -> "OpeningBook":
        """A book of the games that were solved exactly (other results, errors included, are
        left out). All games must have the same board size."""
        games, results = list(games), list(results)
        if not games:
            raise ValueError("an opening book needs at least one position")
        if len(results) != len(games):
            raise ValueError(f"from_results takes one result per game: {len(games)} games, "
                             f"{len(results)} results")
        for game in games:
            if not isinstance(game, ConnectFour):
                raise TypeError(f"an opening book holds Connect Four positions, not {type(game).__name__}")
        width, height = games[0].width, games[0].height
        entries = {}
        for game, result in zip(games, results):
            if (game.width, game.height) != (width, height):
                raise ValueError(f"every position of a book has one board size: {width}x{height}, "
                                 f"not {game.width}x{game.height}")
            if not isinstance(result, SolveResult) or result.value is None or result.best_move is None:
                continue
            key, mirrored = canonical_key(game)
            move = width + 1 - result.best_move if mirrored else result.best_move
            entries[key] = (int(result.value), int(move))
        keys = np.fromiter(entries, dtype=np.uint64, count=len(entries))
        values = np.array([value for value, _ in entries.values()], dtype=np.int32)
        moves = np.array([move for _, move in entries.values()], dtype=np.int8)
        return cls(width, height, keys, values, moves)

    @classmethod
    def merge(cls, books: Sequence["OpeningBook"]) -> "OpeningBook":
        """One book holding the positions of several of one board size (say, the shards of a
        book built by separate jobs). A position in two books must have the same value in
        both (its move may differ: both are best)."""
        books = list(books)
        if not books:
            raise ValueError("merge needs at least one book")
        for book in books:
            if not isinstance(book, OpeningBook):
                raise TypeError(f"merge takes OpeningBook objects, not {type(book).__name__}")
        sizes = {(book.width, book.height) for book in books}
        if len(sizes) > 1:
            raise ValueError(f"books of different board sizes cannot be merged: {sorted(sizes)}")
        keys = np.concatenate([book.keys for book in books])
        values = np.concatenate([book.values for book in books])
        moves = np.concatenate([book.moves for book in books])
        order = np.argsort(keys, kind="stable")
        keys, values, moves = keys[order], values[order], moves[order]
        repeated = np.flatnonzero(keys[1:] == keys[:-1])
        if (values[repeated] != values[repeated + 1]).any():
            raise ValueError("the books disagree on the value of a position")
        keep = np.ones(len(keys), dtype=bool)
        keep[repeated + 1] = False
        return cls(books[0].width, books[0].height, keys[keep], values[keep], moves[keep])

    def save(self, path: Union[str, os.PathLike]) -> None:
        """Write the book as a compressed .npz file."""
        with open(path, "wb") as handle:
            np.savez_compressed(handle, width=self.width, height=self.height, keys=self.keys,
                                values=self.values, moves=self.moves)

    @classmethod
    def load(cls, path: Union[str, os.PathLike]) -> "OpeningBook":
        """Read a book written by save(). Raises ValueError for a file that is not one."""
        try:
            with np.load(path, allow_pickle=False) as data:
                return cls(_board_size(data, "width"), _board_size(data, "height"), data["keys"],
                           data["values"], data["moves"])
        except (KeyError, ValueError, TypeError, OSError, EOFError, NotImplementedError,
                zipfile.BadZipFile, zlib.error) as error:
            if isinstance(error, FileNotFoundError):
                raise
            detail = _why_not_a_book(path) if "allow_pickle" in str(error) else error
            raise ValueError(f"{str(path)[:60]!r} is not an opening book (a file written by "
                             f"OpeningBook.save()): {detail}") from None

    def __len__(self) -> int:
        return len(self.keys)

    def __repr__(self) -> str:
        return f"<OpeningBook {self.width}x{self.height}, {len(self)} positions>"

    def lookup(self, game: Any) -> Optional[Tuple[int, int]]:
        """(value, best move) of the position, its mirror image's mirrored, or None when the
        book does not hold it (or it is not a Connect Four game of the book's size)."""
        if not isinstance(game, ConnectFour) or (game.width, game.height) != (self.width, self.height):
            return None
        key, mirrored = canonical_key(game)
        at = int(np.searchsorted(self.keys, np.uint64(key)))
        if at == len(self.keys) or int(self.keys[at]) != key:
            return None
        move = int(self.moves[at])
        if mirrored:
            move = self.width + 1 - move
        if move not in game.legal_moves():
            # Only a file made otherwise than by this class can hold one (its moves come
            # from solves): the book is wrong, and no answer from it can be trusted.
            raise ValueError(f"the opening book's move for {game!r} is column {move}, which "
                             f"is not a legal move there: the book is corrupt")
        return int(self.values[at]), move

    def __contains__(self, game: Any) -> bool:
        return self.lookup(game) is not None


def _why_not_a_book(path: Any) -> str:
    """What a file is that numpy took for a pickle (it says so of anything that is neither
    a .npy nor a .npz file): pickled data only when it starts as a pickle or as a .npy file
    (of Python objects)."""
    with open(path, "rb") as file:
        start = file.read(6)
    if start[:1] == b"\x80" or start == b"\x93NUMPY" or zipfile.is_zipfile(path):
        return "it holds pickled data"     # a .npz (a zip file) holds it in an array
    return "it is not a .npz file"


def _integer_array(array: Any) -> np.ndarray:
    """`array` as a numpy array; an empty sequence as an empty integer one (numpy makes it
    float64, which a book of no positions should not be refused for)."""
    converted = np.asarray(array)
    if converted.size == 0 and not isinstance(array, np.ndarray):
        return converted.astype(np.int64)
    return converted


def _board_size(data: Any, name: str) -> int:
    """The book file's width or height: a whole number, not one a conversion would cut."""
    array = data[name]
    if array.shape != () or array.dtype.kind not in "iu":
        raise ValueError(f"its {name} is not an integer")
    return int(array)
