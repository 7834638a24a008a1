"""A UCI chess engine over negamax.search and negamax.games.Chess.

    negamax uci                 # or: python -m negamax uci

reads UCI commands on standard input and answers on standard output. The search runs in a
background thread, so `isready` and `stop` are answered at once while it thinks; `info`
lines follow each completed iteration of iterative deepening and `bestmove` ends every `go`.
A command that cannot be understood is answered with an ``info string`` saying why; the
engine never stops on bad input. `go searchmoves M1 M2 ...` searches only those root moves;
`go perft N` prints the move-generator count below each legal move and the total, as
Stockfish does.

In a program: ``UciEngine(write=print).handle("uci")``, one line at a time, or
``UciEngine(output).run(lines)`` until `quit` or the end of the lines.
"""

from __future__ import annotations

import signal
import sys
import threading
import time
from typing import Any, Callable, Dict, Iterable, List, Optional, Sequence, TextIO, Union

import negamax as nm
from negamax.results import StopReason
from negamax.uci_commands import (
    GoCommand, PositionCommand, UciCommandError, parse_go, parse_position, parse_setoption, quote,
)
from negamax.uci_search import (
    capabilities, format_score, hashfull, new_stop_signal, release_tables, run_search,
)
from negamax.uci_time import DEFAULT_OVERHEAD, TimeBudget, clock_budget, movetime_budget

__all__ = ["UciEngine", "ENGINE_NAME", "ENGINE_AUTHOR", "main"]

ENGINE_NAME = "negamax"
ENGINE_AUTHOR = "negamax developers"

#: The spin options: name -> (default, minimum, maximum).
HASH_MB = (64, 1, 4096)
THREADS = (1, 1, 256)
MULTI_PV = (1, 1, 64)
#: MultiPV deepens here, one depth at a time, up to this depth when no limit is given.
MULTI_PV_MAX_DEPTH = 100
PERFT_MAX_DEPTH = 32         # Chess.perft_divide counts to this depth
MOVE_OVERHEAD_MS = (int(DEFAULT_OVERHEAD * 1000), 0, 10000)
#: Seconds `stop` waits for the search to return before answering from the last iteration.
STOP_GRACE = 0.25


def default_new_game(fen: Optional[str]) -> Any:
    """A chess game from a FEN (None: the start position)."""
    chess_type = getattr(nm.games, "Chess", None)
    if chess_type is None:
        raise UciCommandError("this build of negamax has no chess game (negamax.games.Chess)")
    return chess_type(fen) if fen is not None else chess_type()


class _SearchJob:
    """One `go`: the game searched, its limits and the state shared by the threads."""

    def __init__(self, game: Any, go: GoCommand, budget: Optional[TimeBudget]) -> None:
        self.game = game
        self.go = go
        self.budget = budget
        self.started = time.monotonic()
        self.soft_started = self.started         # reset by ponderhit
        self.pondering = go.ponder
        self.stop_signal = new_stop_signal()
        self.released = threading.Event()        # an unbounded search may answer (stop seen)
        self.finished = threading.Event()        # the search returned
        self.last: Any = None                    # the deepest iteration reported
        self.answered = False                    # bestmove was written
        self.thread: Optional[threading.Thread] = None
        self.timer: Optional[threading.Timer] = None
        self.table: Any = None                   # the transposition table it uses
        self.root_moves: Optional[List[str]] = None   # `go searchmoves`: the moves searched

    @property
    def unbounded(self) -> bool:
        """True while only `stop` (or `ponderhit`) may end this search."""
        return self.pondering or (self.go.unbounded and not self.go.ponder)

    def request_stop(self) -> None:
        """Ask the search to stop (it returns its deepest completed iteration)."""
        self.stop_signal.set()


def _full_width(go: Any) -> Dict[str, Any]:
    """The search options of a `go`: for `go mate N` no null move and no late move
    reductions, whose guesses can cut the mating line away (a depth-5 search then missed
    mates in 3). Searched full width to 2N - 1 plies, every mate in N is found."""
    return {"lmr": False, "null_move": False} if go.mate is not None else {}


