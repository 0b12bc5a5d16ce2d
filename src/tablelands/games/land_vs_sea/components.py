"""Land vs Sea components: the edition file schema and faces compiled for the rules.

A face gives each of its 6 edges a type, land ``L`` or sea ``S`` (edge 0 first, then
clockwise), and splits the edges into regions of one type each (LS-1). It may carry bonus
symbols (per region), a Play Again or Steal symbol, a run of 2 or 3 mountain (land) or
coral (sea) edges, and a caravan or a ship.

The schema checks every bound the rules engine relies on: edges are numbered 0-5 wherever
they appear, a region carries 0 to :data:`MAX_BONUS` bonus symbols and a face at most
:data:`MAX_BONUS` in all (the map draws a face's symbols as one digit), and the tiles are
the 58 the rules fix, ids 1 to 58. Faces that look alike are allowed: printed tiles may
repeat a face, and a visible face then does not tell the tile (LS-5).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator, model_validator

from tablelands.core.game import Edition, EditionFile, name_fields

LAND, SEA = 0, 1
CARTOGRAPHER = 2  # the third side, in 3-player games
SIDE_NAMES = ("land", "sea", "cartographer")
#: Each seat's side, by player count (LS-12).
SIDES_BY_PLAYERS = {2: (LAND, SEA), 3: (LAND, SEA, CARTOGRAPHER), 4: (LAND, SEA, LAND, SEA)}
#: The decisions of a game, shared by the rules (state.py) and the view (view.py).
DRAFT, PLACE, PLACE_AGAIN, CHOOSE_HOLE, CHOOSE_STEAL, PUT_WAYPOINT, REPLENISH, OVER = range(8)
PHASE_NAMES = ("draft", "place", "place again", "choose hole", "steal", "waypoint", "draw", "over")
#: Each decision in words, addressed to the seat to make it, by phase.
ASKS = (
    "draw a tile for your opening hand (draw 1 or draw 2)",
    "place a tile (or pass, if none fits)",
    "place your other tile (Play Again)",
    "choose the hole for the Volcano/Whirlpool (hole Q,R)",
    "steal a tile (steal P/N) or decline (steal none)",
    "put your waypoint (waypoint Q,R:E) or decline (waypoint none)",
    "draw back up to two tiles (draw 1 or draw 2)",
    "nothing: the game is over",
)
TYPE_LETTERS = "LS"
NO_TRADE, CARAVAN, SHIP = 0, 1, 2
TRADE_NAMES = (None, "caravan", "ship")
NO_ACTION, PLAY_AGAIN, STEAL = 0, 1, 2
ACTION_NAMES = (None, "play_again", "steal")
TILE_COUNT = 58
START_ID = 0
VOLCANO_ID = TILE_COUNT + 1
FACE_NAMES = "ab"
#: The most bonus symbols a region, or a whole face, may carry: the map draws them as one digit.
MAX_BONUS = 9

#: An edge of a face: 0 (north-east) to 5, clockwise.
EdgeNumber = Annotated[int, Field(ge=0, le=5)]


class RegionModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    edges: list[EdgeNumber] = Field(min_length=1, max_length=6)
    bonus: int = Field(default=0, ge=0, le=MAX_BONUS)


def _interleave(a: set[int], b: set[int], points: int = 6) -> bool:
    """Whether two disjoint sets of points around the hex (its edges, or with ``points=12``
    its edges and corners) alternate (a..b..a..b)."""
    seq = [0 if i in a else 1 for i in range(points) if i in a or i in b]
    changes = sum(1 for i in range(len(seq)) if seq[i] != seq[i - 1])
    return changes >= 4


@cache
def _unparted_corner(edges: str, regions: tuple[tuple[int, ...], ...]) -> int | None:
    """LS-1 at the corners. Two edges side by side of one type but in different regions are
    parted only by a region of the other type that reaches the corner between them (as at a
    corner tile's meeting point), without interleaving with another region. The first corner
    (``e``: the corner of edges ``e`` and ``e + 1``) that no region can reach so, or ``None``.
    (Every corner that can be reached alone can be reached together with the others: all
    1,806 faces whose regions do not interleave were tried.)"""
    region_of = {e: i for i, region in enumerate(regions) for e in region}
    # Around the rim, edge e is point 2e and the corner after it point 2e + 1.
    rim = [{2 * e for e in region} for region in regions]
    for corner in range(6):
        after = (corner + 1) % 6
        if edges[corner] != edges[after] or region_of[corner] == region_of[after]:
            continue
        if not any(
            edges[region[0]] != edges[corner]
            and not any(
                _interleave(rim[i] | {2 * corner + 1}, points, 12)
                for j, points in enumerate(rim)
                if j != i
            )
            for i, region in enumerate(regions)
        ):
            return corner
    return None


class FaceModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    edges: str = Field(pattern=r"^[LS]{6}$")
    regions: list[RegionModel] = Field(min_length=1, max_length=6)
    mountains: list[EdgeNumber] = []
    corals: list[EdgeNumber] = []
    trade: Literal["caravan", "ship"] | None = None
    action: Literal["play_again", "steal"] | None = None

    @model_validator(mode="after")
    def _check(self) -> FaceModel:
        seen: list[int] = []
        for region in self.regions:
            if any(not 0 <= e <= 5 for e in region.edges):
                raise ValueError("region edges are numbered 0 to 5")
            types = {self.edges[e] for e in region.edges}
            if len(types) != 1:
                raise ValueError(f"region {region.edges} mixes land and sea edges (LS-1)")
            seen.extend(region.edges)
        if sorted(seen) != list(range(6)):
            raise ValueError("the regions must hold each edge 0-5 exactly once (LS-1)")
        if sum(region.bonus for region in self.regions) > MAX_BONUS:
            raise ValueError(f"a face carries at most {MAX_BONUS} bonus symbols in all")
        sets = [set(r.edges) for r in self.regions]
        for i, a in enumerate(sets):
            for b in sets[i + 1 :]:
                if _interleave(a, b):
                    raise ValueError(f"regions {sorted(a)} and {sorted(b)} interleave (LS-1)")
        corner = _unparted_corner(self.edges, tuple(tuple(sorted(r)) for r in sets))
        if corner is not None:
            after = (corner + 1) % 6
            kind, other = ("land", "sea") if self.edges[corner] == "L" else ("sea", "land")
            one, two = (sorted(next(r for r in sets if e in r)) for e in (corner, after))
            raise ValueError(
                f"regions {one} and {two} are both {kind} and meet at the corner of edges "
                f"{corner} and {after}: only a {other} region reaching that corner could part "
                "them, and none can without interleaving with another region (LS-1: regions "
                "are planar)"
            )
        for name, kind in (("mountains", "L"), ("corals", "S")):
            run: list[int] = getattr(self, name)
            if not run:
                continue
            if not 2 <= len(run) <= 3 or any(self.edges[e % 6] != kind for e in run):
                raise ValueError(
                    f"{name} cover 2 or 3 consecutive {'land' if kind == 'L' else 'sea'} edges"
                )
            start = run[0]
            if [e % 6 for e in run] != [(start + i) % 6 for i in range(len(run))]:
                raise ValueError(f"{name} edges must be consecutive, clockwise: got {run}")
        return self

    def key(self) -> str:
        """A canonical text of everything the face shows: equal keys, indistinguishable faces."""
        regions = "|".join(
            ",".join(map(str, sorted(r.edges))) + f"+{r.bonus}"
            for r in sorted(self.regions, key=lambda r: min(r.edges))
        )
        extras = [
            "m" + "".join(map(str, self.mountains)) if self.mountains else "",
            "c" + "".join(map(str, self.corals)) if self.corals else "",
            self.trade or "",
            self.action or "",
        ]
        return f"{self.edges}/{regions}/" + "/".join(extras)


class TileModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: int = Field(ge=1, le=TILE_COUNT)
    a: FaceModel
    b: FaceModel


#: The faces whose edges the rules fix: field -> (edges, what the error says).
SPECIAL_FACES = {
    "start": ("LLLSSS", "the start tile is LLLSSS"),
    "volcano": ("LLLLLL", "the Volcano face is all land (LLLLLL)"),
    "whirlpool": ("SSSSSS", "the Whirlpool face is all sea (SSSSSS)"),
}


class EditionModel(EditionFile):
    game: Literal["land-vs-sea"]
    start: FaceModel
    volcano: FaceModel
    whirlpool: FaceModel
    tiles: list[TileModel]

    @field_validator("start", "volcano", "whirlpool")
    @classmethod
    def _special_faces(cls, face: FaceModel, info: ValidationInfo) -> FaceModel:
        edges, says = SPECIAL_FACES[str(info.field_name)]
        if face.edges != edges:
            raise ValueError(says)
        return face

    @field_validator("tiles")
    @classmethod
    def _tiles(cls, tiles: list[TileModel]) -> list[TileModel]:
        ids = sorted(t.id for t in tiles)
        if ids != list(range(1, TILE_COUNT + 1)):
            raise ValueError(f"the tiles must be ids 1 to {TILE_COUNT}, each once")
        for tile in tiles:
            for name in FACE_NAMES:
                if getattr(tile, name).edges in ("LLLLLL", "SSSSSS"):
                    raise ValueError(
                        f"tile {tile.id} face {name}: only the Volcano/Whirlpool is all one type"
                    )
        return tiles


# ---------------------------------------------------------------------------
# Faces compiled for the rules


def rotate_mask(mask: int, turns: int) -> int:
    """A 6-bit edge mask after turning the face ``turns`` sixth-turns clockwise."""
    turns %= 6
    return ((mask << turns) | (mask >> (6 - turns))) & 0b111111


@dataclass(frozen=True, slots=True)
class Face:
    """A face as placed: every mask is indexed by direction (0-5, clockwise from north-east)."""

    key: str
    land: int  # bit d set: the edge facing direction d is land
    region_of_edge: tuple[int, ...]  # direction -> region index
    region_types: tuple[int, ...]
    region_edges: tuple[int, ...]  # region -> mask of its directions
    region_bonus: tuple[int, ...]
    mountains: int
    corals: int
    trade: int
    action: int

    @property
    def is_corner(self) -> bool:
        return self.region_types.count(LAND) == 2 and self.region_types.count(SEA) == 2

    @property
    def bonus(self) -> int:
        return sum(self.region_bonus)

    def edge_string(self) -> str:
        return "".join("L" if self.land >> d & 1 else "S" for d in range(6))


def compile_face(model: FaceModel, rotation: int) -> Face:
    def mask(edges: list[int]) -> int:
        return rotate_mask(sum(1 << (e % 6) for e in edges), rotation)

    land = mask([i for i, t in enumerate(model.edges) if t == "L"])
    regions = sorted(model.regions, key=lambda r: min(r.edges))
    region_edges = tuple(mask(r.edges) for r in regions)
    region_of_edge = tuple(
        next(i for i, m in enumerate(region_edges) if m >> d & 1) for d in range(6)
    )
    return Face(
        key=model.key(),
        land=land,
        region_of_edge=region_of_edge,
        region_types=tuple(LAND if model.edges[r.edges[0]] == "L" else SEA for r in regions),
        region_edges=region_edges,
        region_bonus=tuple(r.bonus for r in regions),
        mountains=mask(model.mountains),
        corals=mask(model.corals),
        trade=TRADE_NAMES.index(model.trade),
        action=ACTION_NAMES.index(model.action),
    )


# ---------------------------------------------------------------------------
# What the published tiles hold


def edge_pattern(edges: str) -> str:
    """A face's edge types up to turning: the first of its 6 turns in text order."""
    return min(edges[i:] + edges[:i] for i in range(6))


#: The edge patterns up to turning that the published faces show (the rulings' Components):
#: all but all-land, all-sea and strictly alternating, each on at least 4 faces.
PUBLISHED_PATTERNS = tuple(
    sorted(
        {edge_pattern(f"{n:06b}".translate(str.maketrans("01", "LS"))) for n in range(64)}
        - {"LLLLLL", "SSSSSS", "LSLSLS"}
    )
)
PUBLISHED_PATTERN_FACES = 4


def _shown(face: Face) -> tuple[object, ...]:
    regions = sorted(zip(face.region_edges, face.region_types, face.region_bonus, strict=True))
    return (face.land, tuple(regions), face.mountains, face.corals, face.trade, face.action)


def face_shape(model: FaceModel) -> tuple[object, ...]:
    """What a face shows, the same for all its turns: faces of one shape are alike."""
    return min(_shown(compile_face(model, turns)) for turns in range(6))


def tile_warnings(model: EditionModel) -> list[str]:
    """What the tiles do that the published ones do not, though the rules allow it: the
    counts of the rulings' Components (edge patterns, corner, Play Again and Steal faces,
    bonus symbols, mountains, corals, caravans, ships), faces alike, and symbols on the start
    or Volcano/Whirlpool tile that no rule takes."""
    warnings: list[str] = []
    faces = [
        (f"tiles.{i}.{name}", getattr(tile, name))
        for i, tile in enumerate(model.tiles)
        for name in FACE_NAMES
    ]
    patterns: dict[str, list[str]] = {}
    for field, face in faces:
        patterns.setdefault(edge_pattern(face.edges), []).append(field)
    alternating = patterns.get("LSLSLS", [])
    if alternating:
        warnings.append(
            f"{name_fields(alternating)}: strictly alternating edges (LSLSLS), which the "
            "published faces never show"
        )
    few = [
        f"{pattern} on {len(patterns.get(pattern, []))}"
        for pattern in PUBLISHED_PATTERNS
        if len(patterns.get(pattern, [])) < PUBLISHED_PATTERN_FACES
    ]
    if few:
        warnings.append(
            f"tiles: the edge patterns (up to turning) {', '.join(few)} faces; the published "
            f"faces show each of the {len(PUBLISHED_PATTERNS)} patterns but LLLLLL, SSSSSS "
            f"and LSLSLS at least {PUBLISHED_PATTERN_FACES} times"
        )
    compiled = [compile_face(face, 0) for _, face in faces]
    counts = (
        ("corner faces", sum(f.is_corner for f in compiled), 6, 10),
        ("Play Again faces", sum(f.action == PLAY_AGAIN for f in compiled), 8, 12),
        ("Steal faces", sum(f.action == STEAL for f in compiled), 6, 10),
        ("bonus symbols", sum(f.bonus for f in compiled), 30, 50),
        ("faces with mountains", sum(bool(f.mountains) for f in compiled), 12, 20),
        ("faces with corals", sum(bool(f.corals) for f in compiled), 12, 20),
        ("caravans", sum(f.trade == CARAVAN for f in compiled), 10, 16),
        ("ships", sum(f.trade == SHIP for f in compiled), 10, 16),
    )
    for what, count, low, high in counts:
        if not low <= count <= high:
            warnings.append(f"tiles: {count} {what}; the published tiles have {low} to {high}")
    same = [f"tiles.{i}" for i, t in enumerate(model.tiles) if face_shape(t.a) == face_shape(t.b)]
    if same:
        warnings.append(
            f"{name_fields(same)}: {len(same)} tile(s) with faces a and b alike (up to "
            "turning), whose hidden face tells nothing the up face does not (LS-5)"
        )
    shapes = {face_shape(face) for _, face in faces}
    if len(shapes) < TILE_COUNT:
        warnings.append(
            f"tiles: only {len(shapes)} different faces (up to turning) among the "
            f"{len(faces)}, fewer than there are tiles: a face on show tells little of its "
            "tile (LS-5)"
        )
    for field, face, why in (
        ("start", model.start, "the start tile is on the map from the start, placed by nobody"),
        ("volcano", model.volcano, "the Volcano fills a hole by itself (LS-4)"),
        ("whirlpool", model.whirlpool, "the Whirlpool fills a hole by itself (LS-4)"),
    ):
        if face.action:
            warnings.append(
                f"{field}.action: {face.action}, which no one takes: {why}, and a symbol's "
                "action is taken by the player who places its face (LS-6)"
            )
    return warnings


class LandVsSeaEdition(Edition):
    """A validated edition with every face compiled in its 6 rotations."""

    schema = EditionModel
    package = "tablelands.games.land_vs_sea"
    model: EditionModel

    def __init__(self, model: EditionModel) -> None:
        super().__init__(model)
        by_id = {t.id: t for t in model.tiles}
        #: faces[tile_id][face] -> printed face model; 0 is the start tile, VOLCANO_ID the Volcano.
        self.face_models: dict[int, tuple[FaceModel, FaceModel]] = {
            START_ID: (model.start, model.start),
            VOLCANO_ID: (model.volcano, model.whirlpool),
            **{i: (by_id[i].a, by_id[i].b) for i in range(1, TILE_COUNT + 1)},
        }
        #: rotated[tile_id][face][rotation] -> Face
        self.rotated: dict[int, tuple[tuple[Face, ...], ...]] = {
            tile: tuple(tuple(compile_face(face, r) for r in range(6)) for face in faces)
            for tile, faces in self.face_models.items()
        }
        self.keys: dict[int, tuple[str, str]] = {
            tile: (faces[0].key(), faces[1].key()) for tile, faces in self.face_models.items()
        }
        #: face content -> one (tile, face) that shows it
        self.by_key: dict[str, tuple[int, int]] = {}
        #: face content -> every tile with a face that shows it, in id order
        self.showing: dict[str, tuple[int, ...]] = {}
        for tile, pair in self.keys.items():
            for face, key in enumerate(pair):
                self.by_key.setdefault(key, (tile, face))
                if tile not in self.showing.get(key, ()):
                    self.showing[key] = (*self.showing.get(key, ()), tile)

    def warnings(self) -> list[str]:
        return tile_warnings(self.model)
