"""Fixed-shape numeric encodings of what a seat knows, for learning agents (docs/research.md).

A game's :class:`Encoder` (``Game.encoder(players, options)``) turns a seat's knowledge
(``State.knowledge(seat)``: its observation less the fields worked out for drawing) into a
1-D float32 array of a fixed length, the same for every position of a game of that many
players with those options. It reads nothing but the knowledge and the public edition, so
two positions a seat cannot tell apart give it the very same array.

Encoders write into named slices laid out once (:class:`Layout`); the slices are what the
docs describe field by field, and what tests and front ends look fields up by.

The map is also given as *planes* (:meth:`Encoder.planes`): a float32 array of channels x
rows x columns over a fixed window of the board, for convolutional networks, read from the
same knowledge.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

#: A seat's knowledge, as ``State.knowledge`` gives it (``core.game.JsonDict``, which imports
#: this module).
Knowledge = dict[str, Any]
Vector = NDArray[np.float32]
#: Channels x rows x columns, every entry in [0, 1].
Planes = NDArray[np.float32]


class Position(Protocol):
    """A game's state as the quick ways (:meth:`Encoder.quick_encode`,
    ``Factoring.quick``) take it: ``core.game.State``, which imports this module, so is not
    named here. A game's quick way checks it has its own state."""

    @property
    def current_player(self) -> int: ...

    def knowledge(self, player: int) -> Knowledge: ...

    def legal_actions(self) -> list[int]: ...


class Layout:
    """The named slices of an encoding, laid out one after another."""

    def __init__(self) -> None:
        self.slices: dict[str, slice] = {}
        self.size = 0

    def add(self, name: str, length: int) -> int:
        """Reserve ``length`` entries for field ``name``; its first index."""
        if name in self.slices:
            raise ValueError(f"the encoding already has a field {name!r}")
        start = self.size
        self.slices[name] = slice(start, start + length)
        self.size += length
        return start


class Encoder(ABC):
    """A seat's knowledge as a fixed-shape float32 vector, every entry in [0, 1]."""

    #: Where each field lies in the vector (docs/research.md describes each).
    layout: Layout

    @property
    def shape(self) -> tuple[int, ...]:
        return (self.layout.size,)

    @property
    def slices(self) -> dict[str, slice]:
        return self.layout.slices

    #: What each channel of :meth:`planes` shows, in order (the docs describe them).
    plane_names: tuple[str, ...]
    #: The planes' rows and columns.
    plane_size: tuple[int, int]

    @abstractmethod
    def encode(self, knowledge: Knowledge) -> Vector:
        """The vector of ``knowledge`` (``State.knowledge(seat)`` of this encoder's game,
        player count and options): a new array of :attr:`shape`."""

    def quick_encode(self, state: Position, seat: int) -> Vector | None:
        """:meth:`encode` of ``state.knowledge(seat)``, written from the state's fields that
        ``seat`` may know without the knowledge document first (a learner's every step
        needs it), or ``None`` where the game has no quicker way. The conformance suite
        holds the two equal for every seat at every state, and the quick one the same in
        the seat's worlds (so it reads nothing hidden from the seat)."""
        return None

    @property
    def plane_shape(self) -> tuple[int, int, int]:
        return (len(self.plane_names), *self.plane_size)

    @abstractmethod
    def planes(self, knowledge: Knowledge) -> Planes:
        """The map of ``knowledge`` as planes: a new array of :attr:`plane_shape`, the
        viewer's channels first where channels are per seat."""


def bit_plane(mask: int, rows: int, cols: int, stride: int) -> NDArray[np.bool_]:
    """The bitboard ``mask`` (bit ``row * stride + col``) as a ``rows`` x ``cols`` array."""
    raw = np.frombuffer(mask.to_bytes(rows * stride // 8 + 1, "little"), dtype=np.uint8)
    cells = np.unpackbits(raw, bitorder="little")[: rows * stride]
    return cells.reshape(rows, stride)[:, :cols].astype(bool)


def relative_seat(seat: int, viewer: int, players: int) -> int:
    """``seat`` counted from ``viewer`` (0 is the viewer, 1 the next seat, ...): encodings
    put the viewer first, so a policy learns one seat's point of view for all seats."""
    return (seat - viewer) % players


def scaled(value: float, top: float) -> float:
    """``value`` / ``top``, kept within [0, 1] (what lies beyond ``top`` reads as 1)."""
    return min(max(value / top, 0.0), 1.0)
