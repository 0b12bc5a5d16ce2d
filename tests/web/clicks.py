"""Playing the three titles in the browser by clicks on what the page draws (lit targets,
arrows, buttons, cards), never through the API: one decision at a time, the first target
offered each time, confirmed in the page's bar."""

from __future__ import annotations

import json
import re
import statistics
import urllib.request
from collections.abc import Callable
from typing import Any, Literal

from tablelands.core.game import State
from tablelands.core.records import GameRecord, replay
from tablelands.games import get_game
from tests.web.conftest import SCREENSHOTS
from tests.web.keyboard import key_press
from tests.web.test_pages import (
    LAND_VS_SEA_TARGETS,
    MOVE_WAIT,
    MOVED_ON,
    my_turn,
)

RESULT = ".tl-result-box:not([hidden])"
PROPOSED = "#confirm-yes:not([hidden])"

#: Drifting Lands' decisions: what to click in turn, each chain until a move is proposed
#: (a drift: the continent first where several may move, aimed at by the circle on its
#: middle tile, then its arrow, which proposes a drift of one step; an ultra drift needs its
#: second step).
DRIFTING_CHAINS = [
    ["button[data-corner]"],
    ["[data-drift-continent] circle", "[data-drift]", "[data-drift2]"],
    ["[data-drift]", "[data-drift2]"],
    ["button[data-part]"],
    ["[data-start]", "[data-end]"],
    ["[data-lifted]", "[data-onto]"],
    ["[data-breed]"],
    ["[data-evolve]"],
    ["[data-expel]"],
    [".tl-dl-cards:not(.tl-dl-deck) .tl-dl-card.tl-clickable"],
]


#: A check of the page (tests/web/layout.py), made before each click that picks a lit
#: target (with it lit) and before Confirm (the move proposed).
Check = Callable[[Any], None] | None


#: How a player picks what the page offers: a mouse click, a tap on a touch screen, or the
#: keyboard alone (Tab to it, then Enter).
Way = Literal["click", "tap", "keys"]


#: Whether an element of a zoomed map lies out of the part shown.
OUT_OF_VIEW = """el => {
  const map = el.ownerSVGElement;
  if (!map || !map.hasAttribute("data-zoomed")) return false;
  const r = map.getBoundingClientRect(), b = el.getBoundingClientRect();
  return b.left < r.left || b.right > r.right || b.top < r.top || b.bottom > r.bottom;
}"""


#: How many things the player has pressed so far (clicks, taps, or Enter once Tab reaches
#: them; a key like R counts too): what a decision costs, counted by `play_to_the_end`.
PRESSED = [0]


def press(locator: Any, way: Way, check: Check = None) -> None:
    """The page checked, if asked; then a click, a tap, or Tab to it and Enter."""
    PRESSED[0] += 1
    if check is not None:
        check(locator.page)
    if way == "tap":
        if locator.evaluate(OUT_OF_VIEW):
            locator.page.locator('[data-zoom="fit"]').tap()
        locator.tap()
        if locator.page.locator("svg[data-tap-zoomed]").count():
            locator.tap()  # the map zoomed to a spot too small to be sure of: now it is not
    elif way == "keys":
        key_press(locator)
    else:
        locator.click()


def confirm_by(page: Any, way: Way, check: Check = None) -> None:
    """Confirm the move proposed (a tap on Confirm, on a phone) and wait for its view."""
    before = page.get_attribute("#board", "data-seq")
    press(page.locator(PROPOSED), way, check)
    page.wait_for_function(MOVED_ON, arg=before, timeout=MOVE_WAIT)


def place_card_by(page: Any, way: Way = "click", check: Check = None) -> None:
    """Confusing Lands: a hand card, a lit position, confirmed."""
    press(page.locator('svg.tl-cl-mini[data-side="l"]').first, way)
    press(page.locator('.tl-cl-targets rect[data-legal="1"]').first, way, check)
    confirm_by(page, way, check)


