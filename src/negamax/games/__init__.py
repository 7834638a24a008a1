"""Built-in native games."""

from negamax._core import TicTacToe

#: Every built-in native game by its command-line name; the benchmark report runs each.
NATIVE_GAMES = {"tictactoe": TicTacToe}

__all__ = ["TicTacToe", "NATIVE_GAMES"]