def _still_searching(job: Optional[_SearchJob]) -> bool:
    """Whether the search of `job` (None: no search yet) may still use its table: it has not
    returned. Not whether its thread is alive: after writing `bestmove` the thread still has
    to unwind, and a GUI sends the next `go` at once (a search that returned never touches the
    table again)."""
    return job is not None and job.thread is not None and not job.finished.is_set()


class UciEngine:
    """The UCI protocol: feed it lines with `handle`, it writes answers with `write`.

    output:   a text stream (flushed after each line) or a function taking one line.
    new_game: makes the game from a FEN (None: the start position); Chess by default.
    search:   the search function (negamax.search by default; tests may give their own)."""

    def __init__(self, output: Union[TextIO, Callable[[str], Any]] = sys.stdout, *,
                 new_game: Callable[[Optional[str]], Any] = default_new_game,
                 search: Callable[..., Any] = nm.search) -> None:
        self._output = output
        self._new_game = new_game
        self._search = search
        self._features = capabilities(search)
        self._lock = threading.RLock()
        self._commands = threading.RLock()     # one command at a time (see handle)
        self._position = PositionCommand(fen=None, moves=())
        self._game: Any = None
        # Why the last `position` was refused, until a position is accepted: a `go` then has
        # no position to search (the GUI's is not the one kept, so a move of the kept one
        # would be illegal there).
        self._refused: Optional[str] = None
        self._job: Optional[_SearchJob] = None
        self._output_error: Optional[OSError] = None     # set once writing to the GUI failed
        # main() reads commands in the main thread, blocked in readline: a search thread
        # whose write fails wakes it (see _wake_command_loop), or the engine would stay
        # until the GUI sent another line.
        self.wakes_command_loop = False
        self.hash_mb = HASH_MB[0]
        self.threads = THREADS[0]
        self.multi_pv = MULTI_PV[0]
        self.move_overhead = MOVE_OVERHEAD_MS[0] / 1000.0
        self._table: Any = None
        self._table_mb: Optional[int] = None

    # --- output ----------------------------------------------------------------------------

    def write(self, line: str) -> None:
        """Send one line to the GUI. Once the output fails (the GUI closed the pipe, a full
        disk) nothing more is written, the search is stopped, and the command loop raises
        the error (negamax's main then says so in one line)."""
        with self._lock:
            if self._output_error is not None:
                return
            try:
                if callable(self._output):
                    self._output(line)
                else:
                    self._output.write(line + "\n")
                    self._output.flush()
            except OSError as error:
                self._output_error = error
                if self._job is not None:
                    self._job.request_stop()
                if threading.current_thread() is threading.main_thread():
                    raise
                if self.wakes_command_loop:
                    _wake_command_loop()

    @property
    def output_error(self) -> Optional[OSError]:
        """The error of the first write to the GUI that failed, or None."""
        return self._output_error

    def _explain(self, message: str) -> None:
        self.write(f"info string {message}")

    # --- the command loop ------------------------------------------------------------------

    def run(self, lines: Iterable[str]) -> int:
        """Handle lines until `quit` or their end; returns 0 (the exit status)."""
        for line in lines:
            going = self.handle(line)
            if self._output_error is not None:    # a write failed (maybe a search thread's)
                self.shutdown()
                raise self._output_error
            if not going:
                return 0
        self.shutdown()
        if self._output_error is not None:
            raise self._output_error
        return 0

    def handle(self, line: str) -> bool:
        """Handle one command line; False after `quit`. Never raises on bad input. Lines
        from several threads are handled one at a time, in the order they get here (UCI is
        one stream: a `go` from one thread beside a `stop` from another is still one GUI)."""
        with self._commands:
            return self._handle(line)

    def _handle(self, line: str) -> bool:
        # A byte-order mark (a GUI or a script writing UTF-8 with one) is no part of a word.
        words = line.replace("\ufeff", " ").split()
        # UCI: an unknown word is skipped and the rest of the line read ("joho isready").
        known = next((index for index, word in enumerate(words) if word in self._HANDLERS), None)
        if known is None:
            if words:
                self._explain(f"unknown command {quote(words[0])}")
            return True
        if known > 0:
            self._explain(f"skipped {quote(' '.join(words[:known]))} before {words[known]}")
        command, arguments = words[known], words[known + 1:]
        handler = self._HANDLERS[command]
        try:
            return handler(self, arguments) is not False
        except (UciCommandError, ValueError, TypeError) as error:
            self._explain(f"{command}: {error}")
            return True

    def shutdown(self) -> None:
        """Stop a running search (its bestmove is still written) and wait for its thread."""
        job = self._job
        if job is not None:
            self._stop(job)
            if job.thread is not None:
                job.thread.join(timeout=5.0)

    # --- commands --------------------------------------------------------------------------

    def _uci(self, arguments: List[str]) -> None:
        self.write(f"id name {ENGINE_NAME} {nm.__version__}")
        self.write(f"id author {ENGINE_AUTHOR}")
        self.write("option name Hash type spin default {} min {} max {}".format(*HASH_MB))
        self.write("option name Threads type spin default {} min {} max {}".format(*THREADS))
        if self._features.root_moves:
            self.write("option name MultiPV type spin default {} min {} max {}".format(*MULTI_PV))
        self.write("option name Move Overhead type spin default {} min {} max {}".format(
            *MOVE_OVERHEAD_MS))
        self.write("option name Clear Hash type button")
        # A GUI enables `go ponder` only for engines that declare it; the value changes nothing
        # here (the engine thinks on the GUI's time only when told to ponder).
        self.write("option name Ponder type check default false")
        self.write("uciok")

    def _isready(self, arguments: List[str]) -> None:
        # Between searches, make the table at the Hash size now rather than in `go`, where a
        # large one (seconds for 4 GB) would eat into the move's time before the clock starts.
        # While a search runs the answer comes at once, as UCI asks.
        if not _still_searching(self._job):
            self._table_for_search(self._job)
        self.write("readyok")

    def _debug(self, arguments: List[str]) -> None:
        if arguments not in (["on"], ["off"]):
            raise UciCommandError("debug takes 'on' or 'off'")

    def _ucinewgame(self, arguments: List[str]) -> None:
        self.shutdown()
        if self._table is not None:
            self._table.clear()
        release_tables()
        self._position = PositionCommand(fen=None, moves=())
        self._game = None
        self._refused = None

    def _setoption(self, arguments: List[str]) -> None:
        name, value = parse_setoption(arguments)
        key = name.lower()
        if key == "ponder":
            if value is None or value.lower() not in ("true", "false"):
                raise UciCommandError(f"option Ponder is true or false, not {quote(value or '')}")
            return
        if key == "clear hash":
            if _still_searching(self._job):
                raise UciCommandError("Clear Hash while a search runs: send stop first")
            if self._table is not None:
                self._table.clear()
            release_tables()
            return
        spins = {"hash": ("hash_mb", HASH_MB), "threads": ("threads", THREADS),
                 "move overhead": ("move_overhead", MOVE_OVERHEAD_MS)}
        if self._features.root_moves:
            spins["multipv"] = ("multi_pv", MULTI_PV)
        if key not in spins:
            raise UciCommandError(f"unknown option {quote(name)}")
        attribute, (_, minimum, maximum) = spins[key]
        if value is None:
            raise UciCommandError(f"option {name} needs a value")
        try:
            number = int(value)
        except ValueError:
            raise UciCommandError(f"option {name} needs an integer, not {quote(value)}") from None
        if not minimum <= number <= maximum:
            raise UciCommandError(f"option {name} must be in [{minimum}, {maximum}], not {number}")
        if key == "threads" and number > 1 and not self._features.threads:
            self._explain("this build of negamax searches with one thread; Threads is kept "
                          "for when it can use more")
        setattr(self, attribute, number / 1000.0 if key == "move overhead" else number)
        if key == "hash" and not _still_searching(self._job):
            # Make the table now, as Stockfish does: a GUI need not send isready before go,
            # and a large table made in go (seconds for 2 GB) would come out of the move's time.
            self._table_for_search(self._job)

    def _position_command(self, arguments: List[str]) -> None:
        try:
            position = parse_position(arguments)
            game = self._extended_game(position)
            if game is None:
                game = self._make_game(position)
        except (UciCommandError, ValueError, TypeError) as error:
            self._refused = str(error)
            raise
        self._position, self._game, self._refused = position, game, None

    def _refusal(self) -> str:
        """What a `go` after a refused `position` is told (see _refused)."""
        return (f"no position to search: the last position command was refused "
                f"({self._refused}); send another")

    def _extended_game(self, position: PositionCommand) -> Any:
        """The kept game played on by the moves `position` adds to the kept position, or None
        when it does not extend it. A GUI sends the whole game before every go: replaying it
        from the start made each move cost more than the last (2.5 ms at 200 plies)."""
        kept, game = self._position, self._game
        if (game is None or position.fen != kept.fen or len(position.moves) < len(kept.moves)
                or position.moves[:len(kept.moves)] != kept.moves):
            return None
        game = game.copy()
        self._play_moves(game, position.moves, len(kept.moves))
        return game

    def _make_game(self, position: PositionCommand) -> Any:
        try:
            game = self._new_game(position.fen)
        except UciCommandError:
            raise
        except (ValueError, TypeError) as error:
            raise UciCommandError(f"bad FEN {quote(position.fen or '')}: {error}") from None
        self._play_moves(game, position.moves, 0)
        return game

    @staticmethod
    def _play_moves(game: Any, moves: Sequence[str], start: int) -> None:
        """Play moves[start:] on `game`, each checked legal."""
        for number in range(start + 1, len(moves) + 1):
            move = moves[number - 1]
            if move not in game.legal_moves():
                raise UciCommandError(f"move {number}, {quote(move)}, is not legal in "
                                      f"{quote(game.fen())}")
            game.play(move)

    def _go(self, arguments: List[str]) -> None:
        if arguments[:1] == ["perft"]:
            self._perft(arguments[1:])
            return
        go = parse_go(arguments)
        for problem in go.problems:     # the search still runs: a GUI waits for its bestmove
            self._explain(f"go: {problem}")
        if self._job is not None and not self._job.answered:
            self._explain("go while searching: the previous search is stopped first")
            self.shutdown()
        if self._refused is not None:
            self._explain(f"go: {self._refusal()}")
            self.write("bestmove (none)")     # a GUI waits for one answer to every go
            return
        try:
            if self._game is None:
                self._game = self._make_game(self._position)
            game = self._going_on(self._game.copy())
            job = _SearchJob(game, go, self._budget(go, game))
            job.root_moves = self._root_moves(go, game)
        except (UciCommandError, ValueError, TypeError) as error:
            self._explain(f"go: {error}")
            self.write("bestmove (none)")         # the GUI still waits for an answer
            return
        job.table = self._table_for_search(self._job)
        self._job = job
        job.thread = threading.Thread(target=self._think, args=(job,), name="negamax-uci-search",
                                      daemon=True)
        job.thread.start()

    def _going_on(self, game: Any) -> Any:
        """The game to search: `game`, or where it is drawn by the fifty-move rule or threefold
        repetition yet has moves (the GUI did not adjudicate, and over the board such a draw
        must be claimed), the same position as the game goes on: from its FEN with the
        fifty-move clock at 0 and no history. Otherwise the search would stop at the root and
        the engine answer an unsearched move, throwing away a mate in one."""
        fen = getattr(game, "fen", None)
        if fen is None or not game.is_terminal() or not game.legal_moves():
            return game
        fields = fen().split()
        if len(fields) == 6:
            fields[4] = "0"
        going_on = self._new_game(" ".join(fields))
        return going_on if not going_on.is_terminal() else game

    def _root_moves(self, go: GoCommand, game: Any) -> Optional[List[str]]:
        """The legal moves of `go searchmoves` (None: search every move). Moves that are not
        legal are explained and left out; if none is left, every move is searched."""
        if not go.searchmoves:
            return None
        if not self._features.root_moves:
            self._explain("searchmoves is not supported by this search: every legal move is searched")
            return None
        legal = game.legal_moves()
        chosen = [move for move in dict.fromkeys(go.searchmoves) if move in legal]
        illegal = [move for move in go.searchmoves if move not in legal]
        if illegal:
            self._explain(f"go searchmoves: {', '.join(map(quote, illegal))} "
                          f"{'is' if len(illegal) == 1 else 'are'} not legal here: left out")
        if not chosen and legal:
            self._explain("go searchmoves names no legal move: every legal move is searched")
            return None
        return chosen or None

    def _perft(self, arguments: List[str]) -> None:
        """`go perft N` (as Stockfish answers it): the count below each legal move of the
        current position, then the total. Runs at once, in this thread."""
        if len(arguments) != 1:
            raise UciCommandError("go perft needs one depth, as in 'go perft 4'")
        try:
            depth = int(arguments[0])
        except ValueError:
            raise UciCommandError(f"go perft needs an integer depth, not {quote(arguments[0])}") from None
        if not 1 <= depth <= PERFT_MAX_DEPTH:
            raise UciCommandError(f"go perft needs a depth from 1 to {PERFT_MAX_DEPTH}, not {depth}")
        if self._refused is not None:
            raise UciCommandError(self._refusal())
        if self._job is not None and not self._job.answered:
            self._explain("go perft while searching: the search is stopped first")
            self.shutdown()
        if self._game is None:
            self._game = self._make_game(self._position)
        divide = getattr(self._game, "perft_divide", None)
        if divide is None:
            raise UciCommandError(f"{type(self._game).__name__} has no perft")
        counts = divide(depth)
        for move, count in counts.items():
            self.write(f"{move}: {count}")
        self.write("")
        self.write(f"Nodes searched: {sum(counts.values())}")

    def _stop_command(self, arguments: List[str]) -> None:
        if self._job is not None:
            self._stop(self._job)

    def _ponderhit(self, arguments: List[str]) -> None:
        job = self._job
        if job is None or not job.pondering:
            return
        job.pondering = False
        job.soft_started = time.monotonic()
        if job.finished.is_set():
            job.released.set()
            return
        if job.budget is None:
            return            # a ponder search without a clock runs until stop
        timer = threading.Timer(job.budget.hard, self._stop, args=(job,))
        timer.daemon = True
        with self._lock:      # _answer cancels it: not one started after the answer
            if job.answered:
                return
            job.timer = timer
            timer.start()

    def _quit(self, arguments: List[str]) -> bool:
        self.shutdown()
        return False

    _HANDLERS = {
        "uci": _uci, "isready": _isready, "debug": _debug, "ucinewgame": _ucinewgame,
        "setoption": _setoption, "position": _position_command, "go": _go,
        "stop": _stop_command, "ponderhit": _ponderhit, "quit": _quit,
        "register": lambda self, arguments: None,
    }

    # --- searching -------------------------------------------------------------------------

    def _budget(self, go: GoCommand, game: Any) -> Optional[TimeBudget]:
        if go.movetime is not None:
            return movetime_budget(go.movetime, self.move_overhead)
        if not go.has_clock:
            return None
        white = getattr(game, "to_move", 1) in (1, "white", True)
        time_left = go.wtime if white else go.btime
        increment = go.winc if white else go.binc
        if time_left is None:
            # Only the other side's clock was given: budget from it rather than search without
            # a limit until `stop` (a GUI that sends half a clock expects a timed move).
            time_left = go.btime if white else go.wtime
            increment = go.binc if white else go.winc
        assert time_left is not None      # has_clock: one of the two was given
        return clock_budget(time_left, increment, go.movestogo, self.move_overhead)

    def _table_for_search(self, previous: Optional[_SearchJob]) -> Any:
        """The engine's transposition table at the Hash size. A previous search that could
        not be stopped may still be running on the old table, which must not serve two
        searches at once: then the new search gets a table of its own."""
        if self._table is None or self._table_mb != self.hash_mb or _still_searching(previous):
            self._table = None      # free the old table before making the new one
            if previous is not None and not _still_searching(previous):
                previous.table = None           # the finished search's hold on it too
            mb = self.hash_mb
            while True:
                try:
                    self._table = nm.TranspositionTable(mb)
                    break
                except MemoryError:
                    if mb <= 1:
                        raise
                    self._explain(f"not enough memory for a {mb} MB table: trying {mb // 2} MB")
                    mb //= 2
            self._table_mb = self.hash_mb
        return self._table

    def _think(self, job: _SearchJob) -> None:
        """The search thread of one `go`."""
        go = job.go
        depth = go.depth
        if go.mate is not None:
            depth = 2 * go.mate - 1 if depth is None else min(depth, 2 * go.mate - 1)
        exact = _full_width(go)
        result = None
        try:
            if not job.game.legal_moves():
                job.finished.set()
                if job.unbounded:         # go infinite (or ponder): answer only after stop
                    job.released.wait()
                self._answer(job, None)
                return
            time_limit = None
            if job.budget is not None and not job.pondering:
                time_limit = job.budget.hard
            # A drawn position that still has moves (insufficient material; _going_on reopens
            # the other draws) is searched at the root alone: one line, no searchmoves.
            finished = job.game.is_terminal()
            if self.multi_pv > 1 and self._features.root_moves and not finished:
                self._think_lines(job, depth, time_limit)
                return
            result = run_search(
                job.game, self._features, self._search,
                depth=depth,
                algorithm="pvs", time_limit=time_limit, node_limit=go.nodes,
                tt=job.table, iterative=True,
                on_iteration=lambda found: self._on_iteration(job, found),
                stop=job.stop_signal,
                threads=self.threads if self.threads > 1 else None,
                root_moves=None if finished else job.root_moves, **exact)
        except Exception as error:   # never let the thread die silently: report and answer
            self._explain(f"search failed: {type(error).__name__}: {error}")
        finally:
            job.finished.set()
        # A search stopped inside its first iteration has no depth to report: its value is
        # only the best of the root moves searched so far (bestmove still plays that move).
        if result is not None and result.value is not None and result.depth > 0 and (
                job.last is None or result.depth > job.last.depth):
            self._report(job, result)
            job.last = result
        if job.unbounded:
            job.released.wait()
        self._answer(job, result)

    def _think_lines(self, job: _SearchJob, depth_limit: Optional[int],
                     time_limit: Optional[float]) -> None:
        """MultiPV above 1: deepen here, one depth at a time. At each depth the best line is
        searched first, then the best line among the moves not yet shown, and so on
        (search(root_moves=...)); a depth is reported (`multipv 1..N`, best first) only once
        all its lines are complete. `bestmove` is the first line of the deepest depth."""
        go = job.go
        candidates = list(job.root_moves or job.game.legal_moves())
        wanted = min(self.multi_pv, len(candidates))
        last_depth = min(depth_limit or MULTI_PV_MAX_DEPTH, MULTI_PV_MAX_DEPTH)
        nodes = 0
        try:
            for depth in range(1, last_depth + 1):
                lines: List[Any] = []
                remaining = list(candidates)
                while len(lines) < wanted:
                    left = None if time_limit is None else time_limit - (time.monotonic() - job.started)
                    budget = None if go.nodes is None else go.nodes - nodes
                    if (left is not None and left <= 0) or (budget is not None and budget < 1):
                        return
                    result = run_search(
                        job.game, self._features, self._search, depth=depth, algorithm="pvs",
                        time_limit=left, node_limit=budget, tt=job.table, iterative=True,
                        stop=job.stop_signal, threads=self.threads if self.threads > 1 else None,
                        root_moves=remaining, **_full_width(go))
                    nodes += result.stats.nodes
                    if result.stop_reason != StopReason.COMPLETED or result.best_move is None:
                        return              # stopped: the depth before is the answer
                    lines.append(result)
                    remaining.remove(result.best_move)
                lines.sort(key=lambda line: line.value, reverse=True)
                job.last = lines[0]
                for rank, line in enumerate(lines, 1):
                    self._report(job, line, rank, nodes)
                if job.answered or job.stop_signal.is_set():
                    return
                budget_left = job.budget
                if (budget_left is not None and not job.unbounded
                        and time.monotonic() - job.soft_started >= budget_left.soft):
                    return
        except Exception as error:   # never let the thread die silently: report and answer
            self._explain(f"search failed: {type(error).__name__}: {error}")
        finally:
            job.finished.set()
            if job.unbounded:
                job.released.wait()
            self._answer(job, job.last)

    def _on_iteration(self, job: _SearchJob, result: Any) -> None:
        """After each completed iteration: report it, and stop when the soft limit is past."""
        if job.answered:
            job.request_stop()
            return
        job.last = result
        self._report(job, result)
        budget = job.budget
        if budget is not None and not job.unbounded:
            if time.monotonic() - job.soft_started >= budget.soft:
                job.request_stop()

    def _report(self, job: _SearchJob, result: Any, rank: Optional[int] = None,
                nodes: Optional[int] = None) -> None:
        """One `info` line for an iteration (`rank`: its line's number under MultiPV;
        `nodes`: the nodes searched so far, when not the result's own)."""
        elapsed = max(time.monotonic() - job.started, 1e-6)
        stats = result.stats
        nodes = stats.nodes if nodes is None else nodes
        # seldepth: the deepest ply the search reached. Not the depth: a search whose lines
        # all end sooner (a mate proven) reports the depth asked for (go depth 5000).
        parts = [f"info depth {result.depth}", f"seldepth {stats.max_ply or result.depth}"]
        if rank is not None:
            parts.append(f"multipv {rank}")
        if result.value is not None:
            parts.append(f"score {format_score(result.value)}")
        parts += [f"nodes {nodes}", f"nps {int(nodes / elapsed)}",
                  f"time {int(elapsed * 1000)}"]
        full = hashfull(job.table)
        if full is not None:
            parts.append(f"hashfull {full}")
        if result.pv:
            parts.append("pv " + " ".join(str(move) for move in result.pv))
        with self._lock:
            if not job.answered:
                self.write(" ".join(parts))

    def _stop(self, job: _SearchJob) -> None:
        """`stop`: end the search now and make sure bestmove is written promptly."""
        job.released.set()
        job.request_stop()
        if job.timer is not None:
            job.timer.cancel()
        if job.thread is not None and job.thread is not threading.current_thread():
            job.thread.join(timeout=STOP_GRACE)
        if not job.answered:
            # The search did not return in time (this build may have no stop signal):
            # answer from the deepest iteration seen; the thread's own answer is dropped.
            self._answer(job, job.last)

    def _answer(self, job: _SearchJob, result: Any) -> None:
        """Write `bestmove` once per search: the result's move, or the deepest iteration's,
        or (a search stopped before depth 1) the first legal move."""
        with self._lock:
            if job.answered:
                return
            job.answered = True
            if job.timer is not None:
                # A search that ended by itself after ponderhit: its timer would otherwise
                # keep a thread (and the job) alive for the whole hard limit.
                job.timer.cancel()
            move, ponder = self._choose(job, result)
            self.write(f"bestmove {move}" + (f" ponder {ponder}" if ponder else ""))

    def _choose(self, job: _SearchJob, result: Any):
        for candidate in (result, job.last):
            if candidate is not None and candidate.best_move is not None:
                pv = list(candidate.pv)
                ponder = str(pv[1]) if len(pv) > 1 and pv[0] == candidate.best_move else None
                return str(candidate.best_move), ponder
        try:
            moves = job.root_moves or job.game.legal_moves()
        except Exception:   # pragma: no cover - a game that cannot list its moves
            moves = []
        return (str(moves[0]) if moves else "(none)"), None


