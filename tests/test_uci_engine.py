"""`negamax uci` end to end: python-chess drives the engine process as a GUI would.

Mate distances are proven here with python-chess alone (an exhaustive search over its legal
moves), never taken from negamax."""

from __future__ import annotations

import subprocess
import sys
import time

import chess
import chess.engine
import pytest

from chess_helpers import forced_mate, gives_mate, mates_after

ENGINE = [sys.executable, "-m", "negamax", "uci"]

MATE_IN_1 = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"                                 # Ra8#
MATE_IN_2_WHITE = "r1bq2rk/pp3pbp/2p1p1pQ/7P/3P4/2PB1N2/PP3PPR/2KR4 w - - 0 1"         # WAC.004, Qxh7+
MATE_IN_2_BLACK = "5k2/6pp/p1qN4/1p1p4/3P4/2PKP2Q/PP3r2/3R4 b - - 0 1"                 # WAC.005, Qc4+


def mate_distance(fen: str, most: int = 2) -> int:
    """The exact 'mate in N' of the side to move (python-chess only)."""
    board = chess.Board(fen)
    for moves in range(1, most + 1):
        if forced_mate(board, moves):
            return moves
    raise AssertionError(f"no mate in {most} in {fen}")


@pytest.fixture(scope="module")
def engine():
    process = chess.engine.SimpleEngine.popen_uci(ENGINE, timeout=30)
    yield process
    process.quit()


def test_identifies_itself_with_hash_and_threads_options(engine):
    assert engine.id["name"].startswith("negamax")
    assert engine.id.get("author")
    assert engine.options["Hash"].type == "spin" and engine.options["Hash"].default >= 1
    assert engine.options["Threads"].type == "spin" and engine.options["Threads"].min == 1


def test_analyse_to_a_depth_reports_score_pv_depth_and_nodes(engine):
    board = chess.Board()
    board.push_san("e4")
    info = engine.analyse(board, chess.engine.Limit(depth=3))
    assert info["depth"] == 3
    assert info["nodes"] > 0 and info["time"] >= 0
    assert isinstance(info["score"].relative, chess.engine.Cp)
    line = board.copy()
    for move in info["pv"]:                 # python-chess checks the line is legal
        assert move in line.legal_moves
        line.push(move)
    assert len(info["pv"]) >= 1


def test_play_with_a_time_limit_answers_a_legal_move_in_time(engine):
    board = chess.Board("r1bq1rk1/2p1bppp/p1np1n2/1p2p3/4P3/1BP2N1P/PP1P1PP1/RNBQR1K1 b - - 0 9")
    started = time.monotonic()
    result = engine.play(board, chess.engine.Limit(time=0.3))
    assert time.monotonic() - started < 3.0
    assert result.move in board.legal_moves


def test_infinite_analysis_stops_at_once(engine):
    board = chess.Board("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1")
    with engine.analysis(board) as analysis:
        for info in analysis:
            if info.get("depth", 0) >= 2:
                break
        started = time.monotonic()
        analysis.stop()
        best = analysis.wait()
        waited = time.monotonic() - started
    assert waited < 1.0
    assert best.move in board.legal_moves


def test_options_can_be_set_and_the_engine_still_searches(engine):
    engine.configure({"Hash": 8, "Threads": 2})
    info = engine.analyse(chess.Board(), chess.engine.Limit(depth=2))
    assert info["depth"] == 2
    engine.configure({"Hash": 16, "Threads": 1})


@pytest.mark.parametrize("fen", [MATE_IN_1, MATE_IN_2_WHITE, MATE_IN_2_BLACK])
def test_mates_are_scored_with_their_distance(engine, fen):
    moves = mate_distance(fen)
    board = chess.Board(fen)
    info = engine.analyse(board, chess.engine.Limit(depth=2 * moves))
    assert info["score"].relative == chess.engine.Mate(moves)
    # Playing the principal variation out must mate in exactly that many moves.
    line = board.copy()
    for move in info["pv"][:2 * moves - 1]:
        line.push(move)
    assert line.is_checkmate()


def test_the_mated_side_sees_a_negative_mate_score(engine):
    board = chess.Board(MATE_IN_2_WHITE)
    board.push_san("Qxh7+")
    # Black to move is mated next move whatever it plays (checked with python-chess).
    assert not board.is_game_over()
    assert all(mates_after(board, reply, 1) for reply in list(board.legal_moves))
    info = engine.analyse(board, chess.engine.Limit(depth=3))
    assert info["score"].relative == chess.engine.Mate(-1)


def test_a_clock_game_never_runs_out_of_time(engine):
    # Ten moves each on a 1.5 second clock: the engine must keep time for every move.
    board = chess.Board()
    clocks = {chess.WHITE: 1.5, chess.BLACK: 1.5}
    for _ in range(20):
        limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK])
        started = time.monotonic()
        result = engine.play(board, limit)
        clocks[board.turn] -= time.monotonic() - started
        assert clocks[board.turn] > 0, "the engine lost on time"
        board.push(result.move)
        if board.is_game_over():
            break


