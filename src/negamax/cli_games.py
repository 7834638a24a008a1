"""`negamax solve` and `negamax play`: exact solutions and games against the engine in a terminal."""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any, Callable, Optional, Sequence, TextIO, Tuple

import negamax as nm
from negamax.cli_input import quote, shorten_message
from negamax.cli_progress import Progress, describe_score, wants_progress


#: Longest position text the command line hands to a game's parser (longer is refused with
#: a short quote): far more than any board of the built-in games holds.
MAX_POSITION_TEXT = 200


def make_game(name: str, position: str, book: Any = None) -> Any:
    """A built-in game from its command-line name and position text (Connect Four on the
    opening book's board size when there is a book)."""
    if len(position) > MAX_POSITION_TEXT:
        what = "moves" if name == "connect4" else "characters"
        raise ValueError(f"the {name} position {quote(position)} is too long: "
                         f"{len(position):,} {what}, no board holds more than {MAX_POSITION_TEXT}")
    if name == "connect4":
        if book is not None:
            return nm.games.ConnectFour(position, width=book.width, height=book.height)
        return nm.games.ConnectFour(position)
    if name == "checkers":
        return nm.games.Checkers(position or None)
    return nm.games.TicTacToe(position or ".........")


def load_book(args: argparse.Namespace) -> Any:
    """The opening book of --book, or None."""
    path = getattr(args, "book", None)
    if path is None:
        return None
    if args.game != "connect4":
        raise ValueError("opening books are for connect4")
    from negamax.book import OpeningBook
    try:
        return OpeningBook.load(path)
    except OSError as error:
        raise ValueError(f"cannot read the book {quote(path)}: {error}") from None


def format_book_answer(game: Any, value: int, move: int, path: str) -> str:
    """The report of `negamax solve` for a position found in the opening book."""
    outcome = "win" if nm.is_win(value) else "loss" if nm.is_loss(value) else "draw"
    return "\n".join([str(game), "", f"score     : {game.solver_score(value)}",
                      f"outcome   : {outcome} for the side to move ({describe_value(value)})",
                      f"best move : {move}", f"source    : opening book {path} (no search)"])


def format_line(moves: Sequence[Any], limit: int = 60) -> str:
    """Moves separated by spaces; a line longer than `limit` moves is cut, its length said."""
    text = " ".join(str(move) for move in moves[:limit])
    return text + (f" ... ({len(moves)} moves)" if len(moves) > limit else "")


def describe_value(value: Optional[float]) -> str:
    """An exact value in words: 'win in 7 plies', 'loss in 1 ply', 'draw', or the raw value."""
    if value is None:
        return "unknown"
    return describe_score(value, exact=True)


def describe_bounds(lower: Optional[float], upper: Optional[float]) -> str:
    """What a stopped solve proved: 'no worse than a draw, no better than win in 9 plies'."""
    if lower is None or upper is None:
        return "nothing proven"
    parts = []
    if lower > -nm.WIN:
        parts.append(f"no worse than {describe_value(lower)}")
    if upper < nm.WIN:
        parts.append(f"no better than {describe_value(upper)}")
    return ", ".join(parts) if parts else "nothing proven yet"


#: A Connect Four position with fewer stones than this gets a hint that solving may take long.
EARLY_CONNECT4_STONES = 14


def format_solution(game: Any, result: nm.SolveResult) -> str:
    """The human-readable report of `negamax solve`."""
    stats = result.stats
    rate = stats.nodes / result.elapsed if result.elapsed > 0 else float("inf")
    lines = [str(game), ""]
    if result.score is not None:
        lines.append(f"score     : {result.score}")
    solved = result.stop_reason is nm.StopReason.COMPLETED
    if solved:
        lines.append(f"outcome   : {result.outcome or 'unknown'} for the side to move"
                     + ("" if result.weak else f" ({describe_value(result.value)})"))
    else:
        lines += [f"outcome   : not solved ({result.stop_reason.value})"
                  + (f"; proven: {result.outcome} for the side to move" if result.outcome else ""),
                  f"bounds    : {describe_bounds(result.lower, result.upper)}   "
                  f"(lower {result.lower}, upper {result.upper})"]
    lines += [
        f"best move : {result.best_move}",
        f"pv        : {format_line(result.pv)}",
        f"stop      : {result.stop_reason.value}",
        f"nodes     : {stats.nodes:,}   null-window searches: {stats.null_window_searches}   "
        f"tt hits: {stats.tt_hits:,}",
        f"time      : {result.elapsed * 1000:.2f} ms   ({rate:,.0f} nodes/s)",
    ]
    return "\n".join(lines)


