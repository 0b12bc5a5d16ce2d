"""Drifting Lands knowledge as a fixed-shape vector (docs/research.md#drifting-lands).

Seats are counted from the viewer (0 is the viewer; with teams, 2 is the partner). The map's
spaces are taken in the edition's board order (``HexBitGrid`` index), one block per space.
Its planes lay the board's rows of spaces out as rows (row ``r``, column ``q + r // 2``): the
board, each space's value, land, mountains, then each seat's pawn level.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tablelands.core.encoding import (
    Encoder,
    Knowledge,
    Layout,
    Planes,
    Position,
    Vector,
    relative_seat,
    scaled,
)
from tablelands.core.game import JsonDict
from tablelands.core.geometry import bits
from tablelands.games.drifting_lands.components import (
    CORNER_NAMES,
    HAND,
    LEVELS,
    MAX_SPACE_VALUE,
    PHASE_NAMES,
    ROUNDS,
    DriftingLandsEdition,
)
from tablelands.games.drifting_lands.view import DriftingLandsFields

DIRECTIONS = 6
#: Per space: its value, land, mountain, then per seat the level of its pawn there.
SPACE_FIXED = 3
#: Masks of spaces whose slots an encoder remembers (the land and the mountains of the last
#: few maps) before it forgets them all.
SLOTS_KEPT = 16
#: Reproducing breeds twice: the most effects a card leaves.
BREEDS_TOP = 2


@dataclass
class Seen:
    """What the vector is written from: the knowledge's fields, the map's spaces by their
    slots in the vector."""

    round: int
    phase: int
    to_move: int
    starter: int
    teams: bool
    land: list[int]
    mountains: list[int]
    #: (slot, owner, level) of each pawn on the map.
    pawns: list[tuple[int, int, int]]
    supply: list[list[int]]
    corners: list[int]
    hand: list[int]
    hand_sizes: list[int]
    discards: list[list[int]]
    card: int | None
    split_path: Sequence[int] | None
    expelled: Sequence[int] | None
    breeds_left: int
    drowned: list[JsonDict]


class DriftingLandsEncoder(Encoder):
    def __init__(self, players: int, edition: DriftingLandsEdition) -> None:
        self.players = players
        grid = edition.grid
        indices = sorted(edition.value)
        #: Board index -> the space's block, and (q, r) -> the same.
        self.slot_of_index = {index: slot for slot, index in enumerate(indices)}
        self.slot_of = {grid.coords(index): slot for slot, index in enumerate(indices)}
        spaces = len(indices)
        self.cards = max(edition.cards)
        self.pawns = edition.pawns
        layout = Layout()
        self.round = layout.add("round", ROUNDS)
        self.phase = layout.add("phase", len(PHASE_NAMES))
        self.to_move = layout.add("to_move", players)
        self.starter = layout.add("starter", players)
        self.teams = layout.add("teams", 1)
        self.space_width = SPACE_FIXED + players
        self.spaces = layout.add("spaces", spaces * self.space_width)
        self.supply = layout.add("supply", players * len(LEVELS))
        self.corners = layout.add("corners", players * (len(CORNER_NAMES) + 1))
        self.hand = layout.add("hand", self.cards)
        self.hand_sizes = layout.add("hand_sizes", players)
        self.discards = layout.add("discards", players * self.cards)
        self.card = layout.add("card", self.cards)
        self.split_space = layout.add("split_space", spaces)
        self.split_directions = layout.add("split_directions", 2 * DIRECTIONS)
        self.expelled_space = layout.add("expelled_space", spaces)
        self.expelled_pawn = layout.add("expelled_pawn", players * len(LEVELS))
        self.breeds_left = layout.add("breeds_left", 1)
        self.drowned = layout.add("drowned", players * len(LEVELS))
        self.layout = layout
        self._slots_of: dict[int, list[int]] = {}
        #: (q, r) -> the space's (row, column) in the planes.
        places = {(q, r): (r, q + r // 2) for q, r in self.slot_of}
        top = min(row for row, _ in places.values()), min(col for _, col in places.values())
        self.place_of = {at: (row - top[0], col - top[1]) for at, (row, col) in places.items()}
        self.plane_size = (
            max(row for row, _ in self.place_of.values()) + 1,
            max(col for _, col in self.place_of.values()) + 1,
        )
        self.plane_names = (
            "space",
            "value",
            "land",
            "mountain",
            *(f"{'own' if seat == 0 else f'seat +{seat}'} pawn level" for seat in range(players)),
        )
        self._plane_template = np.zeros(self.plane_shape, dtype=np.float32)
        for (q, r), (row, col) in self.place_of.items():
            self._plane_template[0, row, col] = 1.0
            self._plane_template[1, row, col] = edition.value[grid.index(q, r)] / MAX_SPACE_VALUE
        # The values are the edition's and never change: laid down once, copied each time.
        self._template = np.zeros(layout.size, dtype=np.float32)
        for slot, index in enumerate(indices):
            self._template[self.spaces + slot * self.space_width] = (
                edition.value[index] / MAX_SPACE_VALUE
            )

    def encode(self, knowledge: Knowledge) -> Vector:
        slot_of = self.slot_of
        return self._write(
            knowledge["viewer"],
            Seen(
                round=knowledge["round"],
                phase=PHASE_NAMES.index(knowledge["phase"]),
                to_move=knowledge["to_move"],
                starter=knowledge["starter"],
                teams=knowledge["teams"],
                land=[slot_of[q, r] for q, r in knowledge["land"]],
                mountains=[slot_of[q, r] for q, r in knowledge["mountains"]],
                pawns=[
                    (slot_of[p["q"], p["r"]], p["owner"], p["level"]) for p in knowledge["pawns"]
                ],
                supply=knowledge["supply"],
                corners=knowledge["corners"],
                hand=knowledge["hand"],
                hand_sizes=knowledge["hand_sizes"],
                discards=knowledge["discards"],
                card=knowledge["card"],
                split_path=knowledge["split_path"],
                expelled=knowledge["expelled"],
                breeds_left=knowledge["breeds_left"],
                drowned=knowledge["drowned"],
            ),
        )

    def quick_encode(self, state: Position, seat: int) -> Vector:
        assert isinstance(state, DriftingLandsFields)
        board = state.board
        slot_of = self.slot_of_index
        return self._write(
            seat,
            Seen(
                round=min(state.round + 1, ROUNDS),
                phase=state.phase,
                to_move=state.current_player,
                starter=state.starter,
                teams=state.teams,
                land=self._slots(board.land),
                mountains=self._slots(board.mountain),
                pawns=[
                    (slot_of[space], owner, level) for space, (owner, level) in board.pawns.items()
                ],
                supply=[supply[1:] for supply in state.supply],
                corners=state.corners,
                hand=state.hands[seat],
                hand_sizes=[len(hand) for hand in state.hands],
                discards=state.discards,
                card=state.card or None,
                split_path=state.split_path,
                expelled=state.expelled,
                breeds_left=state.breeds_left,
                drowned=state.drowned,
            ),
        )

    def _slots(self, spaces: int) -> list[int]:
        """The slots of the mask ``spaces``, remembered: the land and the mountains stay the
        same from move to move until a card changes the terrain."""
        slots = self._slots_of.get(spaces)
        if slots is None:
            if len(self._slots_of) >= SLOTS_KEPT:
                self._slots_of.clear()
            slot_of = self.slot_of_index
            slots = self._slots_of[spaces] = [slot_of[space] for space in bits(spaces)]
        return slots

    def _write(self, viewer: int, seen: Seen) -> Vector:
        """The vector of what ``viewer`` has seen."""
        out = self._template.copy()
        players = self.players
        width = self.space_width
        spaces = self.spaces
        ones = [
            self.round + seen.round - 1,
            self.phase + seen.phase,
            self.starter + relative_seat(seen.starter, viewer, players),
        ]
        if seen.to_move >= 0:
            ones.append(self.to_move + relative_seat(seen.to_move, viewer, players))
        if seen.teams:
            ones.append(self.teams)
        ones.extend(spaces + slot * width + 1 for slot in seen.land)
        ones.extend(spaces + slot * width + 2 for slot in seen.mountains)
        for slot, owner, level in seen.pawns:
            rel = relative_seat(owner, viewer, players)
            out[spaces + slot * width + SPACE_FIXED + rel] = level / len(LEVELS)
        pawns = self.pawns
        for seat in range(players):
            rel = relative_seat(seat, viewer, players)
            at = self.supply + rel * len(LEVELS)
            for k, count in enumerate(seen.supply[seat]):
                out[at + k] = count / pawns[k + 1]
            ones.append(self.corners + rel * (len(CORNER_NAMES) + 1) + seen.corners[seat] + 1)
            out[self.hand_sizes + rel] = seen.hand_sizes[seat] / HAND
            base = self.discards + rel * self.cards - 1
            ones.extend(base + card for card in seen.discards[seat])
        ones.extend(self.hand + card - 1 for card in seen.hand)
        if seen.card is not None:
            ones.append(self.card + seen.card - 1)
        if seen.split_path is not None:
            space, first, second = seen.split_path
            ones.append(self.split_space + self.slot_of_index[space])
            ones.append(self.split_directions + first)
            if second < DIRECTIONS:
                ones.append(self.split_directions + DIRECTIONS + second)
        if seen.expelled is not None:
            space, owner, level = seen.expelled
            ones.append(self.expelled_space + self.slot_of_index[space])
            rel = relative_seat(owner, viewer, players)
            ones.append(self.expelled_pawn + rel * len(LEVELS) + level - 1)
        out[self.breeds_left] = seen.breeds_left / BREEDS_TOP
        drowned: dict[int, int] = {}
        for pawn in seen.drowned:
            at = self.drowned + relative_seat(pawn["owner"], viewer, players) * len(LEVELS)
            drowned[at + pawn["level"] - 1] = drowned.get(at + pawn["level"] - 1, 0) + 1
        for at, count in drowned.items():
            # A drowned pawn may come back into play and drown again.
            out[at] = scaled(count, pawns[(at - self.drowned) % len(LEVELS) + 1])
        out[ones] = 1.0
        return out

    def planes(self, knowledge: Knowledge) -> Planes:
        out = self._plane_template.copy()
        place_of = self.place_of
        for q, r in knowledge["land"]:
            out[2][place_of[q, r]] = 1.0
        for q, r in knowledge["mountains"]:
            out[3][place_of[q, r]] = 1.0
        viewer = knowledge["viewer"]
        for pawn in knowledge["pawns"]:
            channel = 4 + relative_seat(pawn["owner"], viewer, self.players)
            out[channel][place_of[pawn["q"], pawn["r"]]] = pawn["level"] / len(LEVELS)
        return out
