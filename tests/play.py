"""Seeded random play, for tests that need positions of every kind."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from itertools import pairwise

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


def random_states(
    name: str, players: int, seed: int, options: Mapping[str, OptionValue] | None = None
) -> list[State]:
    """Every position of a game played to the end with seeded uniformly random actions."""
    state = get_game(name).new_state(players=players, seed=seed, options=options)
    rng = Rng(seed)
    states = [state.clone()]
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
        states.append(state.clone())
    return states


def logged_steps(
    name: str, players: int, seed: int, options: Mapping[str, OptionValue] | None = None
) -> Iterator[tuple[int, list[list[str]]]]:
    """Each step of a seeded random game: the seat that acted, and the lines every seat's
    log gives it (``Game.narrate`` of the seat's observations before and after)."""
    states = random_states(name, players, seed, options)
    game = states[0].game
    for before, after in pairwise(states):
        told = [
            game.narrate(before.observation(seat), after.observation(seat), after.edition)
            for seat in range(players)
        ]
        yield before.current_player, told


def marked(state: State, text: str) -> list[list[tuple[int, str]]]:
    """Play the action ``text`` names; the places every seat sees it change (``Game.places``)."""
    before = [state.observation(seat) for seat in range(state.num_players)]
    state.apply(state.parse_action(text))
    return [
        state.game.places(seen, state.observation(seat), state.edition)
        for seat, seen in enumerate(before)
    ]


def told(state: State, text: str) -> list[list[str]]:
    """Play the action ``text`` names; the log lines every seat reads of it."""
    before = [state.observation(seat) for seat in range(state.num_players)]
    state.apply(state.parse_action(text))
    return [
        state.game.narrate(seen, state.observation(seat), state.edition)
        for seat, seen in enumerate(before)
    ]
