"""Confusing Lands in the browser: drawn at its start, middle and end; a legal placement
picked by clicks; no ghost off the legal positions."""

from __future__ import annotations

import pytest

from tablelands.core.view import SeatView
from tests.client.conftest import Harness, accepted
from tests.client.positions import game_states, kind_state, stages


@pytest.mark.parametrize("stage", ["start", "middle", "end"])
def test_draws(harness: Harness, stage: str) -> None:
    state = stages("confusing-lands")[stage]
    harness.show(state)
    assert harness.page.locator(".tl-cl-landscape").count() == 2
    harness.screenshot(f"confusing-lands-{stage}")
    assert not harness.errors


def test_solo_end_shows_rating(harness: Harness) -> None:
    from tests.client.positions import game_states

    end = game_states("confusing-lands", players=1)[-1]
    harness.show(end)
    assert "Solo rating" in harness.page.locator(".tl-result").inner_text()


def test_place_by_clicks(harness: Harness) -> None:
    state = stages("confusing-lands")["middle"]
    doc = harness.show(state)
    page = harness.page
    hand = doc["observation"]["hands"][doc["observation"]["viewer"]]
    # Pick the second card's landscape side, turn it once, flip it to its condition side
    # and back: the ghost shows what the engine then places.
    page.click(f'svg.tl-cl-mini[data-card="{hand[1]}"][data-side="l"]')
    page.keyboard.press("r")
    page.keyboard.press("f")
    page.keyboard.press("f")
    target = page.locator('.tl-cl-targets rect[data-legal="1"]').first
    target.hover()
    ghost = page.locator(".tl-ghost .tl-cl-space")
    assert ghost.count() == 6
    ghost_kinds = ghost.evaluate_all("nodes => nodes.map(n => n.dataset.kind)")
    target.click()
    after = accepted(state, harness.proposed(), doc["legal"])
    action = harness.proposed()[0]
    assert (action["card"], action["side"], action["rotation"]) == (hand[1], "l", 1)
    # The ghost's spaces are the ones the landscape shows once the card lies there.
    seat = doc["observation"]["viewer"]
    cells = SeatView(after, seat).observation()["cells"][seat]
    row, col = action["row"], action["col"]
    height, width = 3, 2
    shown = sorted(
        c["kind"] for c in cells if row <= c["row"] < row + height and col <= c["col"] < col + width
    )
    assert sorted(ghost_kinds) == shown


def test_no_ghost_off_legal(harness: Harness) -> None:
    state = kind_state("confusing-lands", "place")
    harness.show(state)
    page = harness.page
    page.locator(".tl-cl-targets rect:not([data-legal])").first.hover()
    assert page.locator(".tl-ghost .tl-cl-space").count() == 0
    page.locator(".tl-cl-targets rect:not([data-legal])").first.click()
    assert harness.proposed() == []


def test_discard_by_click_when_no_card_can_be_placed(harness: Harness) -> None:
    # ruling CL-18: seed 2471, seat 2 can place neither card 1 nor card 6.
    from tablelands.core.rng import Rng
    from tablelands.games import get_game

    state = get_game("confusing-lands").new_state(players=2, seed=2471)
    rng = Rng(2471)
    for _ in range(13):
        state.apply(rng.choice(state.legal_actions()))
    doc = harness.show(state)
    page = harness.page
    assert "Neither card can be placed anywhere" in page.locator(".tl-cl-discard").inner_text()
    assert "to discard" in page.locator(".tl-asks").inner_text()
    buttons = page.locator('.tl-cl-discard button[data-kind="discard"]')
    assert buttons.all_inner_texts() == ["Discard card 1", "Discard card 6"]
    assert page.locator('.tl-cl-targets rect[data-legal="1"]').count() == 0
    page.click('.tl-cl-discard button[data-card="6"]')
    after = accepted(state, harness.proposed(), doc["legal"])
    assert after.discards[-1] == 6 and after.hands[0] == [1]
    assert not harness.errors


