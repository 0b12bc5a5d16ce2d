"""What Drifting Lands says of each action for policies that score candidates
(``core/candidates.py``): the seat's score in its parts (the continents', the pawns' and the
cards' points) and its pawns on the board after the action."""

from __future__ import annotations

from collections.abc import Sequence

from tablelands.core.candidates import ActionFeatures, Position
from tablelands.games.drifting_lands.state import DriftingLandsState

#: The parts of a seat's score breakdown (``State.score_breakdown``) given as features.
PARTS = ("continents", "pawns", "cards", "pawns_on_board")


class DriftingLandsFeatures(ActionFeatures):
    extra_names = (
        "continents' points after",
        "pawns' points after",
        "cards' points after",
        "pawns on the board after",
    )

    def extra(self, before: Position, after: Position, seat: int) -> Sequence[float]:
        assert isinstance(after, DriftingLandsState)
        parts = after.score_breakdown()[seat]
        return [float(parts[part]) for part in PARTS]
