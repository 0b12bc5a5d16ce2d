"""Confusing Lands editions from strangers (issue 25): what no rule allows is refused naming
the field and the rule; what the rules allow but the published cards do not do is played,
with a warning naming the field."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest

from tablelands.games.confusing_lands import GAME
from tablelands.games.confusing_lands.components import KIND_NAMES, SYMBOLS
from tests.games.editions import refused_by

SIDES = ("condition_side", "landscape_side")


def data() -> dict[str, Any]:
    return copy.deepcopy(GAME.default_edition().to_data())


def spaces(content: dict[str, Any]) -> Iterator[tuple[list[str], int, str]]:
    """Every space of every card as (its row, its column, the field naming it)."""
    for i, card in enumerate(content["cards"]):
        for side in SIDES:
            for r, row in enumerate(card[side]):
                for c in range(len(row)):
                    yield row, c, f"cards.{i}.{side}.{r}.{c}"


def refused(content: dict[str, Any], field: str, *fragments: str) -> str:
    return refused_by(GAME, content, field, *fragments)


def warnings_of(content: dict[str, Any]) -> list[str]:
    edition = GAME.edition_class.from_data(content, "mine.json")
    GAME.new_state(players=2, seed=1, edition=edition)  # a variant is played
    return edition.warnings()


def warned(content: dict[str, Any], field: str, *fragments: str) -> str:
    found = [w for w in warnings_of(content) if w.startswith(f"{field}: ") or f" {field}," in w]
    assert found, warnings_of(content)
    for fragment in fragments:
        assert fragment in found[0], found[0]
    return found[0]


def test_the_packaged_edition_has_no_warnings() -> None:
    assert GAME.default_edition().warnings() == []
    assert GAME.edition_class.from_data(data(), "mine.json").warnings() == []


# What no rule allows


def test_a_space_is_written_in_lower_case() -> None:
    # ruling CL-1: a space is a symbol, empty or a condition, in the one spelling the format
    # writes; "River:ne" is the space river:NE misspelt.
    content = data()
    row, c, field = next(s for s in spaces(content) if s[0][s[1]].startswith("river:"))
    row[c] = "River:ne"
    refused(content, field, "'River:ne'", "write 'river:NE'")


def test_a_space_has_nothing_around_it() -> None:
    content = data()
    row, c, field = next(s for s in spaces(content) if s[0][s[1]] == "empty")
    row[c] = "empty "
    refused(content, field, "'empty '", "write 'empty'")


def test_river_ends_are_written_in_compass_order() -> None:
    content = data()
    row, c, field = next(s for s in spaces(content) if s[0][s[1]].startswith("river:"))
    row[c] = "river:SN"
    refused(content, field, "write 'river:NS'")


def test_an_edition_of_empty_spaces_only_is_refused() -> None:
    # The rulebook's Card Anatomy: the cards show 7 symbols; with every space empty the
    # conditions that count symbols could never score.
    content = data()
    for row, c, _ in spaces(content):
        if row[c] != "condition":
            row[c] = "empty"
    refused(content, "cards", "every space is empty or a condition", "all 7 symbols")


@pytest.mark.parametrize("kind", SYMBOLS)
def test_every_symbol_shows_somewhere(kind: int) -> None:
    content = data()
    name = KIND_NAMES[kind]
    for row, c, _ in spaces(content):
        if row[c].partition(":")[0] == name:
            row[c] = "empty"
    refused(content, "cards", f"no space shows {name}:", "Card Anatomy")


# What the rules allow and the published cards do not do


def test_a_river_of_4_ends_is_allowed_with_a_warning() -> None:
    # ruling CL-1: a river space carries ends on 1 to 4 of its edges; the published ones
    # have 1 or 2 (the rulings' Components), so 4 ends make a variant.
    content = data()
    row, c, field = next(s for s in spaces(content) if s[0][s[1]].startswith("river:"))
    row[c] = "river:NESW"
    text = warned(content, field, "1 river space(s) with 3 or 4 ends", "1 or 2")
    assert text.startswith(f"{field}: ")


def test_108_rivers_of_4_ends_are_warned_of_together() -> None:
    content = data()
    rivers = [s for s in spaces(content) if s[0][s[1]].startswith("river:")]
    # Every empty space and all but one of each of three symbols (all 7 must still show).
    others = []
    for kind in ("empty", "forest", "mountain", "village"):
        of_kind = [s for s in spaces(content) if s[0][s[1]] == kind]
        others += of_kind if kind == "empty" else of_kind[:-1]
    for row, c, _ in rivers + others[: 108 - len(rivers)]:
        row[c] = "river:NESW"
    fields = [field for row, c, field in spaces(content) if row[c] == "river:NESW"]
    assert len(fields) == 108
    found = warnings_of(content)
    assert found[0] == (
        f"{fields[0]}, {fields[1]}, {fields[2]} and 105 more: 108 river space(s) with 3 or 4 "
        "ends; CL-1 allows up to 4, but every river space of the published cards has 1 or 2"
    )
    assert any(w.startswith("cards: river on 108 spaces;") for w in found)


def test_a_symbol_on_more_spaces_than_published_is_warned_of() -> None:
    content = data()
    turned = 0
    for row, c, _ in spaces(content):
        if row[c] == "empty" and turned < 20:
            row[c], turned = "wolf", turned + 1
    found = warnings_of(content)
    assert "cards: wolf on 41 spaces; the published cards show each symbol on 18 to 30" in (
        " ".join(found)
    )
    assert any(
        w.startswith("cards: 6 empty spaces; the published cards have 15 to 35") for w in found
    )


def test_rivers_that_mostly_do_not_join_are_warned_of() -> None:
    # ruling CL-5: two touching river spaces join end to end when both have an end on the
    # edge between them; on the published cards most do.
    content = data()
    for row, c, _ in spaces(content):
        if row[c].startswith("river:"):
            row[c] = "forest"
    for card in content["cards"][:3]:
        # A river facing north beside one facing south: they touch, and do not join.
        card["landscape_side"][0][:2] = ["river:N", "river:S"]
    card = content["cards"][3]["landscape_side"]
    card[0][:2] = ["river:E", "river:W"]  # and one pair that joins
    found = warnings_of(content)
    assert (
        "cards: 1 of the 4 pairs of touching river spaces on a card side join end to end "
        "(CL-5); on the published cards most do"
    ) in found
    content["cards"][4]["landscape_side"][0][1:] = ["river:E", "river:W"]
    assert any(w.startswith("cards: 2 of the 5 pairs") for w in warnings_of(content))  # not most
    for other in content["cards"][5:7]:
        other["landscape_side"][0][1:] = ["river:E", "river:W"]  # four of seven: most
    assert not any("join end to end" in w for w in warnings_of(content))


def test_landscape_sides_alike_are_warned_of() -> None:
    content = data()
    first = content["cards"][0]["landscape_side"]
    # Card 5's landscape side: card 1's turned half round (a card may be placed turned).
    content["cards"][4]["landscape_side"] = [list(reversed(row)) for row in reversed(first)]
    found = warnings_of(content)
    assert (
        "cards.0.landscape_side, cards.4.landscape_side: the same landscape side (up to turning) "
        "on 2 cards, which play alike on that side"
    ) in found
