"""The web app in a real browser, by clicks only: a game made in the lobby and played to
its end, a game against a bot, a reload mid-game, an illegal move explained, hot-seat."""

from __future__ import annotations

from typing import Any

from tests.web.conftest import Tab


def create(tab: Tab, game: str, players: int, seats: list[tuple[str, str | None]]) -> None:
    """Fill in the lobby's form and create the game: seat kinds, and a bot's agent spec."""
    page = tab.page
    page.goto(tab.site + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for seat, (kind, agent) in enumerate(seats):
        page.select_option(f'select[name="kind-{seat}"]', kind)
        if agent is not None:
            page.select_option(f'select[name="agent-{seat}"]', agent)
    page.click("#create")


def my_turn(page: Any) -> None:
    page.wait_for_selector(".tl-turn.tl-mine, .tl-result-box:not([hidden])")


def confirm(page: Any) -> None:
    """Confirm the move proposed and wait for the view after it."""
    before = page.get_attribute("#board", "data-seq")
    page.wait_for_selector("#confirm:not([hidden])")
    page.click("#confirm-yes")
    page.wait_for_function(
        "seq => document.getElementById('board').dataset.seq !== seq", arg=before
    )


def place_card(page: Any) -> None:
    """Confusing Lands: pick a hand card, drop it on a lit position, confirm."""
    page.locator('svg.tl-cl-mini[data-side="l"]').first.click()
    page.locator('.tl-cl-targets rect[data-legal="1"]').first.click()
    confirm(page)


def test_solo_confusing_lands_to_the_end(tab: Tab) -> None:
    create(tab, "confusing-lands", 1, [("me", None)])
    page = tab.page
    page.wait_for_url("**/play/*")
    my_turn(page)
    tab.screenshot("confusing-lands-solo-start")
    moves = 0
    while page.locator(".tl-result-box:not([hidden])").count() == 0:
        place_card(page)
        moves += 1
        if moves == 4:
            tab.screenshot("confusing-lands-solo-middle")
        assert moves < 30
    tab.screenshot("confusing-lands-solo-end")
    assert "Final score" in page.locator(".tl-result-box").inner_text()
    assert page.locator("#turn").inner_text() == "Game over"
