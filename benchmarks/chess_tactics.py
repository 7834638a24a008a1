"""Tactics: the Win At Chess suite at a node budget, and a mate suite at fixed depths.

    python benchmarks/chess_tactics.py                      # WAC, 500,000 nodes a position
    python benchmarks/chess_tactics.py --nodes 100000 --limit 50
    python benchmarks/chess_tactics.py --mates              # mate-in-2 at depth 4, mate-in-3 at 6
    python benchmarks/chess_tactics.py --mates --verify     # first re-prove every mate distance

WAC: each position's best move (`bm`, any of them) must be negamax's best move after a search
(``algorithm="pvs"``, defaults) limited to --nodes nodes; the percent solved is printed.

Mates: each position of benchmarks/data/mates.epd has a direct mate in N (`dm N`); a search to
depth 2N must return a win with exactly 2N - 1 plies to the end (negamax.plies_to_end), that is
mate in N, no more and no less. It runs twice: the full engine as it plays, then without null
move and late-move reductions (whose pruning may miss a quiet mating move at a fixed depth). ``--verify`` first proves each `dm` with an exhaustive
python-chess search (there is a mate in N and none in N - 1), independently of negamax.

Data (benchmarks/data/): wac.epd is Fred Reinfeld's "Win At Chess" (1958), 300 positions, in
the EPD form used by chess engine authors since the 1990s; mates.epd is the subset of those
positions with a forced mate in 2 or 3, the distance proven with --verify. Needs python-chess.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from dataclasses import dataclass
from typing import Any, Dict, List, Optional, Tuple

import chess

import negamax as nm

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "data")


@dataclass(frozen=True)
class Problem:
    """One EPD record: position, best moves (UCI), mate distance if any, its id."""

    ident: str
    fen: str
    best_moves: Tuple[str, ...]
    mate_in: Optional[int]


def read_epd(path: str) -> List[Problem]:
    """The problems of an EPD file (bm in SAN turned into UCI with python-chess)."""
    problems: List[Problem] = []
    with open(path, encoding="utf-8") as handle:
        for line in handle:
            if not line.strip() or line.startswith("#"):
                continue
            board, operations = chess.Board.from_epd(line)
            moves: Any = operations.get("bm", [])
            best = tuple(move.uci() for move in moves)
            mate: Any = operations.get("dm")
            problems.append(Problem(str(operations.get("id", f"line {len(problems) + 1}")),
                                    board.fen(), best, int(mate) if mate is not None else None))
    return problems


def solve_wac(problems: List[Problem], nodes: int, verbose: bool) -> int:
    """Search each position to the node budget; print the percent whose best move is a `bm`."""
    solved = 0
    total_nodes = 0
    started = time.perf_counter()
    for problem in problems:
        game = nm.games.Chess(problem.fen)
        result = nm.search(game, algorithm="pvs", node_limit=nodes)
        total_nodes += result.stats.nodes
        ok = str(result.best_move) in problem.best_moves
        solved += ok
        if verbose or not ok:
            print(f"{problem.ident:9s} {'ok  ' if ok else 'MISS'} played {result.best_move} "
                  f"(bm {' '.join(problem.best_moves)}), depth {result.depth}, "
                  f"{result.stats.nodes:,} nodes", flush=True)
    elapsed = time.perf_counter() - started
    print(f"WAC: solved {solved}/{len(problems)} = {100 * solved / len(problems):.1f}% at "
          f"{nodes:,} nodes a position; {total_nodes:,} nodes in {elapsed:.1f} s "
          f"({total_nodes / elapsed:,.0f} nodes/s)")
    return solved


#: The searches of the mate suite: the full engine as it plays, and the same without the
#: selective pruning (null move, late-move reductions) that may cut a quiet mating line.
MATE_SEARCHES: Tuple[Tuple[str, Dict[str, Any]], ...] = (
    ("full engine (pvs, defaults)", {}),
    ("full width (null move and LMR off)", {"null_move": False, "lmr": False}),
)


def solve_mates(problems: List[Problem], verbose: bool, label: str = "full engine",
                options: Optional[dict] = None) -> int:
    """Each mate in N must be found at depth 2N with exactly 2N - 1 plies to the end."""
    found = 0
    for problem in problems:
        assert problem.mate_in is not None
        depth = 2 * problem.mate_in
        game = nm.games.Chess(problem.fen)
        result = nm.search(game, depth, algorithm="pvs", **(options or {}))
        distance = nm.plies_to_end(result.value) if result.value is not None else None
        ok = distance is not None and result.value is not None and nm.is_win(result.value) \
            and distance == 2 * problem.mate_in - 1
        found += ok
        if verbose or not ok:
            print(f"{problem.ident:9s} mate in {problem.mate_in}: {'ok  ' if ok else 'MISS'} "
                  f"value {result.value}, plies to mate {distance}, pv {' '.join(result.pv)}",
                  flush=True)
    print(f"Mates, {label}: {found}/{len(problems)} found with the exact distance "
          f"(mate in 2 at depth 4, mate in 3 at depth 6)")
    return found


def forced_mate(board: chess.Board, moves: int) -> bool:
    """True if the side to move mates within `moves` moves against every defence."""
    ordered = sorted(board.legal_moves, key=lambda m: (not board.gives_check(m), not board.is_capture(m)))
    for move in ordered:
        board.push(move)
        try:
            if board.is_checkmate():
                return True
            if moves > 1 and not board.is_game_over():
                if all(_defended_by(board, reply, moves - 1) for reply in list(board.legal_moves)):
                    return True
        finally:
            board.pop()
    return False


def _defended_by(board: chess.Board, reply: chess.Move, moves: int) -> bool:
    board.push(reply)
    try:
        return forced_mate(board, moves)
    finally:
        board.pop()


def verify_mates(problems: List[Problem]) -> bool:
    """Prove each `dm N` with python-chess alone: a mate in N exists and none in N - 1."""
    good = True
    for problem in problems:
        board = chess.Board(problem.fen)
        moves = problem.mate_in or 0
        exact = moves > 0 and forced_mate(board, moves) and not (
            moves > 1 and forced_mate(board, moves - 1))
        print(f"{problem.ident:9s} dm {problem.mate_in}: {'proven' if exact else 'WRONG'}", flush=True)
        good &= exact
    return good


def main(argv: Optional[List[str]] = None) -> int:
    """Run the WAC suite or the mate suite."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--suite", default=os.path.join(DATA, "wac.epd"), help="EPD file with bm")
    parser.add_argument("--nodes", type=int, default=500_000, help="node budget per position")
    parser.add_argument("--limit", type=int, default=None, help="only the first N positions")
    parser.add_argument("--mates", action="store_true", help="run the mate suite instead")
    parser.add_argument("--verify", action="store_true",
                        help="with --mates: prove each mate distance with python-chess first")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every position")
    args = parser.parse_args(argv)
    if getattr(nm.games, "Chess", None) is None:
        print("this negamax has no chess game (negamax.games.Chess)", file=sys.stderr)
        return 2
    if args.mates:
        problems = read_epd(os.path.join(DATA, "mates.epd"))[:args.limit]
        if args.verify and not verify_mates(problems):
            print("a mate distance in mates.epd is wrong", file=sys.stderr)
            return 1
        found = [solve_mates(problems, args.verbose, label, options) for label, options in MATE_SEARCHES]
        return 0 if found[-1] == len(problems) else 1
    solve_wac(read_epd(args.suite)[:args.limit], args.nodes, args.verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main())
