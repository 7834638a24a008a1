"""Structured values from a fuzzer's bytes, without atheris (so the corpus replays anywhere)."""

from __future__ import annotations

from typing import List, Sequence, TypeVar

__all__ = ["ByteReader"]

T = TypeVar("T")


class ByteReader:
    """Reads small integers, choices and text from the front of a byte string; past the end
    every read gives zeros or empty text, so any input is usable."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.position = 0

    def byte(self) -> int:
        """The next byte (0 past the end)."""
        if self.position >= len(self.data):
            return 0
        value = self.data[self.position]
        self.position += 1
        return value

    def integer(self, low: int, high: int) -> int:
        """An integer in [low, high] from the next bytes."""
        span = high - low + 1
        value = 0
        for _ in range(max(1, (span.bit_length() + 7) // 8)):
            value = value * 256 + self.byte()
        return low + value % span

    def choice(self, options: Sequence[T]) -> T:
        """One of `options`."""
        return options[self.integer(0, len(options) - 1)]

    def flag(self) -> bool:
        """A boolean."""
        return self.byte() & 1 == 1

    def text(self, length: int) -> str:
        """Up to `length` characters of the next bytes, decoded as UTF-8 (bad bytes replaced)."""
        chunk = self.data[self.position:self.position + length]
        self.position += len(chunk)
        return chunk.decode("utf-8", errors="replace")

    def rest(self) -> bytes:
        """Every byte not read yet."""
        chunk = self.data[self.position:]
        self.position = len(self.data)
        return chunk

    def integers(self, count: int, low: int, high: int) -> List[int]:
        """`count` integers in [low, high]."""
        return [self.integer(low, high) for _ in range(count)]
