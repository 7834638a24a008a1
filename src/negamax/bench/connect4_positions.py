"""Sets of Connect Four positions at three stages of the game, made from random games with a
fixed seed (the same positions on every run and platform). No position is over, and in none
can the side to move win at once, as in the published solver test sets:

- end:    28 to 34 stones on the board
- middle: 14 to 20 stones
- early:  8 to 12 stones

The report's plain C section (negamax.bench.plain_c) and benchmarks/ solve them."""

from __future__ import annotations

import random
from typing import Dict, List, Tuple, Union

__all__ = ["SEED", "STAGES", "positions", "random_positions"]

#: Stones on the board of each stage's positions, (fewest, most).
STAGES: Dict[str, Tuple[int, int]] = {"end": (28, 34), "middle": (14, 20), "early": (8, 12)}

#: The seed of the sets the benchmarks and the report solve.
SEED = 2026


def positions(stage: str, count: int, seed: int = SEED) -> List[str]:
    """`count` move strings of random positions of `stage` (same seed, same positions)."""
    if stage not in STAGES:
        raise ValueError(f"no Connect Four stage {stage!r}: the stages are {', '.join(STAGES)}")
    low, high = STAGES[stage]
    return random_positions(count, low, high, f"{seed}-{stage}")


def random_positions(count: int, low: int, high: int, seed: Union[int, str]) -> List[str]:
    """Move strings of `count` positions of `low` to `high` stones from random games seeded
    with `seed`, none over and none with a win in one for the side to move."""
    from negamax.games import ConnectFour

    rng = random.Random(seed)
    found: List[str] = []
    while len(found) < count:
        game = ConnectFour()
        for _ in range(rng.randint(low, high)):
            game.play(rng.choice(game.legal_moves()))
            if game.is_terminal():
                break
        if not game.is_terminal() and not game.can_win_now():
            found.append(game.moves)
    return found
