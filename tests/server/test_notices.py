""" "Your turn" notifications (docs/server.md, Notifications): an e-mail to a real SMTP
server the test starts, a Web Push encrypted and signed as the protocols say and posted to
an endpoint the test starts, nothing of any hidden information in either, none to a seat
that is connected, a reminder once when a turn clock runs low."""

from __future__ import annotations

import base64
import json
import os
import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import timedelta
from email import message_from_bytes
from email.message import Message
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
import pytest
from aiosmtpd.controller import Controller
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature
from fastapi.testclient import TestClient

from tablelands.server.db import now
from tablelands.server.notices import Notice
from tablelands.server.push import Pusher, new_private_key
from tests.server.conftest import bearer, hub_of, seat_socket, serving, settle
from tests.server.test_clocks import DAY, DrivenClock, driven

PUBLIC_URL = "https://games.example.org"
CONTACT = "mailto:ops@example.org"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class Inbox:
    """The messages an aiosmtpd server took."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        self.messages.append(message_from_bytes(envelope.content))
        return "250 OK"


@contextmanager
def smtp_server(inbox: Inbox | None = None) -> Iterator[tuple[Inbox, int]]:
    """An SMTP server on a port of its own whose messages go to ``inbox`` (a new one)."""
    inbox = inbox or Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


class PushEndpoint:
    """A push service of the test's: every request posted to it, answered 201."""

    def __init__(self) -> None:
        self.received: list[tuple[str, dict[str, str], bytes]] = []
        outer = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                headers = {name.lower(): value for name, value in self.headers.items()}
                outer.received.append((self.path, headers, body))
                self.send_response(201)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()

    def close(self) -> None:
        self.server.shutdown()


