"""The UCI protocol layer in-process: lines in, lines out, with a scripted search function
(so the protocol is tested apart from the engine) and a python-chess game standing in for
the board (positions are checked against python-chess)."""

from __future__ import annotations

import threading
import time
from typing import Any, List, Optional

import chess
import pytest

import negamax as nm
from negamax.results import SearchResult, SearchStats, StopReason
from negamax.uci import STOP_GRACE, UciEngine
from negamax.uci_commands import UciCommandError, parse_go, parse_position, parse_setoption
from negamax.uci_search import format_score

from chess_standin import PythonChess


class ScriptedSearch:
    """A search function that reports one iteration per depth (best move: the first legal
    move in sorted order, value 10 * depth) and records what it was asked.

    block: keep running after the last depth until the stop signal is set (an infinite
    search); ignore_stop: a search that cannot be stopped (an engine without a stop signal)."""

    def __init__(self, block: bool = False, ignore_stop: bool = False, value: Any = None,
                 fail: bool = False, per_depth: float = 0.0) -> None:
        self.block = block
        self.ignore_stop = ignore_stop
        self.value = value
        self.fail = fail
        self.per_depth = per_depth
        self.calls: List[dict] = []
        self.returned = threading.Event()

    def __call__(self, game, depth=None, *, algorithm="alphabeta", time_limit=None,
                 node_limit=None, tt=None, iterative=None, on_iteration=None, stop=None,
                 threads=None):
        self.calls.append(dict(fen=game.fen(), depth=depth, algorithm=algorithm,
                               time_limit=time_limit, node_limit=node_limit, tt=tt,
                               iterative=iterative, threads=threads))
        try:
            if self.fail:
                raise RuntimeError("scripted failure")
            moves = sorted(game.legal_moves())
            result = None
            for current in range(1, (depth or 3) + 1):
                if stop is not None and stop.is_set() and not self.ignore_stop:
                    break
                time.sleep(self.per_depth)
                game.play(moves[0])
                reply = sorted(game.legal_moves())
                game.undo()
                pv = (moves[0], reply[0]) if reply else (moves[0],)
                value = self.value if self.value is not None else 10 * current
                result = SearchResult(value=value, best_move=moves[0], pv=pv, depth=current,
                                      stats=SearchStats(nodes=100 * current, max_ply=current + 2),
                                      elapsed=0.01, stop_reason=StopReason.COMPLETED,
                                      algorithm=algorithm)
                if on_iteration is not None:
                    on_iteration(result)
            while self.block and not (stop is not None and stop.is_set() and not self.ignore_stop):
                time.sleep(0.005)
                if self.ignore_stop and self.calls[-1].get("give_up"):
                    break
            return result
        finally:
            self.returned.set()


class Session:
    """An engine fed line by line, its output collected."""

    def __init__(self, search: Optional[ScriptedSearch] = None) -> None:
        self.lines: List[str] = []
        self.search = search or ScriptedSearch()
        self.engine = UciEngine(self.lines.append, new_game=PythonChess, search=self.search)

    def send(self, *commands: str) -> None:
        for command in commands:
            assert self.engine.handle(command) is True

    def wait_bestmove(self, timeout: float = 5.0) -> str:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for line in self.lines:
                if line.startswith("bestmove"):
                    return line
            time.sleep(0.002)
        raise AssertionError(f"no bestmove in {self.lines}")

    def go(self, *commands: str) -> str:
        """Drop the lines so far, send the commands (the last a `go`) and wait for the bestmove."""
        self.lines.clear()
        self.send(*commands)
        return self.wait_bestmove()

    def bestmoves(self) -> List[str]:
        return [line for line in self.lines if line.startswith("bestmove")]

    def info_strings(self) -> List[str]:
        return [line for line in self.lines if line.startswith("info string")]


def test_uci_announces_the_engine_and_its_options():
    session = Session()
    session.send("uci")
    assert session.lines[0].startswith("id name negamax")
    assert session.lines[1].startswith("id author ")
    assert session.lines[-1] == "uciok"
    options = [line for line in session.lines if line.startswith("option ")]
    assert any(line.startswith("option name Hash type spin default ") for line in options)
    assert any(line.startswith("option name Threads type spin default 1 min 1 ") for line in options)


