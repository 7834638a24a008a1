"""Type stubs for negamax.games._trees: explicit game trees as native games."""

from typing import Any, Dict, List, Optional, Tuple, final

import numpy as np
import numpy.typing as npt

from negamax.game import NativeGame

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
    def evaluate(self) -> Any: ...
    def value(self) -> Any: ...

@final
class UniformTree(TreeGame):
    """A complete tree stored in heap order (only the leaf values are stored)."""

    @property
    def branching(self) -> int: ...
    @property
    def ordering(self) -> str: ...
    def __init__(self, branching: int, height: int, leaf_scores: npt.ArrayLike, maximizing: bool,
                 ordering: str, values_of_scores: Any = ..., leaf_values: Any = ...) -> None:
        """Private: use negamax.trees.uniform() (the arguments are checked all the same)."""
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
    def _constructor_arguments(self) -> Tuple[Any, ...]:
        """Private (pickling): the arguments of __init__ that make this tree again."""
        ...


def _breadth_first_height(starts: npt.NDArray[np.int64]) -> int:
    """The depth of the deepest node of a checked child_start array (ValueError past the
    search's limit)."""
    ...

def _leaves_left_to_right(starts: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """The leaves of a checked child_start array, depth-first (left to right)."""
    ...
