"""The web app in a real browser, by clicks only: a game made in the lobby and played to
its end, a game against a bot, a reload mid-game, an illegal move explained, hot-seat."""

from __future__ import annotations

import json
from typing import Any

from tests.web.conftest import People, Tab


def create(tab: Tab, game: str, players: int, seats: list[tuple[str, str | None]]) -> None:
    """Fill in the lobby's form and create the game: seat kinds, and a bot's agent spec."""
    page = tab.page
    page.goto(tab.site + "/")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    for seat, (kind, agent) in enumerate(seats):
        page.select_option(f'select[name="kind-{seat}"]', kind)
        if agent is not None:
            page.select_option(f'select[name="agent-{seat}"]', agent)
    tab.screenshot(f"lobby-{game}")
    page.click("#create")


def my_turn(page: Any) -> None:
    page.wait_for_selector(".tl-turn.tl-mine, .tl-result-box:not([hidden])")


#: The page has taken in the view after `seq`: drawn it, or (hot-seat) hidden the board.
MOVED_ON = """seq => document.getElementById('board').dataset.seq !== seq
    || !document.getElementById('handover').hidden"""
#: How long a confirmed move may take to come back as the next view (ms): a move is stored
#: and every seat's view built, by a server sharing a busy machine with other tests.
MOVE_WAIT = 30_000


def confirm(page: Any) -> None:
    """Confirm the move proposed and wait for the view after it."""
    before = page.get_attribute("#board", "data-seq")
    page.wait_for_selector("#confirm-yes:not([hidden])")
    page.click("#confirm-yes")
    page.wait_for_function(MOVED_ON, arg=before, timeout=MOVE_WAIT)


def place_card(page: Any) -> None:
    """Confusing Lands: pick a hand card, drop it on a lit position, confirm."""
    page.locator('svg.tl-cl-mini[data-side="l"]').first.click()
    page.locator('.tl-cl-targets rect[data-legal="1"]').first.click()
    confirm(page)


def test_solo_confusing_lands_to_the_end(tab: Tab) -> None:
    create(tab, "confusing-lands", 1, [("me", None)])
    page = tab.page
    page.wait_for_url("**/play/*")
    my_turn(page)
    tab.screenshot("confusing-lands-solo-start")
    moves = 0
    while page.locator(".tl-result-box:not([hidden])").count() == 0:
        place_card(page)
        moves += 1
        if moves == 4:
            tab.screenshot("confusing-lands-solo-middle")
        assert moves < 30
    tab.screenshot("confusing-lands-solo-end")
    assert "Final score" in page.locator(".tl-result-box").inner_text()
    assert page.locator("#turn").inner_text() == "Game over"


#: What a Land vs Sea board lights for a decision other than placing a tile: a stack to draw
#: from, a tile to steal, a waypoint's region (by its ring: the middle of a region's box can
#: be the hex's centre, where its wedges only touch), a hole, a button.
LAND_VS_SEA_TARGETS = (
    ".tl-clickable[data-stack]",
    "[data-steal]",
    "[data-waypoint] circle",
    "[data-hole]",
    "button[data-kind]",
)


def act_land_vs_sea(page: Any) -> None:
    """Land vs Sea: make the decision asked for by clicks (a tile turned until it fits and
    dropped on a lit spot, a stack, a tile to steal, a waypoint, a hole, a button), confirm."""
    faces = page.locator(".tl-hand .tl-clickable[data-face]")
    if faces.count():
        for face in range(faces.count()):
            faces.nth(face).click()
            for _ in range(6):
                if page.locator("polygon[data-place]").count():
                    break
                page.keyboard.press("r")
            if page.locator("polygon[data-place]").count():
                break
        page.locator("polygon[data-place]").first.click()
    else:
        for selector in LAND_VS_SEA_TARGETS:
            if page.locator(selector).count():
                page.locator(selector).first.click()
                break
        else:
            raise AssertionError("no decision to click on the board")
    confirm(page)


def frames(page: Any) -> list[dict[str, Any]]:
    """Every message the page's sockets receive, from now on."""
    received: list[dict[str, Any]] = []

    def watch(socket: Any) -> None:
        socket.on("framereceived", lambda payload: received.append(json.loads(payload)))

    page.on("websocket", watch)
    return received


