"""The package type-checks: `mypy src/negamax` (configured in pyproject.toml) finds nothing."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# mypy from a cold cache: some 25 s together, run with the other slow checks (pytest -m slow).
pytestmark = pytest.mark.slow


def test_mypy_finds_no_errors(tmp_path):
    completed = subprocess.run(
        [sys.executable, "-m", "mypy", "src/negamax", "--cache-dir", str(tmp_path / "mypy_cache")],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert completed.returncode == 0, completed.stdout[-6000:] + completed.stderr[-2000:]


def test_the_stubs_refuse_writing_a_class_attribute_through_an_instance(tmp_path):
    """iterative_deepening and draws_by_repetition are class attributes of compiled classes:
    an instance cannot set them (AttributeError: read-only), so the stubs must not let a type
    checker accept it. A subclass still sets its own in the class body."""
    (tmp_path / "use.py").write_text(
        "import negamax as nm\n"
        "class Mine(nm.NativeGame):\n"
        "    iterative_deepening = True\n"
        "nm.games.Chess().draws_by_repetition = False\n"
        "nm.games.Checkers().draws_by_repetition = False\n"
        "nm.games.Chess().iterative_deepening = False\n")
    completed = subprocess.run(
        [sys.executable, "-m", "mypy", str(tmp_path / "use.py"), "--cache-dir", str(tmp_path / "cache"),
         "--no-error-summary"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    errors = [line for line in completed.stdout.splitlines() if ": error:" in line]
    assert [line.split(":")[1] for line in errors] == ["4", "5", "6"], completed.stdout
    assert all("Cannot assign to class variable" in line for line in errors), completed.stdout
