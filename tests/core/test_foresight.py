"""What a seat is shown of a move before it confirms it (core/foresight.py): the words its
log will read and the points it will score, when nothing hidden decides them; and nothing
the seat cannot know, whatever the hidden cards are."""

from __future__ import annotations

from itertools import pairwise

import pytest

from tablelands.core.foresight import foresee
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tests.play import random_states

TITLES = [("confusing-lands", 2), ("land-vs-sea", 2), ("drifting-lands", 3)]


@pytest.mark.parametrize(("name", "players"), TITLES)
def test_a_move_that_reveals_nothing_is_foreseen_as_it_is_then_logged(
    name: str, players: int
) -> None:
    states = random_states(name, players, seed=11)
    foreseen_exactly = 0
    for before, after in pairwise(states):
        seat = before.current_player
        action = after.history[-1]
        view = SeatView(before, seat)
        seen = foresee(view, action)
        actual = after.observation(seat)
        assert seen.text == view.format_action(action)
        if seen.after != actual:
            continue  # the move drew or revealed something: its words wait for it
        foreseen_exactly += 1
        game = before.game
        assert list(seen.words) == game.narrate(view.observation(), actual, before.edition)
        totals = {row["seat"]: row["total"] for row in game.standings(actual, before.edition)}
        assert {t.seat: t.after for t in seen.totals} == totals
        now = {row["seat"]: row["total"] for row in view.standings()}
        assert {t.seat: t.change for t in seen.totals} == {s: totals[s] - now[s] for s in now}
    assert foreseen_exactly > len(states) // 4


@pytest.mark.parametrize(("name", "players"), TITLES)
def test_what_is_foreseen_is_the_same_whatever_is_hidden(name: str, players: int) -> None:
    states = random_states(name, players, seed=12)
    rng = Rng(5)
    for before in states[:-1:7]:
        seat = before.current_player
        view = SeatView(before, seat)
        action = rng.choice(view.legal_actions())
        other = SeatView(view.world(rng), seat)  # the hidden cards drawn again
        assert other.observation() == view.observation()
        assert foresee(other, action) == foresee(view, action)


@pytest.mark.parametrize(("name", "players"), TITLES)
def test_no_foreseen_line_reads_an_unknown(name: str, players: int) -> None:
    # What the deck gives next is unknown before the move: a line about it waits for it.
    for before in random_states(name, players, seed=13)[:-1]:
        view = SeatView(before, before.current_player)
        for action in view.legal_actions()[:3]:
            assert not any("None" in line for line in foresee(view, action).words)
