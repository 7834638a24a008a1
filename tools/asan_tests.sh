#!/usr/bin/env bash
# Run the test suite against a build of the extensions with AddressSanitizer (Linux, GCC):
# any out-of-bounds read or write in the native code aborts the run with a report.
#   bash tools/asan_tests.sh            (from a checkout, in a venv with the test extra installed)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$top" ls-files -z | (cd "$top" && xargs -0 cp --parents -t "$work")
cd "$work"
CFLAGS="-fsanitize=address -fno-omit-frame-pointer -O1" LDFLAGS="-fsanitize=address" \
    python setup.py -q build_ext --inplace
# The interpreter is not built with ASan: preload the runtime; leaks in CPython are not ours.
ASAN_OPTIONS=detect_leaks=0 LD_PRELOAD="$(gcc -print-file-name=libasan.so)" PYTHONPATH="$work/src" \
    python -m pytest -q -p no:cacheprovider tests \
        --deselect tests/test_cython_interface.py --deselect tests/test_stubs.py "$@"
