"""negamax: fast game-tree search for two-player, zero-sum, perfect-information games.

    import negamax as nm
    result = nm.search(nm.games.TicTacToe(), algorithm="alphabeta")
    result.value, result.best_move, result.pv, result.stats

The search core is Cython over numpy-encoded boards and runs without the GIL for native
games; explicit trees (negamax.trees) and games written in Python (negamax.Game) plug into
the same search.
"""

from importlib.metadata import PackageNotFoundError, version as _version

from negamax import games, theory, trees
from negamax._engine import StopSignal, TranspositionTable
from negamax.api import (
    ALGORITHMS, DEFAULT_TT_MB, ENHANCEMENTS, release_tables, search, search_many, solve, solve_many,
)
from negamax.errors import GameContractError, SearchMemoryError
from negamax import _pickling  # noqa: F401  (registers pickling of the built-in games)
from negamax.batch import BatchError, analyze
from negamax.game import NativeGame
from negamax.python_game import Game
from negamax.results import AnalysisError, SearchResult, SearchStats, SolveResult, StopReason, Visit
from negamax.scores import EVAL_LIMIT, WIN, is_loss, is_win, plies_to_end



def get_include() -> str:
    """The directory to give Cython (``include_path``) so ``cimport negamax.game`` finds the
    game interface ``negamax/game.pxd`` of this installation."""
    import os
    return os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


try:
    __version__ = _version("negamax")
except PackageNotFoundError:  # pragma: no cover - running from a tree that is not installed
    __version__ = "0+unknown"

__all__ = [
    "search", "solve", "search_many", "solve_many", "release_tables", "StopSignal",
    "GameContractError", "SearchMemoryError",
    "ALGORITHMS", "ENHANCEMENTS", "DEFAULT_TT_MB", "TranspositionTable",
    "SolveResult", "Game", "NativeGame", "SearchResult", "SearchStats", "StopReason",
    "Visit", "WIN", "EVAL_LIMIT", "is_win", "is_loss", "plies_to_end", "games", "trees",
    "theory", "get_include", "__version__",
    "analyze", "AnalysisError", "BatchError",
]
