"""Clocks (docs/server.md, Clocks): kept from the stored move times, a seat out of time
played by a stand-in, or losing the game, at the right moment, across a restart and once
across two processes.
The tests drive the store's clock; none sleeps for time to pass."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tablelands.core.match import TIMEOUT
from tablelands.server.clocks import LIVE, TURN, ClockRule, Timing, read_clock
from tablelands.server.db import MoveRow, StandInRow
from tablelands.server.errors import ServerError
from tablelands.server.hub import Hub
from tests.server.conftest import bearer, hub_of, serving, settle

START = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)
DAY = 86400


class DrivenClock:
    """The time the store reads, moved on by the test."""

    def __init__(self) -> None:
        self.at = START

    def __call__(self) -> datetime:
        return self.at

    def advance(self, seconds: float) -> None:
        self.at += timedelta(seconds=seconds)


# -- the clock read from move times ---------------------------------------------------------


def test_a_live_clock_charges_each_seat_its_own_time_and_adds_the_increment() -> None:
    rule = ClockRule(LIVE, 600, 20)
    timings = [
        Timing(0, True, START + timedelta(seconds=30)),  # seat 0 took 30 s
        Timing(1, True, START + timedelta(seconds=130)),  # seat 1 took 100 s
        Timing(0, True, START + timedelta(seconds=140)),  # seat 0 took 10 s
    ]
    clock = read_clock(rule, 2, START, timings, 1, frozenset(), START + timedelta(seconds=200))
    assert clock.left[0] == 600 - 30 + 20 - 10 + 20
    # Seat 1 is to move: 60 s of this turn gone by.
    assert clock.left[1] == 600 - 100 + 20 - 60
    assert clock.running == 1 and not clock.flagged
    assert clock.deadline == START + timedelta(seconds=140 + 600 - 100 + 20)


def test_a_turn_clock_gives_every_move_its_time_from_the_move_before() -> None:
    rule = ClockRule(TURN, DAY)
    timings = [Timing(0, True, START + timedelta(hours=5))]
    at = START + timedelta(hours=5, seconds=DAY - 1)
    clock = read_clock(rule, 2, START, timings, 1, frozenset(), at)
    assert clock.left == (DAY, 1) and not clock.flagged
    late = read_clock(rule, 2, START, timings, 1, frozenset(), at + timedelta(seconds=2))
    assert late.flagged and late.deadline == START + timedelta(hours=5, seconds=DAY)


def test_no_time_runs_for_a_seat_a_stand_in_plays_or_once_the_game_is_over() -> None:
    rule = ClockRule(TURN, DAY)
    far = START + timedelta(days=30)
    stood_in = read_clock(rule, 2, START, [], 0, frozenset({0}), far)
    assert stood_in.running is None and not stood_in.flagged and stood_in.deadline is None
    over = read_clock(rule, 2, START, [], None, frozenset(), far)
    assert over.running is None and not over.flagged


def test_a_clock_outside_its_bounds_is_refused_saying_which() -> None:
    with pytest.raises(ServerError, match="a live clock has 1 min to 3 h, not 30 s"):
        ClockRule.checked(LIVE, 30, 0)
    with pytest.raises(ServerError, match="a turn clock has no increment"):
        ClockRule.checked(TURN, DAY, 5)
    with pytest.raises(ServerError, match="a turn clock has 1 min to 14 days"):
        ClockRule.checked(TURN, 30 * DAY, 0)
    with pytest.raises(ServerError, match="the increment is 0 to 600"):
        ClockRule.checked(LIVE, 600, 601)
    assert ClockRule.checked(LIVE, 600, 20).describe() == "10 min + 20 s"
    assert ClockRule.checked(TURN, 3 * DAY, 0).describe() == "3 days a move"
    lose = ClockRule.checked(TURN, DAY, 0, "lose")
    assert lose.describe() == "1 day a move, lost on time"
    assert ClockRule.from_json(lose.to_json()) == lose
    assert ClockRule.from_json({"kind": "turn", "seconds": DAY}) == ClockRule(TURN, DAY)


# -- the server ----------------------------------------------------------------------------


def driven(client: TestClient, clock: DrivenClock) -> Hub:
    hub = hub_of(client)
    hub.store.now = clock
    return hub


def new_clocked_game(
    client: TestClient, clock: dict[str, Any], friends: int = 1, game: str = "confusing-lands"
) -> tuple[str, list[str]]:
    """A game between people (seat 0 makes it, the others are friends)."""
    answer = client.post(
        "/api/games",
        json={
            "game": game,
            "seats": [{"kind": "me"}] + [{"kind": "friend"}] * friends,
            "clock": clock,
        },
    )
    assert answer.status_code == 201, answer.text
    made = answer.json()
    return made["game"]["id"], [seat["token"] for seat in made["seats"]]


def frame_of(client: TestClient, game_id: str, token: str) -> dict[str, Any]:
    answer = client.get(f"/api/games/{game_id}/view", headers=bearer(token))
    assert answer.status_code == 200, answer.text
    frame: dict[str, Any] = answer.json()
    return frame


def move(client: TestClient, game_id: str, token: str) -> Any:
    """The seat's first legal action (out of turn: action 0, for the refusal)."""
    frame = frame_of(client, game_id, token)
    legal = frame["legal_actions"]
    return client.post(
        f"/api/games/{game_id}/moves",
        headers=bearer(token),
        json={"seq": frame["seq"], "action_id": legal[0]["id"] if legal else 0},
    )


