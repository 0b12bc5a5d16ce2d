"""Research environments' speed: PettingZoo AEC steps per second with random legal actions,
the agent to act observed every step (its knowledge encoded and its action mask made)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from common import best_rate, pin_to_one_core, report
from tablelands.core.rng import Rng
from tablelands.envs.pettingzoo import env

#: (label, game, players, settings, steps per run, target steps/s)
CASES: list[tuple[str, str, int, dict[str, Any], int, float]] = [
    ("Confusing Lands solo", "confusing-lands", 1, {}, 4_000, 5_000),
    ("Confusing Lands, 2 players", "confusing-lands", 2, {}, 4_000, 5_000),
    ("Land vs Sea, 2 players", "land-vs-sea", 2, {}, 1_500, 5_000),
    ("Land vs Sea, 2 players, reuse_masks", "land-vs-sea", 2, {"reuse_masks": True}, 4_000, 5_000),
    ("Drifting Lands, 2 players", "drifting-lands", 2, {}, 3_000, 2_000),
]


def steps(game: str, players: int, settings: dict[str, Any], count: int) -> int:
    """``count`` steps of seeded games, each observing the agent to act and playing one of
    its legal actions at random (from ``infos["legal_actions"]``, the mask's ones)."""
    aec = env(game, players=players, **settings)
    rng = Rng(1)
    done = 0
    seed = 0
    while done < count:
        aec.reset(seed=seed)
        seed += 1
        for _agent in aec.agent_iter():
            observation, _, termination, truncation, info = aec.last()
            if termination or truncation:
                aec.step(None)
                continue
            assert observation["action_mask"].dtype.kind == "i"
            aec.step(rng.choice(info["legal_actions"]))
            done += 1
    return done


def main() -> int:
    pin_to_one_core()
    failed = 0
    for label, game, players, settings, count, target in CASES:
        rate = best_rate(lambda: steps(game, players, settings, count))  # noqa: B023
        failed += report(f"{label}: AEC steps", rate, "steps/s", target)
    return failed


if __name__ == "__main__":
    sys.exit(main())
