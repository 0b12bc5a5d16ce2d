"""Land vs Sea in the browser (2 players, all modules): drawn at its start, middle and end;
each decision picked by clicks is a legal description the engine accepts."""

from __future__ import annotations

import pytest

from tests.client.conftest import Harness, accepted
from tests.client.positions import kind_state, stages
from tests.play import random_states

GAME = "land-vs-sea"


@pytest.mark.parametrize("stage", ["start", "middle", "end"])
def test_draws(harness: Harness, stage: str) -> None:
    state = stages(GAME)[stage]
    doc = harness.show(state)
    page = harness.page
    assert page.locator("[data-tile]").count() == len(doc["observation"]["board"])
    harness.screenshot(f"{GAME}-{stage}")
    assert not harness.errors


def test_place_by_clicks(harness: Harness) -> None:
    state = kind_state(GAME, "place", "place")
    doc = harness.show(state)
    page = harness.page
    page.keyboard.press("f")
    page.keyboard.press("r")
    while page.locator("[data-place]").count() == 0:
        page.keyboard.press("r")
    spot = page.locator("polygon[data-place]").first
    spot.hover()
    assert page.locator(".tl-ghost .tl-ls-hex").count() == 1
    spot.click()
    accepted(state, harness.proposed(), doc["legal"])


def test_no_ghost_off_legal(harness: Harness) -> None:
    state = kind_state(GAME, "place", "place")
    harness.show(state)
    page = harness.page
    empty = page.locator("[data-empty]")
    if empty.count():
        empty.first.hover(force=True)
    page.locator("[data-tile]").first.hover()
    assert page.locator(".tl-ghost .tl-ls-hex").count() == 0
    assert harness.proposed() == []


@pytest.mark.parametrize(
    ("kind", "selector"),
    [
        ("draw", "svg[data-stack]"),
        ("steal", "[data-steal]"),
        ("waypoint", "[data-waypoint]"),
        ("steal_none", 'button[data-kind="steal_none"]'),
        ("waypoint_none", 'button[data-kind="waypoint_none"]'),
    ],
)
def test_click_decision(harness: Harness, kind: str, selector: str) -> None:
    state = kind_state(GAME, kind)
    doc = harness.show(state)
    harness.page.locator(selector).first.click()
    accepted(state, harness.proposed(), doc["legal"])
    assert harness.proposed()[0]["kind"] == kind


def test_every_waypoint_ring_takes_its_click(harness: Harness) -> None:
    """A waypoint's region is chosen by its ring, whatever lies under it (a region line of
    the tile once took the click in a full game)."""
    state = kind_state(GAME, "waypoint")
    harness.show(state)
    page = harness.page
    targets = page.locator("[data-waypoint]")
    assert targets.count() > 0
    for index in range(targets.count()):
        target = targets.nth(index)
        hit = target.locator("circle").evaluate(
            """ring => {
                const box = ring.getBoundingClientRect();
                const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
                return top?.closest("[data-waypoint]")?.getAttribute("data-waypoint") ?? null;
            }"""
        )
        assert hit == target.get_attribute("data-waypoint")


@pytest.mark.parametrize("modules", [{}, {"mountains": True}, {"trade": True}])
def test_only_the_symbols_of_the_modules_in_play(
    harness: Harness, modules: dict[str, bool]
) -> None:
    """A face's mountains, corals and caravans or ships count only with their module: without
    it they are neither drawn nor in the legend (the faces are the same in every game)."""
    states = random_states(GAME, 2, 5, modules)
    state = states[len(states) // 2]
    harness.show(state)
    page = harness.page
    faces = state.observation(0)["board_faces"]
    printed_ridges = sum(len(f["mountains"]) + len(f["corals"]) for f in faces)
    printed_trade = sum(1 for f in faces if f["trade"])
    assert printed_ridges and printed_trade, "the position shows no such symbol: pick another"
    legend = page.locator(".tl-note", has_text="Green dotted").inner_text()
    ridges = page.locator("[data-tile] .tl-ls-mountain, [data-tile] .tl-ls-coral").count()
    trade = page.locator("[data-tile] [data-badge=caravan], [data-tile] [data-badge=ship]").count()
    assert (ridges > 0) == bool(modules.get("mountains")) == ("mountain" in legend)
    assert (trade > 0) == bool(modules.get("trade")) == ("caravan" in legend)
    assert "waypoints" not in legend
    assert not harness.errors
