"""Chess solves against retrograde analysis (tests/endgame_oracle.py): king and queen, and king
and rook, against king, with either side to move.

Kings and a heavy piece walk in circles, so these endings are full of repetitions: the case
where a draw found through a repetition on one path used to answer for the same position on
another (graph-history interaction), so that the solved distance changed with the table and
the threads, or the solver's bounds crossed. The oracle knows nothing of paths or tables.
"""

import numpy as np
import pytest

import negamax as nm
from negamax.scores import EVAL_LIMIT, WIN

from endgame_oracle import Endgame


@pytest.fixture(scope="module")
def queen():
    return Endgame("Q")


@pytest.fixture(scope="module")
def rook():
    return Endgame("R")


def expected_value(oracle, squares, white_to_move):
    plies = oracle.plies_to_mate(*squares, white_to_move)
    if plies is None:
        return 0
    return WIN - plies if white_to_move else -WIN + plies


def check_positions(oracle, positions, white_to_move, **options):
    for squares in positions:
        fen = oracle.fen(*squares, white_to_move)
        result = nm.solve(nm.games.Chess(fen), **options)
        assert result.stop_reason == nm.StopReason.COMPLETED, fen
        assert result.value == expected_value(oracle, squares, white_to_move), fen
        assert result.lower == result.upper == result.value


def test_the_oracle_knows_its_endings(queen, rook):
    # Published maxima: mate in 10 with the queen, mate in 16 with the rook; every position
    # with White to move is won; Black to move draws by taking an unprotected piece.
    assert queen.white_dtm.max() == 19 and rook.white_dtm.max() == 31
    assert (queen.white_dtm[queen.white_legal] >= 0).all()
    assert (rook.white_dtm[rook.white_legal] >= 0).all()
    # Squares a1 = 0 ... h8 = 63. Black's king on a8, White's on b6:
    a8, b6, b7, c7, h7, h1 = 56, 41, 49, 50, 55, 7
    assert queen.plies_to_mate(b6, a8, b7, False) == 0         # Qb7 is mate
    assert queen.plies_to_mate(b6, a8, h7, True) == 1          # Qb7# (or Qh8#)
    assert queen.plies_to_mate(b6, a8, c7, False) is None      # stalemate
    assert queen.plies_to_mate(h1, a8, b7, False) is None      # Kxb7: king against king
    with pytest.raises(ValueError):
        queen.plies_to_mate(b6, a8, b7, True)                  # Black in check, White to move


@pytest.mark.parametrize("white_to_move", [True, False])
@pytest.mark.parametrize("piece", ["queen", "rook"])
def test_solve_gives_the_shortest_mate_whatever_the_path(request, piece, white_to_move):
    oracle = request.getfixturevalue(piece)
    rng = np.random.default_rng(20261124 + white_to_move + 2 * (piece == "rook"))
    longest = 19 if piece == "queen" else 23
    positions = oracle.sample(rng, white_to_move, (1, longest), 5)
    check_positions(oracle, positions, white_to_move)
    check_positions(oracle, positions[:3], white_to_move, threads=2)


def test_draws_by_taking_the_piece(queen, rook):
    for oracle in (queen, rook):
        drawn = np.flatnonzero(oracle.black_legal & (oracle.black_dtm < 0))
        rng = np.random.default_rng(7)
        squares = [(int(s // 4096), int(s // 64 % 64), int(s % 64)) for s in rng.choice(drawn, 3, replace=False)]
        check_positions(oracle, squares, False)


@pytest.mark.slow
@pytest.mark.parametrize("piece", ["queen", "rook"])
def test_many_endings_with_tables_and_threads(request, piece):
    oracle = request.getfixturevalue(piece)
    rng = np.random.default_rng(99 + (piece == "rook"))
    longest = 19 if piece == "queen" else 25
    for white_to_move in (True, False):
        positions = oracle.sample(rng, white_to_move, (1, longest), 12)
        check_positions(oracle, positions, white_to_move)
        check_positions(oracle, positions, white_to_move, threads=2)
        check_positions(oracle, positions[:4], white_to_move, tt_mb=16)


def test_which_games_score_repetitions_by_their_path():
    # Chess draws at a repeated position inside a search; checkers at a third occurrence
    # that counts the game's history. Both report it (repetition_distance), the others never.
    for game in (nm.games.Chess(), nm.games.Checkers()):
        assert game.has_path_draws is True and game.copy().has_path_draws is True
    for game in (nm.games.ConnectFour(), nm.games.TicTacToe(), nm.trees.uniform(2, 2)):
        assert game.has_path_draws is False


def test_a_repetition_of_the_games_history_is_a_draw_only_for_that_game(queen):
    # Black to move in the game's first position; then Ka1, Qc8, Ka2 bring White to a
    # position whose only mate in two (Qh3, oracle) returns to that first position. Once
    # before in the game, that is its second occurrence, no draw by the rules: White mates in
    # two, as from a fresh game of the position. After the cycle has been played twice, it
    # would be the third: a draw by repetition in this game, so White needs longer. A table
    # shared between the solves must not mix them up.
    a2, c1, h3, c8 = 8, 2, 23, 58
    assert queen.plies_to_mate(c1, a2, h3, False) == 2
    assert queen.plies_to_mate(c1, a2, c8, True) == 3
    first, current = queen.fen(c1, a2, h3, False), queen.fen(c1, a2, c8, True)

    def replayed(cycles):
        game = nm.games.Chess(first)
        for move in ("a2a1", "h3c8", "a1a2", "c8h3") * (cycles - 1) + ("a2a1", "h3c8", "a1a2"):
            game.play(move)
        assert game.fen().split()[:2] == current.split()[:2]
        return game

    assert nm.solve(replayed(1)).value == WIN - 3
    threefold = nm.solve(replayed(2))
    assert EVAL_LIMIT < threefold.value < WIN - 3 and threefold.pv[0] != "c8h3"
    for history_first in (True, False):
        table = nm.TranspositionTable(4)
        solves = [(replayed(2), threefold.value), (nm.games.Chess(current), WIN - 3),
                  (replayed(1), WIN - 3)]
        for game, value in (solves if history_first else solves[::-1]):
            assert nm.solve(game, tt=table).value == value


def test_a_position_played_once_before_does_not_slow_a_solve():
    # The position before the root, met again inside the search, used to score as a draw
    # that depends on the game: the table kept none of the results it decided, and this
    # king-and-queen ending solved some 100 times slower (minutes) than from its FEN.
    game = nm.games.Chess("6Q1/8/8/7K/2k5/8/8/8 b - - 0 1")
    game.play("c4b4")
    fresh = nm.solve(nm.games.Chess(game.fen()))
    played = nm.solve(game, node_limit=20 * fresh.stats.nodes)
    assert played.stop_reason is nm.StopReason.COMPLETED
    assert played.value == fresh.value == WIN - 17
