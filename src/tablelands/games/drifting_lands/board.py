"""The Drifting Lands board: land and mountain bitboards, pawns, and the geometry the cards
need (drifts, splits, orogeny, pawn movement), all on a :class:`HexBitGrid`.

A continent is a connected set of land spaces (DL-2), found from the land bitboard whenever
it is needed, so merging and splitting need no bookkeeping. What depends on the land alone
(the continents, the parts a split can carry away) is remembered per land layout in a
:class:`TerrainMemo` shared by every board on the same grid: searches and playouts meet the
same layouts over and over.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import TypeVar

from tablelands.core.game import JsonDict
from tablelands.core.geometry import HexBitGrid, bits

OCEAN, PLAIN, MOUNTAIN = 0, 1, 2
LEVELS = (OCEAN, PLAIN, MOUNTAIN)
#: DL-6: the movement cost of a step by (from level, to level): 1 level or down, 2 one level
#: up, 3 ocean to mountain.
STEP_COST = {(a, b): 1 if b <= a else 2 if b == a + 1 else 3 for a in LEVELS for b in LEVELS}
#: The same costs by the level a step leaves: for each cost, the levels a step of that cost
#: enters, as a set of bits ``1 << level`` (what :meth:`Board.cost_layers` spreads by).
STEPS_FROM = tuple(
    tuple(
        (cost, sum(1 << b for b in LEVELS if STEP_COST[a, b] == cost))
        for cost in sorted({STEP_COST[a, b] for b in LEVELS})
    )
    for a in LEVELS
)
#: DL-6 in words, for a refusal.
MOVE_RULE = (
    "pay 1 per step (2 one level up, 3 ocean to mountain) within the card's points, pass only "
    "your own pawns, stop only on an empty space or a lower pawn of another player (DL-6)"
)
#: DL-4 in words, for a refusal.
SPLIT_RULE = (
    "a part and the rest must both stay connected and the part must end up not touching the "
    "rest, on the map and off other tiles (DL-4)"
)
NO_STEP = 6  # "no second step" in a drift or split path
OCEAN_NUMBER = 255  # the continent number of an ocean space
Key = TypeVar("Key")
Value = TypeVar("Value")


@dataclass(frozen=True, slots=True)
class Path:
    """A drift or split: first direction and, for Ultra cards, an optional second one."""

    first: int
    second: int = NO_STEP

    @property
    def steps(self) -> tuple[int, ...]:
        return (self.first,) if self.second == NO_STEP else (self.first, self.second)


class TerrainMemo:
    """Results that depend only on the land layout, remembered for every board on one grid.

    Each table is emptied when it reaches :attr:`LIMIT` entries (:attr:`PARTS_LIMIT` for the
    lists of split parts, which a large continent makes long), so memory stays bounded however
    long a simulation runs; the results are pure, so forgetting them is harmless.
    """

    LIMIT = 1 << 16
    PARTS_LIMIT = 1 << 10
    __slots__ = ("can_split", "continents", "split_parts")

    def __init__(self) -> None:
        #: land -> (its continents, each space's continent number or OCEAN_NUMBER)
        self.continents: dict[int, tuple[tuple[int, ...], bytes]] = {}
        self.split_parts: dict[tuple[int, int, int, int], tuple[int, ...]] = {}
        self.can_split: dict[tuple[int, int, int, int], bool] = {}

    @staticmethod
    def store(table: dict[Key, Value], key: Key, value: Value, limit: int = LIMIT) -> Value:
        """Remember ``value`` under ``key`` (emptying a full table first) and return it."""
        if len(table) >= limit:
            table.clear()
        table[key] = value
        return value


@cache
def terrain_memo(grid: HexBitGrid) -> TerrainMemo:
    return TerrainMemo()


class Board:
    """Terrain and pawns. ``pawns`` maps a space to (owner seat, level)."""

    __slots__ = ("grid", "land", "memo", "mountain", "neighbour_lists", "pawns")

    def __init__(self, grid: HexBitGrid, land: int) -> None:
        self.grid = grid
        self.land = land
        self.mountain = 0
        self.pawns: dict[int, tuple[int, int]] = {}
        self.neighbour_lists = neighbour_lists(grid)
        self.memo = terrain_memo(grid)

    def copy(self) -> Board:
        other = Board.__new__(Board)
        other.grid = self.grid
        other.land = self.land
        other.mountain = self.mountain
        other.pawns = self.pawns.copy()
        other.neighbour_lists = self.neighbour_lists
        other.memo = self.memo
        return other

    def to_json(self) -> JsonDict:
        """The land, the mountains and the pawns, by the spaces' coordinates."""
        grid = self.grid
        return {
            "land": [list(grid.coords(s)) for s in bits(self.land)],
            "mountains": [list(grid.coords(s)) for s in bits(self.mountain)],
            "pawns": [[*grid.coords(s), o, lv] for s, (o, lv) in sorted(self.pawns.items())],
        }

    # -- terrain and continents -------------------------------------------

    def level(self, space: int) -> int:
        bit = 1 << space
        return MOUNTAIN if self.mountain & bit else PLAIN if self.land & bit else OCEAN

    def continents(self) -> tuple[int, ...]:
        """Every continent as a mask, ordered by its lowest space."""
        return self._continents()[0]

    def continent_numbers(self) -> bytes:
        """For each space, the number of its continent in :meth:`continents`, or
        :data:`OCEAN_NUMBER` (28 tiles make fewer continents than that)."""
        return self._continents()[1]

    def _continents(self) -> tuple[tuple[int, ...], bytes]:
        found = self.memo.continents.get(self.land)
        if found is None:
            masks = tuple(self.grid.components(self.land))
            numbers = bytearray([OCEAN_NUMBER]) * self.grid.full.bit_length()
            for number, continent in enumerate(masks):
                for space in bits(continent):
                    numbers[space] = number
            found = self.memo.store(self.memo.continents, self.land, (masks, bytes(numbers)))
        return found

    def continent_of(self, space: int) -> int:
        return self.grid.flood(1 << space, self.land)

    def pawn_mask(self, owner: int | None = None) -> int:
        return sum(1 << s for s, (o, _) in self.pawns.items() if owner is None or o == owner)

    def occupied(self) -> int:
        return sum(1 << s for s in self.pawns)

    # -- moving tiles ---------------------------------------------------------

    def path_fits(self, tiles: int, path: Path) -> bool:
        """DL-3/DL-4: every step keeps the tiles on the map and off every other tile."""
        others = self.land & ~tiles
        count = tiles.bit_count()
        for direction in path.steps:
            tiles = self.grid.shift(tiles, direction)
            if tiles.bit_count() != count or tiles & others:
                return False
        return True

    def move_tiles(self, tiles: int, path: Path) -> list[tuple[int, int]]:
        """Move ``tiles`` (with the pawns on them) along ``path``; return the drowned pawns."""
        drowned: list[tuple[int, int]] = []
        for direction in path.steps:
            delta = self.grid.deltas[direction]
            moved = self.grid.shift(tiles, direction)
            for space in bits(moved & ~tiles):
                pawn = self.pawns.pop(space, None)
                if pawn is not None:
                    drowned.append(pawn)
            riders = [(s, p) for s, p in self.pawns.items() if tiles >> s & 1]
            for space, _ in riders:
                del self.pawns[space]
            for space, pawn in riders:
                self.pawns[space + delta] = pawn
            mountains = self.mountain & tiles
            self.mountain = (self.mountain & ~tiles) | self.grid.shift(mountains, direction)
            self.land = (self.land & ~tiles) | moved
            tiles = moved
        return drowned

    def split_parts(self, continent: int, path: Path) -> tuple[int, ...]:
        """DL-4: every part of ``continent`` that can move along ``path`` as a split,
        smallest first."""
        key = (self.land, continent, path.first, path.second)
        found = self.memo.split_parts.get(key)
        if found is None:
            parts = self._find_split_parts(continent, path)
            found = self.memo.store(self.memo.split_parts, key, parts, TerrainMemo.PARTS_LIMIT)
        return found

    def can_split(self, continent: int, path: Path) -> bool:
        """DL-4: whether some part of ``continent`` can move along ``path`` as a split (far
        cheaper than listing them all)."""
        key = (self.land, continent, path.first, path.second)
        found = self.memo.can_split.get(key)
        if found is None:
            some = bool(self._find_split_parts(continent, path, first_only=True))
            found = self.memo.store(self.memo.can_split, key, some)
        return found

    def _find_split_parts(
        self, continent: int, path: Path, first_only: bool = False
    ) -> tuple[int, ...]:
        """DL-4: every part of ``continent`` that can move along ``path`` as a split.

        A part P is legal when P and the rest R are connected and non-empty, the path fits,
        and afterwards P touches no tile of R. The last condition makes P closed under
        "p in P implies every tile of the continent on or beside p's destination, or on its
        first step, is in P", so the search grows closed sets from single tiles; every
        legal part is reached that way, and only sets passing every test are returned.
        """
        grid = self.grid
        others = self.land & ~continent
        count_of = int.bit_count

        def step_all(mask: int) -> tuple[int, int] | None:
            first = grid.shift(mask, path.first)
            if count_of(first) != count_of(mask) or first & others:
                return None
            last = first if path.second == NO_STEP else grid.shift(first, path.second)
            if count_of(last) != count_of(mask) or last & others:
                return None
            return first, last

        def closure(mask: int) -> int | None:
            while True:
                moved = step_all(mask)
                if moved is None:
                    return None
                first, last = moved
                needed = continent & (first | last | grid.neighbours(last)) & ~mask
                if not needed:
                    return mask
                mask |= needed

        found: list[int] = []
        seen: set[int] = set()
        todo: list[int] = []
        for space in bits(continent):
            closed = closure(1 << space)
            if closed is not None and closed != continent and closed not in seen:
                seen.add(closed)
                todo.append(closed)
        while todo:
            part = todo.pop()
            rest = continent & ~part
            if grid.flood(part & -part, part) == part and grid.flood(rest & -rest, rest) == rest:
                found.append(part)
                if first_only:
                    break
            for space in bits(grid.neighbours(part) & rest):
                closed = closure(part | 1 << space)
                if closed is not None and closed != continent and closed not in seen:
                    seen.add(closed)
                    todo.append(closed)
        return tuple(sorted(found, key=lambda m: (count_of(m), m)))

    # -- orogeny ------------------------------------------------------------------

    def orogenies(self, continent: int) -> Iterator[tuple[int, int]]:
        """DL-5: (lifted plain tile touching ocean, plain tile touching it that receives it)."""
        grid = self.grid
        ocean = grid.full & ~self.land
        plains = continent & ~self.mountain
        for lifted in bits(plains):
            if grid.neighbours(1 << lifted) & ocean:
                for target in bits(grid.neighbours(1 << lifted) & plains):
                    yield lifted, target

    def lift(self, lifted: int, target: int) -> list[tuple[int, int]]:
        """Apply an orogeny; return the pawns removed from both tiles."""
        removed = [p for s in (lifted, target) if (p := self.pawns.pop(s, None)) is not None]
        self.land &= ~(1 << lifted)
        self.mountain |= 1 << target
        return removed

    # -- pawns ------------------------------------------------------------------------

    def blockers(self, start: int) -> tuple[int, int, int]:
        """DL-6 for the pawn at ``start``: its owner's pawns (passed, never stopped on), the
        other players' pawns (never passed) and those of them of a lower level (which it may
        stop on, to expel them), as masks."""
        owner, level = self.pawns[start]
        own = others = lower = 0
        for space, (who, height) in self.pawns.items():
            if who == owner:
                own |= 1 << space
            else:
                others |= 1 << space
                if height < level:
                    lower |= 1 << space
        return own, others, lower

    def cost_layers(self, start: int, budget: int) -> list[int]:
        """DL-6, as a Dijkstra over bitboards: ``layers[c]`` holds the spaces the pawn at
        ``start`` first reaches for exactly ``c`` movement points (``c`` up to ``budget``).

        A pawn goes on through empty spaces and its owner's pawns; another player's pawn
        blocks it, except that one of a lower level can be reached (to stop on and expel).
        """
        _, others, lower = self.blockers(start)
        return self._cost_layers(start, budget, others, lower)

    def _cost_layers(self, start: int, budget: int, others: int, lower: int) -> list[int]:
        grid = self.grid
        land, mountain = self.land, self.mountain
        ocean, plain = grid.full & ~land, land & ~mountain
        # The spaces of each set of levels (bit ``1 << level`` for each level in it).
        union = (0, ocean, plain, ocean | plain, mountain, ocean | mountain, land, grid.full)
        open_to = grid.full & ~(others & ~lower)
        go_on = grid.full & ~others
        layers = [1 << start] + [0] * budget
        seen = 0
        for spent in range(budget + 1):
            layers[spent] &= ~seen
            seen |= layers[spent]
            frontier = layers[spent] & go_on
            if not frontier:
                continue
            for level, by_cost in enumerate(STEPS_FROM):
                reached = grid.neighbours(frontier & union[1 << level]) & open_to
                for cost, entered in by_cost:
                    if spent + cost <= budget:
                        layers[spent + cost] |= reached & union[entered]
        return layers

    def destinations(self, start: int, budget: int) -> list[int]:
        """Where the pawn at ``start`` may stop: empty spaces and lower pawns of others."""
        own, others, lower = self.blockers(start)
        stops = 0
        for layer in self._cost_layers(start, budget, others, lower)[1:]:
            stops |= layer
        return list(bits(stops & ~own))

    def move_problem(self, seat: int, start: int, end: int, budget: int) -> str | None:
        """DL-6 for ``seat`` moving the pawn at ``start`` to ``end`` with ``budget`` movement
        points: why it may not (naming the ruling, whatever way it would go), or ``None`` if
        ``end`` is one of the pawn's :meth:`destinations`."""
        where = self._where
        if not self.grid.full >> start & 1 or not self.grid.full >> end & 1:
            return "a pawn moves between spaces of the map (DL-6)"
        pawn = self.pawns.get(start)
        if pawn is None:
            return f"there is no pawn on {where(start)} to move (DL-6)"
        owner, level = pawn
        if owner != seat:
            return f"the pawn on {where(start)} is player {owner + 1}'s: move one of yours (DL-6)"
        if end == start:
            return "a pawn moves to another space (DL-6)"
        there = self.pawns.get(end)
        if there is not None and there[0] == owner:
            return f"{where(end)} holds your own pawn: a pawn may pass your pawns but not stop on one (DL-6)"
        if there is not None and there[1] >= level:
            return (
                f"{where(end)} holds a level-{there[1]} pawn of player {there[0] + 1}: your "
                f"level-{level} pawn stops only on a lower pawn of another player (DL-6)"
            )
        cost = self.move_cost(start, end)
        if cost is None:
            return (
                f"no way from {where(start)} leads to {where(end)}: a pawn never passes another "
                "player's pawn (DL-6)"
            )
        if cost > budget:
            return (
                f"the cheapest way from {where(start)} to {where(end)} costs {cost} points (1 a "
                f"step, 2 one level up, 3 ocean to mountain); the card gives {budget} (DL-6)"
            )
        return None

    def move_cost(self, start: int, end: int) -> int | None:
        """DL-6: the fewest movement points that take the pawn at ``start`` to ``end`` (a
        destination whatever the budget), or ``None`` if no way leads there."""
        _, others, lower = self.blockers(start)
        # No cheapest way costs more than the dearest step on every space of the map.
        most = max(STEP_COST.values()) * self.grid.full.bit_count()
        for cost, layer in enumerate(self._cost_layers(start, most, others, lower)):
            if layer >> end & 1:
                return cost
        return None

    def _where(self, space: int) -> str:
        q, r = self.grid.coords(space)
        return f"{q},{r}"

    def path(self, start: int, end: int, budget: int) -> list[int]:
        """One cheapest path from ``start`` to a destination ``end`` (lowest spaces first)."""
        return self.routes(start, budget).path(end)

    def routes(self, start: int, budget: int) -> Routes:
        """Where the pawn at ``start`` may go with ``budget`` movement points, and the way
        there (:meth:`destinations`, :meth:`path`), from one search: what a list of its
        moves written out asks of every move."""
        own, others, lower = self.blockers(start)
        return Routes(self, start, self._cost_layers(start, budget, others, lower), own, others)

    def empty_touching(self, mask: int) -> int:
        """Spaces without a pawn touching ``mask``, whatever their terrain."""
        return self.grid.neighbours(mask) & ~self.occupied() & ~mask


