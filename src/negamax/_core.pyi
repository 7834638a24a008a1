"""Type stubs for the compiled module negamax._core: the search and the built-in games."""

from typing import Any, Dict, Optional, final

import numpy as np
import numpy.typing as npt

from negamax.game import NativeGame

ALGORITHM_MINIMAX: int
ALGORITHM_NEGAMAX: int
ALGORITHM_ALPHABETA: int
STOP_CODE_NAMES: Dict[int, str]

@final
class Searcher:
    """One search over one native game: create it, call run(), read the result dict."""

    pending_error: Optional[BaseException]
    def __init__(self, game: NativeGame, algorithm: int, depth: Optional[int], ordering: bool,
                 time_limit: float, node_limit: int, trace: bool, iterative: bool,
                 root_maximizing: bool = ...) -> None: ...
    def run(self) -> Dict[str, Any]: ...

class TreeGame(NativeGame):
    """An explicit game tree: moves are child indices, leaves are terminal positions."""

    maximizing: bool
    def score_to_value(self, score: Any) -> Any: ...
    @property
    def leaf_values(self) -> npt.NDArray[Any]: ...
    @property
    def num_leaves(self) -> int: ...
    @property
    def height(self) -> int: ...
    @property
    def to_move(self) -> int: ...
    @property
    def node(self) -> int: ...
    def value(self) -> Any: ...

@final
class UniformTree(TreeGame):
    """A complete tree stored in heap order (only the leaf values are stored)."""

    branching: int
    ordering: str
    def __init__(self, branching: int, height: int, leaf_scores: npt.ArrayLike, maximizing: bool,
                 ordering: str, values_of_scores: Any = ..., leaf_values: Any = ...) -> None: ...
    @property
    def num_nodes(self) -> int: ...
    def copy(self) -> "UniformTree": ...

@final
class ExplicitTree(TreeGame):
    """Any finite tree, stored breadth-first in two arrays."""

    def __init__(self, child_start: npt.ArrayLike, scores: npt.ArrayLike, height: int,
                 maximizing: bool, max_children: int, internal_score: int = ...,
                 values_of_scores: Any = ..., leaf_values: Any = ...) -> None: ...
    @property
    def num_nodes(self) -> int: ...
    def copy(self) -> "ExplicitTree": ...

@final
class TicTacToe(NativeGame):
    """Tic-tac-toe over a numpy int8 board; moves are squares 0..8 row by row."""

    def __init__(self, position: str = ".........") -> None: ...
    @classmethod
    def from_board(cls, board: npt.NDArray[np.integer]) -> "TicTacToe": ...
    def copy(self) -> "TicTacToe": ...
    @property
    def board(self) -> npt.NDArray[np.int8]: ...
    @property
    def to_move(self) -> int: ...
    @property
    def winner(self) -> int | None: ...
    @property
    def position(self) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...
