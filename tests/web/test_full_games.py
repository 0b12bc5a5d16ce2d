"""Every title played to its end in the browser against a random bot, by clicks on what the
page draws; the result the page shows is the one the server's record replays to.
Screenshots at the start, middle and end of each (tests/web/screenshots/)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.clicks import (
    create_game,
    game_id,
    get_json,
    play_to_the_end,
    replayed_record,
    shown_scores,
)
from tests.web.conftest import SCREENSHOTS, Tab

#: Each title: the options ticked in the lobby, a bound on the seat's decisions, the
#: decision from which the middle screenshot is taken, once the board shows what (Drifting
#: Lands: the second round's choice of cards).
TITLES: dict[str, tuple[tuple[str, ...], int, int, str | None]] = {
    "confusing-lands": ((), 30, 4, None),
    "land-vs-sea": (("mountains", "trade", "waypoints"), 150, 30, None),
    "drifting-lands": ((), 120, 6, ".tl-dl-deck"),
}


def viewport_shot(page: Any, name: str) -> None:
    """What a 1280x800 screen shows (the docs' images), besides the full page."""
    SCREENSHOTS.mkdir(exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENSHOTS / f"{name}-screen.png"))


@pytest.mark.parametrize("game", list(TITLES))
def test_a_full_game_against_a_bot(tab: Tab, game: str) -> None:
    checked, limit, middle, when = TITLES[game]
    create_game(tab, game, [("me", None), ("bot", "random")], checked, f"full-{game}-lobby")
    page = tab.page

    def shot(stage: str) -> None:
        tab.screenshot(f"full-{game}-{stage}")
        if stage == "middle":
            viewport_shot(page, f"full-{game}-{stage}")

    moves = play_to_the_end(page, game, shot, limit, middle, when)
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
