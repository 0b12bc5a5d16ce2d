"""Seeded randomness owned by a game state.

A small, fully specified generator (SplitMix64) rather than :mod:`random`, so that a
seed gives the same game on every Python version and the generator's whole state is one
integer that fits in a JSON record.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_SPAN = 1 << 64
#: SplitMix64's constants: the increment and the two multipliers of its mix.
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB

#: Seeds run from 0 to 2^63 - 1: a signed 64-bit integer holds every one, and no two of
#: them give the same game (the generator reduces a seed modulo 2^64).
SEED_LIMIT = 1 << 63


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` is not a game's seed (``None`` if it is one)."""
    if type(seed) is not int:
        return f"a seed is a whole number, not {type(seed).__name__}"
    if not 0 <= seed < SEED_LIMIT:
        return f"a seed is between 0 and 2^63 - 1, not {seed}"
    return None


class Rng:
    """SplitMix64 generator. ``Rng(seed)`` with the same seed yields the same stream."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK64

    def next_u64(self) -> int:
        """Return the next 64-bit output and advance the state."""
        self.state = (self.state + _GOLDEN) & _MASK64
        z = self.state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK64
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Return an integer uniformly drawn from ``range(n)`` (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _SPAN - _SPAN % n
        # next_u64, written out: the hottest loop of every search and determinization.
        state = self.state
        while True:
            state = (state + _GOLDEN) & _MASK64
            z = ((state ^ (state >> 30)) * _MIX1) & _MASK64
            z = ((z ^ (z >> 27)) * _MIX2) & _MASK64
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def random(self) -> float:
        """A float in [0, 1) with 53 random bits."""
        return (self.next_u64() >> 11) * 2.0**-53

    def choice(self, items: Sequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        below = self.below
        for i in range(len(items) - 1, 0, -1):
            j = below(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self) -> Rng:
        """Return an independent generator seeded from this one."""
        return Rng(self.next_u64())

    def clone(self) -> Rng:
        return Rng(self.state)
