"""Drifting Lands components: the edition file schema (map, pawns, basic cards).

The map is a set of hex spaces in axial coordinates, each with a point value, and four
corner continents of 7 tiles (a centre and its 6 neighbours) with 4 marked starting
spaces each, listed north-west, north-east, south-east, south-west so that corners
``i`` and ``i + 2`` are diagonally opposite. Every species has the same pawns and the
same 24 basic cards in the basic game.

The schema checks every bound the rules engine relies on: the map fits the
:data:`POSITIONS` board positions that action numbers can name (a grid of rows, one guard
column wide), a space's value is one digit (the map draws it so), and the component counts
the rules fix (the 9 pawns of each level, the 24 cards of 11 types, the 4 corner continents
of 7 tiles).
"""

from __future__ import annotations

import itertools
from functools import cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tablelands.core.game import Edition, EditionFile, name_fields
from tablelands.core.geometry import HEX_DIRECTIONS, HexBitGrid

#: The board positions that action numbers can name (see notation.py): a map lies within them.
POSITIONS = 512

CARD_TYPES = (
    "drifting",
    "ultra_drifting",
    "splitting",
    "ultra_splitting",
    "orogeny",
    "moving",
    "migrating",
    "breeding",
    "reproducing",
    "evolving",
    "mutating",
)
CARD_TITLES = {name: name.replace("_", " ").title() for name in CARD_TYPES}
(
    DRIFTING,
    ULTRA_DRIFTING,
    SPLITTING,
    ULTRA_SPLITTING,
    OROGENY,
    MOVING,
    MIGRATING,
    BREEDING,
    REPRODUCING,
    EVOLVING,
    MUTATING,
) = range(len(CARD_TYPES))
CARD_COUNT = 24
LEVELS = (1, 2, 3, 4)
CORNER_NAMES = ("north-west", "north-east", "south-east", "south-west")
#: What Drifting Lands fixes: each species has 5 level-1 pawns, 2 of level 2, 1 of 3 and 1 of 4.
PAWN_COUNTS = {"1": 5, "2": 2, "3": 1, "4": 1}
#: The highest value a space may show: the map draws a value as one digit.
MAX_SPACE_VALUE = 9

#: The course of a game, shared by the rules (state.py) and the view (view.py): 4 rounds,
#: hands of 4 cards, and the decisions of a game.
ROUNDS = 4
HAND = 4
START, DRIFT, SELECT, PLAY, EFFECT, PART, EXPEL, OVER = range(8)
PHASE_NAMES = ("start", "drift", "select", "play", "effect", "part", "expel", "over")

#: What the seat to move is asked while a card is being played, by the card's type.
CARD_ASKS = (
    "drift a continent (drift Q,R>D)",
    "drift a continent up to 2 steps (drift Q,R>D1,D2)",
    "split a continent with your pawn (split Q,R>D)",
    "split a continent with your pawn (split Q,R>D1,D2)",
    "raise a mountain (orogeny Q,R>Q,R)",
    "move a pawn up to 3 points (move Q,R>...)",
    "move a pawn up to 5 points (move Q,R>...)",
    "breed (breed Q,R), or evolve when you have no level-1 pawn (evolve Q,R)",
    "breed (breed Q,R), or evolve when you have no level-1 pawn (evolve Q,R)",
    "evolve a pawn (evolve Q,R)",
    "mutate a pawn two levels up (evolve Q,R)",
)


def asks(phase: int, selected: int, card_type: int | None) -> str:
    """The decision of the seat to move, in words addressed to it: in ``phase``, having
    selected ``selected`` cards, while a card of ``card_type`` is being played (if any)."""
    if phase == EFFECT:
        assert card_type is not None
        return CARD_ASKS[card_type]
    return {
        START: "choose your starting corner continent (start N)",
        DRIFT: "drift a continent with your pawn (drift Q,R>D)",
        SELECT: f"select card {selected + 1} of {HAND} for this round (select N)",
        PLAY: "play a card from your hand (play N)",
        PART: "choose the part that moves (part Q,R Q,R ...)",
        EXPEL: "choose where the expelled pawn goes (expel Q,R)",
        OVER: "nothing: the game is over",
    }[phase]