#: Connect Four positions with fewer stones than this are solved with a table of
#: EARLY_SOLVE_TT_MB unless --tt-mb says otherwise: measured with benchmarks/tt_sizes.py,
#: 256 MB halves the nodes of a 7-stone solve against 64 MB (83.7 M -> 41.3 M, 35 s -> 26 s),
#: while on positions solved in a few seconds any table from 64 MB on gives the same nodes
#: and bigger ones only cost time (each probe reaches further into memory).
EARLY_SOLVE_STONES = 10
EARLY_SOLVE_TT_MB = 256


def solve_table_mb(name: str, game: Any, asked: Optional[float]) -> Optional[float]:
    """The table size `negamax solve` uses: --tt-mb when given, EARLY_SOLVE_TT_MB for an
    early Connect Four position, else None (the library's default)."""
    if asked is not None:
        return asked
    if name == "connect4" and game.stones < EARLY_SOLVE_STONES:
        return EARLY_SOLVE_TT_MB
    return None


#: Exit status of `negamax solve` when a limit stopped it before the value was known.
EXIT_UNSOLVED = 1
#: Exit status after Ctrl-C.
EXIT_INTERRUPTED = 130


def solve_command(args: argparse.Namespace, err: TextIO = sys.stderr) -> int:
    """Run `negamax solve GAME POSITION`: 0 when solved, 1 when a limit stopped it first
    (the bounds proven so far are printed), 130 on Ctrl-C."""
    book = load_book(args)
    game = make_game(args.game, args.position, book)
    if game.is_terminal():
        raise ValueError("the game is already over in that position")
    answer = book.lookup(game) if book is not None else None
    if answer is not None:
        print(format_book_answer(game, answer[0], answer[1], args.book))
        return 0
    progress = Progress(err, wants_progress(getattr(args, "progress", None), err), what="solving")
    if (args.game == "connect4" and args.time_limit is None
            and game.stones < EARLY_CONNECT4_STONES):
        progress.say(f"solving an early position ({game.stones} stones) can take many minutes: "
                     f"bound it with --time-limit SECONDS (the bounds proven so far are printed) "
                     f"or try --weak; Ctrl-C stops it the same way")
    pieces = _pieces(game) if args.game == "checkers" else 0
    if args.time_limit is None and pieces > SHORT_CHECKERS_PIECES:
        progress.say(f"solving checkers with {pieces} pieces on the board can take very "
                     f"long (from the start, far beyond any machine): bound it with --time-limit "
                     f"SECONDS (the bounds proven so far are printed); Ctrl-C stops it the same way")
    with progress:
        result = nm.solve(game, weak=args.weak, time_limit=args.time_limit,
                          tt_mb=solve_table_mb(args.game, game, args.tt_mb))
    print(format_solution(game, result))
    if result.stop_reason is nm.StopReason.INTERRUPTED:
        return EXIT_INTERRUPTED
    return 0 if result.stop_reason is nm.StopReason.COMPLETED else EXIT_UNSOLVED


#: Checkers positions with more pieces than this get a warning before a solve without a limit.
SHORT_CHECKERS_PIECES = 8


def _pieces(game: Any) -> int:
    black, white, _ = (int(bits) for bits in game.bitboards)
    return bin(black | white).count("1")