def act_land_vs_sea_by(page: Any, way: Way = "click", check: Check = None) -> None:
    """Land vs Sea by clicks or taps: a face in hand turned (R, or its Rotate button on a
    touch screen) until it fits, dropped on a lit spot; else the stack, steal, waypoint, hole or button drawn;
    confirmed."""
    faces = page.locator(".tl-hand .tl-clickable[data-face]")
    spots = page.locator("polygon[data-place]")
    for face in range(faces.count()):
        press(faces.nth(face), way)
        for _ in range(6):
            if spots.count():
                break
            PRESSED[0] += 1
            if way == "tap":
                page.locator('button[data-control="rotate"]').tap()
            else:
                page.keyboard.press("r")
        if spots.count():
            press(spots.first, way, check)
            confirm_by(page, way, check)
            return
    for selector in LAND_VS_SEA_TARGETS:
        if page.locator(selector).count():
            press(page.locator(selector).first, way, check)
            confirm_by(page, way, check)
            return
    raise AssertionError("no decision to click on the board")


def act_drifting_lands(page: Any, way: Way = "click", check: Check = None) -> None:
    """Drifting Lands: the round's four cards from the deck (confirmed once, sent as four
    selects), or the decision the board lights, confirmed."""
    board = page.locator("#board")
    deck = board.locator(".tl-dl-deck .tl-dl-card.tl-clickable:not(.tl-chosen)")
    if board.locator(".tl-dl-deck").count():
        for pick in range(4):
            if page.locator(PROPOSED).count():
                break
            press(deck.first, way, check if pick == 0 else None)
        # The bar names the cards as the deck shows them, not by the notation's numbers.
        told = page.locator("#prompt").inner_text()
        assert told.startswith("Play this round's cards: ") and "select" not in told, told
        confirm_by(page, way, check)
        # The other three selects follow by themselves; the deck goes once the hand is full.
        page.wait_for_selector(".tl-dl-deck", state="detached")
        return
    for chain in DRIFTING_CHAINS:
        if not board.locator(chain[0]).count():
            continue
        for selector in chain:
            if page.locator(PROPOSED).count():
                break
            press(board.locator(selector).first, way, check)
        confirm_by(page, way, check)
        return
    raise AssertionError(f"no decision to click on the board: {board.inner_text()[:300]}")


#: Each title's decision, by clicks, taps or keys (`way`), the page checked as it goes.
ACT: dict[str, Callable[[Any, Way, Check], None]] = {
    "confusing-lands": place_card_by,
    "land-vs-sea": act_land_vs_sea_by,
    "drifting-lands": act_drifting_lands,
}


def play_to_the_end(
    page: Any,
    game: str,
    shot: Any,
    limit: int,
    middle: int,
    when: str | None = None,
    way: Way = "click",
    check: Check = None,
) -> int:
    """Play the seat shown until the game is over, shooting `shot(stage)` at the start, at
    the end and in the middle: from the `middle`-th decision on, once the board shows `when`
    (a selector; None: at once); `check(page)` before each click on a lit target and before
    each Confirm. The number of decisions made; the median presses a decision took is
    written beside the screenshots (``presses-<game>-<way>.txt``), for the docs' figures."""
    my_turn(page)
    shot("start")
    moves = 0
    presses: list[int] = []
    shot_middle = False
    while not page.locator(RESULT).count():
        if not shot_middle and moves >= middle and (when is None or page.locator(when).count()):
            shot("middle")
            shot_middle = True
        before = PRESSED[0]
        if page.locator(PROPOSED).count():
            confirm_by(page, way, check)  # the page proposed the only possible move itself
        else:
            ACT[game](page, way, check)
        presses.append(PRESSED[0] - before)
        moves += 1
        assert moves < limit, f"{game}: still not over after {moves} decisions"
        my_turn(page)
    shot("end")
    assert shot_middle, f"{game}: the board never showed {when} after decision {middle}"
    SCREENSHOTS.mkdir(exist_ok=True)
    (SCREENSHOTS / f"presses-{game}-{way}.txt").write_text(
        f"{game} by {way}: {moves} decisions, median {statistics.median(presses)} presses, "
        f"mean {statistics.fmean(presses):.2f}\n"
    )
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
    """The final scores the page's result box shows (in the order the seats finished),
    seat by seat."""
    items = page.locator(".tl-final li")
    shown = {
        int(items.nth(i).get_attribute("data-seat")): int(
            items.nth(i).inner_text().rsplit(":", 1)[1]
        )
        for i in range(items.count())
    }
    return [shown[seat] for seat in sorted(shown)]


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
