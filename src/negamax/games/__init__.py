"""Built-in native games."""

from negamax._core import TicTacToe

__all__ = ["TicTacToe"]
