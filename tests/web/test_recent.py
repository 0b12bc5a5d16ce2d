"""What just happened, on the game page: after the bot's turn, each seat's last turn is
outlined on the board (the places the referee's marks give for the seat), and pointing at
the log line of a move lights the places of that move."""

from __future__ import annotations

from typing import Any

from tests.server.reading import referee_of
from tests.web.clicks import game_id
from tests.web.conftest import SCREENSHOTS, Tab
from tests.web.test_pages import act_land_vs_sea, create, my_turn

OUTLINED = """() => [...document.querySelectorAll('#board .tl-recent')]
    .map(n => [Number(n.dataset.recent), n.dataset.mark])"""
LIT = "() => [...document.querySelectorAll('#board .tl-mark-lit')].map(n => n.dataset.mark)"


def last_turns(marks: list[Any]) -> set[tuple[int, str]]:
    """Each seat's places of its last run of moves (what the page outlines), from the marks."""
    turns: dict[int, set[str]] = {}
    going: set[int] = set()
    for mark in marks:
        movers = {seat for seat, _ in mark.places}
        for seat in movers - going:
            turns[seat] = set()
        going = movers
        for seat, key in mark.places:
            turns[seat].add(key)
    return {(seat, key) for seat, keys in turns.items() for key in keys}


def test_each_seats_last_turn_is_outlined_and_a_log_line_lights_its_move(
    tab: Tab, site_database: str
) -> None:
    page = tab.page
    create(tab, "land-vs-sea", 2, [("me", None), ("bot", "random")])
    page.wait_for_url("**/play/*")
    my_turn(page)
    both = "() => ['0', '1'].every(s => document.querySelector(`#board [data-recent='${s}']`))"
    for _ in range(12):  # the draft first, then both sides' tiles on the map
        act_land_vs_sea(page)
        my_turn(page)
        if page.evaluate(both):
            break
    position = referee_of(site_database).position(game_id(page))
    marks = position.viewpoint(0).marks
    assert {seat for mark in marks for seat, _ in mark.places} == {0, 1}
    outlined = {(seat, key) for seat, key in page.evaluate(OUTLINED)}
    assert outlined == last_turns(marks)
    page.screenshot(path=str(SCREENSHOTS / "land-vs-sea-last-turns.png"))
    bots = [mark for mark in marks if mark.places[0][0] == 1]
    line = page.locator(f'#log li[data-seq="{bots[-1].seq}"]').first
    line.hover()
    assert sorted(page.evaluate(LIT)) == sorted(key for _, key in bots[-1].places)
    page.mouse.move(0, 0)
    page.wait_for_function(f"() => ({LIT})().length === 0")
