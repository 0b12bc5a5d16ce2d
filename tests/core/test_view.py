"""Seat views: what a seat is shown comes from what it may know, and determinizations are
always fresh consistent samples, never the truth."""

from __future__ import annotations

import json
import pickle
import threading
import time
from itertools import pairwise

import pytest

from tablelands.agents import make_agent
from tablelands.agents.mcts import MctsAgent
from tablelands.core.errors import IllegalActionError
from tablelands.core.rng import Rng
from tablelands.core.view import SeatLog, SeatView, common
from tablelands.games import get_game
from tablelands.games.drifting_lands.state import HAND, SELECT, DriftingLandsState
from tablelands.games.land_vs_sea import view as land_vs_sea_view
from tablelands.games.land_vs_sea.state import LandVsSeaState
from tests.play import random_play, random_states


def test_common_keeps_what_agrees_and_blanks_the_rest() -> None:
    seen = [
        {"hand": [3, 5], "top": "a", "size": 2, "flag": True},
        {"hand": [3, 6], "top": "b", "size": 2, "flag": True},
    ]
    assert common(seen) == {"hand": [3, None], "top": None, "size": 2, "flag": True}
    # Lists of other lengths, and values equal but of other types, are not known.
    assert common([[1, 2], [1]]) is None
    assert common([1, True]) is None
    assert common([{"a": 1}, {"b": 1}]) is None


def test_common_of_equal_parts_is_a_copy_and_still_tells_types_apart() -> None:
    worlds = [{"row": [1, 2, 0], "seen": {"a": 1, "b": None}} for _ in range(3)]
    agreed = common(worlds)
    assert agreed == worlds[0]
    agreed["row"][0] = agreed["seen"]["a"] = 9  # as a game's hide_in_preview writes
    assert worlds[0] == {"row": [1, 2, 0], "seen": {"a": 1, "b": None}}
    # Equal in Python, but not the same to a seat: 1 and True, 0 and 0.0.
    assert common([[1, 2, 0], [True, 2, 0.0]]) == [None, 2, None]
    assert common([{"a": 1, "b": 0}, {"a": True, "b": 0}]) == {"a": None, "b": 0}


def test_a_view_is_of_the_player_to_move_by_default_and_checks_the_seat() -> None:
    state = random_play("land-vs-sea", 2, 1, 6)
    assert SeatView(state).seat == state.current_player
    with pytest.raises(ValueError, match="no seat 3"):
        SeatView(state, 2)


def test_a_view_gives_no_actions_to_a_seat_not_to_act() -> None:
    state = random_play("drifting-lands", 3, 2, 10)
    other = (state.current_player + 1) % 3
    view = SeatView(state, other)
    assert view.legal_actions() == []
    with pytest.raises(IllegalActionError, match="not seat"):
        view.check(state.legal_actions()[0])


def test_a_view_does_not_follow_the_state() -> None:
    state = random_play("confusing-lands", 2, 4, 0)
    view = SeatView(state)
    before = view.observation()
    state.apply(state.legal_actions()[0])
    assert view.observation() == before


def test_worlds_carry_no_seed_generator_or_history() -> None:
    state = random_play("confusing-lands", 2, 11, 3)
    world = SeatView(state).world(Rng(5))
    assert world.seed == 0 and world.history == []
    assert world.rng.state != state.rng.state


def test_preview_of_a_solo_placement_hides_the_next_cards() -> None:
    # Solo, second placement of a round: the round ends and two cards are dealt from the deck.
    state = random_play("confusing-lands", 1, 1770260038, 1)
    view = SeatView(state)
    after = view.preview(view.legal_actions()[0])
    assert after["hands"] == [[None, None]]
    assert after["deck_size"] == state.observation(0)["deck_size"] - 2


def test_preview_of_the_last_placement_of_a_phase_hides_the_other_placement() -> None:
    state = random_play("confusing-lands", 2, 3, 1)  # seat 1 has placed, unrevealed
    view = SeatView(state, 1)
    after = view.preview(view.legal_actions()[0])
    assert after["landscapes"][0] == [None]  # revealed by the phase's end, but not known yet
    assert after["hands"][1] == [None]  # the card seat 1 passes on


def test_preview_of_a_draw_hides_the_next_top_tile() -> None:
    state = random_play("land-vs-sea", 2, 4, 0)
    view = SeatView(state)
    after = view.preview(view.parse_action("draw 1"))
    assert after["stacks"][0]["top"] is None
    assert after["stacks"][0]["size"] == state.observation(0)["stacks"][0]["size"] - 1
    drawn = after["hands"][0][0]
    assert drawn["up"] == state.observation(0)["stacks"][0]["top"]


