"""A fourth game takes one folder and one registry line: the toy game in tests/toy_game runs
through the conformance suite, the agents, the secrecy checks and the CLI, none of which was
written for it."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablelands import games
from tablelands.agents import make_agent
from tablelands.cli import app
from tablelands.core.rng import Rng
from tablelands.core.view import SeatLog, SeatView
from tablelands.games import get_game
from tests.conformance import test_conformance as conformance
from tests.toy_game.state import ToyState

NAME = "toy-lands"


@pytest.fixture(autouse=True)
def registered(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setitem(games.REGISTRY, NAME, "tests.toy_game")  # the one registry line
    yield


@pytest.mark.parametrize("players", [2, 4])
def test_the_toy_game_conforms(players: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(conformance, "GAMES_PER_MODE", 60)
    conformance.test_random_games_conform(NAME, players, {})
    conformance.test_seed_reproduces_the_game(NAME, players, {})


@pytest.mark.parametrize("spec", ["random", "greedy", "mcts:30it"])
def test_every_agent_plays_the_toy_game(spec: str) -> None:
    game = get_game(NAME)
    for seed in range(3):
        state = game.new_state(players=3, seed=seed)
        bots = [make_agent(spec, seed * 10 + seat) for seat in range(3)]
        while not state.is_terminal:
            state.apply(bots[state.current_player].choose(SeatView(state)))
        assert state.winners()


def test_a_toy_seat_view_does_not_depend_on_hidden_cards() -> None:
    state = get_game(NAME).new_state(players=2, seed=4)
    variant = state.clone()
    assert isinstance(variant, ToyState)
    variant.deck, variant.hands[1] = variant.deck[:-2] + variant.hands[1], variant.deck[-2:]
    assert variant.observation(0) == state.observation(0)
    first, second = SeatView(state, 0), SeatView(variant, 0)
    assert first.world(Rng(1)).to_json() == second.world(Rng(1)).to_json()
    assert make_agent("mcts:40it", 1).choose(first) == make_agent("mcts:40it", 1).choose(second)


def test_the_toy_game_gets_research_environments_from_its_encoder() -> None:
    from tablelands.envs.pettingzoo import env

    game = get_game(NAME)
    state = game.new_state(players=2, seed=4)
    encoder = game.encoder(2)
    vector = encoder.encode(state.knowledge(0))
    assert vector.shape == encoder.shape == (48,)
    assert vector[:16].sum() == len(state.hands[0])  # the viewer's hand, one card each
    variant = state.clone()
    assert isinstance(variant, ToyState)
    variant.deck, variant.hands[1] = variant.deck[:-2] + variant.hands[1], variant.deck[-2:]
    assert (encoder.encode(variant.knowledge(0)) == vector).all()
    aec = env(NAME, players=2, actions="candidates", planes=True)
    aec.reset(seed=4)
    observation, _, _, _, info = aec.last()
    assert (observation["observation"] == vector).all()
    assert observation["planes"].shape == encoder.plane_shape == (1, 2, 16)
    # With no features of its own, a candidate has the common four, read from the scores.
    rows = observation["candidates"][: len(info["legal_actions"])]
    values = state.edition.values  # type: ignore[attr-defined]
    laid = [values[action] for action in aec.table.candidates().actions]
    assert rows[:, 0].tolist() == laid  # a card laid gains its value


def test_a_game_that_tells_no_log_logs_nothing() -> None:
    # The kernel's Game.introduce and Game.narrate say nothing until a game says more.
    state = get_game(NAME).new_state(players=2, seed=2)
    log = SeatLog(state.game, state.edition, state.observation(0))
    while not state.is_terminal:
        state.apply(min(state.legal_actions()))
        assert log.follow(state.observation(0)) == []
    assert log.lines == []


def test_the_cli_plays_simulates_and_replays_the_toy_game(tmp_path: Path) -> None:
    runner = CliRunner()
    listed = runner.invoke(app, ["games"])
    assert listed.exit_code == 0 and "Toy Lands" in listed.output
    out = tmp_path / "records"
    simulated = runner.invoke(
        app, ["simulate", NAME, "-n", "4", "-a", "greedy,random", "--out", str(out)]
    )
    assert simulated.exit_code == 0, simulated.output
    for record in sorted(out.glob("*.json")):
        replayed = runner.invoke(app, ["replay", str(record)])
        assert replayed.exit_code == 0 and "OK" in replayed.output, replayed.output
    state = get_game(NAME).new_state(players=2, seed=9)
    record = tmp_path / "mine.json"
    bot = make_agent("random", Rng(9).next_u64())  # as the CLI seeds it with --seed 9
    lines = []
    while not state.is_terminal:  # seat 1 lays its lowest card, seat 2 is the bot
        if state.current_player == 0:
            action = min(state.legal_actions())
            lines.append(state.format_action(action))
        else:
            action = bot.choose(SeatView(state))
        state.apply(action)
    played = runner.invoke(
        app,
        ["play", NAME, "--vs", "random", "--seed", "9", "--record", str(record)],
        input="\n".join(["help", "score", *lines]) + "\n",
    )
    assert played.exit_code == 0, played.output
    assert "Not played" not in played.output
    assert json.loads(record.read_text())["scores"] == state.scores()
