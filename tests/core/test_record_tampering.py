"""Tampered records (issue 14): a record replays only if it is exactly the record of the game
its actions replay to, type for type; anything else is a ``RecordError`` naming the field."""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tablelands.core.errors import OptionError, RecordError
from tablelands.core.files import json_difference, validate
from tablelands.core.records import GameRecord, read_record, record_of, replay, write_record
from tablelands.core.rng import SEED_LIMIT
from tablelands.games import UnknownGameError, get_game
from tests.core.mutations import tampered
from tests.play import random_play

FUZZ = settings(
    max_examples=150, deadline=3000, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)


def finished(
    name: str = "confusing-lands", players: int = 2, seed: int = 3, steps: int = 10_000
) -> dict[str, Any]:
    state = random_play(name, players, seed, steps)
    return record_of(state, [f"random-{s}" for s in range(players)]).model_dump(mode="json")


@cache
def records() -> list[dict[str, Any]]:
    return [
        finished("confusing-lands", 1, 1),
        finished("confusing-lands", 2, 2),
        finished("confusing-lands", 2, 3, steps=5),
        finished("land-vs-sea", 2, 4),
        finished("land-vs-sea", 3, 5, steps=20),
        finished("drifting-lands", 2, 6),
        finished("drifting-lands", 3, 7, steps=30),
    ]


def check(data: Any, source: str = "game.json") -> None:
    """Validate and replay ``data`` as a record file's content."""
    record = validate(GameRecord, data, source, RecordError)
    game = get_game(record.game)
    replay(record, game, game.default_edition(), source)


def tamper(**fields: Any) -> dict[str, Any]:
    data = copy.deepcopy(finished())
    data.update(fields)
    return data


def test_untouched_records_replay() -> None:
    for data in records():
        check(data)


def test_final_null_on_finished_record_is_refused() -> None:
    with pytest.raises(RecordError, match=r"final: the game is over after its 16 actions"):
        check(tamper(final=None, scores=[999, 0]))
    with pytest.raises(
        RecordError, match=r"scores: the game is over .*scores, winners, breakdown, final"
    ):
        check(tamper(final=None, scores=None, winners=None, breakdown=None))


def test_end_fields_on_unfinished_record_are_refused() -> None:
    data = finished(steps=5)
    done = finished()
    for field in ("scores", "winners", "breakdown", "final"):
        changed = copy.deepcopy(data)
        changed[field] = done[field]
        with pytest.raises(
            RecordError, match=rf"{field}: the game is not over after its 5 actions"
        ):
            check(changed)


def test_scores_that_differ_from_the_replay_are_refused() -> None:
    with pytest.raises(RecordError, match=r"scores\.0: recorded 999"):
        check(tamper(scores=[999, 0]))
    data = tamper()
    data["winners"] = [0, 1]
    with pytest.raises(RecordError, match=r"winners"):
        check(data)


@pytest.mark.parametrize("seed", ["3", 3.0, True, 3 + 2**64, -1, SEED_LIMIT])
def test_seed_must_be_a_whole_number_in_range(seed: Any) -> None:
    with pytest.raises(RecordError, match=r"game\.json: seed: Input should be"):
        check(tamper(seed=seed))


def test_seed_range_covers_records_written() -> None:
    state = get_game("confusing-lands").new_state(players=1, seed=SEED_LIMIT - 1)
    data = record_of(state, ["human"]).model_dump(mode="json")
    check(data)
    with pytest.raises(OptionError, match="between 0 and 2"):
        get_game("confusing-lands").new_state(players=1, seed=SEED_LIMIT)
    state.seed = SEED_LIMIT  # set by hand: a record still refuses it
    with pytest.raises(RecordError, match="cannot be recorded: seed"):
        record_of(state, ["human"])


