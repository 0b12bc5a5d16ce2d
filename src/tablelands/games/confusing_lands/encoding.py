"""Confusing Lands knowledge as a fixed-shape vector (docs/research.md#confusing-lands).

Seats are counted from the viewer (0 is the viewer). Every card has its own slot per seat,
so a landscape is its placements as seen: card, side, rotation and position, in the order
placed. Its planes are each landscape's spaces as they show, one channel per kind of space
(the seven symbols, empty, condition) on the landscape grid.
"""

from __future__ import annotations

import re
from functools import lru_cache

import numpy as np

from tablelands.core.encoding import (
    Encoder,
    Knowledge,
    Layout,
    Planes,
    Position,
    Vector,
    bit_plane,
    relative_seat,
    scaled,
)
from tablelands.games.confusing_lands.components import (
    CARD_COUNT,
    KIND_NAMES,
    PHASE_NAMES,
    ROUNDS,
    SIDES,
    ConfusingLandsEdition,
)
from tablelands.games.confusing_lands.landscape import GRID, ORIGIN
from tablelands.games.confusing_lands.notation import POSITIONS
from tablelands.games.confusing_lands.view import ConfusingLandsFields, shown_landscape

PHASES = (*PHASE_NAMES, "over")
#: Per placed card: placed, landscape side, 4 rotations, row, column, order placed.
PLACEMENT_WIDTH = 9
#: A seat places at most 2 cards a round.
PLACEMENTS = 2 * ROUNDS
#: What hand sizes are scaled by, with room to spare (a seat holds at most 2 cards at once).
HAND_TOP = 4
_PLACEMENT = re.compile(r"(\d+)([cl])(\d)@(-?\d+),(-?\d+)")


#: A placement as the vector holds it: card, side, rotation, scaled row and column.
Parsed = tuple[int, int, int, float, float]


def _placement(text: str) -> Parsed:
    """``card side rotation @row,col`` as (card, side, rotation, scaled row, scaled col)."""
    match = _PLACEMENT.fullmatch(text)
    if match is None:
        raise ValueError(f"{text!r} is not a Confusing Lands placement")
    card, side, rotation, row, col = match.groups()
    return (
        int(card),
        SIDES.index(side),
        int(rotation),
        (int(row) + ORIGIN) / (GRID.rows - 1),
        (int(col) + ORIGIN) / (GRID.cols - 1),
    )


@lru_cache(maxsize=4096)
def _decoded(action: int) -> Parsed:
    """Placement ``action`` as :func:`_placement` reads its notation."""
    orientation, at = divmod(action, POSITIONS)
    card_side, rotation = divmod(orientation, 4)
    card, side = divmod(card_side, 2)
    row, col = divmod(at, GRID.stride)
    return card + 1, side, rotation, row / (GRID.rows - 1), col / (GRID.cols - 1)


