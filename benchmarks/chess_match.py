"""A match: negamax's UCI engine against sunfish (or another UCI engine), through python-chess.

    python benchmarks/chess_match.py --games 20 --time 0.2
    python benchmarks/chess_match.py --games 10 --tc 30+0.3      # clock games: a flag loses

Both engines get the same time per move (``--time``), or the same clock (``--tc BASE+INC``,
seconds; a side whose clock runs out loses). Games start from varied opening positions, each
played twice with the colours swapped. A game ends by the rules (mate, stalemate, insufficient
material, threefold repetition or the fifty-move rule, as python-chess claims them) or is
adjudicated a draw after --max-plies. The score is printed from negamax's side as
wins / draws / losses, the score in percent and the Elo difference it implies.

Needs `pip install chess sunfish` (the `peers` extra). Not a test: a measurement.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from dataclasses import dataclass
from typing import List, Optional, Tuple

import chess
import chess.engine

NEGAMAX = [sys.executable, "-m", "negamax", "uci"]
SUNFISH = [sys.executable, "-c", "import sunfish; sunfish.main()"]

#: Opening positions (FEN after a few book moves): open, semi-open and closed games.
OPENINGS = (
    ("Ruy Lopez", "r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 0 4"),
    ("Italian", "r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"),
    ("Sicilian Najdorf", "rnbqkb1r/1p2pppp/p2p1n2/8/3NP3/2N5/PPP2PPP/R1BQKB1R w KQkq - 0 6"),
    ("French Winawer", "rnbqk1nr/ppp2ppp/4p3/3p4/1b1PP3/2N5/PPP2PPP/R1BQKBNR w KQkq - 2 4"),
    ("Caro-Kann", "rn1qkbnr/pp2pppp/2p5/5b2/3PN3/8/PPP2PPP/R1BQKBNR w KQkq - 1 5"),
    ("Queen's Gambit Declined", "rnbqkb1r/ppp2ppp/4pn2/3p4/2PP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4"),
    ("Slav", "rnbqkb1r/pp2pppp/2p2n2/3p4/2PP4/5N2/PP2PPPP/RNBQKB1R w KQkq - 2 4"),
    ("King's Indian", "rnbq1rk1/ppp1ppbp/3p1np1/8/2PPP3/2N2N2/PP3PPP/R1BQKB1R b KQ - 1 5"),
    ("English", "r1bqkbnr/pppp1ppp/2n5/4p3/2P5/2N5/PP1PPPPP/R1BQKBNR w KQkq - 2 3"),
    ("Scandinavian", "rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR w KQkq - 2 4"),
    ("London", "rnbqkb1r/ppp1pppp/5n2/3p4/3P1B2/5N2/PPP1PPPP/RN1QKB1R b KQkq - 3 3"),
    ("Dutch", "rnbqkb1r/ppppp1pp/5n2/5p2/2PP4/6P1/PP2PP1P/RNBQKBNR b KQkq - 0 3"),
)


@dataclass
class GameRecord:
    """One finished game."""

    opening: str
    negamax_white: bool
    result: str          # "1-0", "0-1", "1/2-1/2"
    reason: str
    plies: int

    @property
    def negamax_points(self) -> float:
        """1, 0.5 or 0 for negamax."""
        if self.result == "1/2-1/2":
            return 0.5
        return 1.0 if (self.result == "1-0") == self.negamax_white else 0.0


def parse_time_control(text: str) -> Tuple[float, float]:
    """'60+0.5' -> (60.0, 0.5) seconds."""
    base, _, increment = text.partition("+")
    try:
        values = float(base), float(increment or 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a time control looks like 60+0.5, not {text!r}") from None
    if values[0] <= 0 or values[1] < 0:
        raise argparse.ArgumentTypeError(f"a time control needs a positive base, not {text!r}")
    return values


def play_game(white: chess.engine.SimpleEngine, black: chess.engine.SimpleEngine, fen: str,
              per_move: Optional[float], clock: Optional[Tuple[float, float]],
              max_plies: int) -> Tuple[str, str, int]:
    """Play one game; (result, reason, plies)."""
    board = chess.Board(fen)
    clocks = {chess.WHITE: clock[0], chess.BLACK: clock[0]} if clock else None
    plies = 0
    while True:
        outcome = board.outcome(claim_draw=True)
        if outcome is not None:
            return outcome.result(), outcome.termination.name.lower(), plies
        if plies >= max_plies:
            return "1/2-1/2", "adjudicated (move limit)", plies
        engine = white if board.turn == chess.WHITE else black
        if clocks is not None and clock is not None:
            limit = chess.engine.Limit(white_clock=clocks[chess.WHITE], black_clock=clocks[chess.BLACK],
                                       white_inc=clock[1], black_inc=clock[1])
        else:
            limit = chess.engine.Limit(time=per_move)
        started = time.monotonic()
        try:
            played = engine.play(board, limit)
        except (chess.engine.EngineError, chess.engine.EngineTerminatedError) as error:
            loser = "white" if board.turn == chess.WHITE else "black"
            return ("0-1" if loser == "white" else "1-0"), f"{loser} engine failed: {error}", plies
        used = time.monotonic() - started
        if clocks is not None and clock is not None:
            clocks[board.turn] -= used
            if clocks[board.turn] < 0:
                return ("0-1" if board.turn == chess.WHITE else "1-0"), "time forfeit", plies
            clocks[board.turn] += clock[1]
        if played.move is None or played.move not in board.legal_moves:
            return ("0-1" if board.turn == chess.WHITE else "1-0"), f"illegal move {played.move}", plies
        board.push(played.move)
        plies += 1


def elo_difference(score: float) -> Optional[float]:
    """The Elo difference a score fraction implies (None at 0 or 1)."""
    if not 0 < score < 1:
        return None
    return -400 * math.log10(1 / score - 1)


def summary(records: List[GameRecord]) -> str:
    """W/D/L, score and Elo estimate from negamax's side."""
    wins = sum(r.negamax_points == 1 for r in records)
    draws = sum(r.negamax_points == 0.5 for r in records)
    losses = sum(r.negamax_points == 0 for r in records)
    score = (wins + draws / 2) / len(records)
    elo = elo_difference(score)
    elo_text = f"{elo:+.0f}" if elo is not None else ("+inf" if score == 1 else "-inf")
    return (f"negamax {wins} wins, {draws} draws, {losses} losses in {len(records)} games: "
            f"score {100 * score:.1f}% (Elo difference {elo_text})")


