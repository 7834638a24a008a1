"""English draughts (negamax.games.Checkers): rules, notation, draws, bad input, evaluation.

Expectations come from published perft counts, from the plain Python rules in
tests/checkers_reference.py (no code shared with the bitboards), and from the rules as the issue
states them; the comparisons with pydraughts live in test_checkers_pydraughts.py and the
solved endings in test_checkers_solve.py."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

import checkers_reference as R
import negamax as nm
from negamax.games import Checkers
from negamax.games.checkers_notation import START_FEN, CheckersOutcome

# Published perft counts of English draughts from the start position (depths 1-7 also
# confirmed with pydraughts, see the issue).
START_PERFT = [7, 49, 302, 1469, 7361, 36768, 179740, 845931, 3963680, 18391564, 85242128, 388623673]


def random_positions(seed: int, games: int, max_plies: int = 150):
    """FENs seen along seeded random games (moves chosen by the reference's rules)."""
    rng = random.Random(seed)
    seen = []
    for _ in range(games):
        position = R.read_fen(START_FEN)
        for _ in range(rng.randrange(10, max_plies)):
            moves = R.legal_moves(position)
            if not moves:
                break
            seen.append(R.write_fen(position))
            position = rng.choice(moves)[1]
        seen.append(R.write_fen(position))
    return seen


POSITIONS = random_positions(seed=11, games=8)


def mirrored(fen: str) -> str:
    """The same position turned 180 degrees with the colours swapped (square s -> 33 - s)."""
    black, white, side = R.read_fen(fen)
    flip = lambda pieces: frozenset((33 - square, king) for square, king in pieces)  # noqa: E731
    return R.write_fen((flip(white), flip(black), "W" if side == "B" else "B"))


# --- perft -----------------------------------------------------------------------------------

@pytest.mark.parametrize("depth", range(1, 11))
def test_perft_from_the_start(depth):
    assert Checkers().perft(depth) == START_PERFT[depth - 1]


@pytest.mark.slow
@pytest.mark.parametrize("depth", [11, 12])
def test_perft_from_the_start_deep(depth):
    assert Checkers().perft(depth) == START_PERFT[depth - 1]


def reference_perft(position, depth):
    if depth == 0:
        return 1
    return sum(reference_perft(child, depth - 1) for _, child in R.legal_moves(position))


@pytest.mark.parametrize("fen", POSITIONS[5::40])
def test_perft_matches_the_reference_on_random_positions(fen):
    assert Checkers(fen).perft(3) == reference_perft(R.read_fen(fen), 3)


def test_perft_depth_zero_and_bad_depths():
    game = Checkers()
    assert game.perft(0) == 1
    with pytest.raises(ValueError, match="depth"):
        game.perft(-1)
    with pytest.raises(TypeError, match="depth"):
        game.perft(2.0)
    with pytest.raises(TypeError, match="depth"):
        game.perft(True)


# --- moves -----------------------------------------------------------------------------------

def test_start_moves():
    assert sorted(Checkers().legal_moves()) == sorted(
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"])


@pytest.mark.parametrize("fen", POSITIONS)
def test_moves_match_the_reference(fen):
    game = Checkers(fen)
    position = R.read_fen(fen)
    expected = sorted(R.move_text(path, position, child) for path, child in R.legal_moves(position))
    assert sorted(game.legal_moves()) == expected
    assert len(expected) <= game.max_moves


def test_random_positions_cover_kings_and_multi_jumps():
    assert any("K" in fen for fen in POSITIONS)
    assert any(move.count("x") >= 2 for fen in POSITIONS for move in Checkers(fen).legal_moves())


def test_a_man_crowned_by_a_capture_stops_there():
    # The black man jumps 26 and lands on 31, the last row: crowned, its move ends although
    # a king there could jump 27 next.
    assert Checkers("B:W26,27:B22").legal_moves() == ["22x31"]
    assert Checkers("B:W26,27:BK22").legal_moves() == ["22x31x24"]
    game = Checkers("B:W26,27:B22")
    game.play("22x31")
    assert game.fen() == "W:W27:BK31"


def test_capture_is_compulsory_but_not_the_longest():
    # Black can take one piece (15x22) or two (14x23x32, 15x24x31): any capture may be chosen.
    game = Checkers("B:W18,19,27:B14,15")
    moves = game.legal_moves()
    assert all("x" in move for move in moves)
    assert sorted(moves) == ["14x23x32", "15x22", "15x24x31"]


def test_kings_move_backwards_and_men_do_not():
    assert sorted(Checkers("B:W32:BK18").legal_moves()) == ["18-14", "18-15", "18-22", "18-23"]
    assert sorted(Checkers("B:W32:B18").legal_moves()) == ["18-22", "18-23"]
    assert sorted(Checkers("W:W18:B1").legal_moves()) == ["18-14", "18-15"]


def test_a_king_may_pass_its_starting_square():
    # The white king on 18 goes round the four black men and comes back to 18, either way
    # round: two moves that differ only in the order of the squares they land on.
    game = Checkers("W:WK18:B6,7,14,15")
    assert sorted(game.legal_moves()) == ["18x11x2x9x18", "18x9x2x11x18"]
    game.play("18x9x2x11x18")
    assert game.fen() == "B:WK18:B"
    assert game.outcome().winner == -1


def test_play_accepts_the_short_form_of_an_unambiguous_capture():
    game = Checkers("B:W26,27:BK22")
    game.play("22x24")
    assert game.history == ("22x31x24",)


def test_ambiguous_short_capture_is_refused():
    game = Checkers("W:WK18:B6,7,14,15")
    loops = game.legal_moves()
    assert len(loops) == 2
    before = game.fen()
    with pytest.raises(ValueError, match="ambiguous"):
        game.play("18x18")
    assert game.fen() == before
    game.play(loops[0])
    assert game.history == (loops[0],)


def test_play_undo_and_history():
    game = Checkers()
    for move in ["11-15", "22-18", "15x22", "25x18", "8-11"]:
        game.play(move)
    assert game.history == ("11-15", "22-18", "15x22", "25x18", "8-11")
    assert game.to_move == -1
    game.undo()
    assert game.history[-1] == "25x18"
    while game.history:
        game.undo()
    assert game.fen() == START_FEN
    with pytest.raises(ValueError, match="no move to undo"):
        game.undo()


# --- notation --------------------------------------------------------------------------------

@pytest.mark.parametrize("fen", POSITIONS[::7])
def test_fen_round_trip(fen):
    game = Checkers(fen)
    assert game.fen() == fen  # the reference writes pieces in square order, as fen() does
    assert Checkers(game.fen()) == game


def test_fen_variants_are_read():
    assert Checkers("B:W21-32:B1-12").fen() == START_FEN
    assert Checkers("b:w21-32:b1-12").fen() == START_FEN
    assert Checkers("B:B1-12:W21-32").fen() == START_FEN
    assert Checkers(" W:WK5, 9:BK32 ").fen() == "W:WK5,9:BK32"
    assert Checkers("W:W:B1").outcome().winner == 1


def test_board_and_bitboards():
    game = Checkers("W:W21,K30:B1,K12")
    board = game.board
    assert board.shape == (8, 8) and board.dtype == np.int8
    assert board[0, 1] == 1 and board[2, 7] == 2 and board[5, 0] == -1 and board[7, 2] == -2
    assert int(np.abs(board).sum()) == 6
    with pytest.raises(ValueError):
        board[0, 0] = 1
    black, white, kings = (int(x) for x in game.bitboards)
    assert black == (1 << 0) | (1 << 11) and white == (1 << 20) | (1 << 29)
    assert kings == (1 << 11) | (1 << 29)
    assert Checkers.from_board(board, to_move=-1) == game


def test_str_draws_the_board():
    text = str(Checkers())
    lines = text.splitlines()
    assert len(lines) == 9
    assert lines[0].split()[:4] == ["b", "b", "b", "b"]
    assert lines[-1] == "black to move"


def test_repr_evaluates_back_and_pickle_keeps_history():
    game = Checkers()
    assert repr(game) == "Checkers()"
    for move in ["11-15", "23-19", "8-11"]:
        game.play(move)
    again = eval(repr(game), {"Checkers": Checkers})
    assert again == game
    restored = pickle.loads(pickle.dumps(game))
    assert restored == game and restored.history == game.history
    restored.undo()
    assert restored.fen() != game.fen()


# --- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize("fen, message", [
    ("", "three fields"),
    ("B:W21", "three fields"),
    ("X:W21:B1", "side to move"),
    ("B:W21:X1", "starts with 'B' or 'W'"),
    ("B:W21:W22", "two piece lists"),
    ("B:W33:B1", "off the board"),
    ("B:W0:B1", "off the board"),
    ("B:W21,21:B1", "listed twice"),
    ("B:W21:B21", "black and a white piece"),
    ("B:Wfoo:B1", "cannot read the piece"),
    ("B:W5-1:B1", "backwards"),
    ("B:W21:B30", "crowned"),
    ("B:W2:B30", "crowned"),
    ("B:W1-13:B30", "at most 12"),
])
def test_bad_fen(fen, message):
    with pytest.raises(ValueError, match=message):
        Checkers(fen)


