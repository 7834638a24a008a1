"""The fifty-move rule and the transposition table (found by a bug hunt): a value found for a
position at one halfmove clock must not answer for the same pieces at another clock, or a
search near the 100th ply misses a mate (plays for the fifty-move draw) or claims one the
rule forbids. The oracle is python-chess, with the rule negamax plays by: a position whose
clock has reached 100 is drawn unless the side to move is mated (no claim needed)."""

import chess
import pytest

import negamax as nm
from chess_helpers import forced_mate, mates_after
from negamax.games import Chess


def over_by_rule(board: chess.Board) -> bool:
    return board.halfmove_clock >= 100 or board.is_insufficient_material() or board.is_stalemate()


def mate_distance(fen: str, most: int):
    board = chess.Board(fen)
    return next((n for n in range(1, most + 1) if forced_mate(board, n, over_by_rule)), None)


# A queen and king against a king: mate in 3 from clock 0; near the 100th ply the rule
# decides. A second position, where no mate exists as close to the limit.
POSITIONS = ["8/8/8/8/8/Q7/4K1k1/8 w - - {clock} 40", "8/3k4/8/5K2/8/8/8/6Q1 w - - {clock} 40"]


@pytest.mark.parametrize("template", POSITIONS)
@pytest.mark.parametrize("clock", [0, 93, 94, 95, 96])
@pytest.mark.parametrize("options", [dict(algorithm="pvs"), dict(algorithm="mtdf"),
                                     dict(algorithm="alphabeta", tt=True)])
def test_mates_near_the_fifty_move_limit_match_python_chess(template, clock, options):
    fen = template.format(clock=clock)
    distance = mate_distance(fen, 3)
    result = nm.search(Chess(fen), 7, **options)
    if distance is None:
        assert not nm.is_win(result.value) or nm.WIN - result.value > 5, (fen, result.value)
    else:
        assert result.value == nm.WIN - (2 * distance - 1), (fen, distance, result.value)
        board = chess.Board(fen)
        board.push_uci(result.best_move)
        assert board.is_checkmate() or mates_within_after_best(board, distance - 1)


def mates_within_after_best(board: chess.Board, moves: int) -> bool:
    """After the attacker's move: every defence still loses within `moves` moves."""
    return moves >= 1 and all(mates_after(board, reply, moves, over_by_rule)
                              for reply in list(board.legal_moves))


def test_the_clock_enters_the_table_key_only_near_the_limit():
    pieces = "4RR2/8/8/8/K7/8/2k5/8 w - - {} 40"
    low = {Chess(pieces.format(clock)).key() for clock in range(0, 32)}
    assert len(low) == 1                      # the middlegame's transpositions are kept
    high = {Chess(pieces.format(clock)).key() for clock in range(32, 100)}
    assert len(high) == 68 and not (high & low)


@pytest.mark.parametrize("clock", [32767, 32768, 40000, 1_000_000])
def test_large_halfmove_clocks_survive_play_and_undo(clock):
    # The undo record kept the clock in 16 bits: 40000 came back as -25536 after an undo.
    fen = f"8/8/8/8/8/Q7/4K1k1/8 w - - {clock} 40"
    game = Chess(fen)
    for move in game.legal_moves():
        game.play(move)
        assert game.halfmove_clock == clock + 1
        game.undo()
        assert game.halfmove_clock == clock and game.fen() == fen
    result = nm.search(game, 2)
    assert result.value == 0 and game.fen() == fen      # drawn by the rule, game untouched


def test_every_position_play_reaches_reads_back_from_its_fen():
    # python-chess writes and reads these clocks; a position played past the FEN parser's
    # limit wrote a FEN (and a repr) that Chess refused.
    game = Chess("4k3/8/8/8/8/8/8/R3K3 b - - 1000000 1000000")
    for move in ("e8d8", "a1a2", "d8e8"):
        game.play(move)
    assert game.fen() == "4k3/8/8/8/8/8/R7/4K3 w - - 1000003 1000002"
    assert chess.Board(game.fen()).fen() == game.fen()
    assert Chess(game.fen()).fen() == game.fen() and eval(repr(game), {"Chess": Chess}) == game


def test_the_clocks_stop_at_their_limit():
    # Two billion: play() goes no further, so a position it reaches always has a FEN that reads
    # back, and the 10,000 plies of a search past it stay inside 32 bits.
    limit = 2_000_000_000
    game = Chess(f"4k3/8/8/8/8/8/8/R3K3 b - - {limit - 1} {limit}")
    with pytest.raises(ValueError, match="clocks' limit"):
        game.play("e8d8")                 # the fullmove number is at the limit
    game = Chess(f"4k3/8/8/8/8/8/8/R3K3 w - - {limit - 1} {limit - 1}")
    game.play("a1a2")                     # the halfmove clock reaches the limit
    assert game.halfmove_clock == limit and Chess(game.fen()) == game
    with pytest.raises(ValueError, match="clocks' limit"):
        game.play("e8d8")
    assert game.halfmove_clock == limit and len(game.history) == 1     # unchanged
    for clock in (f"{limit + 1} 1", f"0 {limit + 1}"):
        with pytest.raises(ValueError, match="from 0 to 2,000,000,000"):
            Chess(f"4k3/8/8/8/8/8/8/R3K3 w - - {clock}")
    assert nm.search(Chess(f"4k3/8/8/8/8/8/8/R3K3 w - - 0 {limit}"), 3).best_move is not None


def test_a_move_that_keeps_the_clocks_within_their_limit_is_played():
    # White's move counts no full move, and a pawn move or capture resets the halfmove clock:
    # at the limit such moves stay within it (play() refused them by the clocks before the
    # move). python-chess agrees on the clocks after each.
    limit = 2_000_000_000
    for fen, move, clocks in ((f"4k3/8/8/8/8/8/8/4K2R w K - 0 {limit}", "e1d1", f"1 {limit}"),
                              (f"4k3/8/8/8/8/8/4P3/4K3 w - - {limit} 7", "e2e3", "0 7"),
                              (f"4k3/8/8/8/8/8/4p3/3RK3 b - - {limit} 7", "e2d1q", "0 8")):
        game = Chess(fen)
        game.play(move)
        assert game.fen().endswith(" " + clocks)
        board = chess.Board(fen)
        board.push_uci(move)
        assert board.fen() == game.fen()
        assert Chess(game.fen()) == game
