"""Drifting Lands speed: random play, 4 players, actions per second."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from common import pin_to_one_core, random_play_rate, report


def main() -> int:
    pin_to_one_core()
    rate = random_play_rate("drifting-lands", 4, games=40, options=None)
    return report("random play, 4 players", rate, "actions/s", 5_000)


if __name__ == "__main__":
    sys.exit(main())
