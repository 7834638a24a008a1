"""The benchmark report: `negamax bench` (see negamax.bench.cli)."""
