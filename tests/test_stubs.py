"""The .pyi stubs of the compiled modules match what the modules export (mypy.stubtest)."""

import importlib.machinery
import subprocess
import sys
from pathlib import Path

import negamax

ALLOWLIST = Path(__file__).with_name("stubtest_allowlist.txt")


def compiled_modules():
    """Every compiled module of the installed package (each must have a stub)."""
    package = Path(negamax.__file__).resolve().parent
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)
    names = set()
    for path in package.rglob("*"):
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None:
            relative = path.relative_to(package.parent)
            names.add(".".join(relative.parts)[: -len(suffix)])
    return sorted(names)


def test_every_compiled_module_has_a_stub():
    package = Path(negamax.__file__).resolve().parent
    for name in compiled_modules():
        stub = package.parent.joinpath(*name.split(".")).with_suffix(".pyi")
        assert stub.exists(), f"{name} has no stub {stub.name}"


def test_stubs_match_compiled_modules(tmp_path):
    completed = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", *compiled_modules(),
         "--allowlist", str(ALLOWLIST), "--ignore-disjoint-bases"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
    )
    assert completed.returncode == 0, completed.stdout[-4000:] + completed.stderr[-2000:]
