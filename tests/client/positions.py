"""Positions for the board tests: real states of seeded random games, and the document a
board draws for a seat (observation, legal actions, public edition)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from tablelands.core.game import OptionValue, State
from tablelands.core.view import SeatView
from tests.play import random_states

#: Each game as the tests play it: the title, players, options (all modules where any).
GAMES: dict[str, tuple[int, Mapping[str, OptionValue] | None]] = {
    "confusing-lands": (2, None),
    "land-vs-sea": (2, {"mountains": True, "trade": True, "waypoints": True}),
    "drifting-lands": (2, None),
}


def game_states(name: str, seed: int = 1, players: int | None = None) -> list[State]:
    count, options = GAMES[name]
    return random_states(name, players or count, seed, options)


def stages(name: str) -> dict[str, State]:
    """The start, a middle and the end of one game."""
    states = game_states(name)
    return {"start": states[0], "middle": states[len(states) // 2], "end": states[-1]}


def seat_of(state: State) -> int:
    """The seat whose screen is drawn: the one to act, or seat 1 once the game is over."""
    return max(state.current_player, 0)


def document(state: State, seat: int | None = None) -> dict[str, Any]:
    view = SeatView(state, seat_of(state) if seat is None else seat)
    return {
        "observation": view.observation(),
        "legal": view.legal_actions_json(),
        "edition": state.edition.to_data(),
    }


def find_state(
    name: str, wanted: Callable[[State, list[dict[str, Any]]], bool], seeds: int = 8
) -> State:
    """The first position of the seeded games where the seat to act has legal actions
    ``wanted`` accepts."""
    for seed in range(1, seeds + 1):
        for state in game_states(name, seed):
            if state.is_terminal:
                continue
            if wanted(state, SeatView(state).legal_actions_json()):
                return state
    raise LookupError(f"no such {name} position in {seeds} games")


def kind_state(name: str, kind: str, phase: str | None = None) -> State:
    """The first position where the seat to act may play an action of ``kind``."""

    def wanted(state: State, legal: list[dict[str, Any]]) -> bool:
        seen_phase = SeatView(state).observation()["phase"]
        return any(a["kind"] == kind for a in legal) and phase in (None, seen_phase)

    return find_state(name, wanted)
