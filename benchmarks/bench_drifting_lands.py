"""Drifting Lands speed: random play, 4 players, actions per second."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from common import best_rate, pin_to_one_core, report
from tablelands.core.rng import Rng
from tablelands.games import get_game

GAMES = 30


def random_games() -> int:
    game = get_game("drifting-lands")
    rng = Rng(1)
    actions = 0
    for seed in range(GAMES):
        state = game.new_state(players=4, seed=seed)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        state.scores()
    return actions


def main() -> int:
    pin_to_one_core()
    rate = best_rate(random_games)
    return report("random play, 4 players", rate, "actions/s", 5_000)


if __name__ == "__main__":
    sys.exit(main())
