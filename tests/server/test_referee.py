"""The referee's shortcuts, each checked against what the game's rows rebuild to: a move
heard from another process played on without reading the rows, the seats frames show read
again only after a seats event, and a play stored between its check and its position."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tablelands.core.game import JsonDict
from tablelands.core.match import Move
from tablelands.server.db import make_engine, upgrade
from tablelands.server.events import Event, Publisher
from tablelands.server.referee import Referee
from tablelands.server.schemas import NewGame, SeatRequest
from tablelands.server.store import Store


def referee_over(url: str, process: str) -> Referee:
    """A referee as one server process holds it (it publishes to nobody)."""
    return Referee(Store(make_engine(url), Publisher(process, shared=False)))


def counting(monkeypatch: pytest.MonkeyPatch, store: Store, name: str) -> list[Any]:
    """The calls made from now on of one of ``store``'s methods."""
    calls: list[Any] = []
    method: Callable[..., Any] = getattr(store, name)

    def counted(*args: Any) -> Any:
        calls.append(args)
        return method(*args)

    monkeypatch.setattr(store, name, counted)
    return calls


@pytest.fixture
def url(tmp_path: Path) -> str:
    made = f"sqlite:///{tmp_path / 'games.db'}"
    upgrade(make_engine(made))
    return made


def new_game(referee: Referee, game: str) -> str:
    seats = [SeatRequest(kind="me"), SeatRequest(kind="friend")]
    game_id, _ = referee.create(NewGame(game=game, seats=seats))
    return game_id


def play_one(referee: Referee, game_id: str, rng: random.Random) -> Event:
    """A random legal move of the seat to act, as a socket sends it."""
    position = referee.position(game_id)
    state = position.state
    action = rng.choice(state.legal_actions())
    checked = referee.check(game_id, state.current_player, position.seq, None, action)
    referee.commit(checked)  # as the hub's writer thread does
    return referee.played(checked)


def every_frame(referee: Referee, game_id: str, players: int) -> list[JsonDict]:
    wanted: list[tuple[int | None, int]] = [(seat, -1) for seat in range(players)]
    return [frame.data() for frame in referee.frames(game_id, [*wanted, (None, -1)])]


@pytest.mark.parametrize("game", ["confusing-lands", "land-vs-sea", "drifting-lands"])
def test_a_move_heard_from_another_process_is_played_on_without_reading_the_rows(
    url: str, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    here, there = referee_over(url, "here"), referee_over(url, "there")
    game_id = new_game(there, game)
    here.frames(game_id, [(0, -1)])  # this process's position, cached
    rng = random.Random(game)
    reads = counting(monkeypatch, here.store, "moves")
    for _ in range(12):
        event = play_one(there, game_id, rng)
        heard = Event.from_text(event_text(there, event))[1]
        assert heard.move is not None and heard.move.seq == event.seq
        assert here.heard(game_id, heard) == heard
        frames = here.frames(game_id, [(0, -1), (1, -1), (None, -1)], just_changed=True)
        assert reads == []
        assert [f.data() for f in frames] == every_frame(referee_over(url, "fresh"), game_id, 2)


def event_text(referee: Referee, event: Event) -> str:
    """The notification the move's process sends (its event with the move in it)."""
    moves = referee.store.moves(event.game, event.seq - 1)
    return Event(event.game, event.kind, event.seq, event.over, move=moves[0]).to_text("there")


def test_a_move_heard_out_of_turn_leaves_the_position_to_be_read_from_the_rows(
    url: str,
) -> None:
    here, there = referee_over(url, "here"), referee_over(url, "there")
    game_id = new_game(there, "confusing-lands")
    here.frames(game_id, [(0, -1)])
    rng = random.Random(7)
    play_one(there, game_id, rng)
    second = play_one(there, game_id, rng)
    # The first move's event was missed: the second is not played on the position of seq 0.
    missed = Event(game_id, Event.MOVED, second.seq, move=Move(second.seq, 0, 0))
    assert here.heard(game_id, missed) is None
    assert [f.data() for f in here.frames(game_id, [(0, -1), (1, -1)])] == every_frame(
        referee_over(url, "fresh"), game_id, 2
    )[:2]
    # Nor is a move the rules refuse (a notification that is not the stored move).
    bad = Event(game_id, Event.MOVED, second.seq + 1, move=Move(second.seq + 1, 0, 10**9))
    assert here.heard(game_id, bad) is None
    assert here.position(game_id).seq == second.seq


def test_frames_show_the_seats_last_read_until_the_seats_change(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    referee = referee_over(url, "here")
    game_id = new_game(referee, "drifting-lands")
    reads = counting(monkeypatch, referee.store, "seats")
    rng = random.Random(3)
    referee.frames(game_id, [(0, -1), (1, -1)])
    for _ in range(3):
        play_one(referee, game_id, rng)
        referee.frames(game_id, [(0, -1), (1, -1)], just_changed=True)
    shown = len(reads)
    assert shown == 1  # one reading for every frame since (play checks no token)
    referee.store.update_seat(game_id, 1, None, name="Bea")  # its event: seats changed
    referee.seats_changed(game_id)
    after = referee.frames(game_id, [(0, -1)], just_changed=True)[0].data()
    assert after["seats"][1]["name"] == "Bea" and len(reads) == shown + 1
    # A view asked for on its own reads them as they are.
    referee.store.update_seat(game_id, 1, None, name="Cy")
    assert referee.frame(game_id, 0, -1)["seats"][1]["name"] == "Cy"


def test_a_play_stored_while_its_position_was_read_again_is_played_once(url: str) -> None:
    referee = referee_over(url, "here")
    game_id = new_game(referee, "land-vs-sea")
    position = referee.position(game_id)
    action = position.state.legal_actions()[0]
    checked = referee.check(game_id, position.state.current_player, position.seq, None, action)
    referee.commit(checked)
    # Between the steps, a reading (a summary asked for meanwhile) brought the position on.
    assert referee.position(game_id).seq == checked.move.seq
    event = referee.played(checked)
    assert event.seq == checked.move.seq
    brought_on = referee.position(game_id)
    assert [m.seq for m in brought_on.played] == [checked.move.seq]
    assert every_frame(referee, game_id, 2) == every_frame(referee_over(url, "fresh"), game_id, 2)
