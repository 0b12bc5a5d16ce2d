"""Watching in a real browser, by clicks and keys only: an online Land vs Sea game between
two browser contexts that joined by invite links, watched by a third by its spectate link,
where no WebSocket frame a context receives holds hidden information of another seat; and
an uploaded record replayed forwards and back, seen by a spectator and by a seat."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sqlalchemy import select

from tablelands.core.game import State
from tablelands.core.records import record_of
from tablelands.server.db import GameRow
from tablelands.server.referee import Referee
from tests.play import random_play
from tests.server.reading import referee_of
from tests.web.conftest import People, Tab
from tests.web.test_pages import act_land_vs_sea, create, frames

#: Decisions made by clicks, in turn, by the two players.
DECISIONS = 14


def whose_turn(tabs: list[Tab]) -> Tab:
    """The tab whose page says it is its turn (waiting for one of them to)."""
    for _ in range(200):
        for tab in tabs:
            if tab.page.locator(".tl-turn.tl-mine").count():
                return tab
        tabs[0].page.wait_for_timeout(50)
    raise AssertionError("neither player's page says it is its turn")


def states_by_seq(tables: Referee, game_id: str) -> dict[int, State]:
    """The game's true state after every move (no move was taken back)."""
    position = tables.position(game_id)
    assert not position.undone
    state = position.setup.start()
    states = {0: state.clone()}
    for move in position.played:
        state.apply(move.action)
        states[move.seq] = state.clone()
    return states


def check_frames(received: list[dict[str, Any]], seat: int | None, states: dict[int, State]) -> int:
    """Every view frame is exactly what its seat (or, ``None``, the public) may know of the
    true position at its seq: never another seat's hidden tiles. The views checked."""
    views = [m for m in received if m["type"] == "view"]
    for frame in views:
        state = states[frame["seq"]]
        assert frame["seat"] == seat
        expected = state.public_observation() if seat is None else state.observation(seat)
        assert frame["observation"] == json.loads(json.dumps(expected)), frame["seq"]
        assert str(state.seed) not in json.dumps(frame)
        for other, hand in enumerate(frame["observation"]["hands"]):
            for held, (tile, _) in zip(hand, state.hands[other], strict=True):
                knows = seat is not None and (other == seat or bool(state.known[seat] >> tile & 1))
                if not knows:  # another seat's tile: its id and down face stay hidden
                    assert held["tile"] is None and held["down"] is None
        if seat is None:
            assert frame["legal_actions"] == [] and not frame["can_undo"]
    return len(views)


