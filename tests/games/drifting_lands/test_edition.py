"""The packaged Drifting Lands edition meets the published constraints; bad files fail clearly."""

from __future__ import annotations

import copy
import json
import pickle
from collections import Counter
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from tablelands.core.errors import EditionError
from tablelands.core.geometry import HEX_DIRECTIONS, hex_distance
from tablelands.games.drifting_lands import GAME
from tablelands.games.drifting_lands.board import terrain_memo
from tablelands.games.drifting_lands.components import CARD_TYPES, DriftingLandsEdition
from tablelands.games.drifting_lands.scoring import continents


def packaged() -> DriftingLandsEdition:
    edition = GAME.default_edition()
    assert isinstance(edition, DriftingLandsEdition)
    return edition


def test_packaged_edition_meets_the_component_constraints() -> None:
    edition = packaged()
    model = edition.model
    assert edition.reconstructed
    spaces = {(s.q, s.r): s.value for s in model.map.spaces}
    assert 100 <= len(spaces) <= 160
    assert set(spaces.values()) == {1, 2, 3, 4}
    # Values rise toward the centre: they fall with the distance from the 4-point middle.
    middle = [c for c, v in spaces.items() if v == 4]
    by_ring: dict[int, list[int]] = {}
    for cell, value in spaces.items():
        by_ring.setdefault(min(hex_distance(cell, m) for m in middle), []).append(value)
    means = [sum(v) / len(v) for _, v in sorted(by_ring.items())]
    assert all(a >= b for a, b in pairwise(means))
    assert len(model.map.corners) == 4
    for corner in model.map.corners:
        tiles = set(corner.tiles)
        centre_tile = next(
            t for t in tiles if all((t[0] + dq, t[1] + dr) in tiles for dq, dr in HEX_DIRECTIONS)
        )
        assert len(tiles) == 7 and centre_tile
        assert len(set(corner.starts)) == 4 and set(corner.starts) <= tiles
    assert model.species.pawns == {"1": 5, "2": 2, "3": 1, "4": 1}
    cards = model.species.cards
    assert len(cards) == 24 and {c.type for c in cards} == set(CARD_TYPES)
    assert all(0 <= c.points <= 3 for c in cards)
    # Stronger cards carry fewer points: each Ultra card or Mutating below its basic form.
    points = {c.type: c.points for c in cards}
    for strong, basic in (
        ("ultra_drifting", "drifting"),
        ("ultra_splitting", "splitting"),
        ("migrating", "moving"),
        ("reproducing", "breeding"),
        ("mutating", "evolving"),
    ):
        assert points[strong] < points[basic]
    assert max(Counter(c.type for c in cards).values()) <= 3


def write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "dl.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("mutate", "field", "message"),
    [
        (lambda d: d["species"]["cards"].pop(), "species.cards", "ids 1 to 24"),
        (
            lambda d: d["species"]["cards"][0].__setitem__("type", "teleport"),
            "species.cards.0.type",
            "is not a card type",
        ),
        (
            lambda d: d["species"]["cards"][0].__setitem__("points", 5),
            "species.cards.0.points",
            "less than or equal to 3",
        ),
        (lambda d: d["map"]["corners"][1]["tiles"].pop(), "map.corners.1.tiles", "at least 7"),
        (
            lambda d: d["map"]["corners"][2].__setitem__(
                "starts", [[0, 0], [0, 1], [1, 0], [1, 1]]
            ),
            "map.corners.2",
            "starting spaces",
        ),
        (
            lambda d: d["species"]["pawns"].__setitem__("1", 3),
            "species.pawns",
            "a species has 9 pawns",
        ),
        (lambda d: d["map"]["spaces"].append(d["map"]["spaces"][0]), "map", "share a position"),
    ],
)
def test_bad_edition_names_the_file_and_field(
    tmp_path: Path, mutate: Any, field: str, message: str
) -> None:
    data = copy.deepcopy(packaged().to_data())
    mutate(data)
    path = write(tmp_path, data)
    with pytest.raises(EditionError) as info:
        GAME.load_edition(path)
    text = str(info.value)
    assert str(path) in text and field in text and message in text