def check_clocks(client: TestClient) -> None:
    """What each process's sweep does every second, done now."""
    assert client.portal is not None
    client.portal.call(hub_of(client).check_clocks)
    settle(client)


def stand_ins(client: TestClient, game_id: str) -> int:
    with hub_of(client).store.session() as session:
        count = session.scalar(
            select(func.count()).select_from(StandInRow).where(StandInRow.game_id == game_id)
        )
    return count or 0


def test_a_turn_clock_that_runs_out_gives_the_seat_a_stand_in_until_its_person_returns(
    database_url: str,
) -> None:
    clock = DrivenClock()
    with serving(database_url) as client:
        driven(client, clock)
        game_id, (mine, friend) = new_clocked_game(client, {"kind": "turn", "seconds": DAY})
        clock.advance(3600)
        assert move(client, game_id, mine).status_code == 200
        shown = frame_of(client, game_id, friend)["clock"]
        assert shown["kind"] == TURN and shown["running"] == 1
        assert shown["deadline"] == (START + timedelta(seconds=3600 + DAY)).isoformat()
        # A second before the deadline nothing happens; a second after, the stand-in plays.
        clock.advance(DAY - 1)
        check_clocks(client)
        assert stand_ins(client, game_id) == 0
        clock.advance(2)
        check_clocks(client)
        assert stand_ins(client, game_id) == 1
        frame = frame_of(client, game_id, friend)
        assert frame["seats"][1]["stand_in"] and frame["seq"] >= 2
        assert frame["current_player"] == 0, "the stand-in played seat 1's move"
        # The log tells it, before the stand-in's first move, to the seat and to watchers.
        told = "Player 2 ran out of time: a bot plays for them until they come back."
        for log in (frame["log"], client.get(f"/api/games/{game_id}/view").json()["log"]):
            tagged = [line for line in log if line["seq"] == 2]
            assert tagged[0]["text"] == told and len(tagged) > 1
        # The seat's person cannot play while the stand-in does; back, it plays again.
        clock.advance(60)
        assert move(client, game_id, mine).status_code == 200
        settle(client)  # the stand-in plays seat 1's next move at once
        assert frame_of(client, game_id, friend)["current_player"] == 0
        refused = move(client, game_id, friend)
        assert refused.status_code == 422 and "stand-in plays your seat" in refused.text
        back = client.post(f"/api/games/{game_id}/back", headers=bearer(friend))
        assert back.status_code == 200, back.text
        assert not back.json()["seats"][1]["stand_in"]
        assert move(client, game_id, mine).status_code == 200
        settle(client)
        assert frame_of(client, game_id, friend)["current_player"] == 1, "no stand-in moved"
        assert move(client, game_id, friend).status_code == 200
        log = frame_of(client, game_id, friend)["log"]
        assert any(line["text"] == "Player 2 is back and plays their seat again." for line in log)
        again = client.post(f"/api/games/{game_id}/back", headers=bearer(friend))
        assert again.status_code == 422 and "no stand-in plays your seat" in again.text


