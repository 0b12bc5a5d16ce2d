"""Actions as candidates: each legal action with a few numbers saying what it does, for
policies that score actions one by one rather than pick from a fixed grid (docs/research.md).

A policy that scores candidates needs no output layer over the action space at all: it reads
each legal action's feature vector (points gained, the standing after, what the game adds:
conditions kept, areas, pawns...) and ranks them. A game's :class:`ActionFeatures`
(``Game.action_features``) says what the numbers are; the ones every game has come from
``State.scores()``.

The numbers are worked out in the seat's world (``SeatView``: what the seat knows as it is,
the rest drawn at random, as the ``greedy`` bot judges), so they never tell the seat anything
it cannot know: where a move's effect depends on a hidden card, they show a guess, the same
in every position the seat cannot tell apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

import numpy as np
from numpy.typing import NDArray


class Position(Protocol):
    """What the common features read of a state (``core.game.State``, which imports this
    module, has both)."""

    @property
    def is_terminal(self) -> bool: ...

    def scores(self) -> list[int]: ...


#: The features every game has, read from ``State.scores()``.
COMMON_FEATURES = ("points gained", "points after", "lead after", "ends the game")


class ActionFeatures:
    """What a game says of each action of a seat. :attr:`names` lists the features in
    order (the docs describe each); :meth:`describe` gives them for one action. A game adds
    its own after the common ones by overriding :attr:`extra_names` and :meth:`extra`."""

    #: The game's own features, after :data:`COMMON_FEATURES`.
    extra_names: tuple[str, ...] = ()
    #: Every feature lies within ``[-bound, bound]`` (points, counts: far within it).
    bound = 1000.0

    @property
    def names(self) -> tuple[str, ...]:
        return COMMON_FEATURES + self.extra_names

    def describe(
        self, before: Position, after: Position, seat: int, points_before: int | None = None
    ) -> list[float]:
        """The features of the action that took ``before`` (a world of ``seat``, which is
        to act) to ``after``: the points it gains the seat, the seat's points after it, its
        lead over the best other seat after it (solo: its points), whether the game ends,
        then :meth:`extra`. ``points_before``, the seat's points in ``before``, when the
        caller has them (every action of a position starts from the same)."""
        was = before.scores()[seat] if points_before is None else points_before
        now = after.scores()
        points = now[seat]
        best_other = max((s for other, s in enumerate(now) if other != seat), default=0)
        ends = 1.0 if after.is_terminal else 0.0
        return [points - was, points, points - best_other, ends, *self.extra(before, after, seat)]

    def extra(self, before: Position, after: Position, seat: int) -> Sequence[float]:
        """The game's own features of the action (as many as :attr:`extra_names`)."""
        return ()


@dataclass(frozen=True)
class Candidates:
    """The legal actions of one position (the game's action numbers, in the order of
    ``legal_actions()``) and their features, one row each (``float32``, ``len(actions)`` by
    ``len(names)``)."""

    actions: list[int]
    features: NDArray[np.float32]
    names: tuple[str, ...]

    def __len__(self) -> int:
        return len(self.actions)

    def best(self, limit: int) -> Candidates:
        """At most ``limit`` of them: those that gain the most points (ties in the order of
        the legal actions), for a policy whose input holds a fixed number of candidates."""
        if len(self.actions) <= limit:
            return self
        gained = self.features[:, 0]
        kept = np.sort(np.argsort(-gained, kind="stable")[:limit])
        return Candidates([self.actions[i] for i in kept], self.features[kept], self.names)
