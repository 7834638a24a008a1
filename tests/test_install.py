"""The installed negamax is complete and is the one imported: its compiled modules sit beside
its Python code, the public .pxd ships, and the version agrees everywhere.

Meaningful both in a development (editable) install and in a wheel install: the first must
import from the checkout it was installed from, the second from site-packages, with every
compiled module listed in the wheel's RECORD."""

import importlib
import importlib.machinery
import importlib.metadata
import json
import re
import subprocess
import sys
import sysconfig
from pathlib import Path
from urllib.parse import unquote, urlparse

import negamax

PACKAGE_DIR = Path(negamax.__file__).resolve().parent
DISTRIBUTION = importlib.metadata.distribution("negamax")
CORE_MODULES = {"negamax.game", "negamax._engine", "negamax._python_game", "negamax.games._tictactoe",
                "negamax.games._connect4", "negamax.games._trees"}
PUBLIC_PXD = ("game.pxd",)


def compiled_module_names():
    """Dotted names of the compiled modules in the package, for this interpreter's suffixes."""
    suffixes = sorted(importlib.machinery.EXTENSION_SUFFIXES, key=len, reverse=True)   # longest first
    names = set()
    for path in PACKAGE_DIR.rglob("*"):
        suffix = next((s for s in suffixes if path.name.endswith(s)), None)
        if suffix is not None:
            relative = path.relative_to(PACKAGE_DIR.parent).with_name(path.name[: -len(suffix)])
            names.add(".".join(relative.parts))
    return names


COMPILED_MODULES = sorted(compiled_module_names())


def install_origin():
    """(editable, project_dir or None) from the distribution's direct_url.json (PEP 610)."""
    text = DISTRIBUTION.read_text("direct_url.json")
    if text is None:                                  # installed from an index: not editable
        return False, None
    info = json.loads(text)
    editable = bool(info.get("dir_info", {}).get("editable", False))
    project = Path(unquote(urlparse(info["url"]).path)).resolve() if editable else None
    return editable, project


def recorded_files():
    """The files the installer recorded (RECORD), resolved to absolute paths."""
    return {Path(DISTRIBUTION.locate_file(entry)).resolve() for entry in DISTRIBUTION.files or ()}


def test_compiled_modules_sit_beside_the_package():
    """Each compiled module is imported from the package directory of negamax/__init__.py
    (or its subpackage's), never from anywhere else on sys.path."""
    assert CORE_MODULES <= set(COMPILED_MODULES)
    for name in COMPILED_MODULES:
        module = importlib.import_module(name)
        path = Path(module.__file__).resolve()
        package = Path(importlib.import_module(name.rpartition(".")[0]).__file__).resolve().parent
        assert path.parent == package, f"{name} imported from {path}, not from {package}"
        assert package == PACKAGE_DIR or PACKAGE_DIR in package.parents
        assert any(path.name.endswith(suffix) for suffix in importlib.machinery.EXTENSION_SUFFIXES), path


def test_package_comes_from_where_it_was_installed():
    editable, project = install_origin()
    if editable:
        # A development install: the package is the checkout's src/negamax, built in place.
        assert PACKAGE_DIR == project / "src" / "negamax"
    else:
        # A wheel install: under site-packages, and every compiled module and .pxd is a file
        # the wheel installed (RECORD), not something picked up from a source tree.
        site_dirs = {Path(sysconfig.get_path(key)).resolve() for key in ("purelib", "platlib")}
        assert PACKAGE_DIR.parent in site_dirs, f"{PACKAGE_DIR} is not in {site_dirs}"
        installed = recorded_files()
        for name in COMPILED_MODULES:
            assert Path(importlib.import_module(name).__file__).resolve() in installed, name
        for pxd in PUBLIC_PXD:
            assert PACKAGE_DIR / pxd in installed, pxd


def test_public_pxd_files_ship_next_to_the_modules():
    for pxd in PUBLIC_PXD:
        assert (PACKAGE_DIR / pxd).is_file(), pxd
    include = Path(negamax.get_include())
    assert (include / "negamax" / "game.pxd").resolve() == PACKAGE_DIR / "game.pxd"


def test_typing_files_ship():
    assert (PACKAGE_DIR / "py.typed").is_file()
    for name in COMPILED_MODULES:
        stub = PACKAGE_DIR.parent.joinpath(*name.split(".")).with_suffix(".pyi")
        assert stub.is_file(), f"no stub {stub.name} for the compiled module {name}"


def test_version_agrees_everywhere():
    expected = importlib.metadata.version("negamax")
    assert negamax.__version__ == expected
    # The console script the installer made, found where this interpreter keeps its scripts.
    scripts = Path(sysconfig.get_path("scripts"))
    candidates = [p for p in (scripts / "negamax", scripts / "negamax.exe") if p.is_file()]
    assert candidates, f"no negamax console script in {scripts}"
    script = candidates[0]
    for command in ([str(script), "--version"], [sys.executable, "-m", "negamax", "--version"]):
        completed = subprocess.run(command, capture_output=True, text=True, timeout=120)
        assert completed.returncode == 0, completed.stderr
        assert completed.stdout.strip() == f"negamax {expected}", command


def test_runtime_depends_on_numpy_only():
    requirements = [r for r in DISTRIBUTION.requires or () if "extra ==" not in r]
    assert [re.match(r"[A-Za-z0-9_.-]+", r).group() for r in requirements] == ["numpy"]
