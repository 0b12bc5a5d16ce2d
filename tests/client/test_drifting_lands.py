"""Drifting Lands in the browser (2 players): drawn at its start, middle and end; each kind
of decision picked by clicks is a legal description the engine accepts."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tablelands.core.game import State
from tablelands.core.view import SeatView
from tests.client.conftest import Harness, accepted
from tests.client.positions import find_state, kind_state, stages

GAME = "drifting-lands"


@pytest.mark.parametrize("stage", ["start", "middle", "end"])
def test_draws(harness: Harness, stage: str) -> None:
    state = stages(GAME)[stage]
    doc = harness.show(state)
    page = harness.page
    assert page.locator("[data-space]").count() == len(doc["observation"]["spaces"])
    assert page.locator(".tl-dl-pawn").count() == len(doc["observation"]["pawns"])
    harness.screenshot(f"{GAME}-{stage}")
    assert not harness.errors


def _ultra(state: State, legal: list[dict[str, Any]]) -> bool:
    return any(a["kind"] == "drift" and len(a["directions"]) == 2 for a in legal)


@pytest.mark.parametrize(
    ("kind", "clicks"),
    [
        ("start", ["button[data-corner]"]),
        ("drift", ["[data-drift-continent] circle?", "[data-drift]"]),
        ("play", [".tl-dl-card.tl-clickable"]),
        ("breed", ["[data-breed]"]),
        ("evolve", ["[data-evolve]"]),
        ("move", ["[data-start]", "[data-end]"]),
        ("orogeny", ["[data-lifted]", "[data-onto]"]),
        ("part", ["button[data-part]"]),
    ],
)
def test_click_decision(harness: Harness, kind: str, clicks: list[str]) -> None:
    state = kind_state(GAME, kind)
    doc = harness.show(state)
    for selector in clicks:  # "?": where there is one (a continent picked among several)
        target = harness.page.locator(selector.removesuffix("?"))
        if not selector.endswith("?") or target.count():
            target.first.click()
    accepted(state, harness.proposed(), doc["legal"])
    assert harness.proposed()[0]["kind"] == kind


def test_move_shows_step_cost(harness: Harness) -> None:
    state = kind_state(GAME, "move")
    harness.show(state)
    harness.page.locator("[data-start]").first.click()
    costs = harness.page.locator(".tl-dl-cost").evaluate_all("ns => ns.map(n => n.textContent)")
    assert costs and all(1 <= int(c) <= 5 for c in costs)
    harness.screenshot(f"{GAME}-move")


def test_escape_steps_back_out_of_a_walk(harness: Harness) -> None:
    state = kind_state(GAME, "move")
    harness.show(state)
    page = harness.page
    starts = page.locator("[data-start]").count()
    page.locator("[data-start]").first.click()
    assert page.locator("[data-end]").count()
    page.keyboard.press("Escape")
    assert page.locator("[data-end]").count() == 0
    assert page.locator("[data-start]").count() == starts
    assert harness.proposed() == []


def test_ultra_drift_two_steps(harness: Harness) -> None:
    state = find_state(GAME, _ultra)
    doc = harness.show(state)
    page = harness.page
    if page.locator("[data-drift-continent]").count():
        page.locator("[data-drift-continent] circle").first.click()
    page.locator("[data-drift]").first.click()
    if harness.proposed():  # that first step had no second one
        accepted(state, harness.proposed(), doc["legal"])
        return
    page.locator("[data-drift2]").first.click()
    accepted(state, harness.proposed(), doc["legal"])
    assert len(harness.proposed()[0]["directions"]) == 2


def _several_continents_drift(state: State, legal: list[dict[str, Any]]) -> bool:
    return len({str(a["continent"]) for a in legal if a["kind"] in ("drift", "split")}) > 1


def test_several_continents_pick_the_continent_then_its_arrows(harness: Harness) -> None:
    state = find_state(GAME, _several_continents_drift)
    doc = harness.show(state)
    page = harness.page
    anchors = {
        f"{a['continent']['q']},{a['continent']['r']}"
        for a in doc["legal"]
        if a["kind"] in ("drift", "split")
    }
    continents = page.locator("[data-drift-continent]")
    assert {
        continents.nth(k).get_attribute("data-drift-continent") for k in range(continents.count())
    } == anchors
    assert page.locator("[data-drift]").count() == 0, "arrows before a continent is picked"
    harness.screenshot(f"{GAME}-drift-continents")
    continents.first.locator("circle").click()
    picked = page.locator("[data-drift]")
    assert picked.count() > 0 and page.locator("[data-drift-continent]").count() == 0
    anchor = (picked.first.get_attribute("data-drift") or "").split(">")[0]
    assert all(
        (picked.nth(k).get_attribute("data-drift") or "").startswith(f"{anchor}>")
        for k in range(picked.count())
    )
    harness.screenshot(f"{GAME}-drift-arrows")
    # Back (or Esc) offers every continent again; nothing was proposed on the way.
    page.locator('button[data-control="back"]').click()
    assert page.locator("[data-drift-continent]").count() == len(anchors)
    assert harness.proposed() == []


def _fresh_hand_with_discards(state: State, legal: list[dict[str, Any]]) -> bool:
    seen = SeatView(state).observation()
    return (
        any(a["kind"] == "select" for a in legal)
        and not seen["hand"]
        and bool(seen["discards"][seen["viewer"]])
    )


def test_choose_the_hand_in_any_order_then_confirm_once(harness: Harness) -> None:
    state = find_state(GAME, _fresh_hand_with_discards)
    doc = harness.show(state)
    page = harness.page
    seen = doc["observation"]
    kinds = {c["id"]: (c["type"], c["points"]) for c in doc["edition"]["species"]["cards"]}
    discards = seen["discards"][seen["viewer"]]
    # The whole deck, every card with its effect and basic points; discards not choosable.
    faces = page.locator(".tl-dl-deck .tl-dl-card")
    assert faces.count() == len(kinds)
    assert all("basic point" in t for t in faces.all_inner_texts())
    for card in discards:
        face = page.locator(f'.tl-dl-deck [data-card="{card}"]')
        assert "tl-off" in (face.get_attribute("class") or "")
        assert "tl-clickable" not in (face.get_attribute("class") or "")
    free = [c for c in sorted(kinds) if c not in discards]

    def click(card: int) -> None:
        page.locator(f'.tl-dl-deck [data-card="{card}"]').click()

    # Highest first (the engine takes hands in rising order), one changed mind on the way.
    for card in (free[-1], free[-2], free[-3]):
        click(card)
    click(free[-2])
    assert page.locator("h3[data-chosen]").get_attribute("data-chosen") == "2"
    assert harness.proposed() == []
    click(free[0])
    click(free[-4])
    chosen = [free[-1], free[-3], free[0], free[-4]]
    assert len(harness.proposed()) == 1, "a full hand is proposed once"
    then: list[dict[str, Any]] = page.evaluate("() => window.then")
    assert len(then) == 3
    # The confirm bar names the cards by what they are, as the deck shows them.
    words: str = page.evaluate("() => window.words")
    named = words.removeprefix("this round's cards: ").split(", ")
    title = {t: " ".join(w.capitalize() for w in t.split("_")) for t, _ in kinds.values()}
    assert sorted(named) == sorted(f"{title[kinds[c][0]]} ({kinds[c][1]})" for c in chosen)

    # The proposal and its follow-ups, applied one by one, give a hand of the chosen kinds.
    after = accepted(state, harness.proposed(), doc["legal"])
    for planned in then:
        view = SeatView(after)
        fields = {k: v for k, v in planned.items() if k != "text"}
        number = view.action_from_json(fields)
        assert number in after.legal_actions(), planned
        after.apply(number)
    hand = SeatView(after, seen["viewer"]).observation()["hand"]
    assert sorted(kinds[c] for c in hand) == sorted(kinds[c] for c in chosen)

    # Putting a card back withdraws the proposal; another card proposes the hand again.
    withdrawn = page.evaluate("() => window.withdrawn")
    click(free[0])
    assert page.evaluate("() => window.withdrawn") == withdrawn + 1
    assert page.locator("h3[data-chosen]").get_attribute("data-chosen") == "3"
    click(free[1])
    assert len(harness.proposed()) == 2
    harness.screenshot(f"{GAME}-choose-hand")
    assert not harness.errors


def test_choose_the_hand_by_keys(harness: Harness) -> None:
    state = kind_state(GAME, "select")
    doc = harness.show(state)
    page = harness.page
    page.locator(".tl-dl-deck .tl-dl-card.tl-clickable").first.focus()
    for _ in range(4):
        page.keyboard.press("Enter")  # the card keeps the focus: Tab goes on to the next
        page.keyboard.press("Tab")
    assert len(harness.proposed()) == 1
    assert len(page.evaluate("() => window.then")) == 3
    accepted(state, harness.proposed(), doc["legal"])


def test_the_board_names_the_players_as_the_page_does(harness: Harness) -> None:
    """The score table and the discards name each seat as the players table does, where the
    page gives the names; with none, by number."""
    state = stages(GAME)["middle"]
    harness.show(state, 0, ["Ann", "greedy (bot)"])
    table = harness.page.locator("#board table, table").first.inner_text()
    assert "You (seat 1)" in table and "greedy (bot), seat 2" in table, table
    assert (
        harness.page.locator('[data-discards="1"]').inner_text().startswith("greedy (bot), seat 2")
    )
    harness.show(state, 0)
    table = harness.page.locator("#board table, table").first.inner_text()
    assert "Seat 2" in table and "greedy" not in table, table


def test_a_start_is_offered_by_the_letter_the_map_shows(harness: Harness) -> None:
    """A corner's button names its continent by the letter drawn on it, and where it lies."""
    doc = harness.show(kind_state(GAME, "start"))
    corners = doc["edition"]["map"]["corners"]
    buttons = harness.page.locator("button[data-corner]")
    assert buttons.count() >= 2
    for button in buttons.all():
        corner = corners[int(button.get_attribute("data-corner") or 0) - 1]
        found = re.fullmatch(r"Start on continent ([A-Z]) \((.+) corner\)", button.inner_text())
        assert found and found.group(2) == corner["name"], button.inner_text()
        q, r = corner["tiles"][0]
        space = harness.page.locator(f'[data-space="{q},{r}"]')
        letters = space.evaluate("g => [...g.querySelectorAll('text')].map(t => t.textContent)")
        assert found.group(1) in letters, letters
