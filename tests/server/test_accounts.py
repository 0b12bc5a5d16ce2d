"""Optional accounts (docs/server.md, Accounts): sign up, the seats made while signed in
followed to another browser by seat keys, signing out revoking them, another account's
cookie reaching none, deletion leaving the games anonymous."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tablelands.server.accounts import COOKIE
from tablelands.server.db import AccountRow, NotifyTargetRow, SessionRow
from tests.server.conftest import another_browser, bearer, hub_of, serving
from tests.server.test_clocks import DrivenClock, driven
from tests.server.test_notices import smtp_server

ANN = {"email": "Ann@Example.org", "password": "correct horse battery", "name": "Ann"}


def browser(client: TestClient, base_url: str = "http://testserver") -> TestClient:
    """Another browser of the same server: a cookie jar of its own."""
    return another_browser(client, base_url)


def new_game(client: TestClient) -> tuple[str, list[str]]:
    answer = client.post(
        "/api/games",
        json={
            "game": "confusing-lands",
            "seats": [{"kind": "me", "name": "Ann"}, {"kind": "friend"}],
        },
    )
    assert answer.status_code == 201, answer.text
    made = answer.json()
    return made["game"]["id"], [seat["token"] for seat in made["seats"]]


def view(client: TestClient, game_id: str, token: str) -> Any:
    return client.get(f"/api/games/{game_id}/view", headers=bearer(token))


def count(client: TestClient, row: Any) -> int:
    with hub_of(client).store.session() as session:
        return session.scalar(select(func.count()).select_from(row)) or 0


def test_the_seats_made_signed_in_follow_the_account_to_another_browser(
    database_url: str,
) -> None:
    with serving(database_url) as laptop:
        signed = laptop.post("/api/account", json=ANN)
        assert signed.status_code == 201, signed.text
        assert signed.json()["email"] == "ann@example.org"
        cookie = signed.headers["set-cookie"]
        assert f"{COOKIE}=" in cookie and "HttpOnly" in cookie and "SameSite=lax" in cookie
        assert "Secure" not in cookie, "plain http in the test: no Secure"
        game_id, (mine, _) = new_game(laptop)
        assert laptop.get("/api/account").json()["seats"] == [{"game": game_id, "seat": 0}]

        phone = browser(laptop)
        assert phone.get("/api/account").status_code == 401
        assert (
            phone.post(
                "/api/session", json={"email": "ann@example.org", "password": ANN["password"]}
            ).status_code
            == 200
        )
        keys = phone.get("/api/account/seats").json()
        assert [(k["game"], k["seat"]) for k in keys] == [(game_id, 0)]
        key = keys[0]["token"]
        assert key != mine
        frame = view(phone, game_id, key).json()
        assert frame["seat"] == 0 and frame["to_act"]
        played = phone.post(
            f"/api/games/{game_id}/moves",
            headers=bearer(key),
            json={"seq": frame["seq"], "action_id": frame["legal_actions"][0]["id"]},
        )
        assert played.status_code == 200, played.text
        assert view(laptop, game_id, mine).json()["seq"] == frame["seq"] + 1

        # Signing out revokes the phone's key; the laptop's own token plays on.
        assert phone.delete("/api/session").status_code == 200
        assert view(phone, game_id, key).status_code == 403
        assert phone.get("/api/account").status_code == 401
        assert view(laptop, game_id, mine).status_code == 200


def test_another_accounts_cookie_reaches_none_of_my_seats(sqlite_url: str) -> None:
    with serving(sqlite_url) as mine:
        mine.post("/api/account", json=ANN)
        game_id, (token, invite) = new_game(mine)
        stolen = mine.cookies.get(COOKIE)
        other = browser(mine)
        other.post(
            "/api/account", json={"email": "bob@example.org", "password": "another long one"}
        )
        assert other.get("/api/account/seats").json() == []
        # A seat is attached only with a token that plays it, and by one account.
        wrong = other.post("/api/account/seats", json={"game": game_id, "token": "guess"})
        assert wrong.status_code == 403
        taken = other.post("/api/account/seats", json={"game": game_id, "token": token})
        assert taken.status_code == 422 and "another account holds this seat" in taken.text
        # The friend's seat, by its invite, can be Bob's.
        assert (
            other.post("/api/account/seats", json={"game": game_id, "token": invite}).status_code
            == 200
        )
        # My cookie, once I signed out, is nobody's.
        mine.delete("/api/session")
        thief = browser(mine)
        thief.cookies.set(COOKIE, stolen or "")
        assert thief.get("/api/account/seats").status_code == 401


def test_a_wrong_password_and_an_unknown_address_are_told_alike(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        client.post("/api/account", json=ANN)
        wrong = client.post(
            "/api/session", json={"email": ANN["email"], "password": "not it at all"}
        )
        unknown = client.post(
            "/api/session", json={"email": "nobody@example.org", "password": "x" * 12}
        )
        assert wrong.status_code == unknown.status_code == 403
        assert wrong.json() == unknown.json()
        again = client.post("/api/account", json=ANN)
        assert again.status_code == 422 and "already" in again.text
        short = client.post("/api/account", json={"email": "c@example.org", "password": "short"})
        assert short.status_code == 422 and "10 to 200 characters" in short.text


def test_behind_tls_the_session_cookie_is_secure(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        secure = browser(client, "https://testserver")
        cookie = secure.post("/api/account", json=ANN).headers["set-cookie"]
        assert "Secure" in cookie


def test_deleting_an_account_removes_the_persons_data_and_leaves_the_games_anonymous(
    database_url: str,
) -> None:
    with serving(database_url) as client:
        client.post("/api/account", json=ANN)
        game_id, (token, _) = new_game(client)
        client.post(
            f"/api/games/{game_id}/notifications",
            headers=bearer(token),
            json={
                "push": {
                    "endpoint": "https://push.example.org/a",
                    "keys": {"p256dh": "x", "auth": "y"},
                }
            },
        )
        assert count(client, NotifyTargetRow) == 1
        deleted = client.delete("/api/account")
        assert deleted.status_code == 200 and deleted.json()["games"] == 1
        assert count(client, AccountRow) == count(client, SessionRow) == 0
        assert count(client, NotifyTargetRow) == 0
        seats = client.get(f"/api/games/{game_id}").json()["seats"]
        assert seats[0]["name"] == "Player 1", "no name of the person is left"
        assert client.get("/api/account").status_code == 401
        # The game itself goes on, played by the seat's own token.
        assert view(client, game_id, token).status_code == 200


def test_a_sign_in_link_by_email_works_once_and_not_when_old(sqlite_url: str) -> None:
    with (
        smtp_server() as (inbox, port),
        serving(
            sqlite_url, smtp_url=f"smtp://127.0.0.1:{port}", public_url="https://games.example.org"
        ) as client,
    ):
        clock = DrivenClock()
        driven(client, clock)
        client.post("/api/account", json=ANN)
        phone = browser(client)
        assert phone.get("/api/session").json() == {
            "signed_in": False,
            "account": None,
            "links": True,
        }
        # The same answer for an address no account has, and no e-mail.
        for email in ("nobody@example.org", "ann@example.org"):
            asked = phone.post("/api/session/link", json={"email": email})
            assert asked.status_code == 202 and asked.json()["sent"]
        assert len(inbox.messages) == 1 and inbox.messages[0]["To"] == "ann@example.org"
        text = inbox.messages[0].get_payload(decode=True).decode()  # type: ignore[union-attr]
        token = re.search(r"https://games\.example\.org/account#link=(\S+)", text)
        assert token is not None
        used = phone.post("/api/session/link/use", json={"token": token[1]})
        assert used.status_code == 200 and used.json()["email"] == "ann@example.org"
        assert phone.get("/api/session").json()["signed_in"]
        again = browser(client).post("/api/session/link/use", json={"token": token[1]})
        assert again.status_code == 403 and "used already" in again.text
        # A link followed after 15 minutes is too old.
        phone.post("/api/session/link", json={"email": "ann@example.org"})
        text = inbox.messages[1].get_payload(decode=True).decode()  # type: ignore[union-attr]
        late = re.search(r"#link=(\S+)", text)
        assert late is not None
        clock.advance(15 * 60 + 1)
        assert (
            browser(client).post("/api/session/link/use", json={"token": late[1]}).status_code
            == 403
        )


def test_without_email_no_sign_in_link_is_offered(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        assert client.get("/api/session").json()["links"] is False
        refused = client.post("/api/session/link", json={"email": "ann@example.org"})
        assert refused.status_code == 422 and "sends no e-mail" in refused.text