def test_two_players_by_invite_links_and_a_spectator_see_only_their_own(
    tab: Tab, people: People, site_database: str
) -> None:
    create(tab, "land-vs-sea", 2, [("friend", None), ("friend", None)])
    page = tab.page
    page.locator("#invites input").first.wait_for()
    links = [field.input_value() for field in page.locator("#invites input").all()]
    assert len(links) == 2 and all("#token=" in link for link in links)
    players = [tab, people()]
    watcher = people()
    received = [frames(player.page) for player in players]
    watched = frames(watcher.page)
    for player, link, name in zip(players, links, ("Ann", "Bea"), strict=True):
        player.page.goto(link)
        player.page.fill("#join-name", name)
        player.page.click("#join-go")
        player.page.wait_for_function("() => !location.hash")
    game_id = links[0].split("/play/")[1].split("#")[0]
    # The spectate link, as the game page offers it to copy.
    spectate = players[0].page.locator("#spectate-link").input_value()
    assert spectate.endswith(f"/watch/{game_id}") and "token" not in spectate
    watcher.page.goto(spectate)
    watcher.page.wait_for_selector("#watching:not([hidden])")
    assert watcher.page.locator("#watching").inner_text() == "You are watching"
    for turn in range(DECISIONS):
        acting = whose_turn(players)
        act_land_vs_sea(acting.page)
        if turn == 5:
            for name, shown in (
                ("first", players[0]),
                ("second", players[1]),
                ("spectator", watcher),
            ):
                shown.screenshot(f"watching-land-vs-sea-{name}")
    seq = players[0].page.get_attribute("#board", "data-seq")
    watcher.page.wait_for_function(
        "seq => document.getElementById('board').dataset.seq === seq", arg=seq
    )
    # The spectator has no decision: no confirm bar, no undo, nothing clickable to play.
    assert watcher.page.locator("#undo").is_hidden()
    assert watcher.page.locator("#confirm").is_hidden()
    assert watcher.page.locator("polygon[data-place], .tl-clickable[data-stack]").count() == 0
    log = watcher.page.locator("#log").inner_text()
    assert "drew a tile from stack" in log and "drew tile " not in log
    watcher.screenshot("watching-land-vs-sea-spectator-later")

    tables = referee_of(site_database)
    states = states_by_seq(tables, game_id)
    assert len(states) > DECISIONS
    checked = [check_frames(got, seat, states) for seat, got in enumerate(received)]
    checked.append(check_frames(watched, None, states))
    assert all(count >= DECISIONS // 2 for count in checked), checked
    for other in (players[1], watcher):
        assert not other.errors, other.errors


def uploaded(tab: Tab, record: dict[str, Any], tmp_path: Path) -> None:
    """Upload a record file by the lobby's file input."""
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    tab.page.goto(tab.site + "/")
    tab.page.set_input_files("#record-file", str(path))


def at_step(page: Any, step: int, viewer: str = "public") -> None:
    page.wait_for_function(
        "([step, viewer]) => document.getElementById('board').dataset.step === String(step)"
        " && document.getElementById('board').dataset.viewer === viewer",
        arg=[step, viewer],
    )


def test_an_uploaded_record_is_replayed_forwards_and_back(tab: Tab, tmp_path: Path) -> None:
    state = random_play("confusing-lands", 2, 12)
    record = record_of(state, ["greedy", "random"]).model_dump(mode="json")
    page = tab.page

    # A tampered record is refused, naming the move at fault.
    tampered = json.loads(json.dumps(record))
    tampered["actions"][2] = tampered["actions"][0]
    uploaded(tab, tampered, tmp_path)
    error = page.locator("#upload-error")
    error.wait_for(state="visible")
    assert "actions.2" in error.inner_text()
    # The browser reports the refusal's status as a console error: the one expected here.
    assert tab.errors == [
        "Failed to load resource: the server responded with a status of 400 (Bad Request)"
    ]
    tab.errors.clear()
    tab.screenshot("record-refused")

    uploaded(tab, record, tmp_path)
    page.wait_for_url("**/replay/*")
    at_step(page, 0)
    assert page.locator("#step-text").inner_text() == "Move 0 of 16"
    for step in range(1, 4):
        page.keyboard.press("ArrowRight")
        at_step(page, step)
    move = page.locator("#move").inner_text()
    assert move.startswith(f"Move 3, greedy (seat 1): {record['actions'][2]} Seat 1 placed card")
    # A spectator saw seat 1's first placement face down, then revealed.
    lines = page.locator("#log li").all_inner_texts()
    assert any("Seat 1 placed a card" in line for line in lines)
    tab.screenshot("replay-public-step-3")
    page.click("#back")
    at_step(page, 2)
    page.keyboard.press("ArrowLeft")
    at_step(page, 1)
    assert page.locator("#log li").count() < len(lines)
    page.keyboard.press("End")
    at_step(page, 16)
    assert "The game is over" in page.locator("#log").inner_text()
    assert page.locator("#turn").inner_text() == "The end"
    page.keyboard.press("Home")
    at_step(page, 0)
    # The slider, then the same step seen by seat 1, who knows its own cards.
    page.locator("#step").fill("5")
    at_step(page, 5)
    page.select_option("#viewer", "0")
    at_step(page, 5, "0")
    log = page.locator("#log").inner_text()
    assert "Seat 1 is dealt cards" in log
    # What the step's log lines changed lights on the board when pointed at: a card each.
    page.locator('#log li[data-seq="5"]').first.hover()
    lit = page.locator("#board .tl-mark-lit")
    assert lit.count() == 1 and (lit.get_attribute("data-mark") or "").startswith("0:")
    tab.screenshot("replay-seat-1-step-5")
    page.click("#forward")
    at_step(page, 6, "0")
    page.click("#last")
    at_step(page, 16, "0")
    with page.expect_download() as download:
        page.click("#record")
    assert json.loads(Path(download.value.path()).read_text(encoding="utf-8")) == record


def test_the_replay_link_of_a_game_finished_online(tab: Tab, site_database: str) -> None:
    """A finished game's page links to its replay; "my games" to its spectate link."""
    create(tab, "confusing-lands", 1, [("me", None)])
    page = tab.page
    page.wait_for_url("**/play/*")
    game_id = page.url.rsplit("/", 1)[1]
    tables = referee_of(site_database)
    # Finish the game through the server's own rules (clicks are test_pages' part).
    state = tables.position(game_id).state
    while not state.is_terminal:
        page.locator('svg.tl-cl-mini[data-side="l"]').first.click()
        page.locator('.tl-cl-targets rect[data-legal="1"]').first.click()
        before = page.get_attribute("#board", "data-seq")
        page.click("#confirm-yes")
        page.wait_for_function(
            "seq => document.getElementById('board').dataset.seq !== seq", arg=before
        )
        state = tables.position(game_id).state
    replay = page.locator("#replay-link")
    replay.wait_for(state="visible")
    replay.click()
    page.wait_for_url(f"**/replay/{game_id}")
    at_step(page, 0)
    # A replay names the players but not who is online: the game is over.
    assert page.locator("#players tr[data-seat]").count() == 1
    assert page.locator("#players .tl-dot").count() == 0
    page.keyboard.press("End")
    at_step(page, len(state.history))
    page.goto(tab.site + "/")
    with tables.store.session() as session:
        assert session.scalar(select(GameRow.status).where(GameRow.id == game_id)) == "over"
    mine = page.locator("#my-games li").filter(has=page.locator(f'a[href="/play/{game_id}"]'))
    assert mine.locator("a", has_text="Spectate link").get_attribute("href") == f"/watch/{game_id}"
    mine.locator("a", has_text="Replay").wait_for(state="visible")
