"""Copying a state (on the search's hot path): clones per second of a mid-game position."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from bench_search import midgame
from common import best_rate, pin_to_one_core, report
from tablelands.core.game import State

# game, players, random actions to reach mid-game, target clones per second
CASES = (
    ("confusing-lands", 2, 7, 200_000),
    ("land-vs-sea", 4, 60, 80_000),
    ("drifting-lands", 4, 100, 150_000),
)
CLONES = 20_000


def main() -> int:
    pin_to_one_core()
    missed = 0
    for name, players, steps, target in CASES:
        state = midgame(name, players, steps)

        def copies(state: State = state) -> int:
            for _ in range(CLONES):
                state.clone()
            return CLONES

        rate = best_rate(copies)
        missed += report(f"{name} clone, {players} players, mid-game", rate, "clones/s", target)
    return missed


if __name__ == "__main__":
    sys.exit(main())