Cell = tuple[int, int]
#: (continent, its mountains) -> its points (DL-1), as masks on one map
ValueMemo = dict[tuple[int, int], int]


class SpaceModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    q: int = Field(ge=-POSITIONS, le=POSITIONS)
    r: int = Field(ge=-POSITIONS, le=POSITIONS)
    value: int = Field(ge=0, le=MAX_SPACE_VALUE)


class CornerModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    tiles: list[Cell] = Field(min_length=7, max_length=7)
    starts: list[Cell] = Field(min_length=4, max_length=4)

    @model_validator(mode="after")
    def _shape(self) -> CornerModel:
        tiles = set(self.tiles)
        if len(tiles) != 7:
            raise ValueError("a corner continent has 7 different tiles")
        centres = [
            (q, r) for q, r in tiles if all((q + dq, r + dr) in tiles for dq, dr in HEX_DIRECTIONS)
        ]
        if len(centres) != 1:
            raise ValueError("a corner continent is a centre tile and its 6 neighbours")
        if not set(self.starts) <= tiles or len(set(self.starts)) != 4:
            raise ValueError("the 4 starting spaces are 4 different tiles of the continent")
        return self

    def centre(self) -> Cell:
        """The tile whose 6 neighbours are all tiles of the continent."""
        tiles = set(self.tiles)
        return next(
            (q, r)
            for q, r in self.tiles
            if all((q + dq, r + dr) in tiles for dq, dr in HEX_DIRECTIONS)
        )


class MapModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    spaces: list[SpaceModel] = Field(min_length=7, max_length=POSITIONS)
    corners: list[CornerModel] = Field(min_length=4, max_length=4)

    @model_validator(mode="after")
    def _corners_on_map(self) -> MapModel:
        qs, rs = [s.q for s in self.spaces], [s.r for s in self.spaces]
        # The board numbers its positions row by row, one guard column after the last q
        # (HexBitGrid); every position must have a number below POSITIONS.
        width = max(qs) - min(qs) + 2
        needed = (max(rs) - min(rs)) * width + max(qs) - min(qs) + 1
        if needed > POSITIONS:
            raise ValueError(
                f"spaces: the map spans q {min(qs)} to {max(qs)} and r {min(rs)} to {max(rs)}, "
                f"a board of {needed} positions; action numbers name at most {POSITIONS}"
            )
        cells = [(s.q, s.r) for s in self.spaces]
        if len(set(cells)) != len(cells):
            raise ValueError("two spaces share a position")
        on_map = set(cells)
        used: set[Cell] = set()
        for i, corner in enumerate(self.corners):
            tiles = set(corner.tiles)
            if not tiles <= on_map:
                raise ValueError(f"corners.{i}: every tile stands on a space of the map")
            near = {(q + dq, r + dr) for q, r in tiles for dq, dr in HEX_DIRECTIONS}
            if near & used:
                raise ValueError(f"corners.{i}: corner continents must not touch each other")
            used |= tiles
        for i, (corner, name) in enumerate(zip(self.corners, CORNER_NAMES, strict=True)):
            if corner.name != name:
                raise ValueError(
                    f"corners.{i}.name: the corners are listed {', '.join(CORNER_NAMES)}, "
                    f"so this one is {name!r}, not {corner.name!r}"
                )
        # Doubled coordinates: x grows to the east, y to the south.
        (x0, y0), (x1, y1), (x2, y2), (x3, y3) = (
            (2 * q + r, r) for q, r in (corner.centre() for corner in self.corners)
        )
        if not (x0 < x1 and x3 < x2 and y0 < y3 and y1 < y2):
            raise ValueError(
                "corners: the north-west continent must lie west of the north-east one and "
                "north of the south-west one, the south-east east of the south-west and south "
                "of the north-east, so that corners 1 and 3, 2 and 4 are diagonally opposite"
            )
        return self


class CardModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: int = Field(ge=1, le=CARD_COUNT)
    type: str
    points: int = Field(ge=0, le=3)

    @field_validator("type")
    @classmethod
    def _known_type(cls, name: str) -> str:
        if name not in CARD_TYPES:
            raise ValueError(f"{name!r} is not a card type ({', '.join(CARD_TYPES)})")
        return name


class SpeciesModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    pawns: dict[str, int]
    cards: list[CardModel]

    @field_validator("pawns")
    @classmethod
    def _pawns(cls, pawns: dict[str, int]) -> dict[str, int]:
        if sorted(pawns) != ["1", "2", "3", "4"] or any(n < 0 for n in pawns.values()):
            raise ValueError("give a pawn count for each level 1-4")
        if pawns != PAWN_COUNTS:
            raise ValueError(
                "a species has 9 pawns: 5 of level 1, 2 of level 2, 1 of level 3 and 1 of "
                f"level 4, not {pawns}"
            )
        return pawns

    @field_validator("cards")
    @classmethod
    def _cards(cls, cards: list[CardModel]) -> list[CardModel]:
        if sorted(c.id for c in cards) != list(range(1, CARD_COUNT + 1)):
            raise ValueError(f"the cards must be ids 1 to {CARD_COUNT}, each once")
        missing = set(CARD_TYPES) - {c.type for c in cards}
        if missing:
            raise ValueError(f"the basic cards use all 11 types; missing {sorted(missing)}")
        return sorted(cards, key=lambda c: c.id)


class EditionModel(EditionFile):
    game: Literal["drifting-lands"]
    map: MapModel
    species: SpeciesModel


# ---------------------------------------------------------------------------
# What the published components hold

#: The rulings' Components: a map of 100 to 160 spaces valued 1 to 4, rising toward the
#: centre; four corners alike; stronger cards carrying fewer basic points. An edition that
#: does otherwise is a variant, played but warned of (:func:`map_warnings`).
PUBLISHED_SPACES = (100, 160)
PUBLISHED_VALUES = (1, 4)
#: Each card type and the stronger one of its kind.
STRONGER = (
    ("drifting", "ultra_drifting"),
    ("splitting", "ultra_splitting"),
    ("moving", "migrating"),
    ("breeding", "reproducing"),
    ("evolving", "mutating"),
)


def _corner_shape(corner: CornerModel, values: dict[Cell, int]) -> tuple[object, ...]:
    """A corner continent's values and starting spaces around its centre, the same for the
    continent turned or mirrored: corners of one shape are alike."""
    q, r = corner.centre()
    starts = set(corner.starts)
    ring = [((q + dq, r + dr) in starts, values[q + dq, r + dr]) for dq, dr in HEX_DIRECTIONS]
    turns = [ring[i:] + ring[:i] for i in range(6)]
    turns += [list(reversed(t)) for t in turns]
    return ((q, r) in starts, values[q, r], min(tuple(t) for t in turns))


def _pieces(cells: set[Cell]) -> int:
    """How many pieces of touching spaces ``cells`` make."""
    left, pieces = set(cells), 0
    while left:
        pieces += 1
        todo = [left.pop()]
        while todo:
            q, r = todo.pop()
            for dq, dr in HEX_DIRECTIONS:
                if (q + dq, r + dr) in left:
                    left.remove((q + dq, r + dr))
                    todo.append((q + dq, r + dr))
    return pieces


def _rings_by_value(spaces: list[SpaceModel]) -> list[float]:
    """The mean value of the spaces at each distance from the map's centre (the mean of the
    spaces' positions), nearest first, distances rounded to whole steps."""
    cq = sum(s.q for s in spaces) / len(spaces)
    cr = sum(s.r for s in spaces) / len(spaces)
    rings: dict[int, list[int]] = {}
    for s in spaces:
        dq, dr = s.q - cq, s.r - cr
        steps = int((abs(dq) + abs(dr) + abs(dq + dr)) / 2 + 0.5)
        rings.setdefault(steps, []).append(s.value)
    return [sum(rings[d]) / len(rings[d]) for d in sorted(rings)]


