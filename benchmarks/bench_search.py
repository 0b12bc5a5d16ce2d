"""Search speed: ISMCTS iterations per second from a mid-game position of each game, one core."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from common import pin_to_one_core, report
from tablelands.agents.mcts import Budget, grow
from tablelands.core.game import State
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games import get_game

# game, players, random actions to reach mid-game, target iterations per second
CASES = (
    ("confusing-lands", 2, 7, 300),
    ("land-vs-sea", 2, 60, 300),
    ("drifting-lands", 4, 100, 150),
)
ITERATIONS = 600


def midgame(name: str, players: int, steps: int) -> State:
    state = get_game(name).new_state(players=players, seed=1)
    rng = Rng(2)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def main() -> int:
    pin_to_one_core()
    missed = 0
    for name, players, steps, target in CASES:
        state = midgame(name, players, steps)
        start = time.perf_counter()
        grow(SeatView(state), Budget(iterations=ITERATIONS), Rng(3))
        rate = ITERATIONS / (time.perf_counter() - start)
        missed += report(
            f"{name} search, {players} players, mid-game", rate, "iterations/s", target
        )
    return missed


if __name__ == "__main__":
    sys.exit(main())
