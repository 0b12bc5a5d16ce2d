"""What just happened, on every board: the places ``Game.places`` gives for a seat's last
moves are outlined in the mover's colour (the board draws them under the game's own keys),
the moves just arrived play an animation that reduced motion turns off, a log line lights
its move's places, and no outline takes a click from a target."""

from __future__ import annotations

from itertools import pairwise
from typing import Any

import pytest

from tablelands.core.game import State
from tests.client.conftest import Harness
from tests.client.positions import document, game_states, seat_of

NAMES = ["confusing-lands", "land-vs-sea", "drifting-lands"]

MARKED = """() => [...document.querySelectorAll('.tl-recent')]
    .map(n => [Number(n.getAttribute('data-recent')), n.getAttribute('data-mark')])"""
LIT = "() => [...document.querySelectorAll('.tl-mark-lit')].map(n => n.getAttribute('data-mark'))"


def moves_with_places(name: str, count: int) -> list[tuple[State, list[tuple[int, str]]]]:
    """``count`` positions of a seeded game, spread over it, each with the places its last
    move changed as the seat then drawn sees them."""
    states = game_states(name, 2)
    found = []
    for before, after in pairwise(states):
        seat = seat_of(after)
        game = after.game
        places = game.places(before.observation(seat), after.observation(seat), after.edition)
        if places:
            found.append((after, places))
    step = max(1, len(found) // count)
    return found[::step][:count]


@pytest.mark.parametrize("name", NAMES)
def test_the_last_moves_places_are_outlined_in_the_movers_colour(
    harness: Harness, name: str
) -> None:
    page = harness.page
    for state, places in moves_with_places(name, 6):
        doc: dict[str, Any] = document(state)
        doc["recent"] = [
            {"seat": seat, "places": [key for s, key in places if s == seat]}
            for seat in sorted({seat for seat, _ in places})
        ]
        page.evaluate("doc => window.show(doc)", doc)
        marked = sorted(tuple(mark) for mark in page.evaluate(MARKED))
        assert marked == sorted(set(places)), doc["observation"]
        # The outlines of the other places are drawn, unseen, for the log to light.
        keys = [key for _, key in places]
        page.evaluate("keys => window.light(keys)", keys)
        assert sorted(page.evaluate(LIT)) == sorted(keys)
        page.evaluate("() => window.light([])")
        assert page.evaluate(LIT) == []
        assert page.evaluate(
            "() => [...document.querySelectorAll('[data-mark]')]"
            ".every(n => getComputedStyle(n).pointerEvents === 'none')"
        )
    assert not harness.errors


def test_the_moves_just_arrived_flash_unless_motion_is_reduced(harness: Harness) -> None:
    page = harness.page
    state, places = moves_with_places("land-vs-sea", 1)[0]
    doc: dict[str, Any] = {**document(state), "arrived": [key for _, key in places]}
    animation = (
        "key => getComputedStyle(document.querySelector(`[data-mark='${key}']`)).animationName"
    )
    page.evaluate("doc => window.show(doc)", doc)
    assert page.evaluate(animation, places[0][1]) == "tl-arrive"
    page.emulate_media(reduced_motion="reduce")
    page.evaluate("doc => window.show(doc)", doc)
    assert page.evaluate(animation, places[0][1]) == "none"