def test_true_or_float_for_one_inside_final_is_refused() -> None:
    data = tamper()
    data["breakdown"][1]["seat"] = True
    with pytest.raises(RecordError, match=r"breakdown\.1\.seat: recorded true, replayed 1"):
        check(data)
    data = tamper()
    data["final"]["landscapes"][1]["seat"] = 1.0
    with pytest.raises(RecordError, match=r"final\.landscapes\.1\.seat: recorded 1\.0, replayed 1"):
        check(data)
    data = tamper()
    data["winners"] = [float(w) for w in data["winners"]]
    with pytest.raises(RecordError, match=r"winners\.0: Input should be a valid integer"):
        check(data)


@pytest.mark.parametrize("seats", [[1, 0], [0, 5], [0, 0], [-1, 0]])
def test_seats_are_zero_to_n_minus_one_in_order(seats: list[int]) -> None:
    data = tamper()
    for player, seat in zip(data["players"], seats, strict=True):
        player["seat"] = seat
    with pytest.raises(RecordError, match=r"players"):
        check(data)


def test_format_is_required() -> None:
    data = tamper()
    del data["format"]
    with pytest.raises(RecordError, match=r"format: Field required"):
        check(data)
    data = tamper()
    del data["final"]
    with pytest.raises(RecordError, match=r"final: Field required"):
        check(data)


def test_options_must_be_complete_and_exact() -> None:
    data = finished("land-vs-sea", 2, 4)
    data["options"] = {}
    with pytest.raises(RecordError, match=r"options\.mountains: present in only one"):
        check(data)
    data = finished("land-vs-sea", 3, 5, steps=20)
    data["options"]["trade"] = False
    with pytest.raises(RecordError, match=r"options: .*always on"):
        check(data)
    data = finished("land-vs-sea", 2, 4)
    data["options"]["trade"] = "off"
    with pytest.raises(RecordError, match=r"options\.trade: recorded \"off\", replayed false"):
        check(data)


def test_non_canonical_action_text_is_refused() -> None:
    data = tamper()
    text = data["actions"][0]
    data["actions"][0] = text.upper()
    with pytest.raises(RecordError, match=r"actions\.0: .* is not written as tablelands writes"):
        check(data)
    data = tamper()
    data["actions"][3] = " " + data["actions"][3]
    with pytest.raises(RecordError, match=r"actions\.3"):
        check(data)


def test_actions_after_the_end_are_refused() -> None:
    data = tamper()
    data["actions"].append(data["actions"][-1])
    with pytest.raises(RecordError, match=r"actions\.16: .* comes after the end"):
        check(data)


def test_written_record_is_read_back_identically(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "game.json"
    for data in records():
        record = validate(GameRecord, data, "x", RecordError)
        write_record(record, path)
        assert json_difference(json.loads(path.read_text()), data) is None
        assert read_record(path) == record
    assert [p.name for p in path.parent.iterdir()] == ["game.json"]


def test_write_record_names_the_path_on_failure(tmp_path: Path) -> None:
    record = validate(GameRecord, finished(), "x", RecordError)
    with pytest.raises(RecordError, match=r"cannot write"):
        write_record(record, tmp_path)
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(RecordError, match=r"file/game\.json: cannot write"):
        write_record(record, blocker / "game.json")


@FUZZ
@given(st.data())
def test_fuzzed_records_replay_identically_or_fail_clearly(data: st.DataObject) -> None:
    original = data.draw(st.sampled_from(records()))
    changed, how = data.draw(tampered(original))
    try:
        record = validate(GameRecord, changed, "game.json", RecordError)
        game = get_game(record.game)
        state = replay(record, game, game.default_edition(), "game.json")
    except RecordError as exc:
        assert str(exc).startswith("game.json: "), how
        return
    except UnknownGameError:  # a tampered game name: the command reports it as it is
        assert how.startswith("['game']"), how
        return
    # Accepted: the record is exactly the record of its replay (only names are free).
    names = [p.name for p in record.players]
    assert json_difference(changed, record_of(state, names).model_dump(mode="json")) is None, how
