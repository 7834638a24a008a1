# cython: freethreading_compatible = True
"""The compiled core of negamax: the search and the built-in native games.

They share one module on purpose: the algorithms are specialised per built-in game (a fused
type over final classes), and only within one C file can the compiler inline a game's
make/unmake/evaluate into the search loop. Games from elsewhere use the vtable."""

include "trees.pxi"
include "tictactoe.pxi"
include "connect4.pxi"
include "ttable.pxi"
include "search.pxi"
