"""A player's landscape as bitboards: one set of positions per kind of space.

Positions live on a fixed :class:`SquareGrid`. Landscape coordinates ``(row, col)``
count from the first card's top-left space, which sits at :data:`ORIGIN` on the grid.
Eight cards that must each overlap the landscape reach at most 16 spaces from it, so
the grid never runs out.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from tablelands.core.geometry import SquareGrid, bits
from tablelands.games.confusing_lands.components import (
    CARD_COUNT,
    CONDITION,
    EAST,
    EMPTY,
    KIND_BY_NAME,
    NORTH,
    RIVER,
    SOUTH,
    WEST,
    ConfusingLandsEdition,
    Orientation,
    Space,
    parse_ends,
)

GRID = SquareGrid(rows=40, cols=39)
STRIDE = GRID.stride
ORIGIN = 18
FULL = GRID.full
KIND_COUNT = 9
END_BITS = (NORTH, EAST, SOUTH, WEST)

TEXT_TOKENS = {
    "F": "forest",
    "M": "mountain",
    "V": "village",
    "E": "elk",
    "W": "wolf",
    "C": "crystal",
}


def position(row: int, col: int) -> int:
    """Grid index of landscape coordinates ``(row, col)``; ``ValueError`` when off the grid."""
    return GRID.index(row + ORIGIN, col + ORIGIN)


def coordinates(index: int) -> tuple[int, int]:
    row, col = GRID.coords(index)
    return row - ORIGIN, col - ORIGIN


#: The first card's top-left space, landscape coordinates 0,0 (CL-2).
FIRST_POSITION = position(0, 0)


@dataclass(frozen=True, slots=True)
class Stamp:
    """An orientation's spaces as bitboards with its top-left at grid index 0."""

    orientation: Orientation
    footprint: int
    kinds: tuple[int, ...]  # one mask per kind
    ends: tuple[int, ...]  # one mask per river-end direction (N, E, S, W)
    condition: int  # the card id when its condition shows, else 0

    @classmethod
    def of(cls, orientation: Orientation) -> Stamp:
        kinds = [0] * KIND_COUNT
        ends = [0] * 4
        footprint = 0
        for row, col, space in orientation.spaces:
            bit = 1 << (row * STRIDE + col)
            footprint |= bit
            kinds[space.kind] |= bit
            for i, end in enumerate(END_BITS):
                if space.ends & end:
                    ends[i] |= bit
        condition = orientation.card if kinds[CONDITION] else 0
        return cls(orientation, footprint, tuple(kinds), tuple(ends), condition)


