"""Seeded random play, for tests that need positions of every kind."""

from __future__ import annotations

from collections.abc import Iterator

from tablelands.core.game import OptionValue, State
from tablelands.core.rng import Rng
from tablelands.games import get_game


def random_game(
    name: str,
    players: int,
    seed: int,
    options: dict[str, OptionValue] | None = None,
) -> Iterator[State]:
    """Every position of game ``seed`` played by uniformly random actions (the same seed
    drives the choices) to the end: the one state, yielded before each action and at the
    end (copy it to keep a position)."""
    state = get_game(name).new_state(players=players, seed=seed, options=options)
    rng = Rng(seed)
    yield state
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        yield state


def random_play(name: str, players: int, seed: int, steps: int = 10_000) -> State:
    """The position after up to ``steps`` uniformly random actions from game ``seed`` (the
    same seed drives the choices), or the end if it comes first."""
    positions = random_game(name, players, seed)
    state = next(positions)
    for _ in range(steps):
        if state.is_terminal:
            break
        state = next(positions)
    return state
