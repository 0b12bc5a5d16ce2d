from __future__ import annotations

import json
from pathlib import Path

import pytest

from tablelands.core.errors import RecordError
from tablelands.core.records import first_difference, read_record, record_of, replay, write_record
from tablelands.core.rng import Rng
from tablelands.games import get_game

GAME = get_game("confusing-lands")


def test_record_holds_everything_and_replays(tmp_path: Path) -> None:
    state = GAME.new_state(players=2, seed=5)
    rng = Rng(1)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    record = record_of(state, ["random", "greedy"])
    path = tmp_path / "game.json"
    write_record(record, path)
    data = json.loads(path.read_text())
    assert data["format"] == "tablelands-record/1"
    assert data["game"] == "confusing-lands"
    assert data["edition"]["hash"] == GAME.default_edition().content_hash
    assert data["seed"] == 5 and len(data["actions"]) == 16
    assert data["players"] == [{"seat": 0, "name": "random"}, {"seat": 1, "name": "greedy"}]
    cell = data["final"]["landscapes"][0]["cells"][0]
    assert set(cell) == {"row", "col", "kind", "river_ends", "condition"}
    loaded = read_record(path)
    assert replay(loaded, GAME, GAME.default_edition(), str(path)).scores() == state.scores()


def test_tampered_record_fails_naming_the_field(tmp_path: Path) -> None:
    state = GAME.new_state(players=1, seed=2)
    rng = Rng(2)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_actions()))
    record = record_of(state, ["random"])
    bad = record.model_copy(deep=True)
    assert bad.final is not None
    bad.final["landscapes"][0]["cells"][3]["kind"] = "dragon"
    with pytest.raises(
        RecordError, match=r"final\.landscapes\.0\.cells\.3\.kind: recorded \"dragon\""
    ):
        replay(bad, GAME, GAME.default_edition(), "game.json")
    bad = record.model_copy(deep=True)
    bad.scores = [999]
    with pytest.raises(RecordError, match=r"scores\.0: recorded 999"):
        replay(bad, GAME, GAME.default_edition(), "game.json")
    bad = record.model_copy(deep=True)
    bad.actions[2] = "1c0@30,30"
    with pytest.raises(RecordError, match=r"actions\.2: '1c0@30,30' does not replay"):
        replay(bad, GAME, GAME.default_edition(), "game.json")
    bad = record.model_copy(deep=True)
    bad.actions.pop()
    with pytest.raises(RecordError, match="not over"):
        replay(bad, GAME, GAME.default_edition(), "game.json")
    bad = record.model_copy(deep=True)
    bad.edition.hash = "sha256:" + "0" * 64
    with pytest.raises(RecordError, match=r"edition\.hash"):
        replay(bad, GAME, GAME.default_edition(), "game.json")


def test_unfinished_record_replays_its_actions() -> None:
    state = GAME.new_state(players=2, seed=3)
    state.apply(state.legal_actions()[0])
    record = record_of(state, ["human", "random"])
    assert not record.complete and record.scores is None
    assert replay(record, GAME, GAME.default_edition(), "x").history == state.history


def test_bad_record_files_name_path_and_field(tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps({"format": "tablelands-record/1", "game": "confusing-lands"}))
    with pytest.raises(RecordError, match=r"r\.json: .*edition: Field required"):
        read_record(path)
    path.write_text("[1, 2")
    with pytest.raises(RecordError, match="not valid JSON"):
        read_record(path)


def test_first_difference_points_at_the_path() -> None:
    assert (
        first_difference({"a": [1, {"b": 2}]}, {"a": [1, {"b": 3}]}, "x")
        == "x.a.1.b: recorded 2, replayed 3"
    )
    assert first_difference([1], [1, 2], "y") == "y: recorded 1 entries, replayed 2"
    assert first_difference({"a": 1}, {"a": 1}, "z") is None