def time_outs(client: TestClient, game_id: str) -> int:
    with hub_of(client).store.session() as session:
        count = session.scalar(
            select(func.count())
            .select_from(MoveRow)
            .where(MoveRow.game_id == game_id, MoveRow.kind == TIMEOUT)
        )
    return count or 0


LOSE_A_DAY = {"kind": "turn", "seconds": DAY, "on_timeout": "lose"}


def test_a_turn_clock_that_runs_out_ends_the_game_with_that_seat_last(database_url: str) -> None:
    clock = DrivenClock()
    with serving(database_url) as client:
        driven(client, clock)
        game_id, (mine, friend, third) = new_clocked_game(
            client, LOSE_A_DAY, friends=2, game="land-vs-sea"
        )
        assert client.get(f"/api/games/{game_id}").json()["clock"]["on_timeout"] == "lose"
        assert move(client, game_id, mine).status_code == 200
        assert move(client, game_id, friend).status_code == 200
        clock.advance(DAY - 1)
        check_clocks(client)
        assert time_outs(client, game_id) == 0
        assert frame_of(client, game_id, third)["legal_actions"]
        clock.advance(2)
        check_clocks(client)
        assert time_outs(client, game_id) == 1 and stand_ins(client, game_id) == 0
        summary = client.get(f"/api/games/{game_id}").json()
        assert summary["status"] == "over"
        result = summary["result"]
        assert result["lost_on_time"] == 2
        # The one out of time is last; the others are placed by their scores.
        scores = result["scores"]
        assert result["places"][2] == 2
        assert result["places"][:2] == [int(scores[0] < scores[1]), int(scores[1] < scores[0])]
        assert result["winners"] == [s for s in (0, 1) if result["places"][s] == 0]
        frame = frame_of(client, game_id, third)
        assert frame["is_over"] and not frame["to_act"] and frame["legal_actions"] == []
        assert frame["result"] == result and frame["clock"]["running"] is None
        told = "Player 3 ran out of time: the game ends, and they are last."
        for log in (frame["log"], client.get(f"/api/games/{game_id}/view").json()["log"]):
            assert log[-1] == {"seq": 3, "text": told}
        refused = move(client, game_id, third)
        assert refused.status_code == 422 and "seat 3's time ran out" in refused.text
        record = client.get(f"/api/games/{game_id}/record")
        assert record.status_code == 200 and len(record.json()["actions"]) == 2
        assert client.get(f"/api/games/{game_id}/replay").status_code == 200
        # Nothing more happens to it: the sweep passes it by.
        clock.advance(7 * DAY)
        check_clocks(client)
        assert time_outs(client, game_id) == 1


def test_a_seat_that_never_moves_runs_out_of_time_from_the_start(sqlite_url: str) -> None:
    clock = DrivenClock()
    with serving(sqlite_url) as client:
        driven(client, clock)
        game_id, (_, friend) = new_clocked_game(
            client, {"kind": "live", "seconds": 60, "on_timeout": "lose"}
        )
        clock.advance(59)
        check_clocks(client)
        assert time_outs(client, game_id) == 0
        clock.advance(2)
        check_clocks(client)
        assert time_outs(client, game_id) == 1
        result = frame_of(client, game_id, friend)["result"]
        assert result["lost_on_time"] == 0 and result["winners"] == [1]


