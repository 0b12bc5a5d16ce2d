"""Every title played to its end in the browser against a random bot, by clicks on what the
page draws at 1280x800, by taps on a phone held landscape (844x390); the result the page
shows is the one the server's record replays to. At every decision, and after each of its
clicks, the board, the hand and the confirm bar are on screen and clear of one another,
and every lit target takes its own click (tests/web/layout.py). Screenshots at the start,
middle and end of each (tests/web/screenshots/), the whole page and the screen."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.web.clicks import (
    Way,
    create_game,
    game_id,
    get_json,
    play_to_the_end,
    replayed_record,
    shown_scores,
)
from tests.web.conftest import SCREENSHOTS, Tab
from tests.web.layout import assert_playable

#: Each title: the options ticked in the lobby, a bound on the seat's decisions, the
#: decision from which the middle screenshot is taken, once the board shows what (Drifting
#: Lands: the second round's choice of cards).
TITLES: dict[str, tuple[tuple[str, ...], int, int, str | None]] = {
    "confusing-lands": ((), 30, 4, None),
    "land-vs-sea": (("mountains", "trade", "waypoints"), 150, 30, None),
    "drifting-lands": ((), 120, 6, ".tl-dl-deck"),
}


#: The screens played on: their size, and how the player picks: on the laptop by keyboard
#: alone (every decision reachable by Tab; clicks are played in the other page tests), on a
#: phone, held landscape or upright, by taps.
SCREENS: dict[str, tuple[dict[str, int], Way]] = {
    "desktop": ({"width": 1280, "height": 800}, "keys"),
    "phone": ({"width": 844, "height": 390}, "tap"),
    "upright": ({"width": 390, "height": 844}, "tap"),
}


def viewport_shot(page: Any, name: str) -> None:
    """What the screen shows (the docs' images), besides the full page."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENSHOTS / f"{name}-screen.png"))


@pytest.fixture(params=list(SCREENS))
def screen(request: pytest.FixtureRequest, browser: Any, site: str) -> Iterator[tuple[Tab, str]]:
    """A tab on each screen, and the screen's name."""
    size, way = SCREENS[request.param]
    touch = way == "tap"
    context = browser.new_context(viewport=size, is_mobile=touch, has_touch=touch)
    made = Tab(context.new_page(), site)
    yield made, request.param
    context.close()
    assert not made.errors, made.errors


@pytest.mark.parametrize("game", list(TITLES))
def test_a_full_game_against_a_bot(screen: tuple[Tab, str], game: str) -> None:
    tab, name = screen
    way = SCREENS[name][1]
    checked, limit, middle, when = TITLES[game]
    prefix = f"full-{game}" if name == "desktop" else f"full-{name}-{game}"
    create_game(tab, game, [("me", None), ("bot", "random")], checked, f"{prefix}-lobby")
    page = tab.page

    def shot(stage: str) -> None:
        tab.screenshot(f"{prefix}-{stage}")
        viewport_shot(page, f"{prefix}-{stage}")

    moves = play_to_the_end(page, game, shot, limit, middle, when, way, assert_playable)
    assert moves >= middle
    assert page.locator("#turn").inner_text() == "Game over"

    gid = game_id(page)
    summary = get_json(f"{tab.site}/api/games/{gid}")
    assert summary["status"] == "over"
    if checked:
        assert all(summary["options"][option] is True for option in checked)
    final = replayed_record(tab.site, game, gid)
    assert final.is_terminal
    assert shown_scores(page) == summary["result"]["scores"] == list(final.scores())
    assert summary["result"]["winners"] == list(final.winners())
    first = page.locator(".tl-final li").first.get_attribute("data-seat")
    assert int(first) in final.winners(), "the result lists the seats as they finished"