def test_position_startpos_with_moves_matches_python_chess():
    session = Session()
    moves = "e2e4 c7c5 g1f3 d7d6 d2d4 c5d4 f3d4 g8f6 b1c3 a7a6 c1e3 e7e5 d4b3 c8e6 f2f3 f8e7 " \
            "d1d2 e8g8 e1c1"
    session.send("position startpos moves " + moves, "go depth 1")
    session.wait_bestmove()
    board = chess.Board()
    for move in moves.split():
        board.push_uci(move)
    assert session.search.calls[0]["fen"] == board.fen()
    assert session.info_strings() == []


def test_position_fen_with_moves_and_a_promotion():
    session = Session()
    fen = "8/P6k/8/8/8/8/6K1/8 w - - 0 1"
    session.send(f"position fen {fen} moves a7a8q h7h6", "go depth 1")
    session.wait_bestmove()
    board = chess.Board(fen)
    board.push_uci("a7a8q")
    board.push_uci("h7h6")
    assert session.search.calls[0]["fen"] == board.fen()


@pytest.mark.parametrize("command,fragment", [
    ("position startpos moves e2e4 e2e4", "'e2e4', is not legal"),
    ("position startpos moves e2e5", "'e2e5', is not legal"),
    ("position fen rnbqkbnr/pppppppp/8/8 w - - 0 1", "bad FEN"),
    ("position fen", "needs a FEN"),
    ("position", "needs 'startpos'"),
    ("position middlegame", "needs 'startpos'"),
    ("position moves e2e4", "before 'moves'"),   # found by fuzzing (an IndexError)
    ("position startpos e2e4", "unexpected 'e2e4'"),
])
def test_a_bad_position_is_explained_and_go_then_has_no_position(command, fragment):
    """A refused position is not the GUI's: a go after it answers no move (a move of the
    position kept before would be illegal in the GUI's), until a position is accepted."""
    session = Session()
    session.send("position startpos moves d2d4", command, "go depth 1")
    assert session.wait_bestmove() == "bestmove (none)"
    explained = session.info_strings()
    assert len(explained) == 2 and fragment in explained[0], explained
    assert "no position to search" in explained[1] and fragment in explained[1], explained
    assert session.search.calls == []
    session.send("go perft 1")
    assert "no position to search" in session.info_strings()[-1]
    assert session.go("position startpos moves d2d4 d7d5", "go depth 1") != "bestmove (none)"
    board = chess.Board()
    board.push_uci("d2d4")
    board.push_uci("d7d5")
    assert session.search.calls[0]["fen"] == board.fen()


def test_ucinewgame_after_a_refused_position_searches_the_start():
    session = Session()
    session.send("position startpos moves e2e5", "ucinewgame", "go depth 1")
    session.wait_bestmove()
    assert session.search.calls[0]["fen"] == chess.Board().fen()


def test_a_game_sent_move_by_move_is_the_game_python_chess_plays():
    """A GUI sends the whole game before every go; the engine plays on from the position it
    kept when the new one extends it. Takebacks, a new FEN, an illegal move in the part added
    and a threefold repetition must all come out as a replay from the start does."""
    from negamax.games import Chess
    lines: List[str] = []
    engine = UciEngine(lines.append, new_game=Chess, search=ScriptedSearch())
    moves = ("e2e4 e7e5 g1f3 b8c6 f1b5 a7a6 b5c6 d7c6 e1g1 f7f6 f3h4 g8e7 h4f3 e7g8 f3h4 "
             "g8e7 h4f3 e7g8").split()
    sent = [moves[:n] for n in range(len(moves) + 1)]
    sent[7:7] = [moves[:5], moves[:9] + ["e1g1"], moves[:6]]      # a takeback, an illegal move
    for line in sent:
        assert engine.handle("position startpos moves " + " ".join(line)) is True
        kept = moves[:5] if line == moves[:9] + ["e1g1"] else line   # unchanged
        board = chess.Board()
        for move in kept:
            board.push_uci(move)
        assert engine._game.fen() == board.fen(), line
        assert engine._game.is_terminal() == board.is_repetition(3), line
    assert engine._game.is_terminal()           # the knights' dance repeated the position
    illegal = [line for line in lines if "is not legal" in line]
    assert len(illegal) == 1 and "move 10, 'e1g1'" in illegal[0], lines
    engine.handle("position fen " + chess.Board().fen() + " moves e2e4")
    assert engine._game.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"


