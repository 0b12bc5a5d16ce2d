"""The ISMCTS agent: specs, reproducibility, no peeking at hidden information, good choices."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from tablelands.agents import AgentSpecError, make_agent, mcts
from tablelands.agents.knowledge import knowledge_for
from tablelands.agents.mcts import Budget, MctsAgent, search
from tablelands.core.game import State
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games import get_game


@pytest.mark.parametrize(
    ("spec", "budget", "workers"),
    [
        ("mcts", Budget(seconds=1.0), 1),
        ("mcts:2s", Budget(seconds=2.0), 1),
        ("mcts:0.5s", Budget(seconds=0.5), 1),
        ("MCTS:5000it", Budget(iterations=5000), 1),
        ("mcts:2s:workers=2", Budget(seconds=2.0), 2),
    ],
)
def test_specs(spec: str, budget: Budget, workers: int) -> None:
    agent = make_agent(spec, 1)
    assert isinstance(agent, MctsAgent)
    assert agent.budget == budget and agent.workers == workers
    assert agent.spec == spec.lower()


@pytest.mark.parametrize(
    "spec", ["mcts:fast", "mcts:0s", "mcts:2s:workers=0", "mcts:0it", "greedy:2s"]
)
def test_bad_specs_are_explained(spec: str) -> None:
    with pytest.raises(AgentSpecError):
        make_agent(spec, 1)


def midgame(name: str, players: int, steps: int, seed: int = 1) -> State:
    state = get_game(name).new_state(players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


def replan(monkeypatch: pytest.MonkeyPatch, state: State, **changes: Any) -> None:
    """Change the game's plan of the search (``SearchPlan`` fields) for this test."""
    knowledge = knowledge_for(state.game)
    planned = knowledge.plan
    monkeypatch.setattr(knowledge, "plan", lambda position: replace(planned(position), **changes))


def final_scores(state: State) -> dict[int, int]:
    """Seat 1's score after each legal action (the last card of a solo game)."""
    finals = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply(action)
        finals[action] = child.scores()[0]
    return finals


MIDGAMES = [
    ("confusing-lands", 2, 1),
    ("land-vs-sea", 2, 30),
    ("land-vs-sea", 3, 41),
    ("drifting-lands", 4, 70),
]


@pytest.mark.parametrize(("name", "players", "steps"), MIDGAMES)
def test_iterations_budget_is_reproducible(name: str, players: int, steps: int) -> None:
    state = midgame(name, players, steps)
    first = search(SeatView(state), Budget(iterations=150), Rng(7))
    assert first == search(SeatView(state), Budget(iterations=150), Rng(7))
    assert sum(c.visits for c in first) == 150
    assert {c.action for c in first} <= set(state.legal_actions())


@pytest.mark.parametrize(("name", "players", "steps"), MIDGAMES)
def test_search_uses_only_what_the_player_knows(name: str, players: int, steps: int) -> None:
    # Two positions that differ only in what the player to move cannot see (another draw of
    # the hidden information) must give the very same search: a sample never uses more.
    state = midgame(name, players, steps)
    me = state.current_player
    other_world = state.sample_hidden(me, Rng(99))
    assert other_world.observation(me) == state.observation(me)
    assert search(SeatView(state), Budget(iterations=120), Rng(3)) == search(
        SeatView(other_world, me), Budget(iterations=120), Rng(3)
    )


def test_the_root_searches_only_its_shortlist() -> None:
    # With more legal actions than the position's search width, only the estimate's
    # shortlist is searched: the playout policy's choice must not slip another root action in.
    state = midgame("land-vs-sea", 3, 41)
    width = knowledge_for(state.game).plan(state).width
    rng = Rng(8)
    while len(state.legal_actions()) <= width:
        state.apply(rng.choice(state.legal_actions()))
    ranked = search(SeatView(state), Budget(iterations=300), Rng(3))
    assert len(ranked) == width  # each shortlisted action tried, nothing else


def test_hidden_information_differs_between_the_two_worlds() -> None:
    # The test above would prove nothing if the redraw changed nothing.
    state = midgame("land-vs-sea", 2, 30)
    other_world = state.sample_hidden(state.current_player, Rng(99))
    assert other_world.to_json()["stacks"] != state.to_json()["stacks"]


def test_search_finds_the_best_last_card_in_solo() -> None:
    state = midgame("confusing-lands", 1, 7)
    assert len(state.legal_actions()) > 20
    finals = final_scores(state)
    choice = make_agent("mcts:4000it", 5).choose(SeatView(state))
    assert finals[choice] == max(finals.values())


