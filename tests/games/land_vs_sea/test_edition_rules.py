"""Land vs Sea editions from strangers (issue 25): what no rule allows is refused naming the
field and the rule; what the rules allow but the published tiles do not do is played, with a
warning naming the field."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from tablelands.games.land_vs_sea import GAME
from tests.games.editions import refused_by


def data() -> dict[str, Any]:
    return copy.deepcopy(GAME.default_edition().to_data())


def face(edges: str, *regions: list[int], **extra: Any) -> dict[str, Any]:
    return {"edges": edges, "regions": [{"edges": r} for r in regions], **extra}


def refused(content: dict[str, Any], field: str, *fragments: str) -> str:
    return refused_by(GAME, content, field, *fragments)


def warnings_of(content: dict[str, Any]) -> list[str]:
    edition = GAME.edition_class.from_data(content, "mine.json")
    state = GAME.new_state(players=2, seed=1, edition=edition)  # a variant is played
    assert state.legal_actions()
    return edition.warnings()


def test_the_packaged_edition_has_no_warnings() -> None:
    assert GAME.default_edition().warnings() == []


# What no rule allows: regions that cannot be drawn on a tile (LS-1)


def test_a_region_closed_round_another_of_its_type_is_refused() -> None:
    # ruling LS-1: land 0+2 joined round land 1 would leave no room for the sea that must
    # part them at the corners of edge 1: the sea 3+4+5 cannot get there without crossing.
    content = data()
    content["tiles"][5]["a"] = face("LLLSSS", [0, 2], [1], [3, 4, 5])
    refused(
        content,
        "tiles.5.a",
        "regions [0, 2] and [1] are both land and meet at the corner of edges 0 and 1",
        "interleaving",
        "LS-1",
    )


def test_two_lands_beside_one_another_cut_off_from_the_sea_are_refused() -> None:
    # ruling LS-1: land 1+4 crosses the tile; lands 0 and 5, on its other side, touch at the
    # corner of edges 5 and 0, and the only sea (2+3) is on the far side.
    content = data()
    content["tiles"][9]["b"] = face("LLSSLL", [1, 4], [0], [5], [2, 3])
    refused(content, "tiles.9.b", "are both land and meet at the corner", "LS-1")


def test_the_volcano_is_one_land_or_parted_by_nothing() -> None:
    # ruling LS-1, ruling LS-4: the all-land Volcano has no sea to part two land regions.
    content = data()
    content["volcano"] = face("LLLLLL", [0, 1, 2], [3, 4, 5])
    refused(content, "volcano", "meet at the corner of edges 2 and 3", "LS-1")


def test_regions_parted_by_a_sea_reaching_their_corner_are_allowed() -> None:
    # ruling LS-1: lands 0 and 1 side by side are parted by the sea 2..5 reaching the corner
    # between them, as at a corner tile's meeting point; every region can be drawn.
    content = data()
    content["tiles"][5]["a"] = face("LLSSSS", [0], [1], [2, 3, 4, 5])
    content["tiles"][5]["b"] = face("LLSLLS", [0], [1], [2], [3], [4], [5])
    edition = GAME.edition_class.from_data(content, "mine.json")
    assert edition.rotated[6][0][0].region_of_edge[:2] == (0, 1)


def test_interleaving_regions_are_still_refused() -> None:
    # ruling LS-1: land 0+3 and sea 1+4 cannot both be connected.
    content = data()
    content["tiles"][2]["b"] = face("LSSLSS", [0, 3], [1, 4], [2], [5])
    refused(content, "tiles.2.b", "regions [0, 3] and [1, 4] interleave (LS-1)")


# What the rules allow and the published tiles do not do


def test_116_faces_alike_are_allowed_with_warnings() -> None:
    content = data()
    first = content["tiles"][0]["a"]
    for tile in content["tiles"]:
        tile["a"], tile["b"] = copy.deepcopy(first), copy.deepcopy(first)
    found = warnings_of(content)
    assert (
        "tiles: only 1 different faces (up to turning) among the 116, fewer than there are "
        "tiles: a face on show tells little of its tile (LS-5)"
    ) in found
    assert (
        "tiles.0, tiles.1, tiles.2 and 55 more: 58 tile(s) with faces a and b alike (up to "
        "turning), whose hidden face tells nothing the up face does not (LS-5)"
    ) in found
    patterns = next(w for w in found if w.startswith("tiles: the edge patterns"))
    assert "LLLLLS on 0" in patterns and "LSSSSS on 0" in patterns
    assert "LLSLLS" not in patterns  # the pattern of tile 1's face a, on all 116
    assert "tiles: 0 Play Again faces; the published tiles have 8 to 12" in found


def test_a_tile_alike_on_both_sides_is_warned_of() -> None:
    content = data()
    tile = content["tiles"][20]
    turned = copy.deepcopy(tile["a"])  # face a turned one sixth: alike
    turned["edges"] = turned["edges"][-1] + turned["edges"][:-1]
    for region in turned["regions"]:
        region["edges"] = [(e + 1) % 6 for e in region["edges"]]
    for name in ("mountains", "corals"):
        turned[name] = [(e + 1) % 6 for e in turned[name]]
    tile["b"] = turned
    found = warnings_of(content)
    assert [w for w in found if "alike" in w] == [
        "tiles.20: 1 tile(s) with faces a and b alike (up to turning), whose hidden face tells "
        "nothing the up face does not (LS-5)"
    ]


def test_an_alternating_face_is_warned_of() -> None:
    content = data()
    content["tiles"][7]["b"] = face("LSLSLS", [0], [1], [2], [3], [4], [5])
    found = warnings_of(content)
    assert found[0] == (
        "tiles.7.b: strictly alternating edges (LSLSLS), which the published faces never show"
    )


def test_an_edge_pattern_on_fewer_than_4_faces_is_warned_of() -> None:
    content = data()
    shown = [
        (tile, name)
        for tile in content["tiles"]
        for name in ("a", "b")
        if min(tile[name]["edges"][i:] + tile[name]["edges"][:i] for i in range(6)) == "LSSSSS"
    ]
    assert len(shown) == 10
    for tile, name in shown[:7]:
        tile[name] = face("LLLSSS", [0, 1, 2], [3, 4, 5])
    found = warnings_of(content)
    assert any(
        w.startswith("tiles: the edge patterns (up to turning) LSSSSS on 3 faces") for w in found
    )


@pytest.mark.parametrize(
    ("what", "strip", "message"),
    [
        (
            "steal",
            lambda f: f.__setitem__("action", None) if f["action"] == "steal" else None,
            "tiles: 0 Steal faces; the published tiles have 6 to 10",
        ),
        (
            "ships",
            lambda f: f.__setitem__("trade", None) if f["trade"] == "ship" else None,
            "tiles: 0 ships; the published tiles have 10 to 16",
        ),
        (
            "corals",
            lambda f: f.__setitem__("corals", []),
            "tiles: 0 faces with corals; the published tiles have 12 to 20",
        ),
        (
            "bonus",
            lambda f: [r.__setitem__("bonus", 0) for r in f["regions"]],
            "tiles: 0 bonus symbols; the published tiles have 30 to 50",
        ),
    ],
)
def test_counts_other_than_the_published_are_warned_of(what: str, strip: Any, message: str) -> None:
    content = data()
    for tile in content["tiles"]:
        strip(tile["a"])
        strip(tile["b"])
    assert message in warnings_of(content), what


def test_more_corner_faces_than_published_are_warned_of() -> None:
    content = data()
    for tile in content["tiles"][:11]:
        tile["b"] = face("LSSLSS", [0], [1, 2], [3], [4, 5])
    assert any(
        w.startswith("tiles: ") and "corner faces; the published tiles have 6 to 10" in w
        for w in warnings_of(content)
    )


@pytest.mark.parametrize("field", ["start", "volcano", "whirlpool"])
def test_an_action_no_one_takes_is_warned_of(field: str) -> None:
    # ruling LS-6: a symbol's action is the placer's; nobody places the start tile, and the
    # Volcano/Whirlpool fills a hole by itself (ruling LS-4).
    content = data()
    content[field]["action"] = "play_again"
    found = warnings_of(content)
    assert len(found) == 1 and found[0].startswith(
        f"{field}.action: play_again, which no one takes"
    )