def test_another_edition_changes_the_game(tmp_path: Path) -> None:
    data = packaged().to_data()
    for space in data["map"]["spaces"]:
        space["value"] = 1
    edition = GAME.load_edition(write(tmp_path, data))
    state = GAME.new_state(players=2, seed=0, edition=edition)
    assert set(state.edition.value.values()) == {1}


def test_the_four_corners_are_alike() -> None:
    # The seat choosing first must not find a better corner: the map (its spaces and values)
    # is the same seen from east and west, north and south, and so are the corner continents
    # with their starting spaces: each is a mirror image of its neighbours.
    model = packaged().model
    # Doubled coordinates (x = 2q + r, y = r) make the mirrors of the hex grid plain flips.
    field = {(2 * s.q + s.r, s.r): s.value for s in model.map.spaces}
    xs, ys = {x for x, _ in field}, {y for _, y in field}

    def east_west(x: int, y: int) -> tuple[int, int]:
        return min(xs) + max(xs) - x, y

    def north_south(x: int, y: int) -> tuple[int, int]:
        return x, min(ys) + max(ys) - y

    def doubled(cells: list[tuple[int, int]]) -> set[tuple[int, int]]:
        return {(2 * q + r, r) for q, r in cells}

    for mirror in (east_west, north_south):
        assert {mirror(*cell): value for cell, value in field.items()} == field
    nw, ne, se, sw = model.map.corners
    for one, other, mirror in (
        (nw, ne, east_west),
        (sw, se, east_west),
        (nw, sw, north_south),
        (ne, se, north_south),
    ):
        assert {mirror(*c) for c in doubled(one.tiles)} == doubled(other.tiles)
        assert {mirror(*c) for c in doubled(one.starts)} == doubled(other.starts)
    # So every corner is worth the same at set-up, and so are its starting spaces.
    state = GAME.new_state(players=4, seed=0)
    assert len(continents(state.board, state.edition, state.num_players)) == 4
    assert (
        len({entry["value"] for entry in continents(state.board, state.edition, state.num_players)})
        == 1
    )
    spaces = {(s.q, s.r): s.value for s in model.map.spaces}
    starts = [sorted(spaces[c] for c in corner.starts) for corner in (nw, ne, se, sw)]
    assert starts.count(starts[0]) == 4


def test_editions_on_the_same_cells_score_with_their_own_values() -> None:
    # Continent values are remembered per map: two editions on the same cells (equal grids)
    # but with other space values must each score with their own, in one process.
    first = packaged()
    data = first.to_data()
    for space in data["map"]["spaces"]:
        space["value"] += space["q"] % 3
    second = DriftingLandsEdition.from_data(data, "second")
    assert second.grid == first.grid

    def expected(edition: DriftingLandsEdition) -> list[int]:
        spaces = {(s.q, s.r): s.value for s in edition.model.map.spaces}
        return sorted(sum(spaces[c] for c in corner.tiles) for corner in edition.model.map.corners)

    assert expected(first) != expected(second)
    for edition in (first, second, first, second):
        state = GAME.new_state(players=2, seed=0, edition=edition)
        assert sorted(
            entry["value"] for entry in continents(state.board, state.edition, state.num_players)
        ) == expected(edition)


def test_a_copy_of_an_edition_shares_its_memos() -> None:
    # What is remembered for a map serves every copy of its edition, such as one unpickled
    # in a worker process, without travelling with it.
    edition = packaged()
    state = GAME.new_state(players=2, seed=0, edition=edition)
    continents(state.board, state.edition, state.num_players)
    assert edition.value_memo
    copy_of = pickle.loads(pickle.dumps(edition))
    assert copy_of.value_memo is edition.value_memo
    assert terrain_memo(copy_of.grid) is terrain_memo(edition.grid)
    assert b"value_memo" not in pickle.dumps(edition)
