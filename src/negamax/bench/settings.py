"""What a report measures: the grid of uniform trees, the game depth budget, timing repeats.

Quick mode (the default) and full mode differ only in these settings; the command line can
override each of them (--grid, --max-leaves, --games, --repeat, --seed)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from negamax.quoting import short_repr

__all__ = ["BRANCHINGS", "MAX_GAME_LEAVES", "MAX_REPEAT", "MAX_TREE_LEAVES", "ReportSettings", "SettingsError", "parse_grid",
           "parse_game_depths", "tree_grid", "make_settings"]

#: Branching factors of the uniform-tree grid.
BRANCHINGS = (2, 3, 4, 8, 16)

#: Largest uniform tree the report builds: 2**26 int32 leaves take 256 MiB, three trees at once
#: (best, worst and random ordering) stay under a gigabyte.
MAX_TREE_LEAVES = 2 ** 26

#: Minimax leaf budget per mode: trees (and games) go one depth past it.
QUICK_MAX_LEAVES = 10 ** 6
FULL_MAX_LEAVES = 10 ** 7

#: Most minimax leaves a game's row may read: --max-leaves above it is refused, and a depth
#: whose minimax would read more (predicted from the depths before) is not searched, also
#: when --game-depth asks for it (chess to depth 12 would run for days).
MAX_GAME_LEAVES = 10 ** 9

#: Most timing repeats: a best of more than this measures nothing more.
MAX_REPEAT = 1000

#: Timing repeats (best of N) per mode for the native searches and the C baseline; the plain
#: Python references, hundreds of times slower, run at most PYTHON_REPEAT_CAP times.
QUICK_REPEAT = 3
FULL_REPEAT = 9
PYTHON_REPEAT_CAP = 3

#: The speed section's uniform tree (b, d) per mode.
QUICK_SPEED_TREE = (8, 7)
FULL_SPEED_TREE = (8, 8)


class SettingsError(ValueError):
    """A report option that cannot be used, with a message for the user."""


@dataclass(frozen=True)
class ReportSettings:
    """Everything that decides what a report measures."""

    mode: str                                   # "quick" or "full"
    tree_grid: Tuple[Tuple[int, int], ...]      # (branching, deepest depth) pairs
    max_leaves: int                             # game depth budget (minimax leaves)
    game_depths: Dict[str, int] = field(default_factory=dict)   # explicit deepest depth per game
    games: Optional[Tuple[str, ...]] = None     # games to run (None: every native game)
    repeat: int = QUICK_REPEAT                  # best of N for native and C timings
    python_repeat: int = 1                      # best of N for the plain Python references
    seed: int = 0                               # random uniform trees
    speed_tree: Tuple[int, int] = QUICK_SPEED_TREE
    peers: bool = False                         # run the peers section

    def as_dict(self) -> dict:
        """The settings as JSON-ready values."""
        return {
            "mode": self.mode, "tree_grid": [list(pair) for pair in self.tree_grid],
            "max_leaves": self.max_leaves, "game_depths": dict(self.game_depths),
            "games": list(self.games) if self.games is not None else None,
            "repeat": self.repeat, "python_repeat": self.python_repeat, "seed": self.seed,
            "speed_tree": list(self.speed_tree), "peers": self.peers,
        }


def tree_grid(max_leaves: int, branchings: Tuple[int, ...] = BRANCHINGS) -> Tuple[Tuple[int, int], ...]:
    """For each branching factor, the first depth at which minimax reaches `max_leaves`
    leaves (b**d >= max_leaves), kept within MAX_TREE_LEAVES."""
    grid = []
    for branching in branchings:
        depth = 1
        while branching ** depth < max_leaves and branching ** (depth + 1) <= MAX_TREE_LEAVES:
            depth += 1
        grid.append((branching, depth))
    return tuple(grid)


def _parse_pairs(text: str, option: str, what: str) -> List[Tuple[str, int]]:
    pairs = []
    for item in text.split(","):
        item = item.strip()
        name, colon, number = item.partition(":")
        if not colon or not name.strip() or not number.strip():
            raise SettingsError(f"{option}: {short_repr(item)} is not {what}")
        try:
            value = int(number)
        except ValueError:
            raise SettingsError(f"{option}: {short_repr(number.strip())} in {short_repr(item)} is not a whole number") from None
        pairs.append((name.strip(), value))
    return pairs


def parse_grid(text: str) -> Tuple[Tuple[int, int], ...]:
    """Read a tree grid such as "2:4,3:3" (branching 2 to depth 4, branching 3 to depth 3)."""
    grid: List[Tuple[int, int]] = []
    for name, depth in _parse_pairs(text, "--grid", "BRANCHING:DEPTH, e.g. 2:4"):
        try:
            branching = int(name)
        except ValueError:
            raise SettingsError(f"--grid: branching {short_repr(name)} is not a whole number") from None
        if branching < 2:
            raise SettingsError(f"--grid: branching must be at least 2, got {branching}")
        if depth < 1:
            raise SettingsError(f"--grid: depth must be at least 1, got {depth} for branching {branching}")
        if depth * math.log2(branching) > math.log2(MAX_TREE_LEAVES):
            raise SettingsError(f"--grid: {branching}**{depth} leaves is more than the report's "
                                f"limit of 2**26 = {MAX_TREE_LEAVES:,} leaves per tree")
        if any(branching == known for known, _ in grid):
            raise SettingsError(f"--grid: branching {branching} is given twice")
        grid.append((branching, depth))
    return tuple(grid)


def parse_game_depths(text: str, known: Tuple[str, ...]) -> Dict[str, int]:
    """Read deepest depths per game such as "tictactoe:9,connect4:6"."""
    depths: Dict[str, int] = {}
    for name, depth in _parse_pairs(text, "--game-depth", "GAME:DEPTH, e.g. tictactoe:5"):
        if name not in known:
            raise SettingsError(f"--game-depth: unknown game {short_repr(name)}; the games are {', '.join(known)}")
        if depth < 1:
            raise SettingsError(f"--game-depth: depth must be at least 1, got {depth} for {name}")
        if name in depths:
            raise SettingsError(f"--game-depth: {name} is given twice")
        depths[name] = depth
    return depths


def parse_games(text: str, known: Tuple[str, ...]) -> Tuple[str, ...]:
    """Read a comma-separated list of native game names."""
    names = tuple(name.strip() for name in text.split(",") if name.strip())
    if not names:
        raise SettingsError("--games: give at least one game name")
    for index, name in enumerate(names):
        if name not in known:
            raise SettingsError(f"--games: unknown game {short_repr(name)}; the games are {', '.join(known)}")
        if name in names[:index]:
            raise SettingsError(f"--games: {name} is given twice")
    return names


def make_settings(*, full: bool, grid: Optional[str], max_leaves: Optional[int],
                  game_depth: Optional[str], games: Optional[str], repeat: Optional[int],
                  seed: int, peers: bool, known_games: Tuple[str, ...]) -> ReportSettings:
    """The settings for the command-line options (SettingsError on a bad one)."""
    if max_leaves is not None and not 1 <= max_leaves <= MAX_GAME_LEAVES:
        raise SettingsError(f"--max-leaves must be between 1 and 10**9 = {MAX_GAME_LEAVES:,} "
                            f"(a minimax of that many leaves takes minutes), got {max_leaves}")
    if repeat is not None and not 1 <= repeat <= MAX_REPEAT:
        raise SettingsError(f"--repeat must be between 1 and {MAX_REPEAT}, got {repeat}")
    if seed < 0:
        raise SettingsError(f"--seed must be at least 0, got {seed}")
    budget = max_leaves if max_leaves is not None else (FULL_MAX_LEAVES if full else QUICK_MAX_LEAVES)
    repeat = repeat if repeat is not None else (FULL_REPEAT if full else QUICK_REPEAT)
    chosen = parse_games(games, known_games) if games is not None else None
    depths = parse_game_depths(game_depth, known_games) if game_depth is not None else {}
    for name in depths:
        if chosen is not None and name not in chosen:
            raise SettingsError(f"--game-depth: {name} is not among --games {','.join(chosen)}")
    return ReportSettings(
        mode="full" if full else "quick",
        tree_grid=parse_grid(grid) if grid is not None else tree_grid(budget),
        max_leaves=budget,
        game_depths=depths,
        games=chosen,
        repeat=repeat,
        python_repeat=min(repeat, PYTHON_REPEAT_CAP),
        seed=seed,
        speed_tree=FULL_SPEED_TREE if full else QUICK_SPEED_TREE,
        peers=peers,
    )
