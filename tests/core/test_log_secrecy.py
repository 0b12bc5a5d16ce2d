"""The secrecy suite (tests/core/test_secrecy.py) on what issue 15 adds for a seat: its game
log and the fields an observation adds for drawing.

Along a whole seeded game in every mode, the log a seat reads (``SeatLog``) is the same when
every position is swapped for a variant that differs only in what the seat cannot know (the
suite's own variant builders). At the suite's staged positions, the fields an observation
adds for drawing are worked out from the rest of it and the public edition alone, and are
the same in every variant. The meta-tests plant a log telling a hidden field and a drawing
field counted from the state, and check that they are reported.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from tablelands.core.game import State
from tablelands.core.view import SeatLog
from tablelands.games import get_game
from tablelands.games.confusing_lands import view as confusing_lands_view
from tablelands.games.confusing_lands.state import ConfusingLandsState
from tablelands.games.drifting_lands import view as drifting_lands_view
from tablelands.games.drifting_lands.state import DriftingLandsState
from tablelands.games.land_vs_sea import view as land_vs_sea_view
from tests.core.test_secrecy import (
    CASES,
    MODES,
    VARIANTS,
    _leak_case,
    mode_id,
    staged_state,
    trajectory,
    variant_of,
)

#: The seeded game each mode's logs are compared along.
LOG_SEED = 3
DRAWING: dict[str, Callable[[dict[str, Any], Any], dict[str, Any]]] = {
    "confusing-lands": confusing_lands_view.drawing_fields,
    "land-vs-sea": land_vs_sea_view.drawing_fields,
    "drifting-lands": drifting_lands_view.drawing_fields,
}


def seat_logs(states: list[State], seat: int, vary: bool) -> list[str]:
    """The log ``seat`` reads along ``states``, or along variants of them for the seat."""
    first = states[0]
    seen = [
        (variant_of(state, seat, number) if vary else state).observation(seat)
        for number, state in enumerate(states)
    ]
    for observation in seen:
        assert json.loads(json.dumps(observation)) == observation, "not JSON as it is"
    return SeatLog.of(first.game, first.edition, seen).lines


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=[mode_id(*m) for m in MODES])
def test_a_seats_log_is_the_same_whatever_it_cannot_know(
    name: str, players: int, options: tuple[tuple[str, Any], ...]
) -> None:
    """Along a whole seeded game, the log a seat reads is the same line for line when every
    position is swapped for a variant differing in what the seat cannot know (and every
    observation is JSON as it is, ready to send)."""
    states = trajectory(get_game(name), players, dict(options), LOG_SEED)
    for seat in range(players):
        lines = seat_logs(states, seat, vary=False)
        assert len(lines) >= len(states) - 1, "a step told the seat nothing"
        assert seat_logs(states, seat, vary=True) == lines, f"seat {seat + 1}"


def drawing_problems(state: State, viewer: int | None) -> list[str]:
    """How the fields an observation adds for drawing fail to be worked out from the rest of
    it and the edition alone (``viewer`` None: the public observation)."""
    seen = state.public_observation() if viewer is None else state.observation(viewer)
    work_out = DRAWING[state.game.info.name]
    drawn = work_out(seen, state.edition)
    rest = {key: value for key, value in seen.items() if key not in drawn}
    problems = [key for key, value in drawn.items() if seen.get(key) != value]
    problems += [
        f"{key} (from the rest)"
        for key, value in work_out(rest, state.edition).items()
        if drawn[key] != value
    ]
    return problems


@pytest.mark.parametrize(("name", "players", "options", "stage"), CASES)
def test_the_drawing_fields_are_worked_out_from_the_rest_of_the_observation(
    name: str, players: int, options: tuple[tuple[str, Any], ...], stage: str
) -> None:
    """Whatever an observation adds for drawing (a landscape's cells, faces drawn out, the
    standings, the decision) is a function of the rest of it and the public edition, so it
    can tell nothing the rest does not; and it is the same in every variant."""
    state = staged_state(name, players, options, stage)
    viewers: list[int | None] = [*range(players), None]
    for viewer in viewers:
        assert not drawing_problems(state, viewer), viewer
    for seat in range(players):
        drawn = DRAWING[name](state.observation(seat), state.edition)
        for number in range(VARIANTS):
            seen = variant_of(state, seat, number).observation(seat)
            assert {key: seen[key] for key in drawn} == drawn, (seat, number)


# -- the harness can fail ----------------------------------------------------------------


def test_harness_catches_a_log_telling_a_hidden_field(monkeypatch: pytest.MonkeyPatch) -> None:
    """An observation carrying a hidden field and a narration telling it."""
    state, seat = _leak_case("drifting-lands")
    real = DriftingLandsState.observation
    monkeypatch.setattr(
        DriftingLandsState, "observation", lambda self, p: real(self, p) | {"leak": self.hands}
    )
    monkeypatch.setattr(
        type(state.game), "narrate", lambda self, before, after, edition: [str(after["leak"])]
    )
    variant = variant_of(state, seat, 0)
    assert seat_logs([state, state], seat, False) != seat_logs([variant, variant], seat, False)


def test_harness_catches_a_drawing_field_worked_out_from_the_state(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Standings counted from every placement, an opponent's hidden one included."""
    state, seat = _leak_case("confusing-lands")
    real = ConfusingLandsState.view

    def leaky(self: ConfusingLandsState, viewer: int | None) -> dict[str, Any]:
        everything = [{"seat": seat, "total": total} for seat, total in enumerate(self.scores())]
        return real(self, viewer) | {"standings": everything}

    monkeypatch.setattr(ConfusingLandsState, "view", leaky)
    assert "standings" in drawing_problems(state, seat)