def b64(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def new_game(client: TestClient, clock: dict[str, Any] | None = None) -> tuple[str, list[str]]:
    """A Land vs Sea game between two people (tiles hidden from the other seat)."""
    answer = client.post(
        "/api/games",
        json={
            "game": "land-vs-sea",
            "title": "Friday",
            "seats": [{"kind": "me", "name": "Ann"}, {"kind": "friend", "name": "Bea"}],
            **({"clock": clock} if clock else {}),
        },
    )
    assert answer.status_code == 201, answer.text
    made = answer.json()
    return made["game"]["id"], [seat["token"] for seat in made["seats"]]


def view(client: TestClient, game_id: str, token: str | None) -> dict[str, Any]:
    headers = bearer(token) if token else {}
    frame: dict[str, Any] = client.get(f"/api/games/{game_id}/view", headers=headers).json()
    return frame


def play_until_seat(client: TestClient, game_id: str, tokens: list[str], seat: int) -> None:
    """Seat 1-seat plays its first legal actions until the game comes to ``seat``."""
    other = tokens[1 - seat]
    for _ in range(50):
        frame = view(client, game_id, other)
        if frame["current_player"] == seat:
            return
        legal = frame["legal_actions"]
        answer = client.post(
            f"/api/games/{game_id}/moves",
            headers=bearer(other),
            json={"seq": frame["seq"], "action_id": legal[0]["id"]},
        )
        assert answer.status_code == 200, answer.text
    raise AssertionError(f"the game never came to seat {seat}")


def emailed_to_seat_1(client: TestClient, other: TestClient | None = None) -> tuple[str, list[str]]:
    """A game made by ``client`` whose seat 1 asked to be told by e-mail, played until it
    comes to seat 1 (asked and played through ``other``, another process, if given)."""
    game_id, tokens = new_game(client)
    other = other or client
    other.post(
        f"/api/games/{game_id}/notifications",
        headers=bearer(tokens[1]),
        json={"email": "bea@example.org"},
    )
    play_until_seat(other, game_id, tokens, 1)
    return game_id, tokens


def sent(client: TestClient) -> None:
    """Wait until every notice being sent is sent."""
    settle(client)
    assert client.portal is not None
    client.portal.call(client.app.state.notices.idle)  # type: ignore[attr-defined]


def private_lines(client: TestClient, game_id: str, tokens: list[str]) -> set[str]:
    """The log lines some seat reads that a spectator does not: hidden information."""
    public = {line["text"] for line in view(client, game_id, None)["log"]}
    seen = {line["text"] for token in tokens for line in view(client, game_id, token)["log"]}
    return seen - public


def test_an_email_tells_a_seat_its_turn_with_the_game_and_link_and_nothing_hidden(
    database_url: str,
) -> None:
    with (
        smtp_server() as (inbox, port),
        serving(database_url, smtp_url=f"smtp://127.0.0.1:{port}", public_url=PUBLIC_URL) as client,
    ):
        game_id, tokens = new_game(client)
        asked = client.post(
            f"/api/games/{game_id}/notifications",
            headers=bearer(tokens[1]),
            json={"email": "bea@example.org"},
        )
        assert asked.status_code == 200, asked.text
        assert asked.json()["email"] == "bea@example.org"
        play_until_seat(client, game_id, tokens, 1)
        sent(client)
        assert len(inbox.messages) == 1
        mail = inbox.messages[0]
        assert mail["To"] == "bea@example.org" and mail["Subject"] == "Your turn in Friday"
        text = mail.get_payload(decode=True).decode()  # type: ignore[union-attr]
        assert f"{PUBLIC_URL}/play/{game_id}" in text
        assert text.startswith("Bea, it is your turn in Friday (Land vs Sea).")
        public = view(client, game_id, None)["log"]
        last = [line["text"] for line in public if line["seq"] == public[-1]["seq"]]
        assert f"Last: {' '.join(last)}" in text
        hidden = private_lines(client, game_id, tokens)
        assert hidden, "the game has hidden information for the check to find"
        assert not any(line in text for line in hidden), text

        # Connected now: the next time the game comes to it, no e-mail.
        with seat_socket(client, game_id, tokens[1]) as sock:
            sock.receive_json()
            frame = view(client, game_id, tokens[1])
            legal = frame["legal_actions"]
            answer = client.post(
                f"/api/games/{game_id}/moves",
                headers=bearer(tokens[1]),
                json={"seq": frame["seq"], "action_id": legal[0]["id"]},
            )
            assert answer.status_code == 200
            play_until_seat(client, game_id, tokens, 0)
            play_until_seat(client, game_id, tokens, 1)
            sent(client)
        assert len(inbox.messages) == 1


def test_a_web_push_is_encrypted_for_the_browser_and_signed_by_the_servers_key(
    sqlite_url: str,
) -> None:
    endpoint = PushEndpoint()
    browser_key = ec.generate_private_key(ec.SECP256R1())
    auth = os.urandom(16)
    point = browser_key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    subscription = {
        "endpoint": f"{endpoint.origin}/push/abc",
        "keys": {"p256dh": b64(point), "auth": b64(auth)},
    }
    try:
        with serving(
            sqlite_url, local_push=True, push_contact=CONTACT, public_url=PUBLIC_URL
        ) as client:
            game_id, tokens = new_game(client)
            asked = client.post(
                f"/api/games/{game_id}/notifications",
                headers=bearer(tokens[1]),
                json={"push": subscription},
            )
            assert asked.status_code == 200, asked.text
            server_key = asked.json()["push_key"]
            play_until_seat(client, game_id, tokens, 1)
            sent(client)
            hidden = private_lines(client, game_id, tokens)
    finally:
        endpoint.close()
    assert len(endpoint.received) == 1
    path, headers, body = endpoint.received[0]
    assert path == "/push/abc" and headers["content-encoding"] == "aes128gcm"
    assert int(headers["ttl"]) > 0
    # Encrypted for the subscription's key (RFC 8291): only the browser can read it.
    payload = json.loads(
        http_ece.decrypt(body, private_key=browser_key, auth_secret=auth, version="aes128gcm")
    )
    assert payload["url"] == f"{PUBLIC_URL}/play/{game_id}"
    assert payload["title"] == "Your turn in Friday"
    assert not any(line in payload["body"] for line in hidden)
    assert b"Friday" not in body, "the body is sent in the clear"
    # Signed by the server's VAPID key (RFC 8292): a JWT for the push service's origin.
    scheme, _, fields = headers["authorization"].partition(" ")
    parts = dict(field.strip().split("=", 1) for field in fields.split(","))
    assert scheme == "vapid" and parts["k"] == server_key
    header, claims, signature = parts["t"].split(".")
    public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64(server_key))
    raw = unb64(signature)
    public.verify(
        encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")),
        f"{header}.{claims}".encode(),
        ec.ECDSA(hashes.SHA256()),
    )
    said = json.loads(unb64(claims))
    assert said["aud"] == endpoint.origin and said["sub"] == CONTACT


