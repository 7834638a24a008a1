"""Every Python example of the README runs as written, as a script in a fresh interpreter
(a reader pastes a block into a file and runs it: a missing import, or a process pool without
the __main__ guard, shows there and not in an interactive session). The values the examples
state are checked by the tests of their subjects; this checks that the blocks run at all.

A block right after the comment `<!-- not run by tests/test_readme_examples.py: REASON -->`
needs something no test machine has (a Dask scheduler's address); the reason is in the README
and the feature has its own test (tests/test_analyze_dask.py)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
NOT_RUN = "<!-- not run by tests/test_readme_examples.py:"
_BLOCK = re.compile(r"^```python\n(.*?)^```$", re.DOTALL | re.MULTILINE)


def python_blocks(text: str):
    """(line number, code, runnable) of each ```python block of `text`."""
    for match in _BLOCK.finditer(text):
        before = text[:match.start()].rstrip("\n").rsplit("\n", 1)[-1]
        line = text.count("\n", 0, match.start()) + 1
        yield line, match.group(1), not before.startswith(NOT_RUN)


BLOCKS = list(python_blocks(README.read_text(encoding="utf-8")))


def test_the_readme_has_its_examples():
    # The parser finds the blocks (a change of fence style would make the test below empty).
    assert len(BLOCKS) >= 7
    assert sum(not runnable for _, _, runnable in BLOCKS) == 1


@pytest.mark.parametrize("line, code", [(line, code) for line, code, runnable in BLOCKS if runnable],
                         ids=[f"README.md:{line}" for line, _, runnable in BLOCKS if runnable])
def test_readme_example_runs_as_a_script(line, code, tmp_path):
    script = tmp_path / f"readme_{line}.py"
    script.write_text(code, encoding="utf-8")
    completed = subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True,
                               text=True, timeout=120)
    assert completed.returncode == 0, (
        f"the example at README.md:{line} failed:\n{completed.stderr[-3000:]}")
    assert "Traceback" not in completed.stderr
