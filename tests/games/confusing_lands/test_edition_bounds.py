"""Confusing Lands editions (issue 14): strict types, the counts the rules fix, and a valid
edition always plays."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tablelands.core.errors import EditionError
from tablelands.games.confusing_lands import GAME
from tests.games.edition_fuzzing import FUZZ, check_mutated_edition


def data() -> dict[str, Any]:
    return copy.deepcopy(GAME.default_edition().to_data())


def refused(tmp_path: Path, content: Any, *fragments: str) -> None:
    path = tmp_path / "cl.json"
    path.write_text(json.dumps(content), encoding="utf-8")
    with pytest.raises(EditionError) as info:
        GAME.load_edition(path)
    text = str(info.value)
    assert text.startswith(str(path))
    for fragment in fragments:
        assert fragment in text, text


@pytest.mark.parametrize("card_id", ["1", 1.0, True])
def test_card_ids_are_whole_numbers(tmp_path: Path, card_id: Any) -> None:
    content = data()
    content["cards"][0]["id"] = card_id
    refused(tmp_path, content, "cards.0.id", "valid integer")


@pytest.mark.parametrize("flag", [1, "true", None])
def test_reconstructed_is_a_boolean(tmp_path: Path, flag: Any) -> None:
    content = data()
    content["reconstructed"] = flag
    refused(tmp_path, content, "reconstructed", "valid boolean")


def test_card_count_is_the_18_the_rules_fix(tmp_path: Path) -> None:
    content = data()
    content["cards"].append(content["cards"][0])
    refused(tmp_path, content, "cards: ", "ids 1 to 18, each once")


def test_hash_is_of_the_data_as_given() -> None:
    content = data()
    edition = GAME.edition_class.from_data(content, "cl.json")
    assert edition.content_hash == GAME.default_edition().content_hash
    content["notes"] = content.get("notes", "") + " (my copy)"
    other = GAME.edition_class.from_data(content, "cl.json")
    assert other.content_hash != edition.content_hash
    assert other.to_data() == content


@FUZZ
@given(st.data())
def test_fuzzed_editions_fail_clearly_or_play(fuzz: st.DataObject) -> None:
    check_mutated_edition(GAME, fuzz, GAME.default_edition().to_data())