def _wake_command_loop() -> None:
    """Interrupt the main thread's blocking read with SIGINT (POSIX): main() then sees the
    output error and exits. Only where SIGINT raises KeyboardInterrupt, as Python sets it up;
    elsewhere (Windows has no pthread_kill) the loop sees the error at the next input line."""
    kill = getattr(signal, "pthread_kill", None)
    main_thread = threading.main_thread()
    if (kill is not None and main_thread.ident is not None
            and signal.getsignal(signal.SIGINT) is signal.default_int_handler):
        try:
            kill(main_thread.ident, signal.SIGINT)
        except (OSError, ValueError):     # the main thread is gone: the process is ending
            pass


#: The exit status after Ctrl-C, as every `negamax` command (128 + SIGINT).
EXIT_INTERRUPTED = 130


def main(stdin: Optional[TextIO] = None, stdout: Optional[TextIO] = None) -> int:
    """Run the engine on standard input and output until `quit` or end of input (status 0),
    or Ctrl-C (130)."""
    stdin = stdin if stdin is not None else sys.stdin
    engine = UciEngine(stdout if stdout is not None else sys.stdout)
    engine.wakes_command_loop = threading.current_thread() is threading.main_thread()
    try:
        return engine.run(iter(stdin.readline, ""))
    except KeyboardInterrupt:
        engine.shutdown()
        if engine.output_error is not None:     # woken by a search thread's failed write
            raise engine.output_error from None
        return EXIT_INTERRUPTED
