"""Benchmarks of negamax against plain Python and C baselines (a package, so that its
modules never collide with tests/reference.py when both suites run in one pytest)."""
