"""Research environments' speed: PettingZoo AEC steps per second with random legal actions,
the agent to act observed every step (its knowledge encoded and its action mask made), beside
PettingZoo's own ``connect_four_v3`` (raw, no wrappers) measured the same way, and each
factored environment's cost over its bare rules (random play by ``legal_actions`` and
``apply`` alone)."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from common import best_rate, pin_to_one_core, random_play_rate, report
from tablelands.core.rng import Rng
from tablelands.envs.pettingzoo import env

#: (label, game, players, settings, steps per run, target steps/s or None: a figure only)
CASES: list[tuple[str, str, int, dict[str, Any], int, float | None]] = [
    ("Confusing Lands solo", "confusing-lands", 1, {}, 4_000, 5_000),
    ("Confusing Lands, 2 players", "confusing-lands", 2, {}, 4_000, 5_000),
    # Land vs Sea's mask has 47.6 million entries: a new one each step costs more than the
    # rest of the step, so the quick way to run it reuses each agent's (docs/research.md).
    ("Land vs Sea, 2 players, reuse_masks", "land-vs-sea", 2, {"reuse_masks": True}, 4_000, 5_000),
    ("Land vs Sea, 2 players, a new mask each step", "land-vs-sea", 2, {}, 1_500, None),
    ("Drifting Lands, 2 players", "drifting-lands", 2, {}, 3_000, 2_000),
    # The factored forms (docs/research.md): masks of at most 95,744 entries, made anew.
    (
        "Confusing Lands, 2 players, factored",
        "confusing-lands",
        2,
        {"actions": "factored"},
        4_000,
        None,
    ),
    ("Land vs Sea, 2 players, factored", "land-vs-sea", 2, {"actions": "factored"}, 4_000, None),
    (
        "Drifting Lands, 2 players, factored",
        "drifting-lands",
        2,
        {"actions": "factored"},
        3_000,
        None,
    ),
]
#: Random games of the rules alone, for comparison on the same machine at the same time.
ENGINE_GAMES = {"confusing-lands": 60, "land-vs-sea": 10, "drifting-lands": 10}
#: The most a factored environment may cost over its bare rules (issue 27).
COST_TARGET = 1.5


def aec_steps(aec: Any, count: int, legal: Callable[[Any, dict[str, Any]], list[int]]) -> int:
    """``count`` steps of seeded games of the AEC environment ``aec``, each observing the
    agent to act and playing one of its legal actions (``legal(observation, info)``) at
    random."""
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
            aec.step(rng.choice(legal(observation, info)))
            done += 1
    return done


def steps(game: str, players: int, settings: dict[str, Any], count: int) -> int:
    """Steps of ours, the legal actions from ``infos["legal_actions"]`` (the mask's ones)."""
    return aec_steps(env(game, players=players, **settings), count, lambda _, i: i["legal_actions"])


def connect_four_steps(count: int) -> int:
    """Steps of PettingZoo's raw ``connect_four_v3``, measured as ours are (its legal
    actions read from the mask: it gives no list)."""
    from pettingzoo.classic import connect_four_v3  # needs pygame: the bench extra

    return aec_steps(
        connect_four_v3.raw_env(), count, lambda o, _: o["action_mask"].nonzero()[0].tolist()
    )


def main() -> int:
    pin_to_one_core()
    failed = 0
    rates: dict[str, float] = {}
    for label, game, players, settings, count, target in CASES:
        rate = rates[label] = best_rate(lambda: steps(game, players, settings, count))  # noqa: B023
        if target is None:
            print(f"{label}: AEC steps: {rate:,.1f} steps/s (no target)")
        else:
            failed += report(f"{label}: AEC steps", rate, "steps/s", target)
    connect_four = best_rate(lambda: connect_four_steps(4_000))
    print(f"PettingZoo connect_four_v3 (raw): AEC steps: {connect_four:,.1f} steps/s")
    for game, games in ENGINE_GAMES.items():
        rules = random_play_rate(game, 2, games)
        print(f"for comparison, {game} rules alone, 2 players: {rules:,.1f} actions/s")
        factored = next(
            rates[label]
            for label, name, _, settings, _, _ in CASES
            if name == game and settings.get("actions") == "factored"
        )
        failed += report(
            f"{game}, 2 players, factored: steps/s over connect_four_v3's",
            factored / connect_four,
            "x",
            1.0,
            decimals=2,
        )
        failed += report(
            f"{game}, 2 players, factored: cost over the bare rules",
            rules / factored,
            "x",
            COST_TARGET,
            higher_is_better=False,
            decimals=2,
        )
    return failed


if __name__ == "__main__":
    sys.exit(main())
