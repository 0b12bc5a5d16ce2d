"""Playing the three titles in the browser by clicks on what the page draws (lit targets,
arrows, buttons, cards), never through the API: one decision at a time, the first target
offered each time, confirmed in the page's bar."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

from tablelands.core.game import State
from tablelands.core.records import GameRecord, replay
from tablelands.games import get_game
from tests.web.test_pages import (
    LAND_VS_SEA_TARGETS,
    MOVED_ON,
    act_land_vs_sea,
    confirm,
    my_turn,
    place_card,
)

RESULT = ".tl-result-box:not([hidden])"
PROPOSED = "#confirm-yes:not([hidden])"

#: Drifting Lands' decisions: what to click in turn, each chain until a move is proposed
#: (a drift of one step is proposed by its arrow, an ultra drift needs its second step).
DRIFTING_CHAINS = [
    ["button[data-corner]"],
    ["[data-drift]", "[data-drift2]"],
    ["button[data-part]"],
    ["[data-start]", "[data-end]"],
    ["[data-lifted]", "[data-onto]"],
    ["[data-breed]"],
    ["[data-evolve]"],
    ["[data-expel]"],
    [".tl-dl-cards:not(.tl-dl-deck) .tl-dl-card.tl-clickable"],
]


def press(locator: Any, touch: bool) -> None:
    """A click, or a tap on a touch screen."""
    if touch:
        locator.tap()
    else:
        locator.click()


def confirm_by(page: Any, touch: bool) -> None:
    """Confirm the move proposed (a tap on Confirm, on a phone) and wait for its view."""
    if not touch:
        confirm(page)
        return
    before = page.get_attribute("#board", "data-seq")
    page.locator("#confirm-yes:not([hidden])").tap()
    page.wait_for_function(MOVED_ON, arg=before)


def place_card_by(page: Any, touch: bool) -> None:
    """Confusing Lands: a hand card, a lit position, confirmed."""
    press(page.locator('svg.tl-cl-mini[data-side="l"]').first, touch)
    press(page.locator('.tl-cl-targets rect[data-legal="1"]').first, touch)
    confirm_by(page, touch)


def act_land_vs_sea_by_taps(page: Any) -> None:
    """Land vs Sea on a touch screen: a face in hand turned by its Rotate button until it fits,
    dropped on a lit spot; else the stack, steal, waypoint, hole or button drawn; confirmed."""
    faces = page.locator(".tl-hand .tl-clickable[data-face]")
    spots = page.locator("polygon[data-place]")
    for face in range(faces.count()):
        faces.nth(face).tap()
        for _ in range(6):
            if spots.count():
                break
            page.locator('button[data-control="rotate"]').tap()
        if spots.count():
            spots.first.tap()
            confirm_by(page, touch=True)
            return
    for selector in LAND_VS_SEA_TARGETS:
        if page.locator(selector).count():
            page.locator(selector).first.tap()
            confirm_by(page, touch=True)
            return
    raise AssertionError("no decision to tap on the board")


def act_drifting_lands(page: Any, touch: bool = False) -> None:
    """Drifting Lands: the round's four cards from the deck (confirmed once, sent as four
    selects), or the decision the board lights, confirmed."""
    board = page.locator("#board")
    deck = board.locator(".tl-dl-deck .tl-dl-card.tl-clickable:not(.tl-chosen)")
    if board.locator(".tl-dl-deck").count():
        for _ in range(4):
            if page.locator(PROPOSED).count():
                break
            press(deck.first, touch)
        confirm_by(page, touch)
        # The other three selects follow by themselves; the deck goes once the hand is full.
        page.wait_for_selector(".tl-dl-deck", state="detached")
        return
    for chain in DRIFTING_CHAINS:
        if not board.locator(chain[0]).count():
            continue
        for selector in chain:
            if page.locator(PROPOSED).count():
                break
            press(board.locator(selector).first, touch)
        confirm_by(page, touch)
        return
    raise AssertionError(f"no decision to click on the board: {board.inner_text()[:300]}")


ACT = {
    "confusing-lands": place_card,
    "land-vs-sea": act_land_vs_sea,
    "drifting-lands": act_drifting_lands,
}


def play_to_the_end(
    page: Any, game: str, shot: Any, limit: int, middle: int, when: str | None = None
) -> int:
    """Play the seat shown until the game is over, shooting `shot(stage)` at the start, at
    the end and in the middle: from the `middle`-th decision on, once the board shows `when`
    (a selector; None: at once). The number of decisions made."""
    my_turn(page)
    shot("start")
    moves = 0
    shot_middle = False
    while not page.locator(RESULT).count():
        if not shot_middle and moves >= middle and (when is None or page.locator(when).count()):
            shot("middle")
            shot_middle = True
        if page.locator(PROPOSED).count():
            confirm_by(page, False)  # the page proposed the only possible move itself
        else:
            ACT[game](page)
        moves += 1
        assert moves < limit, f"{game}: still not over after {moves} decisions"
        my_turn(page)
    shot("end")
    assert shot_middle, f"{game}: the board never showed {when} after decision {middle}"
    return moves


def game_id(page: Any) -> str:
    found = re.search(r"/play/([^/#?]+)", page.url)
    assert found, page.url
    return found.group(1)


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url, timeout=10) as answer:
        return json.load(answer)


def replayed_record(site: str, game: str, gid: str) -> State:
    """The server's record of a finished game, checked by replaying it."""
    record = GameRecord.model_validate(get_json(f"{site}/api/games/{gid}/record"))
    title = get_game(game)
    return replay(record, title, title.default_edition(), "the server's record")


def shown_scores(page: Any) -> list[int]:
    """The final scores the page's result box shows, seat by seat."""
    lines = page.locator(".tl-final li").all_inner_texts()
    return [int(line.rsplit(":", 1)[1]) for line in lines]


def create_game(
    tab: Any,
    game: str,
    seats: list[tuple[str, str | None]],
    checked: tuple[str, ...] = (),
    shot: str | None = None,
) -> None:
    """Make a game in the lobby: seat kinds (and a bot's agent), options ticked on; `shot`
    names a screenshot of the filled-in form."""
    page = tab.page
    page.goto(tab.site + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for option in checked:
        page.check(f"#option-{option}")
    for seat, (kind, agent) in enumerate(seats):
        page.select_option(f'select[name="kind-{seat}"]', kind)
        if agent is not None:
            page.select_option(f'select[name="agent-{seat}"]', agent)
    if shot:
        tab.screenshot(shot)
    page.click("#create")
    page.wait_for_url("**/play/*")