def test_go_depth_reports_every_iteration_then_the_best_move_and_ponder_move():
    session = Session()
    session.send("position startpos", "go depth 4")
    bestmove = session.wait_bestmove()
    infos = [line for line in session.lines if line.startswith("info depth")]
    assert [int(line.split()[2]) for line in infos] == [1, 2, 3, 4]
    words = infos[-1].split()
    assert words[words.index("score") + 1:words.index("score") + 3] == ["cp", "40"]
    assert words[words.index("nodes") + 1] == "400"
    assert words[words.index("seldepth") + 1] == "6"
    for field in ("nps", "time", "pv"):
        assert field in words
    first, reply = sorted(m.uci() for m in chess.Board().legal_moves)[0], None
    board = chess.Board()
    board.push_uci(first)
    reply = sorted(m.uci() for m in board.legal_moves)[0]
    assert bestmove == f"bestmove {first} ponder {reply}"
    call = session.search.calls[0]
    assert call["depth"] == 4 and call["algorithm"] == "pvs" and call["iterative"] is True
    assert call["time_limit"] is None and call["node_limit"] is None


def test_go_nodes_movetime_and_mate_become_search_limits():
    session = Session()
    session.go("position startpos", "go nodes 5000")
    session.go("go movetime 2000")
    session.go("go mate 2")
    nodes, movetime, mate = session.search.calls
    assert nodes["node_limit"] == 5000 and nodes["time_limit"] is None
    assert movetime["time_limit"] == pytest.approx(2.0 - 0.05)
    assert mate["depth"] == 3


def test_the_clock_of_the_side_to_move_is_used():
    session = Session()
    session.go("position startpos moves e2e4", "go wtime 1000 btime 100000 winc 0 binc 0")
    session.go("position startpos", "go wtime 1000 btime 100000 winc 0 binc 0")
    black, white = session.search.calls
    assert black["time_limit"] > 10 * white["time_limit"]
    assert white["time_limit"] < 1.0



def test_only_the_other_sides_clock_still_bounds_the_search():
    # Black to move with only White's clock: budget from it (it was a search without a limit,
    # running until `stop`).
    session = Session()
    session.send("position startpos moves e2e4", "go wtime 1000")
    session.wait_bestmove()
    limit = session.search.calls[0]["time_limit"]
    assert limit is not None and 0 < limit < 1.0


def test_isready_makes_the_table_so_go_does_not():
    # A large Hash takes time to allocate: isready (between searches) does it, and the next
    # go reuses that table instead of allocating inside the move's time.
    session = Session()
    session.send("setoption name Hash value 4", "isready")
    assert session.lines[-1] == "readyok"
    table = session.engine._table
    assert isinstance(table, nm.TranspositionTable) and table.mb == pytest.approx(4)
    session.send("position startpos", "go depth 1")
    session.wait_bestmove()
    assert session.search.calls[0]["tt"] is table

def test_setoption_hash_makes_the_table_so_go_does_not():
    # A GUI may send go right after setoption, without isready: the table is made by the
    # setoption (a 2 GB one made in go took 4-8 s of a 0.1 s movetime), once per size.
    session = Session()
    session.send("setoption name Hash value 4")
    table = session.engine._table
    assert isinstance(table, nm.TranspositionTable) and table.mb == pytest.approx(4)
    session.send("setoption name Hash value 4", "position startpos", "go depth 1")
    session.wait_bestmove()
    assert session.engine._table is table and session.search.calls[0]["tt"] is table
    session.send("setoption name Hash value 2")
    assert session.engine._table is not table and session.engine._table.mb == pytest.approx(2)


def test_the_soft_limit_stops_after_an_iteration():
    # A slow search (0.1 s per depth) with a small clock: the engine stops it between
    # iterations once the soft limit has passed, long before depth 50.
    session = Session(ScriptedSearch(per_depth=0.1))
    session.send("position startpos", "go wtime 2000 btime 2000 depth 50")
    session.wait_bestmove(timeout=10)
    depths = [int(line.split()[2]) for line in session.lines if line.startswith("info depth")]
    assert 1 <= len(depths) < 10


