#!/usr/bin/env bash
# Fuzz every harness of tests/fuzz (or those named) for SECONDS each with atheris:
#   bash tools/fuzz.sh SECONDS [HARNESS ...]        (pip install ".[fuzz]" first)
# The kept inputs of tests/data/fuzz/<harness>/ seed each run; new interesting inputs go to a
# scratch folder (fuzz-work/<harness>/, not committed). An input that breaks the contract
# (an exception other than ValueError/TypeError, a crash, a hang, memory past 2 GB) is
# written to fuzz-artifacts/ and the script exits non-zero. Keep an input found this way:
# copy it into tests/data/fuzz/<harness>/ (the replay test runs it on every test run).
# FUZZ_MERGE=1 merges the scratch folder's inputs into tests/data/fuzz/<harness>/ (minimised).
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
seconds=${1:?usage: tools/fuzz.sh SECONDS [HARNESS ...]}
shift
cd "$top"
if [ "$#" -eq 0 ]; then
    set -- $(python tests/fuzz/run.py --list 2>/dev/null | awk '{print $1}')
fi
status=0
mkdir -p fuzz-artifacts
for name in "$@"; do
    corpus="tests/data/fuzz/$name"
    work="fuzz-work/$name"
    mkdir -p "$corpus" "$work"
    echo "== $name: $seconds s"
    if ! python tests/fuzz/run.py "$name" "$work" "$corpus" \
            -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
            -artifact_prefix="fuzz-artifacts/$name-" -print_final_stats=1 2>"fuzz-work/$name.log"; then
        status=1
        echo "!! $name broke the contract: see fuzz-work/$name.log and fuzz-artifacts/"
        tail -n 30 "fuzz-work/$name.log"
    else
        grep -E "stat::number_of_executed_units|stat::new_units_added" "fuzz-work/$name.log" || true
    fi
    if [ "${FUZZ_MERGE:-0}" = "1" ]; then
        python tests/fuzz/run.py "$name" -merge=1 "$corpus" "$work" 2>/dev/null
    fi
done
exit "$status"
