"""The factored action form (``core/factored.py``) in the environments: PettingZoo's own tests
and Gymnasium's checker on every game's factored environment, whole games played by factored
indices that are the game's own actions renamed, names read from the seat's knowledge alone,
and refusals that say what was sent."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, performance_benchmark, seed_test

from tablelands.core.errors import IllegalActionError
from tablelands.core.factored import FactoredActions, Indices
from tablelands.core.rng import Rng
from tablelands.envs.gymnasium import make
from tablelands.envs.pettingzoo import env
from tablelands.games import game_names, get_game

#: A set-up of each game: the player count and options.
SETUPS: dict[str, tuple[int, dict[str, Any]]] = {
    "confusing-lands": (2, {}),
    "land-vs-sea": (3, {"mountains": True, "trade": True, "waypoints": True}),
    "drifting-lands": (3, {}),
}


def factored_env(name: str, **settings: Any) -> Any:
    players, options = SETUPS[name]
    return env(name, players, options, actions="factored", **settings)


@pytest.mark.parametrize("name", game_names())
def test_pettingzoos_own_tests_pass_at_100_cycles(name: str) -> None:
    with warnings.catch_warnings():
        # PettingZoo warns of any dict observation, which masked environments all have.
        warnings.simplefilter("ignore", UserWarning)
        api_test(factored_env(name, render_mode="ansi"), num_cycles=100)
        seed_test(lambda: factored_env(name), num_cycles=100)
        performance_benchmark(factored_env(name))


@pytest.mark.parametrize("name", game_names())
def test_gymnasiums_checker_passes(name: str) -> None:
    players, options = SETUPS[name]
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings are failures too
        warnings.filterwarnings("ignore", message=".*alternative render modes.*")
        check_env(make(name, players, options=options, actions="factored", render_mode="ansi"))


@pytest.mark.parametrize("name", game_names())
def test_the_space_is_small_and_a_game_plays_through_it(name: str) -> None:
    aec = factored_env(name)
    table = aec.table
    factoring = table.factoring
    assert factoring is not None
    # A dense mask over it stays small: the flat spaces run to 47.6 million.
    assert table.action_count == factoring.size == len(factoring.heads) * factoring.targets
    assert factoring.size <= 100_000
    replay = get_game(name).new_state(players=table.players, seed=11, options=table.setup.options)
    aec.reset(seed=11)
    rng = Rng(11)
    for agent in aec.agent_iter():
        observation, _, termination, _, info = aec.last()
        if termination:
            aec.step(None)
            continue
        assert agent == f"player_{replay.current_player}"
        mask = observation["action_mask"]
        assert mask.shape == (factoring.size,)
        indices = np.flatnonzero(mask).tolist()
        assert indices == sorted(info["legal_actions"])
        named = table.factored()
        # One index per legal action, each naming that action: the flat game's legal set.
        assert sorted(named.action(index) for index in indices) == sorted(replay.legal_actions())
        index = rng.choice(indices)
        aec.step(index)
        replay.apply(named.action(index))  # type: ignore[arg-type]
        assert table.state.history == replay.history
    assert replay.is_terminal and table.over
    assert table.legal() == [] and not aec.observe(aec.possible_agents[0])["action_mask"].any()


@pytest.mark.parametrize("name", game_names())
def test_the_names_are_the_same_in_every_world_the_seat_cannot_tell_apart(name: str) -> None:
    players, options = SETUPS[name]
    game = get_game(name)
    factoring = game.factoring(players, options)
    state = game.new_state(players=players, seed=5, options=options)
    rng = Rng(5)
    checked = 0
    while not state.is_terminal:
        seat = state.current_player
        legal = state.legal_actions()
        if len(state.history) % 3 == 0:
            named = FactoredActions.named(factoring, state.knowledge(seat), legal).indices
            for _ in range(3):
                world = state.sample_hidden(seat, rng)
                again = FactoredActions.named(
                    factoring, world.knowledge(seat), world.legal_actions()
                )
                assert again.indices == named
            checked += 1
        state.apply(rng.choice(legal))
    assert checked >= 5


def test_an_index_naming_no_legal_action_is_refused_and_changes_nothing() -> None:
    aec = factored_env("land-vs-sea")
    aec.reset(seed=3)
    table = aec.table
    factoring = table.factoring
    assert factoring is not None
    legal = set(table.legal())
    unused = next(i for i in range(factoring.size) if i not in legal)
    head, target = factoring.pair(unused)
    with pytest.raises(IllegalActionError, match=f"{factoring.heads[head]}, target {target}"):
        aec.step(unused)
    with pytest.raises(IllegalActionError, match="they are 0 to"):
        aec.step(factoring.size)
    assert table.state.history == [] and set(table.legal()) == legal


def test_the_heads_say_what_they_do() -> None:
    confusing = get_game("confusing-lands").factoring(1)
    assert confusing.heads[:2] == ("slot 1 c0", "slot 1 c1")
    assert confusing.heads[-1] == "discard slot 2"
    sea = get_game("land-vs-sea").factoring(2)
    assert "draw 1" in sea.heads and "steal seat +1 slot 1" in sea.heads
    drifting = get_game("drifting-lands").factoring(2)
    assert "orogeny toward 0" in drifting.heads and "move pawn 1" in drifting.heads
    assert len(set(drifting.heads)) == len(drifting.heads)


def test_a_factoring_naming_two_actions_alike_is_refused() -> None:
    game = get_game("confusing-lands")
    state = game.new_state(players=1, seed=1)
    factoring = game.factoring(1)

    class Careless(type(factoring)):  # type: ignore[misc]
        def indices(self, knowledge: Any, actions: Any) -> Indices:
            return np.zeros(len(actions), dtype=np.intp)

    class Outside(type(factoring)):  # type: ignore[misc]
        def indices(self, knowledge: Any, actions: Any) -> Indices:
            return np.arange(len(actions), dtype=np.intp) - 1

    legal = state.legal_actions()
    with pytest.raises(ValueError, match="are both named"):
        FactoredActions.named(Careless(), state.knowledge(0), legal).check(legal)
    with pytest.raises(ValueError, match=r"is named \(-1, \d+\), outside"):
        FactoredActions.named(Outside(), state.knowledge(0), legal).check(legal)
    FactoredActions.named(factoring, state.knowledge(0), legal).check(legal)


@pytest.mark.parametrize("name", game_names())
def test_a_learner_plays_factored_actions_against_bots_to_the_end(name: str) -> None:
    # The other seats' bots choose the game's own numbers; the learner's are factored.
    players, options = SETUPS[name]
    learner = make(name, players, options=options, seat=1, opponents="greedy", actions="factored")
    observation, info = learner.reset(seed=4)
    table = learner.table
    steps = 0
    while True:
        assert table.to_move == 1
        named = np.flatnonzero(observation["action_mask"]).tolist()
        assert sorted(table.factored().action(i) for i in named) == sorted(
            table.state.legal_actions()
        )
        observation, reward, over, _, info = learner.step(named[steps % len(named)])
        assert "illegal" not in info
        steps += 1
        if over:
            break
    assert table.over and reward == table.state.returns()[1]
    # The bots played too: every seat has moves in the record.
    assert len(table.state.history) > steps


def test_a_quick_way_that_names_otherwise_is_caught_by_the_conformance_check() -> None:
    from tests.conformance.test_conformance import check_factored

    game = get_game("confusing-lands")
    state = game.new_state(players=2, seed=4)
    factoring = game.factoring(2)
    check_factored(factoring, state)
    quick = factoring.quick(state)
    assert quick is not None
    table = env("confusing-lands", 2, actions="factored").table
    table.start(4)
    # The table names the actions the quick way, and plays what they name.
    assert table.legal() == quick[0].tolist()
    index = table.legal()[-1]
    table.play(index)
    assert table.state.history == [quick[1](index)]

    class Shuffled(type(factoring)):  # type: ignore[misc]
        def quick(self, state: Any) -> Any:
            indices, action_of = factoring.quick(state)
            return indices[::-1].copy(), action_of

    class Misnamed(type(factoring)):  # type: ignore[misc]
        def quick(self, state: Any) -> Any:
            indices, action_of = factoring.quick(state)
            return indices, lambda index: action_of(index) + 1

    with pytest.raises(AssertionError, match="quick names differ"):
        check_factored(Shuffled(), state)
    with pytest.raises(AssertionError):
        check_factored(Misnamed(), state)
