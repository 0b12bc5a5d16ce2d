"""Square and hex geometry shared by the games.

Square grids are bitboards: a set of positions is a Python ``int`` whose bit
``row * stride + col`` is set for each position. The last column of every row is a
guard that always stays empty, so shifting a set one column east or west never wraps
into the neighbouring row. Set operations, neighbourhoods and flood fills are then a
handful of integer operations however many positions there are.

Hex grids use axial coordinates ``(q, r)``; the six directions are numbered 0-5
clockwise starting from north-east (:data:`HEX_DIRECTIONS`).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator


class BitGrid(ABC):
    """A grid whose sets of cells are bitboards; subclasses say which cells touch."""

    __slots__ = ()

    @abstractmethod
    def neighbours(self, cells: int) -> int:
        """The cells touching a cell of ``cells``."""

    def flood(self, seed: int, within: int) -> int:
        """The cells of ``within`` connected to ``seed`` through touching cells of ``within``."""
        group = seed & within
        while True:
            grown = (group | self.neighbours(group)) & within
            if grown == group:
                return group
            group = grown

    def components(self, cells: int) -> Iterator[int]:
        """The connected groups of ``cells``, lowest cell first."""
        while cells:
            group = self.flood(cells & -cells, cells)
            yield group
            cells &= ~group


# ---------------------------------------------------------------------------
# Square grids


class SquareGrid(BitGrid):
    """A ``rows`` x ``cols`` bitboard layout (one extra guard column per row)."""

    __slots__ = ("cols", "full", "rows", "stride")

    def __init__(self, rows: int, cols: int) -> None:
        self.rows = rows
        self.cols = cols
        self.stride = cols + 1
        #: The set of every position on the grid (guards excluded).
        self.full = sum(((1 << cols) - 1) << (r * self.stride) for r in range(rows))

    def __repr__(self) -> str:
        return f"SquareGrid(rows={self.rows}, cols={self.cols})"

    def index(self, row: int, col: int) -> int:
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise ValueError(f"({row}, {col}) is off a {self.rows}x{self.cols} grid")
        return row * self.stride + col

    def bit(self, row: int, col: int) -> int:
        return 1 << self.index(row, col)

    def coords(self, index: int) -> tuple[int, int]:
        return divmod(index, self.stride)

    def neighbours(self, cells: int) -> int:
        """Positions orthogonally next to ``cells`` (may include ``cells`` themselves)."""
        s = self.stride
        return ((cells << 1) | (cells >> 1) | (cells << s) | (cells >> s)) & self.full

    def near(self, cells: int) -> int:
        """Positions among the 8 neighbours of ``cells``."""
        s = self.stride
        horizontal = cells | (cells << 1) | (cells >> 1)
        return ((horizontal << s) | (horizontal >> s) | (cells << 1) | (cells >> 1)) & self.full

    def rings(self, start: int, within: int, limit: int) -> list[int]:
        """``rings[d]`` = positions of ``within`` at exactly ``d`` orthogonal steps from
        ``start`` through ``within``, for ``d`` up to ``limit`` (shorter if nothing is left)."""
        seen = start & within
        frontier = seen
        result = [frontier]
        for _ in range(limit):
            frontier = self.neighbours(frontier) & within & ~seen
            if not frontier:
                break
            seen |= frontier
            result.append(frontier)
        return result


def bits(cells: int) -> Iterator[int]:
    """The indices of the set bits of ``cells``, lowest first."""
    while cells:
        low = cells & -cells
        yield low.bit_length() - 1
        cells ^= low


# ---------------------------------------------------------------------------
# Hex grids (axial coordinates, pointy-top layout)

#: Unit steps in axial coordinates, indexed by direction 0-5 clockwise from north-east.
HEX_DIRECTIONS: tuple[tuple[int, int], ...] = (
    (1, -1),  # 0 north-east
    (1, 0),  # 1 east
    (0, 1),  # 2 south-east
    (-1, 1),  # 3 south-west
    (-1, 0),  # 4 west
    (0, -1),  # 5 north-west
)


def hex_neighbour(q: int, r: int, direction: int) -> tuple[int, int]:
    dq, dr = HEX_DIRECTIONS[direction % 6]
    return q + dq, r + dr


def hex_neighbours(q: int, r: int) -> list[tuple[int, int]]:
    return [(q + dq, r + dr) for dq, dr in HEX_DIRECTIONS]


def hex_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def hex_opposite(direction: int) -> int:
    """The direction pointing back: edge ``d`` of one hex faces edge ``d + 3`` of the next."""
    return (direction + 3) % 6


def hex_direction_between(a: tuple[int, int], b: tuple[int, int]) -> int:
    """The direction from ``a`` to its neighbour ``b``; ``ValueError`` if not neighbours."""
    step = (b[0] - a[0], b[1] - a[1])
    try:
        return HEX_DIRECTIONS.index(step)
    except ValueError:
        raise ValueError(f"{a} and {b} are not neighbours") from None


class HexBitGrid(BitGrid):
    """A finite set of hex cells as bitboards: bit ``index(q, r)`` stands for cell ``(q, r)``.

    Cells are laid out row by row (``r``) with one guard column after the largest ``q``,
    so a step in any of the six directions is a single shift that never wraps into
    another row; masking with :attr:`full` drops steps that leave the grid.
    """

    __slots__ = ("_coords", "_hash", "_index", "deltas", "full", "qmin", "rmin", "stride")

    def __init__(self, cells: Iterable[tuple[int, int]]) -> None:
        cell_list = list(cells)
        if not cell_list:
            raise ValueError("a hex grid needs at least one cell")
        qs = [q for q, _ in cell_list]
        rs = [r for _, r in cell_list]
        self.qmin, self.rmin = min(qs), min(rs)
        self.stride = max(qs) - self.qmin + 2
        self._index = {
            (q, r): (r - self.rmin) * self.stride + (q - self.qmin) for q, r in cell_list
        }
        if len(self._index) != len(cell_list):
            raise ValueError("a hex grid's cells must be distinct")
        self._coords = {i: cell for cell, i in self._index.items()}
        self.full = sum(1 << i for i in self._index.values())
        self.deltas = tuple(dq + dr * self.stride for dq, dr in HEX_DIRECTIONS)
        self._hash = hash(frozenset(self._index))

    # Grids with the same cells are the same grid, so what is worked out once for a map
    # (and cached by grid) serves every copy of it, such as an edition sent to a worker.
    def __eq__(self, other: object) -> bool:
        return isinstance(other, HexBitGrid) and self._index == other._index

    def __hash__(self) -> int:
        return self._hash

    def __contains__(self, cell: object) -> bool:
        return cell in self._index

    def index(self, q: int, r: int) -> int:
        try:
            return self._index[q, r]
        except KeyError:
            raise ValueError(f"{q},{r} is not a space of this map") from None

    def coords(self, index: int) -> tuple[int, int]:
        return self._coords[index]

    def cells(self) -> list[tuple[int, int]]:
        return sorted(self._index, key=lambda cell: self._index[cell])

    def shift(self, mask: int, direction: int) -> int:
        """``mask`` moved one step in ``direction``; cells leaving the grid are dropped."""
        delta = self.deltas[direction]
        return ((mask << delta) if delta > 0 else (mask >> -delta)) & self.full

    def neighbours(self, mask: int) -> int:
        """Cells touching a cell of ``mask`` (cells of ``mask`` too, where two touch)."""
        out = 0
        for delta in self.deltas:
            out |= (mask << delta) if delta > 0 else (mask >> -delta)
        return out & self.full
