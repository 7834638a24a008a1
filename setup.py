"""Build the Cython extensions of negamax; all metadata lives in pyproject.toml."""

import glob
import os
import sys
import tempfile

import numpy
from Cython.Build import cythonize
from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# Generated C goes in a directory keyed by the Cython and numpy versions, so a .c file
# left over from another environment is never mistaken for an up-to-date one.
import Cython

BUILD_DIR = os.path.join("build", f"cython-{Cython.__version__}-numpy-{numpy.__version__}")

MODULES = {
    "negamax.game": "ext/game.pyx",
    "negamax._engine": "ext/engine/engine.pyx",   # the search (includes ext/engine/*.pxi)
    "negamax._python_game": "ext/python_game.pyx",
    "negamax._c_baseline": "ext/baseline/c_baseline.pyx",   # the C baseline of `negamax bench`
}


def game_modules():
    """Each built-in game is a folder of its own: ext/games/NAME/NAME.pyx builds the module
    negamax.games._NAME, so adding a game touches neither this file nor the engine."""
    modules = {}
    for folder in sorted(glob.glob(os.path.join("ext", "games", "*", ""))):
        name = os.path.basename(os.path.dirname(folder))
        source = os.path.join(folder, f"{name}.pyx")
        if os.path.exists(source):
            modules[f"negamax.games._{name}"] = source.replace(os.sep, "/")
    return modules


def compile_args():
    """Flags per compiler: MSVC spells them differently from GCC and Clang."""
    if sys.platform == "win32":
        return ["/O2"]
    args = ["-O3", "-Werror=vla"]
    if os.environ.get("NEGAMAX_DEBUG_SYMBOLS") != "1":
        args.append("-g0")
    return args


# GCC stops inlining once a file has grown by its unit budget (inline-unit-growth, 40% at
# -O3), and skips functions past its size limits (max-inline-insns-single for functions
# declared inline, large-function-growth for the caller). Each game module holds the whole
# search compiled for that game, so the defaults run out before the game's own
# make_move/unmake_move, the engine's node_moves (Connect Four) and the ab_search wrapper
# reach the search loops that call them (-fopt-info-inline-missed says so). Measured with
# benchmarks/compare_builds.py, the unit budget alone bought tic-tac-toe minimax -16%,
# alpha-beta -8% and Connect Four pvs to depth 12 -35%; the two size limits and an inline
# ab_search then took another 6% of the instructions (callgrind) off tic-tac-toe pvs and
# Connect Four solves and 3% off chess. Other compilers inline by other rules and do not
# take these flags.
GCC_INLINING = ["--param=inline-unit-growth=200", "--param=max-inline-insns-single=600",
                "--param=large-function-growth=400"]


def compiler_accepts(compiler, flags):
    """Whether `compiler` builds a trivial C file with `flags` without a warning."""
    with tempfile.TemporaryDirectory() as folder:
        source = os.path.join(folder, "probe.c")
        with open(source, "w") as handle:
            handle.write("int main(void) { return 0; }\n")
        try:
            compiler.compile([source], output_dir=folder, extra_postargs=flags + ["-Werror"])
        except Exception:    # CompileError, or a compiler that cannot even be run
            return False
    return True


class BuildExt(build_ext):
    """build_ext, adding GCC's inlining budget where the compiler takes it."""

    def build_extensions(self):
        if self.compiler.compiler_type == "unix" and compiler_accepts(self.compiler, GCC_INLINING):
            for extension in self.extensions:
                extension.extra_compile_args = list(extension.extra_compile_args) + GCC_INLINING
        super().build_extensions()


def extensions():
    macros = [("NPY_NO_DEPRECATED_API", "NPY_1_7_API_VERSION")]
    return [
        Extension(
            name,
            [source],
            include_dirs=[numpy.get_include(), "ext", os.path.dirname(source)],
            define_macros=macros,
            extra_compile_args=compile_args(),
        )
        for name, source in {**MODULES, **game_modules()}.items()
    ]


def write_templates():
    """Write each ext/**/NAME.pxi from its Tempita template NAME.pxi.in (the way numpy and
    scikit-learn generate repeated Cython code). A file is rewritten only when its text
    changes, so cythonize sees an unchanged include as up to date."""
    from Cython import Tempita

    for template in sorted(glob.glob(os.path.join("ext", "**", "*.pxi.in"), recursive=True)):
        with open(template, encoding="utf-8") as handle:
            text = Tempita.sub(handle.read())
        target = template[:-len(".in")]
        if os.path.exists(target):
            with open(target, encoding="utf-8") as handle:
                if handle.read() == text:
                    continue
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(text)


BOUNDS_CHECKED = os.environ.get("NEGAMAX_BOUNDSCHECK") == "1"
write_templates()

setup(
    ext_modules=cythonize(
        extensions(),
        include_path=["src", "ext"],
        build_dir=BUILD_DIR,
        compiler_directives={
            "language_level": 3,
            "boundscheck": BOUNDS_CHECKED,
            "wraparound": False,
            "cdivision": True,
            "initializedcheck": BOUNDS_CHECKED,
            "embedsignature": True,
            # No shared mutable state beyond tables filled once at import, and every search
            # works on its own copy of the game: the modules keep the GIL off on free-threaded
            # Python (tests/test_free_threading.py checks both claims).
            "freethreading_compatible": True,
        },
    ),
    cmdclass={"build_ext": BuildExt},
)
