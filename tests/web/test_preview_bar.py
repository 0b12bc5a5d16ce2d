"""See before you confirm: a move picked on the board is drawn on the board as the seat would
see it after the move, and told in the confirm bar in words with the points it scores, as the
engine's preview of it for that seat says."""

from __future__ import annotations

from tablelands.core.foresight import foresee
from tests.server.reading import referee_of
from tests.web.clicks import game_id
from tests.web.conftest import SCREENSHOTS, Tab
from tests.web.test_pages import confirm, create, my_turn


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
