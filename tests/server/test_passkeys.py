"""Passkeys (docs/server.md, Accounts): added while signed in, signing any browser in to
their account with no address typed, and refused whenever the answer is not the passkey's
own to this site's challenge, once. A software authenticator (``authenticator.py``) plays
the device."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from tablelands.server.db import PasskeyCeremonyRow, PasskeyRow
from tests.server.authenticator import Authenticator, b64url
from tests.server.conftest import another_browser, hub_of, person, serving
from tests.server.test_clocks import DrivenClock, driven

SITE = "http://testserver"


def add_passkey(browser: TestClient, device: Authenticator, **made: Any) -> Any:
    """The browser's account adds a passkey ``device`` makes (``made``: what to change of
    the device's answer): the server's answer."""
    begun = browser.post("/api/account/passkey-options")
    assert begun.status_code == 200, begun.text
    credential = device.create(begun.json()["options"], **made)
    return browser.post(
        "/api/account/passkeys",
        json={"ceremony": begun.json()["ceremony"], "credential": credential},
    )


def sign_in(browser: TestClient, device: Authenticator, **used: Any) -> Any:
    begun = browser.post("/api/session/passkey-options")
    assert begun.status_code == 200, begun.text
    credential = device.get(begun.json()["options"], **used)
    return browser.post(
        "/api/session/passkey",
        json={"ceremony": begun.json()["ceremony"], "credential": credential},
    )


def creation_options(challenge: str) -> dict[str, Any]:
    """What a device needs to make a passkey for this site, as a server would ask."""
    return {"rp": {"id": "testserver"}, "user": {"id": b64url(b"someone")}, "challenge": challenge}


def passkey_rows(client: TestClient) -> int:
    with hub_of(client).store.session() as session:
        return session.scalar(select(func.count()).select_from(PasskeyRow)) or 0


def test_a_passkey_signs_another_browser_in_to_its_account(sqlite_url: str) -> None:
    device = Authenticator(SITE)
    with serving(sqlite_url) as client:
        ann = person(client, "ann")
        begun = ann.post("/api/account/passkey-options").json()
        options = begun["options"]
        assert options["rp"]["id"] == "testserver" and options["user"]["name"] == "ann@example.org"
        assert options["authenticatorSelection"]["residentKey"] == "required"
        added = ann.post(
            "/api/account/passkeys",
            json={
                "ceremony": begun["ceremony"],
                "credential": device.create(options),
                "name": "Ann's phone",
            },
        )
        assert added.status_code == 201, added.text
        assert added.json()["name"] == "Ann's phone" and added.json()["used_at"] is None
        # Adding it a second time: the server names the device's passkey in what it asks.
        again = ann.post("/api/account/passkey-options").json()["options"]
        assert again["excludeCredentials"][0]["id"] == b64url(device.passkeys[0].credential_id)

        laptop = another_browser(client)
        assert laptop.get("/api/account").status_code == 401
        signed = sign_in(laptop, device)
        assert signed.status_code == 200, signed.text
        assert signed.json()["email"] == "ann@example.org"
        assert "tl_session" in signed.headers["set-cookie"]
        assert laptop.get("/api/account").json()["name"] == "ann"
        listed = laptop.get("/api/account/passkeys").json()
        assert [p["name"] for p in listed] == ["Ann's phone"] and listed[0]["used_at"]
        # A second sign-in, the device's counter on: still good.
        assert sign_in(another_browser(client), device).status_code == 200


def test_a_passkey_answer_that_is_not_its_own_to_this_challenge_is_refused(
    sqlite_url: str,
) -> None:
    device = Authenticator(SITE)
    with serving(sqlite_url) as client:
        ann = person(client, "ann")
        phished = add_passkey(ann, Authenticator(SITE), origin="https://tab1elands.example")
        assert phished.status_code == 422 and "origin" in phished.text.lower()
        assert add_passkey(ann, device).status_code == 201
        stranger = another_browser(client)

        wrong_site = sign_in(stranger, device, origin="https://tab1elands.example")
        assert wrong_site.status_code == 403 and "does not check" in wrong_site.text
        # The passkey's answer signed by another key (a forged one).
        forger = Authenticator(SITE)
        forger.create(creation_options("AA"))
        forger.passkeys[0].user_handle = device.passkeys[0].user_handle
        begun = stranger.post("/api/session/passkey-options").json()
        answer = forger.get(begun["options"])
        answer["id"] = answer["rawId"] = b64url(device.passkeys[0].credential_id)
        refused = stranger.post(
            "/api/session/passkey", json={"ceremony": begun["ceremony"], "credential": answer}
        )
        assert refused.status_code == 403 and "does not check" in refused.text
        # A counter gone back: a cloned device.
        assert sign_in(stranger, device).status_code == 200
        cloned = sign_in(another_browser(client), device, counter=1)
        assert cloned.status_code == 403
        device.passkeys[0].counter = 10  # the device itself, on from the stored count
        # A ceremony is used once, and for what it was begun.
        begun = stranger.post("/api/session/passkey-options").json()
        answer = device.get(begun["options"])
        body = {"ceremony": begun["ceremony"], "credential": answer}
        assert stranger.post("/api/session/passkey", json=body).status_code == 200
        replayed = another_browser(client).post("/api/session/passkey", json=body)
        assert replayed.status_code == 403 and "used already" in replayed.text
        begun = stranger.post("/api/session/passkey-options").json()
        crossed = ann.post(
            "/api/account/passkeys",
            json={
                "ceremony": begun["ceremony"],
                "credential": device.create(creation_options(begun["options"]["challenge"])),
            },
        )
        assert crossed.status_code == 403, "a sign-in's ceremony adds no passkey"
        # Nonsense is refused saying so, never a crash.
        begun = stranger.post("/api/session/passkey-options").json()
        nonsense = stranger.post(
            "/api/session/passkey", json={"ceremony": begun["ceremony"], "credential": {"id": 5}}
        )
        assert nonsense.status_code == 403 and "no account's here" in nonsense.text
        begun = ann.post("/api/account/passkey-options").json()
        garbled = ann.post(
            "/api/account/passkeys",
            json={"ceremony": begun["ceremony"], "credential": {"response": "x"}},
        )
        assert garbled.status_code == 422 and "not added" in garbled.text


def test_an_other_accounts_ceremony_or_an_old_one_adds_nothing(sqlite_url: str) -> None:
    clock = DrivenClock()
    device = Authenticator(SITE)
    with serving(sqlite_url) as client:
        driven(client, clock)
        ann, bea = person(client, "ann"), person(client, "bea")
        begun = ann.post("/api/account/passkey-options").json()
        credential = device.create(begun["options"])
        stolen = bea.post(
            "/api/account/passkeys", json={"ceremony": begun["ceremony"], "credential": credential}
        )
        assert stolen.status_code == 403
        begun = ann.post("/api/account/passkey-options").json()
        clock.advance(5 * 60 + 1)
        late = ann.post(
            "/api/account/passkeys",
            json={"ceremony": begun["ceremony"], "credential": device.create(begun["options"])},
        )
        assert late.status_code == 403 and "too old" in late.text
        assert passkey_rows(client) == 0
        # Old ceremonies are cleared as new ones begin, and an account has one at a time:
        # asking again and again keeps one row, and only the newest finishes.
        first = ann.post("/api/account/passkey-options").json()
        for _ in range(5):
            newest = ann.post("/api/account/passkey-options").json()
        with hub_of(client).store.session() as session:
            assert session.scalar(select(func.count()).select_from(PasskeyCeremonyRow)) == 1
        for begun, status in ((first, 403), (newest, 201)):
            finished = ann.post(
                "/api/account/passkeys",
                json={"ceremony": begun["ceremony"], "credential": device.create(begun["options"])},
            )
            assert finished.status_code == status, finished.text


def test_a_removed_passkey_or_one_of_another_site_signs_nobody_in(sqlite_url: str) -> None:
    device = Authenticator(SITE)
    with serving(sqlite_url) as client:
        ann = person(client, "ann")
        assert add_passkey(ann, device).status_code == 201
        elsewhere = another_browser(client, base_url="http://other.example")
        begun = elsewhere.post("/api/session/passkey-options").json()
        assert begun["options"]["rpId"] == "other.example"
        answer = device.get(
            begun["options"], origin="http://other.example", passkey=device.passkeys[0]
        )
        refused = elsewhere.post(
            "/api/session/passkey", json={"ceremony": begun["ceremony"], "credential": answer}
        )
        assert refused.status_code == 403 and "no account's here" in refused.text

        passkey_id = ann.get("/api/account/passkeys").json()[0]["id"]
        assert (
            person(client, "bea").delete(f"/api/account/passkeys/{passkey_id}").status_code == 404
        )
        assert ann.delete(f"/api/account/passkeys/{passkey_id}").status_code == 200
        gone = sign_in(another_browser(client), device)
        assert gone.status_code == 403 and "no account's here" in gone.text


def test_passkeys_need_a_site_opened_by_its_name_and_a_signed_in_account(
    sqlite_url: str,
) -> None:
    with serving(sqlite_url) as client:
        assert client.post("/api/account/passkey-options").status_code == 401
        assert client.get("/api/account/passkeys").status_code == 401
        by_address = another_browser(client, base_url="http://127.0.0.1:8000")
        refused = by_address.post("/api/session/passkey-options")
        assert refused.status_code == 422
        assert "http://localhost:8000" in refused.json()["message"]


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_deleting_the_account_deletes_its_passkeys(database_url: str) -> None:
    device = Authenticator(SITE)
    with serving(database_url) as client:
        ann = person(client, "ann")
        assert add_passkey(ann, device).status_code == 201
        ann.post("/api/account/passkey-options")
        assert ann.delete("/api/account").status_code == 200
        assert passkey_rows(client) == 0
        with hub_of(client).store.session() as session:
            assert session.scalar(select(func.count()).select_from(PasskeyCeremonyRow)) == 0
        assert sign_in(another_browser(client), device).status_code == 403
