"""Build the example game against the installed negamax: `python setup.py build_ext --inplace`."""

from Cython.Build import cythonize
from setuptools import Extension, setup

import negamax

setup(
    name="subtraction-game",
    ext_modules=cythonize(
        [Extension("subtraction", ["subtraction.pyx"])],
        include_path=[negamax.get_include()],
        language_level=3,
    ),
)
