"""The Confusing Lands game log: the lines each seat reads, word for word, at positions
chosen by hand (seed 1: seat 1 holds cards 1 and 15, seat 2 cards 16 and 18, and the shared
condition is 6, Ancient Relics)."""

from __future__ import annotations

from tablelands.core.game import JsonDict
from tablelands.games.confusing_lands import GAME
from tablelands.games.confusing_lands.log import seat_name
from tests.play import logged_steps, marked, random_states, told

from .helpers import new_state, play


def last_lines(players: int, seed: int, seat: int) -> list[str]:
    """What ``seat`` reads of the last step of a seeded random game."""
    states = random_states("confusing-lands", players, seed)
    before: JsonDict = states[-2].observation(seat)
    return GAME.narrate(before, states[-1].observation(seat), states[-1].edition)


def test_the_log_opens_with_the_shared_condition_and_the_seats_own_hand() -> None:
    state = new_state(2, 1)
    assert GAME.introduce(state.observation(1), state.edition) == [
        "The shared condition is 6 Ancient Relics.",
        "Seat 2 is dealt cards 16 and 18.",
    ]
    assert GAME.introduce(state.public_observation(), state.edition)[1:] == [
        "Seat 1 is dealt 2 cards.",
        "Seat 2 is dealt 2 cards.",
    ]


def test_a_hidden_placement_is_told_as_hidden_then_as_what_it_was() -> None:
    state = new_state(2, 1)
    mine, theirs = told(state, "1l0")
    assert mine == ["Seat 1 placed card 1 landscape side up at 0,0 (1l0@0,0): 0 points"]
    assert theirs == ["Seat 1 placed a card"]
    # Seat 2 closes the phase: both placements show, and the cards not chosen change hands.
    # Land of Plenty takes the shared condition's 4 (its only other), less 10: -2.
    passed = ["Seat 1 passes card 15 to Seat 2.", "Seat 2 passes card 18 to Seat 1."]
    first, second = told(state, "16c0")
    assert state.score_breakdown()[1]["total"] == -2
    placed = "Seat 2 placed card 16 (Land of Plenty) condition side up at 0,0 (16c0@0,0): "
    assert first == [placed + "-2 points (-2)", *passed]
    assert second == [
        placed + "-2 points (-2)",
        "Revealed: Seat 1 placed card 1 landscape side up at 0,0 (1l0@0,0): 0 points",
        *passed,
    ]
    # In the second phase both hands are known: the card is told, not where it went.
    mine, theirs = told(state, "18l1@0,1")
    assert mine == ["Seat 1 placed card 18 landscape side up at 0,1 (18l1@0,1): 0 points"]
    assert theirs == ["Seat 1 placed card 18 (where is shown when the phase ends)"]


def test_a_spectator_sees_a_placement_when_its_phase_closes() -> None:
    state = new_state(2, 1)
    before = state.public_observation()
    play(state, "1l0")
    assert GAME.narrate(before, state.public_observation(), state.edition) == [
        "Seat 1 placed a card"
    ]


def test_solo_tells_the_discards_the_card_taken_and_the_next_deal() -> None:
    # ruling CL-16: the card not chosen and the deck's top card are discarded, the next taken.
    state = new_state(1, 1)
    kept, thrown = state.hands[0]
    top, taken = state.deck[-1], state.deck[-2]
    (lines,) = told(state, f"{kept}l0")
    assert lines == [
        f"Seat 1 placed card {kept} landscape side up at 0,0 ({kept}l0@0,0): 0 points",
        f"Seat 1 discards card {thrown} and the deck's top card {top}, and takes card "
        f"{taken} from the deck.",
    ]
    (lines,) = told(state, f"{taken}l0@0,1")
    dealt = sorted(state.hands[0])
    assert lines[1:] == [
        "Round 2 of 4 begins.",
        f"Seat 1 is dealt cards {dealt[0]} and {dealt[1]}.",
    ]


def test_the_end_gives_the_score_and_the_winner() -> None:
    assert last_lines(2, 3, 0)[-1] == (
        "The game is over: Seat 1 -4 points, Seat 2 -32 points. Seat 1 wins."
    )
    # ruling CL-15: tied on points, the best single condition wins; still tied, both do.
    assert last_lines(2, 142, 1)[-1] == (
        "The game is over: Seat 1 -9 points, Seat 2 -9 points. Seat 2 wins on its best single "
        "condition, 12 against 9 (CL-15)."
    )
    assert last_lines(2, 117, 0)[-1] == (
        "The game is over: Seat 1 -6 points, Seat 2 -6 points. Seats 1 and 2 share the win (CL-15)."
    )
    assert last_lines(1, 5, 0)[-1] == ("The game is over: -11 points, rated Lost.")


def test_every_step_tells_every_seat_first_who_acted() -> None:
    for players, options in GAME.info.modes:
        for seed in range(3):
            for actor, lines_per_seat in logged_steps(
                "confusing-lands", players, seed, dict(options)
            ):
                for lines in lines_per_seat:
                    assert lines and lines[0].startswith(seat_name(actor)), (seed, lines)


def test_a_placement_marks_its_card_for_the_seats_that_see_it() -> None:
    # The board outlines a seat's last card from these; a hidden card is marked only once
    # it is revealed, and then in its own landscape, by its own seat.
    state = new_state(2, 1)
    assert marked(state, "1l0") == [[(0, "0:1l0@0,0")], []]
    assert marked(state, "16c0") == [[(1, "1:16c0@0,0")], [(0, "0:1l0@0,0"), (1, "1:16c0@0,0")]]
