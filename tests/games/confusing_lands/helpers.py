"""Shared helpers for Confusing Lands tests: states with chosen hands and decks."""

from __future__ import annotations

from tablelands.games.confusing_lands import GAME
from tablelands.games.confusing_lands.state import ConfusingLandsState


def new_state(players: int = 2, seed: int = 1) -> ConfusingLandsState:
    return GAME.new_state(players=players, seed=seed)


def play(state: ConfusingLandsState, *texts: str) -> None:
    for text in texts:
        state.apply(state.parse_action(text))
