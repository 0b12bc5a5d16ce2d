"""Every board drawn from a spectator's document (the public observation, no legal action):
drawn at the start, middle and end of each game without a script error, offering nothing to
click, and showing no hand's hidden side."""

from __future__ import annotations

import pytest

from tablelands.core.view import SpectatorView
from tests.client.conftest import Harness
from tests.client.positions import stages

GAMES = ("confusing-lands", "land-vs-sea", "drifting-lands")


@pytest.mark.parametrize("stage", ["start", "middle", "end"])
@pytest.mark.parametrize("game", GAMES)
def test_a_spectators_board(harness: Harness, game: str, stage: str) -> None:
    state = stages(game)[stage]
    doc = {
        "observation": SpectatorView(state).observation(),
        "legal": [],
        "edition": state.edition.to_data(),
    }
    page = harness.page
    page.evaluate("doc => window.show(doc)", doc)
    assert not harness.errors, harness.errors
    text = page.locator("#board").inner_text()
    assert "You" not in text.split()  # nobody's seat is "you"
    assert page.locator(".tl-clickable").count() == 0
    if game == "land-vs-sea":
        # Held tiles show their up face only, never their id or down face.
        assert page.locator('.tl-hand [data-face="down"]').count() == 0
        assert "tile " not in " ".join(page.locator(".tl-hand .tl-caption").all_inner_texts())
    harness.screenshot(f"spectator-{game}-{stage}")
