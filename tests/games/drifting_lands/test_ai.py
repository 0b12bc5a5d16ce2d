"""What the bots know of Drifting Lands (ai.py): projected final totals, the flat search of
the last round with greedy playouts, a utility that prefers wider wins, and hidden hands
expected to hold cheap cards (while the rules draw them uniformly)."""

from __future__ import annotations

import pytest

from tablelands.agents.knowledge import knowledge_for
from tablelands.agents.mcts import Budget, search
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games.drifting_lands import GAME, ai, scoring
from tablelands.games.drifting_lands.ai import (
    CARD_PROMISE,
    FINAL_ROUND_DECISIONS,
    FINAL_SEARCH_WIDTH,
    KNOWLEDGE,
    SHARE_WEIGHT,
    projection,
    unplayed_part,
)
from tablelands.games.drifting_lands.components import PHASE_NAMES, ROUNDS
from tablelands.games.drifting_lands.state import DriftingLandsState
from tablelands.games.drifting_lands.view import holdable_cards

from .helpers import act, blank, cell, give, last_round, random_game, set_board

NORTH_WEST = [(1, 2), (2, 1), (2, 2), (1, 3), (0, 3), (0, 2), (1, 1)]


def test_the_registry_finds_this_knowledge() -> None:
    assert knowledge_for(GAME) is KNOWLEDGE


# -- the estimate: projected final totals ---------------------------------------------------


def best_kept(state_cards: list[int]) -> int:
    return sum(sorted(state_cards, reverse=True)[: ai.KEPT_CARDS])


def test_only_the_best_unused_cards_count_and_a_hand_adds_its_promise() -> None:
    # ruling DL-9: 8 unused cards score their basic points at the end, so a card taken now
    # costs points only when it is among the best 8 still free
    state = blank(2)
    set_board(state, NORTH_WEST)
    points = {c: p for c, (_, p) in state.edition.cards.items()}
    before = projection(state)[0]
    assert before == best_kept(list(points.values()))
    (drifting,) = give(state, 0, "drifting")  # 2 points: many other 2s stay free
    assert projection(state)[0] == before + CARD_PROMISE["drifting"]
    (moving,) = give(state, 0, "moving")  # 3 points: one of the best 8 is gone
    free = [p for c, p in points.items() if c not in (drifting, moving)]
    expected = best_kept(free) + CARD_PROMISE["drifting"] + CARD_PROMISE["moving"]
    assert projection(state)[0] == expected
    assert projection(state)[1] == before  # the other hand is untouched


