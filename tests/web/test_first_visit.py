"""A first visit, by clicks: the lobby opens on the three games, each card's one click plays it
against a bot (you in seat 1, the lobby's default strength), "How to play" opens its rules,
and a friend's invite names the seat and side it holds and who else plays. The lobby and the
rules pages have no serious or critical axe-core violation, on a laptop and on a phone."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tablelands.games import game_names, get_game
from tablelands.server.catalog import DEFAULT_AGENT
from tests.web.clicks import PROPOSED, act_drifting_lands, confirm_by, game_id, get_json
from tests.web.conftest import SCREENSHOTS, People, Tab
from tests.web.test_pages import act_land_vs_sea, create, my_turn, place_card

AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 844, "height": 390}
#: One decision of each title by clicks, confirmed.
MOVE: dict[str, Callable[[Any], None]] = {
    "confusing-lands": place_card,
    "land-vs-sea": act_land_vs_sea,
    "drifting-lands": act_drifting_lands,
}


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """The pages' context with their Content-Security-Policy off, so that axe can be added
    as a script (test_security_policy checks the policy itself)."""
    made = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    yield made
    made.close()


def barred(page: Any) -> list[str]:
    """axe's serious and critical violations on the page as it is now, with their nodes."""
    if not page.evaluate("() => 'axe' in window"):
        page.add_script_tag(path=str(AXE))
    found: list[str] = page.evaluate(
        """async () => (await axe.run(document, {resultTypes: ["violations"]})).violations
          .filter(v => ["serious", "critical"].includes(v.impact))
          .map(v => `${v.id}: ${v.nodes.map(n => n.target.join(" ")).join(", ")}`)"""
    )
    return found


def fits_across(page: Any) -> None:
    """Nothing wider than the screen: the page never scrolls sideways, and every card's
    button and link are wholly on it."""
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    width = page.viewport_size["width"]
    for item in page.locator(".tl-game-card button, .tl-game-card a").all():
        box = item.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width, box


def test_the_lobby_opens_on_the_three_games(tab: Tab) -> None:
    page = tab.page
    page.goto(tab.site + "/")
    cards = page.locator(".tl-game-card")
    assert cards.count() == len(game_names()) == 3
    # The cards come first, before the form for a game of one's own.
    assert page.locator("h1").inner_text() == "Pick a game"
    assert page.locator(".tl-game-card, #new-game").first.get_attribute("data-game")
    for name in game_names():
        info = get_game(name).info
        card = page.locator(f'.tl-game-card[data-game="{name}"]')
        assert card.locator("h2").inner_text() == info.title
        assert info.blurb in card.inner_text() and info.length in card.inner_text()
        picture = card.locator("img")
        picture.wait_for()
        assert picture.evaluate("img => img.complete && img.naturalWidth > 0")
        assert picture.get_attribute("alt")
        assert card.get_by_role("button", name="Play now against a bot").is_visible()
        assert card.get_by_role("link", name="How to play").get_attribute("href") == (
            f"/rules/{name}"
        )
    # The full form is still there, below them.
    assert page.locator("#new-game #game option").count() == 3
    tab.screenshot("first-visit-lobby")
    fits_across(page)
    assert barred(page) == []

    page.set_viewport_size(PHONE)
    fits_across(page)
    # On a phone held landscape, the three buttons are reached within a screen's scroll.
    button = page.locator('.tl-game-card[data-game="drifting-lands"] button')
    box = button.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 2 * PHONE["height"], box
    tab.screenshot("first-visit-lobby-phone")
    page.screenshot(path=str(Path(__file__).parent / "screenshots" / "first-visit-phone-top.png"))
    assert barred(page) == []


@pytest.mark.parametrize("name", game_names())
def test_one_click_plays_the_game_against_a_bot(tab: Tab, name: str) -> None:
    page = tab.page
    page.goto(tab.site + "/")
    page.locator(f'.tl-game-card[data-game="{name}"]').get_by_role(
        "button", name="Play now against a bot"
    ).click()
    page.wait_for_url("**/play/*")
    summary = get_json(f"{tab.site}/api/games/{game_id(page)}")
    assert summary["game"] == name and summary["players"] == 2
    assert [(s["seat"], s["kind"]) for s in summary["seats"]] == [(0, "human"), (1, "bot")]
    assert summary["seats"][1]["agent"] == DEFAULT_AGENT
    # The game plays: your turn comes (after the bot's, if it starts), on a board drawn...
    my_turn(page)
    page.locator("#board svg").first.wait_for()
    assert page.locator("#turn").inner_text() == "Your turn"
    assert f"{DEFAULT_AGENT} (bot)" in page.locator("#players").inner_text()
    # ...and a move made by clicks is taken, the bot answers, and it is your turn again.
    before = get_json(f"{tab.site}/api/games/{game_id(page)}")["moves"]
    if page.locator(PROPOSED).count():
        confirm_by(page, False)
    else:
        MOVE[name](page)
    my_turn(page)
    assert get_json(f"{tab.site}/api/games/{game_id(page)}")["moves"] > before
    if name == "drifting-lands":
        tab.screenshot("first-visit-play-now")