def test_bad_input_is_explained_and_the_process_survives():
    commands = ["uci", "go depth x movetime 50", "position fen not-a-fen", "position startpos moves e2e5",
                "setoption name Hash value -3", "bananas", "isready"]
    process = subprocess.run(ENGINE, input="\n".join(commands + ["quit"]) + "\n",
                             capture_output=True, text=True, timeout=60)
    assert process.returncode == 0, process.stderr
    assert "Traceback" not in process.stderr
    lines = process.stdout.splitlines()
    explained = [line for line in lines if line.startswith("info string")]
    assert len(explained) == 5, lines
    assert "readyok" in lines
    # The go whose depth was unusable still searched (with its movetime) and answered.
    assert len([line for line in lines if line.startswith("bestmove ")]) == 1, lines


def test_end_of_input_ends_the_engine_cleanly():
    process = subprocess.run(ENGINE, input="uci\nposition startpos\ngo depth 2\n",
                             capture_output=True, text=True, timeout=60)
    assert process.returncode == 0 and "Traceback" not in process.stderr
    assert process.stdout.splitlines()[-1].startswith("bestmove ")


def test_root_moves_leave_out_the_mate(engine):
    """python-chess sends `go searchmoves` for root_moves: the mate left out is not played."""
    board = chess.Board(MATE_IN_1)
    assert gives_mate(board, chess.Move.from_uci("a1a8"))
    chosen = [chess.Move.from_uci(uci) for uci in ("a1a2", "g1f1")]
    info = engine.analyse(board, chess.engine.Limit(depth=3), root_moves=chosen)
    assert info["pv"][0] in chosen
    assert not info["score"].relative.is_mate()
    played = engine.play(board, chess.engine.Limit(depth=3), root_moves=chosen)
    assert played.move in chosen
    with_mate = engine.analyse(board, chess.engine.Limit(depth=3),
                               root_moves=chosen + [chess.Move.from_uci("a1a8")])
    assert with_mate["pv"][0] == chess.Move.from_uci("a1a8")
    assert with_mate["score"].relative == chess.engine.Mate(1)


def test_go_perft_prints_the_divide_and_the_published_total():
    """`go perft N` as Stockfish answers it; 8,902 and 2,039 are the published perft(3) of
    the start position and perft(2) of Kiwipete (e2e4 600 and g1f3 440 its divide)."""
    kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
    commands = (f"position startpos\ngo perft 3\nposition fen {kiwipete}\ngo perft 2\n"
                "go perft zero\nquit\n")
    output = subprocess.run(ENGINE, input=commands, capture_output=True, text=True,
                            timeout=60).stdout.splitlines()
    totals = [line for line in output if line.startswith("Nodes searched:")]
    assert totals == ["Nodes searched: 8902", "Nodes searched: 2039"]
    start_divide = output[:output.index("Nodes searched: 8902")]
    counts = dict(line.split(": ") for line in start_divide if ": " in line)
    assert len(counts) == 20 and counts["e2e4"] == "600" and counts["g1f3"] == "440"
    assert any("go perft needs an integer depth" in line for line in output)


def test_multipv_lines_are_distinct_and_ranked(engine):
    """MultiPV 3 (python-chess's multipv=3): three lines with different first moves, best
    first; the only mate in one (proven with python-chess) is line 1."""
    board = chess.Board(MATE_IN_1)
    mates = [move for move in board.legal_moves if gives_mate(board, move)]
    assert mates == [chess.Move.from_uci("a1a8")]
    infos = engine.analyse(board, chess.engine.Limit(depth=3), multipv=3)
    assert [info["multipv"] for info in infos] == [1, 2, 3]
    firsts = [info["pv"][0] for info in infos]
    assert len(set(firsts)) == 3 and all(move in board.legal_moves for move in firsts)
    assert firsts[0] == mates[0] and infos[0]["score"].relative == chess.engine.Mate(1)
    assert not any(info["score"].relative.is_mate() for info in infos[1:])
    scores = [info["score"].relative.score(mate_score=100000) for info in infos]
    assert scores == sorted(scores, reverse=True)
    assert engine.play(board, chess.engine.Limit(depth=2)).move == mates[0]   # MultiPV back to 1


@pytest.mark.parametrize("fen", ["4k3/8/8/8/8/8/8/4KB2 w - - 0 1", "4k3/8/8/8/8/8/8/4K3 w - - 0 1"])
@pytest.mark.parametrize("multipv", [1, 2])
def test_a_draw_by_insufficient_material_is_answered_under_multipv(engine, fen, multipv):
    """python-chess calls these positions drawn, yet they have legal moves: MultiPV 2 (and go
    searchmoves) used to fail there ('search failed: ... the game is over') and report no
    score. Now one line scores the draw, and bestmove is legal."""
    board = chess.Board(fen)
    assert board.is_insufficient_material() and board.legal_moves.count() > 0
    infos = engine.analyse(board, chess.engine.Limit(depth=3), multipv=multipv)
    assert not any("string" in info for info in infos)
    assert infos[0]["score"].relative == chess.engine.Cp(0)
    assert engine.play(board, chess.engine.Limit(depth=2)).move in board.legal_moves
    king_moves = [move for move in board.legal_moves if board.piece_type_at(move.from_square) == chess.KING]
    played = engine.play(board, chess.engine.Limit(depth=2), root_moves=king_moves[1:2]).move
    assert played == king_moves[1]


