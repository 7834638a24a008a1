"""The registry of fuzz harnesses and the contract each one checks.

A harness is a function taking the fuzzer's bytes; it feeds them to one parser or entry
point of negamax. The contract: the input is accepted, or refused with a ValueError or a
TypeError (or a subclass), and nothing else: no other exception, no crash, no hang. Any
other exception escapes `check` and the fuzzer (atheris) reports it with the input.

Harnesses live in the modules of HARNESS_MODULES, one module per family of inputs; a new
game or protocol adds its module there (for example `fuzz.harness_chess` with FEN and UCI
move parsers), and the corpus replay test, tools/fuzz.sh and tests/fuzz/run.py pick it up.
Inputs kept for each harness live in tests/data/fuzz/<harness name>/."""

from __future__ import annotations

import importlib
import pathlib
from dataclasses import dataclass
from typing import Callable, Dict, List

__all__ = ["Harness", "HARNESS_MODULES", "ACCEPTED_ERRORS", "CORPUS_ROOT", "register", "harnesses",
           "check", "corpus_files"]

#: Modules that register harnesses when imported.
HARNESS_MODULES: List[str] = ["fuzz.harness_games", "fuzz.harness_trees", "fuzz.harness_cli",
                               "fuzz.harness_boards", "fuzz.harness_protocols"]

#: The only exceptions a harness's input may raise.
ACCEPTED_ERRORS = (ValueError, TypeError)

#: Where the kept inputs live: one folder per harness.
CORPUS_ROOT = pathlib.Path(__file__).resolve().parent.parent / "data" / "fuzz"


@dataclass(frozen=True)
class Harness:
    """One fuzz target: its name (the corpus folder's name), what it feeds, and the function."""

    name: str
    description: str
    target: Callable[[bytes], None]


_REGISTRY: Dict[str, Harness] = {}


def register(name: str, description: str) -> Callable[[Callable[[bytes], None]], Callable[[bytes], None]]:
    """Decorator: register a harness function under `name`."""
    def decorate(function: Callable[[bytes], None]) -> Callable[[bytes], None]:
        if name in _REGISTRY:
            raise ValueError(f"a fuzz harness named {name!r} is registered twice")
        _REGISTRY[name] = Harness(name, description, function)
        return function
    return decorate


def harnesses() -> Dict[str, Harness]:
    """Every registered harness by name (imports HARNESS_MODULES first)."""
    for module in HARNESS_MODULES:
        importlib.import_module(module)
    return dict(_REGISTRY)


def check(harness: Harness, data: bytes) -> None:
    """Run `harness` on `data` under the contract: ValueError and TypeError are answers;
    any other exception propagates."""
    try:
        harness.target(data)
    except ACCEPTED_ERRORS:
        pass


def corpus_files(name: str) -> List[pathlib.Path]:
    """The kept inputs of harness `name`, sorted."""
    folder = CORPUS_ROOT / name
    return sorted(path for path in folder.iterdir() if path.is_file()) if folder.is_dir() else []
