"""The .pyi stubs of the compiled modules match what the modules export (mypy.stubtest)."""

import subprocess
import sys
from pathlib import Path

ALLOWLIST = Path(__file__).with_name("stubtest_allowlist.txt")


def test_stubs_match_compiled_modules(tmp_path):
    completed = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "negamax._core", "negamax.game", "negamax._python_game",
         "negamax._c_baseline", "negamax.games._checkers",
         "--allowlist", str(ALLOWLIST), "--ignore-disjoint-bases"],
        cwd=tmp_path, capture_output=True, text=True, timeout=600,
    )
    assert completed.returncode == 0, completed.stdout[-4000:] + completed.stderr[-2000:]
