"""Ruling CL-18: a card that cannot be placed anywhere is discarded face up, and a seat's
view builds in every position (the redrawn world draws among placements the rules allow)."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tablelands.agents import make_agent
from tablelands.core.errors import IllegalActionError
from tablelands.core.records import read_record, record_of, replay, write_record
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games.confusing_lands import GAME, log
from tablelands.games.confusing_lands.components import FIRST, SECOND
from tablelands.games.confusing_lands.landscape import Landscape
from tablelands.games.confusing_lands.notation import (
    PLACEMENT_COUNT,
    Placement,
    discard_action,
    discarded_card,
    from_json,
    to_json,
)
from tablelands.games.confusing_lands.state import ConfusingLandsState

from .helpers import new_state

Policy = Callable[[ConfusingLandsState, Rng], int]


def random_choice(state: ConfusingLandsState, rng: Rng) -> int:
    return rng.choice(state.legal_actions())


def condition_side_first(state: ConfusingLandsState, rng: Rng) -> int:
    """Condition sides whenever possible: more condition spaces, so landscapes close sooner."""
    legal = state.legal_actions()
    sides = [a for a in legal if a < PLACEMENT_COUNT and Placement.decode(a).side == 0]
    return rng.choice(sides or legal)


def played(
    players: int, seed: int, steps: int, policy: Policy = random_choice
) -> ConfusingLandsState:
    state = new_state(players=players, seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        state.apply(policy(state, rng))
    return state


def discards(state: ConfusingLandsState) -> list[int]:
    return [discarded_card(a) or 0 for a in state.legal_actions()]


def finish(state: ConfusingLandsState, rng: Rng, views: bool = False) -> None:
    while not state.is_terminal:
        if views:
            for seat in range(state.num_players):
                SeatView(state, seat)
        state.apply(rng.choice(state.legal_actions()))


def test_a_seat_that_cannot_place_either_card_chooses_one_to_discard() -> None:
    # ruling CL-18: seed 2471, seat 2 in round 4 holds 1 and 6 and no position satisfies CL-2.
    state = played(2, 2471, 13)
    assert (state.round, state.phase, state.to_move) == (3, FIRST, 1)
    assert sorted(state.hands[1]) == [1, 6]
    assert not state.can_place()
    assert state.legal_actions() == [discard_action(1), discard_action(6)]
    placed = len(state.placements[1])
    state.apply(state.parse_action("discard 6"))
    assert state.discards[-1] == 6 and state.phase == SECOND
    assert state.hands[0] == [1]  # the other card is passed on as usual
    seen = SeatView(state, 0).observation()
    assert seen["cannot_place"] == [[], [6]] and seen["discards"][-1] == 6
    assert state.public_observation()["cannot_place"] == [[], [6]]
    finish(state, Rng(1))
    # The card then held cannot be placed either: discarded too; the game still ends.
    assert state.unplaced[1] == [6, state.unplaced[1][1]]
    assert len(state.placements[1]) == placed < 8
    assert state.is_terminal and len(state.scores()) == 2
    assert state.public_observation()["placed"] == [8, placed]


def test_a_discard_is_refused_while_a_placement_exists() -> None:
    # ruling CL-18: where a card fits depends only on its shape, so both cards in hand can be
    # placed or neither; while one can, no discard is offered and one is refused.
    for seed in range(40):
        state = new_state(players=2, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal:
            legal = state.legal_actions()
            if state.can_place():
                assert all(a < PLACEMENT_COUNT for a in legal)
                cards = {Placement.decode(a).card for a in legal}
                assert cards == set(state.hands[state.to_move])
                with pytest.raises(IllegalActionError, match="CL-18"):
                    state.check(discard_action(state.hands[state.to_move][0]))
            state.apply(rng.choice(legal))


def test_a_discard_names_a_card_in_hand() -> None:
    # ruling CL-18
    state = played(2, 2471, 13)
    with pytest.raises(IllegalActionError, match="not in your hand"):
        state.apply(discard_action(2))


def test_the_passed_card_is_discarded_when_it_cannot_be_placed() -> None:
    # ruling CL-18: the second placement; seed 455 closes seat 1's landscape in the first phase.
    state = played(2, 455, 6, condition_side_first)
    assert state.phase == SECOND and state.to_move == 0 and len(state.hands[0]) == 1
    card = state.hands[0][0]
    assert state.legal_actions() == [discard_action(card)]
    before = SeatView(state, 1).observation()
    state.apply(discard_action(card))
    after = SeatView(state, 1).observation()
    lines = log.narrate(before, after)
    assert lines[0] == f"Seat 1 could not place card {card} and discarded it (CL-18)."
    finish(state, Rng(2), views=True)


@pytest.mark.parametrize(("seed", "steps", "phase"), [(1638, 6, FIRST), (5815, 7, SECOND)])
def test_solo_discards_a_card_that_cannot_be_placed(seed: int, steps: int, phase: int) -> None:
    # ruling CL-18 with CL-16: solo, the unchosen card and the top card go as usual.
    state = played(1, seed, steps, condition_side_first)
    assert state.phase == phase and not state.can_place()
    hand = sorted(state.hands[0])
    assert discards(state) == hand
    before = SeatView(state, 0).observation()
    pile, deck = len(state.discards), len(state.deck)
    state.apply(discard_action(hand[0]))
    after = SeatView(state, 0).observation()
    if phase == FIRST:
        assert state.discards[pile:] == [hand[0], hand[1], after["discards"][-1]]
        assert len(state.deck) == deck - 2 and len(state.hands[0]) == 1
        lines = log.narrate(before, after)
        assert lines[0] == f"Seat 1 could place neither card and discarded card {hand[0]} (CL-18)."
        assert lines[1].startswith(f"Seat 1 discards card {hand[1]} and the deck's top card ")
    else:
        assert state.discards[pile:] == hand
    finish(state, Rng(3), views=True)
    assert state.is_terminal


def test_the_log_tells_a_discard_to_every_seat_at_once() -> None:
    # ruling CL-18: the discard pile is face up, so the opponent and spectators read it too.
    state = played(2, 2471, 13)
    views = [SeatView(state, 0).observation(), state.public_observation()]
    state.apply(discard_action(1))
    afters = [SeatView(state, 0).observation(), state.public_observation()]
    for before, after in zip(views, afters, strict=True):
        line = "Seat 2 could place neither card and discarded card 1 (CL-18)."
        assert log.narrate(before, after)[0] == line


def test_a_discard_in_notation_and_json_round_trips() -> None:
    # ruling CL-18
    state = new_state()
    action = state.parse_action("discard 6")
    assert action == discard_action(6) == PLACEMENT_COUNT + 5
    assert state.format_action(action) == "discard 6"
    assert state.parse_action(" Discard  6 ") == action
    assert to_json(action) == {"kind": "discard", "card": 6}
    assert from_json({"kind": "discard", "card": 6}) == action
    assert GAME.action_count(2) == PLACEMENT_COUNT + 18
    for card in range(1, 19):
        assert state.parse_action(state.format_action(discard_action(card))) == discard_action(card)


def test_a_record_with_a_discard_replays_and_verifies(tmp_path: Path) -> None:
    # ruling CL-18
    state = played(2, 2471, 13)
    state.apply(discard_action(6))
    finish(state, Rng(1))
    path = tmp_path / "game.json"
    write_record(record_of(state, ["random", "random"]), path)
    assert "discard 6" in json.loads(path.read_text())["actions"]
    again = replay(read_record(path), GAME, GAME.default_edition(), str(path))
    assert again.history == state.history and again.scores() == state.scores()


@pytest.mark.parametrize(("seed", "steps"), [(1767, 5), (2069, 11)])
def test_every_seat_view_builds_where_a_drawn_rotation_had_no_position(
    seed: int, steps: int
) -> None:
    # These positions drew a rotation with no legal position when redrawing a hidden card.
    state = new_state(players=2, seed=seed)
    rng = Rng(seed)
    while not state.is_terminal:
        for seat in (0, 1):
            view = SeatView(state, seat)
            assert view.observation()["viewer"] == seat
        state.apply(rng.choice(state.legal_actions()))
    assert len(state.history) == 16 and steps < 16


def test_redrawn_worlds_place_only_where_the_rules_allow() -> None:
    # ruling CL-18: a redrawn hidden placement is legal on the landscape the seat has seen.
    checked = 0
    for seed in range(60):
        state = new_state(players=2, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal:
            seen = state.revealed[0]
            if state.to_move == 1 and state.placements[0][seen:]:
                world = state.redraw_hidden(1, Rng(seed))
                landscape = Landscape()
                for action in world.placements[0]:
                    p = Placement.decode(action)
                    assert state.tables.legal_positions(landscape, p.rotation & 1) >> p.at & 1
                    landscape.stamp(state.tables.stamps[p.orientation_index], p.at)
                assert world.landscapes[0] == landscape
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked == 60 * 8


@pytest.mark.parametrize("players", [1, 2])
def test_random_games_build_every_seat_view_at_every_step(players: int) -> None:
    for seed in range(300):
        state = new_state(players=players, seed=10_000 + seed)
        finish(state, Rng(seed), views=True)
        assert state.is_terminal


@pytest.mark.parametrize("spec", ["greedy", "mcts:40it"])
def test_bots_discard_when_no_card_can_be_placed(spec: str) -> None:
    # ruling CL-18: the bots are generic over legal actions; their playouts cross discards too.
    state = played(2, 2471, 13)
    agent = make_agent(spec, seed=1)
    action = agent.choose(SeatView(state, 1))
    assert action in (discard_action(1), discard_action(6))
    state.apply(action)
    while not state.is_terminal:
        state.apply(agent.choose(SeatView(state, state.to_move)))
    assert state.unplaced[1] == [discarded_card(action), state.unplaced[1][1]]