#: Every lit target and button of a position, clicked in turn: their places, in the order
#: of the proposals they make.
CLICK_ALL = """() => {
  const lit = [...document.querySelectorAll('.tl-cl-targets rect[data-legal="1"]')];
  const buttons = [...document.querySelectorAll(".tl-cl-side button[data-place]")];
  for (const node of [...lit, ...buttons]) node.dispatchEvent(new MouseEvent("click", {bubbles: true}));
  return [lit.map((n) => [Number(n.dataset.row), Number(n.dataset.col)]), buttons.length];
}"""


def test_lit_targets_are_corners_off_the_landscape(harness: Harness) -> None:
    """Each position of the card in hand is offered once: lit on a space of the card off the
    landscape (never over a placed card), a corner unless the free ones are lit for other
    positions; or, wholly over the landscape, by a button."""
    positions = [s for s in game_states("confusing-lands") if not s.is_terminal]
    checked = 0
    for state in positions:
        doc = harness.show(state)
        seat = doc["observation"]["viewer"]
        placed = {(c["row"], c["col"]) for c in doc["observation"]["cells"][seat]}
        lit, buttons = harness.page.evaluate(CLICK_ALL)
        proposed = harness.proposed()
        if not proposed:
            continue
        card, side, rotation = (proposed[0][key] for key in ("card", "side", "rotation"))
        offered = [
            a
            for a in doc["legal"]
            if a["kind"] == "place"
            and (a["card"], a["side"], a["rotation"]) == (card, side, rotation)
        ]
        assert sorted(a["id"] for a in proposed) == sorted(a["id"] for a in offered)
        assert len(proposed) == len(lit) + buttons
        cells = {tuple(cell) for cell in lit}
        assert len(cells) == len(lit)
        high, wide = (3, 2) if rotation % 2 else (2, 3)
        for (row, col), action in zip(lit, proposed, strict=False):
            top, left = action["row"], action["col"]
            assert (row, col) not in placed
            assert top <= row < top + high and left <= col < left + wide
            corners = {(top + r, left + c) for r in (0, high - 1) for c in (0, wide - 1)}
            if (row, col) not in corners:
                assert corners <= placed | cells, (row, col, action["text"])
        checked += 1
    assert checked >= 4, "too few positions to place a card in"


def test_each_seats_last_card_is_framed_until_it_places_again(harness: Harness) -> None:
    """Every landscape frames the card last placed in it where it lies (its top-left at the
    placement's row and column), but for the seat placing now, whose last card is old news."""
    state = stages("confusing-lands")["middle"]
    seat = max(state.current_player, 0)
    doc = harness.show(state, seat)
    page = harness.page
    space = float(page.locator(".tl-cl-space rect").first.get_attribute("width") or 0)
    framed = 0
    for other, placements in enumerate(doc["observation"]["landscapes"]):
        frame = page.locator(f'.tl-cl-landscape[data-seat="{other}"] rect.tl-cl-last')
        if not placements or (other == seat and doc["legal"]):
            assert frame.count() == 0
            continue
        assert frame.get_attribute("data-last") == placements[-1]
        row, col = (int(n) for n in placements[-1].split("@")[1].split(","))
        assert float(frame.get_attribute("x") or "nan") == col * space
        assert float(frame.get_attribute("y") or "nan") == row * space
        framed += 1
    assert framed >= 1


def test_the_board_names_the_players_as_the_page_does(harness: Harness) -> None:
    """The other landscape, the turn and the score table name the seat as the players
    table does, where the page gives the names; with none, by number."""
    state = stages("confusing-lands")["middle"]
    harness.show(state, 0, ["Ann", "greedy (bot)"])
    board = harness.page.locator("#board")
    other = board.locator('.tl-cl-landscape[data-seat="1"] h3').inner_text()
    assert other.startswith("Landscape of greedy (bot), seat 2:"), other
    assert board.locator('.tl-cl-landscape[data-seat="0"] h3').inner_text().startswith("Your ")
    assert "greedy (bot), seat 2" in board.locator("table").first.inner_text()
    harness.show(state, 0)
    other = board.locator('.tl-cl-landscape[data-seat="1"] h3').inner_text()
    assert other.startswith("Landscape of Seat 2:") and "greedy" not in board.inner_text()
