"""The WebSocket: every frame a seat receives is what its own view alone gives, over whole
games; moves, undos and refusals over the socket; reconnecting with ``since``."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession
from starlette.websockets import WebSocketDisconnect

from tablelands.core.rng import Rng
from tablelands.server.position import Position
from tests.server.conftest import bearer, hub_of, seat_socket, serving
from tests.server.secrecy import check_seat_frame


def next_view(socket: WebSocketTestSession) -> dict[str, Any]:
    """The next ``view`` message (``seats`` messages, sent as others come and go, skipped)."""
    while True:
        message: dict[str, Any] = socket.receive_json()
        if message["type"] != "seats":
            return message


def two_people(client: TestClient, game: str) -> tuple[str, list[str]]:
    made = client.post(
        "/api/games", json={"game": game, "seats": [{"kind": "me"}, {"kind": "hotseat"}]}
    ).json()
    return made["game"]["id"], [seat["token"] for seat in made["seats"]]


def check_secrecy(frame: dict[str, Any], position: Position, seat: int, since: int) -> None:
    """``frame`` is exactly what the seat's own view gives, in every world it cannot tell
    from the true one, and holds nothing else that is secret (``tests/server/secrecy.py``)."""
    lines = [{"seq": line.seq, "text": line.text} for line in position.viewpoint(seat).lines]
    check_seat_frame(frame, position.state, position.seq, lines, seat, since)


@pytest.mark.parametrize("game", ["confusing-lands", "land-vs-sea", "drifting-lands"])
def test_every_frame_a_seat_gets_is_computable_from_its_own_view(
    sqlite_url: str, game: str
) -> None:
    with serving(sqlite_url) as client:
        game_id, tokens = two_people(client, game)
        hub = hub_of(client)
        rng = Rng(11)
        with (
            seat_socket(client, game_id, tokens[0]) as first,
            seat_socket(client, game_id, tokens[1]) as second,
        ):
            sockets = [first, second]
            frames = [next_view(first), next_view(second)]
            sent = [-1, -1]  # a fresh socket's first frame: every line, the opening's too
            for _ in range(1000):
                position = hub.referee.position(game_id)
                for seat in (0, 1):
                    check_secrecy(frames[seat], position, seat, sent[seat])
                    sent[seat] = frames[seat]["seq"]
                if position.state.is_terminal:
                    break
                seat = position.state.current_player
                action = rng.choice(frames[seat]["legal_actions"])
                sockets[seat].send_json(
                    {"type": "move", "seq": frames[seat]["seq"], "action_id": action["id"]}
                )
                frames = [next_view(first), next_view(second)]
            assert hub.referee.position(game_id).state.is_terminal
            assert frames[0]["result"]["seed"] == hub.referee.position(game_id).state.seed


def test_moves_undos_and_refusals_over_the_socket(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        game_id, tokens = two_people(client, "land-vs-sea")
        hub = hub_of(client)
        with seat_socket(client, game_id, tokens[0]) as socket:
            frame = next_view(socket)
            assert [s["connected"] for s in frame["seats"]] == [True, False]
            socket.send_text("not json")
            refusal = socket.receive_json()
            assert refusal["type"] == "refused"
            assert refusal["message"].startswith("the message is not JSON")
            socket.send_json({"type": "dance"})
            assert "not 'dance'" in socket.receive_json()["message"]
            socket.send_json({"type": "move", "seq": "one"})
            assert "seq" in socket.receive_json()["message"]
            socket.send_json(
                {"type": "move", "seq": 3, "action_id": frame["legal_actions"][0]["id"]}
            )
            refusal = socket.receive_json()
            assert refusal["type"] == "refused" and "at seq 0, not 3" in refusal["message"]
            # Play until seat 1 may take a move back, then take it back over the socket.
            rng = Rng(4)
            while not frame["can_undo"]:
                if not frame["to_act"]:
                    other = client.get(
                        f"/api/games/{game_id}/view", headers=bearer(tokens[1])
                    ).json()
                    move = {
                        "seq": other["seq"],
                        "action_id": rng.choice(other["legal_actions"])["id"],
                    }
                    client.post(f"/api/games/{game_id}/moves", headers=bearer(tokens[1]), json=move)
                else:
                    action = rng.choice(frame["legal_actions"])["id"]
                    socket.send_json({"type": "move", "seq": frame["seq"], "action_id": action})
                frame = next_view(socket)
            played = hub.referee.position(game_id).played[-1]
            socket.send_json({"type": "undo", "seq": frame["seq"]})
            after = next_view(socket)
            assert after["undone"] == [played.seq] and after["seq"] == frame["seq"] + 1
            assert hub.referee.position(game_id).played[-1] != played


def test_a_wrong_token_gets_a_refusal_and_the_socket_closed(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        game_id, _ = two_people(client, "confusing-lands")
        with seat_socket(client, game_id, "wrong") as socket:
            assert socket.receive_json()["type"] == "refused"
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4403
        with seat_socket(client, game_id, "") as socket:
            assert "token" in socket.receive_json()["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4400


def test_a_token_in_the_address_is_refused_before_any_seat_is_looked_up(sqlite_url: str) -> None:
    # An address is kept by access logs and proxies: a token there is as good as public.
    with serving(sqlite_url) as client:
        game_id, tokens = two_people(client, "confusing-lands")
        with client.websocket_connect(f"/ws/games/{game_id}?token={tokens[0]}") as socket:
            refusal = socket.receive_json()
            assert refusal["type"] == "refused" and "first message" in refusal["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4400


def test_reconnecting_with_since_loses_no_line(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        game_id, tokens = two_people(client, "drifting-lands")
        rng = Rng(5)
        # Lines kept by their seq, a move's lines replaced by those of a later frame (since=0
        # gives every line again, the opening's too): as a page keeps them.
        kept: dict[int, list[dict[str, Any]]] = {}
        since = 0
        for _round in range(6):
            with seat_socket(client, game_id, tokens[1], since) as socket:
                frame = next_view(socket)
            for seq in {line["seq"] for line in frame["log"]}:
                kept[seq] = [line for line in frame["log"] if line["seq"] == seq]
            since = frame["seq"]
            for _ in range(3):  # moves made while seat 2 is away
                seat = hub_of(client).referee.position(game_id).state.current_player
                now = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens[seat])).json()
                move = {"seq": now["seq"], "action_id": rng.choice(now["legal_actions"])["id"]}
                client.post(f"/api/games/{game_id}/moves", headers=bearer(tokens[seat]), json=move)
        received = [line for seq in sorted(kept) for line in kept[seq]]
        whole = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens[1])).json()
        assert received == [line for line in whole["log"] if line["seq"] <= since]
        assert len(received) > 5


def test_a_socket_opened_where_the_client_left_off_still_gets_a_view(sqlite_url: str) -> None:
    # The docs promise a view on connect; one whose `since` is the game's seq carries no
    # line, but says whose turn it is (a page reloaded after the last move needs that).
    with serving(sqlite_url) as client:
        game_id, tokens = two_people(client, "confusing-lands")
        with seat_socket(client, game_id, tokens[0]) as socket:
            frame = next_view(socket)
            socket.send_json(
                {"type": "move", "seq": frame["seq"], "action_id": frame["legal_actions"][0]["id"]}
            )
            frame = next_view(socket)
        with seat_socket(client, game_id, tokens[0], frame["seq"]) as socket:
            socket.send_json({"type": "dance"})  # answered after the view, if one comes
            first = socket.receive_json()
            assert first["type"] == "view" and first["seq"] == frame["seq"] == 1
            assert first["log"] == [] and first["to_act"] == frame["to_act"]
            assert socket.receive_json()["type"] == "refused"
