"""The "tell me when it's my turn" box of a game page: shown for a seat played here in a
game with someone elsewhere, never to a spectator nor against bots alone, saying what the
server offers (the test server has no SMTP server: no e-mail) and what the seat asked for."""

from __future__ import annotations

import re
from typing import Any

from tests.web.conftest import Tab


def drifting_lands_against(tab: Tab, kind: str) -> Any:
    """A Drifting Lands game made in the lobby, me against ``kind`` (``friend``, ``bot``),
    its page open."""
    page = tab.page
    page.goto(tab.site + "/")
    page.select_option("#game", "drifting-lands")
    page.select_option('select[name="kind-1"]', kind)
    page.click("#create")
    if kind == "friend":
        page.click("#go")  # past the invite links
    page.wait_for_url(re.compile(r"/play/"))
    return page


def test_a_seat_waited_for_is_offered_notifications_and_a_spectator_is_not(tab: Tab) -> None:
    page = drifting_lands_against(tab, "friend")
    box = page.locator("#notify")
    box.wait_for()
    page.click("#notify summary")
    status = page.locator("#notify-status")
    page.wait_for_function("() => document.querySelector('#notify-status').textContent.length > 0")
    assert status.inner_text() == "You are told nothing while this page is closed."
    assert page.locator("#notify-email").is_disabled()
    assert page.get_attribute("#notify-email", "placeholder") == "this server sends no e-mail"
    assert page.locator("#notify-push").is_visible(), "chromium has push: the server a key"
    assert page.locator("#notify-off").is_hidden()
    tab.screenshot("game-notify")
    game_id = page.url.rsplit("/", 1)[-1].split("#")[0]
    watcher = page.context.new_page()
    watcher.goto(f"{tab.site}/watch/{game_id}")
    watcher.locator("#players tr[data-seat]").first.wait_for()
    assert watcher.locator("#notify").is_hidden()
    watcher.close()


def test_against_bots_alone_no_notification_is_offered(tab: Tab) -> None:
    page = drifting_lands_against(tab, "bot")
    page.locator('#players tr[data-seat="1"]').wait_for()
    assert page.locator("#notify").is_hidden()
