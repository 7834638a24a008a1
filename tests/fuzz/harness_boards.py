"""Harnesses of the chess and checkers parsers: FEN text, then moves in the game's notation
(UCI and SAN for chess, PDN for checkers) chosen from the bytes or written by them, undos and a
bounded search on whatever was accepted."""

from __future__ import annotations

import negamax as nm

from fuzz.byte_reader import ByteReader
from fuzz.harness_games import NODE_BUDGET
from fuzz.registry import register

#: Well-formed positions the fuzzer starts from half of the time (so moves get exercised).
CHESS_FENS = ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
              "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
              "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1")
CHECKERS_FENS = ("B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12",
                 "W:WK3,K10:B18,K25", "B:W17,18:B14,K9")


def _moves_and_search(game, reader: ByteReader, write_move) -> None:
    """Play legal or fuzzed moves; refused moves must leave the game unchanged."""
    played = 0
    for _ in range(reader.integer(0, 10)):
        if game.is_terminal():
            break
        before = game.fen()
        if reader.flag():
            game.play(reader.choice(game.legal_moves()))
            played += 1
            continue
        try:
            write_move(game, reader.text(reader.integer(0, 12)))
            played += 1
        except (ValueError, TypeError):
            assert game.fen() == before, "a refused move changed the game"
    for _ in range(played):
        game.undo()
    nm.search(game, depth=reader.integer(0, 4), algorithm=reader.choice(("alphabeta", "pvs")),
              node_limit=NODE_BUDGET)


@register("chess_fen_moves", "nm.games.Chess(fen), then UCI/SAN moves, undos and a short search")
def chess_fen_moves(data: bytes) -> None:
    reader = ByteReader(data)
    fen = reader.choice(CHESS_FENS) if reader.flag() else reader.text(reader.integer(0, 90))
    game = nm.games.Chess(fen)
    _moves_and_search(game, reader, lambda g, text: g.play_san(text) if text[:1].isupper()
                      else g.play(text))


@register("checkers_fen_moves", "nm.games.Checkers(fen), then PDN moves, undos and a short search")
def checkers_fen_moves(data: bytes) -> None:
    reader = ByteReader(data)
    fen = reader.choice(CHECKERS_FENS) if reader.flag() else reader.text(reader.integer(0, 90))
    game = nm.games.Checkers(fen)
    _moves_and_search(game, reader, lambda g, text: g.play(text))