@pytest.mark.parametrize("fen, moves", [
    ("7k/8/6K1/8/8/8/8/R7 w - - 100 80", []),          # fifty moves up: a draw to claim
    ("7k/8/6K1/8/8/8/8/R7 w - - 0 1", ["a1b1", "h8g8", "b1a1", "g8h8"] * 2),   # threefold
    # Clocks pushed past those a FEN used to allow by the moves after it: the position made
    # to search on came from a FEN its parser refused, and go answered no bestmove at all.
    ("7k/8/6K1/8/8/8/8/R7 b - - 1000000 1000000", ["h8g8", "a1b1", "g8h8"]),   # Rb8#
])
def test_a_draw_the_gui_did_not_claim_is_searched_on(engine, fen, moves):
    # Over the board these draws must be claimed: a GUI that sends the position wants a move,
    # and the engine used to answer the first legal move unsearched (here Ra8# is mate in one).
    board = chess.Board(fen)
    for move in moves:
        board.push_uci(move)
    assert board.can_claim_draw()
    result = engine.play(board, chess.engine.Limit(depth=3))
    board.push(result.move)
    assert board.is_checkmate()


# Mates in 3 that `go mate 3` missed while null move and late move reductions were on (a
# tester's positions, ninth adversarial round): the reduced mating line was cut away.
MATES_IN_3 = ["3N4/8/8/7k/8/4B1R1/8/K7 w - - 0 1", "6k1/8/8/8/7B/4K3/8/Q5B1 w - - 0 1",
              "N3k3/8/Q7/5K2/8/8/8/8 w - - 0 1", "1Q6/8/n3K2k/8/8/8/8/8 w - - 0 1"]


@pytest.mark.parametrize("fen", MATES_IN_3)
def test_go_mate_finds_every_mate_in_that_many_moves(engine, fen):
    board = chess.Board(fen)
    assert not forced_mate(board, 2) and forced_mate(board, 3)        # python-chess alone
    result = engine.play(board, chess.engine.Limit(mate=3), info=chess.engine.INFO_SCORE)
    assert result.info["score"].relative == chess.engine.Mate(3)
    board.push(result.move)             # every defence must still lose to a mate in 2
    assert all(mates_after(board, reply, 2) for reply in list(board.legal_moves))


def _lines_until_bestmove(*commands: str) -> list:
    """The engine process's output for `commands` (the last a go), up to its bestmove."""
    process = subprocess.Popen(ENGINE, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        process.stdin.write("".join(command + "\n" for command in commands))
        process.stdin.flush()
        lines = []
        while not lines or not lines[-1].startswith("bestmove"):
            line = process.stdout.readline()
            assert line, lines
            lines.append(line.strip())
        process.stdin.write("quit\n")
        process.stdin.flush()
        process.wait(timeout=30)
    finally:
        process.kill()
    return lines


def test_a_node_limit_inside_the_first_iteration_reports_no_depth():
    """A search stopped before depth 1 completes has searched only some root moves: it plays
    the best of those, legal, and reports no iteration (it said 'depth 0' with that move's
    score, a mate in one on the board)."""
    lines = _lines_until_bestmove("uci", f"position fen {MATE_IN_1}", "go nodes 5")
    assert not [line for line in lines if line.startswith("info depth")], lines
    move = chess.Move.from_uci(lines[-1].split()[1])
    assert move in chess.Board(MATE_IN_1).legal_moves


def test_seldepth_is_the_deepest_ply_reached_not_the_depth_asked():
    """A mate in 2 proven early ends iterative deepening: the report says the depth asked
    for, and seldepth said it too (5000) instead of the plies the search reached."""
    lines = _lines_until_bestmove("uci", f"position fen {MATE_IN_2_WHITE}", "go depth 5000")
    last = [line.split() for line in lines if line.startswith("info depth")][-1]
    assert last[last.index("score") + 1:last.index("score") + 3] == ["mate", "2"]
    assert 3 <= int(last[last.index("seldepth") + 1]) <= 64, last


def test_ctrl_c_ends_the_engine_with_status_130_as_every_command():
    """It returned 0 (an independent tester's find); the README's exit statuses say 130."""
    import io

    from negamax import uci

    class CtrlCAfterUci(io.StringIO):
        def readline(self, *args):
            line = super().readline(*args)
            if not line:
                raise KeyboardInterrupt
            return line

    output = io.StringIO()
    assert uci.main(CtrlCAfterUci("uci\n"), output) == 130
    assert "uciok" in output.getvalue()