def test_go_infinite_answers_only_after_stop_and_stop_is_prompt():
    session = Session(ScriptedSearch(block=True))
    session.send("position startpos", "go infinite")
    time.sleep(0.2)
    assert session.bestmoves() == []
    session.send("isready")
    assert session.lines[-1] == "readyok"     # answered while the search runs
    started = time.monotonic()
    session.send("stop")
    assert session.lines[-1].startswith("bestmove ")
    assert time.monotonic() - started < STOP_GRACE + 0.5
    assert session.search.calls[0]["depth"] is None


def test_go_infinite_waits_for_stop_even_when_the_search_ends():
    session = Session()
    session.send("position startpos", "go infinite")
    assert session.search.returned.wait(5)
    time.sleep(0.05)
    assert session.bestmoves() == []
    session.send("stop")
    assert session.lines[-1].startswith("bestmove ")
    assert len(session.bestmoves()) == 1


@pytest.mark.parametrize("fen", ["7k/5Q2/6K1/8/8/8/8/8 b - - 0 1",      # stalemate
                                 "7k/6Q1/6K1/8/8/8/8/8 b - - 0 1"])     # checkmate
def test_go_infinite_waits_for_stop_in_a_position_without_moves(fen):
    session = Session()
    session.send(f"position fen {fen}", "go infinite")
    time.sleep(0.2)
    assert session.bestmoves() == []
    session.send("stop")
    assert session.lines[-1] == "bestmove (none)"


def test_stop_answers_from_the_last_iteration_when_the_search_cannot_be_stopped():
    search = ScriptedSearch(block=True, ignore_stop=True)
    session = Session(search)
    session.send("position startpos", "go infinite")
    time.sleep(0.1)
    started = time.monotonic()
    session.send("stop")
    assert time.monotonic() - started < STOP_GRACE + 0.5
    bestmoves = session.bestmoves()
    assert len(bestmoves) == 1
    assert bestmoves[0].split()[1] == sorted(m.uci() for m in chess.Board().legal_moves)[0]
    search.calls[-1]["give_up"] = True       # let the thread end; its answer must be dropped
    time.sleep(0.05)
    assert len(session.bestmoves()) == 1


def test_ponder_then_ponderhit_turns_into_a_timed_search():
    session = Session(ScriptedSearch(block=True))
    session.send("position startpos", "go ponder wtime 400 btime 400")
    time.sleep(0.1)
    assert session.bestmoves() == []
    session.send("ponderhit")
    session.wait_bestmove(timeout=2)


def test_a_search_that_ends_by_itself_after_ponderhit_leaves_no_timer_thread():
    """The ponderhit timer (the hard limit) was cancelled only by stop: a search ending at its
    depth kept a thread, and the job, alive for the whole limit (an hour's clock: minutes)."""
    session = Session(ScriptedSearch(per_depth=0.05))
    before = threading.active_count()
    for _ in range(3):
        session.lines.clear()
        session.send("position startpos", "go ponder depth 4 wtime 3600000 btime 3600000")
        time.sleep(0.02)
        session.send("ponderhit")          # the search is still in its iterations
        session.wait_bestmove(timeout=5)
    def timers():
        return [thread for thread in threading.enumerate() if isinstance(thread, threading.Timer)]

    # A cancelled timer's thread takes a moment to end: wait for every one (waiting only for
    # the thread count failed once on a loaded machine, where another thread had ended first).
    deadline = time.monotonic() + 5
    while (threading.active_count() > before or timers()) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert threading.active_count() <= before
    assert not timers()


def test_a_finished_game_answers_bestmove_none():
    session = Session()
    session.send("position fen 7k/6Q1/6K1/8/8/8/8/8 b - - 0 1", "go depth 3")   # black is mated
    assert session.wait_bestmove() == "bestmove (none)"
    assert session.search.calls == []


def test_a_failing_search_still_answers_a_legal_move():
    session = Session(ScriptedSearch(fail=True))
    session.send("position startpos", "go depth 3")
    move = session.wait_bestmove().split()[1]
    assert chess.Move.from_uci(move) in chess.Board().legal_moves
    assert any("scripted failure" in line for line in session.info_strings())


