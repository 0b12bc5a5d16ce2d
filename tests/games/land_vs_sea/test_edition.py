"""The packaged Land vs Sea edition meets the published constraints; bad files fail clearly."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tablelands.core.errors import EditionError
from tablelands.games.land_vs_sea import GAME
from tablelands.games.land_vs_sea.components import (
    PLAY_AGAIN,
    STEAL,
    TILE_COUNT,
    LandVsSeaEdition,
    compile_face,
)


def canonical(edges: str) -> str:
    return min(edges[i:] + edges[:i] for i in range(6))


def packaged() -> LandVsSeaEdition:
    edition = GAME.default_edition()
    assert isinstance(edition, LandVsSeaEdition)
    return edition


def test_packaged_edition_meets_the_component_constraints() -> None:
    edition = packaged()
    assert edition.reconstructed
    faces = [f for t in edition.model.tiles for f in (t.a, t.b)]
    assert len(faces) == 2 * TILE_COUNT == 116
    patterns = Counter(canonical(f.edges) for f in faces)
    excluded = {canonical(p) for p in ("LLLLLL", "SSSSSS", "LSLSLS")}
    assert len(patterns) == 11 and not set(patterns) & excluded
    assert min(patterns.values()) >= 4
    compiled = [compile_face(f, 0) for f in faces]
    assert 6 <= sum(f.is_corner for f in compiled) <= 10
    assert 8 <= sum(f.action == PLAY_AGAIN for f in compiled) <= 12
    assert 6 <= sum(f.action == STEAL for f in compiled) <= 10
    assert 30 <= sum(f.bonus for f in compiled) <= 50
    assert 12 <= sum(bool(f.mountains) for f in faces) <= 20
    assert 12 <= sum(bool(f.corals) for f in faces) <= 20
    assert 10 <= sum(f.trade == "caravan" for f in faces) <= 16
    assert 10 <= sum(f.trade == "ship" for f in faces) <= 16
    assert edition.model.start.edges == "LLLSSS"
    assert (edition.model.volcano.edges, edition.model.whirlpool.edges) == ("LLLLLL", "SSSSSS")
    # Some faces look alike, so a visible face does not always tell the tile (LS-5).
    assert len({f.key() for f in faces}) < len(faces)


def data() -> dict[str, Any]:
    return copy.deepcopy(packaged().to_data())


@pytest.mark.parametrize(
    ("mutate", "field", "message"),
    [
        (lambda d: d["tiles"].pop(), "tiles", "ids 1 to 58"),
        (lambda d: d["tiles"][0]["a"].__setitem__("edges", "LLX"), "tiles.0.a.edges", "pattern"),
        (
            lambda d: d["tiles"][1]["b"].__setitem__("regions", [{"edges": [0, 1, 2, 3, 4, 5]}]),
            "tiles.1.b",
            "mixes land and sea",
        ),
        (
            lambda d: d["tiles"][2]["a"]["regions"].pop(),
            "tiles.2.a",
            "each edge 0-5 exactly once",
        ),
        (
            lambda d: d.__setitem__(
                "start",
                {"edges": "LLSSSS", "regions": [{"edges": [0, 1]}, {"edges": [2, 3, 4, 5]}]},
            ),
            "start",
            "LLLSSS",
        ),
        (
            lambda d: d["tiles"][3].__setitem__(
                "a", {"edges": "LLLLLL", "regions": [{"edges": [0, 1, 2, 3, 4, 5]}]}
            ),
            "tiles",
            "only the Volcano/Whirlpool",
        ),
    ],
)
def test_bad_edition_names_the_file_and_field(
    tmp_path: Path, mutate: Any, field: str, message: str
) -> None:
    broken = data()
    mutate(broken)
    path = tmp_path / "lvs.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    with pytest.raises(EditionError) as info:
        GAME.load_edition(path)
    text = str(info.value)
    assert str(path) in text and field in text and message in text


def test_interleaving_regions_are_refused(tmp_path: Path) -> None:
    # ruling LS-1: regions are planar; land 0+3 and sea 1+4 cannot both be connected.
    broken = data()
    broken["tiles"][5]["a"] = {
        "edges": "LSSLSS",
        "regions": [{"edges": [0, 3]}, {"edges": [1, 2, 4, 5]}],
    }
    broken["tiles"][5]["b"] = {
        "edges": "LSLSSS",
        "regions": [{"edges": [0, 2]}, {"edges": [1, 3, 4, 5]}],
    }
    path = tmp_path / "lvs.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    with pytest.raises(EditionError, match="interleave"):
        GAME.load_edition(path)


def test_mountains_need_consecutive_land_edges(tmp_path: Path) -> None:
    broken = data()
    broken["tiles"][6]["a"] = {
        "edges": "LLLSSS",
        "regions": [{"edges": [0, 1, 2]}, {"edges": [3, 4, 5]}],
        "mountains": [0, 2],
    }
    path = tmp_path / "lvs.json"
    path.write_text(json.dumps(broken), encoding="utf-8")
    with pytest.raises(EditionError, match="consecutive"):
        GAME.load_edition(path)