def test_fen_must_be_a_string():
    with pytest.raises(TypeError):
        Checkers(12)


def test_light_squares_and_bad_boards_are_refused():
    board = np.zeros((8, 8), dtype=np.int8)
    board[0, 0] = 1
    with pytest.raises(ValueError, match="light square"):
        Checkers.from_board(board)
    with pytest.raises(ValueError, match="shape"):
        Checkers.from_board(np.zeros((8, 7), dtype=np.int8))
    with pytest.raises(ValueError, match="values"):
        Checkers.from_board(np.full((8, 8), 3, dtype=np.int8))
    with pytest.raises(TypeError):
        Checkers.from_board(np.zeros((8, 8)))
    with pytest.raises(ValueError, match="to_move"):
        Checkers.from_board(np.zeros((8, 8), dtype=np.int8), to_move=0)


@pytest.mark.parametrize("move, error, message", [
    ("11-16x", ValueError, "cannot read"),
    ("11", ValueError, "cannot read"),
    ("33-29", ValueError, "off the board"),
    ("11-14", ValueError, "not a legal move"),
    ("18-14", ValueError, "not a legal move"),
    ("11x18", ValueError, "not a legal move"),
    (11, TypeError, "PDN string"),
    (None, TypeError, "PDN string"),
])
def test_bad_moves_leave_the_game_unchanged(move, error, message):
    game = Checkers()
    game.play("11-15")
    before = (game.fen(), game.history, game.key())
    with pytest.raises(error, match=message):
        game.play(move)
    assert (game.fen(), game.history, game.key()) == before