@pytest.mark.parametrize("command,fragment", [
    ("setoption name Hash value lots", "needs an integer, not 'lots'"),
    ("setoption name Hash value 0", "must be in [1,"),
    ("setoption name Hash", "needs a value"),
    ("setoption name Style value solid", "unknown option 'Style'"),
    ("setoption Hash 16", "needs 'name NAME"),
    ("debug sometimes", "'on' or 'off'"),
    ("flip", "unknown command 'flip'"),
    ("x" * 500, "unknown command 'xxxxxxxx"),
])
def test_malformed_commands_are_explained_never_fatal(command, fragment):
    session = Session()
    session.send(command)
    assert len(session.lines) == 1 and session.lines[0].startswith("info string ")
    assert fragment in session.lines[0]
    assert len(session.lines[0]) < 200
    session.send("isready")
    assert session.lines[-1] == "readyok"


# The UCI protocol: an unknown token is skipped and the rest of the line read. A `go` is
# always answered with bestmove (a GUI waits for it), so what cannot be used is explained and
# the search runs with the rest.
@pytest.mark.parametrize("command,fragments,limits", [
    # A limit that cannot be read and leaves none: its smallest, never a search without end.
    ("go depth", ["go depth needs a number", "no readable limit is left: go depth 1 is used"],
     {"depth": 1}),
    ("go depth x", ["needs an integer, not 'x'", "go depth 1 is used"], {"depth": 1}),
    ("go movetime abc", ["go movetime needs an integer", "go movetime 0 is used"],
     {"time_limit": pytest.approx(0.0, abs=0.01)}),
    ("go movestogo x", ["go movestogo needs an integer"], {"depth": None}),
    ("go depth x nodes 500", ["needs an integer, not 'x'"], {"depth": None, "node_limit": 500}),
    ("go depth nodes 500", ["go depth needs an integer, not 'nodes'"], {"depth": None, "node_limit": 500}),
    ("go depth 0", ["go depth must be at least 1, not 0: depth 1 is used"], {"depth": 1}),
    ("go depth 2 nodes -5", ["at least 1, not -5"], {"depth": 2, "node_limit": 1}),
    ("go movetime -1 depth 2", ["must not be negative, not -1"], {"depth": 2, "time_limit": pytest.approx(0.0, abs=0.01)}),
    ("go sometime 5 depth 2", ["unknown go parameter 'sometime'", "unknown go parameter '5'"],
     {"depth": 2}),
    ("go depth 2 wtime abc", ["go wtime needs an integer, not 'abc'"], {"depth": 2}),
])
def test_a_malformed_go_is_explained_and_still_answers_bestmove(command, fragments, limits):
    session = Session(ScriptedSearch(block=limits.get("depth", 0) is None and "node_limit" not in limits))
    session.send("position startpos", command)
    if session.search.block:
        session.send("stop")
    move = session.wait_bestmove().split()[1]
    assert chess.Move.from_uci(move) in chess.Board().legal_moves
    explained = session.info_strings()
    assert len(explained) == len(fragments)
    for line, fragment in zip(explained, fragments):
        assert fragment in line and len(line) < 200
    call = session.search.calls[0]
    for name, expected in limits.items():
        assert call[name] == expected, name
    session.send("isready")
    assert session.lines[-1] == "readyok"


def test_go_parsing_skips_what_it_cannot_use():
    go = parse_go("depth 3 bogus infinite searchmoves e2e4 nodes 7 movetime -20".split())
    assert (go.depth, go.nodes, go.movetime, go.infinite, go.searchmoves) == (3, 7, 0.0, True, ("e2e4",))
    assert len(go.problems) == 2
    assert "unknown go parameter 'bogus'" in go.problems[0]
    assert "movetime must not be negative" in go.problems[1]
    assert parse_go("depth 4".split()).problems == ()


def test_blank_lines_and_register_are_ignored_and_quit_ends():
    session = Session()
    session.send("", "   ", "register later", "debug on")
    assert session.lines == []
    assert session.engine.handle("quit") is False