def test_what_a_seat_asks_for_is_checked(sqlite_url: str) -> None:
    with (
        smtp_server() as (_, port),
        serving(sqlite_url, smtp_url=f"smtp://127.0.0.1:{port}") as client,
    ):
        game_id, tokens = new_game(client)
        url = f"/api/games/{game_id}/notifications"

        def ask(body: dict[str, Any], token: str | None = tokens[0]) -> Any:
            return client.post(url, headers=bearer(token) if token else {}, json=body)

        assert ask({"email": "bea@example.org"}, None).status_code == 403
        refused = ask({"email": "not an address"})
        assert refused.status_code == 422 and "is not an e-mail address" in refused.text
        inside = {"endpoint": "https://10.0.0.7/push", "keys": {"p256dh": "x", "auth": "y"}}
        refused = ask({"push": inside})
        assert refused.status_code == 422 and "not a local address" in refused.text
        plain = {"endpoint": "http://push.example.org/a", "keys": {"p256dh": "x", "auth": "y"}}
        assert "an https URL" in ask({"push": plain}).text
        assert "keys holds p256dh and auth" in ask({"push": {"endpoint": "https://a.b/c"}}).text
        for browser in range(5):
            good = {
                "endpoint": f"https://push.example.org/{browser}",
                "keys": {"p256dh": "x", "auth": "y"},
            }
            assert ask({"push": good}).status_code == 200
        extra = {"endpoint": "https://push.example.org/6", "keys": {"p256dh": "x", "auth": "y"}}
        assert "at most 5 browsers" in ask({"push": extra}).text
        assert ask({"email": "ann@example.org"}).json()["email"] == "ann@example.org"
        wishes = client.get(url, headers=bearer(tokens[0])).json()
        assert wishes["push"] == 5 and wishes["email_offered"] and wishes["push_key"]
        forgotten = client.delete(url, headers=bearer(tokens[0])).json()
        assert forgotten["email"] is None and forgotten["push"] == 0


