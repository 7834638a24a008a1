"""The package type-checks: `mypy src/negamax` (configured in pyproject.toml) finds nothing."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_mypy_finds_no_errors(tmp_path):
    completed = subprocess.run(
        [sys.executable, "-m", "mypy", "src/negamax", "--cache-dir", str(tmp_path / "mypy_cache")],
        cwd=ROOT, capture_output=True, text=True, timeout=300,
    )
    assert completed.returncode == 0, completed.stdout[-6000:] + completed.stderr[-2000:]
