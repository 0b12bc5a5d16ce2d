"""Toy Lands' actions for learning: the head is the card's slot in the seat's sorted hand,
with no target."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from tablelands.core.encoding import Knowledge
from tablelands.core.factored import Factoring, Indices
from tests.toy_game.state import HAND


class ToyFactoring(Factoring):
    heads = tuple(f"slot {slot + 1}" for slot in range(HAND))
    targets = 1
    target_names = "none"

    def indices(self, knowledge: Knowledge, actions: Sequence[int]) -> Indices:
        hand: list[int] = knowledge["hand"]
        return np.array([hand.index(action) for action in actions], dtype=np.intp)
