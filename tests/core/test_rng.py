from __future__ import annotations

from collections import Counter

import pytest

from tablelands.core.rng import Rng


def test_same_seed_same_stream_and_known_values() -> None:
    # SplitMix64 reference outputs for seed 1234567 (from the published C reference code).
    rng = Rng(1234567)
    assert [rng.next_u64() for _ in range(3)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
    ]
    assert [Rng(5).below(100) for _ in range(3)] == [Rng(5).below(100)] * 3


def test_below_is_in_range_and_roughly_uniform() -> None:
    rng = Rng(1)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < n < 1200 for n in counts.values())
    with pytest.raises(ValueError, match="positive"):
        rng.below(0)


def test_shuffle_is_a_permutation_and_depends_on_the_seed() -> None:
    a, b, c = list(range(20)), list(range(20)), list(range(20))
    Rng(3).shuffle(a)
    Rng(3).shuffle(b)
    Rng(4).shuffle(c)
    assert sorted(a) == list(range(20))
    assert a == b and a != c


def test_clone_and_fork_are_independent() -> None:
    rng = Rng(9)
    twin = rng.clone()
    assert rng.next_u64() == twin.next_u64()
    child = rng.fork()
    assert child.state != rng.state