def map_warnings(model: EditionModel) -> list[str]:
    """What the map and cards do that the published ones do not, though the rules allow
    it (the rulings' Components): the map's size, its values and how they rise toward the
    centre, the map in one piece, the four corners alike, stronger cards carrying fewer
    basic points."""
    warnings: list[str] = []
    spaces = model.map.spaces
    low, high = PUBLISHED_SPACES
    if not low <= len(spaces) <= high:
        warnings.append(f"map.spaces: {len(spaces)} spaces; the published map has {low} to {high}")
    low, high = PUBLISHED_VALUES
    odd = [f"map.spaces.{i}.value" for i, s in enumerate(spaces) if not low <= s.value <= high]
    if odd:
        warnings.append(
            f"{name_fields(odd)}: {len(odd)} space(s) valued outside {low} to {high}, the "
            "published map's values"
        )
    rings = _rings_by_value(spaces)
    if rings[0] <= rings[-1] or any(far > near for near, far in itertools.pairwise(rings)):
        shown = ", ".join(f"{mean:.1f}" for mean in rings)
        warnings.append(
            f"map.spaces: the values do not rise toward the centre as the published map's "
            f"do (their mean by distance from the centre, nearest first: {shown})"
        )
    pieces = _pieces({(s.q, s.r) for s in spaces})
    if pieces > 1:
        warnings.append(f"map.spaces: the map is in {pieces} pieces; the published map is one")
    values = {(s.q, s.r): s.value for s in spaces}
    shapes = [_corner_shape(corner, values) for corner in model.map.corners]
    worth = [sum(values[cell] for cell in corner.tiles) for corner in model.map.corners]
    for i in range(1, len(shapes)):
        if shapes[i] != shapes[0]:
            warnings.append(
                f"map.corners.{i}: not like map.corners.0 (values and starting spaces around "
                f"its centre, up to turning and mirroring; worth {worth[i]} at set-up against "
                f"{worth[0]}): the published corners are alike, so that no corner is worth "
                "more at set-up"
            )
    points: dict[str, list[int]] = {}
    for card in model.species.cards:
        points.setdefault(card.type, []).append(card.points)
    for weaker, stronger in STRONGER:
        if max(points[stronger]) >= min(points[weaker]):
            warnings.append(
                f"species.cards: {stronger} cards carry up to {max(points[stronger])} basic "
                f"points, {weaker} cards as few as {min(points[weaker])}; on the published "
                "cards the stronger carry fewer"
            )
    return warnings


@cache
def value_memo(grid: HexBitGrid, values: tuple[tuple[int, int], ...]) -> ValueMemo:
    """The continent values remembered for the map of these cells and these space values
    (``(space, value)`` pairs). A value depends on both, so two editions on the same cells
    with other values keep apart, while every copy of an edition (an equal grid, the same
    values: an edition unpickled in a worker) shares one table."""
    return {}


class DriftingLandsEdition(Edition):
    """A validated edition, with the map as a bitboard grid."""

    schema = EditionModel
    package = "tablelands.games.drifting_lands"
    model: EditionModel

    def __init__(self, model: EditionModel) -> None:
        super().__init__(model)
        self.grid = HexBitGrid((s.q, s.r) for s in model.map.spaces)
        self.value = {self.grid.index(s.q, s.r): s.value for s in model.map.spaces}
        self.value_memo = value_memo(self.grid, tuple(sorted(self.value.items())))
        self.corner_tiles = [
            sum(1 << self.grid.index(q, r) for q, r in corner.tiles) for corner in model.map.corners
        ]
        self.corner_starts = [
            [self.grid.index(q, r) for q, r in corner.starts] for corner in model.map.corners
        ]
        #: card id -> (type index, points)
        self.cards = {c.id: (CARD_TYPES.index(c.type), c.points) for c in model.species.cards}
        self.card_points = {c.id: c.points for c in model.species.cards}
        self.all_card_points = sum(self.card_points.values())
        self.pawns = [0] + [model.species.pawns[str(level)] for level in LEVELS]

    def warnings(self) -> list[str]:
        return map_warnings(self.model)

    # The value memo is shared, not part of the edition: a copy finds it again by its map.
    def __getstate__(self) -> dict[str, Any]:
        state = self.__dict__.copy()
        del state["value_memo"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self.value_memo = value_memo(self.grid, tuple(sorted(self.value.items())))
