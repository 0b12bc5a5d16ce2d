"""The pages checked by axe-core in a real browser, with no serious or critical violation: the
lobby, each title's game page at the player's turn and with a choice made (its lit targets
shown, then a move proposed), and a replay of each title. axe is given to the test's page
only (the app never serves it), in a context that lets the test add it as a script."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tablelands.core.records import record_of
from tests.play import random_play
from tests.web.clicks import ACT, PROPOSED, RESULT, create_game
from tests.web.conftest import Tab
from tests.web.test_pages import my_turn
from tests.web.test_watching import at_step

AXE = Path(__file__).parents[2] / "node_modules" / "axe-core" / "axe.min.js"
TITLES = ("confusing-lands", "land-vs-sea", "drifting-lands")
#: The impacts a page may not have.
BARRED = ("serious", "critical")
#: How many of a rule's nodes a failure names.
SHOWN_NODES = 5
#: A bound on the decisions played before a choice with lit targets comes.
DECISIONS = 12
#: The targets lit once a choice is made, one of which proposes a move.
LIT = '[data-legal="1"], polygon[data-place], [data-end], [data-onto], [data-drift], [data-drift2]'
#: The step of each replay checked.
REPLAY_STEP = 12


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    """The pages' context, with their Content-Security-Policy off: axe is added as an inline
    script, which the policy refuses (test_security_policy checks the policy itself)."""
    made = browser.new_context(viewport={"width": 1280, "height": 800}, bypass_csp=True)
    yield made
    made.close()


def barred(page: Any) -> list[dict[str, Any]]:
    """axe's serious and critical violations on the page as it is now."""
    if not page.evaluate("() => 'axe' in window"):
        page.add_script_tag(path=str(AXE))
    found: list[dict[str, Any]] = page.evaluate(
        """async () => {
          const results = await axe.run(document, {resultTypes: ["violations"]});
          return results.violations.map(v => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.map(n => n.target.join(" ")),
          }));
        }"""
    )
    return [v for v in found if v["impact"] in BARRED]


def check(tab: Tab, where: str) -> None:
    """No serious or critical violation on the tab's page; else each rule, with its nodes."""
    found = barred(tab.page)
    lines = [
        f"{v['id']} ({v['impact']}, {len(v['nodes'])} nodes): {v['help']}: "
        + ", ".join(v["nodes"][:SHOWN_NODES])
        for v in found
    ]
    if lines:
        tab.screenshot(f"accessibility-{where}")
    assert not lines, f"{where}:\n" + "\n".join(lines)


def test_the_lobby(tab: Tab) -> None:
    tab.page.goto(tab.site + "/")
    tab.page.locator("#game option").first.wait_for(state="attached")
    check(tab, "lobby")


def test_the_rules_pages(tab: Tab) -> None:
    """Each title's rules page, where the server has them."""
    for title in TITLES:
        try:
            urllib.request.urlopen(f"{tab.site}/rules/{title}", timeout=10).close()
        except urllib.error.HTTPError as exc:
            if exc.code == 404:
                pytest.skip("no rules pages on this server")
            raise
        tab.page.goto(f"{tab.site}/rules/{title}")
        check(tab, f"rules-{title}")


def selected(tab: Tab, title: str) -> None:
    """Choose the first thing in hand (a card side, a tile turned until it fits, a pawn or a
    continent to drift) so that the board lights where it may go; in Land vs Sea and
    Drifting Lands, after the decisions that come before such a choice."""
    page = tab.page
    if title == "confusing-lands":
        page.locator('svg.tl-cl-mini[data-side="l"]').first.click()
        page.locator('.tl-cl-targets rect[data-legal="1"]').first.wait_for()
        return
    for _ in range(DECISIONS):
        if title == "land-vs-sea" and fitted(page):
            return
        if title == "drifting-lands":
            first = page.locator("#board").locator(
                "[data-start], [data-lifted], [data-drift-continent] circle, [data-drift]"
            )
            if first.count():
                first.first.click()
                return
        ACT[title](page, False, None)
        my_turn(page)
        assert not page.locator(RESULT).count()
    raise AssertionError(f"{title}: no choice with lit targets after {DECISIONS} decisions")


def fitted(page: Any) -> bool:
    """Land vs Sea: a face in hand clicked and turned until it fits somewhere, if one does."""
    spots = page.locator("polygon[data-place]")
    for face in page.locator(".tl-hand .tl-clickable[data-face]").all():
        face.click()
        for _ in range(6):
            if spots.count():
                return True
            page.keyboard.press("r")
    return False


@pytest.mark.parametrize("title", TITLES)
def test_a_game_page(tab: Tab, title: str) -> None:
    """A game against a bot: at the seat's turn, with a choice made, with a move proposed."""
    checked = ("mountains", "trade", "waypoints") if title == "land-vs-sea" else ()
    create_game(tab, title, [("me", None), ("bot", "random")], checked)
    page = tab.page
    my_turn(page)
    check(tab, f"{title}-turn")
    selected(tab, title)
    check(tab, f"{title}-selected")
    if not page.locator(PROPOSED).count():
        page.locator(LIT).first.click()
    page.wait_for_selector(PROPOSED)
    check(tab, f"{title}-proposed")


def test_replays(tab: Tab) -> None:
    """A replay of each title (a finished random game uploaded), a few moves in."""
    page = tab.page
    for title in TITLES:
        record = record_of(random_play(title, 2, 7), ["random", "greedy"])
        request = urllib.request.Request(
            f"{tab.site}/api/records",
            data=json.dumps(record.model_dump(mode="json")).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=10) as answer:
            replay = json.load(answer)["replay"]
        page.goto(tab.site + replay)
        at_step(page, 0)
        page.locator("#step").fill(str(REPLAY_STEP))
        at_step(page, REPLAY_STEP)
        check(tab, f"replay-{title}")