#: First moves known from published solutions, by (board width, height, moves played): on
#: the standard 7 x 6 board the first player wins with the centre column and only with it
#: (J. D. Allen and V. Allis, independently, 1988; confirmed by J. Tromp's database).
#: Used until an opening book (negamax.book) answers instead.
KNOWN_OPENINGS = {(7, 6, ""): 4}

#: Share of the thinking time spent first on trying to solve the position exactly.
SOLVE_SHARE = 0.5


def opening_move(game: Any, book: Any = None) -> Optional[int]:
    """A move from the opening book of --book, or from KNOWN_OPENINGS."""
    answer = book.lookup(game) if book is not None else None
    if answer is not None:
        return int(answer[1])
    if isinstance(game, nm.games.ConnectFour):
        return KNOWN_OPENINGS.get((game.width, game.height, game.moves))
    return None


def engine_move(game: Any, think: float, book: Any = None) -> Tuple[Any, str]:
    """The engine's move and a few words on how it was chosen: the opening book, an exact
    solve within part of the thinking time (perfect play once the position is within reach),
    else the best move of a search with the time left. Ctrl-C cuts the thinking short."""
    move = opening_move(game, book)
    if move is not None:
        return move, "from the opening book"
    start = time.monotonic()
    solved = nm.solve(game, time_limit=max(think * SOLVE_SHARE, 0.01))
    if solved.stop_reason is nm.StopReason.COMPLETED and solved.best_move is not None:
        return solved.best_move, f"solved: {describe_value(solved.value)}"
    hurry = solved.stop_reason is nm.StopReason.INTERRUPTED
    left = 0.05 if hurry else max(think - (time.monotonic() - start), 0.05)
    result = nm.search(game, algorithm="pvs", time_limit=left)
    if result.best_move is None:       # stopped before any root move was searched
        return game.legal_moves()[0], "no time to think: the first legal move"
    view = describe_score(result.value, exact=False)
    note = "; interrupted" if hurry or result.stop_reason is nm.StopReason.INTERRUPTED else ""
    return result.best_move, f"engine's view: {view} at depth {result.depth}{note}"


def play_command(args: argparse.Namespace, read: Callable[[str], str] = input,
                 out: TextIO = sys.stdout) -> int:
    """Run `negamax play GAME`: the person types moves, the engine answers.

    Ctrl-C while the engine thinks makes it move at once; Ctrl-C (or end of input, or q) at
    the prompt quits (status 130 for Ctrl-C, else 0)."""
    if args.game == "checkers":
        from negamax.cli_checkers import play_checkers
        return play_checkers(args, read=read, out=out)
    if getattr(args, "fen", None) is not None:
        raise ValueError(f"--fen starts chess and checkers games; {args.game} starts from the "
                       f"empty board")
    book = load_book(args)
    game = make_game(args.game, "", book)
    engine_side = 1 if args.engine_first else -1
    hint = "a column number" if args.game == "connect4" else "a square 0-8 (row by row)"
    print(f"You play {'second' if args.engine_first else 'first'}. Type {hint}, or q to quit. "
          f"Ctrl-C while the engine thinks makes it move now.", file=out)
    while not game.is_terminal():
        print(f"\n{game}\n", file=out)
        if game.to_move == engine_side:
            move, how = engine_move(game, args.think, book)
            print(f"engine plays {move}  ({how})", file=out)
            game.play(move)
            continue
        try:
            text = read("your move: ").strip()
        except EOFError:
            return 0
        except KeyboardInterrupt:
            print("\nquit", file=out)
            return EXIT_INTERRUPTED
        if text.lower() in ("q", "quit", "exit"):
            return 0
        try:
            number = int(text)
        except ValueError:
            print(f"  {quote(text)} is not {hint}", file=out)
            continue
        try:
            game.play(number)
        except ValueError as error:
            print(f"  {shorten_message(str(error), 200)}", file=out)
    print(f"\n{game}\n", file=out)
    winner = game.winner
    if winner == 0:
        print("draw", file=out)
    else:
        print("the engine wins" if winner == engine_side else "you win", file=out)
    return 0
