"""Confusing Lands rules: placement, the draft, the solo round, the end, hidden information."""

from __future__ import annotations

import pytest

from tablelands.core.errors import IllegalActionError, NotationError
from tablelands.core.rng import Rng
from tablelands.games.confusing_lands.components import (
    CONDITION,
    EAST,
    NORTH,
    RIVER,
    SOUTH,
    WEST,
    Space,
    rotate_ends,
)
from tablelands.games.confusing_lands.landscape import Landscape, position
from tablelands.games.confusing_lands.notation import Placement
from tablelands.games.confusing_lands.state import ROUNDS, solo_rating

from .helpers import new_state, play


def test_first_card_starts_the_landscape_at_origin() -> None:
    # ruling CL-2: the first card goes anywhere; all positions are alike, so it sits at 0,0.
    state = new_state()
    card = state.hands[0][0]
    with pytest.raises(IllegalActionError, match="CL-2"):
        play(state, f"{card}l0@3,1")
    play(state, f"{card}l1")
    assert state.placements[0] == [Placement(card, 1, 1, position(0, 0)).encode()]
    assert state.landscapes[0].occupied.bit_count() == 6


def test_a_later_card_must_cover_a_space() -> None:
    # ruling CL-2: every later card covers at least one space of the landscape.
    state = new_state(players=1)
    first = state.hands[0][0]
    play(state, f"{first}l0")
    second = state.hands[0][0]
    with pytest.raises(IllegalActionError, match=r"cover at least one space.*CL-2"):
        play(state, f"{second}l0@0,3")  # touches the first card's edge, covers nothing
    with pytest.raises(IllegalActionError, match="CL-2"):
        play(state, f"{second}l0@5,5")
    play(state, f"{second}l0@1,2")  # covers the first card's bottom-right space
    assert state.landscapes[0].occupied.bit_count() == 11


def test_a_card_never_covers_a_condition_space() -> None:
    # ruling CL-2: a position that shows a scoring-condition space is never covered.
    state = new_state(players=1)
    first = state.hands[0][0]
    play(state, f"{first}c0")
    conditions = state.landscapes[0].condition_cells
    row, col = next((r, c) for r in range(2) for c in range(3) if conditions >> position(r, c) & 1)
    second = state.hands[0][0]
    with pytest.raises(IllegalActionError, match=rf"condition {first}.*never covered.*CL-2"):
        play(state, f"{second}l0@{row},{col}")
    # The condition still shows, and is a condition space (CL-3).
    assert state.landscapes[0].space_at(position(row, col)) == Space(CONDITION)


def test_placement_must_be_on_whole_spaces() -> None:
    # ruling CL-2: cards sit at integer offsets; no partially covered spaces.
    state = new_state(players=1)
    play(state, f"{state.hands[0][0]}l0")
    with pytest.raises(NotationError, match="CL-2"):
        state.parse_action(f"{state.hands[0][0]}l0@0.5,1")
    with pytest.raises(NotationError, match="too far"):
        state.parse_action(f"{state.hands[0][0]}l0@40,0")


def test_unusable_notation_is_explained() -> None:
    state = new_state()
    with pytest.raises(NotationError, match="cards are numbered 1 to 18"):
        state.parse_action("19c0@0,0")
    with pytest.raises(NotationError, match="rotation 4"):
        state.parse_action("3c4@0,0")
    with pytest.raises(NotationError, match="not a side"):
        state.parse_action("3x0@0,0")
    with pytest.raises(NotationError, match="not a placement"):
        state.parse_action("place card three")
    assert state.parse_action(" 3 C 1 @ -1 , 2 ") == Placement(3, 0, 1, position(-1, 2)).encode()


def test_only_cards_in_hand_and_real_actions_are_accepted() -> None:
    state = new_state()
    missing = next(c for c in range(1, 19) if c not in state.hands[0])
    with pytest.raises(IllegalActionError, match=f"card {missing} is not in your hand"):
        play(state, f"{missing}l0")
    with pytest.raises(IllegalActionError, match="not a Confusing Lands action"):
        state.apply(10**9)


def test_topmost_card_shows() -> None:
    # ruling CL-2: each position shows the topmost card's space.
    state = new_state(players=1, seed=5)
    first = state.hands[0][0]
    play(state, f"{first}l0")
    second = state.hands[0][0]
    play(state, f"{second}l0@1,1")
    printed = state.edition.sides[second, 1]
    landscape = state.landscapes[0]
    for r in range(2):
        for c in range(3):
            assert landscape.space_at(position(1 + r, 1 + c)) == printed[r][c]


