"""The hand-written C baseline of the benchmark report (ext/baseline/c_baseline.pyx)."""

from typing import Any, Optional, Tuple

def alphabeta_uniform(leaves: Any, branching: int, depth: int,
                      maximizing: bool = True) -> Tuple[int, int, int]: ...
def minimax_tictactoe(board: Optional[Any] = None) -> Tuple[int, int, int]: ...
