"""The fuzz harnesses of tests/fuzz, on every run: each kept input of tests/data/fuzz/<harness>/
replayed in-process under the contract (only ValueError or TypeError), so the property the
fuzzer checked keeps holding. The `slow` test runs atheris on each harness for a few seconds
(Linux, with the `fuzz` extra); tools/fuzz.sh runs them for longer."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from fuzz.registry import CORPUS_ROOT, Harness, check, corpus_files, harnesses

HARNESSES = harnesses()


@pytest.mark.parametrize("name", sorted(HARNESSES))
def test_kept_inputs_replay_under_the_contract(name):
    files = corpus_files(name)
    assert files, f"tests/data/fuzz/{name}/ holds no inputs: run FUZZ_MERGE=1 tools/fuzz.sh 60 {name}"
    for path in files:
        check(HARNESSES[name], path.read_bytes())


def test_every_corpus_folder_belongs_to_a_harness():
    folders = {path.name for path in CORPUS_ROOT.iterdir() if path.is_dir()}
    assert folders <= set(HARNESSES), folders - set(HARNESSES)


def test_the_contract_lets_value_and_type_errors_through_and_nothing_else():
    def refuse(data: bytes) -> None:
        raise (ValueError if data == b"v" else TypeError if data == b"t" else KeyError)("x")

    harness = Harness("refuse", "raises", refuse)
    check(harness, b"v")
    check(harness, b"t")
    with pytest.raises(KeyError):
        check(harness, b"k")


@pytest.mark.parametrize("name", ["tictactoe_position", "connect4_moves", "nested_text", "from_arrays"])
def test_empty_and_odd_inputs(name):
    for data in (b"", b"\x00" * 64, b"\xff" * 64, bytes(range(256))):
        check(HARNESSES[name], data)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(HARNESSES))
def test_fuzz_each_harness_for_a_few_seconds(name, tmp_path):
    pytest.importorskip("atheris", reason="the fuzz extra: pip install '.[fuzz]' (Linux)")
    runner = os.path.join(os.path.dirname(__file__), "fuzz", "run.py")
    completed = subprocess.run(
        [sys.executable, runner, name, str(tmp_path), str(CORPUS_ROOT / name), "-max_total_time=4",
         "-timeout=10", "-rss_limit_mb=2048", f"-artifact_prefix={tmp_path}/"],
        capture_output=True, text=True, timeout=120)
    assert completed.returncode == 0, completed.stderr[-3000:]
