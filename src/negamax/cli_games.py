"""`negamax solve` and `negamax play`: exact solutions and games against the engine in a terminal."""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, Optional, TextIO

import negamax as nm
from negamax.scores import plies_to_end


def make_game(name: str, position: str, book: Any = None) -> Any:
    """A built-in game from its command-line name and position text (Connect Four on the
    opening book's board size when there is a book)."""
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
        raise ValueError(f"cannot read the book {path!r}: {error}") from None


def format_book_answer(game: Any, value: int, move: int, path: str) -> str:
    """The report of `negamax solve` for a position found in the opening book."""
    outcome = "win" if nm.is_win(value) else "loss" if nm.is_loss(value) else "draw"
    return "\n".join([str(game), "", f"score     : {game.solver_score(value)}",
                      f"outcome   : {outcome} for the side to move ({describe_value(value)})",
                      f"best move : {move}", f"source    : opening book {path} (no search)"])


def describe_value(value: Optional[int]) -> str:
    """'win in 7 plies', 'loss in 4 plies', 'draw' or the raw value."""
    if value is None:
        return "unknown"
    distance = plies_to_end(value)
    if distance is not None:
        return f"{'win' if nm.is_win(value) else 'loss'} in {distance} plies"
    return "draw" if value == 0 else str(value)


def format_solution(game: Any, result: nm.SolveResult) -> str:
    """The human-readable report of `negamax solve`."""
    stats = result.stats
    rate = stats.nodes / result.elapsed if result.elapsed > 0 else float("inf")
    lines = [str(game), ""]
    if result.score is not None:
        lines.append(f"score     : {result.score}")
    lines += [
        f"outcome   : {result.outcome or 'unknown'} for the side to move"
        + ("" if result.weak else f" ({describe_value(result.value)})"),
        f"best move : {result.best_move}",
        f"pv        : {' '.join(str(m) for m in result.pv)}",
        f"stop      : {result.stop_reason.value}",
        f"nodes     : {stats.nodes:,}   null-window searches: {stats.null_window_searches}   "
        f"tt hits: {stats.tt_hits:,}",
        f"time      : {result.elapsed * 1000:.2f} ms   ({rate:,.0f} nodes/s)",
    ]
    return "\n".join(lines)


def solve_command(args: argparse.Namespace) -> int:
    """Run `negamax solve GAME POSITION`."""
    book = load_book(args)
    game = make_game(args.game, args.position, book)
    if game.is_terminal():
        raise ValueError("the game is already over in that position")
    answer = book.lookup(game) if book is not None else None
    if answer is not None:
        print(format_book_answer(game, answer[0], answer[1], args.book))
        return 0
    result = nm.solve(game, weak=args.weak, time_limit=args.time_limit, tt_mb=args.tt_mb)
    print(format_solution(game, result))
    return 0


def play_command(args: argparse.Namespace, read: Callable[[str], str] = input,
                 out: TextIO = sys.stdout) -> int:
    """Run `negamax play GAME`: the person types moves, the engine answers."""
    if args.game == "checkers":
        from negamax.cli_checkers import play_checkers
        return play_checkers(args, read=read, out=out)
    book = load_book(args)
    game = make_game(args.game, "", book)
    engine_side = 1 if args.engine_first else -1
    hint = "a column number" if args.game == "connect4" else "a square 0-8 (row by row)"
    print(f"You play {'second' if args.engine_first else 'first'}. Type {hint}, or q to quit.", file=out)
    while not game.is_terminal():
        print(f"\n{game}\n", file=out)
        if game.to_move == engine_side:
            answer = book.lookup(game) if book is not None else None
            if answer is not None:
                print(f"engine plays {answer[1]}  ({describe_value(answer[0])}, from the book)", file=out)
                game.play(answer[1])
                continue
            result = nm.search(game, algorithm="pvs", time_limit=args.think)
            move = result.best_move
            print(f"engine plays {move}  ({describe_value(result.value)} at depth {result.depth})", file=out)
            game.play(move)
            continue
        try:
            text = read("your move: ").strip()
        except EOFError:
            return 0
        if text.lower() in ("q", "quit", "exit"):
            return 0
        try:
            game.play(int(text))
        except ValueError as error:
            print(f"  {error}", file=out)
    print(f"\n{game}\n", file=out)
    winner = game.winner
    if winner == 0:
        print("draw", file=out)
    else:
        print("the engine wins" if winner == engine_side else "you win", file=out)
    return 0
