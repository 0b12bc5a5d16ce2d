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
from dataclasses import dataclass

from tablelands.core.errors import NotationError
from tablelands.games.land_vs_sea.board import WIDTH, pack, unpack
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


def format_action(action: int) -> str:
    if 0 <= action < PLACE_COUNT:
        return str(decode_placement(action))
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
    if HOLE <= action < ACTION_COUNT:
        q, r = unpack(action - HOLE)
        return f"hole {q},{r}"
    raise NotationError(f"{action} is not a Land vs Sea action number")


_INT = r"([+-]?\d+)"
_PLACE = re.compile(rf"^(\d+)([a-z])(\d+)@{_INT},{_INT}$")
_STEAL = re.compile(r"^steal(\d+)/(\d+)$")
_WAYPOINT = re.compile(rf"^waypoint{_INT},{_INT}:(\d+)$")
_HOLE = re.compile(rf"^hole{_INT},{_INT}$")
_DRAW = re.compile(r"^draw(\d+)$")


def _position(q: str, r: str) -> int:
    try:
        return pack(int(q), int(r))
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def parse(text: str) -> int:
    """The action written as ``text``; ``NotationError`` explains what is wrong."""
    compact = "".join(text.split()).lower()
    fixed = {"pass": PASS, "stealnone": NO_STEAL, "waypointnone": NO_WAYPOINT}
    if compact in fixed:
        return fixed[compact]
    if match := _PLACE.match(compact):
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
    if match := _DRAW.match(compact):
        stack = int(match[1])
        if stack not in (1, 2):
            raise NotationError(f"stack {stack}: the stacks are 1 and 2")
        return DRAW + stack - 1
    if match := _STEAL.match(compact):
        seat, slot = int(match[1]), int(match[2])
        if not (1 <= seat <= 4 and 1 <= slot <= 4):
            raise NotationError(f"steal {seat}/{slot}: name a seat 1-4 and a hand slot 1-3")
        return STEAL + (seat - 1) * 4 + slot - 1
    if match := _WAYPOINT.match(compact):
        edge = int(match[3])
        if edge > 5:
            raise NotationError(f"edge {edge}: edges are numbered 0 to 5")
        return WAYPOINT + _position(match[1], match[2]) * 6 + edge
    if match := _HOLE.match(compact):
        return HOLE + _position(match[1], match[2])
    raise NotationError(f"{text!r} is not a Land vs Sea action. {NOTATION_HELP}")
