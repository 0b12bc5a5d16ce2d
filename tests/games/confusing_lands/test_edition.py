"""The packaged reconstructed edition meets the published constraints; bad files fail clearly."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from tablelands.core.errors import EditionError
from tablelands.games.confusing_lands import GAME
from tablelands.games.confusing_lands.components import (
    CONDITION,
    EAST,
    EMPTY,
    KIND_NAMES,
    NORTH,
    RIVER,
    SOUTH,
    SYMBOLS,
    WEST,
    ConfusingLandsEdition,
)


def packaged_data() -> dict[str, Any]:
    edition = GAME.default_edition()
    assert isinstance(edition, ConfusingLandsEdition)
    return edition.model.model_dump(mode="json")


def test_packaged_edition_meets_the_component_constraints() -> None:
    edition = GAME.default_edition()
    assert isinstance(edition, ConfusingLandsEdition)
    assert edition.reconstructed
    counts: Counter[int] = Counter()
    joined = adjacent = 0
    for card in range(1, 19):
        for side in (0, 1):
            rows = edition.sides[card, side]
            for r, row in enumerate(rows):
                for c, space in enumerate(row):
                    counts[space.kind] += 1
                    if space.kind == RIVER:
                        assert 1 <= space.ends.bit_count() <= 2
                        # rivers meeting on a card: east and south neighbours
                        for (nr, nc), mine, theirs in (
                            ((r, c + 1), EAST, WEST),
                            ((r + 1, c), SOUTH, NORTH),
                        ):
                            if nr < 2 and nc < 3 and rows[nr][nc].kind == RIVER:
                                adjacent += 1
                                joined += bool(space.ends & mine and rows[nr][nc].ends & theirs)
    assert counts[CONDITION] == 36  # card N carries condition N on two spaces
    assert sum(counts[k] for k in SYMBOLS) + counts[EMPTY] == 180
    for kind in SYMBOLS:
        assert 18 <= counts[kind] <= 30, KIND_NAMES[kind]
    assert 15 <= counts[EMPTY] <= 35
    assert adjacent and joined / adjacent > 0.5  # rivers on a card mostly join end to end


def write(tmp_path: Path, data: Any) -> Path:
    path = tmp_path / "edition.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_packaged_edition_round_trips_through_a_file(tmp_path: Path) -> None:
    loaded = GAME.load_edition(write(tmp_path, packaged_data()))
    assert loaded.content_hash == GAME.default_edition().content_hash


@pytest.mark.parametrize(
    ("mutate", "field", "message"),
    [
        (lambda d: d.pop("name"), "name", "Field required"),
        (lambda d: d["cards"].pop(), "cards", "ids 1 to 18"),
        (
            lambda d: d["cards"][2]["landscape_side"][1].__setitem__(0, "dragon"),
            "cards.2.landscape_side",
            "not a space",
        ),
        (lambda d: d["cards"][0]["landscape_side"].pop(), "cards.0.landscape_side", "2 rows of 3"),
        (
            lambda d: d["cards"][4]["landscape_side"][0].__setitem__(0, "river:NX"),
            "cards.4.landscape_side",
            "river end",
        ),
        (
            lambda d: d["cards"][5]["landscape_side"][0].__setitem__(0, "river"),
            "cards.5.landscape_side",
            "at least one river end",
        ),
        (
            lambda d: d["cards"][1].__setitem__(
                "condition_side", [["condition", "forest", "condition"], ["forest"] * 3]
            ),
            "cards.1",
            "orthogonally adjacent",
        ),
        (lambda d: d.__setitem__("game", "land-vs-sea"), "game", "confusing-lands"),
    ],
)
def test_bad_edition_names_the_file_and_field(
    tmp_path: Path, mutate: Any, field: str, message: str
) -> None:
    data = copy.deepcopy(packaged_data())
    mutate(data)
    path = write(tmp_path, data)
    with pytest.raises(EditionError) as info:
        GAME.load_edition(path)
    text = str(info.value)
    assert str(path) in text and field in text and message in text


def test_unreadable_edition_files_fail_clearly(tmp_path: Path) -> None:
    broken = tmp_path / "broken.json"
    broken.write_text("{ not json", encoding="utf-8")
    with pytest.raises(EditionError, match=r"broken.json: not valid JSON \(line 1"):
        GAME.load_edition(broken)
    with pytest.raises(EditionError, match=r"missing\.json: cannot read"):
        GAME.load_edition(tmp_path / "missing.json")


def test_another_edition_changes_the_game(tmp_path: Path) -> None:
    data = packaged_data()
    data["name"] = "all forests"
    for card in data["cards"]:
        card["landscape_side"] = [["forest"] * 3, ["forest"] * 3]
    edition = GAME.load_edition(write(tmp_path, data))
    state = GAME.new_state(players=1, seed=1, edition=edition)
    card = state.hands[0][0]
    state.apply(state.parse_action(f"{card}l0"))
    assert state.landscapes[0].kinds[1].bit_count() == 6  # six forests
    assert state.edition.content_hash != GAME.default_edition().content_hash
