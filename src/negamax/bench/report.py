"""Measuring a whole report: every section in turn, as one JSON-ready dict."""

from __future__ import annotations

import time
from typing import Any, Dict

from negamax.bench import checkers, chess, leafcounts, peersection, plain_c, realgames, speed, threads
from negamax.bench.environment import describe_environment
from negamax.bench.progress import Progress
from negamax.bench.settings import ReportSettings

__all__ = ["REPORT_FORMAT", "SECTIONS", "total_steps", "build_report"]

#: Version of report.json's layout.
REPORT_FORMAT = 1

#: The sections of every report, in order (report.json has each as a key).
SECTIONS = ("leaf_counts", "real_games", "speed", "plain_c", "threads", "chess", "peers", "checkers")


def total_steps(settings: ReportSettings) -> int:
    """Progress steps of the whole report."""
    return (leafcounts.steps(settings) + realgames.steps(settings) + speed.steps(settings)
            + plain_c.steps(settings) + threads.steps(settings)
            + chess.steps(settings) + peersection.steps(settings) + checkers.steps(settings))


def build_report(settings: ReportSettings, progress: Progress) -> Dict[str, Any]:
    """Measure every section; the problems found (formulas not exact, searchers that
    disagree) are gathered under "problems"."""
    start = time.perf_counter()
    report: Dict[str, Any] = {"format": REPORT_FORMAT, "environment": describe_environment(),
                              "settings": settings.as_dict()}
    report["leaf_counts"] = leafcounts.measure(settings, progress)
    report["real_games"] = realgames.measure(settings, progress)
    report["speed"] = speed.measure(settings, progress)
    report["plain_c"] = plain_c.measure(settings, progress)
    report["threads"] = threads.measure(settings, progress)
    report["chess"] = chess.measure(settings, progress)
    report["peers"] = peersection.measure(settings, progress)
    report["checkers"] = checkers.measure(settings, progress)
    report["problems"] = [problem for key in SECTIONS for problem in report[key]["problems"]]
    report["seconds"] = time.perf_counter() - start
    return report
