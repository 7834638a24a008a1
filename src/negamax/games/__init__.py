"""Built-in native games."""

from negamax._tictactoe import TicTacToe

__all__ = ["TicTacToe"]
