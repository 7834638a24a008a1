"""Type stubs for the compiled module negamax._python_game."""

from typing import Any, Iterator, List, Optional, Sequence, Tuple

from negamax.game import NativeGame

class PythonGameAdapter(NativeGame):
    """Lets the native search call a game written in Python (a negamax.Game)."""

    exception: Optional[BaseException]
    def __init__(self, game: Any, max_moves: int, max_ply: int, has_key: bool,
                 has_order_hint: bool, has_noisy_moves: bool = ..., has_check: bool = ...,
                 has_null_move: bool = ...) -> None: ...
    def decode_line(self, moves: Sequence[int]) -> List[Any]: ...
    def decode_root_moves(self, moves: Sequence[int]) -> List[Any]: ...
    def decode_paths(self, plies: Sequence[int], moves: Sequence[int]) -> Iterator[Tuple[Any, ...]]: ...
    def copy(self) -> "PythonGameAdapter": ...

class MoveIndex:
    """Where a move is in a list of moves: the listed object itself; else an equal move
    (==, as play() takes moves), of several the first written alike (repr()), else the first."""

    def __init__(self, names: List[Any], lookups: int = ...) -> None: ...
    def find(self, move: Any) -> int: ...

