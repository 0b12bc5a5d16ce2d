"""Confusing Lands' actions for learning (``core/factored.py``): the head is the card's slot
in the seat's hand (its cards in rising order, as the seat sees them) with the side and the
turn, or the discard of a slot's card (CL-18); the target is the cell of the landscape's grid
where the card's top-left space goes, numbered as the game's own positions (row by row of
the grid, its guard column included), 0 for a discard."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tablelands.core.encoding import Knowledge
from tablelands.core.factored import Factoring, Indices
from tablelands.games.confusing_lands.components import SIDES
from tablelands.games.confusing_lands.notation import PLACEMENT_COUNT, POSITIONS

#: Cards a hand holds: two are dealt, one is played, then one more comes.
SLOTS = 2
ORIENTATIONS = 2 * 4
#: A card's placements are one block of the game's numbers, a slot's one block here.
BLOCK = ORIENTATIONS * POSITIONS
DISCARDS = SLOTS * BLOCK


class ConfusingLandsFactoring(Factoring):
    heads = (
        *(
            f"slot {slot + 1} {SIDES[side]}{rotation}"
            for slot in range(SLOTS)
            for side in (0, 1)
            for rotation in range(4)
        ),
        *(f"discard slot {slot + 1}" for slot in range(SLOTS)),
    )
    targets = POSITIONS
    target_names = (
        "the grid cell of the card's top-left space: (row + 18) * 40 + (column + 18), "
        "the landscape's first card at row 0, column 0"
    )

    def indices(self, knowledge: Knowledge, actions: Sequence[int]) -> Indices:
        hand: list[int] = knowledge["hands"][knowledge["viewer"]]
        shift = {card - 1: (slot - card + 1) * BLOCK for slot, card in enumerate(hand)}
        slot_of = {card: slot for slot, card in enumerate(hand)}
        return np.array(
            [
                action + shift[action // BLOCK]
                if action < PLACEMENT_COUNT
                else DISCARDS + slot_of[action - PLACEMENT_COUNT + 1] * POSITIONS
                for action in actions
            ],
            dtype=np.intp,
        )