def test_rotation_turns_spaces_and_river_ends() -> None:
    # ruling CL-1: a side is 2 x 3; turning the card turns its river ends with it.
    assert rotate_ends(NORTH | EAST, 1) == EAST | SOUTH
    assert rotate_ends(WEST, 1) == NORTH
    assert rotate_ends(NORTH | SOUTH, 2) == NORTH | SOUTH
    state = new_state()
    edition = state.edition
    for card in (2, 7, 13):
        printed = edition.sides[card, 1]
        turned = edition.orientation(card, 1, 1)
        assert (turned.height, turned.width) == (3, 2)
        spaces = {(r, c): s for r, c, s in turned.spaces}
        for r in range(2):
            for c in range(3):
                # clockwise: printed (r, c) lands on (c, 1 - r)
                space = printed[r][c]
                expected = (
                    Space(space.kind, rotate_ends(space.ends, 1)) if space.kind == RIVER else space
                )
                assert spaces[c, 1 - r] == expected


def test_legal_actions_match_a_brute_force_search() -> None:
    state = new_state(players=2, seed=11)
    rng = Rng(3)
    for _ in range(5):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.current_player
    landscape = state.landscapes[seat]
    top, left, bottom, right = landscape.bounds()
    brute = set()
    for card in state.hands[seat]:
        for side in (0, 1):
            for rotation in range(4):
                for row in range(top - 4, bottom + 4):
                    for col in range(left - 4, right + 4):
                        action = Placement(card, side, rotation, position(row, col)).encode()
                        try:
                            state.check(action)
                        except IllegalActionError:
                            continue
                        brute.add(action)
    assert brute == set(state.legal_actions())
    assert brute  # the window is big enough to find placements


def test_two_player_draft_passes_the_other_card() -> None:
    state = new_state(players=2, seed=7)
    first_hands = [sorted(h) for h in state.hands]
    assert all(len(h) == 2 for h in first_hands)
    kept0, passed0 = first_hands[0]
    kept1, passed1 = first_hands[1]
    play(state, f"{kept0}l0")
    assert state.current_player == 1
    play(state, f"{kept1}l0")
    # Both have placed: each now holds the card the other did not choose.
    assert state.hands == [[passed1], [passed0]]
    assert state.current_player == 0
    play(state, f"{passed1}l0@1,0", f"{passed0}l0@1,0")
    assert state.round == 1
    assert all(len(h) == 2 for h in state.hands)


def test_two_player_game_ends_after_eight_cards_each() -> None:
    state = new_state(players=2, seed=3)
    rng = Rng(9)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert state.round == ROUNDS
    assert [len(p) for p in state.placements] == [8, 8]
    assert len(state.deck) == 1  # one card is left in the deck
    placed = {Placement.decode(a).card for p in state.placements for a in p}
    assert len(placed) == 16 and state.shared not in placed and state.deck[0] not in placed
    assert state.legal_actions() == []
    with pytest.raises(IllegalActionError, match="game is over"):
        state.apply(0)


def test_solo_round_discards_and_takes_the_card_below() -> None:
    # ruling CL-16: place one of two, discard the other, discard the top card, take the next.
    state = new_state(players=1, seed=4)
    kept, other = sorted(state.hands[0])
    top, below = state.deck[-1], state.deck[-2]
    play(state, f"{kept}l0")
    assert state.discards == [other, top]
    assert state.hands[0] == [below]
    play(state, f"{below}l0@1,0")
    assert state.round == 1 and len(state.hands[0]) == 2


def test_solo_game_places_eight_and_is_rated() -> None:
    # ruling CL-16: four rounds, 8 cards, rated with the table.
    state = new_state(players=1, seed=8)
    rng = Rng(1)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    assert len(state.placements[0]) == 8
    assert len(state.discards) == 8 and len(state.deck) == 1
    assert state.winners() == [0]
    assert state.returns() == [float(state.scores()[0])]
    assert state.score_breakdown()[0]["rating"] == solo_rating(state.scores()[0])


