"""The observation encodings: a fixed shape in every position, every entry in [0, 1], the
same vector in every position a seat cannot tell apart, and the fields where docs say."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from tablelands.core.errors import OptionError
from tablelands.core.game import State
from tablelands.core.rng import Rng
from tablelands.games import get_game
from tests.core.test_secrecy import MODES, has_secrets, mode_id, trajectory, variant_of

#: States along each trajectory whose variants are checked (every one would be slow).
EVERY = 5


def encodings(name: str, players: int, options: dict[str, Any], seed: int) -> list[State]:
    return trajectory(get_game(name), players, options, seed)


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=[mode_id(*m) for m in MODES])
def test_the_vector_is_fixed_in_shape_and_range_and_follows_the_knowledge(
    name: str, players: int, options: tuple[tuple[str, Any], ...]
) -> None:
    game = get_game(name)
    encoder = game.encoder(players, dict(options))
    seen: dict[bytes, str] = {}
    for state in encodings(name, players, dict(options), 3):
        for seat in range(players):
            vector = encoder.encode(state.knowledge(seat))
            assert vector.shape == encoder.shape
            assert vector.dtype == np.float32
            assert vector.min() >= 0.0 and vector.max() <= 1.0
            # Positions that look different to the seat are told apart (what the encoding
            # leaves out, Land vs Sea's event list and holes, follows from the rest or the mask).
            knowledge = state.knowledge(seat)
            for left_out in ("events", "turn_events", "holes"):
                knowledge.pop(left_out, None)
            text = repr(sorted(knowledge.items()))
            assert seen.setdefault(vector.tobytes(), text) == text


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=[mode_id(*m) for m in MODES])
def test_the_vector_is_the_same_whatever_the_seat_cannot_know(
    name: str, players: int, options: tuple[tuple[str, Any], ...]
) -> None:
    encoder = get_game(name).encoder(players, dict(options))
    varied = 0
    for state in encodings(name, players, dict(options), 11)[::EVERY]:
        for seat in range(players):
            expected = encoder.encode(state.knowledge(seat))
            for number in range(2):
                variant = variant_of(state, seat, number)
                assert np.array_equal(encoder.encode(variant.knowledge(seat)), expected)
                if not state.is_terminal and has_secrets(state, seat):
                    varied += 1
    assert varied > 0


def test_a_leak_would_be_caught() -> None:
    """Meta: an encoding read from the true state (the other seat's hand) differs between
    variants, so the comparison above can fail."""
    game = get_game("drifting-lands")
    encoder = game.encoder(2)
    state = next(s for s in encodings("drifting-lands", 2, {}, 11) if s.hands[1])
    variant = variant_of(state, 0, 0)
    leaked = [{**s.knowledge(0), "hand": sorted(s.hands[1])} for s in (state, variant)]
    assert not np.array_equal(encoder.encode(leaked[0]), encoder.encode(leaked[1]))


def test_fields_lie_where_the_layout_says() -> None:
    game = get_game("confusing-lands")
    encoder = game.encoder(2)
    state = game.new_state(players=2, seed=4)
    knowledge = state.knowledge(1)
    vector = encoder.encode(knowledge)
    hands = vector[encoder.slices["hands"]].reshape(2, 18)
    # The viewer (seat 1) comes first; seat 0's hand is hidden from it in the first phase.
    assert sorted(np.flatnonzero(hands[0]) + 1) == knowledge["hands"][1]
    assert not hands[1].any()
    assert vector[encoder.slices["hand_known"]].tolist() == [1.0, 0.0]
    shared = vector[encoder.slices["shared_condition"]]
    assert np.flatnonzero(shared).tolist() == [knowledge["shared_condition"] - 1]


def test_an_encoder_is_for_a_player_count_the_game_is_played_with() -> None:
    with pytest.raises(OptionError, match="played by 2, 3, 4 players, not 5"):
        get_game("land-vs-sea").encoder(5)
    assert get_game("land-vs-sea").encoder(2).shape != get_game("land-vs-sea").encoder(3).shape


def test_land_vs_sea_boards_kept_between_calls_change_nothing() -> None:
    """The encoder keeps each viewer's last board and encodes only the tiles placed since:
    positions of several games in any order give what a fresh encoder gives."""
    game = get_game("land-vs-sea")
    options = {"mountains": True, "trade": True, "waypoints": True}
    knowledge = [
        state.knowledge(seat)
        for seed in (1, 2)
        for state in trajectory(game, 3, options, seed)[::6]
        for seat in range(3)
    ]
    order = list(range(len(knowledge)))
    Rng(5).shuffle(order)
    fresh = [game.encoder(3, options).encode(seen) for seen in knowledge]
    kept = game.encoder(3, options)
    for index in [*range(len(knowledge)), *order]:
        assert np.array_equal(kept.encode(knowledge[index]), fresh[index])
