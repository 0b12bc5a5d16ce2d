"""The final totals the search expects (scoring.projection): the board standing with level
shares, the unused cards a player can still keep, and what the cards in hand promise."""

from __future__ import annotations

import pytest

from tablelands.games.drifting_lands import scoring
from tablelands.games.drifting_lands.scoring import CARD_PROMISE, SHARE_WEIGHT, projection

from .helpers import act, blank, cell, give, set_board

NORTH_WEST = [(1, 2), (2, 1), (2, 2), (1, 3), (0, 3), (0, 2), (1, 1)]


def best_kept(state_cards: list[int]) -> int:
    return sum(sorted(state_cards, reverse=True)[: scoring.KEPT_CARDS])


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
    value = scoring.continent_value(state, state.board.continent_of(cell(state, 1, 2)))
    cards = best_kept([p for _, p in state.edition.cards.values()])
    first = (1 - SHARE_WEIGHT) * value + SHARE_WEIGHT * value * 3 / 4
    second = (1 - SHARE_WEIGHT) * (value // 2) + SHARE_WEIGHT * value * 1 / 4
    assert projection(state) == pytest.approx([cards + 3 + first, cards + 1 + second, cards])


def test_estimate_is_a_share_per_team() -> None:
    # ruling DL-9 teams: the two seats of a team get the same estimate, shares sum to 1
    state = blank(4, options={"teams": True})
    set_board(state, NORTH_WEST, pawns={(1, 2): (0, 2), (2, 2): (1, 1)})
    shares = scoring.estimate(state)
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
    assert state.unplayed_part() == 1.0
    state.apply(state.legal_actions()[0])
    assert state.unplayed_part() == 0.5
    state.apply(state.legal_actions()[0])
    assert state.unplayed_part() == 0.0  # done: the card is on the discard pile
    assert not state.card
