"""Wilson intervals, against values worked out by hand (Wilson 1927, z = 1.96)."""

from __future__ import annotations

import pytest

from tablelands.tournament.stats import wilson


def test_the_wilson_interval_of_known_cases() -> None:
    # 7 of 10: centre (0.7 + 0.19208) / 1.38415, spread 1.96 * sqrt(0.021 + 0.00960) / 1.38415
    interval = wilson(7, 10)
    assert interval.share == 0.7
    assert interval.low == pytest.approx(0.3968, abs=1e-4)
    assert interval.high == pytest.approx(0.8922, abs=1e-4)
    assert wilson(0, 20).low == 0.0
    assert wilson(0, 20).high == pytest.approx(0.1611, abs=1e-4)
    assert wilson(20, 20).high == 1.0
    assert str(wilson(50, 100)) == "50.0% [40.4%, 59.6%]"


def test_a_share_needs_trials_and_fitting_successes() -> None:
    with pytest.raises(ValueError, match="at least one trial"):
        wilson(0, 0)
    with pytest.raises(ValueError, match="11 successes in 10"):
        wilson(11, 10)
