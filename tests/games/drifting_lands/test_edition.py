"""The packaged Drifting Lands edition meets the published constraints; bad files fail clearly."""

from __future__ import annotations

import copy
import json
from collections import Counter
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from tablelands.core.errors import EditionError
from tablelands.core.geometry import HEX_DIRECTIONS, hex_distance
from tablelands.games.drifting_lands import GAME
from tablelands.games.drifting_lands.components import CARD_TYPES, DriftingLandsEdition


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
            "at least 4 level-1",
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
