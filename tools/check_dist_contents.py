"""Check what negamax's sdist and wheel contain (used by tools/check_wheel.sh).

    python tools/check_dist_contents.py SDIST WHEEL

The sdist must hold exactly what building needs: every tracked file of ext/ and src/negamax/,
the build configuration and the documents the metadata names, plus the metadata setuptools
generates; nothing else (no build/, compiled modules, venvs, caches, tests). The wheel must
hold the compiled modules of setup.py's MODULES, the public .pxd files, py.typed and a .pyi
stub per compiled module, every Python module, and no source-tree material (.pyx, .pxi, C,
build directories). Exits 1 with a list of problems, else prints a summary.
"""

import ast
import email.parser
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path, PurePosixPath

ROOT = Path(__file__).resolve().parent.parent
TOP_LEVEL = {"README.md", "LICENSE", "CHANGELOG.md", "pyproject.toml", "setup.py", "MANIFEST.in"}
SDIST_GENERATED = {"PKG-INFO", "setup.cfg"}
FORBIDDEN_IN_WHEEL = (".pyx", ".pxi", ".c", ".h", ".cpp", ".o", ".obj", ".pyc", ".html")


def tracked_files():
    """Paths git tracks in the checkout, relative to it."""
    listing = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-z"], capture_output=True,
                             check=True).stdout.decode()
    return {name for name in listing.split("\0") if name}


def compiled_modules():
    """The extension modules setup.py builds (the keys of its MODULES dict literal)."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(getattr(t, "id", None) == "MODULES" for t in node.targets):
            return sorted([key.value for key in node.value.keys] + game_modules())
    raise SystemExit("setup.py has no MODULES dict")


def game_modules():
    """The built-in games' modules, which setup.py finds as this does: ext/games/NAME/NAME.pyx
    builds negamax.games._NAME."""
    return [f"negamax.games._{folder.name}" for folder in sorted((ROOT / "ext" / "games").iterdir())
            if (folder / f"{folder.name}.pyx").exists()]


def check_sdist(path, tracked, problems):
    with tarfile.open(path) as archive:
        members = [m.name for m in archive.getmembers() if m.isfile()]
    prefix = members[0].split("/", 1)[0]
    files = {name.split("/", 1)[1] for name in members}
    needed = {name for name in tracked
              if name in TOP_LEVEL or name.startswith(("ext/", "src/negamax/"))}
    for name in sorted(needed - files):
        problems.append(f"sdist: missing {name}")
    for name in sorted(files - needed):
        generated = name in SDIST_GENERATED or name.startswith("src/negamax.egg-info/")
        if not generated:
            problems.append(f"sdist: should not contain {name}")
    print(f"sdist {Path(path).name}: {len(files)} files under {prefix}/, "
          f"{sum(n.startswith('ext/') for n in files)} of them in ext/")


def check_wheel(path, tracked, problems):
    with zipfile.ZipFile(path) as archive:
        files = set(archive.namelist())
        dist_info = next(n.split("/")[0] for n in files if n.split("/")[0].endswith(".dist-info"))
        metadata = email.parser.Parser().parsestr(archive.read(f"{dist_info}/METADATA").decode())
    package = {n for n in files if n.startswith("negamax/")}
    for module in compiled_modules():
        stem = module.replace(".", "/")
        built = [n for n in package if n.startswith(stem + ".") and n.endswith((".so", ".pyd"))]
        if len(built) != 1:
            problems.append(f"wheel: compiled module {module}: {built or 'missing'}")
        if f"{stem}.pyi" not in package:
            problems.append(f"wheel: no stub {stem}.pyi for the compiled module {module}")
    for name in sorted(tracked):
        source = PurePosixPath(name)
        if name.startswith("src/negamax/") and source.suffix in {".py", ".pxd", ".pyi", ".typed"}:
            installed = str(source.relative_to("src"))
            if installed not in package:
                problems.append(f"wheel: missing {installed}")
    if "negamax/py.typed" not in package:
        problems.append("wheel: missing negamax/py.typed")
    for name in sorted(files):
        top = name.split("/")[0]
        if top not in {"negamax", dist_info}:
            problems.append(f"wheel: unexpected top-level entry {name}")
        if name.endswith(FORBIDDEN_IN_WHEEL) or "/build/" in name or "__pycache__" in name:
            problems.append(f"wheel: source-tree material {name}")
    if f"{dist_info}/licenses/LICENSE" not in files:
        problems.append("wheel: no licenses/LICENSE in the dist-info")
    runtime = [r for r in metadata.get_all("Requires-Dist") or [] if "extra ==" not in r]
    if [r.split(">")[0].split("=")[0].strip() for r in runtime] != ["numpy"]:
        problems.append(f"wheel: runtime requirements should be numpy only, not {runtime}")
    if metadata["Requires-Python"] != ">=3.10":
        problems.append(f"wheel: Requires-Python is {metadata['Requires-Python']}")
    compiled = sorted(n for n in package if n.endswith((".so", ".pyd")))
    pxd = sorted(n for n in package if n.endswith(".pxd"))
    print(f"wheel {Path(path).name}: {len(files)} files; compiled: {', '.join(compiled)}; "
          f"pxd: {', '.join(pxd)}")


def main(argv):
    if len(argv) != 3:
        raise SystemExit(__doc__)
    tracked = tracked_files()
    problems = []
    check_sdist(argv[1], tracked, problems)
    check_wheel(argv[2], tracked, problems)
    for problem in problems:
        print("  PROBLEM:", problem)
    if problems:
        raise SystemExit(1)
    print("contents: OK")


if __name__ == "__main__":
    main(sys.argv)