class Landscape:
    """The visible spaces of one player's cards (CL-2: the topmost card shows)."""

    __slots__ = ("conditions", "ends", "kinds", "occupied")

    def __init__(self) -> None:
        self.occupied = 0
        self.kinds = [0] * KIND_COUNT
        self.ends = [0, 0, 0, 0]
        #: condition id -> the two positions it shows on
        self.conditions: dict[int, int] = {}

    def copy(self) -> Landscape:
        other = Landscape.__new__(Landscape)
        other.occupied = self.occupied
        other.kinds = self.kinds.copy()
        other.ends = self.ends.copy()
        other.conditions = self.conditions.copy()
        return other

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Landscape):
            return NotImplemented
        return (
            self.occupied == other.occupied
            and self.kinds == other.kinds
            and self.ends == other.ends
            and self.conditions == other.conditions
        )

    __hash__ = None  # type: ignore[assignment]

    @property
    def condition_cells(self) -> int:
        return self.kinds[CONDITION]

    def stamp(self, stamp: Stamp, at: int) -> None:
        """Lay a card with its top-left at grid index ``at`` (legality is the caller's)."""
        covered = stamp.footprint << at
        keep = ~covered
        kinds = self.kinds
        for kind in range(KIND_COUNT):
            kinds[kind] = (kinds[kind] & keep) | (stamp.kinds[kind] << at)
        ends = self.ends
        for i in range(4):
            ends[i] = (ends[i] & keep) | (stamp.ends[i] << at)
        self.occupied |= covered
        if stamp.condition:
            self.conditions[stamp.condition] = stamp.kinds[CONDITION] << at

    def space_at(self, index: int) -> Space | None:
        """The visible space at a grid index, or ``None`` outside the landscape."""
        bit = 1 << index
        if not self.occupied & bit:
            return None
        for kind in range(KIND_COUNT):
            if self.kinds[kind] & bit:
                ends = sum(end for i, end in enumerate(END_BITS) if self.ends[i] & bit)
                return Space(kind, ends)
        raise AssertionError(f"position {index} is covered but shows no kind")

    def condition_at(self, index: int) -> int:
        """The condition id shown at a grid index (0 when it is not a condition space)."""
        bit = 1 << index
        for condition, cells in self.conditions.items():
            if cells & bit:
                return condition
        return 0

    def cells(self) -> Iterator[tuple[int, int, Space, int]]:
        """``(row, col, space, condition id)`` for every position, row by row."""
        for index in bits(self.occupied):
            space = self.space_at(index)
            assert space is not None
            row, col = coordinates(index)
            yield row, col, space, self.condition_at(index) if space.kind == CONDITION else 0

    def bounds(self) -> tuple[int, int, int, int]:
        """``(top, left, bottom, right)`` landscape coordinates, inclusive."""
        rows, cols = zip(*(coordinates(i) for i in bits(self.occupied)), strict=True)
        return min(rows), min(cols), max(rows), max(cols)

    @classmethod
    def from_text(cls, text: str) -> Landscape:
        """Build a landscape from rows of tokens (used by tests and docs).

        Tokens: ``x`` outside, ``.`` empty, ``F M V E W C`` symbols, ``R:<ends>`` a river,
        ``#<n>`` a space of condition n (each condition on two touching spaces).
        """
        landscape = cls()
        rows = [line.split() for line in text.strip("\n").splitlines() if line.strip()]
        for r, tokens in enumerate(rows):
            for c, token in enumerate(tokens):
                if token == "x":
                    continue
                index = position(r, c)
                bit = 1 << index
                landscape.occupied |= bit
                if token == ".":
                    landscape.kinds[EMPTY] |= bit
                elif token.startswith("#"):
                    landscape.kinds[CONDITION] |= bit
                    condition = int(token[1:])
                    landscape.conditions[condition] = landscape.conditions.get(condition, 0) | bit
                elif token.upper().startswith("R:"):
                    landscape.kinds[RIVER] |= bit
                    ends = parse_ends(token[2:])
                    for i, end in enumerate(END_BITS):
                        if ends & end:
                            landscape.ends[i] |= bit
                elif token.upper() in TEXT_TOKENS:
                    landscape.kinds[KIND_BY_NAME[TEXT_TOKENS[token.upper()]]] |= bit
                else:
                    raise ValueError(f"row {r}, column {c}: unknown token {token!r}")
        for condition, cells in landscape.conditions.items():
            first = cells & -cells
            if cells.bit_count() != 2 or not GRID.neighbours(first) & (cells ^ first):
                raise ValueError(f"condition {condition} must show on exactly two touching spaces")
        return landscape


class Tables:
    """Everything about an edition's cards that placement needs, computed once: each
    orientation's stamp (orientations numbered as in the notation: card, side, rotation)
    and where a card may go (CL-2)."""

    def __init__(self, edition: ConfusingLandsEdition) -> None:
        self.stamps = [
            Stamp.of(edition.orientation(card, side, rotation))
            for card in range(1, CARD_COUNT + 1)
            for side in (0, 1)
            for rotation in range(4)
        ]
        # Rotations 0 and 2 lie 2 x 3, rotations 1 and 3 stand 3 x 2.
        self.shape_offsets: list[tuple[int, ...]] = []
        self.shape_fits: list[int] = []
        for height, width in ((2, 3), (3, 2)):
            self.shape_offsets.append(
                tuple(r * STRIDE + c for r in range(height) for c in range(width))
            )
            fits = 0
            for row in range(GRID.rows - height + 1):
                for col in range(GRID.cols - width + 1):
                    fits |= 1 << (row * STRIDE + col)
            self.shape_fits.append(fits)

    def legal_positions(self, landscape: Landscape, shape: int) -> int:
        """CL-2: top-left positions where a card of ``shape`` covers some space and no
        condition."""
        if not landscape.occupied:
            return 1 << FIRST_POSITION
        occupied, conditions = landscape.occupied, landscape.condition_cells
        reach = blocked = 0
        for offset in self.shape_offsets[shape]:
            reach |= occupied >> offset
            blocked |= conditions >> offset
        return reach & ~blocked & self.shape_fits[shape]


@lru_cache(maxsize=8)
def tables_for(edition: ConfusingLandsEdition) -> Tables:
    return Tables(edition)