def test_how_to_play_opens_the_rules_and_plays_from_there(tab: Tab) -> None:
    page = tab.page
    page.goto(tab.site + "/")
    page.locator('.tl-game-card[data-game="land-vs-sea"]').get_by_role(
        "link", name="How to play"
    ).click()
    page.wait_for_url("**/rules/land-vs-sea")
    assert page.locator("h1").inner_text() == "Land vs Sea"
    assert page.get_by_role("heading", name="Setup", exact=False).count() >= 1
    assert "Land vs Sea" in page.title()
    tab.screenshot("first-visit-rules")
    assert barred(page) == []
    page.set_viewport_size(PHONE)
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    assert barred(page) == []
    tab.screenshot("first-visit-rules-phone")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.get_by_role("button", name="Play now against a bot").click()
    page.wait_for_url("**/play/*")
    my_turn(page)
    assert get_json(f"{tab.site}/api/games/{game_id(page)}")["game"] == "land-vs-sea"
    # And the way back.
    page.goto(tab.site + "/rules/land-vs-sea")
    page.get_by_role("link", name="Back to the lobby").click()
    page.wait_for_url(re.compile(r".*/$"))


@pytest.mark.parametrize("name", game_names())
def test_each_rules_pages_examples_are_drawn_by_the_board_compact_in_the_text(
    tab: Tab, name: str
) -> None:
    """Every example figure gets its board's drawing (an svg, nothing in it to click),
    within the text column and no wider than 640 px, on a laptop and on a phone held
    landscape, with no serious accessibility violation; the tab fails on any script error."""
    page = tab.page
    page.goto(f"{tab.site}/rules/{name}")
    figures = page.locator("figure.tl-rules-example")
    assert figures.count() >= 2
    for size in ({"width": 1280, "height": 800}, PHONE):
        page.set_viewport_size(size)
        page.reload()
        column = page.locator(".tl-rules-text").bounding_box()
        assert column is not None
        for number in range(figures.count()):
            figure = figures.nth(number)
            board = figure.locator(f'.tl-rules-board[data-example="{number}"]')
            board.locator("svg").first.wait_for()
            assert board.get_attribute("aria-label") == figure.locator("figcaption").inner_text()
            # The board drawn in the inert wrapper (it sets its own classes on it).
            assert board.locator(":scope > .tl-board").evaluate("node => node.inert")
            assert figure.locator("[data-legal], .tl-legal").count() == 0
            box = figure.bounding_box()
            assert box is not None and box["width"] <= 640, box
            assert (
                column["x"] <= box["x"] and box["x"] + box["width"] <= column["x"] + column["width"]
            )
            # Compact: within a laptop's screen; on a phone, the scores under the map.
            assert box["height"] <= size["height"] * (1 if size is not PHONE else 2), box
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
        # A picture: the zoom's keys leave its maps as they are.
        views = (
            "() => [...document.querySelectorAll('figure svg')].map(s => s.getAttribute('viewBox'))"
        )
        before = page.evaluate(views)
        page.keyboard.press("+")
        assert page.evaluate(views) == before
        figures.first.scroll_into_view_if_needed()
        page.screenshot(path=str(SCREENSHOTS / f"rules-examples-{name}-{size['width']}.png"))
    assert barred(page) == []


def test_an_invite_names_the_seat_its_side_and_the_other_players(tab: Tab, people: People) -> None:
    create(tab, "land-vs-sea", 2, [("me", None), ("friend", None)])
    page = tab.page
    link = page.locator("#invites input").input_value()
    friend = people()
    friend.page.goto(link)
    seat = friend.page.locator("#join-seat")
    seat.wait_for()
    assert seat.inner_text() == "You join as seat 2 of 2, playing Sea."
    others = friend.page.locator("#join-others").inner_text()
    assert others == "Also playing: whoever sent you the link (seat 1, Land)."
    rules = friend.page.get_by_role("link", name="How to play Land vs Sea")
    assert rules.get_attribute("href") == "/rules/land-vs-sea"
    # Nothing is connecting, and no empty confirm bar waits over the invitation.
    assert friend.page.locator("#turn").inner_text() == "Invitation"
    assert friend.page.locator("#confirm").is_hidden()
    friend.screenshot("first-visit-invite")
    friend.page.fill("#join-name", "Bea")
    friend.page.click("#join-go")
    friend.page.wait_for_function("() => !location.hash")
    friend.page.wait_for_function(
        "() => ['Your turn', 'Waiting for You'].includes(document.getElementById('turn').textContent)"
    )
    assert friend.page.locator("#confirm").is_visible()
    assert not friend.errors, friend.errors
