"""Built-in native games: each is a compiled module of its own (ext/games/NAME/)."""

from negamax.games._checkers import Checkers
from negamax.games._chess import Chess
from negamax.games._connect4 import ConnectFour
from negamax.games._tictactoe import TicTacToe

#: Every built-in native game by its command-line name; the benchmark report runs each.
NATIVE_GAMES = {"tictactoe": TicTacToe, "connect4": ConnectFour, "chess": Chess,
                "checkers": Checkers}

__all__ = ["TicTacToe", "ConnectFour", "Chess", "Checkers", "NATIVE_GAMES"]
