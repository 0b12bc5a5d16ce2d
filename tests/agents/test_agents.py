from __future__ import annotations

import time

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tablelands.agents import AGENTS, Agent, AgentSpec, AgentSpecError, make_agent, parse_spec
from tablelands.agents.knowledge import knowledge_for
from tablelands.agents.mcts import Budget, MctsAgent
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
    knowledge = knowledge_for(GAME)
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        values.append(knowledge.evaluate(child, 0))
    chosen = state.clone()
    chosen.apply(choice)
    assert knowledge.evaluate(chosen, 0) == max(values)
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


def test_budgets_beyond_the_caps_are_refused() -> None:
    # A budget that never ends is no budget: at most 10 minutes or 100,000 iterations a
    # decision, and 64 worker processes; the message names the caps.
    for spec in ("mcts:1000000000it", "mcts:100001it", "mcts:601s", "mcts:99999999999s:workers=2"):
        with pytest.raises(AgentSpecError, match=r"at most 600s \(10 minutes\) or 100,000it"):
            make_agent(spec, 0)
    with pytest.raises(AgentSpecError, match="workers must be 1 to 64"):
        make_agent("mcts:1s:workers=65", 0)
    for spec in ("mcts:600s", "mcts:100000it", "mcts:1s:workers=64"):
        agent = make_agent(spec, 0)
        assert isinstance(agent, MctsAgent)
        agent.close()
    assert "at most 600s" in AGENTS["mcts"] and "100,000it" in AGENTS["mcts"]


def test_absurd_digit_strings_are_refused_at_once() -> None:
    # Python will not read an integer of more than 4300 digits (ValueError), and a long one
    # is slow to read: a spec is at most 100 characters.
    for digits in (5000, 100_000):
        for spec in (
            f"mcts:{'9' * digits}it",
            f"mcts:{'9' * digits}s",
            f"mcts:workers={'9' * digits}",
        ):
            start = time.perf_counter()
            with pytest.raises(AgentSpecError, match="at most 100 characters"):
                make_agent(spec, 0)
            assert time.perf_counter() - start < 0.05
    with pytest.raises(AgentSpecError, match="too long a budget"):
        make_agent(f"mcts:{'9' * 90}it", 0)
    with pytest.raises(AgentSpecError, match="workers must be 1 to 64"):
        make_agent(f"mcts:workers={'9' * 80}", 0)


SPEC_PARTS = st.one_of(
    st.from_regex(r"[0-9]{1,9}(\.[0-9]{1,4})?(s|it)", fullmatch=True),
    st.from_regex(r"workers=[0-9]{1,4}", fullmatch=True),
    st.sampled_from(["2s", "0s", "0it", "1e9it", "workers=", "workers=-1", "workers=²", "٣s"]),
    st.text(max_size=12),
)
SPECS = st.one_of(
    st.text(max_size=120),
    st.builds(
        lambda name, parts: ":".join([name, *parts]),
        st.sampled_from(["mcts", "MCTS ", "random", "greedy", ""]),
        st.lists(SPEC_PARTS, max_size=3),
    ),
)


@settings(max_examples=50, deadline=None)
@given(SPECS)
@example("mcts:workers=²")  # str.isdigit takes it, int does not
@example("mcts:1000000000it")
@example(f"mcts:{'9' * 5000}it")
def test_any_text_is_an_agent_or_an_agent_spec_error(spec: str) -> None:
    # Whatever is typed after --vs or --agents: an agent, or an AgentSpecError saying why not,
    # at once; never another exception.
    start = time.perf_counter()
    try:
        agent = make_agent(spec, 0)
    except AgentSpecError as exc:
        assert str(exc)
    else:
        assert isinstance(agent, Agent)
        if isinstance(agent, MctsAgent):
            assert agent.workers <= 64 and agent.budget.iterations in (None, *range(1, 100_001))
            assert 0 < (agent.budget.seconds or 1) <= 600
            agent.close()
    assert time.perf_counter() - start < 0.5


def test_two_budgets_in_one_spec_are_refused() -> None:
    with pytest.raises(AgentSpecError, match="one budget"):
        make_agent("mcts:2s:5000it", 0)


def test_a_part_given_twice_is_refused() -> None:
    for spec, twice in (
        ("mcts:20it:workers=1:workers=1", "workers= once"),
        ("mcts:workers=2:1s:workers=3", "workers= once"),
        ("mcts:1s:1s", "one budget"),
        ("mcts:1s:20it", "one budget"),
    ):
        with pytest.raises(AgentSpecError, match=twice):
            make_agent(spec, 0)


def test_a_spec_read_says_what_it_asks_for() -> None:
    assert parse_spec(" MCTS:2s:workers=3") == AgentSpec(
        "mcts", "mcts:2s:workers=3", Budget(seconds=2.0), 3
    )
    assert parse_spec("mcts").budget == Budget(seconds=1.0)
    assert not parse_spec("greedy").searches and parse_spec("mcts:5it").searches
