"""Built-in native games."""

from negamax._core import ConnectFour, TicTacToe
from negamax.games._chess import Chess

#: Every built-in native game by its command-line name; the benchmark report runs each.
NATIVE_GAMES = {"tictactoe": TicTacToe, "connect4": ConnectFour, "chess": Chess}

__all__ = ["TicTacToe", "ConnectFour", "Chess", "NATIVE_GAMES"]
