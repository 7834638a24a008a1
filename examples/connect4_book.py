"""Build a Connect Four opening book: solve every position of up to N stones with negamax.analyze.

    python examples/connect4_book.py                         # 6x5 board, up to 3 stones, all cores
    python examples/connect4_book.py --plies 4 --out book.npz
    python examples/connect4_book.py --executor dask://scheduler:8786 --width 7 --height 6 --plies 8

    negamax solve connect4 44 --book book.npz                # answered from the book
    negamax play connect4 --book book.npz                    # the engine plays book moves

The defaults (a 6x5 board, up to 3 stones: 100 positions once mirror images are removed)
take about 30 s of CPU time: 15-20 s on 2 idle cores, 72 s measured on a busy 2-core machine. A position and its mirror image (columns reversed) have the same
value, so only one of each pair is solved. On the full 7x6 board a single position a few
stones from the start takes minutes to solve; a book of 7x6 openings is a job for a cluster
(docs/scaling.md has the figures).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import List

import negamax as nm
from negamax.book import OpeningBook, canonical_key


def positions_up_to(plies: int, width: int, height: int) -> List[nm.games.ConnectFour]:
    """Every position reachable in at most `plies` moves that is not over, one per mirror
    pair, in order of stones then move string."""
    seen = set()
    found: List[nm.games.ConnectFour] = []
    level = [nm.games.ConnectFour("", width=width, height=height)]
    for stones in range(plies + 1):
        following = []
        for game in level:
            key, _ = canonical_key(game)
            if key in seen or game.is_terminal():
                continue
            seen.add(key)
            found.append(game)
            if stones < plies:
                for move in sorted(game.legal_moves()):
                    child = game.copy()
                    child.play(move)
                    following.append(child)
        level = following
    return found


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plies", type=int, default=3, help="deepest position, in stones (default 3)")
    parser.add_argument("--width", type=int, default=6, help="board width (default 6)")
    parser.add_argument("--height", type=int, default=5, help="board height (default 5)")
    parser.add_argument("--out", default="connect4_book.npz", help="the book file to write")
    parser.add_argument("--workers", type=int, default=None, help="local processes (default: every core)")
    parser.add_argument("--executor", default=None, help="dask://HOST:PORT: solve on a Dask cluster")
    parser.add_argument("--chunksize", type=int, default=None, help="positions per task")
    args = parser.parse_args(argv)
    if args.plies < 0:
        parser.error(f"--plies must be 0 or more, got {args.plies}")
    try:
        nm.games.ConnectFour(width=args.width, height=args.height)
    except ValueError as error:
        parser.error(f"--width/--height: {error}")

    games = positions_up_to(args.plies, args.width, args.height)
    print(f"{len(games)} positions of up to {args.plies} stones on {args.width}x{args.height} "
          f"(mirror images removed)", file=sys.stderr)
    executor, client = None, None
    if args.executor:
        from distributed import Client       # pip install 'negamax[dask]'
        client = Client(args.executor.replace("dask://", "tcp://"))
        executor = client.get_executor(pure=False)
    started = time.perf_counter()
    try:
        results = nm.analyze(games, solve=True, executor=executor, workers=args.workers,
                             chunksize=args.chunksize)
    finally:
        if client is not None:
            client.close()
    elapsed = time.perf_counter() - started
    failed = [r for r in results if isinstance(r, nm.AnalysisError)]
    for error in failed:
        print(f"failed: {error}", file=sys.stderr)
    book = OpeningBook.from_results(games, results)
    book.save(args.out)
    print(f"solved {len(games) - len(failed)} positions in {elapsed:.1f} s "
          f"({len(games) / elapsed:.2f} positions/s); wrote {len(book)} to {args.out}", file=sys.stderr)
    start = book.lookup(games[0])
    if start is not None:
        value, move = start
        print(f"the empty board: {games[0].solver_score(value):+d} (solver score), best column {move}",
              file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
