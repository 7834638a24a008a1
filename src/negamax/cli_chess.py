"""`negamax play chess` and `negamax search chess FEN`: chess in the terminal.

The board is drawn with Unicode pieces from the player's side; moves are typed in SAN
(``Nf3``, ``exd5``, ``O-O``, ``e8=Q``) or UCI (``g1f3``). At the prompt, ``undo`` takes back
the last move pair, ``moves`` lists the legal moves, ``quit`` (or Ctrl-C, or end of input)
leaves; Ctrl-C while the engine thinks makes it move at once.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, Callable, List, Optional, TextIO

import negamax as nm
from negamax.cli_games import EXIT_INTERRUPTED
from negamax.cli_progress import Progress, search_options, wants_progress
from negamax.console import encodes
from negamax.results import StopReason
from negamax.scores import is_win, plies_to_end

__all__ = ["new_chess", "draw_board", "describe_score", "search_command", "play_command",
           "PIECE_SYMBOLS"]

#: FEN letters to Unicode chess pieces.
PIECE_SYMBOLS = {"K": "\u2654", "Q": "\u2655", "R": "\u2656", "B": "\u2657", "N": "\u2658",
                 "P": "\u2659", "k": "\u265a", "q": "\u265b", "r": "\u265c", "b": "\u265d",
                 "n": "\u265e", "p": "\u265f"}

HELP = ("Type a move in SAN (Nf3, exd5, O-O, e8=Q) or UCI (g1f3, e7e8q); "
        "'undo' takes back your last move, 'moves' lists the legal moves, 'quit' leaves.")


def new_chess(fen: Optional[str] = None) -> Any:
    """A negamax chess game (None: the start position)."""
    chess_type = getattr(nm.games, "Chess", None)
    if chess_type is None:
        raise ValueError("this build of negamax has no chess game (negamax.games.Chess)")
    return chess_type(fen) if fen else chess_type()


def draw_board(fen: str, white_at_bottom: bool = True, unicode: bool = True) -> str:
    """The position of a FEN as 8 lines of Unicode pieces with rank and file labels
    (`unicode=False`: the FEN's letters, and '.' for an empty square)."""
    placement = fen.split()[0]
    ranks: List[List[str]] = []
    for row in placement.split("/"):
        squares: List[str] = []
        for char in row:
            if char.isdigit():
                squares.extend(["\u00b7" if unicode else "."] * int(char))
            else:
                squares.append(PIECE_SYMBOLS.get(char, "?") if unicode else char)
        ranks.append(squares)
    rank_numbers = list(range(8, 0, -1))
    files = "abcdefgh"
    if not white_at_bottom:
        ranks = [list(reversed(row)) for row in reversed(ranks)]
        rank_numbers.reverse()
        files = files[::-1]
    lines = [f"{number} " + " ".join(row) for number, row in zip(rank_numbers, ranks)]
    lines.append("  " + " ".join(files))
    return "\n".join(lines)


def describe_score(value: Optional[float]) -> str:
    """A value from the side to move: '+0.35', '-1.20', 'mate in 3', 'mated in 2'."""
    if value is None:
        return "unknown"
    distance = plies_to_end(value)
    if distance is not None:
        moves = (distance + 1) // 2 if is_win(value) else distance // 2
        return f"mate in {moves}" if is_win(value) else f"mated in {moves}"
    return f"{value / 100:+.2f}"


def _san_line(game: Any, moves: Any) -> str:
    """Moves in SAN, played on a copy of `game`."""
    board = game.copy()
    words = []
    for move in moves:
        try:
            words.append(board.san(move))
            board.play(move)
        except (ValueError, TypeError):
            words.append(str(move))
            break
    return " ".join(words)


def search_command(args: argparse.Namespace, out: Optional[TextIO] = None,
                   err: Optional[TextIO] = None) -> int:
    """Run `negamax search chess [FEN]` and print the result: 0 when done (or stopped by a
    limit), 130 on Ctrl-C (the deepest completed depth is printed, as for the other games)."""
    out = out if out is not None else sys.stdout
    err = err if err is not None else sys.stderr
    text = " ".join(args.position).strip()
    game = new_chess(None if text in ("", "startpos") else text)
    if args.depth is None and args.time_limit is None and args.node_limit is None:
        raise ValueError("chess needs a limit: give --depth, --time-limit or --node-limit")
    progress = Progress(err, wants_progress(getattr(args, "progress", None), err))
    with progress:
        result = nm.search(game, args.depth, algorithm=args.algorithm or "pvs",
                           time_limit=args.time_limit, node_limit=args.node_limit,
                           ordering=not args.no_ordering, **search_options(progress))
        progress.finished(result)
    stats = result.stats
    rate = stats.nodes_per_second(result.elapsed)
    best = result.best_move
    lines = [
        draw_board(game.fen(), unicode=_unicode_pieces(out)),
        "",
        f"fen       : {game.fen()}",
        f"algorithm : {result.algorithm}",
        f"score     : {describe_score(result.value)}   (value {result.value}, side to move)",
        f"best move : {game.san(best) + ' (' + str(best) + ')' if best is not None else 'none'}",
        f"pv        : {_san_line(game, result.pv)}",
        f"depth     : {result.depth}   seldepth: {stats.max_ply}   stop: {result.stop_reason.value}",
        f"nodes     : {stats.nodes:,}   cutoffs: {stats.cutoffs:,}   tt hits: {stats.tt_hits:,}",
        f"time      : {result.elapsed * 1000:.1f} ms   ({rate:,.0f} nodes/s)",
    ]
    print("\n".join(lines), file=out)
    if result.stop_reason is StopReason.INTERRUPTED:
        print("interrupted: the result above is the best found so far", file=err)
        return EXIT_INTERRUPTED
    return 0


def _unicode_pieces(stream: TextIO) -> bool:
    """Whether `stream` can show the Unicode pieces (not a Windows pipe in cp1252, say)."""
    return encodes("".join(PIECE_SYMBOLS.values()) + "\u00b7", stream)


def _parse_move(game: Any, text: str) -> Any:
    """The move the player typed, in UCI or SAN; ValueError naming it if illegal."""
    legal = game.legal_moves()
    if text in legal:
        return text
    played = game.copy()
    try:
        played.play_san(text)
    except (ValueError, TypeError):
        shown = text if len(text) <= 20 else text[:20] + "..."
        raise ValueError(f"{shown!r} is not a legal move here (type 'moves' to list them)") from None
    for move in legal:
        trial = game.copy()
        trial.play(move)
        if trial.fen() == played.fen():
            return move
    raise ValueError(f"cannot match the move {text!r}")  # pragma: no cover - play_san agreed


def _white_to_move(game: Any) -> bool:
    return game.fen().split()[1] == "w"


def _outcome_text(game: Any, engine_white: bool) -> str:
    """How the game ended, from the player's side."""
    if game.is_check() and not game.legal_moves():
        engine_won = _white_to_move(game) != engine_white
        return f"checkmate: {'the engine wins' if engine_won else 'you win'}"
    return f"draw ({game.outcome().termination.value})"


def play_command(args: argparse.Namespace, read: Callable[[str], str] = input,
                 out: Optional[TextIO] = None) -> int:
    """Run `negamax play chess`: the person types moves, the engine answers."""
    out = out if out is not None else sys.stdout
    game = new_chess(getattr(args, "fen", None))
    # --engine-first: the engine makes the first move, so it plays the side to move (black
    # from a FEN with black to move), as in play checkers.
    engine_white = _white_to_move(game) == bool(args.engine_first)
    print(f"You play {'black' if engine_white else 'white'}. {HELP}", file=out)
    plies: List[Any] = []
    shown = None      # the position last drawn
    try:
        while game.outcome() is None:
            if game.fen() != shown:
                shown = game.fen()
                print("\n" + draw_board(shown, white_at_bottom=not engine_white,
                                         unicode=_unicode_pieces(out)) + "\n", file=out)
            if _white_to_move(game) == engine_white:
                # Ctrl-C stops the search: the engine then plays its best move so far at once
                result = nm.search(game, algorithm="pvs", time_limit=args.think)
                move = result.best_move if result.best_move is not None else game.legal_moves()[0]
                note = "; interrupted" if result.stop_reason is StopReason.INTERRUPTED else ""
                print(f"engine plays {game.san(move)}  ({describe_score(result.value)}, "
                      f"depth {result.depth}, {result.stats.nodes:,} nodes{note})", file=out)
                game.play(move)
                plies.append(move)
                continue
            text = read("your move: ").strip()
            if text.lower() in ("q", "quit", "exit"):
                return 0
            if text.lower() in ("?", "help"):
                print(HELP, file=out)
            elif text.lower() == "moves":
                print(" ".join(sorted(game.san(move) for move in game.legal_moves())), file=out)
            elif text.lower() == "undo":
                _undo_pair(game, plies, bool(args.engine_first), out)
            elif text:
                try:
                    move = _parse_move(game, text)
                except ValueError as error:
                    print(f"  {error}", file=out)
                else:
                    game.play(move)
                    plies.append(move)
    except EOFError:
        print("", file=out)
        return 0
    except KeyboardInterrupt:         # at the prompt (while thinking, it makes the engine move)
        print("\nquit", file=out)
        return EXIT_INTERRUPTED
    print("\n" + draw_board(game.fen(), white_at_bottom=not engine_white) + "\n", file=out)
    print(_outcome_text(game, engine_white), file=out)
    return 0


def _undo_pair(game: Any, plies: List[Any], engine_first: bool, out: TextIO) -> None:
    """Take back the player's last move and the engine's reply to it."""
    own_first_move = 1 if engine_first else 0    # the engine's opening move stays
    if len(plies) - own_first_move < 2:
        print("  nothing to take back", file=out)
        return
    for _ in range(2):
        game.undo()
        plies.pop()
