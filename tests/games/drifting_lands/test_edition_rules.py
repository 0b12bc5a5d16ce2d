"""Drifting Lands editions from strangers (issue 25): what no rule allows is refused naming
the field (the schema's bounds: test_edition.py, test_edition_bounds.py); what the rules
allow but the published components do not do is played, with a warning naming the field."""

from __future__ import annotations

import copy
from typing import Any

from tablelands.games.drifting_lands import GAME


def data() -> dict[str, Any]:
    return copy.deepcopy(GAME.default_edition().to_data())


def warnings_of(content: dict[str, Any]) -> list[str]:
    edition = GAME.edition_class.from_data(content, "mine.json")
    state = GAME.new_state(players=4, seed=1, edition=edition)  # a variant is played
    assert state.legal_actions()
    return edition.warnings()


def corner_cells(content: dict[str, Any]) -> set[tuple[int, int]]:
    return {(q, r) for corner in content["map"]["corners"] for q, r in corner["tiles"]}


def test_the_packaged_edition_has_no_warnings() -> None:
    assert GAME.default_edition().warnings() == []


def test_a_smaller_map_is_warned_of() -> None:
    content = data()
    spaces = content["map"]["spaces"]
    keep = corner_cells(content)
    # Drop spaces that hold no corner tile, from the top row down, until 99 are left.
    dropped = [s for s in spaces if (s["q"], s["r"]) not in keep][: len(spaces) - 99]
    content["map"]["spaces"] = [s for s in spaces if s not in dropped]
    assert len(content["map"]["spaces"]) == 99
    assert "map.spaces: 99 spaces; the published map has 100 to 160" in warnings_of(content)


def test_a_value_outside_1_to_4_is_warned_of() -> None:
    # ruling DL-1: every space has a point value; the published ones are 1 to 4.
    content = data()
    index = next(
        i
        for i, s in enumerate(content["map"]["spaces"])
        if (s["q"], s["r"]) not in corner_cells(content)
    )
    content["map"]["spaces"][index]["value"] = 0
    found = warnings_of(content)
    assert (
        f"map.spaces.{index}.value: 1 space(s) valued outside 1 to 4, the published map's values"
        in found
    )


def test_values_falling_toward_the_centre_are_warned_of() -> None:
    content = data()
    for space in content["map"]["spaces"]:
        space["value"] = 5 - space["value"]
    found = warnings_of(content)
    rising = [w for w in found if "rise toward the centre" in w]
    assert len(rising) == 1 and rising[0].startswith("map.spaces: the values do not rise")
    assert "nearest first: 1.0, " in rising[0] and rising[0].endswith(", 4.0)")


def test_a_map_in_two_pieces_is_warned_of() -> None:
    content = data()
    spaces = content["map"]["spaces"]
    cells = {(s["q"], s["r"]) for s in spaces}
    lone = (-5, 0)  # in the map's bounds, no space of the map beside it
    assert lone not in cells and not cells & {
        (-4, 0),
        (-5, 1),
        (-4, -1),
        (-6, 1),
        (-6, 0),
        (-5, -1),
    }
    spaces.append({"q": lone[0], "r": lone[1], "value": 1})
    assert "map.spaces: the map is in 2 pieces; the published map is one" in warnings_of(content)


def test_corners_not_alike_are_warned_of() -> None:
    # The published corners are alike, so that no corner is worth more at set-up.
    content = data()
    north_east = content["map"]["corners"][1]
    centre = tuple(north_east["starts"][0])
    assert centre == tuple(north_east["tiles"][0])  # the packaged continents list it first
    for space in content["map"]["spaces"]:
        if (space["q"], space["r"]) == centre:
            space["value"] += 1
    found = [w for w in warnings_of(content) if w.startswith("map.corners")]
    assert found == [
        "map.corners.1: not like map.corners.0 (values and starting spaces around its centre, "
        "up to turning and mirroring; worth 13 at set-up against 12): the published corners "
        "are alike, so that no corner is worth more at set-up"
    ]


def test_corners_with_other_starting_spaces_are_warned_of() -> None:
    # The four packaged corners are mirror images of one another: alike, and not warned of.
    content = data()
    starts = content["map"]["corners"][2]["starts"]
    tiles = content["map"]["corners"][2]["tiles"]
    moved = next(t for t in tiles if t not in starts)
    starts[1] = moved  # another starting space: no longer alike
    found = [w for w in warnings_of(content) if w.startswith("map.corners")]
    assert len(found) == 1 and found[0].startswith("map.corners.2: not like map.corners.0")


def test_a_stronger_card_with_as_many_points_is_warned_of() -> None:
    content = data()
    for card in content["species"]["cards"]:
        if card["type"] == "ultra_drifting":
            card["points"] = 2
    found = warnings_of(content)
    assert (
        "species.cards: ultra_drifting cards carry up to 2 basic points, drifting cards as few "
        "as 2; on the published cards the stronger carry fewer"
    ) in found
