"""The Gymnasium single-agent environments: Gymnasium's checker, the registered ids, the other
seats played by agents, rewards at the end and illegal actions."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from tablelands.envs.gymnasium import IDS, TablelandsEnv, make
from tablelands.games import get_game


@pytest.mark.parametrize(
    ("name", "players", "opponents"),
    [
        ("confusing-lands", 1, "random"),
        ("confusing-lands", 2, "greedy"),
        ("land-vs-sea", 2, "random"),
        ("drifting-lands", 3, ["random", "greedy"]),
    ],
)
def test_gymnasiums_checker_passes(name: str, players: int, opponents: str | list[str]) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings are failures too
        warnings.filterwarnings("ignore", message=".*alternative render modes.*")
        check_env(make(name, players=players, opponents=opponents, render_mode="ansi"))


@pytest.mark.parametrize("env_id", sorted(IDS))
def test_the_ids_are_registered(env_id: str) -> None:
    env = gymnasium.make(env_id)
    assert isinstance(env.unwrapped, TablelandsEnv)
    name, form = IDS[env_id]
    assert env.unwrapped.table.game.info.name == name
    assert (env.unwrapped.table.factoring is not None) == (form == "factored")
    observation, info = env.reset(seed=1)
    assert np.array_equal(observation["action_mask"], info["action_mask"])
    env.close()


def play(env: TablelandsEnv, seed: int) -> tuple[list[bytes], float, list[int]]:
    """A seeded episode of first legal actions: the observations, the last reward and the
    learner's actions; checks that the learner is to act whenever it is given a position."""
    observation, info = env.reset(seed=seed)
    seen = [observation["observation"].tobytes()]
    actions = []
    while True:
        table = env.table
        assert table.to_move == env.seat
        legal = np.flatnonzero(info["action_mask"]).tolist()
        assert legal == sorted(table.legal())
        assert np.array_equal(observation["action_mask"], info["action_mask"])
        actions.append(legal[len(legal) // 2])
        observation, reward, terminated, truncated, info = env.step(actions[-1])
        assert not truncated
        seen.append(observation["observation"].tobytes())
        if terminated:
            return seen, reward, actions
        assert reward == 0.0


def test_the_other_seats_play_and_the_reward_comes_at_the_end() -> None:
    env = make("drifting-lands", players=2, seat=1, opponents="greedy")
    seen, reward, actions = play(env, seed=6)
    state = env.table.state
    assert state.is_terminal and reward == state.returns()[1]
    replay = get_game("drifting-lands").new_state(players=2, seed=6)
    by_seat: list[list[int]] = [[], []]
    for action in state.history:
        by_seat[replay.current_player].append(action)
        replay.apply(action)
    assert by_seat[1] == actions and by_seat[0]  # the greedy bot played every other turn
    assert play(make("drifting-lands", players=2, seat=1, opponents="greedy"), 6)[0] == seen


def test_solo_needs_no_opponent_and_scores_the_score_difference() -> None:
    env = make("confusing-lands", players=1, reward="score_difference")
    _, reward, actions = play(env, seed=2)
    assert env.table.state.history == actions
    assert reward == env.table.state.scores()[0]
    with pytest.raises(ValueError, match="1 players leave 0 other seats, not 1 opponents"):
        make("confusing-lands", players=1, opponents=["random"])


def test_an_illegal_action_ends_the_episode_with_its_reward() -> None:
    env = make("confusing-lands", players=2, illegal_reward=-5.0)
    _, info = env.reset(seed=3)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert terminated and reward == -5.0
    assert info["illegal"]  # the refusal in words


def test_specs_are_checked_at_once() -> None:
    with pytest.raises(ValueError, match="no agent 'nobody'"):
        make("land-vs-sea", players=2, opponents="nobody")
    with pytest.raises(ValueError, match="there is no seat 2"):
        make("land-vs-sea", players=2, seat=2)
    assert get_game("land-vs-sea").info.player_counts[0] == make("land-vs-sea").table.players