def test_setoption_hash_and_threads_reach_the_search():
    session = Session()
    session.send("setoption name Hash value 2", "setoption name Threads value 2",
                 "setoption name Move Overhead value 100", "position startpos", "go movetime 1000")
    session.wait_bestmove()
    call = session.search.calls[0]
    assert isinstance(call["tt"], nm.TranspositionTable) and call["tt"].mb == pytest.approx(2)
    assert call["threads"] == 2
    assert call["time_limit"] == pytest.approx(0.9)
    assert session.info_strings() == []


def test_the_table_is_kept_between_moves_and_cleared_by_ucinewgame():
    session = Session()
    session.go("position startpos", "go depth 1")
    session.go("position startpos moves e2e4 e7e5", "go depth 1")
    first, second = session.search.calls
    assert first["tt"] is second["tt"]
    session.send("ucinewgame", "setoption name Clear Hash")
    assert session.info_strings() == []


def test_clear_hash_while_searching_is_explained_and_the_search_goes_on():
    session = Session(ScriptedSearch(block=True))
    session.send("position startpos", "go infinite")
    session.send("setoption name Clear Hash")
    assert any("send stop first" in line for line in session.info_strings())
    assert session.bestmoves() == []
    session.send("stop")
    assert session.wait_bestmove().startswith("bestmove")


