"""Harnesses of the built-in games' parsers: tic-tac-toe positions and boards, Connect Four
move strings (any board size), then a few moves, undos, copies and a bounded search on
whatever was accepted."""

from __future__ import annotations

import numpy as np

import negamax as nm

from fuzz.byte_reader import ByteReader
from fuzz.registry import register

#: Nodes a harness's search may visit: every input stays fast.
NODE_BUDGET = 2_000


def _exercise(game, reader: ByteReader) -> None:
    """Moves, undos and copies chosen by the remaining bytes, then a bounded search; the
    game must stay consistent with a copy taken at the start."""
    before = game.copy()
    played = 0
    for _ in range(reader.integer(0, 12)):
        action = reader.integer(0, 3)
        if action == 0 and played:
            game.undo()
            played -= 1
        elif action == 1:
            game = game.copy()
        elif not game.is_terminal():
            moves = list(game.legal_moves())
            game.play(reader.choice(moves))
            played += 1
    for _ in range(played):
        game.undo()
    assert list(game.legal_moves()) == list(before.legal_moves()), "undo did not restore the moves"
    assert game.key() == before.key(), "undo did not restore the position key"
    nm.search(game, depth=reader.integer(0, 6), algorithm=reader.choice(nm.ALGORITHMS),
              node_limit=NODE_BUDGET)


@register("tictactoe_position", "nm.games.TicTacToe(text): 9 characters of x, o and .")
def tictactoe_position(data: bytes) -> None:
    reader = ByteReader(data)
    text = reader.text(reader.integer(0, 40))
    game = nm.games.TicTacToe(text)
    _exercise(game, reader)


@register("tictactoe_board", "nm.games.TicTacToe.from_board(array) with any dtype and shape")
def tictactoe_board(data: bytes) -> None:
    reader = ByteReader(data)
    dtype = reader.choice(["int8", "int16", "int64", "uint8", "float64", "bool", "object"])
    shape = reader.choice([(9,), (3, 3), (8,), (3, 4), (1, 9), ()])
    size = int(np.prod(shape)) if shape else 1
    values = [reader.integer(-3, 3) for _ in range(size)]
    board = np.array(values, dtype=np.int64).astype(dtype).reshape(shape)
    game = nm.games.TicTacToe.from_board(board)
    _exercise(game, reader)


@register("connect4_moves", "nm.games.ConnectFour(moves, width, height): a move string on any board")
def connect4_moves(data: bytes) -> None:
    reader = ByteReader(data)
    width, height = reader.integer(0, 12), reader.integer(0, 12)
    text = reader.text(reader.integer(0, 70))
    game = nm.games.ConnectFour(text, width=width, height=height)
    _exercise(game, reader)
    if not game.is_terminal() and reader.flag():
        nm.solve(game, node_limit=NODE_BUDGET)
