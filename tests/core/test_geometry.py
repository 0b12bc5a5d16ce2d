from __future__ import annotations

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablelands.core.geometry import (
    HEX_DIRECTIONS,
    HexBitGrid,
    SquareGrid,
    bits,
    hex_direction_between,
    hex_distance,
    hex_neighbour,
    hex_neighbours,
    hex_opposite,
)

GRID = SquareGrid(rows=6, cols=5)


def cells(*coords: tuple[int, int]) -> int:
    return sum(GRID.bit(r, c) for r, c in coords)


def test_shifts_do_not_wrap_across_rows() -> None:
    east_edge = cells((2, 4))
    assert GRID.neighbours(east_edge) == cells((1, 4), (3, 4), (2, 3))
    west_edge = cells((2, 0))
    assert GRID.neighbours(west_edge) == cells((1, 0), (3, 0), (2, 1))
    assert GRID.near(cells((0, 0))) == cells((0, 1), (1, 0), (1, 1))


def test_index_and_coords_round_trip_and_reject_off_grid() -> None:
    assert GRID.coords(GRID.index(4, 3)) == (4, 3)
    with pytest.raises(ValueError, match="off a 6x5 grid"):
        GRID.index(6, 0)
    with pytest.raises(ValueError):
        GRID.index(0, 5)


def test_flood_components_and_rings() -> None:
    a = cells((0, 0), (0, 1), (1, 1))
    b = cells((3, 3), (4, 3))
    groups = sorted(g.bit_count() for g in GRID.components(a | b))
    assert groups == [2, 3]
    # A wall with one gap: the ring distance goes around it.
    within = GRID.full & ~cells((1, 0), (1, 1), (1, 2), (1, 3))
    rings = GRID.rings(cells((0, 0)), within, 20)
    assert rings[4] == cells((0, 4))
    assert rings[5] == cells((1, 4))
    assert rings[10] & cells((2, 0))  # back along row 2: 6 at (2, 4), 10 at (2, 0)


@given(st.integers(min_value=0, max_value=(1 << 36) - 1))
def test_bits_lists_every_set_bit(value: int) -> None:
    assert sum(1 << i for i in bits(value)) == value


def test_hex_directions_are_clockwise_and_opposite() -> None:
    assert len(set(HEX_DIRECTIONS)) == 6
    for d, (dq, dr) in enumerate(HEX_DIRECTIONS):
        oq, orr = HEX_DIRECTIONS[hex_opposite(d)]
        assert (dq + oq, dr + orr) == (0, 0)
        assert hex_direction_between((0, 0), (dq, dr)) == d
    assert hex_neighbour(2, 3, 7) == hex_neighbour(2, 3, 1)
    with pytest.raises(ValueError, match="not neighbours"):
        hex_direction_between((0, 0), (2, 0))


@given(st.integers(-20, 20), st.integers(-20, 20))
def test_hex_neighbours_are_at_distance_one(q: int, r: int) -> None:
    assert all(hex_distance((q, r), n) == 1 for n in hex_neighbours(q, r))
    assert hex_distance((q, r), (q, r)) == 0
    assert hex_distance((0, 0), (q, r)) == hex_distance((q, r), (0, 0))


def test_hex_grids_with_the_same_cells_are_the_same_grid() -> None:
    # What is cached for a map must serve every copy of it, such as an edition sent to a
    # worker process, and only those.
    cells = [(0, 0), (1, 0), (0, 1), (1, 1)]
    grid = HexBitGrid(cells)
    assert HexBitGrid(reversed(cells)) == grid
    assert hash(HexBitGrid(reversed(cells))) == hash(grid)
    assert pickle.loads(pickle.dumps(grid)) == grid
    assert HexBitGrid(cells[:3]) != grid
    assert grid != object()
