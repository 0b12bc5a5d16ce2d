"""Hints and the analysis in the browser, by clicks and keys: a hint asked with H in a game
against a bot, picked and confirmed; a finished game's analysis drawn and listed."""

from __future__ import annotations

import json
from typing import Any

from tests.web.conftest import Tab
from tests.web.test_pages import confirm, create, my_turn, place_card

#: The losses from which `tablelands analyze` calls a move a blunder, a mistake, an inaccuracy.
FLAGS = (("blunder", 0.2), ("mistake", 0.1), ("inaccuracy", 0.05))


def test_a_hint_is_asked_picked_and_confirmed(tab: Tab) -> None:
    page = tab.page
    sent: list[dict[str, Any]] = []
    page.on(
        "websocket",
        lambda socket: socket.on("framesent", lambda payload: sent.append(json.loads(payload))),
    )
    create(tab, "confusing-lands", 2, [("me", None), ("bot", "random")])
    page.wait_for_url("**/play/*")
    my_turn(page)
    assert page.locator("#hint").is_visible()
    before = page.get_attribute("#board", "data-seq")
    page.keyboard.press("h")
    hints = page.locator("#hints .tl-hint")
    # A hint is a second of search, but in a worker that may first have to start, on a
    # machine busy with the other tests: its answer may take longer than a click's.
    hints.first.wait_for(timeout=60_000)
    tab.screenshot("hint-list")
    assert 1 <= hints.count() <= 5
    chosen = hints.first.locator("strong").inner_text()
    hinted = int(hints.first.get_attribute("data-id") or -1)
    hints.first.click()
    # The hint goes to the confirm bar, as a click on the board would, told in the words
    # the log will read, which name it in notation too.
    page.wait_for_selector(f'#prompt[data-preview="{hinted}"]')
    assert f"({chosen})" in page.locator("#prompt strong").inner_text()
    confirm(page)
    assert page.get_attribute("#board", "data-seq") != before
    assert page.locator("#notice").is_hidden()
    assert [m["action_id"] for m in sent if m["type"] == "move"] == [hinted]
    assert page.locator("#hints").is_hidden()  # the hint was for the position played from


def test_no_hint_button_when_hints_are_off(tab: Tab) -> None:
    page = tab.page
    page.goto(tab.site + "/")
    page.select_option("#game", "confusing-lands")
    page.select_option("#players", "1")
    page.uncheck("#hints")
    page.click("#create")
    page.wait_for_url("**/play/*")
    my_turn(page)
    assert page.locator("#hint").is_hidden()
    page.keyboard.press("h")
    assert page.locator("#hints").is_hidden()


def test_a_finished_game_shows_its_analysis(tab: Tab) -> None:
    create(tab, "confusing-lands", 1, [("me", None)])
    page = tab.page
    page.wait_for_url("**/play/*")
    my_turn(page)
    moves = 0
    while page.locator(".tl-result-box:not([hidden])").count() == 0:
        place_card(page)
        moves += 1
        assert moves < 30
    panel = page.locator('#analysis[data-status="done"]')
    # The analysis runs at a low priority, behind everything else on a busy machine
    # (the other tests' browsers and servers): its event may take long to come.
    panel.wait_for(timeout=180_000)
    chart = panel.locator("svg.tl-analysis-chart")
    assert (
        chart.locator("circle.tl-point").count()
        == panel.locator(".tl-analysis-list tr[data-move]").count()
        > 0
    )
    assert chart.locator('polyline[data-seat="0"]').count() == 1
    header = panel.locator(".tl-analysis-list th").all_inner_texts()
    assert header == ["#", "Player", "Move played", "The bot's choice", "Expected loss"]
    first = panel.locator(".tl-analysis-list tr[data-move]").first.locator("td").all_inner_texts()
    assert first[1] == "You" and first[2] and float(first[4].split()[0]) >= 0
    # Big mistakes are marked: every row's class is the flag its loss earns.
    for row in panel.locator(".tl-analysis-list tr[data-move]").all():
        loss = float(row.locator(".tl-loss").inner_text().split()[0])
        flag = next((f for f, low in FLAGS if loss >= low), None)
        assert (row.get_attribute("class") or None) == (f"tl-{flag}" if flag else None)
    tab.screenshot("analysis")