def test_plain_move_when_a_capture_is_compulsory():
    game = Checkers("B:W18:B14,1")
    with pytest.raises(ValueError, match="capture is compulsory"):
        game.play("1-5")


@pytest.mark.parametrize("move", ["1-9", "14-23", "1-2", "5-9"])
def test_a_move_no_piece_could_make_is_no_move_even_when_a_capture_is_compulsory(move):
    # "a capture is compulsory" is said of a move the pieces could otherwise make, not of
    # steps between squares that are no neighbours or from an empty square.
    game = Checkers("B:W18:B14,1")
    with pytest.raises(ValueError, match=r"is not a legal move here; legal moves: 14x23$"):
        game.play(move)


def test_no_move_after_the_end():
    game = Checkers("W:W:B1")
    assert game.legal_moves() == []
    with pytest.raises(ValueError, match="over"):
        game.play("1-5")


# --- end of the game and draws ----------------------------------------------------------------

def test_a_side_without_a_move_loses():
    # The black man on 5 is blocked by 9 and cannot jump it: 14 is taken.
    blocked = Checkers("B:W9,14:B5")
    assert blocked.legal_moves() == []
    assert blocked.outcome().winner == -1 and blocked.outcome().reason == "no legal move"
    assert blocked.winner == -1 and blocked.is_terminal()
    assert blocked.evaluate() == -nm.WIN
    no_pieces = Checkers("W:W:B5")
    assert no_pieces.outcome().winner == 1 and no_pieces.evaluate() == -nm.WIN
    assert nm.search(blocked, depth=3).value == -nm.WIN