def test_without_smtp_no_email_is_offered(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        game_id, tokens = new_game(client)
        url = f"/api/games/{game_id}/notifications"
        assert not client.get(url, headers=bearer(tokens[0])).json()["email_offered"]
        refused = client.post(url, headers=bearer(tokens[0]), json={"email": "a@example.org"})
        assert refused.status_code == 422 and "sends no e-mail" in refused.text


def test_a_turn_clock_reminds_a_seat_once_when_a_quarter_of_its_turn_is_left(
    sqlite_url: str,
) -> None:
    clock = DrivenClock()
    with (
        smtp_server() as (inbox, port),
        serving(sqlite_url, smtp_url=f"smtp://127.0.0.1:{port}") as client,
    ):
        hub = driven(client, clock)
        game_id, tokens = new_game(client, {"kind": "turn", "seconds": DAY})
        client.post(
            f"/api/games/{game_id}/notifications",
            headers=bearer(tokens[1]),
            json={"email": "bea@example.org"},
        )
        play_until_seat(client, game_id, tokens, 1)
        sent(client)
        assert [m["Subject"] for m in inbox.messages] == ["Your turn in Friday"]
        assert client.portal is not None
        clock.advance(DAY * 0.75 - 60)
        client.portal.call(hub.check_clocks)
        sent(client)
        assert len(inbox.messages) == 1, "no reminder with more than a quarter left"
        clock.advance(120)
        for _ in range(3):  # however often the sweep looks, one reminder
            client.portal.call(hub.check_clocks)
            sent(client)
        assert [m["Subject"] for m in inbox.messages] == [
            "Your turn in Friday",
            "Reminder: your move in Friday",
        ]
        text = inbox.messages[1].get_payload(decode=True).decode()  # type: ignore[union-attr]
        assert "Your time runs low: move by " in text


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_with_two_processes_a_seat_gets_one_email_a_turn(database_url: str) -> None:
    with (
        smtp_server() as (inbox, port),
        serving(database_url, smtp_url=f"smtp://127.0.0.1:{port}") as first,
        serving(database_url, smtp_url=f"smtp://127.0.0.1:{port}") as second,
    ):
        emailed_to_seat_1(first, second)
        for client in (first, second):
            sent(client)
        assert hub_of(first).process != hub_of(second).process
        assert len(inbox.messages) == 1


def test_a_push_is_never_posted_to_an_address_of_the_servers_network() -> None:
    # Checked again when posting: a name may resolve to an inside address later on.
    pusher = Pusher(new_private_key(), CONTACT)
    for endpoint in ("https://localhost/push", "https://127.0.0.1/push", "https://10.1.2.3/a"):
        subscription = {"endpoint": endpoint, "keys": {"p256dh": "x", "auth": "y"}}
        with pytest.raises(ValueError, match="an address of this network"):
            pusher.send(subscription, {"title": "t"})


def test_a_push_host_that_resolves_inside_once_checked_is_refused_before_a_byte_is_sent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """DNS rebinding: the name is public when checked, then resolves to this machine."""
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(10)
    port = listener.getsockname()[1]
    looked_up: list[str] = []
    real = socket.getaddrinfo

    def rebinding(host: Any, *args: Any, **kwargs: Any) -> Any:
        if host != "push.example":
            return real(host, *args, **kwargs)
        address = "93.184.216.34" if not looked_up else "127.0.0.1"
        looked_up.append(address)
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (address, port))]

    monkeypatch.setattr(socket, "getaddrinfo", rebinding)
    pusher = Pusher(new_private_key(), CONTACT)
    point = (
        ec.generate_private_key(ec.SECP256R1())
        .public_key()
        .public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    )
    subscription = {
        "endpoint": f"https://push.example:{port}/push/abc",
        "keys": {"p256dh": b64(point), "auth": b64(os.urandom(16))},
    }
    try:
        with pytest.raises(ValueError, match=r"an address of this network \(127\.0\.0\.1\)"):
            pusher.send(subscription, {"title": "t"})
        connection, _ = listener.accept()  # the connection was made, then dropped unused
        with connection:
            connection.settimeout(10)
            assert connection.recv(1) == b"", "nothing is sent to an inside address"
    finally:
        listener.close()
    assert looked_up == ["93.184.216.34", "127.0.0.1"]


class FlakyInbox(Inbox):
    """An SMTP server's handler that refuses the first ``refusals`` messages as a server
    that is down for a while does (451: try again later)."""

    def __init__(self, refusals: int) -> None:
        super().__init__()
        self.refusals = refusals
        self.refused = 0

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        if self.refused < self.refusals:
            self.refused += 1
            return "451 4.3.0 down for a while, try again later"
        return await super().handle_DATA(server, session, envelope)


def retrying(client: TestClient, *seconds: float) -> Any:
    notices = client.app.state.notices  # type: ignore[attr-defined]
    notices.retry_seconds = seconds
    return notices


