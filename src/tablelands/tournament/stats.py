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


@dataclass(frozen=True, slots=True)
class Test:
    """A test of the difference between two samples: its statistic and two-sided p-value."""

    #: ``z`` (two proportions) or ``t`` (Welch).
    kind: str
    statistic: float
    p: float

    def significant(self, level: float = 0.05) -> bool:
        return self.p < level


def two_proportions(a: float, n_a: int, b: float, n_b: int) -> Test:
    """The two-proportion z-test (pooled) of ``a`` successes in ``n_a`` against ``b`` in
    ``n_b`` (draws count half, so successes may be fractional)."""
    if n_a <= 0 or n_b <= 0:
        raise ValueError("a share needs at least one trial")
    pooled = (a + b) / (n_a + n_b)
    spread = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    difference = a / n_a - b / n_b
    if spread == 0:
        # Every trial of both succeeded, or none did: the shares are equal.
        return Test("z", 0.0, 1.0)
    z = difference / spread
    return Test("z", z, math.erfc(abs(z) / math.sqrt(2)))


def welch(a: list[float], b: list[float]) -> Test:
    """Welch's t-test (unequal variances) of the means of ``a`` and ``b``, at least two
    values each."""
    if len(a) < 2 or len(b) < 2:
        raise ValueError("a mean's test needs at least two values in each sample")
    mean_a, mean_b = sum(a) / len(a), sum(b) / len(b)
    var_a = sum((x - mean_a) ** 2 for x in a) / (len(a) - 1)
    var_b = sum((x - mean_b) ** 2 for x in b) / (len(b) - 1)
    error_a, error_b = var_a / len(a), var_b / len(b)
    spread = math.sqrt(error_a + error_b)
    if spread == 0:
        # Both samples constant: the means differ surely or not at all.
        return Test(
            "t",
            0.0 if mean_a == mean_b else math.copysign(math.inf, mean_a - mean_b),
            1.0 if mean_a == mean_b else 0.0,
        )
    t = (mean_a - mean_b) / spread
    freedom = (error_a + error_b) ** 2 / (error_a**2 / (len(a) - 1) + error_b**2 / (len(b) - 1))
    # Two-sided p of Student's t: the regularized incomplete beta I_x(df/2, 1/2).
    return Test("t", t, _incomplete_beta(freedom / 2, 0.5, freedom / (freedom + t * t)))


def _incomplete_beta(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), by its continued fraction
    (Numerical Recipes' betacf, modified Lentz)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(
        math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x)
    )
    if x > (a + 1) / (a + b + 2):
        # The fraction converges fast only below its mean: use the symmetry I_x = 1 - I_1-x.
        return 1.0 - _incomplete_beta(b, a, 1.0 - x)
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    value = d
    for m in range(1, 300):
        for numerator in (
            m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
            -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1)),
        ):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            value *= c * d
        if abs(c * d - 1.0) < 1e-14:
            break
    return front * value / a
