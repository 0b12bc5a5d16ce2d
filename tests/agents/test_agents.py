from __future__ import annotations

import pytest

from tablelands.agents import AgentSpecError, make_agent
from tablelands.core.view import SeatView
from tablelands.games import get_game

GAME = get_game("confusing-lands")


def play_out(specs: list[str], seed: int) -> list[int]:
    state = GAME.new_state(players=len(specs), seed=seed)
    agents = [make_agent(spec, seed * 10 + i) for i, spec in enumerate(specs)]
    while not state.is_terminal:
        before = state.clone().to_json()
        action = agents[state.current_player].choose(SeatView(state))
        assert state.to_json() == before, "an agent changed the state it was shown"
        assert action in state.legal_actions()
        state.apply(action)
    return state.history


def test_agents_are_reproducible_from_their_seed() -> None:
    assert play_out(["random", "greedy"], 4) == play_out(["random", "greedy"], 4)
    assert play_out(["random", "random"], 4) != play_out(["random", "random"], 5)


def test_greedy_takes_the_best_immediate_evaluation() -> None:
    state = GAME.new_state(players=1, seed=2)
    for _ in range(3):
        state.apply(state.legal_actions()[0])
    choice = make_agent("greedy", 0).choose(SeatView(state))
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(child.evaluate(0))
    chosen = state.clone()
    chosen.apply(choice)
    assert chosen.evaluate(0) == max(values)
    assert min(values) < max(values)  # the choice mattered


def test_greedy_beats_random_solo() -> None:
    greedy = random = 0
    for seed in range(12):
        for spec in ("greedy", "random"):
            state = GAME.new_state(players=1, seed=seed)
            agent = make_agent(spec, seed)
            while not state.is_terminal:
                state.apply(agent.choose(SeatView(state)))
            if spec == "greedy":
                greedy += state.scores()[0]
            else:
                random += state.scores()[0]
    assert greedy > random


def test_unknown_agent_spec_lists_the_agents() -> None:
    with pytest.raises(AgentSpecError, match="the agents are: random, greedy"):
        make_agent("deep-blue", 0)
