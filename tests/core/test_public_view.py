"""The secrecy suite on what a spectator is shown: the public observation, the spectator's
view and log.

Along a whole seeded game in every mode, the public observation and the log written from it
are the same when every position is swapped for a variant that differs in what any one seat
cannot know (the suite's own variant builders): so the public view tells nothing hidden
from any seat. And everything it holds (the fields worked out for drawing aside, which
test_log_secrecy checks) is held by every seat's observation too: it is no more than what
the seats have in common. The meta-tests plant a hand and a hidden placement in the
public observation and check that they are reported.
"""

from __future__ import annotations

from typing import Any

import pytest

from tablelands.core.game import State
from tablelands.core.view import SeatLog, SpectatorView
from tablelands.games import get_game
from tablelands.games.confusing_lands.state import ConfusingLandsState
from tablelands.games.land_vs_sea.state import LandVsSeaState
from tests.core.test_log_secrecy import DRAWING, LOG_SEED
from tests.core.test_secrecy import MODES, VARIANTS, mode_id, trajectory, variant_of


def public_log(states: list[State]) -> list[str]:
    first = states[0]
    return SeatLog.of(first.game, first.edition, [s.public_observation() for s in states]).lines


def within(public: Any, seen: Any, where: str = "") -> list[str]:
    """Where ``public`` holds more than ``seen``: a value ``seen`` lacks or differs in (a
    ``None`` in ``public`` is "not known" and always fine; a list may be a prefix of the
    seat's, as a spectator sees an opponent's placements later than their owner)."""
    if public is None:
        return []
    if isinstance(public, dict):
        if not isinstance(seen, dict):
            return [where or "."]
        return [
            problem
            for key, value in public.items()
            for problem in (
                within(value, seen[key], f"{where}.{key}") if key in seen else [f"{where}.{key}"]
            )
        ]
    if isinstance(public, list):
        if not isinstance(seen, list) or len(public) > len(seen):
            return [where]
        return [p for i, v in enumerate(public) for p in within(v, seen[i], f"{where}.{i}")]
    return [] if public == seen else [where]


def beyond_the_seats(state: State) -> list[str]:
    """What the public observation holds that some seat's observation does not."""
    public = state.public_observation()
    drawn = DRAWING[state.game.info.name](public, state.edition)
    kept = {key: value for key, value in public.items() if key not in drawn and key != "viewer"}
    return [
        f"seat {seat + 1}: {where}"
        for seat in range(state.num_players)
        for where in within(kept, state.observation(seat))
    ]


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=[mode_id(*m) for m in MODES])
def test_the_public_view_and_log_are_the_same_whatever_any_seat_cannot_know(
    name: str, players: int, options: tuple[tuple[str, Any], ...]
) -> None:
    states = trajectory(get_game(name), players, dict(options), LOG_SEED)
    lines = public_log(states)
    assert len(lines) >= len(states) - 1, "a step told the spectator nothing"
    for number, state in enumerate(states):
        public = state.public_observation()
        assert public["viewer"] is None
        assert list(public) == list(state.observation(0)), "the fields of a seat's observation"
        assert SpectatorView(state).observation() == public
        assert not beyond_the_seats(state), number
        for seat in range(players):
            for variant in range(VARIANTS):
                assert variant_of(state, seat, variant).public_observation() == public, (
                    seat,
                    number,
                )
    for seat in range(players):
        varied = [variant_of(state, seat, k % VARIANTS) for k, state in enumerate(states)]
        assert public_log(varied) == lines, f"seat {seat + 1}'s secrets"


def test_the_spectators_standings_are_counted_from_the_public_observation() -> None:
    for name in ("confusing-lands", "land-vs-sea", "drifting-lands"):
        states = trajectory(get_game(name), 2, {}, 5)
        for state in [*states[:: max(1, len(states) // 6)], states[-1]]:
            view = SpectatorView(state)
            assert view.standings() == state.game.standings(
                state.public_observation(), view.edition
            )
            assert view.is_terminal == state.is_terminal
        # At the end everything is shown: the standings are the scores.
        final = SpectatorView(states[-1]).standings()
        assert [row["total"] for row in final] == states[-1].scores()


def test_a_spectator_is_told_a_hidden_placement_then_what_it_was() -> None:
    state = get_game("confusing-lands").new_state(players=2, seed=1)
    before = state.public_observation()
    state.apply(state.parse_action("1l0"))
    middle = state.public_observation()
    assert state.game.narrate(before, middle, state.edition) == ["Seat 1 placed a card"]
    state.apply(state.parse_action("16c0"))
    told = state.game.narrate(middle, state.public_observation(), state.edition)
    assert told[1] == "Revealed: Seat 1 placed card 1 landscape side up at 0,0 (1l0@0,0): 0 points"
    assert told[2:] == ["Seat 1 passes a card to Seat 2.", "Seat 2 passes a card to Seat 1."]


# -- the harness can fail ----------------------------------------------------------------


def test_harness_catches_a_hand_in_the_public_view(monkeypatch: pytest.MonkeyPatch) -> None:
    state = next(
        s
        for s in trajectory(get_game("land-vs-sea"), 2, {}, 7)
        if s.observation(0)["hands"][0] != s.observation(1)["hands"][0]
    )
    assert isinstance(state, LandVsSeaState)
    monkeypatch.setattr(LandVsSeaState, "public_observation", lambda self: self.view(0))
    assert any(".hands.0.0" in problem for problem in beyond_the_seats(state))


def test_harness_catches_a_placement_shown_before_its_phase_closes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = get_game("confusing-lands").new_state(players=2, seed=1)
    state.apply(state.parse_action("1l0"))
    assert isinstance(state, ConfusingLandsState)
    real = ConfusingLandsState.view

    def leaky(self: ConfusingLandsState, viewer: int | None) -> dict[str, Any]:
        seen = real(self, viewer)
        return seen | {"landscapes": real(self, 0)["landscapes"]} if viewer is None else seen

    monkeypatch.setattr(ConfusingLandsState, "view", leaky)
    assert beyond_the_seats(state) == ["seat 2: .landscapes.0"]