def test_priors_start_the_search_where_the_estimate_points(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # With estimate priors a node gets every child at once, each valued by the game's
    # estimate (here the exact final score): one iteration already picks the best last card,
    # where plain expansion would have tried a single random one.
    state = midgame("confusing-lands", 1, 7)
    replan(monkeypatch, state, prior_visits=3)
    finals = final_scores(state)
    for seed in range(3):
        ranked = search(SeatView(state), Budget(iterations=1), Rng(seed))
        assert finals[ranked[0].action] == max(finals.values())
        assert sum(c.visits for c in ranked) == 1  # prior visits are not counted as iterations


def test_a_flat_search_plays_every_action_out_in_the_same_worlds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Flat search: no tree, each drawn world played out once from every shortlisted action,
    # so all of them get the same number of playouts, and the best last card is found.
    state = midgame("confusing-lands", 1, 7)
    replan(monkeypatch, state, flat=True, width=5)
    finals = final_scores(state)
    ranked = search(SeatView(state), Budget(iterations=23), Rng(4))
    assert len(ranked) == 5 and {c.visits for c in ranked} == {4}  # 23 // 5 whole worlds
    shortlisted_best = max(finals[c.action] for c in ranked)
    assert finals[max(ranked, key=lambda c: c.value).action] == shortlisted_best
    assert shortlisted_best == max(finals.values())  # the estimate shortlisted the best


def test_sequential_halving_gives_the_budget_to_the_better_half_round_by_round(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 8 actions and 48 playouts: 3 rounds of 16; 8 actions in 2 worlds, the better 4 in 4
    # more, the better 2 in 8 more; so the visits tell the rounds apart and the best last
    # card, which the estimate shortlisted, is among the last two and chosen.
    state = midgame("confusing-lands", 1, 7)
    replan(monkeypatch, state, flat=True, halving=True, width=8)
    finals = final_scores(state)
    ranked = search(SeatView(state), Budget(iterations=48), Rng(4))
    assert sorted(c.visits for c in ranked) == [2, 2, 2, 2, 6, 6, 14, 14]
    assert ranked[0].visits == 14 and ranked[0].value >= ranked[1].value
    assert finals[ranked[0].action] == max(finals.values())


def test_sequential_halving_plays_each_world_out_on_the_same_luck_for_every_action(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A playout whose result is pure luck (its generator's first draw): with each world's
    # playouts seeded alike, every action still in a round gets the same luck, so actions
    # that went as far have the same mean, and the first round cannot tell them apart.
    state = midgame("confusing-lands", 1, 7)
    replan(monkeypatch, state, flat=True, halving=True, width=8)
    monkeypatch.setattr(mcts, "playout", lambda knowledge, game, rng: [rng.random()])
    ranked = search(SeatView(state), Budget(iterations=48), Rng(4))
    by_visits: dict[int, set[float]] = {}
    for choice in ranked:
        by_visits.setdefault(choice.visits, set()).add(choice.value)
    assert sorted(by_visits) == [2, 6, 14] and all(len(v) == 1 for v in by_visits.values())


def test_sequential_halving_under_a_time_budget_still_halves(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A clock on which a playout takes 1 ms: the first world's 8 playouts say the 0.3 s
    # hold some 300, which the rounds then share out.
    clock = [0.0]
    played = mcts.playout

    def playout(knowledge: Any, game: State, rng: Rng) -> list[float]:
        clock[0] += 0.001
        return played(knowledge, game, rng)

    monkeypatch.setattr(mcts.time, "perf_counter", lambda: clock[0])
    monkeypatch.setattr(mcts, "playout", playout)
    state = midgame("confusing-lands", 1, 7)
    replan(monkeypatch, state, flat=True, halving=True, width=8)
    ranked = search(SeatView(state), Budget(seconds=0.3), Rng(4))
    visits = sorted(c.visits for c in ranked)
    assert len(visits) == 8 and visits[0] >= 1 and 200 <= sum(visits) <= 300
    assert visits[:4] == [visits[0]] * 4 and visits[4] < visits[6] == visits[7]


def test_equal_estimates_are_not_always_settled_the_same_way(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Ties among the best estimates go to a random one of them, not always the lowest action.
    state = midgame("confusing-lands", 1, 7)
    replan(monkeypatch, state, prior_visits=3)
    monkeypatch.setattr(knowledge_for(state.game), "utility", lambda position: [0.5])
    picks = {
        search(SeatView(state), Budget(iterations=1), Rng(seed))[0].action for seed in range(12)
    }
    assert len(picks) > 1


def test_workers_search_in_parallel_processes() -> None:
    state = midgame("confusing-lands", 2, 3)
    agent = make_agent("mcts:200it:workers=2", 4)
    assert isinstance(agent, MctsAgent)
    try:
        ranked = agent.analyse(SeatView(state))
        assert sum(c.visits for c in ranked) == 400  # two trees of 200 iterations
        assert ranked[0].action in state.legal_actions()
    finally:
        agent.close()