def test_threefold_repetition_is_a_draw():
    game = Checkers("B:WK32:BK1")
    shuffle = ["1-5", "32-28", "5-1", "28-32"]
    for move in shuffle * 2:
        assert game.outcome() is None
        game.play(move)
    outcome = game.outcome()
    assert outcome is not None and outcome.winner == 0 and outcome.reason == "threefold repetition"
    assert game.legal_moves() == [] and game.evaluate() == 0
    game.undo()
    assert game.outcome() is None


def forty_move_walk():
    """A seeded walk of four kings that makes 80 plies without a capture, a man
    move or any position occurring three times (as the test itself counts them)."""
    for seed in range(100):
        rng = random.Random(seed)
        game = Checkers("B:WK29,K31:BK4,K2")
        seen = {game.fen(): 1}
        for _ in range(80):
            moves = game.legal_moves()
            rng.shuffle(moves)
            for move in moves:   # a move after which no capture is possible
                game.play(move)
                if "x" in move or any("x" in reply for reply in game.legal_moves()):
                    game.undo()
                    continue
                break
            else:
                break
            seen[game.fen()] = seen.get(game.fen(), 0) + 1
            if seen[game.fen()] >= 3:
                break
        else:
            return game
    raise AssertionError("no walk found")


def test_forty_moves_without_progress_is_a_draw():
    game = forty_move_walk()
    assert len(game.history) == 80 and game.quiet_moves == 80
    assert game.outcome() == CheckersOutcome(0, "forty-move rule")
    game.undo()
    assert game.outcome() is None and game.quiet_moves == 79


def test_a_man_move_or_a_capture_restarts_the_count():
    game = Checkers("B:WK29,24:BK4")
    game.play("4-8")
    assert game.quiet_moves == 1
    game.play("24-20")
    assert game.quiet_moves == 0
    game.play("8-11")
    game.play("29-25")
    assert game.quiet_moves == 2


# --- keys, copies, evaluation --------------------------------------------------------------

def test_keys_follow_positions():
    first, second = Checkers(), Checkers()
    for move in ["11-15", "23-19", "9-14"]:
        first.play(move)
    for move in ["9-14", "23-19", "11-15"]:
        second.play(move)
    assert first.key() == second.key() and first == second
    assert Checkers("B:W21:B1").key() != Checkers("W:W21:B1").key()
    assert Checkers("B:W21:B1").key() != Checkers("B:WK21:B1").key()


def test_copy_is_independent():
    game = Checkers()
    game.play("11-15")
    other = game.copy()
    other.play("23-19")
    assert game.history == ("11-15",) and other.history == ("11-15", "23-19")
    assert game.fen() != other.fen()


@pytest.mark.parametrize("fen", POSITIONS[::3])
def test_evaluation_is_colour_symmetric(fen):
    game, mirror = Checkers(fen), Checkers(mirrored(fen))
    assert game.evaluate() == mirror.evaluate()
    assert abs(game.evaluate()) <= nm.EVAL_LIMIT or game.is_terminal()
    assert len(game.legal_moves()) == len(mirror.legal_moves())
    assert game.perft(2) == mirror.perft(2)


def test_evaluation_prefers_material():
    assert Checkers("B:W21:B1,2").evaluate() > 0
    assert Checkers("W:W21:B1,2").evaluate() < 0
    assert Checkers("B:WK21:BK1,K2").evaluate() > Checkers("B:W21:B1,2").evaluate() - 100


def test_order_hints_put_captures_and_crowning_first():
    game = Checkers("B:W18,19,27:B14,15")
    hints = {move: game.order_hint(move) for move in game.legal_moves()}
    assert hints["14x23x32"] > hints["15x22"]   # longer first (and crowning)
    crowning = Checkers("B:WK2:B25,9")
    assert crowning.order_hint("25-29") > crowning.order_hint("9-13")


# --- the search ------------------------------------------------------------------------------

def test_search_gives_a_legal_move():
    game = Checkers()
    result = nm.search(game, depth=6)
    assert result.best_move in game.legal_moves()
    line = game.copy()
    for move in result.pv:
        line.play(move)          # the principal variation is a legal line
    assert game.history == ()    # the search worked on a copy