@pytest.mark.parametrize(
    ("score", "rating"),
    [
        (55, "Astounding"),
        (50, "Astounding"),
        (49, "Unbelievable"),
        (40, "Unbelievable"),
        (30, "Confusing"),
        (29, "Perplexing"),
        (20, "Perplexing"),
        (10, "Bewildering"),
        (9, "Lost"),
        (-20, "Lost"),
    ],
)
def test_solo_rating_table(score: int, rating: str) -> None:
    # ruling CL-16
    assert solo_rating(score) == rating


def test_pending_placement_is_hidden_until_both_have_placed() -> None:
    state = new_state(players=2, seed=2)
    hand0 = sorted(state.hands[0])
    play(state, f"{hand0[0]}l0")
    seen_by_1 = state.observation(1)
    assert seen_by_1["landscapes"][0] == []  # player 1 does not see player 1's choice yet
    assert seen_by_1["hands"][0] is None  # nor the card player 1 keeps
    assert state.observation(0)["landscapes"][0] == [f"{hand0[0]}l0@0,0"]
    play(state, f"{sorted(state.hands[1])[0]}l0")
    assert state.observation(1)["landscapes"][0] == [f"{hand0[0]}l0@0,0"]
    # In the second phase each knows the card they passed.
    assert state.observation(1)["hands"][0] == state.hands[0]


def test_deck_order_and_opponent_hand_are_never_observed() -> None:
    state = new_state(players=2, seed=6)
    seen = state.observation(0)
    assert "deck" not in seen and seen["deck_size"] == len(state.deck)
    assert seen["hands"][1] is None
    changed = state.clone()
    changed.deck.reverse()
    changed.hands[1], changed.deck[0] = [changed.deck[0], changed.hands[1][1]], changed.hands[1][0]
    assert changed.observation(0) == seen
    # What a player does see changes the observation.
    visible = state.clone()
    visible.hands[0] = [visible.deck[0], visible.deck[1]]
    assert visible.observation(0) != seen


def test_sample_hidden_redraws_only_hidden_information() -> None:
    state = new_state(players=2, seed=10)
    play(state, f"{sorted(state.hands[0])[0]}l0")
    rng = Rng(4)
    decks, hands, landscapes = set(), set(), set()
    for _ in range(30):
        sample = state.sample_hidden(1, rng)
        assert sample.observation(1) == state.observation(1)
        assert sample.hands[1] == state.hands[1]
        decks.add(tuple(sample.deck))
        hands.add(tuple(sample.hands[0]))
        landscapes.add(tuple(sample.placements[0]))
        assert not set(sample.hands[0]) & set(sample.hands[1])
    assert len(decks) > 1 and len(hands) > 1 and len(landscapes) > 1


def test_tie_goes_to_the_best_single_condition() -> None:
    # ruling CL-15: equal totals; the higher single condition wins; still equal, both win.
    state = new_state(players=2)
    state.round = ROUNDS
    state.shared = 17  # Tranquility: 1 per village, mountain, forest
    # Player 1: Tranquility shared 3 (F M V) + Wilderness 18 = 2 (C, E): 3 + 2 - 10 = -5, best 3.
    state.landscapes[0] = Landscape.from_text("F M V #18\nC E . #18")
    # Player 2: shared 5 (five forests) + The Circle Of Life 0 (no wolf) - 10 = -5, best 5.
    state.landscapes[1] = Landscape.from_text("F F F #5\nF F . #5")
    scores = state.scores()
    assert scores == [-5, -5]
    assert state.winners() == [1]  # best single: 5 (shared) beats 3
    state = new_state(players=2)
    state.round = ROUNDS
    state.shared = 17
    state.landscapes[1] = Landscape.from_text("F F F #5\n. . . #5")
    state.landscapes[0] = Landscape.from_text("F M V #18\n. . . #18")
    # P1: shared 3 + Wilderness 0 - 10 = -7, best 3; P2: shared 3 + 0 - 10 = -7, best 3.
    assert state.scores() == [-7, -7]
    assert state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5]


def test_shared_condition_scored_only_with_a_condition_in_the_landscape() -> None:
    # ruling CL-14
    state = new_state(players=2)
    state.shared = 17
    state.landscapes[0] = Landscape.from_text("F M V\nF M V")
    state.landscapes[1] = Landscape.from_text("F M V #18\nF M V #18")
    # Player 2: Tranquility 6 (2 F, 2 M, 2 V) + Wilderness 0 - 10.
    assert state.scores() == [0, 6 + 0 - 10]
