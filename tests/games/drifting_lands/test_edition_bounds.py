"""Drifting Lands editions (issue 14): every bound the engine relies on is checked with the
path and field, so a valid edition always plays."""

from __future__ import annotations

import copy
import json
import time
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablelands.core.errors import EditionError
from tablelands.core.rng import Rng
from tablelands.core.saved import load_state
from tablelands.games.drifting_lands import GAME
from tablelands.games.drifting_lands.notation import POSITIONS
from tests.games.edition_fuzzing import FUZZ, check_mutated_edition


def data() -> dict[str, Any]:
    return copy.deepcopy(GAME.default_edition().to_data())


def load(tmp_path: Path, content: Any) -> Any:
    path = tmp_path / "dl.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    return GAME.load_edition(path)


def refused(tmp_path: Path, content: Any, *fragments: str) -> None:
    with pytest.raises(EditionError) as info:
        load(tmp_path, content)
    text = str(info.value)
    assert text.startswith(str(tmp_path / "dl.json"))
    for fragment in fragments:
        assert fragment in text, text


def play(edition: Any, players: int = 4) -> None:
    state = GAME.new_state(players=players, seed=3, edition=edition)
    rng = Rng(4)
    while not state.is_terminal:
        action = rng.choice(state.legal_actions())
        assert state.parse_action(state.format_action(action)) == action
        state.apply(action)
    load_state(GAME, state.to_json(), edition)


def test_packaged_edition_still_validates(tmp_path: Path) -> None:
    edition = load(tmp_path, data())
    assert edition.content_hash == GAME.default_edition().content_hash


def test_space_beyond_the_action_encoding_is_refused(tmp_path: Path) -> None:
    content = data()
    content["map"]["spaces"].append({"q": 3000, "r": 3000, "value": 1})
    refused(tmp_path, content, "map.spaces.", ".q", f"less than or equal to {POSITIONS}")


def test_far_space_fails_fast_without_memory_error(tmp_path: Path) -> None:
    content = data()
    content["map"]["spaces"].append({"q": 10**6, "r": 10**6, "value": 1})
    start = time.perf_counter()
    refused(tmp_path, content, "map.spaces.")
    assert time.perf_counter() - start < 2


def test_map_wider_than_the_board_positions_is_refused(tmp_path: Path) -> None:
    content = data()
    spaces = content["map"]["spaces"]
    qs, rs = [s["q"] for s in spaces], [s["r"] for s in spaces]
    width = max(qs) - min(qs) + 2
    # The last row that still fits: its last position is number POSITIONS - 1.
    last = (POSITIONS - 1 - (max(qs) - min(qs))) // width + min(rs)
    fits = copy.deepcopy(content)
    fits["map"]["spaces"].append({"q": max(qs), "r": last, "value": 1})
    edition = load(tmp_path, fits)
    assert edition.grid.index(max(qs), last) < POSITIONS
    play(edition)  # every position it has can be named by an action
    content["map"]["spaces"].append({"q": max(qs), "r": last + 1, "value": 1})
    refused(tmp_path, content, "map.spaces: ", f"action numbers name at most {POSITIONS}")


@pytest.mark.parametrize("value", [-1, 10, 10**9])
def test_space_values_are_one_digit(tmp_path: Path, value: int) -> None:
    content = data()
    content["map"]["spaces"][5]["value"] = value
    refused(tmp_path, content, "map.spaces.5.value")


@pytest.mark.parametrize("value", ["2", 2.0, True])
def test_edition_numbers_are_strict(tmp_path: Path, value: Any) -> None:
    content = data()
    content["map"]["spaces"][5]["value"] = value
    refused(tmp_path, content, "map.spaces.5.value", "valid integer")


@pytest.mark.parametrize(
    "pawns",
    [
        {"1": 5, "2": 2, "3": 1, "4": 2},
        {"1": 4, "2": 2, "3": 1, "4": 1},
        {"1": 10**9, "2": 2, "3": 1, "4": 1},
    ],
)
def test_pawn_counts_are_the_ones_the_rules_fix(tmp_path: Path, pawns: dict[str, int]) -> None:
    content = data()
    content["species"]["pawns"] = pawns
    refused(tmp_path, content, "species.pawns", "9 pawns: 5 of level 1")


def test_corners_are_listed_in_their_order(tmp_path: Path) -> None:
    content = data()
    corners = content["map"]["corners"]
    corners[0]["name"] = "somewhere"
    refused(tmp_path, content, "map.corners.0.name: ", "'north-west'")
    content = data()
    corners = content["map"]["corners"]
    # North-east and south-east swapped, names kept: 1 and 3 would no longer be opposite.
    corners[1]["tiles"], corners[2]["tiles"] = corners[2]["tiles"], corners[1]["tiles"]
    corners[1]["starts"], corners[2]["starts"] = corners[2]["starts"], corners[1]["starts"]
    refused(tmp_path, content, "map.corners: ", "diagonally opposite")


@FUZZ
@given(st.data())
def test_fuzzed_editions_fail_clearly_or_play(fuzz: st.DataObject) -> None:
    check_mutated_edition(GAME, fuzz, GAME.default_edition().to_data())
