"""Land vs Sea knowledge as a fixed-shape vector (docs/research.md#land-vs-sea).

Seats are counted from the viewer (0 is the viewer). A face is encoded by what it shows
(:data:`FACE_WIDTH` entries, by direction once it is turned as it lies), never by its tile,
which would tell its other face: the knowledge names faces by key only. Its planes are a
fixed window of the map centred on the start tile (:data:`PLANE_RADIUS` rows each way, row
``r`` and column ``q + r // 2``), a tile's channels its face as it lies.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from tablelands.core.encoding import (
    Encoder,
    Knowledge,
    Layout,
    Planes,
    Position,
    Vector,
    scaled,
)
from tablelands.core.game import JsonDict
from tablelands.games.land_vs_sea.board import unpack, waypoint_list
from tablelands.games.land_vs_sea.components import (
    ACTION_NAMES,
    MAX_BONUS,
    PHASE_NAMES,
    SIDE_NAMES,
    TILE_COUNT,
    TRADE_NAMES,
    LandVsSeaEdition,
)
from tablelands.games.land_vs_sea.view import LandVsSeaFields, special_name

DIRECTIONS = 6
#: Edge pairs, in order: entry k of a face's pairs is 1 when the pair's two edges lie in
#: one region.
PAIRS = {pair: k for k, pair in enumerate(combinations(range(DIRECTIONS), 2))}
#: A face: land edges (6), its region's bonus per edge (6), edge pairs in one region (15),
#: mountains (6), corals (6), caravan and ship (2), play again and steal (2).
FACE_WIDTH = 4 * DIRECTIONS + len(PAIRS) + 2 * DIRECTIONS + 4
_BONUS, _PAIRS, _MOUNTAINS, _CORALS = 6, 12, 12 + len(PAIRS), 18 + len(PAIRS)
_TRADE, _ACTION = 24 + len(PAIRS), 26 + len(PAIRS)
#: Every tile on the map at once: the start tile, the 58 tiles and the Volcano/Whirlpool.
BOARD_SLOTS = TILE_COUNT + 2
#: A hand is at most 4 tiles (a steal names slots 1 to 4).
HAND_SLOTS = 4
SPECIALS = ("start", "volcano", "whirlpool")
#: Coordinates run from -64 to 63 at most (a map of 60 tiles reaches 60 steps out).
COORD_OFFSET, COORD_SPAN = 64, 127
POINTS_TOP = 100
#: The planes' window reaches this many rows and columns from the start tile each way.
PLANE_RADIUS = 8
#: Each entry of a face (:func:`face_vector`), in order.
FACE_FIELDS = (
    *(f"land edge {e}" for e in range(DIRECTIONS)),
    *(f"bonus edge {e}" for e in range(DIRECTIONS)),
    *(f"edges {a} and {b} in one region" for a, b in PAIRS),
    *(f"mountain edge {e}" for e in range(DIRECTIONS)),
    *(f"coral edge {e}" for e in range(DIRECTIONS)),
    *(f"{name}" for name in TRADE_NAMES[1:] if name),
    *(f"{name}" for name in ACTION_NAMES[1:] if name),
)
#: The neighbours of a cell, (dq, dr).
NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
TURN_PLACEMENTS_TOP = 4
OPTION_NAMES = ("mountains", "trade", "waypoints")


def face_vector(key: str, rotation: int) -> Vector:
    """The entries of the face with ``key``, turned ``rotation`` sixth-turns (printed edge
    ``i`` facing direction ``i + rotation``)."""
    out = np.zeros(FACE_WIDTH, dtype=np.float32)
    edges, regions, mountains, corals, trade, action = key.split("/")

    def turned(edge: int) -> int:
        return (edge + rotation) % DIRECTIONS

    for edge, letter in enumerate(edges):
        out[turned(edge)] = letter == "L"
    for region in regions.split("|"):
        listed, bonus = region.split("+")
        sides = sorted(turned(int(e)) for e in listed.split(","))
        for edge in sides:
            out[_BONUS + edge] = int(bonus) / MAX_BONUS
        for pair in combinations(sides, 2):
            out[_PAIRS + PAIRS[pair]] = 1.0
    for digit in mountains[1:]:
        out[_MOUNTAINS + turned(int(digit))] = 1.0
    for digit in corals[1:]:
        out[_CORALS + turned(int(digit))] = 1.0
    if trade:
        out[_TRADE + TRADE_NAMES.index(trade) - 1] = 1.0
    if action:
        out[_ACTION + ACTION_NAMES.index(action) - 1] = 1.0
    return out


@dataclass
class Seen:
    """What the vector is written from besides the map: the knowledge's fields, the sides
    by number, the options as flags (:data:`OPTION_NAMES`), a held tile as its up face's
    key and its down face's (``None`` unless known), a stack as its size and top face."""

    phase: int
    to_move: int
    turn_placements: int
    passes: int
    sides: Sequence[int]
    options: list[bool]
    waypoints: list[JsonDict]
    waypoint_home: list[bool]
    hands: list[list[tuple[str, str | None]]]
    stacks: list[tuple[int, str | None]]
    reserve: bool
    points: list[int]


