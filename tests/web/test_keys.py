"""The keyboard shortcuts of the game page, by keys only (a target is reached by focus, as
Tab reaches it): "?" shows and hides their panel, R and F turn the tile in hand, Enter on a
target proposes (and only proposes), Esc cancels, Enter confirms, U takes the move back."""

from __future__ import annotations

import re
from typing import Any

from tests.web.clicks import PROPOSED, create_game
from tests.web.conftest import Tab
from tests.web.test_pages import MOVED_ON, my_turn

SPOT = "polygon[data-place].tl-clickable"


def aim(page: Any) -> tuple[str, int]:
    """The face in hand and its turn, as the board's controls say."""
    text = page.locator(".tl-controls", has_text="turned").inner_text()
    found = re.search(r"Tile \d+, (up|down) face \(printed \w\), turned (\d)", text)
    assert found, text
    return found.group(1), int(found.group(2))


def turn_until_it_fits(page: Any) -> None:
    for _ in range(12):
        if page.locator(SPOT).count():
            return
        page.keyboard.press("r" if _ % 6 != 5 else "f")
    raise AssertionError("no turn of the tile in hand fits anywhere")


def draft_by_keys(page: Any) -> None:
    """The opening draft: a stack reached by focus, Enter proposes, Enter confirms; until
    a tile in hand is to be placed."""
    for _ in range(6):
        my_turn(page)
        if page.locator(".tl-controls", has_text="turned").count():
            return
        seq = page.get_attribute("#board", "data-seq")
        page.locator(".tl-clickable[data-stack]").first.focus()
        page.keyboard.press("Enter")
        page.wait_for_selector(PROPOSED)
        page.keyboard.press("Enter")
        page.wait_for_function(MOVED_ON, arg=seq)
    raise AssertionError("still drafting after six draws")


def test_shortcuts_by_keys_only(tab: Tab) -> None:
    create_game(tab, "land-vs-sea", [("me", None), ("bot", "random")])
    page = tab.page
    draft_by_keys(page)
    panel = page.locator("#shortcuts")

    assert panel.is_hidden()
    page.keyboard.press("?")
    assert panel.is_visible()
    for key in ("R", "F", "Enter", "Esc", "U", "?"):
        assert page.locator("#shortcuts kbd", has_text=re.compile(f"^{re.escape(key)}$")).count()
    tab.screenshot("keys-panel")
    page.keyboard.press("?")
    assert panel.is_hidden()
    page.keyboard.press("?")
    page.keyboard.press("Escape")
    assert panel.is_hidden()

    # R turns the tile in hand to the next way it fits somewhere (a sixth-turn where none
    # does); F turns it over.
    face, turned = aim(page)
    fits_nowhere = page.locator(".tl-controls", has_text="this face fits nowhere")
    for _ in range(6):
        page.keyboard.press("r")
        now_face, now = aim(page)
        assert now_face == face
        if fits_nowhere.count():
            assert now == (turned + 1) % 6
        else:
            assert page.locator(SPOT).count(), f"R stopped on turn {now}, which fits nowhere"
        turned = now
    page.keyboard.press("f")
    assert aim(page)[0] != face

    # Enter on a target proposes the move and waits for the confirmation; Esc cancels it.
    seq = page.get_attribute("#board", "data-seq")
    turn_until_it_fits(page)
    page.locator(SPOT).first.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(PROPOSED)
    assert page.get_attribute("#board", "data-seq") == seq
    page.keyboard.press("Escape")
    assert page.locator(PROPOSED).count() == 0
    assert page.get_attribute("#board", "data-seq") == seq

    # Space proposes too; Enter confirms.
    turn_until_it_fits(page)
    page.locator(SPOT).first.focus()
    page.keyboard.press(" ")
    page.wait_for_selector(PROPOSED)
    page.keyboard.press("Enter")
    page.wait_for_function(MOVED_ON, arg=seq)
    placed = page.get_attribute("#board", "data-seq")
    assert placed != seq
    assert page.locator(f'#log li[data-seq="{placed}"]').count()

    # U takes the placement back (it drew nothing and showed nothing new): its log line goes.
    assert page.locator("#undo").is_enabled()
    page.keyboard.press("u")
    page.wait_for_function(MOVED_ON, arg=placed)
    assert page.locator(f'#log li[data-seq="{placed}"]').count() == 0
    assert page.locator(".tl-controls", has_text="turned").count(), "the tile is in hand again"
