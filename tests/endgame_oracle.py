"""An independent oracle for chess solves: exact distances to mate in king and queen (or rook)
against king, by retrograde analysis over every placement of the three pieces.

Written for the tests from the rules of chess alone (no negamax code, no python-chess): the
moves of the three pieces, checkmate, stalemate and a capture of the lone piece (a draw by
insufficient material). The distances it gives are the game's own (the shortest mate against
the longest defence), whatever the path to the position: a solve that mixes values found
through repetition draws on one path into another shows up as a different distance.
"""

from typing import Dict, Optional, Tuple

import numpy as np

KING_STEPS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]
ROOK_DIRECTIONS = [(-1, 0), (1, 0), (0, -1), (0, 1)]
QUEEN_DIRECTIONS = KING_STEPS

#: A state's index: white king * 4096 + black king * 64 + the white piece (squares 0..63, a1 = 0).
STATES = 64 ** 3
UNKNOWN = -1


def _square(file: int, rank: int) -> int:
    return rank * 8 + file if 0 <= file < 8 and 0 <= rank < 8 else -1


def _step_table(steps) -> np.ndarray:
    table = np.full((64, len(steps)), -1, dtype=np.int64)
    for square in range(64):
        for i, (df, dr) in enumerate(steps):
            table[square, i] = _square(square % 8 + df, square // 8 + dr)
    return table


def _ray_table(directions) -> np.ndarray:
    """rays[square, direction, k]: the square k + 1 steps away, or -1 off the board."""
    rays = np.full((64, len(directions), 7), -1, dtype=np.int64)
    for square in range(64):
        for i, (df, dr) in enumerate(directions):
            for k in range(7):
                rays[square, i, k] = _square(square % 8 + df * (k + 1), square // 8 + dr * (k + 1))
    return rays


class Endgame:
    """Distances to mate of king and `piece` ("Q" or "R") against king, for either side to
    move. Built once (a few seconds): about twenty numpy sweeps over 262,144 placements."""

    def __init__(self, piece: str = "Q") -> None:
        if piece not in ("Q", "R"):
            raise ValueError("piece must be 'Q' or 'R'")
        self.piece = piece
        directions = QUEEN_DIRECTIONS if piece == "Q" else ROOK_DIRECTIONS
        index = np.arange(STATES)
        wk, bk, pc = index // 4096, (index // 64) % 64, index % 64
        king = _step_table(KING_STEPS)
        rays = _ray_table(directions)
        adjacent = np.zeros((64, 64), dtype=bool)
        for square in range(64):
            for target in king[square]:
                if target >= 0:
                    adjacent[square, target] = True

        def attacked_by_piece(target: np.ndarray) -> np.ndarray:
            """The piece attacks `target`, seen through the black king (which moves off the
            ray), blocked by the white king."""
            hit = np.zeros(STATES, dtype=bool)
            for d in range(len(directions)):
                open_ray = np.ones(STATES, dtype=bool)
                for k in range(7):
                    square = rays[pc, d, k]
                    open_ray &= square >= 0
                    hit |= open_ray & (square == target)
                    open_ray &= square != wk
            return hit

        distinct = (wk != bk) & (wk != pc) & (bk != pc) & ~adjacent[wk, bk]
        black_in_check = distinct & attacked_by_piece(bk)

        # White to move: legal when black is not in check. Successors are black-to-move states.
        white_ok = distinct & ~black_in_check
        white_moves = []
        for d in range(8):
            target = king[wk, d]
            ok = white_ok & (target >= 0) & (target != pc) & ~adjacent[np.maximum(target, 0), bk]
            white_moves.append(np.where(ok, np.maximum(target, 0) * 4096 + bk * 64 + pc, -1))
        for d in range(len(directions)):
            open_ray = white_ok.copy()
            for k in range(7):
                square = rays[pc, d, k]
                open_ray &= (square >= 0) & (square != wk) & (square != bk)
                white_moves.append(np.where(open_ray, wk * 4096 + bk * 64 + np.maximum(square, 0), -1))
        self.white_moves = np.stack(white_moves, axis=1)

        # Black to move: the king steps to a square neither white piece attacks; taking an
        # unprotected piece draws.
        black_moves, draws = [], np.zeros(STATES, dtype=bool)
        for d in range(8):
            target = king[bk, d]
            safe_target = np.maximum(target, 0)
            ok = distinct & (target >= 0) & (target != wk) & ~adjacent[safe_target, wk]
            captures = ok & (target == pc)
            draws |= captures
            ok &= (target != pc) & ~attacked_by_piece(safe_target)
            black_moves.append(np.where(ok, wk * 4096 + safe_target * 64 + pc, -1))
        self.black_moves = np.stack(black_moves, axis=1)
        black_can_move = draws | (self.black_moves >= 0).any(axis=1)
        self.white_legal, self.black_legal = white_ok, distinct

        # Plies to mate: white to move (odd), black to move (even, 0 when mated).
        white_dtm = np.full(STATES, UNKNOWN, dtype=np.int64)
        black_dtm = np.full(STATES, UNKNOWN, dtype=np.int64)
        black_dtm[distinct & black_in_check & ~black_can_move] = 0
        undecided_black = distinct & black_can_move & ~draws
        plies = 0
        while True:
            plies += 1
            reached = np.where(self.white_moves >= 0, black_dtm[np.maximum(self.white_moves, 0)], UNKNOWN)
            new_white = white_ok & (white_dtm == UNKNOWN) & (reached == plies - 1).any(axis=1)
            white_dtm[new_white] = plies
            plies += 1
            replies = np.where(self.black_moves >= 0, white_dtm[np.maximum(self.black_moves, 0)], 0)
            all_lost = ((self.black_moves < 0) | (replies != UNKNOWN)).all(axis=1)
            new_black = undecided_black & (black_dtm == UNKNOWN) & all_lost & (replies.max(axis=1) == plies - 1)
            black_dtm[new_black] = plies
            if not new_white.any() and not new_black.any():
                break
        self.white_dtm, self.black_dtm = white_dtm, black_dtm

    def plies_to_mate(self, white_king: int, black_king: int, piece: int, white_to_move: bool) -> Optional[int]:
        """Plies until black is mated with best play, or None for a draw. Squares 0..63 (a1 = 0)."""
        state = white_king * 4096 + black_king * 64 + piece
        legal = self.white_legal if white_to_move else self.black_legal
        if not legal[state]:
            raise ValueError("not a legal position")
        dtm = (self.white_dtm if white_to_move else self.black_dtm)[state]
        return None if dtm == UNKNOWN else int(dtm)

    def fen(self, white_king: int, black_king: int, piece: int, white_to_move: bool) -> str:
        board: Dict[int, str] = {white_king: "K", black_king: "k", piece: self.piece}
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for file in range(8):
                symbol = board.get(rank * 8 + file)
                if symbol is None:
                    empty += 1
                else:
                    row += (str(empty) if empty else "") + symbol
                    empty = 0
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows) + (" w" if white_to_move else " b") + " - - 0 1"

    def sample(self, rng: np.random.Generator, white_to_move: bool, plies: Tuple[int, int],
               count: int):
        """`count` legal positions whose plies to mate lie in [plies[0], plies[1]], as
        (white king, black king, piece) triples."""
        dtm = self.white_dtm if white_to_move else self.black_dtm
        pool = np.flatnonzero((dtm >= plies[0]) & (dtm <= plies[1]))
        chosen = rng.choice(pool, size=count, replace=False)
        return [(int(s // 4096), int((s // 64) % 64), int(s % 64)) for s in chosen]