class Routes:
    """The moves of the pawn at ``start`` on ``board`` (DL-6), from the spaces it first
    reaches for each number of movement points (``layers``, :meth:`Board.cost_layers`)
    and the pawns it passes (``own``) and may not pass (``others``). Read while the board
    is as it was."""

    __slots__ = ("_board", "_cost_of", "_others", "_start", "stops")

    def __init__(self, board: Board, start: int, layers: list[int], own: int, others: int) -> None:
        self._board = board
        self._start = start
        self._others = others
        self._cost_of = {space: c for c, layer in enumerate(layers) for space in bits(layer)}
        stops = 0
        for layer in layers[1:]:
            stops |= layer
        #: Where the pawn may stop (:meth:`Board.destinations`), as a mask.
        self.stops = stops & ~own

    def path(self, end: int) -> list[int]:
        """One cheapest path to a destination ``end`` (lowest spaces first)."""
        board, cost_of, others = self._board, self._cost_of, self._others
        route = [end]
        while route[-1] != self._start:
            here = route[-1]
            for before in sorted(board.neighbour_lists[here]):
                spent = cost_of.get(before)
                if (
                    spent is not None
                    and not others >> before & 1
                    and spent + STEP_COST[board.level(before), board.level(here)] == cost_of[here]
                ):
                    route.append(before)
                    break
            else:
                raise ValueError(f"no path from {self._start} to {end}")
        return route[::-1]


@cache
def neighbour_lists(grid: HexBitGrid) -> list[list[int]]:
    """For each space of the grid, the spaces touching it."""
    lists: list[list[int]] = [[] for _ in range(grid.full.bit_length())]
    for space in bits(grid.full):
        for direction in range(6):
            nxt = grid.shift(1 << space, direction)
            if nxt:
                lists[space].append(nxt.bit_length() - 1)
    return lists
