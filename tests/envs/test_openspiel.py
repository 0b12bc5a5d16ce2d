"""Our games through OpenSpiel (tablelands.envs.openspiel): OpenSpiel's own random
simulation test, what a seat is shown, resampling, serialization, actions, and OpenSpiel's
searches playing whole games."""

from __future__ import annotations

import json
import pickle
from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts

from tablelands.core.errors import OptionError
from tablelands.core.game import State
from tablelands.core.rng import Rng
from tablelands.envs.openspiel import DEALS, TablelandsGame, TablelandsState, short_name
from tablelands.games import game_names, get_game
from tests.core.test_secrecy import trajectory, variant_of

GAMES = [pytest.param(name, id=name) for name in game_names()]


def load(name: str, players: int = 2, **options: Any) -> TablelandsGame:
    game = pyspiel.load_game(short_name(name), {"players": players, **options})
    assert isinstance(game, TablelandsGame)
    return game


def dealt(game: TablelandsGame, deal: int = 0) -> TablelandsState:
    """The start of ``game`` once its chance node has dealt ``deal``."""
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(deal)
    assert isinstance(state, TablelandsState)
    return state


def sampler(seed: int) -> Any:
    return np.random.RandomState(seed).uniform


def some_states(name: str, players: int, seed: int, count: int) -> list[State]:
    """``count`` states spread along a seeded random game, its end included."""
    game = get_game(name)
    states = trajectory(game, players, game.settle_options(players, {}), seed)
    step = max(1, (len(states) - 1) // (count - 1))
    return [*states[::step][: count - 1], states[-1]]


def hidden_parts(state: State) -> str:
    """The state's fields as text, without its generator (which every world replaces)."""
    return json.dumps({k: v for k, v in state.to_json().items() if k != "rng"}, sort_keys=True)


# -- the game as OpenSpiel sees it ------------------------------------------------------


def test_every_game_is_registered_with_its_type() -> None:
    registered = set(pyspiel.registered_names())
    for name in game_names():
        assert short_name(name) in registered
        kind = load(name).get_type()
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
        assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
        assert kind.provides_information_state_string and kind.provides_observation_string
        assert kind.provides_information_state_tensor and kind.provides_observation_tensor
        assert load(name).max_chance_outcomes() == DEALS
    assert load("land-vs-sea").get_type().utility == pyspiel.GameType.Utility.CONSTANT_SUM
    # Solo returns the score, so the returns of Confusing Lands sum to nothing fixed.
    assert load("confusing-lands").get_type().utility == pyspiel.GameType.Utility.GENERAL_SUM


def test_parameters_are_the_players_the_seed_and_the_options() -> None:
    game = load("land-vs-sea", 2, mountains=True)
    assert game.options == {"mountains": True, "trade": False, "waypoints": False}
    assert game.num_distinct_actions() == get_game("land-vs-sea").action_count(2, game.options)
    # Left at their defaults, the options are the game's to settle: 3 players play every
    # module (LS-12).
    assert load("land-vs-sea", 3).options == {"mountains": True, "trade": True, "waypoints": True}
    assert load("drifting-lands", 3).num_players() == 3
    with pytest.raises(OptionError, match="team variety is for 4 players"):
        load("drifting-lands", 2, teams=True)
    with pytest.raises(OptionError, match="played by 2, 3, 4 players, not 1"):
        load("land-vs-sea", 1)
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        load("land-vs-sea", 2, colour=1)
    # The first node deals: outcome k is the game of seed (the parameter) + k, equally likely.
    start = load("drifting-lands", seed=7).new_initial_state()
    assert start.chance_outcomes() == [(k, 1.0 / DEALS) for k in range(DEALS)]
    assert start.legal_actions() == list(range(DEALS)) and start.returns() == [0.0, 0.0]
    assert start.action_to_string(start.current_player(), 3) == "deal 10"
    start.apply_action(3)
    ours = start.tablelands_state
    assert ours.seed == 10 and start.history() == [3] and not start.is_chance_node()
    assert ours.to_json() == get_game("drifting-lands").new_state(players=2, seed=10).to_json()
    assert load("drifting-lands").state_for_seed(8).tablelands_state.seed == 8


@pytest.mark.parametrize("name", GAMES)
def test_games_are_no_longer_than_their_bound(name: str) -> None:
    game = load(name)
    ours = get_game(name)
    assert game.max_game_length() == 1 + ours.max_game_length(2, game.options)  # the deal too
    lengths = [len(trajectory(ours, 2, game.options, seed)[-1].history) for seed in range(3)]
    assert max(lengths) < game.max_game_length()
    if name == "confusing-lands":  # 8 placements a seat, never more or fewer
        assert lengths == [16, 16, 16] == [game.max_game_length() - 1] * 3


@pytest.mark.parametrize(
    ("name", "players", "sims"),
    [
        ("confusing-lands", 1, 3),
        ("confusing-lands", 2, 3),
        ("land-vs-sea", 2, 2),
        ("drifting-lands", 2, 2),
        ("land-vs-sea", 3, 1),
        ("land-vs-sea", 4, 1),
        ("drifting-lands", 3, 1),
        ("drifting-lands", 4, 1),
    ],
)
def test_openspiel_random_simulation(name: str, players: int, sims: int) -> None:
    # mask_test=False: the mask test allocates every distinct action (47 million in Land vs
    # Sea) at every step.
    game = load(name, players)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False, mask_test=False)


