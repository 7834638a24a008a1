#!/usr/bin/env bash
# Run the test suite against a build of the extensions with AddressSanitizer and
# UndefinedBehaviorSanitizer (Linux, GCC): any out-of-bounds read or write, use after free,
# signed overflow, misaligned access or bad shift in the native code aborts the run with a
# report.
#   bash tools/asan_tests.sh [pytest arguments]      (from a checkout, in a venv with the test extra;
#                                                      no paths: the whole suite, else those tests)
#   SANITIZERS=address bash tools/asan_tests.sh      (AddressSanitizer alone)
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
sanitizers=${SANITIZERS:-address,undefined}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$top" ls-files -z | (cd "$top" && xargs -0 cp --parents -t "$work")
cd "$work"
CFLAGS="-fsanitize=$sanitizers -fno-sanitize-recover=all -fno-omit-frame-pointer -O1" \
    LDFLAGS="-fsanitize=$sanitizers" \
    python setup.py -q build_ext --inplace
# The interpreter is not built with ASan: preload the runtime, and libstdc++ after it so that
# C++ extensions of other packages (matplotlib) can throw; leaks in CPython are not ours; a
# table larger than memory must fail as calloc returning NULL (a MemoryError), as without ASan.
# UBSan's runtime comes in as a dependency of the extensions. --capture=sys leaves the file
# descriptor 2 alone, so a sanitizer's report reaches the terminal even when it aborts the run.
# Deselected: tests that build or inspect an installation (this build is a copy on PYTHONPATH).
ASAN_OPTIONS=detect_leaks=0:allocator_may_return_null=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    LD_PRELOAD="$(gcc -print-file-name=libasan.so) $(gcc -print-file-name=libstdc++.so)" \
    PYTHONPATH="$work/src" \
    python -m pytest -q -p no:cacheprovider --capture=sys \
        --deselect tests/test_cython_interface.py --deselect tests/test_stubs.py \
        --deselect tests/test_install.py::test_package_comes_from_where_it_was_installed "$@"
