"""What the bots know of Confusing Lands (ai.py): each player judged by its own landscape,
playouts of quick greedy placements, and the greedy agent's evaluation."""

from __future__ import annotations

from tablelands.agents.knowledge import knowledge_for
from tablelands.core.rng import Rng
from tablelands.games.confusing_lands import GAME
from tablelands.games.confusing_lands.ai import DUEL_PLAN, KNOWLEDGE, PLAN, ROLLOUT_CANDIDATES
from tablelands.games.confusing_lands.landscape import Landscape
from tablelands.games.confusing_lands.notation import Placement
from tablelands.games.confusing_lands.scoring import score_landscape
from tablelands.games.confusing_lands.state import ROUNDS

from .helpers import new_state, play


def test_the_registry_finds_this_knowledge() -> None:
    assert knowledge_for(GAME) is KNOWLEDGE


def test_playouts_run_to_the_end_in_a_tree_solo_and_by_halving_with_two() -> None:
    assert KNOWLEDGE.plan(new_state(players=1, seed=3)) is PLAN
    assert PLAN.playout_steps == 2 * ROUNDS * 2 and not PLAN.flat and not PLAN.prior_visits
    assert KNOWLEDGE.plan(new_state(players=2, seed=3)) is DUEL_PLAN
    assert DUEL_PLAN.playout_steps == PLAN.playout_steps and DUEL_PLAN.flat and DUEL_PLAN.halving


def test_search_estimate_judges_each_landscape_on_its_own() -> None:
    state = new_state(players=2, seed=3)
    play(state, f"{sorted(state.hands[0])[0]}l0")
    mine, theirs = KNOWLEDGE.estimate(state)
    state.landscapes[1] = Landscape.from_text("F F F #2\nF F F #2")
    assert KNOWLEDGE.estimate(state)[0] == mine
    assert KNOWLEDGE.estimate(state)[1] > theirs  # 6 forests of Noble Woodlands: 18 - 10 + shared


def test_solo_utility_maps_the_score_onto_zero_to_one() -> None:
    state = new_state(players=1, seed=8)
    rng = Rng(1)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    score = state.scores()[0]
    assert KNOWLEDGE.utility(state) == [min(1.0, max(0.0, (score + 30) / 100))]


def test_a_playout_placement_is_the_best_of_a_few_random_ones() -> None:
    state = new_state(players=2, seed=5)
    play(state, f"{sorted(state.hands[0])[0]}l0")
    seat = state.to_move
    legal = state.legal_actions()

    def score_of(action: int) -> int:
        placement = Placement.decode(action)
        landscape = state.landscapes[seat].copy()
        landscape.stamp(state.tables.stamps[placement.orientation_index], placement.at)
        return score_landscape(landscape, state.shared).total

    for seed in range(5):
        tried = Rng(seed)
        candidates = [tried.choice(legal) for _ in range(ROLLOUT_CANDIDATES)]
        chosen = KNOWLEDGE.playout_action(state, Rng(seed))
        assert chosen in candidates
        assert score_of(chosen) == max(score_of(a) for a in candidates)


def test_the_greedy_evaluation_is_the_players_own_landscape() -> None:
    state = new_state(players=2, seed=3)
    state.landscapes[0] = Landscape.from_text("F F F #2\nF F F #2")
    assert KNOWLEDGE.evaluate(state, 0) == score_landscape(state.landscapes[0], state.shared).total
    assert KNOWLEDGE.evaluate(state, 1) == 0.0