def test_continent_points_follow_the_ranking_and_partly_the_level_shares() -> None:
    # ruling DL-9 (3 players: first full, second half): levels 3 and 1 on one continent
    state = blank(3)
    pawns = {(1, 2): (0, 3), (2, 2): (1, 1)}
    set_board(state, NORTH_WEST, pawns=pawns)
    value = scoring.continent_value(
        state.edition, state.board, state.board.continent_of(cell(state, 1, 2))
    )
    cards = best_kept([p for _, p in state.edition.cards.values()])
    first = (1 - SHARE_WEIGHT) * value + SHARE_WEIGHT * value * 3 / 4
    second = (1 - SHARE_WEIGHT) * (value // 2) + SHARE_WEIGHT * value * 1 / 4
    assert projection(state) == pytest.approx([cards + 3 + first, cards + 1 + second, cards])


def test_estimate_is_a_share_per_team() -> None:
    # ruling DL-9 teams: the two seats of a team get the same estimate, shares sum to 1
    state = blank(4, options={"teams": True})
    set_board(state, NORTH_WEST, pawns={(1, 2): (0, 2), (2, 2): (1, 1)})
    shares = KNOWLEDGE.estimate(state)
    assert shares[0] == shares[2] and shares[1] == shares[3]
    assert shares[0] + shares[1] == pytest.approx(1.0)
    assert shares[0] > shares[1]


def test_a_card_being_played_keeps_its_promise_until_carried_out() -> None:
    # the search judges the position after "play reproducing" before its breeds happen: the
    # card must not look like a loss then; each breed carries out half of it
    state = blank(2)
    set_board(state, NORTH_WEST, pawns={(1, 2): (0, 1)})
    give(state, 0, "reproducing", "drifting")
    before = projection(state)[0]
    act(state, "play reproducing")
    assert projection(state)[0] == pytest.approx(before)
    assert unplayed_part(state) == 1.0
    state.apply(state.legal_actions()[0])
    assert unplayed_part(state) == 0.5
    state.apply(state.legal_actions()[0])
    assert unplayed_part(state) == 0.0  # done: the card is on the discard pile
    assert not state.card


# -- the plan of the search, playouts and the result ----------------------------------------


def test_search_turns_flat_for_the_whole_last_round_only() -> None:
    seen = set()
    for state in random_game(3, 5):
        phase = PHASE_NAMES[state.phase]
        final = state.round == ROUNDS - 1 and phase != "over"
        if final:
            seen.add(phase)
        plan = KNOWLEDGE.plan(state)
        assert ai.final_round(state) == final
        assert plan.flat == final
        if final:
            assert plan.width == FINAL_SEARCH_WIDTH
            assert plan.prior_visits == 0
            assert plan.playout_steps == FINAL_ROUND_DECISIONS
        else:
            assert plan.prior_visits > 0
            assert plan.playout_steps == 0  # the estimate judges every earlier position
    assert {"drift", "select", "play", "effect"} <= seen


@pytest.mark.parametrize("phase", ["drift", "select", "play"])
def test_a_last_round_playout_reaches_the_end(phase: str) -> None:
    state = last_round(4, 7, phase)
    steps = 0
    while not state.is_terminal:
        state.apply(KNOWLEDGE.playout_action(state, Rng(steps)))
        steps += 1
    assert steps <= FINAL_ROUND_DECISIONS


@pytest.mark.parametrize("phase", ["drift", "select", "play"])
def test_playouts_take_the_best_action_for_the_players_score_standing(phase: str) -> None:
    state = last_round(3, 4, phase)
    seen = 0
    while not state.is_terminal and seen < 24:
        mover = state.current_player
        values = {}
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            values[action] = KNOWLEDGE.evaluate(after, mover)
        chosen = KNOWLEDGE.playout_action(state, Rng(seen))
        assert values[chosen] == max(values.values())
        state.apply(chosen)
        seen += 1


def test_utility_ranks_by_the_win_then_by_the_total() -> None:
    for seed in (1, 2, 3):
        state = random_game(3, seed)[-1]
        utility = KNOWLEDGE.utility(state)
        returns = state.returns()
        totals = state.scores()
        assert all(0.0 <= u <= 1.0 for u in utility)
        for a in range(3):
            for b in range(3):
                if (returns[a], totals[a]) > (returns[b], totals[b]):
                    assert utility[a] > utility[b]


# -- hidden hands -----------------------------------------------------------------------


def drawn_means(state: DriftingLandsState, biased: bool) -> tuple[float, float]:
    """The mean basic points of the cards drawn for the next seat's hand over 200 worlds,
    and of the cards it may hold."""
    me = state.current_player
    other = (me + 1) % state.num_players
    points = state.edition.card_points
    pool = holdable_cards(state, other)
    assert pool == [c for c in sorted(state.edition.cards) if c not in state.discards[other]]
    view = SeatView(state)
    drawn: list[int] = []
    for seed in range(200):
        world = KNOWLEDGE.world(view, Rng(seed)) if biased else view.world(Rng(seed))
        assert isinstance(world, DriftingLandsState)
        assert world.observation(me) == state.observation(me)
        assert set(world.hands[other]) <= set(pool)
        assert len(world.hands[other]) == len(state.hands[other])
        assert world.scores() == [row["total"] for row in world.score_breakdown()]
        drawn += world.hands[other]
    pool_mean = sum(points[c] for c in pool) / len(pool)
    return sum(points[c] for c in drawn) / len(drawn), pool_mean


def test_the_bots_expect_hidden_hands_to_favour_cheap_cards() -> None:
    drawn_mean, pool_mean = drawn_means(last_round(3, 9), biased=True)
    assert drawn_mean < pool_mean - 0.2


def test_the_rules_draw_hidden_hands_uniformly() -> None:
    drawn_mean, pool_mean = drawn_means(last_round(3, 9), biased=False)
    assert abs(drawn_mean - pool_mean) < 0.1


@pytest.mark.parametrize(
    ("players", "seed", "phase"), [(3, 2, "play"), (4, 6, "play"), (3, 2, "select")]
)
def test_the_flat_search_uses_only_what_the_player_knows(
    players: int, seed: int, phase: str
) -> None:
    # not first in the seat order, so others' hands are already secret (even when picking)
    state = last_round(players, seed, phase, later_seat=True)
    me = state.current_player
    assert any(state.hands[seat] for seat in range(players) if seat != me)
    other_world = state.sample_hidden(me, Rng(99))
    assert other_world.observation(me) == state.observation(me)
    ranked = search(SeatView(state), Budget(iterations=24), Rng(3))
    assert ranked == search(SeatView(other_world, me), Budget(iterations=24), Rng(3))
    assert len({c.visits for c in ranked}) == 1  # every action played out in the same worlds
    assert len(ranked) <= FINAL_SEARCH_WIDTH