def main(argv: Optional[List[str]] = None) -> int:
    """Run the match and print every game and the summary."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=12, help="games to play (default 12)")
    parser.add_argument("--time", type=float, default=0.2, help="seconds per move (default 0.2)")
    parser.add_argument("--tc", type=parse_time_control, default=None,
                        help="clock games BASE+INC in seconds instead of a time per move")
    parser.add_argument("--max-plies", type=int, default=200, help="adjudicate a draw after this many plies")
    parser.add_argument("--hash", type=int, default=64, help="negamax's Hash in MB")
    parser.add_argument("--opponent", default=None,
                        help="the opponent's command (default: sunfish from this Python)")
    args = parser.parse_args(argv)
    opponent_command = args.opponent.split() if args.opponent else SUNFISH
    # The opponent first: an opponent that cannot start (sunfish not installed, a bad
    # --opponent) then leaves no negamax engine process behind to wait for.
    try:
        opponent = chess.engine.SimpleEngine.popen_uci(opponent_command)
    except (OSError, chess.engine.EngineError) as error:
        print(f"chess_match: cannot start the opponent {' '.join(opponent_command)!r}: {error}",
              file=sys.stderr)
        return 2
    try:
        negamax = chess.engine.SimpleEngine.popen_uci(NEGAMAX)
    except BaseException:
        opponent.quit()
        raise
    records: List[GameRecord] = []
    try:
        negamax.configure({"Hash": args.hash})
        print(f"negamax ({negamax.id.get('name')}) against {opponent.id.get('name')}, "
              + (f"clock {args.tc[0]:g}+{args.tc[1]:g} s" if args.tc else f"{args.time:g} s per move"))
        for number in range(args.games):
            name, fen = OPENINGS[(number // 2) % len(OPENINGS)]
            negamax_white = number % 2 == 0
            white, black = (negamax, opponent) if negamax_white else (opponent, negamax)
            result, reason, plies = play_game(white, black, fen, args.time, args.tc, args.max_plies)
            record = GameRecord(name, negamax_white, result, reason, plies)
            records.append(record)
            side = "white" if negamax_white else "black"
            print(f"game {number + 1:3d}: {name:24s} negamax {side:5s} {result:8s} {reason} "
                  f"({plies} plies)", flush=True)
    finally:
        negamax.quit()
        opponent.quit()
    print(summary(records))
    return 0


if __name__ == "__main__":
    sys.exit(main())
