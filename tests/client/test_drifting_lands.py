"""Drifting Lands in the browser (2 players): drawn at its start, middle and end; each kind
of decision picked by clicks is a legal description the engine accepts."""

from __future__ import annotations

from typing import Any

import pytest

from tablelands.core.game import State
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
        ("drift", ["[data-drift]"]),
        ("select", [".tl-dl-card.tl-clickable"]),
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
    for selector in clicks:
        harness.page.locator(selector).first.click()
    accepted(state, harness.proposed(), doc["legal"])
    assert harness.proposed()[0]["kind"] == kind


def test_move_shows_step_cost(harness: Harness) -> None:
    state = kind_state(GAME, "move")
    harness.show(state)
    harness.page.locator("[data-start]").first.click()
    costs = harness.page.locator(".tl-dl-cost").evaluate_all("ns => ns.map(n => n.textContent)")
    assert costs and all(1 <= int(c) <= 5 for c in costs)
    harness.screenshot(f"{GAME}-move")


def test_ultra_drift_two_steps(harness: Harness) -> None:
    state = find_state(GAME, _ultra)
    doc = harness.show(state)
    page = harness.page
    page.locator("[data-drift]").first.click()
    if harness.proposed():  # that first step had no second one
        accepted(state, harness.proposed(), doc["legal"])
        return
    page.locator("[data-drift2]").first.click()
    accepted(state, harness.proposed(), doc["legal"])
    assert len(harness.proposed()[0]["directions"]) == 2
