#!/usr/bin/env bash
# Run the threaded-search tests against a build of the extensions with ThreadSanitizer (Linux,
# GCC): a data race between the threads of a Lazy SMP search (or between Python threads each
# running searches) aborts the run with a report. CPython itself is not instrumented, so only
# races in negamax's own native code are seen.
#   bash tools/tsan_threads.sh [pytest args]   (from a checkout, in a venv with the test extra)
set -euo pipefail
[ $# -gt 0 ] || set -- tests/test_engine.py -k "threads or stop_signal or hammer or solve" tests/test_free_threading.py \
    tests/test_table_threads.py tests/test_parallel_solve.py
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$top" ls-files -z | (cd "$top" && xargs -0 cp --parents -t "$work")
cd "$work"
CFLAGS="-fsanitize=thread -fno-omit-frame-pointer -O1" LDFLAGS="-fsanitize=thread" \
    python setup.py -q build_ext --inplace > build.log 2>&1 || { tail -40 build.log; exit 1; }
TSAN_OPTIONS="halt_on_error=1 report_signal_unsafe=0" \
LD_PRELOAD="$(gcc -print-file-name=libtsan.so)" PYTHONPATH="$work/src" \
    python -m pytest -q -p no:cacheprovider -x "$@"
