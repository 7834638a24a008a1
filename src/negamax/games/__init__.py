"""Built-in native games."""

from negamax._core import ConnectFour, TicTacToe
from negamax.games._checkers import Checkers

#: Every built-in native game by its command-line name; the benchmark report runs each.
NATIVE_GAMES = {"tictactoe": TicTacToe, "connect4": ConnectFour, "checkers": Checkers}

__all__ = ["TicTacToe", "ConnectFour", "Checkers", "NATIVE_GAMES"]
