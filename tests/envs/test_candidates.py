"""Actions as candidates (``core/candidates.py``): each legal action with its features, in
the environments; the features say what the action does, from what the seat may know."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from tablelands.core.candidates import COMMON_FEATURES, Candidates
from tablelands.core.errors import IllegalActionError
from tablelands.core.match import Setup
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.envs.gymnasium import make
from tablelands.envs.pettingzoo import env
from tablelands.games import game_names, get_game
from tests.envs.test_factored import SETUPS


def candidates_env(name: str, **settings: Any) -> Any:
    players, options = SETUPS[name]
    return env(name, players, options, actions="candidates", **settings)


@pytest.mark.parametrize("name", game_names())
def test_pettingzoo_and_gymnasium_checks_pass(name: str) -> None:
    players, options = SETUPS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # PettingZoo warns of dict observations
        api_test(candidates_env(name, max_candidates=256), num_cycles=30)
        seed_test(lambda: candidates_env(name, max_candidates=256), num_cycles=10)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings are failures too
        warnings.filterwarnings("ignore", message=".*alternative render modes.*")
        check_env(make(name, players, options=options, actions="candidates", max_candidates=64))


@pytest.mark.parametrize("name", game_names())
def test_a_game_plays_through_its_candidates(name: str) -> None:
    aec = candidates_env(name)
    table = aec.table
    features = table.features
    assert features is not None and features.names[:4] == COMMON_FEATURES
    replay = Setup.checked(get_game(name), table.players, 7, table.setup.options).start()
    aec.reset(seed=7)
    rng = Rng(7)
    for _ in aec.agent_iter():
        observation, _, termination, _, info = aec.last()
        if termination:
            aec.step(None)
            continue
        listed = table.candidates()
        # Every legal action is listed once, in the order of the game's legal actions.
        assert listed.actions == replay.legal_actions()
        mask = observation["action_mask"]
        assert np.flatnonzero(mask).tolist() == list(range(len(listed))) == info["legal_actions"]
        rows = observation["candidates"]
        assert rows.shape == (table.action_count, len(features.names))
        assert np.array_equal(rows[: len(listed)], listed.features)
        assert not rows[len(listed) :].any()
        assert np.abs(listed.features).max() <= features.bound
        # A seat not to move is shown no candidates.
        waiting = (replay.current_player + 1) % table.players
        assert not aec.observe(aec.possible_agents[waiting])["candidates"].any()
        place = rng.below(len(listed))
        before = replay.scores()[replay.current_player]
        seat = replay.current_player
        aec.step(place)
        replay.apply(listed.actions[place])
        assert table.state.history == replay.history
        # The seat's own points never hang on what it cannot see: the world's are the truth.
        assert listed.features[place, 0] == replay.scores()[seat] - before
    assert replay.is_terminal and table.over


@pytest.mark.parametrize("name", game_names())
def test_the_features_are_the_same_in_every_world_the_seat_cannot_tell_apart(name: str) -> None:
    players, options = SETUPS[name]
    state = Setup.checked(get_game(name), players, 5, options).start()
    features = get_game(name).action_features(players, options)
    rng = Rng(5)
    checked = 0
    while not state.is_terminal:
        seat = state.current_player
        if len(state.history) % 4 == 0:
            seen = SeatView(state).candidates(features)
            for _ in range(2):
                again = SeatView(state.sample_hidden(seat, rng)).candidates(features)
                assert again.actions == seen.actions
                assert np.array_equal(again.features, seen.features)
            checked += 1
        state.apply(rng.choice(state.legal_actions()))
    assert checked >= 4


def test_confusing_lands_tells_conditions_and_discards_apart() -> None:
    game = get_game("confusing-lands")
    features = game.action_features(1)
    names = features.names
    state = Setup.checked(game, 1, 3).start()
    rng = Rng(3)
    discards = placements = 0
    while not state.is_terminal:
        listed = SeatView(state).candidates(features)
        for action, row in zip(listed.actions, listed.features, strict=True):
            after = state.clone()
            after.apply(action)
            landscape = after.landscapes[0]  # type: ignore[attr-defined]
            assert row[names.index("conditions kept")] == len(landscape.conditions)
            assert row[names.index("spaces covered")] == landscape.occupied.bit_count()
            assert row[names.index("points after")] == after.scores()[0]
            discarded = "x" in state.format_action(action)
            assert row[names.index("discard")] == discarded
            discards += discarded
            placements += not discarded
        state.apply(rng.choice(listed.actions))
    assert placements > 100


def test_a_shortlist_keeps_the_actions_that_gain_most_in_their_order() -> None:
    rows = np.array([[1, 0], [5, 0], [3, 0], [5, 1], [0, 0]], dtype=np.float32)
    listed = Candidates([10, 11, 12, 13, 14], rows, ("points gained", "other"))
    kept = listed.best(3)
    assert kept.actions == [11, 12, 13]
    assert np.array_equal(kept.features, rows[[1, 2, 3]])
    assert listed.best(5) is listed


def test_a_place_past_the_list_is_refused_and_changes_nothing() -> None:
    aec = candidates_env("drifting-lands")
    aec.reset(seed=2)
    table = aec.table
    count = len(table.candidates())
    with pytest.raises(IllegalActionError, match=f"candidate {count} is not listed: there are"):
        aec.step(count)
    assert table.state.history == []
    with pytest.raises(ValueError, match="max_candidates is at least 1"):
        candidates_env("drifting-lands", max_candidates=0)


def test_a_long_list_is_cut_to_the_most_points() -> None:
    learner = make("confusing-lands", 1, actions="candidates", max_candidates=5)
    observation, _ = learner.reset(seed=9)
    for _ in range(3):  # the first card lies anywhere: a long list from the second on
        observation, *_ = learner.step(0)
    table = learner.unwrapped.table
    every = SeatView(table.state).candidates(table.features)
    assert len(every) > 5 and observation["action_mask"].sum() == 5
    kept = sorted(every.features[:, 0], reverse=True)[:5]
    assert sorted(table.candidates().features[:, 0], reverse=True) == kept
