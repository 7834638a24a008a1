"""Harnesses of the explicit trees: nested lists written as text (the command line's
reader), nested Python values of any kind, and the two arrays of from_arrays."""

from __future__ import annotations

import math

import numpy as np

import negamax as nm
from negamax.cli_input import read_nested

from fuzz.byte_reader import ByteReader
from fuzz.registry import register

#: Nodes a harness's search may visit.
NODE_BUDGET = 2_000


def _search(tree, reader: ByteReader) -> None:
    algorithm = reader.choice(nm.ALGORITHMS)
    depth = reader.choice([None, 0, 1, 2, 5, 50])
    maximizing = reader.choice([None, True, False])
    result = nm.search(tree, depth, algorithm=algorithm, node_limit=NODE_BUDGET, maximizing=maximizing)
    assert result.stats.nodes <= NODE_BUDGET
    if reader.flag():
        nm.solve(tree, node_limit=NODE_BUDGET)


@register("nested_text", "a tree written as text: negamax.cli_input.read_nested, then from_nested")
def nested_text(data: bytes) -> None:
    reader = ByteReader(data)
    maximizing = reader.flag()
    tree = nm.trees.from_nested(read_nested(reader.rest().decode("utf-8", errors="replace")), maximizing)
    _search(tree, ByteReader(data[:8]))


_LEAVES = [0, 1, -1, 7, 2 ** 31, -(2 ** 63), 10 ** 30, 0.5, -2.25, math.inf, math.nan, True,
           np.int8(3), np.float32(1.5), "3", None, b"", 1j]


def _value(reader: ByteReader, depth: int):
    kind = reader.integer(0, 7)
    if depth > 12 or kind < 4:
        return reader.choice(_LEAVES)
    children = [_value(reader, depth + 1) for _ in range(reader.integer(0, 4))]
    return tuple(children) if kind == 7 else children


@register("nested_values", "nm.trees.from_nested on nested lists and tuples of any Python values")
def nested_values(data: bytes) -> None:
    reader = ByteReader(data)
    tree = nm.trees.from_nested(_value(reader, 0), reader.flag())
    _search(tree, reader)


@register("from_arrays", "nm.trees.from_arrays(child_counts, values) with any dtypes and contents")
def from_arrays(data: bytes) -> None:
    reader = ByteReader(data)
    count = reader.integer(0, 24)
    counts_dtype = reader.choice(["int64", "int32", "uint8", "int8", "float64", "bool"])
    values_dtype = reader.choice(["int64", "int32", "uint64", "int16", "float32"])
    counts = np.array(reader.integers(count, -1, 5), dtype=np.int64).astype(counts_dtype)
    value_count = count if reader.byte() < 200 else reader.integer(0, 24)
    values = np.array(reader.integers(value_count, -(2 ** 31), 2 ** 31), dtype=np.int64)
    if values_dtype != "float32":
        values = values.astype(values_dtype)
    else:
        values = values.astype(np.float32)
    tree = nm.trees.from_arrays(counts, values, reader.flag())
    _search(tree, reader)
