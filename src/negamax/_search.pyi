"""Type stubs for the compiled module negamax._search (the search core)."""

from typing import Any, Dict, Optional

from negamax.game import NativeGame

ALGORITHM_MINIMAX: int
ALGORITHM_NEGAMAX: int
ALGORITHM_ALPHABETA: int
STOP_CODE_NAMES: Dict[int, str]

class Searcher:
    """One search over one native game: create it, call run(), read the result dict."""

    pending_error: Optional[BaseException]
    def __init__(self, game: NativeGame, algorithm: int, depth: Optional[int], ordering: bool,
                 time_limit: float, node_limit: int, trace: bool, iterative: bool,
                 root_maximizing: bool = ...) -> None: ...
    def run(self) -> Dict[str, Any]: ...
