"""A native game written by a user that breaks its declared bounds gets GameContractError,
never a crash: the game below (compiled here against the installed negamax/game.pxd, as a
third party's would be) declares max_moves but writes more moves, or a negative count, or
forgets to declare max_moves at all.

Building needs a C compiler: marked needs_compiler, as tests/test_cython_interface.py."""

import subprocess
import sys
import textwrap

import pytest

import negamax as nm

GAME = textwrap.dedent('''
    # cython: language_level=3
    from negamax.game cimport Move, NativeGame, Score

    cdef class Miscounted(NativeGame):
        """One ply to the end; `written` moves generated where `declared` are declared (a
        negative `written` is returned as the count); declared < 0: max_moves left unset."""
        cdef public int written, ply

        def __init__(self, int declared, int written):
            if declared >= 0:
                self.max_moves = declared
            self.max_ply = 1
            self.written = written
            self.ply = 0

        cdef int generate_moves(self, Move* moves) noexcept nogil:
            cdef int i
            for i in range(self.written):
                moves[i] = i
            return self.written

        cdef void make_move(self, Move move) noexcept nogil:
            self.ply += 1

        cdef void unmake_move(self, Move move) noexcept nogil:
            self.ply -= 1

        cdef bint at_terminal(self) noexcept nogil:
            return self.ply >= 1

        cdef Score static_evaluation(self) noexcept nogil:
            return 0

        def copy(self):
            cdef Miscounted other = Miscounted.__new__(Miscounted)
            self.copy_base_into(other)
            other.written = self.written
            other.ply = self.ply
            return other
''')

SETUP = textwrap.dedent('''
    import negamax
    from Cython.Build import cythonize
    from setuptools import setup
    setup(ext_modules=cythonize("miscounted.pyx", include_path=[negamax.get_include()]),
          script_args=["build_ext", "--inplace"])
''')


@pytest.fixture(scope="module")
def miscounted(tmp_path_factory):
    project = tmp_path_factory.mktemp("miscounted")
    (project / "miscounted.pyx").write_text(GAME)
    (project / "setup.py").write_text(SETUP)
    built = subprocess.run([sys.executable, "setup.py"], cwd=project, capture_output=True,
                           text=True, timeout=600)
    assert built.returncode == 0, built.stdout[-3000:] + built.stderr[-3000:]
    sys.path.insert(0, str(project))
    try:
        import miscounted
        yield miscounted.Miscounted
    finally:
        sys.path.remove(str(project))
        sys.modules.pop("miscounted", None)


@pytest.mark.needs_compiler
@pytest.mark.parametrize("declared,written", [(1, 2), (1, 200), (4, 1000), (16, 1040), (3, -1),
                                              (3, -7)])
@pytest.mark.parametrize("call", ["search", "pvs", "solve", "legal_moves", "play"])
def test_a_move_count_outside_max_moves_is_a_contract_error(miscounted, declared, written, call):
    game = miscounted(declared, written)
    with pytest.raises(nm.GameContractError, match="max_moves"):
        if call == "search":
            nm.search(game, algorithm="alphabeta")
        elif call == "pvs":
            nm.search(game, algorithm="pvs")
        elif call == "solve":
            nm.solve(game)
        elif call == "legal_moves":
            game.legal_moves()
        else:
            game.play(0)


@pytest.mark.needs_compiler
def test_max_moves_left_unset_is_named(miscounted):
    game = miscounted(-1, 1)
    assert game.max_moves == 0
    for call in (lambda: nm.search(game), lambda: nm.solve(game), game.legal_moves):
        with pytest.raises(nm.GameContractError, match="set max_moves in __init__"):
            call()


@pytest.mark.needs_compiler
def test_a_game_within_its_bounds_searches(miscounted):
    game = miscounted(3, 3)
    assert game.legal_moves() == [0, 1, 2]
    assert nm.search(game).value == 0 and nm.solve(game).value == 0
