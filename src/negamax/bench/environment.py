"""The machine and software a report was measured on."""

from __future__ import annotations

import datetime
import os
import platform
import sys
from importlib.metadata import PackageNotFoundError, version
from typing import Dict, Optional

__all__ = ["describe_environment", "package_version"]


def package_version(name: str) -> Optional[str]:
    """The installed version of a distribution, or None when it is not installed."""
    try:
        return version(name)
    except PackageNotFoundError:
        return None


def _cpu_model() -> Optional[str]:
    """The CPU's model name where the OS tells it (Linux /proc/cpuinfo, else platform)."""
    try:
        with open("/proc/cpuinfo", encoding="utf-8", errors="replace") as cpuinfo:
            for line in cpuinfo:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or None


def describe_environment() -> Dict[str, object]:
    """Machine, OS, CPU count, Python, numpy and negamax versions, and the time (UTC)."""
    import numpy

    import negamax

    return {
        "timestamp": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "machine": platform.machine(),
        "cpu": _cpu_model(),
        "cpu_count": os.cpu_count(),
        "os": platform.platform(),
        "python": platform.python_version(),
        "python_implementation": platform.python_implementation(),
        "compiler": platform.python_compiler(),
        "numpy": numpy.__version__,
        "negamax": negamax.__version__,
        "matplotlib": package_version("matplotlib"),
        "tqdm": package_version("tqdm"),
        "executable": sys.executable,
    }