def test_preview_refuses_an_illegal_action_with_the_rule() -> None:
    state = random_play("land-vs-sea", 2, 4, 0)
    with pytest.raises(IllegalActionError, match=r"LS-2|not possible"):
        SeatView(state).preview(state.parse_action("3a0@5,5"))


def late_land_vs_sea_states() -> list[LandVsSeaState]:
    states = []
    for seed in range(6):
        state = random_play("land-vs-sea", 3, seed, 10_000)
        # Step back from the end by replaying most of the game.
        game = get_game("land-vs-sea")
        replayed = game.new_state(players=3, seed=seed)
        for action in state.history[: len(state.history) - 4]:
            replayed.apply(action)
        assert isinstance(replayed, LandVsSeaState)
        states.append(replayed)
    return states


@pytest.mark.parametrize("quick_deals", [0, 4])
def test_land_vs_sea_determinizations_always_show_every_visible_face(
    monkeypatch: pytest.MonkeyPatch, quick_deals: int
) -> None:
    # With no quick deal at all, the matching alone deals: it must always succeed, and never
    # fall back to the true tiles.
    monkeypatch.setattr(land_vs_sea_view, "QUICK_DEALS", quick_deals)
    redrawn = 0
    for state in late_land_vs_sea_states():
        for seat in range(state.num_players):
            for n in range(3):
                world = state.sample_hidden(seat, Rng(n))
                assert world.observation(seat) == state.observation(seat)
                hidden = ("stacks", "hands", "placed")
                redrawn += any(world.to_json()[k] != state.to_json()[k] for k in hidden)
    assert redrawn > 0


