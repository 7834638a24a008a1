"""Built-in native games."""

from negamax._core import ConnectFour, TicTacToe

#: Every built-in native game by its command-line name; the benchmark report runs each.
NATIVE_GAMES = {"tictactoe": TicTacToe, "connect4": ConnectFour}

__all__ = ["TicTacToe", "ConnectFour", "NATIVE_GAMES"]
