"""Confusing Lands knowledge as a fixed-shape vector (docs/research.md#confusing-lands).

Seats are counted from the viewer (0 is the viewer). Every card has its own slot per seat,
so a landscape is its placements as seen: card, side, rotation and position, in the order
placed. Its planes are each landscape's spaces as they show, one channel per kind of space
(the seven symbols, empty, condition) on the landscape grid.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
from numpy.typing import NDArray

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
    ConfusingLandsEdition,
)
from tablelands.games.confusing_lands.landscape import GRID
from tablelands.games.confusing_lands.notation import POSITIONS, parse_action
from tablelands.games.confusing_lands.view import ConfusingLandsFields, shown_landscape

PHASES = (*PHASE_NAMES, "over")
#: Per placed card: placed, landscape side, 4 rotations, row, column, order placed.
PLACEMENT_WIDTH = 9
#: A seat places at most 2 cards a round.
PLACEMENTS = 2 * ROUNDS
#: What hand sizes are scaled by, with room to spare (a seat holds at most 2 cards at once).
HAND_TOP = 4
#: Landscapes' blocks of the vector kept at most (each is one seat's placements as seen).
BLOCKS_KEPT = 8192


#: A placement as the vector holds it: card, side, rotation, scaled row and column.
Parsed = tuple[int, int, int, float, float]


@lru_cache(maxsize=4096)
def _decoded(action: int) -> Parsed:
    """Placement ``action`` as the vector holds it."""
    orientation, at = divmod(action, POSITIONS)
    card_side, rotation = divmod(orientation, 4)
    card, side = divmod(card_side, 2)
    row, col = divmod(at, GRID.stride)
    return card + 1, side, rotation, row / (GRID.rows - 1), col / (GRID.cols - 1)


def _block(placements: tuple[int, ...]) -> NDArray[np.float32]:
    """One landscape's part of the vector: for each card placed (``placements``, in the
    order made), its row of ``PLACEMENT_WIDTH`` at the card's place."""
    block = np.zeros(CARD_COUNT * PLACEMENT_WIDTH, dtype=np.float32)
    for order, action in enumerate(placements):
        card, side, rotation, row, col = _decoded(action)
        at = (card - 1) * PLACEMENT_WIDTH
        block[at] = 1.0
        block[at + 1] = side
        block[at + 2 + rotation] = 1.0
        block[at + 6 : at + 9] = (row, col, (order + 1) / PLACEMENTS)
    return block


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
        #: The action of each placement's text seen so far.
        self._actions: dict[str, int] = {}
        #: Each landscape's block, by its placements (a landscape changes only when its seat
        #: places a card, so most are met again and again).
        self._blocks: dict[tuple[int, ...], NDArray[np.float32]] = {}

    def encode(self, knowledge: Knowledge) -> Vector:
        actions = self._actions
        landscapes = []
        for texts in knowledge["landscapes"]:
            placements = []
            for text in texts:
                action = actions.get(text)
                if action is None:
                    action = actions[text] = parse_action(text)
                placements.append(action)
            landscapes.append(tuple(placements))
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
        landscapes = [tuple(state.seen_placements(seat, other)) for other in range(self.players)]
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
        landscapes: list[tuple[int, ...]],
        discards: list[int],
        cannot_place: list[list[int]],
        deck_size: int,
    ) -> Vector:
        """The vector, from the knowledge's fields (each landscape as its placements'
        actions, in the order made)."""
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
            placed = landscapes[seat]
            if placed:
                block = self._blocks.get(placed)
                if block is None:
                    if len(self._blocks) >= BLOCKS_KEPT:
                        self._blocks.clear()
                    block = self._blocks[placed] = _block(placed)
                start = self.placements + rel * CARD_COUNT * PLACEMENT_WIDTH
                out[start : start + CARD_COUNT * PLACEMENT_WIDTH] = block
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
