"""The public game interface (negamax/game.pxd) works for a third party: the example game
written in Cython (examples/cython_game, a package of its own) is copied to a temporary
directory, built into a wheel against the installed negamax, and searched.

Building needs a C compiler: these tests are marked needs_compiler (tools/check_wheel.sh,
which tests a wheel with no compiler on PATH, deselects them; everywhere else they run)."""

import shutil
import subprocess
import sys
import threading
import zipfile
from pathlib import Path

import pytest

import negamax as nm
from helpers import Subtraction

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "cython_game"
EXAMPLE_FILES = ("subtraction.pyx", "setup.py", "pyproject.toml")


def test_game_interface_pxd_is_installed():
    package_dir = Path(nm.__file__).resolve().parent
    assert (package_dir / "game.pxd").is_file()
    assert (Path(nm.get_include()) / "negamax" / "game.pxd").is_file()


def run(command, cwd):
    completed = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=600)
    assert completed.returncode == 0, completed.stdout[-3000:] + completed.stderr[-3000:]
    return completed.stdout


@pytest.fixture(scope="module")
def subtraction_module(tmp_path_factory):
    """Build the example's wheel as a user would (pip, against the negamax installed in this
    environment), unpack it into a directory of its own and import the game from there."""
    project = tmp_path_factory.mktemp("cython_game")
    for name in EXAMPLE_FILES:
        shutil.copy(EXAMPLE / name, project / name)
    # The build sees the same, installed negamax as this process (not a source tree).
    seen = run([sys.executable, "-c", "import negamax; print(negamax.get_include())"], cwd=project)
    assert Path(seen.strip()).resolve() == Path(nm.get_include()).resolve()
    run([sys.executable, "-m", "pip", "wheel", "--no-build-isolation", "--no-deps",
         "--wheel-dir", str(project / "dist"), str(project)], cwd=project)
    wheels = list((project / "dist").glob("subtraction_game-*.whl"))
    assert len(wheels) == 1, wheels
    site = project / "site"
    with zipfile.ZipFile(wheels[0]) as wheel:
        wheel.extractall(site)
    sys.path.insert(0, str(site))
    try:
        import subtraction
        assert Path(subtraction.__file__).resolve().parent == site.resolve()
        yield subtraction
    finally:
        sys.path.remove(str(site))
        sys.modules.pop("subtraction", None)


def expected_value(stones):
    """Theory of the subtraction game (take 1-3, last stone wins) with win = WIN - plies:
    a multiple of 4 is lost in stones/2 plies (each pair of plies removes 4 stones); any other
    count is won by taking stones % 4, then winning in 2 * (stones // 4) more plies."""
    if stones % 4 == 0:
        return -(nm.WIN - stones // 2)
    return nm.WIN - (2 * (stones // 4) + 1)


@pytest.mark.needs_compiler
@pytest.mark.parametrize("stones", range(0, 17))
def test_cython_game_searches_natively(subtraction_module, stones):
    game = subtraction_module.Subtraction(stones)
    assert isinstance(game, nm.NativeGame)
    for algorithm in ("minimax", "negamax", "alphabeta"):
        result = nm.search(game, algorithm=algorithm)
        assert result.value == expected_value(stones)
        if stones % 4:
            assert result.best_move == stones % 4
        twin = nm.search(Subtraction(stones), algorithm=algorithm)  # the same game in Python
        assert (twin.value, twin.stats.nodes, twin.stats.leaves) == (
            result.value, result.stats.nodes, result.stats.leaves)
    assert game.stones == stones


@pytest.mark.needs_compiler
def test_cython_game_searches_from_threads(subtraction_module):
    """A user's game goes through the NativeGame vtable without the GIL: several threads
    searching it at once get what one thread gets."""
    games = [subtraction_module.Subtraction(stones) for stones in range(10, 22)]
    alone = [(r.value, r.pv, r.stats.nodes) for r in map(nm.search, games)]
    results = [None] * 4

    def worker(index):
        results[index] = [(r.value, r.pv, r.stats.nodes) for r in map(nm.search, games)]

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(len(results))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [alone] * len(results)
