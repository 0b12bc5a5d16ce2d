"""The PettingZoo AEC environments: PettingZoo's own API and seed tests in every mode, action
indices that are the game's action numbers, and rewards at the end."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from tablelands.core.errors import IllegalActionError
from tablelands.core.rng import Rng
from tablelands.envs.pettingzoo import TablelandsAECEnv, env
from tablelands.games import get_game
from tests.core.test_secrecy import MODES, mode_id

#: Cycles of the API test and the seed test per game: Land vs Sea's mask has 47.6 million
#: entries, which PettingZoo's checks compare and sample from in full at every step (its
#: masks are reused, as a quick environment of it would; the others' are new each time).
CYCLES = {"confusing-lands": (40, 20), "land-vs-sea": (2, 1), "drifting-lands": (20, 10)}
REUSE = {"land-vs-sea": True}


@pytest.mark.parametrize("check", ["api_test", "seed_test"])
@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=[mode_id(*m) for m in MODES])
def test_pettingzoos_own_tests_pass(
    name: str, players: int, options: tuple[tuple[str, Any], ...], check: str
) -> None:
    api_cycles, seed_cycles = CYCLES[name]
    reuse = REUSE.get(name, False)
    with warnings.catch_warnings():
        # PettingZoo warns of any dict observation, which masked environments all have.
        warnings.simplefilter("ignore", UserWarning)
        if check == "api_test":
            aec = env(name, players, dict(options), render_mode="ansi", reuse_masks=reuse)
            api_test(aec, num_cycles=api_cycles)
        else:
            seed_test(lambda: env(name, players, dict(options), reuse_masks=reuse), seed_cycles)


def play_through(aec: TablelandsAECEnv, seed: int, check_every: int = 1) -> list[int]:
    """A whole game with random legal actions, checking every ``check_every`` steps that the
    mask is the legal actions of a game set up with the same seed and played alike, and that
    the index stepped is the action played; the actions."""
    table = aec.table
    game = table.game
    replay = game.new_state(players=table.players, seed=seed, options=table.setup.options)
    aec.reset(seed=seed)
    rng = Rng(seed)
    played: list[int] = []
    for step, agent in enumerate(aec.agent_iter()):
        observation, _, termination, _, info = aec.last()
        if termination:
            aec.step(None)
            continue
        seat = int(agent.removeprefix("player_"))
        assert seat == replay.current_player
        legal = replay.legal_actions()
        assert info["legal_actions"] == legal
        if step % check_every == 0:
            mask = observation["action_mask"]
            assert mask.dtype == np.int8 and mask.shape == (game.action_count(table.players),)
            assert np.flatnonzero(mask).tolist() == sorted(legal)
            for other in aec.possible_agents:
                if other != agent:
                    assert not aec.observe(other)["action_mask"].any()
        action = rng.choice(legal)
        assert replay.action_from_json(replay.action_to_json(action)) == action
        aec.step(action)
        replay.apply(action)
        played.append(action)
        assert table.state.history == replay.history
    assert replay.is_terminal and table.over
    return played


@pytest.mark.parametrize(
    ("name", "players", "options", "every"),
    [
        ("confusing-lands", 1, {}, 1),
        ("confusing-lands", 2, {}, 1),
        ("land-vs-sea", 3, {"mountains": True, "trade": True, "waypoints": True}, 25),
        ("drifting-lands", 4, {"teams": True}, 1),
    ],
)
def test_an_index_is_the_action_number(
    name: str, players: int, options: dict[str, Any], every: int
) -> None:
    aec = TablelandsAECEnv(name, players, options)
    play_through(aec, seed=5, check_every=every)


@pytest.mark.parametrize(
    ("name", "players"),
    [("confusing-lands", 1), ("confusing-lands", 2), ("land-vs-sea", 4), ("drifting-lands", 3)],
)
def test_rewards_at_the_end_are_the_win_shares_or_score_differences(
    name: str, players: int
) -> None:
    for reward in ("win_share", "score_difference"):
        aec = TablelandsAECEnv(name, players, reward=reward, reuse_masks=True)
        aec.reset(seed=8)
        rng = Rng(8)
        totals = {}
        for agent in aec.agent_iter():
            _, gained, termination, _, info = aec.last()
            if termination:
                totals[agent] = gained
                aec.step(None)
                continue
            assert gained == 0.0
            aec.step(rng.choice(info["legal_actions"]))
        state = aec.table.state
        scores = state.scores()
        if reward == "win_share":
            expected = state.returns()  # solo: the score itself
            assert players == 1 or sum(expected) == pytest.approx(1.0)
        elif players == 1:
            expected = [float(scores[0])]
        else:
            expected = [s - (sum(scores) - s) / (players - 1) for s in scores]
        assert totals == dict(zip(aec.possible_agents, expected, strict=True))


def test_a_reset_with_a_seed_plays_the_seeded_game_and_later_resets_follow() -> None:
    first, second = TablelandsAECEnv("drifting-lands", 2), TablelandsAECEnv("drifting-lands", 2)
    assert play_through(first, seed=3, check_every=50) == play_through(second, 3, 50)
    first.reset()
    second.reset()
    assert first.table.state.seed == second.table.state.seed != 3
    third = TablelandsAECEnv("drifting-lands", 2)
    third.reset(seed=4)
    third.reset()
    assert third.table.state.seed != first.table.state.seed


def test_an_illegal_action_is_refused_naming_the_rule() -> None:
    aec = TablelandsAECEnv("confusing-lands", 2)
    aec.reset(seed=1)
    legal = set(aec.table.legal())
    illegal = next(a for a in range(aec.table.action_count) if a not in legal)
    before = aec.table.state.to_json()
    with pytest.raises(IllegalActionError):
        aec.step(illegal)
    with pytest.raises(IllegalActionError, match="230418 is not a Confusing Lands action"):
        aec.step(aec.table.action_count)
    assert aec.table.state.to_json() == before
    with pytest.raises(RuntimeError, match=r"reset\(\) the environment first"):
        env("confusing-lands", 2).step(0)


def test_reused_masks_are_rewritten_in_place() -> None:
    aec = TablelandsAECEnv("land-vs-sea", 2, reuse_masks=True)
    aec.reset(seed=2)
    agent = aec.agent_selection
    mask = aec.observe(agent)["action_mask"]
    while aec.agent_selection == agent:
        aec.step(aec.table.legal()[0])
    again = aec.observe(agent)["action_mask"]
    assert again is mask and not again.any()
    fresh = TablelandsAECEnv("confusing-lands", 2)
    fresh.reset(seed=2)
    seat = fresh.agent_selection
    assert fresh.observe(seat)["action_mask"] is not fresh.observe(seat)["action_mask"]


def test_render_draws_what_the_agent_to_act_sees() -> None:
    aec = TablelandsAECEnv("land-vs-sea", 2, render_mode="ansi")
    aec.reset(seed=1)
    text = aec.render()
    assert isinstance(text, str) and "\x1b[" in text
    board = get_game("land-vs-sea").new_state(players=2, seed=1)
    assert text == aec.table.ansi(board.current_player)
    assert TablelandsAECEnv("land-vs-sea", 2).render() is None


def test_settings_are_checked() -> None:
    with pytest.raises(ValueError, match="reward is one of win_share, score_difference"):
        env("confusing-lands", 1, reward="points")
    with pytest.raises(ValueError, match="render_mode is 'ansi' or None"):
        env("confusing-lands", 1, render_mode="human")
