"""What Confusing Lands says of each action for policies that score candidates
(``core/candidates.py``): beyond the points, what a landscape keeps for later. A condition
side costs 10 points the moment it is laid, and pays only as the symbols it asks for come,
so a policy that sees only the points never takes one on."""

from __future__ import annotations

from collections.abc import Sequence

from tablelands.core.candidates import ActionFeatures, Position
from tablelands.games.confusing_lands.scoring import (
    LAND_OF_PLENTY,
    score_condition,
    score_landscape,
)
from tablelands.games.confusing_lands.state import ConfusingLandsState


class ConfusingLandsFeatures(ActionFeatures):
    extra_names = (
        "conditions kept",
        "own conditions' points",
        "shared condition's points",
        "shared condition's points were a condition kept",
        "spaces covered",
        "cards placed",
        "discard",
    )

    def extra(self, before: Position, after: Position, seat: int) -> Sequence[float]:
        assert isinstance(before, ConfusingLandsState) and isinstance(after, ConfusingLandsState)
        landscape = after.landscapes[seat]
        scored = score_landscape(landscape, after.shared)
        # The shared condition pays only once a condition of one's own is kept (CL-14).
        unlocked = 0 if after.shared == LAND_OF_PLENTY else score_condition(landscape, after.shared)
        placed = len(after.placements[seat])
        return (
            len(landscape.conditions),
            sum(scored.conditions.values()),
            scored.shared or 0,
            unlocked,
            landscape.occupied.bit_count(),
            placed,
            1.0 if placed == len(before.placements[seat]) else 0.0,
        )