def test_against_a_bot_with_a_reload_and_a_refusal(tab: Tab) -> None:
    page = tab.page
    received = frames(page)
    create(tab, "land-vs-sea", 2, [("me", None), ("bot", "random")])
    page.wait_for_url("**/play/*")
    my_turn(page)
    tab.screenshot("land-vs-sea-start")
    for _ in range(4):
        act_land_vs_sea(page)
        my_turn(page)
    tab.screenshot("land-vs-sea-middle")
    assert "random (bot)" in page.locator("#players").inner_text()

    # A reload resumes: the same position, the same log.
    seq = page.get_attribute("#board", "data-seq")
    log = page.locator("#log").inner_text()
    page.reload()
    page.wait_for_function("seq => document.getElementById('board').dataset.seq === seq", arg=seq)
    assert page.locator("#log").inner_text() == log
    my_turn(page)
    act_land_vs_sea(page)
    my_turn(page)

    # A move the boards never offer, sent through the page's own socket: the engine's
    # refusal is shown, and the game goes on from the same position.
    seq = page.get_attribute("#board", "data-seq")
    page.evaluate(
        "seq => window.tablelandsPage.send({type: 'move', seq, action: {kind: 'pass'}})",
        int(seq or 0),
    )
    notice = page.locator("#notice")
    notice.wait_for(state="visible")
    refusals = [m["message"] for m in received if m["type"] == "refused"]
    assert refusals and notice.inner_text() == f"Refused: {refusals[-1]}"
    tab.screenshot("land-vs-sea-refused")

    # Undo (key U) takes back the tile just placed: its log lines go, the others stay.
    if page.locator("#undo").is_enabled():
        tagged = "nodes => nodes.map(n => n.dataset.seq)"
        lines = page.locator("#log li").evaluate_all(tagged)
        assert seq in lines  # the move taken back is the last one, at `seq`
        page.keyboard.press("u")
        page.wait_for_function(MOVED_ON, arg=seq)
        assert page.locator("#log li").evaluate_all(tagged) == [s for s in lines if s != seq]
    act_land_vs_sea(page)
    assert notice.is_hidden()


def test_hot_seat_hands_over_between_seats(tab: Tab) -> None:
    create(tab, "confusing-lands", 2, [("me", None), ("hotseat", None)])
    page = tab.page
    page.wait_for_url("**/play/*")
    handover = page.locator("#handover")
    for turn in range(4):
        handover.wait_for(state="visible")
        # Behind the hand-over screen nothing of the seat's own is drawn.
        assert page.locator("#board").inner_html() == ""
        assert page.locator("#log li").count() == 0
        seat = turn % 2 + 1
        assert f"Seat {seat}" in handover.inner_text()
        if turn == 1:
            tab.screenshot("hot-seat-hand-over")
        page.click("#handover-go")
        assert handover.is_hidden()
        assert page.locator("#turn").inner_text().startswith("Your turn")
        place_card(page)


def test_a_friend_joins_by_the_invite_link(tab: Tab, people: People) -> None:
    create(tab, "confusing-lands", 2, [("me", None), ("friend", None)])
    page = tab.page
    link = page.locator("#invites input").input_value()
    assert "/play/" in link and "#token=" in link
    tab.screenshot("invite-links")
    page.click("#go")
    page.wait_for_url("**/play/*")
    friend = people()
    friend.page.goto(link)
    friend.page.fill("#join-name", "Bea")
    friend.page.click("#join-go")
    # The token leaves the address bar once the page has it; the seat is remembered.
    friend.page.wait_for_function("() => !location.hash")
    my_turn(page)
    place_card(page)
    my_turn(friend.page)
    assert friend.page.locator("#turn").inner_text() == "Your turn"
    place_card(friend.page)
    friend.page.goto(tab.site + "/")
    friend.page.wait_for_selector("#my-games li[data-game]")  # drawn once the summaries come
    assert friend.page.locator('#my-games a[href^="/play/"]').count() == 1
    assert not friend.errors, friend.errors
