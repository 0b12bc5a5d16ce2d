"""Helpers for benchmark scripts: timing on one core and reporting against a target."""

from __future__ import annotations

import os
import time
from collections.abc import Callable

from tablelands.core.game import OptionValue
from tablelands.core.rng import Rng
from tablelands.games import get_game


def pin_to_one_core() -> None:
    """Run on a single core so figures mean 'per core' (where the OS allows it)."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})


def best_rate(work: Callable[[], int], repeats: int = 3) -> float:
    """Best of ``repeats`` runs of ``work`` (which returns the units it did), per second."""
    rates = []
    for _ in range(repeats):
        start = time.perf_counter()
        units = work()
        rates.append(units / (time.perf_counter() - start))
    return max(rates)


def report(
    name: str,
    value: float,
    unit: str,
    target: float,
    higher_is_better: bool = True,
    decimals: int = 1,
) -> int:
    """Print one figure (with ``decimals`` places) against its target; return 1 when the
    target is missed."""
    met = value >= target if higher_is_better else value <= target
    sign = ">=" if higher_is_better else "<="
    shown = f"{target:,.0f}" if float(target).is_integer() else f"{target:,.2f}"
    print(
        f"{name}: {value:,.{decimals}f} {unit} (target {sign} {shown}) {'OK' if met else 'MISSED'}"
    )
    return 0 if met else 1


def random_play_rate(
    name: str, players: int, games: int, options: dict[str, OptionValue] | None = None
) -> float:
    """Actions per second of uniformly random play (best of 3 runs of ``games`` games)."""
    game = get_game(name)

    def play() -> int:
        rng = Rng(1)
        actions = 0
        for seed in range(games):
            state = game.new_state(players=players, seed=seed, options=options)
            while not state.is_terminal:
                state.apply(rng.choice(state.legal_actions()))
                actions += 1
            state.scores()
        return actions

    return best_rate(play)