def test_a_live_clock_counts_down_and_a_move_after_the_flag_is_refused(sqlite_url: str) -> None:
    clock = DrivenClock()
    with serving(sqlite_url) as client:
        driven(client, clock)
        game_id, (mine, friend) = new_clocked_game(
            client, {"kind": "live", "seconds": 60, "increment": 5}
        )
        clock.advance(20)
        assert move(client, game_id, mine).status_code == 200
        shown = frame_of(client, game_id, mine)["clock"]
        assert shown["left"] == [45.0, 60.0] and shown["running"] == 1
        clock.advance(61)
        refused = move(client, game_id, friend)
        assert refused.status_code == 422 and "your time has run out" in refused.text
        check_clocks(client)
        assert stand_ins(client, game_id) == 1
        back = client.post(f"/api/games/{game_id}/back", headers=bearer(friend))
        assert back.status_code == 422 and "to the end of the game" in back.text


def test_a_deadline_passed_while_the_server_was_down_is_kept_after_the_restart(
    sqlite_url: str,
) -> None:
    clock = DrivenClock()
    with serving(sqlite_url) as client:
        driven(client, clock)
        game_id, (mine, _) = new_clocked_game(client, {"kind": "turn", "seconds": DAY})
        assert move(client, game_id, mine).status_code == 200
        check_clocks(client)  # the sweep stores the true deadline
    clock.advance(DAY + 1)
    with serving(sqlite_url) as client:
        driven(client, clock)
        check_clocks(client)
        assert stand_ins(client, game_id) == 1
        assert frame_of(client, game_id, mine)["current_player"] == 0


def test_a_game_lost_on_time_while_the_server_was_down_is_lost_after_the_restart(
    sqlite_url: str,
) -> None:
    clock = DrivenClock()
    with serving(sqlite_url) as client:
        driven(client, clock)
        game_id, (mine, friend) = new_clocked_game(client, LOSE_A_DAY)
        assert move(client, game_id, mine).status_code == 200
        check_clocks(client)
    clock.advance(DAY + 1)
    with serving(sqlite_url) as client:
        driven(client, clock)
        assert frame_of(client, game_id, friend)["legal_actions"], "nobody has looked yet"
        check_clocks(client)
        assert time_outs(client, game_id) == 1
        result = frame_of(client, game_id, friend)["result"]
        assert result["winners"] == [0] and result["places"] == [0, 1]


@contextmanager
def two_processes(url: str, clock: DrivenClock) -> Iterator[tuple[TestClient, TestClient]]:
    with ExitStack() as stack:
        first = stack.enter_context(serving(url))
        second = stack.enter_context(serving(url))
        driven(first, clock)
        driven(second, clock)
        yield first, second


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_with_two_processes_a_seat_runs_out_of_time_once(database_url: str) -> None:
    clock = DrivenClock()
    with two_processes(database_url, clock) as (first, second):
        game_id, (mine, friend) = new_clocked_game(first, {"kind": "turn", "seconds": DAY})
        assert move(second, game_id, mine).status_code == 200
        clock.advance(DAY + 1)
        check_clocks(first)
        check_clocks(second)
        assert stand_ins(first, game_id) == 1
        settle(second)
        frame = frame_of(second, game_id, friend)
        assert frame["seats"][1]["stand_in"] and frame["current_player"] == 0


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_with_two_processes_a_game_is_lost_on_time_once(database_url: str) -> None:
    clock = DrivenClock()
    with two_processes(database_url, clock) as (first, second):
        game_id, (mine, friend) = new_clocked_game(first, LOSE_A_DAY)
        assert move(second, game_id, mine).status_code == 200
        clock.advance(DAY + 1)
        check_clocks(first)
        check_clocks(second)
        assert time_outs(first, game_id) == 1
        settle(second)
        for client in (first, second):
            frame = frame_of(client, game_id, friend)
            assert frame["is_over"] and frame["result"]["lost_on_time"] == 1
