"""``Position``: the logs and marks of the seats a process serves, written at every move
once asked for, and the same when asked for late (written then by playing the moves
again); a seat nobody asks for here costs no observation."""

from __future__ import annotations

from typing import Any

import pytest

from tablelands.core.game import State
from tablelands.core.match import PLAY, Match, Move, Setup
from tablelands.core.rng import Rng
from tablelands.games import get_game
from tablelands.server.position import Position

GAMES = [("confusing-lands", 2), ("land-vs-sea", 3), ("drifting-lands", 2)]


def played(name: str, players: int, seed: int, moves: int) -> tuple[Setup, list[Move]]:
    setup = Setup.checked(get_game(name), players=players, seed=seed)
    state, rng, made = setup.start(), Rng(seed), []
    while not state.is_terminal and len(made) < moves:
        action = rng.choice(state.legal_actions())
        made.append(Move(len(made) + 1, state.current_player, action, PLAY))
        state.apply(action)
    return setup, made


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_log_asked_for_late_is_the_log_kept_all_along(name: str, players: int) -> None:
    setup, moves = played(name, players, seed=21, moves=40)
    eager, late = Position(Match(setup)), Position(Match(setup))
    viewers: list[int | None] = [*range(players), None]
    for seat in viewers:
        eager.viewpoint(seat)
    for move in moves:
        eager.play(move)
        late.play(move)
    for seat in viewers:
        kept, written = eager.viewpoint(seat), late.viewpoint(seat)
        assert written.lines == kept.lines, f"seat {seat}"
        assert written.marks == kept.marks, f"seat {seat}"
        assert len(kept.lines) > 1 and kept.marks
    rebuilt = Position(Match(setup, tuple(moves)))
    assert rebuilt.viewpoint(0).lines == eager.viewpoint(0).lines


@pytest.mark.parametrize(("name", "players"), GAMES)
def test_a_seat_no_one_asks_for_here_costs_no_observation(
    name: str, players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    setup, moves = played(name, players, seed=22, moves=30)
    position = Position(Match(setup))
    position.viewpoint(0)
    asked: list[int] = []
    kind = type(position.state)
    real = kind.observation

    def observation(self: State, player: int) -> Any:
        asked.append(player)
        return real(self, player)

    monkeypatch.setattr(kind, "observation", observation)
    for move in moves:
        position.play(move)
    assert asked and set(asked) == {0}