# -- what a seat is shown ---------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_information_state_depends_only_on_what_the_seat_may_know(name: str) -> None:
    game = load(name)
    for number, state in enumerate(some_states(name, 2, 41, 6)):
        truth = game.wrap(state)
        for seat in range(2):
            variant = game.wrap(variant_of(state, seat, number))
            assert str(variant) != str(truth)  # the true states differ
            assert variant.information_state_string(seat) == truth.information_state_string(seat)
            assert variant.observation_string(seat) == truth.observation_string(seat)
            assert variant.information_state_tensor(seat) == truth.information_state_tensor(seat)
            assert variant.observation_tensor(seat) == truth.observation_tensor(seat)


@pytest.mark.parametrize("name", GAMES)
def test_observation_strings_are_the_seats_observations(name: str) -> None:
    game = load(name)
    before = game.new_initial_state()
    assert before.information_state_string(0) == before.information_state_string(1)
    assert not any(before.information_state_tensor(0))
    state = dealt(game)
    ours = state.tablelands_state
    seen = [state.observation_string(seat) for seat in range(2)]
    assert seen[0] != seen[1]  # each seat sees its own hand
    assert '"viewer":0' in seen[0] and '"viewer":1' in seen[1]
    public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE
    )
    observer = game.make_py_observer(public)
    assert '"viewer":null' in observer.string_from(state, 0)
    assert observer.string_from(state, 0) == observer.string_from(state, 1)
    for seat in range(2):
        assert json.loads(state.observation_string(seat)) == ours.observation(seat)
        assert json.loads(state.information_state_string(seat)) == ours.knowledge(seat)
        encoded = game.encoder.encode(ours.knowledge(seat))
        assert np.array_equal(np.array(state.information_state_tensor(seat), np.float32), encoded)
        assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), encoded)
    assert state.information_state_tensor(0) != state.information_state_tensor(1)


# -- resampling -------------------------------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_resampled_states_are_consistent_with_the_seat(name: str) -> None:
    game = load(name)
    varied = 0
    for index, state in enumerate(some_states(name, 2, 43, 5)):
        truth = game.wrap(state)
        for seat in range(2):
            draw = sampler(100 * index + seat)
            worlds = [truth.resample_from_infostate(seat, draw) for _ in range(4)]
            for world in worlds:
                assert isinstance(world, TablelandsState)
                ours = world.tablelands_state
                assert ours.observation(seat) == state.observation(seat)
                assert world.information_state_string(seat) == truth.information_state_string(seat)
                assert world.current_player() == truth.current_player()
                if seat == truth.current_player():  # the mover's choice is its own to know
                    assert world.legal_actions() == truth.legal_actions()
                assert (ours.seed, ours.history) == (0, [])  # neither tells the hidden parts
            # What the seat cannot see (the other hand, the stacks, the deck) is drawn
            # afresh each time, where anything is hidden at all.
            varied += len({hidden_parts(world.tablelands_state) for world in worlds}) > 1
    assert varied >= 4, f"worlds differed in {varied} of 10 positions and seats"


def test_resampling_follows_the_sampler() -> None:
    truth = dealt(load("confusing-lands"))
    first = truth.resample_from_infostate(0, sampler(5))
    again = truth.resample_from_infostate(0, sampler(5))
    assert str(first) == str(again)


