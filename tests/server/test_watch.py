"""Watching: a spectator's socket and view (the public observation and log, frame by frame,
never a seat's secret), replays of finished games, and records uploaded to be replayed."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablelands.core.records import record_of
from tablelands.core.rng import Rng
from tablelands.core.view import SeatLog
from tablelands.games import get_game
from tablelands.server.position import Position
from tests.play import random_play
from tests.server.conftest import bearer, hub_of, seat_socket, serving
from tests.server.secrecy import check_public_frame, public_secrets
from tests.server.test_socket import next_view, two_people


def hidden_from_public(observation: dict[str, Any], position: Position) -> list[str]:
    """What ``observation`` holds beyond what every seat of the position knows."""
    return public_secrets(observation, position.state)


def check_spectator_frame(frame: dict[str, Any], position: Position, since: int) -> None:
    """A spectator's frame is the public view and log, and holds no seat's secret
    (``tests/server/secrecy.py``)."""
    lines = [{"seq": line.seq, "text": line.text} for line in position.viewpoint(None).lines]
    check_public_frame(frame, position.state, position.seq, lines, since)


def test_every_spectator_frame_is_the_public_view_and_log(database_url: str) -> None:
    """Two seats play Land vs Sea over their sockets while a spectator watches: frame by
    frame, the spectator gets the public observation and log, and nothing hidden."""
    with serving(database_url) as client:
        game_id, tokens = two_people(client, "land-vs-sea")
        hub = hub_of(client)
        rng = Rng(3)
        with (
            seat_socket(client, game_id, tokens[0]) as first,
            seat_socket(client, game_id, tokens[1]) as second,
            seat_socket(client, game_id) as watcher,
        ):
            sockets = [first, second]
            frames = [next_view(first), next_view(second)]
            watched, sent = next_view(watcher), -1  # since=0: every line, the opening's too
            # A spectator is not one of the players: no seat shows as connected for it.
            assert [s["connected"] for s in watched["seats"]] == [True, True]
            for _ in range(1000):
                position = hub.referee.position(game_id)
                check_spectator_frame(watched, position, sent)
                sent = watched["seq"]
                if position.state.is_terminal:
                    break
                seat = position.state.current_player
                action = rng.choice(frames[seat]["legal_actions"])
                sockets[seat].send_json(
                    {"type": "move", "seq": frames[seat]["seq"], "action_id": action["id"]}
                )
                frames = [next_view(first), next_view(second)]
                watched = next_view(watcher)
            assert watched["is_over"] and watched["result"] is not None
            # The public log along the game, as a spectator's SeatLog writes it.
            state = position.state
            again = get_game("land-vs-sea").new_state(players=2, seed=state.seed)
            seen = [again.public_observation()]
            for action in state.history:
                again.apply(action)
                seen.append(again.public_observation())
            log = SeatLog.of(again.game, again.edition, seen).lines
            assert [line.text for line in position.viewpoint(None).lines] == log


def test_a_spectator_cannot_move_and_the_rest_view_needs_no_token(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        game_id, tokens = two_people(client, "confusing-lands")
        with seat_socket(client, game_id) as watcher:
            frame = next_view(watcher)
            seat_frame = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens[0])).json()
            action = seat_frame["legal_actions"][0]["id"]
            watcher.send_json({"type": "move", "seq": frame["seq"], "action_id": action})
            refusal = watcher.receive_json()
            assert refusal["type"] == "refused" and "spectator cannot move" in refusal["message"]
        public = client.get(f"/api/games/{game_id}/view").json()
        assert public["seat"] is None and public["observation"]["hands"] == [None, None]
        assert seat_frame["observation"]["hands"][0] is not None
        position = hub_of(client).referee.position(game_id)
        check_spectator_frame(public, position, -1)  # since=0: every line
        assert client.get("/api/games/nothing/view").status_code == 404
        page = client.get(f"/watch/{game_id}")
        assert page.status_code == 200 and 'data-spectate="1"' in page.text


def finish(client: TestClient, game_id: str, tokens: list[str], seed: int) -> None:
    """Play the game to its end by random moves over REST."""
    rng = Rng(seed)
    while True:
        seat = hub_of(client).referee.position(game_id).state.current_player
        if seat < 0:
            return
        now = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens[seat])).json()
        move = {"seq": now["seq"], "action_id": rng.choice(now["legal_actions"])["id"]}
        client.post(f"/api/games/{game_id}/moves", headers=bearer(tokens[seat]), json=move)


def test_a_finished_game_is_replayed_step_by_step_from_any_point_of_view(
    sqlite_url: str,
) -> None:
    with serving(sqlite_url) as client:
        game_id, tokens = two_people(client, "confusing-lands")
        refused = client.get(f"/api/games/{game_id}/replay")
        assert refused.status_code == 422 and "once it is over" in refused.json()["message"]
        assert client.get(f"/api/games/{game_id}/replay/0").status_code == 422
        finish(client, game_id, tokens, 8)
        state = hub_of(client).referee.position(game_id).state
        moves = client.get(f"/api/games/{game_id}/replay").json()
        assert moves["steps"] == len(state.history) == 16
        texts = record_of(state, ["a", "b"]).actions
        assert [m["text"] for m in moves["moves"]] == texts
        assert [m["seat"] for m in moves["moves"][:3]] == [0, 1, 0]
        # Walk the game again and compare every step, backwards too, for every viewer.
        walker = get_game("confusing-lands").new_state(players=2, seed=state.seed)
        expected = [walker.public_observation()], [walker.observation(0)]
        for action in state.history:
            walker.apply(action)
            expected[0].append(walker.public_observation())
            expected[1].append(walker.observation(0))
        for step in [*range(17), 5, 3, 0]:
            public = client.get(f"/api/games/{game_id}/replay/{step}").json()
            assert public["observation"] == expected[0][step] and public["viewer"] is None
            mine = client.get(f"/api/games/{game_id}/replay/{step}?viewer=0").json()
            assert mine["observation"] == expected[1][step]
            assert (public["move"] is None) == (step == 0)
            if step:
                move = public["move"]
                assert move["text"] == texts[step - 1] and move == mine["move"]
                # In words, as the mover's own log tells it: the card, where it went.
                assert move["words"][0].startswith(f"Seat {move['seat'] + 1} placed card ")
                assert texts[step - 1] in move["words"][0]
                assert public["told"] and public["told"] == [
                    line["text"] for line in public["log"] if line["step"] == step
                ]
        # Seat 1 saw its own first placement at once; a spectator saw it face down.
        assert mine["log"] != public["log"]
        # The places each step changed, as each saw it: the card placed, for seat 1 at once.
        game = get_game("confusing-lands")
        public = client.get(f"/api/games/{game_id}/replay/16").json()
        mine = client.get(f"/api/games/{game_id}/replay/16?viewer=0").json()
        for seen, marks in zip(expected, (public["marks"], mine["marks"]), strict=True):
            wanted = [
                {"step": n, "places": [list(p) for p in game.places(a, b, state.edition)]}
                for n, (a, b) in enumerate(pairwise(seen), start=1)
                if game.places(a, b, state.edition)
            ]
            assert marks == wanted and marks
        assert mine["marks"][0] == {"step": 1, "places": [[0, f"0:{texts[0]}"]]}
        assert public["marks"][0]["step"] == 2  # seat 1's card shown once seat 2 placed
        step1 = client.get(f"/api/games/{game_id}/replay/1").json()
        assert step1["told"] == ["Seat 1 placed a card"]
        for bad, why in (("17", "steps are 0 to 16"), ("-1", "steps are 0 to 16")):
            answer = client.get(f"/api/games/{game_id}/replay/{bad}")
            assert answer.status_code == 400 and why in answer.json()["message"]
        answer = client.get(f"/api/games/{game_id}/replay/2?viewer=7")
        assert "no seat 8" in answer.json()["message"]
        answer = client.get(f"/api/games/{game_id}/replay/2?viewer=me")
        assert "not 'me'" in answer.json()["message"]
        assert client.get(f"/replay/{game_id}").status_code == 200


def a_record(name: str = "land-vs-sea", seed: int = 21) -> dict[str, Any]:
    state = random_play(name, 2, seed)
    assert state.is_terminal
    made: dict[str, Any] = record_of(state, ["greedy", "human"]).model_dump(mode="json")
    return made


def test_an_uploaded_record_is_stored_as_a_finished_game_to_replay(sqlite_url: str) -> None:
    record = a_record()
    with serving(sqlite_url) as client:
        answer = client.post("/api/records", content=json.dumps(record))
        assert answer.status_code == 201, answer.text
        game = answer.json()["game"]
        assert answer.json()["replay"] == f"/replay/{game['id']}"
        assert game["status"] == "over" and game["moves"] == len(record["actions"])
        assert [s["kind"] for s in game["seats"]] == ["record", "record"]
        assert [s["name"] for s in game["seats"]] == ["greedy", "human"]
        assert game["result"]["scores"] == record["scores"]
        # The record route gives back the very record uploaded.
        assert client.get(f"/api/games/{game['id']}/record").json() == record
        last = client.get(f"/api/games/{game['id']}/replay/{len(record['actions'])}").json()
        assert last["observation"]["phase"] == "over"
        assert "the game is over" in last["log"][-1]["text"]
        # Nobody holds a record's seat: no token plays it, no rematch.
        assert client.post(f"/api/games/{game['id']}/rematch").status_code == 403


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        (
            lambda r: r["actions"].__setitem__(6, "pass"),
            "actions.6: 'pass' does not replay: you may pass only when",
        ),
        (lambda r: r["scores"].__setitem__(0, r["scores"][0] + 1), "scores.0"),
        (lambda r: r.__setitem__("seed", r["seed"] + 1), "does not"),
        (lambda r: r.pop("winners"), "winners"),
        (lambda r: r.__setitem__("game", "chess"), "no game 'chess'"),
        (lambda r: r["edition"].__setitem__("hash", "sha256:" + "0" * 64), "edition.hash"),
        (lambda r: r.update(actions=r["actions"][:9], **dict.fromkeys(END, None)), "not over"),
    ],
    ids=["illegal-move", "score", "seed", "missing-field", "game", "edition", "unfinished"],
)
def test_a_tampered_record_is_refused_with_its_reason(
    sqlite_url: str, change: Any, reason: str
) -> None:
    record = a_record()
    change(record)
    with serving(sqlite_url) as client:
        answer = client.post("/api/records", content=json.dumps(record))
        assert answer.status_code == 400
        assert reason in answer.json()["message"], answer.json()["message"]
        assert hub_of(client).store.game_ids() == []


END = ("scores", "winners", "breakdown", "final")


def test_an_upload_that_is_not_json_is_refused(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        answer = client.post("/api/records", content=b"{not json")
        assert answer.status_code == 422 and "not JSON" in answer.json()["message"]
        answer = client.post("/api/records", content=b" " * 2_000_001)
        assert answer.status_code == 413 and "at most 2,000,000 bytes" in answer.json()["message"]