def test_a_notice_refused_is_tried_again_and_a_failing_target_keeps_nothing_from_another(
    sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    endpoint = PushEndpoint()
    browser_key = ec.generate_private_key(ec.SECP256R1())
    point = browser_key.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    subscription = {
        "endpoint": f"{endpoint.origin}/push/abc",
        "keys": {"p256dh": b64(point), "auth": b64(os.urandom(16))},
    }
    try:
        with (
            smtp_server(FlakyInbox(refusals=1)) as (inbox, port),
            serving(
                sqlite_url,
                smtp_url=f"smtp://127.0.0.1:{port}",
                local_push=True,
                push_contact=CONTACT,
            ) as client,
        ):
            retrying(client, 0.0)
            game_id, tokens = new_game(client)
            for wish in ({"email": "bea@example.org"}, {"push": subscription}):
                answer = client.post(
                    f"/api/games/{game_id}/notifications", headers=bearer(tokens[1]), json=wish
                )
                assert answer.status_code == 200, answer.text
            play_until_seat(client, game_id, tokens, 1)
            sent(client)
    finally:
        endpoint.close()
    assert inbox.refused == 1
    assert [m["Subject"] for m in inbox.messages] == ["Your turn in Friday"]
    assert len(endpoint.received) == 1, "the push went, whatever the e-mail did"
    assert "notice not sent" in caplog.text and "notice given up" not in caplog.text


def test_a_notice_is_given_up_after_its_tries_or_once_the_game_moved_on(
    sqlite_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with (
        smtp_server(FlakyInbox(refusals=100)) as (inbox, port),
        serving(sqlite_url, smtp_url=f"smtp://127.0.0.1:{port}") as client,
    ):
        notices = retrying(client, 0.0, 0.0)
        game_id, tokens = emailed_to_seat_1(client)
        sent(client)
        assert inbox.refused == 3 and not inbox.messages  # the first try and two more
        assert "notice given up: game=" in caplog.text

        # A try still to come is made only while it is of use: to the targets the seat
        # still asks for, and while the game waits on it at the notice's position.
        assert client.portal is not None
        seq = view(client, game_id, tokens[1])["seq"]
        email = ("email", "bea@example.org", {"address": "bea@example.org"})
        notice = Notice(game_id, 1, seq, "turn", "Your turn", "text", "url", (email,))

        def still_due() -> Any:
            return client.portal.call(notices.hub.run, notices.still_due, notice, (email,))

        assert still_due() == (email,)
        url = f"/api/games/{game_id}/notifications"
        client.delete(url, headers=bearer(tokens[1]))
        assert still_due() == ()
        client.post(url, headers=bearer(tokens[1]), json={"email": "bea@example.org"})
        assert still_due() == (email,)
        play_until_seat(client, game_id, tokens, 0)
        assert still_due() == ()


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_a_try_still_to_come_outlives_its_process_and_is_made_once_by_the_next(
    database_url: str, caplog: pytest.LogCaptureFixture
) -> None:
    with smtp_server(FlakyInbox(refusals=1)) as (inbox, port):
        smtp = f"smtp://127.0.0.1:{port}"
        with serving(database_url, smtp_url=smtp) as client:
            retrying(client, 3600.0)
            emailed_to_seat_1(client)
            sent(client)  # the first try refused, the next an hour away
        # The server shut down within the hour's wait, and at once, keeping the try.
        assert inbox.refused == 1 and not inbox.messages
        assert "dropped at shutdown" not in caplog.text
        with (
            serving(database_url, smtp_url=smtp) as first,
            serving(database_url, smtp_url=smtp) as second,
        ):
            for client in (first, second):
                sent(client)
            assert not inbox.messages, "not due yet"
            # An hour on, both processes find the try due; one of them makes it.
            for client in (first, second):
                hub_of(client).store.now = lambda: now() + timedelta(hours=1, seconds=1)
            for client in (first, second):
                sent(client)
            assert [m["Subject"] for m in inbox.messages] == ["Your turn in Friday"]
            for client in (first, second):
                sent(client)
        assert len(inbox.messages) == 1
