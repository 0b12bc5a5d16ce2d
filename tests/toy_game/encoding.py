"""Toy Lands' encoding: the viewer's hand and every seat's laid cards, one-hot by card,
seats counted from the viewer (as the real games' encoders do); its planes are the rows
laid, a seat's row of the plane each, a card's value where it lies."""

from __future__ import annotations

import numpy as np

from tablelands.core.encoding import Encoder, Knowledge, Layout, Planes, Vector, relative_seat

#: Card ids are 1 to 16 (an edition has at most 16 cards).
CARDS = 16


class ToyEncoder(Encoder):
    def __init__(self, players: int) -> None:
        self.players = players
        self.layout = Layout()
        self.hand = self.layout.add("hand", CARDS)
        self.laid = self.layout.add("laid", players * CARDS)
        self.plane_names = ("laid card",)
        self.plane_size = (players, CARDS)

    def encode(self, knowledge: Knowledge) -> Vector:
        vector = np.zeros(self.shape, dtype=np.float32)
        for card in knowledge["hand"]:
            vector[self.hand + card - 1] = 1.0
        viewer = knowledge["viewer"]
        for seat, row in enumerate(knowledge["laid"]):
            start = self.laid + relative_seat(seat, viewer, self.players) * CARDS
            for card in row:
                vector[start + card - 1] = 1.0
        return vector

    def planes(self, knowledge: Knowledge) -> Planes:
        planes = np.zeros(self.plane_shape, dtype=np.float32)
        viewer = knowledge["viewer"]
        for seat, row in enumerate(knowledge["laid"]):
            for place, card in enumerate(row):
                planes[0, relative_seat(seat, viewer, self.players), place] = card / CARDS
        return planes
