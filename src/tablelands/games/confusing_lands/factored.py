"""Confusing Lands' actions for learning (``core/factored.py``): the head is the card's slot
in the seat's hand (its cards in rising order, as the seat sees them) with the side and the
turn, or the discard of a slot's card (CL-18); the target is the cell of the landscape's grid
where the card's top-left space goes, numbered as the game's own positions (row by row of
the grid, its guard column included), 0 for a discard."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial

import numpy as np

from tablelands.core.encoding import Knowledge, Position
from tablelands.core.factored import Factoring, Indices
from tablelands.core.geometry import bits
from tablelands.games.confusing_lands.components import ROUNDS, SIDES
from tablelands.games.confusing_lands.notation import PLACEMENT_COUNT, POSITIONS, discard_action
from tablelands.games.confusing_lands.state import ConfusingLandsState

#: Cards a hand holds: two are dealt, one is played, then one more comes.
SLOTS = 2
ORIENTATIONS = 2 * 4
#: A card's placements are one block of the game's numbers, a slot's one block here.
BLOCK = ORIENTATIONS * POSITIONS
DISCARDS = SLOTS * BLOCK
#: For a hand of n cards, the heads of each card shape (a card's rotations 0 and 2 have one
#: shape, 1 and 3 the other), as a column to spread over the shape's positions.
SHAPE_HEADS = [
    [
        np.array(
            [head for head in range(n * ORIENTATIONS) if head % 2 == shape], dtype=np.intp
        ).reshape(-1, 1)
        * POSITIONS
        for shape in (0, 1)
    ]
    for n in range(SLOTS + 1)
]


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

    def quick(self, state: Position) -> tuple[Indices, Callable[[int], int]] | None:
        """The placements of the mover's cards on its own landscape (CL-2), or else its
        discards (CL-18), as the game lists them: its cards in rising order, each side and
        turn, each position from the lowest (so the indices rise). ``None`` once the game
        is over."""
        assert isinstance(state, ConfusingLandsState)
        if state.round == ROUNDS:
            return None
        seat = state.to_move
        hand = sorted(state.hands[seat])
        landscape = state.landscapes[seat]
        positions = [
            np.fromiter(bits(state.tables.legal_positions(landscape, shape)), dtype=np.intp)
            for shape in (0, 1)
        ]
        if not (len(positions[0]) or len(positions[1])):
            return DISCARDS + POSITIONS * np.arange(len(hand), dtype=np.intp), partial(
                _action, hand
            )
        heads = SHAPE_HEADS[len(hand)]
        named = np.concatenate([(heads[shape] + positions[shape]).ravel() for shape in (0, 1)])
        named.sort()
        return named, partial(_action, hand)


def _action(hand: list[int], index: int) -> int:
    """The action ``index`` names for a seat holding ``hand`` (in rising order)."""
    head, target = divmod(index, POSITIONS)
    if head >= SLOTS * ORIENTATIONS:
        return discard_action(hand[head - SLOTS * ORIENTATIONS])
    slot, orientation = divmod(head, ORIENTATIONS)
    return (hand[slot] - 1) * BLOCK + orientation * POSITIONS + target
