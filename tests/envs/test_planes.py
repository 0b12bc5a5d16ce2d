"""The map as planes (``Encoder.planes``): a fixed shape in [0, 1], the same in every
position a seat cannot tell apart, each channel showing what the knowledge says is there,
and in the environments with ``planes=True``."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from tablelands.envs.gymnasium import make
from tablelands.envs.pettingzoo import env
from tablelands.games import get_game
from tablelands.games.land_vs_sea.encoding import PLANE_RADIUS
from tests.core.test_secrecy import MODES, mode_id, trajectory, variant_of


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=[mode_id(*m) for m in MODES])
def test_the_planes_are_fixed_and_follow_the_knowledge_alone(
    name: str, players: int, options: tuple[tuple[str, Any], ...]
) -> None:
    game = get_game(name)
    encoder = game.encoder(players, dict(options))
    assert len(encoder.plane_names) == len(set(encoder.plane_names)) == encoder.plane_shape[0]
    changed = 0
    last = None
    for step, state in enumerate(trajectory(game, players, dict(options), 5)):
        for seat in range(players):
            planes = encoder.planes(state.knowledge(seat))
            assert planes.shape == encoder.plane_shape and planes.dtype == np.float32
            assert planes.min() >= 0.0 and planes.max() <= 1.0
            if step % 5 == 0:
                for number in range(2):
                    variant = variant_of(state, seat, number)
                    assert np.array_equal(encoder.planes(variant.knowledge(seat)), planes)
        seen = encoder.planes(state.knowledge(0))
        changed += last is not None and not np.array_equal(seen, last)
        last = seen
    assert changed >= 5  # the map is drawn, not a constant


def channel(encoder: Any, name: str) -> int:
    return int(encoder.plane_names.index(name))


def test_confusing_lands_shows_each_space_where_it_lies() -> None:
    game = get_game("confusing-lands")
    encoder = game.encoder(2)
    state = trajectory(game, 2, {}, 4)[6]
    planes = encoder.planes(state.knowledge(0))
    landscape = state.landscapes[0]  # type: ignore[attr-defined]
    # Every space of the own landscape shows one kind; nothing else is drawn for it.
    own = planes[: len(encoder.plane_names) // 2]
    assert own.sum() == landscape.occupied.bit_count()
    assert (own.sum(axis=0) <= 1).all()
    row, col = 18, 18  # the first card's top-left space, landscape (0, 0)
    assert own[:, row, col].sum() == 1


def test_land_vs_sea_draws_the_start_tile_in_the_middle_and_the_open_cells_round_it() -> None:
    game = get_game("land-vs-sea")
    encoder = game.encoder(2)
    state = trajectory(game, 2, {}, 2)[0]
    planes = encoder.planes(state.knowledge(0))
    middle = PLANE_RADIUS
    assert planes[channel(encoder, "tile")].sum() == 1
    assert planes[channel(encoder, "start"), middle, middle] == 1
    assert planes[channel(encoder, "open cell")].sum() == 6
    assert planes[channel(encoder, "open cell"), middle, middle] == 0
    later = trajectory(game, 2, {}, 2)[-1]
    knowledge = later.knowledge(1)
    drawn = encoder.planes(knowledge)
    inside = [t for t in knowledge["board"] if abs(t["r"]) <= PLANE_RADIUS]
    assert 0 < drawn[channel(encoder, "tile")].sum() <= len(inside)
    placed = drawn[channel(encoder, "placed by own")] + drawn[channel(encoder, "placed by seat +1")]
    assert placed.sum() == drawn[channel(encoder, "tile")].sum() - 1  # all but the start tile


def test_drifting_lands_draws_every_space_of_the_board_and_the_pawns_on_it() -> None:
    game = get_game("drifting-lands")
    encoder = game.encoder(2)
    state = trajectory(game, 2, {}, 3)[12]
    knowledge = state.knowledge(1)
    planes = encoder.planes(knowledge)
    assert planes[channel(encoder, "space")].sum() == len(game.default_edition().value)
    assert planes[channel(encoder, "land")].sum() == len(knowledge["land"])
    own = [p for p in knowledge["pawns"] if p["owner"] == 1]
    assert np.count_nonzero(planes[channel(encoder, "own pawn level")]) == len(own) > 0


@pytest.mark.parametrize("name", ["confusing-lands", "land-vs-sea", "drifting-lands"])
def test_the_environments_carry_the_planes_when_asked(name: str) -> None:
    players = 2
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # PettingZoo warns of dict observations
        api_test(env(name, players, actions="factored", planes=True), num_cycles=20)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        warnings.filterwarnings("ignore", message=".*alternative render modes.*")
        learner = make(name, players, actions="factored", planes=True)
        check_env(learner)
    observation, _ = learner.reset(seed=1)
    table = learner.unwrapped.table
    assert np.array_equal(observation["planes"], table.encoder.planes(table.knowledge(0)))
    assert "planes" not in make(name, players).reset(seed=1)[0]
