"""Harnesses of the line protocols: UCI command lines fed to the engine (which must answer,
never raise), and `negamax analyze` input files (each line read to a game or an error)."""

from __future__ import annotations

from negamax.cli_analyze import read_positions
from negamax.uci import UciEngine

from fuzz.byte_reader import ByteReader
from fuzz.registry import register

#: Command words the fuzzer mixes with its own text (searches are bounded by `go depth`).
UCI_WORDS = ("uci", "isready", "ucinewgame", "position", "startpos", "fen", "moves", "go",
             "depth", "1", "2", "nodes", "500", "stop", "setoption", "name", "Hash", "value",
             "Threads", "e2e4", "e7e5", "g1f3", "8/8/8/8/8/8/8/K6k", "w", "-", "0")


@register("uci_lines", "UciEngine.handle(line) on fuzzed UCI commands: never raises")
def uci_lines(data: bytes) -> None:
    reader = ByteReader(data)
    engine = UciEngine(output=lambda line: None)
    try:
        for _ in range(reader.integer(1, 8)):
            if reader.flag():
                line = " ".join(reader.choice(UCI_WORDS) for _ in range(reader.integer(1, 10)))
            else:
                line = reader.text(reader.integer(0, 60))
            if line.split()[:1] == ["go"] and "depth" not in line and "nodes" not in line:
                line += " depth 1"          # keep every input fast
            engine.handle(line)
    finally:
        engine.shutdown()


@register("analyze_lines", "negamax analyze input lines: each becomes a game or an error")
def analyze_lines(data: bytes) -> None:
    reader = ByteReader(data)
    lines = [reader.text(reader.integer(0, 80)) for _ in range(reader.integer(1, 6))]
    for number, name, text, outcome in read_positions(lines):
        assert 1 <= number <= len(lines)
        assert isinstance(outcome, (ValueError, TypeError, RecursionError, MemoryError)) \
            or hasattr(outcome, "legal_moves"), outcome
