"""The Land vs Sea map: placed tiles, the open frontier, areas, ranges and trade symbols.

Positions are axial hex coordinates packed into one integer (:func:`pack`). Areas are
kept in a union-find over placed regions (LS-1, LS-3): each root knows its open edges,
the tiles it spans (a bitmask, so a tile counts once) and its bonus symbols, so a
placement finds the areas it completes in a few steps. Mountain and coral ranges are a
union-find over tiles (LS-9).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tablelands.core.game import JsonDict
from tablelands.core.geometry import HEX_DIRECTIONS
from tablelands.games.land_vs_sea.components import CARAVAN, LAND, NO_TRADE, Face

WIDTH = 256
OFFSET = 128
STEPS = tuple(dq * WIDTH + dr for dq, dr in HEX_DIRECTIONS)
FULL = 0b111111


def pack(q: int, r: int) -> int:
    if not (-OFFSET <= q < OFFSET and -OFFSET <= r < OFFSET):
        raise ValueError(f"position {q},{r} is off the map")
    return (q + OFFSET) * WIDTH + (r + OFFSET)


def unpack(position: int) -> tuple[int, int]:
    q, r = divmod(position, WIDTH)
    return q - OFFSET, r - OFFSET


@dataclass(slots=True)
class Completion:
    """An area that a placement completed."""

    type: int
    tiles: int  # how many distinct tiles
    bonus: int
    waypoints: list[int]  # positions of the waypoints on it (they return)


@dataclass(slots=True)
class Placed:
    """What one placement changed on the map."""

    completions: list[Completion] = field(default_factory=list)
    mountain_range: int = 0  # tile count of the mountain range that grew (0: none)
    coral_range: int = 0
    trade_contact: bool = False
    surrounded: list[int] = field(
        default_factory=list
    )  # waypoint positions whose tile got 6 neighbours
    holes: list[int] = field(default_factory=list)  # positions now closed in by one edge type


class Board:
    """Every placed tile and the bookkeeping that scoring needs."""

    __slots__ = (
        "area_bonus",
        "area_open",
        "area_tiles",
        "area_type",
        "edge_node",
        "faces",
        "frontier",
        "parent",
        "positions",
        "range_parent",
        "range_size",
        "tiles",
        "trade",
        "waypoints",
    )

    def __init__(self) -> None:
        #: position -> placement index
        self.tiles: dict[int, int] = {}
        self.positions: list[int] = []
        self.faces: list[Face] = []
        #: empty position next to a tile -> (directions facing a tile, those of them that are land)
        self.frontier: dict[int, tuple[int, int]] = {}
        #: position -> the region node behind each of its 6 edges
        self.edge_node: dict[int, tuple[int, ...]] = {}
        # union-find over region nodes; the area data is valid at roots
        self.parent: list[int] = []
        self.area_type: list[int] = []
        self.area_open: list[int] = []
        self.area_tiles: list[int] = []
        self.area_bonus: list[int] = []
        # union-find over placements, one forest for mountains and one for corals
        self.range_parent: tuple[list[int], list[int]] = ([], [])
        self.range_size: tuple[list[int], list[int]] = ([], [])
        #: position -> caravan or ship
        self.trade: dict[int, int] = {}
        #: position -> (owner seat, region node)
        self.waypoints: dict[int, tuple[int, int]] = {}

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.tiles = self.tiles.copy()
        other.positions = self.positions.copy()
        other.faces = self.faces.copy()
        other.frontier = self.frontier.copy()
        other.edge_node = self.edge_node.copy()
        other.parent = self.parent.copy()
        other.area_type = self.area_type.copy()
        other.area_open = self.area_open.copy()
        other.area_tiles = self.area_tiles.copy()
        other.area_bonus = self.area_bonus.copy()
        other.range_parent = (self.range_parent[0].copy(), self.range_parent[1].copy())
        other.range_size = (self.range_size[0].copy(), self.range_size[1].copy())
        other.trade = self.trade.copy()
        other.waypoints = self.waypoints.copy()
        return other

    def to_json(self) -> JsonDict:
        """Where each placement went, in order, and the waypoints (the rest follows from
        the placements themselves, which the state saves)."""
        return {
            "positions": [list(unpack(p)) for p in self.positions],
            "waypoints": waypoint_list(self),
        }

    # -- union-find ------------------------------------------------------

    def find(self, node: int) -> int:
        parent = self.parent
        root = node
        while parent[root] != root:
            root = parent[root]
        while parent[node] != root:
            parent[node], node = root, parent[node]
        return root

    def _union_areas(self, a: int, b: int) -> int:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            self.area_open[ra] -= 2
            return ra
        if self.area_tiles[ra].bit_count() < self.area_tiles[rb].bit_count():
            ra, rb = rb, ra
        self.parent[rb] = ra
        self.area_open[ra] += self.area_open[rb] - 2
        self.area_tiles[ra] |= self.area_tiles[rb]
        self.area_bonus[ra] += self.area_bonus[rb]
        return ra

    def range_root(self, kind: int, index: int) -> int:
        parent = self.range_parent[kind]
        while parent[index] != index:
            parent[index] = parent[parent[index]]
            index = parent[index]
        return index

    # -- queries ------------------------------------------------------------

    def fits(self, position: int, face: Face) -> bool:
        """LS-2: an empty position next to a tile, every edge facing a tile matching it."""
        constraint = self.frontier.get(position)
        if constraint is None:
            return False
        known, land = constraint
        return face.land & known == land

    def neighbour_count(self, position: int) -> int:
        tiles = self.tiles
        return sum(1 for step in STEPS if position + step in tiles)

    def area_of(self, position: int, direction: int) -> int:
        return self.find(self.edge_node[position][direction])

    def open_edges(self, position: int, region_edges: int) -> bool:
        """Whether a region of the tile at ``position`` has an edge facing an empty position."""
        tiles = self.tiles
        return any(
            region_edges >> d & 1 and position + step not in tiles for d, step in enumerate(STEPS)
        )

    # -- placing --------------------------------------------------------------

    def place(self, position: int, face: Face) -> Placed:
        """Lay ``face`` at ``position`` and report what that changed (legality is the caller's)."""
        index = len(self.positions)
        tiles = self.tiles
        tiles[position] = index
        self.positions.append(position)
        self.faces.append(face)
        self.frontier.pop(position, None)
        bit = 1 << index

        first_node = len(self.parent)
        for region, edges in enumerate(face.region_edges):
            node = first_node + region
            self.parent.append(node)
            self.area_type.append(face.region_types[region])
            self.area_open.append(edges.bit_count())
            self.area_tiles.append(bit)
            self.area_bonus.append(face.region_bonus[region])
        nodes = tuple(first_node + face.region_of_edge[d] for d in range(6))
        self.edge_node[position] = nodes

        result = Placed()
        for kind in (0, 1):
            self.range_parent[kind].append(index)
            self.range_size[kind].append(1)
        touched: set[int] = set()
        grown = [False, False]
        for d, step in enumerate(STEPS):
            neighbour = position + step
            other = tiles.get(neighbour)
            back = (d + 3) % 6
            if other is None:
                known, land = self.frontier.get(neighbour, (0, 0))
                self.frontier[neighbour] = (known | 1 << back, land | (face.land >> d & 1) << back)
                continue
            touched.add(self._union_areas(nodes[d], self.edge_node[neighbour][back]))
            other_face = self.faces[other]
            for kind, mine, theirs in (
                (0, face.mountains, other_face.mountains),
                (1, face.corals, other_face.corals),
            ):
                if mine >> d & 1 and theirs >> back & 1:
                    self._join_ranges(kind, index, other)
                    grown[kind] = True
            if face.trade and other_face.trade:
                result.trade_contact = True
            if neighbour in self.waypoints and self.neighbour_count(neighbour) == 6:
                result.surrounded.append(neighbour)
        if face.trade != NO_TRADE:
            self.trade[position] = face.trade
        if grown[0]:
            result.mountain_range = self.range_size[0][self.range_root(0, index)]
        if grown[1]:
            result.coral_range = self.range_size[1][self.range_root(1, index)]
        if position in self.waypoints and self.neighbour_count(position) == 6:
            result.surrounded.append(position)

        for node in set(nodes):
            touched.add(self.find(node))
        roots = {self.find(node) for node in touched}
        for root in sorted(roots):
            if self.area_open[root] == 0:
                on_it = [p for p, (_, n) in self.waypoints.items() if self.find(n) == root]
                result.completions.append(
                    Completion(
                        self.area_type[root],
                        self.area_tiles[root].bit_count(),
                        self.area_bonus[root],
                        on_it,
                    )
                )
        for step in STEPS:
            neighbour = position + step
            if neighbour not in tiles:
                known, land = self.frontier[neighbour]
                if known == FULL and land in (0, FULL):
                    result.holes.append(neighbour)
        return result

    def _join_ranges(self, kind: int, a: int, b: int) -> None:
        ra, rb = self.range_root(kind, a), self.range_root(kind, b)
        if ra == rb:
            return
        size = self.range_size[kind]
        if size[ra] < size[rb]:
            ra, rb = rb, ra
        self.range_parent[kind][rb] = ra
        size[ra] += size[rb]

    # -- end of game ----------------------------------------------------------

    def trade_routes(self) -> list[tuple[int, int]]:
        """Each trade route (2+ touching tiles with caravans or ships): (caravans, ships)."""
        left = set(self.trade)
        routes = []
        while left:
            start = left.pop()
            group, todo = [start], [start]
            while todo:
                here = todo.pop()
                for step in STEPS:
                    if here + step in left:
                        left.remove(here + step)
                        group.append(here + step)
                        todo.append(here + step)
            if len(group) >= 2:
                caravans = sum(1 for p in group if self.trade[p] == CARAVAN)
                routes.append((caravans, len(group) - caravans))
        return routes

    def is_land(self, position: int, direction: int) -> bool:
        return bool(self.faces[self.tiles[position]].land >> direction & 1)


__all__ = ["LAND", "STEPS", "Board", "Completion", "Placed", "pack", "unpack"]


def lowest_edge(face: Face, edge: int) -> int:
    edges = face.region_edges[face.region_of_edge[edge]]
    return (edges & -edges).bit_length() - 1


def waypoint_list(board: Board) -> list[JsonDict]:
    """The waypoints on the map, each named by the lowest edge of its region."""
    result = []
    for position, (owner, node) in board.waypoints.items():
        q, r = unpack(position)
        edge = next(d for d in range(6) if board.edge_node[position][d] == node)
        face = board.faces[board.tiles[position]]
        result.append({"q": q, "r": r, "edge": lowest_edge(face, edge), "owner": owner})
    return result
