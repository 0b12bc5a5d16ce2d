"""Behaviour held still: the same seed and agents give byte-identical records in every mode,
and the search ranks the same actions at fixed positions (files made by make_golden.py)."""

from __future__ import annotations

import json

import pytest

from tests.golden.make_golden import (
    CHOICES,
    RECORDS,
    golden_record,
    mode_name,
    modes,
    search_choices,
)

MODES = modes()
IDS = [mode_name(*mode) for mode in MODES]


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=IDS)
def test_records_are_byte_identical(name: str, players: int, options: dict[str, object]) -> None:
    path = RECORDS / f"{mode_name(name, players, options)}.json"
    assert golden_record(name, players, options) == path.read_text()


@pytest.mark.parametrize(("name", "players", "options"), MODES, ids=IDS)
def test_search_ranks_as_before(name: str, players: int, options: dict[str, object]) -> None:
    recorded = json.loads(CHOICES.read_text())[mode_name(name, players, options)]
    assert recorded, "no position was searched"
    assert search_choices(name, players, options) == recorded