def test_commands_from_two_threads_are_handled_one_at_a_time():
    # Two threads each sending `go`: a `go` arriving while the other thread's had set up its
    # job but not yet started its thread made shutdown() join an unstarted thread, and
    # handle() raised RuntimeError. Every `go` must be answered, nothing raised.
    lines: List[str] = []
    engine = UciEngine(lines.append, new_game=PythonChess, search=ScriptedSearch())
    engine.handle("position startpos")
    errors: List[BaseException] = []

    def drive() -> None:
        for _ in range(150):
            try:
                assert engine.handle("go depth 1") is True
            except BaseException as error:      # noqa: B902 - any error fails the test
                errors.append(error)

    threads = [threading.Thread(target=drive) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    engine.shutdown()
    assert errors == []
    assert sum(line.startswith("bestmove") for line in lines) == 300


def test_the_table_is_kept_when_go_comes_while_the_last_search_thread_unwinds():
    # A GUI sends the next `go` as soon as it reads `bestmove`, while the thread that wrote it
    # is still returning. That search is over, so its table serves the next one: no new
    # table (a 64 MB allocation) inside the move's time.
    lines: List[str] = []
    hold = threading.Event()

    def output(line: str) -> None:
        lines.append(line)
        if line.startswith("bestmove"):
            hold.wait(5.0)               # the search thread stays alive after its answer

    search = ScriptedSearch()
    engine = UciEngine(output, new_game=PythonChess, search=search)

    def wait_for_bestmoves(count: int) -> None:
        deadline = time.monotonic() + 5.0
        while sum(line.startswith("bestmove") for line in lines) < count:
            assert time.monotonic() < deadline, lines
            time.sleep(0.002)

    engine.handle("position startpos")
    engine.handle("go depth 1")
    wait_for_bestmoves(1)
    first = engine._job
    assert first is not None and first.thread is not None and first.thread.is_alive()
    engine.handle("position startpos moves e2e4")
    engine.handle("go depth 1")
    hold.set()
    wait_for_bestmoves(2)
    assert len(search.calls) == 2
    assert search.calls[0]["tt"] is search.calls[1]["tt"]
    assert [line for line in lines if line.startswith("info string")] == []
    engine.shutdown()


def test_run_reads_until_quit():
    lines: List[str] = []
    engine = UciEngine(lines.append, new_game=PythonChess, search=ScriptedSearch())
    status = engine.run(iter(["uci\n", "isready\n", "position startpos\n", "go depth 2\n",
                              "quit\n", "isready\n"]))
    assert status == 0
    assert lines.count("readyok") == 1
    assert sum(line.startswith("bestmove") for line in lines) == 1


@pytest.mark.parametrize("value,text", [
    (0, "cp 0"), (-37, "cp -37"), (nm.WIN - 1, "mate 1"), (nm.WIN - 3, "mate 2"),
    (nm.WIN - 5, "mate 3"), (-(nm.WIN - 2), "mate -1"), (-(nm.WIN - 4), "mate -2"),
    (-nm.WIN, "mate 0"),
])
def test_scores_in_centipawns_or_moves_to_mate(value, text):
    assert format_score(value) == text


def test_parsers_directly():
    go = parse_go("wtime 300000 btime 299000 winc 2000 binc 2000 movestogo 20".split())
    assert (go.wtime, go.btime, go.winc, go.binc, go.movestogo) == (300.0, 299.0, 2.0, 2.0, 20)
    assert not go.unbounded and go.has_clock
    assert parse_go([]).unbounded and parse_go(["infinite"]).unbounded
    assert parse_go("searchmoves e2e4 d2d4 depth 3".split()).searchmoves == ("e2e4", "d2d4")
    assert parse_position(["startpos"]).fen is None
    position = parse_position("fen 8/8/8/8/8/8/8/K6k w - - 0 1 moves a1a2".split())
    assert position.fen == "8/8/8/8/8/8/8/K6k w - - 0 1" and position.moves == ("a1a2",)
    assert parse_setoption("name Move Overhead value 30".split()) == ("Move Overhead", "30")
    assert parse_setoption("name Clear Hash".split()) == ("Clear Hash", None)
    with pytest.raises(UciCommandError):
        parse_setoption(["name"])


def test_a_hash_too_large_for_memory_falls_back_to_a_smaller_table(monkeypatch):
    real = nm.TranspositionTable

    def scarce(mb):
        if mb > 8:
            raise MemoryError("scarce")
        return real(mb)

    monkeypatch.setattr(nm, "TranspositionTable", scarce)
    session = Session()
    session.send("setoption name Hash value 64", "isready", "position startpos", "go depth 1")
    session.wait_bestmove()
    assert session.search.calls[0]["tt"].mb == pytest.approx(8)
    assert any("not enough memory for a 64 MB table" in line for line in session.info_strings())


class RootMovesSearch(ScriptedSearch):
    """A ScriptedSearch that takes root_moves and searches (picks) only among them."""

    def __call__(self, game, depth=None, *, root_moves=None, **options):
        self.root_moves = None if root_moves is None else list(root_moves)
        if root_moves is None:
            return super().__call__(game, depth, **options)
        restricted = _OnlyMoves(game, root_moves)
        return super().__call__(restricted, depth, **options)


class _OnlyMoves:
    """A game whose root offers only some of its moves (for RootMovesSearch)."""

    def __init__(self, game, moves):
        self.game, self.moves, self.played = game, list(moves), 0

    def fen(self):
        return self.game.fen()

    def legal_moves(self):
        return self.moves if self.played == 0 else self.game.legal_moves()

    def play(self, move):
        self.game.play(move)
        self.played += 1

    def undo(self):
        self.game.undo()
        self.played -= 1


def test_searchmoves_reach_a_search_that_takes_them_and_bad_ones_are_explained():
    search = RootMovesSearch()
    session = Session(search)
    assert session.go("position startpos", "go depth 2 searchmoves h2h3 e2e9 g1f3 h2h3") == \
        "bestmove g1f3 ponder a7a5"
    assert search.root_moves == ["h2h3", "g1f3"]
    assert any("'e2e9' is not legal here: left out" in line for line in session.info_strings())
    session.go("go depth 1 searchmoves e2e9")
    assert search.root_moves is None
    assert any("names no legal move: every legal move is searched" in line
               for line in session.info_strings())


def test_searchmoves_without_support_are_explained_and_every_move_searched():
    session = Session()          # ScriptedSearch takes no root_moves
    assert session.go("position startpos", "go depth 1 searchmoves h2h3").startswith("bestmove ")
    assert any("searchmoves is not supported" in line for line in session.info_strings())


def test_go_perft_errors_are_explained():
    session = Session()
    session.send("position startpos", "go perft", "go perft -1", "go perft 1 2", "go perft 33")
    strings = session.info_strings()
    assert len(strings) == 4 and all("go perft needs" in line for line in strings)
    assert "from 1 to 32, not 33" in strings[3]


def test_multipv_reports_each_line_and_searches_without_the_moves_shown():
    search = RootMovesSearch()
    session = Session(search)
    session.send("uci")
    assert any(line.startswith("option name MultiPV type spin default 1 min 1 ")
               for line in session.lines)
    session.send("setoption name MultiPV value 3")
    assert session.go("position startpos", "go depth 2") == "bestmove a2a3 ponder a7a5"
    ranks = [line.split(" multipv ")[1].split()[0] for line in session.lines
             if line.startswith("info depth")]
    assert ranks == ["1", "2", "3", "1", "2", "3"]
    legal = sorted(PythonChess(None).legal_moves())
    assert search.root_moves == [m for m in PythonChess(None).legal_moves()
                                 if m not in legal[:2]]
    session.send("setoption name MultiPV value 0")
    assert "must be in [1, 64]" in session.info_strings()[-1]


def test_multipv_is_not_offered_by_a_search_without_root_moves():
    session = Session()
    session.send("uci", "setoption name MultiPV value 2")
    assert not any("MultiPV" in line for line in session.lines if line.startswith("option"))
    assert "unknown option 'MultiPV'" in session.info_strings()[-1]


def test_unknown_words_before_a_command_are_skipped_and_the_rest_is_read():
    """UCI: an unknown token is ignored and the rest of the line parsed. The whole line was
    dropped: `xyzzy position startpos moves e2e4` left the start position, and the next go
    answered a White move for Black."""
    session = Session()
    session.send("joho isready")
    assert "readyok" in session.lines
    session.go("xyzzy position startpos moves e2e4", "go depth 1")
    board = chess.Board()
    board.push_uci("e2e4")
    assert session.search.calls[-1]["fen"] == board.fen()
    session.lines.clear()
    session.send("xyzzy plugh")
    assert session.info_strings() == ["info string unknown command 'xyzzy'"]


def test_a_byte_order_mark_before_the_first_command_is_no_part_of_it():
    session = Session()
    session.send("\ufeffuci")
    assert "uciok" in session.lines
    assert session.info_strings() == []


@pytest.mark.parametrize("go", ["go movetime 1" + "0" * 310,
                                "go wtime 1" + "0" * 20 + " btime 1" + "0" * 20 + " ponder"])
def test_clock_numbers_beyond_any_clock_are_an_endless_clock(go):
    """10**310 ms overflowed a float (the engine died with OverflowError); 10**20 ms killed
    the ponderhit timer's thread. Both are now clamped to 10**12 ms."""
    failures = []
    hook, threading.excepthook = threading.excepthook, failures.append
    try:
        session = Session(ScriptedSearch(block=True))
        session.send("position startpos", go)
        if "ponder" in go:
            session.send("ponderhit")
        time.sleep(0.2)
        session.send("stop")
        assert session.wait_bestmove().startswith("bestmove ")
        session.engine.shutdown()
    finally:
        threading.excepthook = hook
    assert failures == []


def test_ponder_is_declared_and_set_as_a_check_option():
    session = Session()
    session.send("uci", "setoption name Ponder value true", "setoption name Ponder value maybe")
    assert "option name Ponder type check default false" in session.lines
    assert session.info_strings() == ["info string setoption: option Ponder is true or false, not 'maybe'"]


def test_a_failed_write_in_the_search_thread_ends_the_loop_with_that_error():
    """The GUI closed the engine's stdout during a search: the search thread died with a
    traceback on stderr. Now the thread stops writing, the search stops, and run() raises
    the error (negamax's main says it in one line, quietly for a closed pipe)."""
    failures = []
    hook, threading.excepthook = threading.excepthook, failures.append

    def output(line):
        if line.startswith(("info depth", "bestmove")):
            raise BrokenPipeError(32, "Broken pipe")

    engine = UciEngine(output, new_game=PythonChess, search=ScriptedSearch(block=True))
    try:
        with pytest.raises(BrokenPipeError):
            engine.run(iter(["position startpos", "go infinite", "isready", "quit"]))
    finally:
        threading.excepthook = hook
    assert failures == []
    assert engine._job is not None and engine._job.finished.is_set()   # the search was stopped


def test_a_new_hash_size_drops_the_last_search_s_table_first():
    """The finished search kept its table, so a new size was made with the old one still
    held: under a memory limit the new table fell back to a quarter of its size."""
    session = Session()
    session.go("position startpos", "go depth 2")
    job = session.engine._job
    job.finished.wait(5)
    assert job.table is not None
    session.send("setoption name Hash value 2")
    assert job.table is None and session.engine._table_mb == 2
