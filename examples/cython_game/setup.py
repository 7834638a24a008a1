"""The example game's extension module, compiled against the installed negamax's game.pxd
(metadata in pyproject.toml): `pip install .`, or `python setup.py build_ext --inplace`."""

from Cython.Build import cythonize
from setuptools import Extension, setup

import negamax

setup(
    ext_modules=cythonize(
        [Extension("subtraction", ["subtraction.pyx"])],
        include_path=[negamax.get_include()],
        language_level=3,
    ),
)