def test_land_vs_sea_matching_deals_when_quick_deals_fail(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(land_vs_sea_view, "_quick_deal", lambda *_: None)
    state = random_play("land-vs-sea", 2, 8, 40)
    assert isinstance(state, LandVsSeaState)
    seen = state.observation(0)
    worlds = [state.sample_hidden(0, Rng(n)) for n in range(8)]
    assert all(w.observation(0) == seen for w in worlds)
    assert len({str(w.to_json()["stacks"]) for w in worlds}) > 1


def test_drifting_lands_hands_are_drawn_from_what_the_seat_may_hold() -> None:
    # Every drawn hand: the right size, no discarded card, not the card in play, and while a
    # seat selects, low enough to leave cards to finish its hand.
    checked_selecting = 0
    for seed in range(4):
        state = get_game("drifting-lands").new_state(players=3, seed=seed)
        rng = Rng(seed)
        while not state.is_terminal:
            assert isinstance(state, DriftingLandsState)
            viewer = (state.current_player + 1) % 3
            world = state.sample_hidden(viewer, Rng(len(state.history)))
            assert isinstance(world, DriftingLandsState)
            assert world.observation(viewer) == state.observation(viewer)
            for seat, hand in enumerate(world.hands):
                if seat == viewer:
                    continue
                assert len(hand) == len(state.hands[seat])
                assert not set(hand) & set(state.discards[seat])
                if state.card and seat == state.to_move:
                    assert state.card not in hand
                if state.phase == SELECT and seat == state.to_move and hand:
                    checked_selecting += 1
                    free = [
                        c
                        for c in state.edition.cards
                        if c not in state.discards[seat] and c > max(hand)
                    ]
                    assert len(free) >= HAND - len(hand)
            assert SeatView(state).legal_actions() == state.legal_actions()
            state.apply(rng.choice(state.legal_actions()))
    assert checked_selecting > 0


def test_greedy_chooses_the_same_whatever_the_other_hands() -> None:
    # The greedy agent judges in a world drawn for its seat: other hands never count as dealt.
    compared = 0
    for seed in range(6):
        state = random_play("drifting-lands", 4, seed, 40 + 7 * seed)
        assert isinstance(state, DriftingLandsState)
        me = state.current_player
        for other in range(4):
            size = len(state.hands[other])
            if other == me or not size:
                continue
            spare = [
                c
                for c in sorted(state.edition.cards)
                if c not in state.discards[other] and c not in state.hands[other]
            ]
            variant = state.clone()
            assert isinstance(variant, DriftingLandsState)
            variant.hands[other] = spare[-size:]
            variant.refresh()
            assert variant.observation(me) == state.observation(me)
            first = make_agent("greedy", 9).choose(SeatView(state))
            assert first == make_agent("greedy", 9).choose(SeatView(variant))
            compared += 1
    assert compared > 0


def test_cancel_cuts_a_search_short() -> None:
    state = random_play("land-vs-sea", 2, 3, 20)
    agent = make_agent("mcts:600s", 1)
    assert isinstance(agent, MctsAgent)
    answer: list[int] = []
    thinking = threading.Thread(target=lambda: answer.append(agent.choose(SeatView(state))))
    start = time.perf_counter()
    thinking.start()
    time.sleep(0.3)
    agent.cancel()
    thinking.join(timeout=30)
    assert not thinking.is_alive() and time.perf_counter() - start < 30
    assert answer and answer[0] in state.legal_actions()
    # A cancel ends the decision under way, not the next one.
    short = make_agent("mcts:300it", 2)
    assert isinstance(short, MctsAgent)
    short.cancel()
    assert sum(c.visits for c in short.analyse(SeatView(state))) < 300
    assert sum(c.visits for c in short.analyse(SeatView(state))) == 300


def test_a_seat_log_is_the_games_lines_from_the_seats_observations() -> None:
    states = random_states("confusing-lands", 2, 3)
    game, edition = states[0].game, states[0].edition
    seen = [state.observation(1) for state in states]
    log = SeatLog(game, edition, seen[0])
    assert log.lines == game.introduce(seen[0], edition) != []
    for before, after in pairwise(seen):
        told = log.follow(after)
        assert told == game.narrate(before, after, edition) != []
    assert len(log.lines) > len(states)
    assert SeatLog.of(game, edition, seen).lines == log.lines


def test_a_seat_log_copies_its_first_observation_and_changes_none_it_follows() -> None:
    states = random_states("land-vs-sea", 2, 1)[:3]
    game, edition = states[0].game, states[0].edition
    first = states[0].observation(0)
    log = SeatLog(game, edition, first)
    first["hands"][0].append({"tile": 1, "up": "?", "down": "?"})  # the caller's copy
    second, third = states[1].observation(0), states[2].observation(0)
    kept = [json.dumps(second, sort_keys=True), json.dumps(third, sort_keys=True)]
    assert log.follow(second) == game.narrate(states[0].observation(0), second, edition)
    assert log.follow(third) == game.narrate(states[1].observation(0), third, edition)
    # The referee hands the same observations to the seat's view: the log reads them only.
    assert [json.dumps(second, sort_keys=True), json.dumps(third, sort_keys=True)] == kept


def test_a_seat_not_to_act_draws_no_world_until_one_is_needed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = random_play("land-vs-sea", 3, 5, 9)
    other = (state.current_player + 1) % 3
    drawn: list[int] = []
    redraw = LandVsSeaState.redraw_hidden

    def counted(self: LandVsSeaState, player: int, rng: Rng) -> LandVsSeaState:
        drawn.append(player)
        return redraw(self, player, rng)

    monkeypatch.setattr(LandVsSeaState, "redraw_hidden", counted)
    view = SeatView(state, other)
    # What a frame of a seat not to act shows needs no world.
    assert view.observation() == state.observation(other)
    assert json.loads(view.observation_json()) == view.observation()
    assert view.legal_actions_json() == [] and view.standings() != []
    assert not view.to_act and view.current_player == state.current_player
    assert drawn == []
    # Drawn when first needed, once, and the same world as one drawn at once would be.
    first = view.world(Rng(3))
    assert drawn == [other, other]  # the view's own world, then the one asked for
    view.world(Rng(3))
    assert drawn == [other, other, other]
    eager = SeatView(state, other)
    eager.format_action(state.legal_actions()[0])  # draws its world now
    assert eager.world(Rng(3)).observation(other) == first.observation(other)


def test_a_view_sent_to_a_worker_carries_its_world_never_the_state() -> None:
    state = random_play("drifting-lands", 3, 0x5EC2E7_5EC2E7_5EC2, 6)
    view = SeatView(state, (state.current_player + 2) % 3)
    sent = pickle.dumps(view)
    # The state's generator, which tells what comes next, is nowhere in what is sent.
    assert pickle.encode_long(state.rng.state) not in sent
    received = pickle.loads(sent)
    assert received.observation() == view.observation()
    assert received.world(Rng(1)).observation(view.seat) == view.world(Rng(1)).observation(
        view.seat
    )
