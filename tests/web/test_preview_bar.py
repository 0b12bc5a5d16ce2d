"""See before you confirm: a move picked on the board is drawn on the board as the seat would
see it after the move, and told in the confirm bar in words with the points it scores, as the
engine's preview of it for that seat says."""

from __future__ import annotations

import contextlib
from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tablelands.core.foresight import foresee
from tests.server.reading import referee_of
from tests.web.clicks import ACT, PROPOSED, game_id
from tests.web.conftest import SCREENSHOTS, Tab
from tests.web.test_pages import confirm, create, my_turn

#: A move proposed and still to be confirmed (not one sent, whose view is on its way).
OPEN = f"{PROPOSED}:not([disabled])"

#: What each board draws of a position, read from its elements, and the same read from an
#: observation: equal when the board draws the observation.
DRAWN: dict[str, str] = {
    "confusing-lands": """() => [...document.querySelectorAll(
        '#board .tl-cl-landscape[data-seat="0"] .tl-cl-space')].map(g => g.dataset.kind)""",
    "land-vs-sea": """() => [...document.querySelectorAll('#board [data-tile][data-q]')]
        .map(g => `${g.dataset.q},${g.dataset.r}`)""",
    "drifting-lands": """() => [...document.querySelectorAll('#board [data-pawn]')]
        .map(g => `${g.dataset.pawn}:${g.dataset.owner}:${g.dataset.level}`)""",
}


def seen_in(game: str, observation: Any) -> Counter[str]:
    """What `DRAWN[game]` reads on a board drawing `observation`."""
    if game == "confusing-lands":
        return Counter(cell["kind"] for cell in observation["cells"][0])
    if game == "land-vs-sea":
        return Counter(f"{tile['q']},{tile['r']}" for tile in observation["board"])
    return Counter(
        f"{pawn['q']},{pawn['r']}:{pawn['owner']}:{pawn['level']}" for pawn in observation["pawns"]
    )


def test_the_bar_tells_the_move_in_words_with_its_points(tab: Tab, site_database: str) -> None:
    page = tab.page
    create(tab, "confusing-lands", 1, [("me", None)])
    page.wait_for_url("**/play/*")
    my_turn(page)
    for _ in range(3):  # the first cards score little: a later one more likely scores
        page.locator('svg.tl-cl-mini[data-side="l"]').first.click()
        page.locator('.tl-cl-targets rect[data-legal="1"]').first.click()
        page.wait_for_selector("#prompt[data-preview]")
        # Cancelled, the board draws the position again, its targets lit; picked again, the
        # move is told again.
        page.keyboard.press("Escape")
        page.wait_for_selector("#board:not([data-preview]) .tl-cl-targets")
        page.locator('svg.tl-cl-mini[data-side="l"]').first.click()
        page.locator('.tl-cl-targets rect[data-legal="1"]').first.click()
        page.wait_for_selector("#prompt[data-preview]")
        action = int(page.get_attribute("#prompt", "data-preview") or "-1")
        position = referee_of(site_database).position(game_id(page))
        seen = foresee(position.view(0), action)
        said = page.locator("#prompt").inner_text()
        assert seen.words and seen.words[0].startswith("Seat 1 "), seen.words
        assert said.startswith("You " + seen.words[0].removeprefix("Seat 1 ")), said
        change = seen.totals[0].change
        if change:
            assert (
                f"{abs(change)} for you ({seen.totals[0].before} → {seen.totals[0].after})" in said
            )
        assert said.endswith("Confirm?")
        page.screenshot(path=str(SCREENSHOTS / "confusing-lands-preview-bar.png"))
        confirm(page)
        page.wait_for_function("() => !document.getElementById('prompt').dataset.preview")
        my_turn(page)


@pytest.mark.parametrize("game", list(DRAWN))
def test_the_move_is_drawn_on_the_board_before_it_is_confirmed(
    tab: Tab, site_database: str, game: str
) -> None:
    """At every decision of a game's first moves, once a move is proposed the board draws the
    engine's preview of it for the seat, marked as a preview."""
    page = tab.page
    create(tab, game, 2, [("me", None), ("bot", "random")])
    page.wait_for_url("**/play/*")
    my_turn(page)
    previews = 0

    def check(page: Any) -> None:
        nonlocal previews
        if not page.locator(OPEN).count() or page.locator("#board .tl-dl-deck").count():
            return  # nothing proposed yet, or a hand of four selects, told but not drawn
        page.wait_for_selector("#board[data-preview]")
        action = int(page.get_attribute("#board", "data-preview") or "-1")
        assert page.get_attribute("#prompt", "data-preview") == str(action)
        view = referee_of(site_database).position(game_id(page)).view(0)
        expected = seen_in(game, foresee(view, action).after)
        assert Counter(page.evaluate(DRAWN[game])) == expected, page.locator("#prompt").inner_text()
        if previews == 0:
            page.screenshot(path=str(SCREENSHOTS / f"{game}-preview-on-board.png"))
        previews += 1

    while previews < 4:
        ACT[game](page, False, check)
        my_turn(page)


def test_a_move_confirmed_before_its_preview_came_back_drops_the_preview(tab: Tab) -> None:
    """The move goes by the socket and its preview by a request of its own, so the move can
    reach the server first, which would then refuse the preview as stale (409). Held back
    until the move is in, the preview is dropped by the page (aborted), not answered."""
    page = tab.page
    held: list[Any] = []

    def hold(route: Any) -> None:  # Playwright calls a handler it can inspect, not a builtin
        held.append(route)

    page.route("**/preview", hold)
    create(tab, "confusing-lands", 1, [("me", None)])
    page.wait_for_url("**/play/*")
    my_turn(page)
    with page.expect_request("**/preview") as asked:
        page.locator('svg.tl-cl-mini[data-side="l"]').first.click()
        page.locator('.tl-cl-targets rect[data-legal="1"]').first.click()
    confirm(page)
    assert len(held) == 1
    with contextlib.suppress(PlaywrightError):  # the page has aborted it already
        held[0].continue_()
    assert asked.value.response() is None
    assert asked.value.failure is not None
    assert not tab.errors, tab.errors
