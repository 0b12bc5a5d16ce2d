"""Confusing Lands speed: random 2-player games per second, and scoring a final landscape."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from common import best_rate, pin_to_one_core, report
from tablelands.core.rng import Rng
from tablelands.games import get_game
from tablelands.games.confusing_lands.scoring import CONDITIONS, LAND_OF_PLENTY
from tablelands.games.confusing_lands.state import ConfusingLandsState

GAMES = 300


def random_games() -> int:
    game = get_game("confusing-lands")
    rng = Rng(1)
    for seed in range(GAMES):
        state = game.new_state(players=2, seed=seed)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        state.scores()
    return GAMES


def final_landscapes(count: int) -> list[object]:
    game = get_game("confusing-lands")
    rng = Rng(2)
    landscapes = []
    for seed in range(count // 2):
        state = game.new_state(players=2, seed=seed)
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
        assert isinstance(state, ConfusingLandsState)
        landscapes.extend(state.landscapes)
    return landscapes


def score_all_conditions(landscapes: list[object]) -> int:
    for landscape in landscapes:
        values = [score(landscape) for score in CONDITIONS.values()]  # type: ignore[arg-type]
        values.append(min(values))  # Land of Plenty's share of the work
    assert LAND_OF_PLENTY not in CONDITIONS
    return len(landscapes)


def main() -> int:
    pin_to_one_core()
    missed = report("random 2-player games", best_rate(random_games), "games/s", 300)
    landscapes = final_landscapes(400)
    per_second = best_rate(lambda: score_all_conditions(landscapes))
    missed += report(
        "scoring a final landscape, all 18 conditions",
        1e6 / per_second,
        "us",
        300,
        higher_is_better=False,
    )
    return missed


if __name__ == "__main__":
    sys.exit(main())