def test_search_takes_a_free_piece():
    # Black to move can jump the white man on 18 for nothing.
    game = Checkers("B:W18,32:B14,1")
    result = nm.search(game, depth=4, algorithm="pvs")
    assert result.best_move == "14x23"


def test_search_all_algorithms_agree_at_a_fixed_depth():
    game = Checkers()
    game.play("11-15")
    # The engine's quiescence, null moves and reductions change depth-limited values by
    # design; without them every algorithm finds the same value.
    plain = dict(quiescence=False, null_move=False, lmr=False)
    values = {algorithm: nm.search(game, depth=5, algorithm=algorithm).value
              for algorithm in ("minimax", "negamax", "alphabeta")}
    values.update({algorithm: nm.search(game, depth=5, algorithm=algorithm, **plain).value
                   for algorithm in ("pvs", "mtdf")})
    assert len(set(values.values())) == 1, values


def test_search_with_a_time_limit():
    result = nm.search(Checkers(), time_limit=0.2, algorithm="pvs")
    assert result.best_move in Checkers().legal_moves() and result.depth >= 4


def test_perft_releases_the_gil():
    # While one thread counts perft(10) (about half a second), this thread keeps running Python.
    import threading
    import time

    result = {}
    worker = threading.Thread(target=lambda: result.setdefault("count", Checkers().perft(10)))
    ticks = 0
    worker.start()
    start = time.perf_counter()
    while worker.is_alive():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert result["count"] == START_PERFT[9]
    assert ticks >= 20, (ticks, time.perf_counter() - start)


@pytest.mark.parametrize("fen, fragment", [("B:W2 1:B1", "'W2 1'"), ("B:W1 2:B3", "'W1 2'"),
                                           ("B:W21,22:B1,K 3", "'K 3'")])
def test_a_space_inside_a_square_is_refused_not_joined(fen, fragment):
    with pytest.raises(ValueError, match=f"space inside {fragment}"):
        nm.games.Checkers(fen)


def test_spaces_around_separators_and_after_the_colour_are_read():
    assert nm.games.Checkers(" B : W 21, 22 : B 1,K3 ").fen() == "B:W21,22:B1,K3"


@pytest.mark.parametrize("code, error", [
    ("9-13", TypeError), (1.0, TypeError), (True, TypeError), (np.True_, TypeError),
    (-1, ValueError), (-2 ** 31, ValueError), (2 ** 31, ValueError), (2 ** 40, ValueError),
    (2 ** 63, ValueError),
    (1 << 11, ValueError),        # a second direction on a move without jumps
])
def test_decode_line_refuses_what_no_move_is(code, error):
    with pytest.raises(error, match="checkers move code"):
        Checkers().decode_line([code])


def test_decode_line_reads_every_code_the_generator_makes():
    # The strict check must pass every real move: multi-jumps and king loops included.
    rng = random.Random(7)
    positions = 0
    for fen in (START_FEN, "W:WK18:B6,7,14,15", "B:W9,10,17,18,25,26:BK1,K3"):
        game = Checkers(fen)
        for _ in range(60):
            if game.outcome() is not None:
                break
            codes = nm.NativeGame.legal_moves(game)
            assert game.decode_line(codes) == game.legal_moves()
            positions += 1
            game.play(rng.choice(game.legal_moves()))
    assert positions > 60


def test_from_board_names_its_own_mistakes():
    board = np.zeros((8, 8), dtype=np.int8)
    with pytest.raises(TypeError, match="to_move"):
        Checkers.from_board(board, 1.0)
    board[7, 0] = 1           # row 7 is the bottom row as printed: black's far row
    with pytest.raises(ValueError, match="far row") as raised:
        Checkers.from_board(board, 1)
    assert "FEN" not in str(raised.value)


@pytest.mark.parametrize("to_move, empty_side", [(1, "white"), (-1, "black")])
def test_from_board_names_the_board_when_the_side_not_to_move_has_no_pieces(to_move, empty_side):
    # The FEN is made by from_board: its refusal speaks of the board, not of a FEN.
    board = np.zeros((8, 8), dtype=np.int8)
    with pytest.raises(ValueError, match=f"^board: {empty_side} has no pieces") as raised:
        Checkers.from_board(board, to_move)
    assert "FEN" not in str(raised.value)


