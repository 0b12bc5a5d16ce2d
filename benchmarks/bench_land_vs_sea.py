"""Land vs Sea speed: random play with every module on, 2 players, actions per second."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from common import pin_to_one_core, random_play_rate, report


def main() -> int:
    pin_to_one_core()
    rate = random_play_rate(
        "land-vs-sea", 2, games=40, options={"mountains": True, "trade": True, "waypoints": True}
    )
    return report("random play, 2 players, all modules", rate, "actions/s", 20_000)


if __name__ == "__main__":
    sys.exit(main())
