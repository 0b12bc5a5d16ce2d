"""A Land vs Sea map late in a game, zoomed and panned: on a phone a hex drawn smaller than a
finger is first zoomed to by a tap, and then a finger wide, the next tap plays that very spot;
the wheel, a drag, the buttons and the keys zoom and pan it; Fit shows it whole again."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tablelands.core.game import State
from tablelands.core.view import SeatView
from tests.client.conftest import Harness, accepted
from tests.client.positions import game_states

GAME = "land-vs-sea"

#: The narrower side of a placed hex's box on the screen (CSS px).
HEX_PX = """() => Math.min(...[...document.querySelectorAll('[data-tile] .tl-ls-hex')]
    .map(h => { const r = h.getBoundingClientRect(); return Math.min(r.width, r.height); }))"""
VIEW_BOX = "() => document.querySelector('svg.tl-ls-board').getAttribute('viewBox')"


def late_placement() -> State:
    """The position with the most tiles on the map where the seat to act places a tile, of
    three seeded games: 59, with the last tile in hand (the edition's 60 tiles and the start
    tile make a full map of 60 or 61)."""
    placements = [
        state
        for seed in (1, 2, 3)
        for state in game_states(GAME, seed)
        if not state.is_terminal
        and any(
            action["kind"] == "place"
            for action in SeatView(state, max(state.current_player, 0)).legal_actions_json()
        )
    ]
    latest = max(placements, key=lambda state: len(state.observation(0)["board"]))
    assert len(latest.observation(0)["board"]) >= 59
    return latest


def full_map() -> State:
    """The end of the seeded game whose map has the most tiles (60)."""
    ends = [game_states(GAME, seed)[-1] for seed in (1, 2, 3)]
    return max(ends, key=lambda state: len(state.observation(0)["board"]))


@pytest.fixture
def phone(browser: Any, server: str) -> Iterator[Harness]:
    context = browser.new_context(
        viewport={"width": 844, "height": 390}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    page.goto(f"{server}/harness.html")
    page.wait_for_function("window.harnessReady === true")
    yield Harness(page)
    context.close()


def test_a_tap_on_a_small_spot_zooms_to_it_and_the_next_tap_plays_it(phone: Harness) -> None:
    state = late_placement()
    doc = phone.show(state)
    page = phone.page
    tiles = len(doc["observation"]["board"])
    whole = page.evaluate(VIEW_BOX)
    small = page.evaluate(HEX_PX)
    assert small < 40, f"{tiles} tiles drawn {small:.0f} px wide: no zoom is needed to tap them"
    spot = page.locator("polygon[data-place]").first
    key = spot.get_attribute("data-place")
    spot.tap()
    assert page.locator("svg[data-tap-zoomed]").count() == 1
    assert phone.proposed() == [], "a tap on a spot too small to be sure of played it"
    assert page.evaluate(HEX_PX) >= 40
    phone.screenshot(f"{GAME}-phone-zoomed")
    page.locator(f'polygon[data-place="{key}"]').tap()
    proposed = phone.proposed()
    assert [f"{a['q']},{a['r']}" for a in proposed] == [key]
    accepted(state, proposed, doc["legal"])
    # A tap's zoom is for the position it was made in: the next is seen whole.
    phone.show(state)
    assert page.evaluate(VIEW_BOX) == whole
    # Fit shows the whole map again after a zoom the player made.
    page.locator('[data-zoom="in"]').tap()
    assert page.evaluate(VIEW_BOX) != whole
    page.locator('[data-zoom="fit"]').tap()
    assert page.evaluate(VIEW_BOX) == whole
    assert page.locator('[data-zoom="fit"]').is_disabled()


def test_the_wheel_the_keys_and_a_drag_zoom_and_pan_the_map(harness: Harness) -> None:
    state = late_placement()
    harness.show(state)
    page = harness.page
    whole = page.evaluate(VIEW_BOX)
    at_fit = page.evaluate(HEX_PX)
    box = page.locator("svg.tl-ls-board").bounding_box()
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.move(*centre)
    page.mouse.wheel(0, -300)
    assert page.evaluate(HEX_PX) > at_fit * 1.2
    # A drag moves the part shown, and picks nothing where it ends.
    zoomed = page.evaluate(VIEW_BOX)
    page.mouse.move(*centre)
    page.mouse.down()
    page.mouse.move(centre[0] + 80, centre[1] + 40, steps=5)
    page.mouse.up()
    assert page.evaluate(VIEW_BOX) != zoomed
    assert harness.proposed() == []
    # Drawn again (a turned tile, the next position), the map keeps the part the player
    # chose; 0 fits it, + zooms in.
    shown = page.evaluate(VIEW_BOX)
    page.keyboard.press("r")
    assert page.evaluate(VIEW_BOX) == shown
    harness.show(state)
    assert page.evaluate(VIEW_BOX) == shown
    page.keyboard.press("0")
    assert page.evaluate(VIEW_BOX) == whole
    page.keyboard.press("+")
    assert page.evaluate(HEX_PX) > at_fit * 1.2
    page.locator('[data-zoom="out"]').click()
    assert page.evaluate(VIEW_BOX) == whole
    assert page.locator('[data-zoom="out"]').is_disabled()
    assert not harness.errors


def test_a_full_map_is_a_finger_wide_two_zooms_from_fit_on_a_phone(phone: Harness) -> None:
    state = full_map()
    doc = phone.show(state)
    page = phone.page
    assert len(doc["observation"]["board"]) >= 60
    page.keyboard.press("0")
    presses = 0
    while page.evaluate(HEX_PX) < 40:
        page.locator('[data-zoom="in"]').tap()
        presses += 1
        assert presses <= 2, f"{page.evaluate(HEX_PX):.0f} px after {presses} zooms"
    phone.screenshot(f"{GAME}-phone-full-map-zoomed")


def test_a_map_seen_whole_stays_whole_as_it_grows(harness: Harness) -> None:
    # Regression: the whole map's extent was kept as if the player had zoomed, so every
    # tile placed after the first view was cut off.
    states = game_states(GAME, 2)
    early = next(s for s in states if len(s.observation(0)["board"]) >= 3)
    late = next(s for s in states if len(s.observation(0)["board"]) >= 20)
    harness.show(early)
    page = harness.page
    first = page.evaluate(VIEW_BOX)
    harness.show(late)
    assert page.evaluate(VIEW_BOX) != first, "the grown map is fitted anew"
    assert page.get_attribute("svg.tl-ls-board", "data-zoomed") is None
    assert page.locator('[data-zoom="fit"]').is_disabled()
    assert not harness.errors
