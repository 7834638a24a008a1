"""Fuzz harnesses of negamax's parsers and entry points (see registry.py and tools/fuzz.sh)."""