def test_equal_games_have_the_same_forty_move_count():
    a, b = Checkers("W:WK20,K23:BK32"), Checkers("W:WK20,K23:BK32")
    assert a == b and hash(a) == hash(b)
    for move in ("20-24", "32-28", "24-20", "28-32"):     # kings only: the count runs on
        a.play(move)
    assert a.fen() == b.fen() and a.quiet_moves == 4
    assert a != b


@pytest.mark.parametrize("fen", ["B:W2\u0661:B1", "B:W\u0662\u0661:B1", "B:W21:B\u0661-12"])
def test_digits_of_other_scripts_are_no_squares(fen):
    """int() reads Arabic-Indic digits: 'W2١' was taken for square 21."""
    with pytest.raises(ValueError, match="bad FEN"):
        nm.games.Checkers(fen)


def test_a_move_in_digits_of_other_scripts_is_refused():
    game = nm.games.Checkers()
    with pytest.raises(ValueError, match="cannot read the move"):
        game.play("\u0661\u0661-15")
    game.play("11-15")


@pytest.mark.parametrize("fen", ["x" * 10**6, "B:W21" + " " * 10**6 + "x", "B:W" + "1 " * 500_000,
                                 "B:W21," + " ," * 500_000 + ":B1", " " * 10**6 + ":"])
def test_a_long_bad_fen_is_refused_at_once(fen):
    """Each fails after one pass over the string. The regular expressions that read it before
    split long runs of letters or spaces every way first: 20,000 characters took 5 s, and
    these million-character strings would have run for hours."""
    with pytest.raises(ValueError, match="bad FEN"):
        nm.games.Checkers(fen)


@pytest.mark.parametrize("move", ["11" + " " * 10**6 + "!", "11" + " x 15" * 250_000 + "!",
                                  "11-" + " " * 10**6])
def test_a_long_bad_move_is_refused_at_once(move):
    with pytest.raises(ValueError, match="cannot read the move"):
        nm.games.Checkers().play(move)


@pytest.mark.parametrize("fen, waiting", [("B:W:B1", "white"), ("W:W21:B", "black"),
                                          ("B:W:BK5,9", "white"), ("B:W:B", "white")])
def test_a_side_without_pieces_that_is_not_to_move_is_refused(fen, waiting):
    # A capture of a side's last piece leaves that side to move (and lost), as "B:WK18:B"
    # above; these positions cannot arise, and `negamax solve` called them a win in 1 ply
    # (an independent tester's find).
    with pytest.raises(ValueError, match=f"{waiting} has no pieces with "):
        Checkers(fen)
    board = np.zeros((8, 8), dtype=np.int8)
    with pytest.raises(ValueError, match="has no pieces with "):
        Checkers.from_board(board, 1)
    assert Checkers("B:WK18:B").outcome().winner == -1      # the side to move has none: lost


def test_root_moves_take_the_short_form_of_a_capture_as_play_does():
    # The king on 22 has one capture, 22x31x24; "22x24" names it for play() and root_moves.
    game = Checkers("B:W26,27:BK22")
    result = nm.search(game, 3, root_moves=["22x24"])
    assert result.best_move == "22x31x24"
    assert nm.search(game, 3, root_moves=["22x24"]) == nm.search(game, 3, root_moves=["22x31x24"])
    assert game.move_code("22x24") == game.move_code("22x31x24")
    with pytest.raises(ValueError, match="^root_moves: '22x17' is not a legal move here; legal moves: 22x31x24$"):
        nm.search(game, 3, root_moves=["22x17"])


def test_root_moves_refuse_an_ambiguous_short_capture_as_play_does():
    game = Checkers("W:WK4,K21,30:BK10,K11,K15,18,K19,K26")   # 30x23x14x7 and 30x23x16x7
    with pytest.raises(ValueError, match="'30x7' is ambiguous here") as played:
        game.play("30x7")
    with pytest.raises(ValueError) as searched:
        nm.search(game, 2, root_moves=["30x7"])
    assert str(searched.value) == f"root_moves: {played.value}"
