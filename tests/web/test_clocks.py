"""A clock in the browser: chosen in the lobby, shown in the players table and counting down
for the seat whose time runs, the game's details naming it."""

from __future__ import annotations

import re

from tests.web.conftest import Tab


def test_a_live_clock_chosen_in_the_lobby_counts_down_on_the_game_page(tab: Tab) -> None:
    page = tab.page
    page.goto(tab.site + "/")
    page.select_option("#game", "confusing-lands")
    page.select_option("#players", "2")
    page.select_option("#clock", label="10 min + 20 s a move")
    page.select_option('select[name="kind-1"]', "bot")
    tab.screenshot("lobby-clock")
    page.click("#create")
    page.wait_for_url(re.compile(r"/play/"))
    mine = page.locator('#players tr[data-seat="0"] td.tl-clock')
    bot = page.locator('#players tr[data-seat="1"] td.tl-clock')
    mine.wait_for()
    assert page.locator("#players th", has_text="Time").count() == 1
    assert bot.inner_text() == "", "a bot has no clock"
    # Seat 1 (me) is to move: its 10 minutes run down, counted by the page itself.
    assert "tl-running" in (mine.get_attribute("class") or "")
    page.wait_for_function(
        """() => {
            const cell = document.querySelector('#players tr[data-seat="0"] td.tl-clock');
            return cell !== null && /^9:5\\d$/.test(cell.textContent);
        }"""
    )
    assert page.locator("#clock-rule").text_content() == "Clock: 10 min + 20 s"
    assert page.locator("#stand-in").is_hidden()
    tab.screenshot("game-clock")


def test_what_running_out_of_time_does_is_asked_once_a_clock_is_chosen(tab: Tab) -> None:
    page = tab.page
    page.goto(tab.site + "/")
    page.select_option("#game", "confusing-lands")
    page.select_option("#players", "2")
    assert page.locator("#on-timeout").is_hidden()
    page.select_option("#clock", label="1 day a move")
    page.select_option("#on-timeout", label="They lose the game")
    page.select_option('select[name="kind-1"]', "friend")
    tab.screenshot("lobby-clock-lose")
    page.click("#create")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#go")
    page.wait_for_url(re.compile(r"/play/"))
    assert page.locator("#clock-rule").text_content() == "Clock: 1 day a move, lost on time"
    # Back to no clock: the question goes away, and the game asked for has no clock.
    page.goto(tab.site + "/")
    page.select_option("#clock", label="1 day a move")
    assert page.locator("#on-timeout").is_visible()
    page.select_option("#clock", label="No clock")
    assert page.locator("#on-timeout").is_hidden()
    # A rated game: no bot may play a seat, so running out of time loses.
    page.select_option("#clock", label="3 days a move")
    page.check("#rated")
    assert page.locator("#on-timeout").input_value() == "lose"
    assert page.locator('#on-timeout option[value="stand_in"]').is_disabled()
    page.uncheck("#rated")
    assert page.locator('#on-timeout option[value="stand_in"]').is_enabled()
