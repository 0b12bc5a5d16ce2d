"""Statistics the tournament table, the comparison and the report share."""

from __future__ import annotations

import math
from dataclasses import dataclass

#: The normal quantile of a two-sided 95% interval.
Z95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class Interval:
    """A share with its Wilson 95% interval."""

    share: float
    low: float
    high: float

    def __str__(self) -> str:
        return f"{self.share:.1%} [{self.low:.1%}, {self.high:.1%}]"


def wilson(successes: float, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval of ``successes`` in ``trials`` (a draw counts half, so
    ``successes`` may be fractional); ``ValueError`` for no trials."""
    if trials <= 0:
        raise ValueError("a share needs at least one trial")
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes in {trials} trials")
    share = successes / trials
    centre = share + z * z / (2 * trials)
    spread = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    return Interval(share, max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))
