"""`negamax bench --signature`: a fixed set of searches whose total node count is recorded in
tests/data/signature.txt, so an accidental change to what the search visits shows here.

After an intended change to the search (or a new built-in game), record the new value:
    negamax bench --signature | tail -n 1 > tests/data/signature.txt"""

from __future__ import annotations

import io
import pathlib

import negamax as nm
from negamax.__main__ import main
from negamax.bench import signature

RECORDED = pathlib.Path(__file__).parent / "data" / "signature.txt"


def test_signature_matches_the_recorded_value(capsys):
    assert main(["bench", "--signature"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    recorded = int(RECORDED.read_text().strip())
    assert int(lines[-1]) == recorded, (
        "the search now visits different nodes, or a built-in game was added (each joins the "
        "signature); if that was intended, record the new value: "
        "negamax bench --signature | tail -n 1 > tests/data/signature.txt")
    # The total is the sum of the lines above it.
    assert sum(int(line.split("nodes")[-1].replace(",", "")) for line in lines[:-1]) == recorded


def test_signature_covers_every_built_in_game_a_tree_and_a_python_game():
    labels = [label for label, _make, _options in signature.signature_searches()]
    for name in nm.games.NATIVE_GAMES:
        assert any(label.startswith(name + " ") for label in labels), name
    assert any(label.startswith("uniform tree") for label in labels)
    assert any(label.startswith("Python") for label in labels)


def test_signature_is_the_same_when_run_again_in_one_process():
    # The per-thread transposition table is reused between searches: every search must
    # still start from the same state.
    assert signature.signature(io.StringIO()) == signature.signature(io.StringIO())
