"""A plain Python reference for English draughts, written for the tests only: move generation
on (row, column) coordinates, a FEN reader, and a retrograde solver for small endings.

It shares nothing with negamax's bitboards; positions are (black, white, side) where black and
white are frozensets of (square, is_king) pairs, squares numbered 1-32 as in PDN, side "B" or "W".
"""

from __future__ import annotations

from collections import deque
from typing import Dict, FrozenSet, List, Optional, Tuple

Piece = Tuple[int, bool]
Position = Tuple[FrozenSet[Piece], FrozenSet[Piece], str]


def coordinates(square: int) -> Tuple[int, int]:
    """(row, column) of a PDN square: row 0 holds squares 1-4, on columns 1, 3, 5, 7."""
    row = (square - 1) // 4
    column = 2 * ((square - 1) % 4) + (1 if row % 2 == 0 else 0)
    return row, column


def square_of(row: int, column: int) -> Optional[int]:
    if not (0 <= row < 8 and 0 <= column < 8) or (row + column) % 2 == 0:
        return None
    return row * 4 + column // 2 + 1


def read_fen(fen: str) -> Position:
    side, *lists = fen.split(":")
    pieces: Dict[str, FrozenSet[Piece]] = {}
    for field in lists:
        items = [item for item in field[1:].split(",") if item]
        pieces[field[0]] = frozenset((int(item.lstrip("K")), item.startswith("K")) for item in items)
    return pieces["B"], pieces["W"], side


def write_fen(position: Position) -> str:
    black, white, side = position

    def listing(pieces: FrozenSet[Piece]) -> str:
        return ",".join(("K" if king else "") + str(square) for square, king in sorted(pieces))

    return f"{side}:W{listing(white)}:B{listing(black)}"


def legal_moves(position: Position) -> List[Tuple[List[int], Position]]:
    """Every legal move as (squares visited, resulting position)."""
    black, white, side = position
    own, other = (black, white) if side == "B" else (white, black)
    forward = 1 if side == "B" else -1           # black moves towards higher rows
    crown_row = 7 if side == "B" else 0
    occupied = {square for square, _ in own | other}
    enemy = {square for square, _ in other}
    captures: List[Tuple[List[int], Position]] = []
    plain: List[Tuple[List[int], Position]] = []

    def finish(path: List[int], king: bool, taken: List[int]) -> Position:
        start, end = path[0], path[-1]
        crowned = king or coordinates(end)[0] == crown_row
        new_own = frozenset(p for p in own if p[0] != start) | {(end, crowned)}
        new_other = frozenset(p for p in other if p[0] not in taken)
        following = "W" if side == "B" else "B"
        return (new_own, new_other, following) if side == "B" else (new_other, new_own, following)

    def directions(king: bool):
        rows = (-1, 1) if king else (forward,)
        return [(dr, dc) for dr in rows for dc in (-1, 1)]

    def extend(path: List[int], king: bool, taken: List[int]) -> None:
        row, column = coordinates(path[-1])
        grew = False
        for dr, dc in directions(king):
            over = square_of(row + dr, column + dc)
            landing = square_of(row + 2 * dr, column + 2 * dc)
            if over is None or landing is None or over not in enemy or over in taken:
                continue
            if landing in occupied and landing != path[0]:
                continue
            grew = True
            if not king and coordinates(landing)[0] == crown_row:
                captures.append((path + [landing], finish(path + [landing], king, taken + [over])))
            else:
                extend(path + [landing], king, taken + [over])
        if not grew and len(path) > 1:
            captures.append((path, finish(path, king, taken)))

    for square, king in sorted(own):
        extend([square], king, [])
    if captures:
        return captures
    for square, king in sorted(own):
        row, column = coordinates(square)
        for dr, dc in directions(king):
            target = square_of(row + dr, column + dc)
            if target is not None and target not in occupied:
                plain.append(([square, target], finish([square, target], king, [])))
    return plain


def move_text(path: List[int], position: Position, result: Position) -> str:
    is_capture = len(position[0]) + len(position[1]) != len(result[0]) + len(result[1])
    return ("x" if is_capture else "-").join(str(s) for s in path)


def solve_retrograde(root: Position) -> Dict[Position, Tuple[int, int]]:
    """Values of every position reachable from `root`: (1 win / -1 loss / 0 draw for the side
    to move, plies to the end under best play: the winner hurries, the loser delays). A side
    without a move loses; play that never ends is a draw (no move-count rule)."""
    children: Dict[Position, List[Position]] = {}
    parents: Dict[Position, List[Position]] = {}
    frontier = [root]
    children[root] = []
    while frontier:
        position = frontier.pop()
        for _, child in legal_moves(position):
            children[position].append(child)
            parents.setdefault(child, []).append(position)
            if child not in children:
                children[child] = []
                frontier.append(child)
    value: Dict[Position, Tuple[int, int]] = {}
    unresolved_children = {p: len(c) for p, c in children.items()}
    queue = deque(p for p, c in children.items() if not c)
    for position in queue:
        value[position] = (-1, 0)
    while queue:
        position = queue.popleft()
        result, plies = value[position]
        for parent in parents.get(position, ()):
            if parent in value:
                continue
            if result == -1:
                value[parent] = (1, plies + 1)
                queue.append(parent)
            else:
                unresolved_children[parent] -= 1
                if unresolved_children[parent] == 0:
                    value[parent] = (-1, plies + 1)
                    queue.append(parent)
    for position in children:
        value.setdefault(position, (0, 0))
    return value
