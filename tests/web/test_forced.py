"""A forced move in a real browser: the seat's only possible action is proposed for it, and
played only once confirmed; cancelled, it is not proposed again in that position."""

from __future__ import annotations

import re

from tests.web.conftest import Tab


def test_the_only_possible_move_is_proposed_and_waits_for_the_player(tab: Tab) -> None:
    page = tab.page
    page.goto(tab.site + "/")
    page.select_option("#game", "drifting-lands")
    page.select_option("#players", "2")
    # The bot takes a corner first; with two players the other seat has one corner left.
    page.select_option('select[name="kind-0"]', "bot")
    page.select_option('select[name="agent-0"]', "random")
    page.select_option('select[name="kind-1"]', "me")
    page.click("#create")
    page.wait_for_url("**/play/*")
    page.wait_for_selector(".tl-turn.tl-mine")
    prompt = page.locator("#prompt")
    page.wait_for_selector("#confirm-yes:not([hidden])")
    page.wait_for_selector("#prompt[data-preview]")
    said = prompt.inner_text()
    assert said.startswith("You took the"), said  # the log: "Seat 2 took the"
    assert said.endswith("It is your only possible move."), said
    found = re.search(r"\(start (\d+)\)", said)
    assert found, said
    proposed = found.group(1)  # the corner's number
    seq = page.get_attribute("#board", "data-seq")
    tab.screenshot("forced-move-proposed")

    # Not played by itself: cancelled, it stays cancelled, in the same position.
    page.keyboard.press("Escape")
    assert page.locator("#confirm-yes").is_hidden()
    assert prompt.inner_text().startswith("Your move")
    assert page.get_attribute("#board", "data-seq") == seq

    # Proposed again on a new page (a new look at the position), and played on Enter.
    page.reload()
    page.wait_for_selector("#confirm-yes:not([hidden])")
    page.keyboard.press("Enter")
    page.wait_for_function("seq => document.getElementById('board').dataset.seq !== seq", arg=seq)
    assert "Seat 2 took the" in page.locator("#log").inner_text()
    assert f"(start {proposed})" in page.locator("#log li[data-seq='2']").first.inner_text()
