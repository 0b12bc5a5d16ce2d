"""Land vs Sea actions: integers on the hot path, text in the notation below.

* placement ``<tile><face><rotation>@<q>,<r>``, e.g. ``17b3@2,-1``: tile id, face ``a`` or
  ``b`` as printed, 0-5 sixth-turns clockwise (printed edge i then faces direction i+rotation),
  axial position;
* ``draw 1`` / ``draw 2``: the top tile of a stack;
* ``steal P/N``: the tile in slot N of seat P's hand (both 1-based); ``steal none``;
* ``waypoint Q,R:E``: the waypoint on the region of the tile at Q,R holding edge E;
  ``waypoint none``;
* ``hole Q,R``: where the Volcano/Whirlpool goes when a placement makes two holes;
* ``pass``: no held tile can be placed.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from tablelands.core.errors import NotationError
from tablelands.core.game import JsonDict
from tablelands.core.notation import ActionFields, check_text, not_an_action
from tablelands.games.land_vs_sea.board import OFFSET, WIDTH, Board, pack, unpack
from tablelands.games.land_vs_sea.components import FACE_NAMES, TILE_COUNT

POSITIONS = WIDTH * WIDTH
PLACE_COUNT = (TILE_COUNT + 2) * 2 * 6 * POSITIONS
DRAW = PLACE_COUNT  # + stack index
STEAL = DRAW + 2  # + victim * 4 + slot
NO_STEAL = STEAL + 16
PASS = NO_STEAL + 1
NO_WAYPOINT = PASS + 1
WAYPOINT = NO_WAYPOINT + 1  # + position * 6 + edge
HOLE = WAYPOINT + POSITIONS * 6  # + position
ACTION_COUNT = HOLE + POSITIONS

NOTATION_HELP = (
    "Place with TILE FACE ROTATION @Q,R, e.g. 17b3@2,-1 (tile 17, face b, turned 3 sixth-turns "
    "clockwise, at q=2, r=-1). Other actions: draw 1, draw 2, steal P/N, steal none, "
    "waypoint Q,R:E, waypoint none, hole Q,R, pass."
)


@dataclass(frozen=True, slots=True)
class Placement:
    tile: int
    face: int
    rotation: int
    position: int

    def encode(self) -> int:
        return ((self.tile * 2 + self.face) * 6 + self.rotation) * POSITIONS + self.position

    def __str__(self) -> str:
        q, r = unpack(self.position)
        return f"{self.tile}{FACE_NAMES[self.face]}{self.rotation}@{q},{r}"


def decode_placement(action: int) -> Placement:
    rest, position = divmod(action, POSITIONS)
    rest, rotation = divmod(rest, 6)
    tile, face = divmod(rest, 2)
    return Placement(tile, face, rotation, position)


def _players_placement(action: object) -> Placement | None:
    """The placement action number ``action`` is if a player may make it (any tile but the
    start tile and the Volcano, which the rules set out), else ``None``."""
    if type(action) is int and 0 <= action < PLACE_COUNT:
        placement = decode_placement(action)
        if 1 <= placement.tile <= TILE_COUNT:
            return placement
    return None


def format_action(action: int) -> str:
    """The text of action number ``action``; ``NotationError`` if no text names it."""
    if type(action) is not int or not 0 <= action < ACTION_COUNT:
        raise NotationError(not_an_action(action, "Land vs Sea", ACTION_COUNT))
    if action < PLACE_COUNT:
        placement = decode_placement(action)
        # The start tile (0) and the Volcano are set out by the rules, never placed by a player.
        if not 1 <= placement.tile <= TILE_COUNT:
            raise NotationError(
                f"{action} is not a Land vs Sea action number: no player places tile "
                f"{placement.tile}"
            )
        return str(placement)
    if DRAW <= action < STEAL:
        return f"draw {action - DRAW + 1}"
    if STEAL <= action < NO_STEAL:
        victim, slot = divmod(action - STEAL, 4)
        return f"steal {victim + 1}/{slot + 1}"
    if action == NO_STEAL:
        return "steal none"
    if action == PASS:
        return "pass"
    if action == NO_WAYPOINT:
        return "waypoint none"
    if WAYPOINT <= action < HOLE:
        position, edge = divmod(action - WAYPOINT, 6)
        q, r = unpack(position)
        return f"waypoint {q},{r}:{edge}"
    q, r = unpack(action - HOLE)  # the last field: HOLE <= action < ACTION_COUNT
    return f"hole {q},{r}"


_INT = r"([+-]?[0-9]+)"
_PLACE = re.compile(rf"([0-9]+)([a-z])([0-9]+)@{_INT},{_INT}")
_STEAL = re.compile(r"steal([0-9]+)/([0-9]+)")
_WAYPOINT = re.compile(rf"waypoint{_INT},{_INT}:([0-9]+)")
_HOLE = re.compile(rf"hole{_INT},{_INT}")
_DRAW = re.compile(r"draw([0-9]+)")
#: Spaces may stand anywhere but inside a number: ``draw 1 2`` is not ``draw 12``.
_SPLIT_NUMBER = re.compile(r"[0-9]\s+[0-9]")


def _position(q: str, r: str) -> int:
    try:
        return pack(int(q), int(r))
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def parse(text: str) -> int:
    """The action written as ``text``; ``NotationError`` explains what is wrong."""
    check_text(text)
    if _SPLIT_NUMBER.search(text):
        raise NotationError(f"{text!r}: a number is written without spaces inside it")
    compact = "".join(text.split()).lower()
    fixed = {"pass": PASS, "stealnone": NO_STEAL, "waypointnone": NO_WAYPOINT}
    if compact in fixed:
        return fixed[compact]
    if match := _PLACE.fullmatch(compact):
        tile, face, rotation = int(match[1]), match[2], int(match[3])
        if not 1 <= tile <= TILE_COUNT:
            raise NotationError(f"tile {tile} does not exist: tiles are numbered 1 to {TILE_COUNT}")
        if face not in FACE_NAMES:
            raise NotationError(f"face {face!r}: a tile has faces a and b")
        if rotation > 5:
            raise NotationError(f"rotation {rotation}: a tile turns 0 to 5 sixth-turns")
        return Placement(
            tile, FACE_NAMES.index(face), rotation, _position(match[4], match[5])
        ).encode()
    if match := _DRAW.fullmatch(compact):
        stack = int(match[1])
        if stack not in (1, 2):
            raise NotationError(f"stack {stack}: the stacks are 1 and 2")
        return DRAW + stack - 1
    if match := _STEAL.fullmatch(compact):
        seat, slot = int(match[1]), int(match[2])
        if not (1 <= seat <= 4 and 1 <= slot <= 4):
            raise NotationError(f"steal {seat}/{slot}: name a seat 1-4 and a hand slot 1-4")
        return STEAL + (seat - 1) * 4 + slot - 1
    if match := _WAYPOINT.fullmatch(compact):
        edge = int(match[3])
        if edge > 5:
            raise NotationError(f"edge {edge}: edges are numbered 0 to 5")
        return WAYPOINT + _position(match[1], match[2]) * 6 + edge
    if match := _HOLE.fullmatch(compact):
        return HOLE + _position(match[1], match[2])
    raise NotationError(f"{text!r} is not a Land vs Sea action. {NOTATION_HELP}")


def _region(board: Board, position: int, edge: int) -> list[int]:
    """The edges of the region holding ``edge`` of the tile at ``position`` (just ``edge``
    where no tile lies)."""
    if position not in board.tiles:
        return [edge]
    face = board.faces[board.tiles[position]]
    edges = face.region_edges[face.region_of_edge[edge]]
    return [d for d in range(6) if edges >> d & 1]


def parse_action(text: str, board: Board) -> int:
    """The action ``text`` names on ``board``: as :func:`parse`, and a waypoint may name any
    edge of its region (the lowest is canonical)."""
    action = parse(text)
    if WAYPOINT <= action < HOLE:
        position, edge = divmod(action - WAYPOINT, 6)
        action = WAYPOINT + position * 6 + _region(board, position, edge)[0]
    return action


# -- actions as JSON (docs/actions.md) ----------------------------------------------------

_KINDS = ("place", "draw", "steal", "steal_none", "waypoint", "waypoint_none", "hole", "pass")
_FIXED = {PASS: "pass", NO_STEAL: "steal_none", NO_WAYPOINT: "waypoint_none"}
#: Axial coordinates a position can have.
_AXIS = (-OFFSET, OFFSET - 1)


def to_json(action: int, board: Board) -> JsonDict:
    """The JSON description of action number ``action`` on ``board``: the fields of its
    notation (and, for a waypoint, every edge of its region); ``NotationError`` if no text
    names it. A steal names the seat and slot, never the tile."""
    placement = _players_placement(action)
    if placement is not None:
        return _placement_json(placement)
    format_action(action)  # refuses what no text names
    if action in _FIXED:
        return {"kind": _FIXED[action]}
    if action < STEAL:
        return {"kind": "draw", "stack": action - DRAW + 1}
    if action < NO_STEAL:
        victim, slot = divmod(action - STEAL, 4)
        return {"kind": "steal", "seat": victim + 1, "slot": slot + 1}
    if action < HOLE:
        position, edge = divmod(action - WAYPOINT, 6)
        q, r = unpack(position)
        return {
            "kind": "waypoint",
            "q": q,
            "r": r,
            "edge": edge,
            "region": _region(board, position, edge),
        }
    q, r = unpack(action - HOLE)
    return {"kind": "hole", "q": q, "r": r}


def _placement_json(placement: Placement) -> JsonDict:
    q, r = unpack(placement.position)
    return {
        "kind": "place",
        "tile": placement.tile,
        "face": FACE_NAMES[placement.face],
        "rotation": placement.rotation,
        "q": q,
        "r": r,
    }


def actions_json(actions: Iterable[int], board: Board) -> list[JsonDict]:
    """``{"id": action, "text": notation, **description}`` for each of ``actions`` on
    ``board`` (:func:`format_action`, :func:`to_json`)."""
    entries = []
    for action in actions:
        entry = _placement_entry(action) if type(action) is int else None
        if entry is None:
            entries.append({"id": action, "text": format_action(action), **to_json(action, board)})
        else:
            # An entry's values are numbers and strings: a shallow copy shares nothing changeable.
            entries.append(dict(entry))
    return entries


@lru_cache(maxsize=1 << 13)
def _placement_entry(action: int) -> JsonDict | None:
    """The entry of :func:`actions_json` for a placement a player may make (``None`` for any
    other action). Placements are most of a seat's choices, a hundred or more at a time and
    much the same move after move, and neither their text nor their description depends on
    the board: each is worked out once, and never changed."""
    placement = _players_placement(action)
    if placement is None:
        return None
    return {"id": action, "text": str(placement), **_placement_json(placement)}


def from_json(data: object, board: Board) -> int:
    """The action a JSON description names on ``board`` (a waypoint by any edge of its
    region, as in :func:`parse_action`); ``NotationError`` names the field at
    fault."""
    fields = ActionFields(data, "Land vs Sea", _KINDS)
    kind = fields.kind

    def at() -> int:
        return pack(fields.integer("q", *_AXIS), fields.integer("r", *_AXIS))

    if kind == "place":
        tile = fields.integer("tile", 1, TILE_COUNT, f"tiles are numbered 1 to {TILE_COUNT}")
        face = fields.letter("face", FACE_NAMES, "a face")
        rotation = fields.integer("rotation", 0, 5, "a tile turns 0 to 5 sixth-turns")
        placement = Placement(tile, face, rotation, at())
        fields.done()
        return placement.encode()
    if kind == "hole":
        position = at()
        fields.done()
        return HOLE + position
    if kind == "waypoint":
        position = at()
        edge = fields.integer("edge", 0, 5, "edges are numbered 0 to 5")
        fields.done("region")
        return WAYPOINT + position * 6 + _region(board, position, edge)[0]
    if kind == "draw":
        stack = fields.integer("stack", 1, 2, "the stacks are 1 and 2")
        fields.done()
        return DRAW + stack - 1
    if kind == "steal":
        seat = fields.integer("seat", 1, 4, "seats are numbered 1 to 4")
        slot = fields.integer("slot", 1, 4, "hand slots are numbered 1 to 4")
        fields.done()
        return STEAL + (seat - 1) * 4 + slot - 1
    fields.done()
    return {"pass": PASS, "steal_none": NO_STEAL, "waypoint_none": NO_WAYPOINT}[kind]
