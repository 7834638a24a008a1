"""C baseline for the benchmarks: compiles ``alphabeta.c`` and loads it with ctypes.

The library is built on first use, with the system C compiler, into a fresh temporary
directory (removed at interpreter exit)::

    $CC (default: cc, then gcc, then clang) -O2 -shared -fPIC alphabeta.c -o <tmp>/...

:func:`load` raises :class:`CompilerNotFound` (a ``RuntimeError``) with a clear
message when no compiler is found, and :class:`BuildError` when compiling fails.
"""

from __future__ import annotations

import atexit
import ctypes
import os
import shlex
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Sequence

SOURCE = Path(__file__).with_name("alphabeta.c")

__all__ = ["BuildError", "CompilerNotFound", "Result", "ab_uniform", "load", "ttt_minimax"]


class CompilerNotFound(RuntimeError):
    pass


class BuildError(RuntimeError):
    pass


@dataclass(frozen=True)
class Result:
    value: int
    nodes: int
    leaves: int


_lib: ctypes.CDLL | None = None


def find_compiler() -> list[str]:
    """The compiler command: $CC if set, else the first of cc, gcc, clang on PATH."""
    env = os.environ.get("CC")
    if env:
        cmd = shlex.split(env)
        if cmd and shutil.which(cmd[0]):
            return cmd
        raise CompilerNotFound(f"the C baseline needs a C compiler: $CC={env!r} was not found on PATH")
    for name in ("cc", "gcc", "clang"):
        path = shutil.which(name)
        if path:
            return [path]
    raise CompilerNotFound(
        "the C baseline needs a C compiler (cc, gcc or clang on PATH, or $CC); none was found. "
        "Install one (e.g. apt-get install gcc, xcode-select --install) or skip the C benchmarks."
    )


def load() -> ctypes.CDLL:
    """Compile (once per process) and load the C baseline library."""
    global _lib
    if _lib is not None:
        return _lib
    cmd = find_compiler()
    tmp = tempfile.mkdtemp(prefix="negamax-cbaseline-")
    atexit.register(shutil.rmtree, tmp, True)
    suffix = ".dylib" if sys.platform == "darwin" else ".dll" if sys.platform == "win32" else ".so"
    out = os.path.join(tmp, "alphabeta" + suffix)
    full = [*cmd, "-O2", "-shared", "-fPIC", str(SOURCE), "-o", out]
    try:
        proc = subprocess.run(full, capture_output=True, text=True)
    except OSError as exc:
        raise BuildError(f"could not run the C compiler {' '.join(full)}: {exc}") from exc
    if proc.returncode != 0:
        raise BuildError(
            f"compiling the C baseline failed ({' '.join(full)}, exit {proc.returncode}):\n"
            f"{proc.stdout}{proc.stderr}"
        )
    lib = ctypes.CDLL(out)
    i64p = ctypes.POINTER(ctypes.c_int64)
    lib.ab_uniform.restype = ctypes.c_int64
    lib.ab_uniform.argtypes = [
        ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_int, ctypes.c_int, i64p, i64p,
    ]
    lib.ttt_minimax.restype = ctypes.c_int64
    lib.ttt_minimax.argtypes = [ctypes.c_void_p, i64p, i64p]
    _lib = lib
    return lib


def as_int32_leaves(leaves):
    """A C-contiguous int32 numpy array of ``leaves`` (ValueError if they don't fit / aren't integers)."""
    import numpy as np

    arr = np.asarray(leaves)
    if arr.dtype.kind not in "iu":
        if arr.dtype.kind == "f" and np.all(arr == np.round(arr)):
            arr = arr.astype(np.int64)
        else:
            raise ValueError(f"the C baseline needs integer leaves, got dtype {arr.dtype}")
    if arr.size and (arr.min() < -(2**31) + 1 or arr.max() > 2**31 - 1):
        raise ValueError("leaf values do not fit in int32")
    return np.ascontiguousarray(arr, dtype=np.int32).ravel()


def ab_uniform(leaves, branching: int, depth: int, maximizing: bool = True) -> Result:
    """Fail-soft negamax alpha-beta in C over the flat leaf array of a uniform tree.

    ``leaves`` should be an int32 array from :func:`as_int32_leaves` (converted here
    otherwise; convert once outside a timed loop).
    """
    import numpy as np

    lib = load()
    if not (isinstance(leaves, np.ndarray) and leaves.dtype == np.int32 and leaves.flags.c_contiguous):
        leaves = as_int32_leaves(leaves)
    nodes = ctypes.c_int64()
    count = ctypes.c_int64()
    value = lib.ab_uniform(leaves.ctypes.data, leaves.size, branching, depth, int(bool(maximizing)),
                           ctypes.byref(nodes), ctypes.byref(count))
    if nodes.value < 0:
        raise ValueError(f"bad tree: {leaves.size} leaves for branching {branching}, depth {depth}")
    return Result(int(value), nodes.value, count.value)


def ttt_minimax(board: Sequence[int] | None = None) -> Result:
    """Full-depth minimax in C over a 9-cell board (1 = x, -1 = o); value from the side to move."""
    lib = load()
    cells = [0] * 9 if board is None else [int(s) for s in board]
    if len(cells) != 9:
        raise ValueError("board must have 9 cells")
    buf = (ctypes.c_int8 * 9)(*cells)
    nodes = ctypes.c_int64()
    count = ctypes.c_int64()
    value = lib.ttt_minimax(ctypes.addressof(buf), ctypes.byref(nodes), ctypes.byref(count))
    return Result(int(value), nodes.value, count.value)
