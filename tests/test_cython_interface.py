"""The public game interface (negamax/game.pxd) works for a third party: a game written in
Cython is compiled against the installed negamax in a temporary directory, then searched."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import negamax as nm

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "cython_game"


def test_game_interface_pxd_is_installed():
    package_dir = Path(nm.__file__).resolve().parent
    assert (package_dir / "game.pxd").is_file()
    assert (Path(nm.get_include()) / "negamax" / "game.pxd").is_file()


@pytest.fixture(scope="module")
def subtraction_module(tmp_path_factory):
    build_dir = tmp_path_factory.mktemp("cython_game")
    for name in ("subtraction.pyx", "setup.py"):
        shutil.copy(EXAMPLE / name, build_dir / name)
    completed = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=build_dir,
                               capture_output=True, text=True, timeout=600)
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    sys.path.insert(0, str(build_dir))
    try:
        import subtraction
        yield subtraction
    finally:
        sys.path.remove(str(build_dir))


def expected_value(stones):
    """Theory of the subtraction game (take 1-3, last stone wins) with win = WIN - plies:
    a multiple of 4 is lost in stones/2 plies (each pair of plies removes 4 stones); any other
    count is won by taking stones % 4, then winning in 2 * (stones // 4) more plies."""
    if stones % 4 == 0:
        return -(nm.WIN - stones // 2)
    return nm.WIN - (2 * (stones // 4) + 1)


class PythonSubtraction(nm.Game):
    """The same game in Python: the search must count the same nodes."""

    def __init__(self, stones):
        self.stones = stones
        self.taken = []

    def legal_moves(self):
        return [take for take in (1, 2, 3) if take <= self.stones]

    def play(self, move):
        self.stones -= move
        self.taken.append(move)

    def undo(self):
        self.stones += self.taken.pop()

    def is_terminal(self):
        return self.stones == 0

    def evaluate(self):
        return -nm.WIN if self.stones == 0 else 0


@pytest.mark.parametrize("stones", range(0, 17))
def test_cython_game_searches_natively(subtraction_module, stones):
    game = subtraction_module.Subtraction(stones)
    assert isinstance(game, nm.NativeGame)
    for algorithm in ("minimax", "negamax", "alphabeta"):
        result = nm.search(game, algorithm=algorithm)
        assert result.value == expected_value(stones)
        if stones % 4:
            assert result.best_move == stones % 4
        twin = nm.search(PythonSubtraction(stones), algorithm=algorithm)
        assert (twin.value, twin.stats.nodes, twin.stats.leaves) == (
            result.value, result.stats.nodes, result.stats.leaves)
    assert game.stones == stones