class ConfusingLandsEncoder(Encoder):
    def __init__(self, players: int, edition: ConfusingLandsEdition) -> None:
        self.players = players
        self.edition = edition
        self.plane_names = tuple(
            f"{'own' if seat == 0 else f'seat +{seat}'} {kind}"
            for seat in range(players)
            for kind in KIND_NAMES
        )
        self.plane_size = (GRID.rows, GRID.cols)
        seats = players
        layout = Layout()
        self.round = layout.add("round", ROUNDS)
        self.phase = layout.add("phase", len(PHASES))
        self.to_move = layout.add("to_move", seats)
        self.shared = layout.add("shared_condition", CARD_COUNT)
        self.hand_known = layout.add("hand_known", seats)
        self.hands = layout.add("hands", seats * CARD_COUNT)
        self.hand_sizes = layout.add("hand_sizes", seats)
        self.placements = layout.add("placements", seats * CARD_COUNT * PLACEMENT_WIDTH)
        self.discards = layout.add("discards", CARD_COUNT)
        self.cannot_place = layout.add("cannot_place", seats * CARD_COUNT)
        self.deck_size = layout.add("deck_size", 1)
        self.layout = layout
        self._parsed: dict[str, Parsed] = {}

    def encode(self, knowledge: Knowledge) -> Vector:
        parsed = self._parsed
        landscapes = []
        for texts in knowledge["landscapes"]:
            placements = []
            for text in texts:
                placement = parsed.get(text)
                if placement is None:
                    placement = parsed[text] = _placement(text)
                placements.append(placement)
            landscapes.append(placements)
        return self._write(
            knowledge["viewer"],
            knowledge["round"],
            PHASES.index(knowledge["phase"]),
            knowledge["to_move"],
            knowledge["shared_condition"],
            knowledge["hands"],
            knowledge["hand_sizes"],
            landscapes,
            knowledge["discards"],
            knowledge["cannot_place"],
            knowledge["deck_size"],
        )

    def quick_encode(self, state: Position, seat: int) -> Vector:
        assert isinstance(state, ConfusingLandsFields)
        landscapes = [
            [_decoded(action) for action in state.seen_placements(seat, other)]
            for other in range(self.players)
        ]
        over = state.round == ROUNDS
        hands = state.hands
        return self._write(
            seat,
            min(state.round + 1, ROUNDS),
            len(PHASE_NAMES) if over else state.phase,
            state.current_player,
            state.shared,
            [
                sorted(hand) if state.hand_known(seat, other) else None
                for other, hand in enumerate(hands)
            ],
            [len(hand) for hand in hands],
            landscapes,
            state.discards,
            state.unplaced,
            len(state.deck),
        )

    def _write(
        self,
        viewer: int,
        round_number: int,
        phase: int,
        to_move: int,
        shared: int,
        hands: list[list[int] | None],
        hand_sizes: list[int],
        landscapes: list[list[Parsed]],
        discards: list[int],
        cannot_place: list[list[int]],
        deck_size: int,
    ) -> Vector:
        """The vector, from the knowledge's fields (each landscape's placements parsed)."""
        out = np.zeros(self.layout.size, dtype=np.float32)
        players = self.players
        ones = [self.round + round_number - 1, self.phase + phase, self.shared + shared - 1]
        if to_move >= 0:
            ones.append(self.to_move + relative_seat(to_move, viewer, players))
        for seat in range(players):
            rel = relative_seat(seat, viewer, players)
            hand = hands[seat]
            if hand is not None:
                ones.append(self.hand_known + rel)
                base = self.hands + rel * CARD_COUNT - 1
                ones.extend(base + card for card in hand)
            out[self.hand_sizes + rel] = scaled(hand_sizes[seat], HAND_TOP)
            base = self.cannot_place + rel * CARD_COUNT - 1
            ones.extend(base + card for card in cannot_place[seat])
            seat_base = self.placements + rel * CARD_COUNT * PLACEMENT_WIDTH
            for order, (card, side, rotation, row, col) in enumerate(landscapes[seat]):
                at = seat_base + (card - 1) * PLACEMENT_WIDTH
                ones.append(at)
                if side:
                    ones.append(at + 1)
                ones.append(at + 2 + rotation)
                out[at + 6] = row
                out[at + 7] = col
                out[at + 8] = (order + 1) / PLACEMENTS
        ones.extend(self.discards + card - 1 for card in discards)
        out[ones] = 1.0
        out[self.deck_size] = deck_size / CARD_COUNT
        return out

    def planes(self, knowledge: Knowledge) -> Planes:
        out = np.zeros(self.plane_shape, dtype=np.float32)
        viewer = knowledge["viewer"]
        kinds = len(KIND_NAMES)
        for seat, cards in enumerate(knowledge["landscapes"]):
            landscape, _ = shown_landscape(self.edition, tuple(cards))
            first = relative_seat(seat, viewer, self.players) * kinds
            for kind, mask in enumerate(landscape.kinds):
                if mask:
                    out[first + kind] = bit_plane(mask, GRID.rows, GRID.cols, GRID.stride)
        return out