class LandVsSeaEncoder(Encoder):
    def __init__(self, players: int, edition: LandVsSeaEdition) -> None:
        self.players = players
        # Every face of the edition in every rotation, worked out once: row 6 * n + r is
        # face n turned r sixth-turns.
        keys = sorted({key for faces in edition.keys.values() for key in faces})
        self._face_number = {key: n for n, key in enumerate(keys)}
        self._faces = np.stack([face_vector(key, r) for key in keys for r in range(DIRECTIONS)])
        layout = Layout()
        self.phase = layout.add("phase", len(PHASE_NAMES))
        self.to_move = layout.add("to_move", players)
        self.turn_placements = layout.add("turn_placements", 1)
        self.sides = layout.add("sides", players * len(SIDE_NAMES))
        self.options = layout.add("options", 3)
        self.board_width = 3 + FACE_WIDTH + players + 1 + len(SPECIALS)
        self.board = layout.add("board", BOARD_SLOTS * self.board_width)
        self.waypoints = layout.add("waypoints", players * (3 + DIRECTIONS))
        self.waypoint_home = layout.add("waypoint_home", players)
        self.hand_width = 2 + 2 * FACE_WIDTH
        self.hands = layout.add("hands", players * HAND_SLOTS * self.hand_width)
        self.stacks = layout.add("stacks", 2 * (2 + FACE_WIDTH))
        self.reserve = layout.add("reserve", 1)
        self.points = layout.add("points", len(SIDE_NAMES))
        self.passes = layout.add("passes", 1)
        self.layout = layout
        seats = [("own" if seat == 0 else f"seat +{seat}") for seat in range(players)]
        self.plane_names = (
            "tile",
            *FACE_FIELDS,
            *(f"placed by {seat}" for seat in seats),
            *SPECIALS,
            "open cell",
            "hole",
            *(f"waypoint of {seat}" for seat in seats),
        )
        side = 2 * PLANE_RADIUS + 1
        self.plane_size = (side, side)
        #: Per viewer, the board last encoded for it and its rows (:meth:`board_block`).
        self._boards: dict[int, tuple[list[Knowledge], Vector]] = {}
        #: The same for the quick way (:meth:`_map_block`): positions, placements, rows.
        self._maps: dict[int, tuple[list[int], list[tuple[int, int, int, int]], Vector]] = {}

    def encode(self, knowledge: Knowledge) -> Vector:
        viewer = knowledge["viewer"]
        options = knowledge["options"]
        seen = Seen(
            phase=PHASE_NAMES.index(knowledge["phase"]),
            to_move=knowledge["to_move"],
            turn_placements=knowledge["turn_placements"],
            passes=knowledge["passes"],
            sides=[SIDE_NAMES.index(side) for side in knowledge["sides"]],
            options=[bool(options[name]) for name in OPTION_NAMES],
            waypoints=knowledge["waypoints"],
            waypoint_home=knowledge["waypoint_home"],
            hands=[[(held["up"], held["down"]) for held in hand] for hand in knowledge["hands"]],
            stacks=[(stack["size"], stack["top"]) for stack in knowledge["stacks"]],
            reserve=knowledge["reserve"],
            points=knowledge["points"],
        )
        return self._write(viewer, seen, self.board_block(knowledge["board"], viewer))

    def quick_encode(self, state: Position, seat: int) -> Vector:
        assert isinstance(state, LandVsSeaFields)
        keys = state.edition.keys
        seen = Seen(
            phase=state.phase,
            to_move=state.current_player,
            turn_placements=state.turn_placements,
            passes=state.passes,
            sides=state.sides,
            options=[bool(state.options[name]) for name in OPTION_NAMES],
            waypoints=waypoint_list(state.board),
            waypoint_home=state.waypoint_home,
            hands=[
                [
                    (
                        keys[tile][up],
                        keys[tile][1 - up] if state.sees_both_faces(seat, other, tile) else None,
                    )
                    for tile, up in hand
                ]
                for other, hand in enumerate(state.hands)
            ],
            stacks=[(len(s), keys[s[-1][0]][s[-1][1]] if s else None) for s in state.stacks],
            reserve=state.reserve,
            points=state.points,
        )
        return self._write(seat, seen, self._map_block(state, seat))

    def _write(self, viewer: int, seen: Seen, board: Vector) -> Vector:
        """The vector of what ``viewer`` has seen, the map's rows ``board`` among it."""
        # Entries set to 1 and other values are gathered as lists and written at once.
        out = np.zeros(self.layout.size, dtype=np.float32)
        players = self.players
        number = self._face_number
        ones = [self.phase + seen.phase]
        at_values: list[int] = [self.turn_placements, self.passes]
        values = [scaled(seen.turn_placements, TURN_PLACEMENTS_TOP), seen.passes / players]
        if seen.to_move >= 0:
            ones.append(self.to_move + (seen.to_move - viewer) % players)
        for seat, side in enumerate(seen.sides):
            rel = (seat - viewer) % players
            ones.append(self.sides + rel * len(SIDE_NAMES) + side)
        ones.extend(self.options + k for k, on in enumerate(seen.options) if on)
        faces = self._faces
        out[self.board : self.board + BOARD_SLOTS * self.board_width] = board
        for waypoint in seen.waypoints:
            at = self.waypoints + (waypoint["owner"] - viewer) % players * (3 + DIRECTIONS)
            ones.append(at)
            ones.append(at + 3 + waypoint["edge"])
            at_values.append(at + 1)
            values.append((waypoint["q"] + COORD_OFFSET) / COORD_SPAN)
            at_values.append(at + 2)
            values.append((waypoint["r"] + COORD_OFFSET) / COORD_SPAN)
        width = self.hand_width
        for seat in range(players):
            rel = (seat - viewer) % players
            if seen.waypoint_home[seat]:
                ones.append(self.waypoint_home + rel)
            at = self.hands + rel * HAND_SLOTS * width
            for up, down in seen.hands[seat]:
                ones.append(at)
                out[at + 2 : at + 2 + FACE_WIDTH] = faces[number[up] * DIRECTIONS]
                if down is not None:
                    ones.append(at + 1)
                    out[at + 2 + FACE_WIDTH : at + width] = faces[number[down] * DIRECTIONS]
                at += width
        for k, (size, top) in enumerate(seen.stacks):
            at = self.stacks + k * (2 + FACE_WIDTH)
            at_values.append(at)
            values.append(size / TILE_COUNT)
            if top is not None:
                ones.append(at + 1)
                out[at + 2 : at + 2 + FACE_WIDTH] = faces[number[top] * DIRECTIONS]
        if seen.reserve:
            ones.append(self.reserve)
        for k, points in enumerate(seen.points):
            at_values.append(self.points + k)
            values.append(scaled(points, POINTS_TOP))
        out[ones] = 1.0
        out[at_values] = values
        return out

    def board_block(self, board: list[Knowledge], viewer: int) -> Vector:
        """The board's entries, one row a slot. The map only grows, tile by tile, so the
        rows of the tiles this viewer was last shown are kept and only the tiles placed
        since are encoded (whenever the board given starts with the one kept)."""
        kept_tiles, block = self._boards.get(viewer, ([], None))
        known = len(kept_tiles)
        if block is None or len(board) < known or board[:known] != kept_tiles:
            block = np.zeros((BOARD_SLOTS, self.board_width), dtype=np.float32)
            kept_tiles, known = [], 0
        for slot in range(known, len(board)):
            tile = board[slot]
            self._write_tile(
                block[slot],
                viewer,
                tile["q"],
                tile["r"],
                tile["face"],
                tile["rotation"],
                tile["placer"],
                tile["special"],
            )
            kept_tiles.append(dict(tile))
        self._boards[viewer] = (kept_tiles, block)
        return block.ravel()

    def _map_block(self, state: LandVsSeaFields, viewer: int) -> Vector:
        """:meth:`board_block` of the state's map, kept per viewer as long as the map's
        positions and placements start with the ones kept."""
        positions, placed = state.board.positions, state.placed
        kept_positions, kept_placed, block = self._maps.get(viewer, ([], [], None))
        known = len(kept_positions)
        if (
            block is None
            or len(positions) < known
            or positions[:known] != kept_positions
            or placed[:known] != kept_placed
        ):
            block = np.zeros((BOARD_SLOTS, self.board_width), dtype=np.float32)
            known = 0
        keys = state.edition.keys
        for slot in range(known, len(positions)):
            q, r = unpack(positions[slot])
            tile, face, rotation, placer = placed[slot]
            self._write_tile(
                block[slot],
                viewer,
                q,
                r,
                keys[tile][face],
                rotation,
                placer,
                special_name(tile, face),
            )
        self._maps[viewer] = (positions.copy(), placed.copy(), block)
        return block.ravel()

    def _write_tile(
        self,
        row: Vector,
        viewer: int,
        q: int,
        r: int,
        face: str,
        rotation: int,
        placer: int,
        special: str | None,
    ) -> None:
        """The row of a tile on the map: at (q, r), ``face`` turned ``rotation``, placed by
        ``placer`` (-1: nobody), a start tile or the Volcano/Whirlpool by its ``special``
        name."""
        row[0] = 1.0
        row[1] = (q + COORD_OFFSET) / COORD_SPAN
        row[2] = (r + COORD_OFFSET) / COORD_SPAN
        row[3 : 3 + FACE_WIDTH] = self._faces[self._face_number[face] * DIRECTIONS + rotation]
        placer_offset = 3 + FACE_WIDTH
        row[placer_offset + (0 if placer < 0 else 1 + (placer - viewer) % self.players)] = 1.0
        if special is not None:
            row[placer_offset + 1 + self.players + SPECIALS.index(special)] = 1.0

    def planes(self, knowledge: Knowledge) -> Planes:
        """The window of the map; what lies outside it is in the vector only."""
        out = np.zeros(self.plane_shape, dtype=np.float32)
        players = self.players
        viewer = knowledge["viewer"]
        placer_at = 1 + len(FACE_FIELDS)
        special_at = placer_at + players
        open_at = special_at + len(SPECIALS)
        taken: set[tuple[int, int]] = set()
        for tile in knowledge["board"]:
            q, r = tile["q"], tile["r"]
            taken.add((q, r))
            cell = _cell(q, r)
            if cell is None:
                continue
            face = self._face_number[tile["face"]] * DIRECTIONS + tile["rotation"]
            out[0][cell] = 1.0
            out[1:placer_at, cell[0], cell[1]] = self._faces[face, : len(FACE_FIELDS)]
            if tile["placer"] >= 0:
                out[placer_at + (tile["placer"] - viewer) % players][cell] = 1.0
            if tile["special"] is not None:
                out[special_at + SPECIALS.index(tile["special"])][cell] = 1.0
        for q, r in taken:
            for dq, dr in NEIGHBOURS:
                cell = _cell(q + dq, r + dr)
                if cell is not None and (q + dq, r + dr) not in taken:
                    out[open_at][cell] = 1.0
        for q, r in knowledge["holes"]:
            cell = _cell(q, r)
            if cell is not None:
                out[open_at + 1][cell] = 1.0
        for waypoint in knowledge["waypoints"]:
            cell = _cell(waypoint["q"], waypoint["r"])
            if cell is not None:
                out[open_at + 2 + (waypoint["owner"] - viewer) % players][cell] = 1.0
        return out


def _cell(q: int, r: int) -> tuple[int, int] | None:
    """The window's (row, column) of the map's cell (q, r), or ``None`` outside it."""
    row, col = r + PLANE_RADIUS, q + r // 2 + PLANE_RADIUS
    side = 2 * PLANE_RADIUS + 1
    return (row, col) if 0 <= row < side and 0 <= col < side else None
