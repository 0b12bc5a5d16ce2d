"""Opponents who play against the searcher (``State.opposition``), on a two-move toy game."""

from __future__ import annotations

from typing import Any

import pytest

from tablelands.agents.mcts import Aims, Budget, _aims, search
from tablelands.core.game import TERMINAL, JsonDict, State
from tablelands.core.rng import Rng
from tablelands.games import get_game

SAFE, BOLD = 0, 1
TAKE, SPITE = 0, 1
#: Seat 0 plays safe or bold; after a bold move, seat 1 takes the most for itself or spites
#: seat 0 by handing seat 2 the game.
RESULTS = {
    (SAFE,): [0.2, 0.4, 0.4],
    (BOLD, TAKE): [0.9, 0.08, 0.02],
    (BOLD, SPITE): [0.1, 0.05, 0.85],
}


class Threat(State):
    """Three seats, two moves: only what the search needs is real."""

    def __init__(self) -> None:  # no game or edition: the search never asks for them
        self.num_players = 3
        self.history = []

    @property
    def current_player(self) -> int:
        return TERMINAL if tuple(self.history) in RESULTS else len(self.history)

    def legal_actions(self) -> list[int]:
        return [] if self.is_terminal else [0, 1]

    def apply(self, action: int) -> None:
        self.history.append(action)

    def clone(self) -> Threat:
        copy = Threat()
        copy.history = list(self.history)
        return copy

    def sample_hidden(self, player: int, rng: Rng) -> Threat:
        return self.clone()

    def utility(self) -> list[float]:
        return list(RESULTS[tuple(self.history)])

    def observation(self, player: int) -> JsonDict:
        raise NotImplementedError

    def scores(self) -> list[int]:
        raise NotImplementedError

    def winners(self) -> list[int]:
        raise NotImplementedError

    def score_breakdown(self) -> list[JsonDict]:
        raise NotImplementedError

    def final_section(self) -> JsonDict:
        raise NotImplementedError

    def evaluate(self, player: int) -> float:
        raise NotImplementedError

    def format_action(self, action: int) -> str:
        raise NotImplementedError

    def parse_action(self, text: str) -> int:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError


def best_first_move(monkeypatch: pytest.MonkeyPatch, opposition: float) -> int:
    monkeypatch.setattr(Threat, "opposition", opposition)
    return search(Threat(), Budget(iterations=400), Rng(1))[0].action


def test_opponents_play_for_themselves_by_default(monkeypatch: pytest.MonkeyPatch) -> None:
    # Seat 1 gains more by taking than by spiting, so the bold move is safe to make.
    assert best_first_move(monkeypatch, 0.0) == BOLD


def test_opposing_opponents_make_the_bold_move_too_risky(monkeypatch: pytest.MonkeyPatch) -> None:
    # Half against the searcher, seat 1 values spite at 0.475 against 0.09 for taking.
    assert best_first_move(monkeypatch, 0.5) == SAFE


def test_a_teammate_never_plays_against_the_searcher(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Threat, "side_of", lambda self, seat: 0 if seat < 2 else 1)
    assert best_first_move(monkeypatch, 1.0) == BOLD


def test_aims_blend_each_seats_result_with_the_searchers_loss() -> None:
    aims = Aims(me=0, against=(0.0, 0.5, 1.0))
    assert aims.of([0.6, 0.3, 0.1]) == pytest.approx([0.6, 0.35, 0.4])


def test_drifting_lands_teammates_are_on_the_searchers_side() -> None:
    state = get_game("drifting-lands").new_state(players=4, seed=1, options={"teams": True})
    aims = _aims(state, 0)
    assert aims is not None
    assert aims.against == (0.0, state.opposition, 0.0, state.opposition)


def test_land_vs_sea_teammates_share_a_side() -> None:
    state = get_game("land-vs-sea").new_state(players=4, seed=1)
    assert [state.side_of(seat) for seat in range(4)] == list(state.sides)
    assert state.side_of(0) == state.side_of(2) != state.side_of(1)
