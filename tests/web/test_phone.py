"""The lobby, the account page, an invitation and a game on a phone held landscape
(844x390, touch) or upright (390x844): a few moves by taps, and nothing the player needs
cut off: every part inside the screen's width (the page scrolls down, never sideways), the
confirm bar on screen wherever the page is scrolled."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.clicks import (
    act_drifting_lands,
    act_land_vs_sea_by,
    create_game,
    place_card_by,
)
from tests.web.conftest import Tab
from tests.web.test_pages import my_turn

#: A phone held landscape, and upright.
PHONES = {"landscape": {"width": 844, "height": 390}, "upright": {"width": 390, "height": 844}}

#: Each part's box, and whether it lies across the screen's width.
BOXES = """selectors => selectors.map(s => {
  const node = document.querySelector(s);
  if (!node) return [s, null];
  const box = node.getBoundingClientRect();
  return [s, [box.left, box.right, box.top, box.bottom]];
})"""


@pytest.fixture(params=list(PHONES))
def phone(request: pytest.FixtureRequest, browser: Any, site: str) -> Iterator[Tab]:
    context = browser.new_context(viewport=PHONES[request.param], is_mobile=True, has_touch=True)
    made = Tab(context.new_page(), site)
    yield made
    context.close()
    assert not made.errors, made.errors


def within_width(page: Any, selectors: list[str]) -> None:
    """Every part is there and inside the screen's width; the page does not scroll sideways."""
    width = page.evaluate("() => document.documentElement.clientWidth")
    assert width == page.viewport_size["width"]
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    for selector, box in page.evaluate(BOXES, selectors):
        assert box is not None, f"{selector} is missing"
        left, right, top, bottom = box
        assert right > left and bottom > top, f"{selector} has no size"
        assert left >= 0 and right <= width + 0.5, f"{selector} is cut off: {box}"


def fits_the_screen(page: Any, selector: str) -> None:
    """The drawing is no taller than the screen: scrolled to, it is seen whole."""
    box = page.locator(selector).bounding_box()
    assert box is not None and box["height"] <= page.viewport_size["height"], f"{selector}: {box}"


def confirm_bar_on_screen(page: Any) -> None:
    box = page.locator("#confirm").bounding_box()
    height = page.viewport_size["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def test_the_lobby_on_a_phone(phone: Tab) -> None:
    page = phone.page
    page.goto(phone.site + "/")
    within_width(page, ["#game", "#players", "#seats", "#create", "#my-games"])
    page.locator("#create").scroll_into_view_if_needed()
    phone.screenshot(f"phone-lobby-{page.viewport_size['width']}")


def test_the_account_page_and_an_invitation_on_a_phone(phone: Tab) -> None:
    page = phone.page
    page.goto(phone.site + "/account")
    # The forms are shown once the page's script has learnt that nobody is signed in.
    page.locator("#sign-in").wait_for()
    within_width(page, ["#sign-in", "#sign-in-passkey", "#sign-up"])
    page.goto(phone.site + "/")
    page.select_option("#players", "2")
    page.select_option('select[name="kind-1"]', "friend")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    within_width(page, ["#invites", "#go"])
    link = page.locator("#invites input").first.input_value()
    page.goto(link)
    page.locator("#join-name").wait_for()
    within_width(page, ["#join-name", "#join-go"])
    phone.screenshot(f"phone-invitation-{page.viewport_size['width']}")


#: The map or landscape being played on, which must fit the screen.
DRAWINGS = {
    "confusing-lands": ".tl-cl-building .tl-cl-grid",
    "land-vs-sea": ".tl-ls-map svg",
    "drifting-lands": ".tl-dl-map svg",
}

# The hand, the seat's decisions and the scores, under the map or beside it.
PARTS = {
    "confusing-lands": [".tl-cl-landscape", ".tl-hand", ".tl-controls", ".tl-scores"],
    "land-vs-sea": [".tl-ls-map", ".tl-ls-side", ".tl-asks", ".tl-scores"],
    "drifting-lands": [".tl-dl-map", ".tl-dl-side", ".tl-asks", ".tl-scores"],
}


@pytest.mark.parametrize("game", list(PARTS))
def test_a_game_by_taps_on_a_phone(phone: Tab, game: str) -> None:
    page = phone.page
    create_game(phone, game, [("me", None), ("bot", "random")])
    my_turn(page)
    common = ["#board", "#confirm", "#turn", ".tl-side", "#undo", "#shortcuts-toggle", "#log"]
    within_width(page, common + PARTS[game])
    phone.screenshot(f"phone-{game}-start-{page.viewport_size['width']}")
    for move in range(3):
        if game == "confusing-lands":
            place_card_by(page, way="tap")
        elif game == "land-vs-sea":
            act_land_vs_sea_by(page, way="tap")
        else:
            act_drifting_lands(page, way="tap")
        my_turn(page)
        within_width(page, common + PARTS[game])
        fits_the_screen(page, DRAWINGS[game])
        if move == 1:
            page.evaluate("window.scrollTo(0, 0)")
            phone.screenshot(f"phone-{game}-middle-{page.viewport_size['width']}")
    # Scrolled down to the bottom of the board, the confirm bar is still on screen.
    page.locator(".tl-scores").scroll_into_view_if_needed()
    confirm_bar_on_screen(page)
    assert page.locator("#board").get_attribute("data-seq") != "0"