# -- serialization, clones and actions ----------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_states_serialize_as_seed_and_actions(name: str) -> None:
    game = load(name, seed=3)
    start = game.new_initial_state()
    assert str(game.deserialize_state(start.serialize())) == str(start)  # the deal to come
    state = dealt(game, 9)
    rng = Rng(11)
    steps = 0
    while not state.is_terminal():
        if steps % 17 == 0:
            text = state.serialize()
            back = game.deserialize_state(text)
            assert str(back) == str(state)
            assert back.history() == state.history()
            assert back.information_state_string(0) == state.information_state_string(0)
            # A replayable state is saved as its seed and actions, not field by field.
            assert len(text) < len(pickle.dumps(state.tablelands_state)) / 5
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
    assert str(game.deserialize_state(state.serialize())) == str(state)
    # A determinization, which no seed and actions reach, is saved whole.
    world = state.resample_from_infostate(0, sampler(1))
    assert str(game.deserialize_state(world.serialize())) == str(world)


@pytest.mark.parametrize("name", GAMES)
def test_clones_are_independent(name: str) -> None:
    state = dealt(load(name))
    copy = state.clone()
    copy.apply_action(copy.legal_actions()[-1])
    assert copy.tablelands_state.history != state.tablelands_state.history
    assert state.history() == [0] and len(copy.history()) == 2
    assert str(state) == str(dealt(load(name)))


@pytest.mark.parametrize("name", GAMES)
def test_actions_and_their_strings_round_trip(name: str) -> None:
    game = load(name)
    for state in some_states(name, 2, 47, 6)[:-1]:
        wrapped = game.wrap(state)
        player = wrapped.current_player()
        legal = wrapped.legal_actions()
        assert legal == sorted(state.legal_actions())
        for action in legal[:: max(1, len(legal) // 12)]:
            text = wrapped.action_to_string(player, action)
            assert text == state.format_action(action)
            assert state.parse_action(text) == action
            assert wrapped.string_to_action(text) == action
        other = 1 - player
        assert wrapped.legal_actions(other) == []


def test_wrap_refuses_another_game() -> None:
    state = get_game("drifting-lands").new_state(players=3, seed=1)
    with pytest.raises(ValueError, match="3-player Drifting Lands state is not one of 2-player"):
        load("drifting-lands").wrap(state)
    modules = get_game("land-vs-sea").new_state(players=2, seed=1, options={"trade": True})
    with pytest.raises(ValueError, match="options"):
        load("land-vs-sea").wrap(modules)


# -- OpenSpiel's searches play our games ----------------------------------------------------


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_mcts_plays_a_game_to_the_end(name: str) -> None:
    game = load(name, seed=5)
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(game, 1.4, max_simulations=2, evaluator=evaluator, random_state=rng)
    state = dealt(game, 5)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sum(state.returns()) == pytest.approx(1.0)
    assert state.returns() == state.tablelands_state.returns()


@pytest.mark.parametrize("name", GAMES)
def test_openspiel_ismcts_plays_a_game_to_the_end(name: str) -> None:
    # The C++ pyspiel.ISMCTSBot cannot search a Python game (below); its Python port can.
    game = load(name, seed=6)
    rng = np.random.RandomState(1)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = ismcts.ISMCTSBot(game, evaluator, 1.0, max_simulations=2, random_state=rng)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
    state = dealt(game, 6)
    while not state.is_terminal():
        state.apply_action(bot.step(state))
    assert sum(state.returns()) == pytest.approx(1.0)


def test_the_cpp_ismcts_cannot_resample_a_python_game() -> None:
    # PyState forwards no ResampleFromInfostate to Python and ISMCTSBot's SetResampler is
    # not bound, so the C++ search stops at its first world. (Its ``step`` releases the GIL
    # and then crashes the interpreter on the first call back into Python: never call it.)
    game = load("confusing-lands")
    evaluator = pyspiel.RandomRolloutEvaluator(1, 0)
    bot = pyspiel.ISMCTSBot(seed=1, evaluator=evaluator, uct_c=1.0, max_simulations=4)
    with pytest.raises(pyspiel.SpielError, match="ResampleFromInfostate"):
        bot.get_policy(dealt(game))
