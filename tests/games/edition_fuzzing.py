"""Fuzzing an edition schema: mutated edition data is an ``EditionError`` naming the source,
or a valid edition the rules can play a game with (a bound the engine relies on and the
schema misses shows up as a crash here)."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from tablelands.core.errors import EditionError, IllegalActionError
from tablelands.core.game import Game
from tablelands.core.rng import Rng
from tablelands.core.saved import load_state
from tests.core.mutations import tampered

FUZZ = settings(
    max_examples=120, deadline=5000, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def check_mutated_edition(game: Game[Any], data: st.DataObject, original: dict[str, Any]) -> None:
    changed, how = data.draw(tampered(original))
    try:
        edition = game.edition_class.from_data(changed, "mutated.json")
    except EditionError as exc:
        assert str(exc).startswith("mutated.json: "), how
        return
    assert edition.to_data() == changed, how
    players = max(game.info.player_counts)
    state = game.new_state(players=players, seed=1, edition=edition)
    rng = Rng(2)
    for _ in range(60):
        if state.is_terminal:
            break
        legal = state.legal_actions()
        action = rng.choice(legal)
        assert state.parse_action(state.format_action(action)) == action, how
        try:
            state.apply(action)
        except IllegalActionError:  # pragma: no cover - a legal action must apply
            raise AssertionError(how) from None
    load_state(game, state.to_json(), edition)
