"""What the lobby and the admin page ask of the server: invite links used once, the names
told to everyone, edition files checked before a game is made, every game a page at a time
for the admin, and a database of the first schema carried forward."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from fastapi.testclient import TestClient
from sqlalchemy import inspect, update

from tablelands.games import get_game
from tablelands.server.db import OVER, GameRow, _migrations, make_engine, upgrade
from tests.server.conftest import ADMIN, bearer, hub_of, seat_socket, serving


def make(client: TestClient, game: str, kinds: list[str], **extra: Any) -> dict[str, Any]:
    seats = [
        {"kind": kind} if kind != "bot" else {"kind": "bot", "agent": "random"} for kind in kinds
    ]
    response = client.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def test_an_invite_link_takes_its_seat_once_and_is_then_told_as_used(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        made = make(client, "confusing-lands", ["me", "friend"])
        game_id = made["game"]["id"]
        mine, invite = (seat["token"] for seat in made["seats"])
        seats = client.get(f"/api/games/{game_id}").json()["seats"]
        assert [s["invited"] for s in seats] == [False, True]

        joined = client.post(
            f"/api/games/{game_id}/join", headers=bearer(invite), json={"name": "Bea"}
        )
        assert joined.status_code == 200, joined.text
        answer = joined.json()
        assert answer["seat"] == 1 and answer["token"] != invite
        assert answer["game"]["seats"][1] | {"connected": False} == {
            "seat": 1, "kind": "human", "name": "Bea", "agent": None,
            "connected": False, "invited": False, "stand_in": False,
        }  # fmt: skip
        # The new token plays the seat; the link, used, says so instead of "wrong token".
        view = client.get(f"/api/games/{game_id}/view", headers=bearer(answer["token"]))
        assert view.status_code == 200 and view.json()["seat"] == 1
        for route in ("view", "join"):
            again = (
                client.get(f"/api/games/{game_id}/view", headers=bearer(invite))
                if route == "view"
                else client.post(f"/api/games/{game_id}/join", headers=bearer(invite))
            )
            assert again.status_code == 403
            assert "already used: Bea took seat 2" in again.json()["message"]
        wrong = client.post(f"/api/games/{game_id}/join", headers=bearer("nope"))
        assert wrong.status_code == 403 and "no seat" in wrong.json()["message"]

        # A seat's own token only renames, and keeps working.
        renamed = client.post(
            f"/api/games/{game_id}/join", headers=bearer(mine), json={"name": "Ann"}
        ).json()
        assert renamed["token"] == mine and renamed["game"]["seats"][0]["name"] == "Ann"
        # The friend renaming with the new token keeps it too.
        again = client.post(
            f"/api/games/{game_id}/join", headers=bearer(answer["token"]), json={"name": "B"}
        ).json()
        assert again["token"] == answer["token"]


def test_a_name_taken_by_a_link_is_told_to_the_seats_connected(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        made = make(client, "confusing-lands", ["me", "friend"])
        game_id = made["game"]["id"]
        mine, invite = (seat["token"] for seat in made["seats"])
        with seat_socket(client, game_id, mine) as socket:
            assert socket.receive_json()["type"] == "view"
            client.post(f"/api/games/{game_id}/join", headers=bearer(invite), json={"name": "Bea"})
            message = socket.receive_json()
            assert message["type"] == "seats"
            assert [s["name"] for s in message["seats"]] == ["You", "Bea"]


def test_a_rematch_keeps_a_used_invite_used_and_an_unused_one_inviting(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        made = make(client, "land-vs-sea", ["me", "friend", "friend"])
        game_id = made["game"]["id"]
        first, second = made["seats"][1]["token"], made["seats"][2]["token"]
        token = client.post(
            f"/api/games/{game_id}/join", headers=bearer(first), json={"name": "Bea"}
        ).json()["token"]
        with hub_of(client).store.session() as session, session.begin():
            session.execute(update(GameRow).where(GameRow.id == game_id).values(status=OVER))
        # The store reads a game's status at every use: the change is seen at once.
        referee = hub_of(client).referee
        new_id = referee.rematch(game_id)
        assert [s["invited"] for s in referee.seats(new_id)] == [False, False, True]
        assert referee.seat_of(new_id, token) == 1
        used = client.post(f"/api/games/{new_id}/join", headers=bearer(first))
        assert used.status_code == 403 and "already used" in used.json()["message"]
        joined = client.post(f"/api/games/{new_id}/join", headers=bearer(second)).json()
        assert joined["seat"] == 2 and joined["token"] != second


def test_an_edition_file_is_checked_naming_the_field_wrong(sqlite_url: str) -> None:
    game = get_game("confusing-lands")
    data = game.default_edition().to_data()
    with serving(sqlite_url) as client:
        good = client.post("/api/editions/check", json={"game": game.info.name, "edition": data})
        assert good.status_code == 200, good.text
        assert good.json() == {
            "valid": True,
            "name": game.default_edition().name,
            "hash": game.default_edition().content_hash,
            "warnings": [],
        }
        bad = dict(data, cards=data["cards"][:3])
        verdict = client.post("/api/editions/check", json={"game": game.info.name, "edition": bad})
        assert verdict.status_code == 200 and verdict.json()["valid"] is False
        assert verdict.json()["message"].startswith("edition: cards: the cards must be ids 1 to 18")
        other = get_game("land-vs-sea").default_edition().to_data()
        wrong_game = client.post(
            "/api/editions/check", json={"game": game.info.name, "edition": other}
        ).json()
        assert wrong_game["valid"] is False and wrong_game["message"].startswith("edition: ")
        no_game = client.post("/api/editions/check", json={"game": "chess", "edition": data})
        assert no_game.status_code == 400 and "chess" in no_game.json()["message"]
        # A game made with a changed file says it is not the packaged edition.
        made = make(client, game.info.name, ["me"], edition=dict(data, name="mine"))
        assert made["game"]["edition"]["name"] == "mine"
        assert made["game"]["edition"]["packaged"] is False
        page = client.get(f"/play/{made['game']['id']}").text
        edition = page[page.index('id="edition"') : page.index("</li>", page.index('id="edition"'))]
        assert "<strong>mine</strong>" in edition and "custom" in edition
        packaged = make(client, game.info.name, ["me"])["game"]["id"]
        assert "(packaged)" in client.get(f"/play/{packaged}").text


def test_the_catalog_tells_the_options_a_player_count_fixes(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        games = {g["name"]: g for g in client.get("/api/games/catalog").json()["games"]}
    assert games["confusing-lands"]["fixed_options"] == {}
    on = {"mountains": True, "trade": True, "waypoints": True}
    assert games["land-vs-sea"]["fixed_options"] == {"3": on, "4": {"waypoints": True}}
    assert games["drifting-lands"]["fixed_options"] == {
        "2": {"teams": False},
        "3": {"teams": False},
    }
    packaged = get_game("land-vs-sea").default_edition()
    assert games["land-vs-sea"]["edition"] == {"name": packaged.name, "hash": packaged.content_hash}


def test_the_admin_list_comes_newest_first_a_page_at_a_time(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        ids = [
            make(client, "confusing-lands", ["me"], title=f"g{n}")["game"]["id"] for n in range(3)
        ]
        assert client.get("/api/admin/games", headers=bearer("guess")).status_code == 403
        assert client.get("/api/admin/games", headers={"Authorization": ADMIN}).status_code == 403
        first = client.get("/api/admin/games", headers=bearer(ADMIN), params={"limit": 2}).json()
        assert first["total"] == 3 and first["limit"] == 2 and first["offset"] == 0
        assert [g["id"] for g in first["games"]] == ids[:0:-1]
        rest = client.get(
            "/api/admin/games", headers=bearer(ADMIN), params={"limit": 2, "offset": 2}
        ).json()
        assert [g["id"] for g in rest["games"]] == ids[:1]
        too_many = client.get("/api/admin/games", headers=bearer(ADMIN), params={"limit": 10_000})
        assert too_many.status_code == 422
        page = client.get("/admin")
        assert page.status_code == 200 and ADMIN not in page.text


def test_a_database_of_the_first_schema_is_carried_forward(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    engine = make_engine(f"sqlite:///{path}")
    config = Config()
    config.set_main_option("script_location", str(_migrations()))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
    with sqlite3.connect(path) as old:
        old.execute(
            "INSERT INTO games VALUES ('g', 't', 'confusing-lands', 1, '{}', NULL, 1, 1,"
            " '2026-01-01 00:00:00', 'playing', NULL)"
        )
        old.execute("INSERT INTO seats VALUES ('g', 0, 'human', NULL, 'Ann', 'abc')")
    upgrade(engine)
    assert "invite_hash" in {c["name"] for c in inspect(engine).get_columns("seats")}
    with sqlite3.connect(path) as new:
        assert new.execute("SELECT name, invite_hash FROM seats").fetchall() == [("Ann", None)]
    engine.dispose()


def test_a_request_too_large_to_be_an_edition_or_a_record_is_refused(sqlite_url: str) -> None:
    game = get_game("land-vs-sea")
    data = game.default_edition().to_data()
    with serving(sqlite_url) as client:
        huge = dict(data, name="x" * 2_000_000)
        for path in ("/api/editions/check", "/api/games", "/api/records"):
            body = {"game": game.info.name, "edition": huge, "seats": [{"kind": "me"}] * 2}
            response = client.post(path, json=body)
            assert response.status_code == 413, path
            assert "at most 2,000,000 bytes" in response.json()["message"]
        # Sent in chunks, with no length given: refused as soon as it goes over.
        chunks = (b"x" * 65536 for _ in range(40))
        chunked = client.post("/api/records", content=chunks)
        assert chunked.status_code == 413 and "at most 2,000,000 bytes" in chunked.json()["message"]
        # The packaged edition, the largest there is, still goes through.
        assert client.post(
            "/api/editions/check", json={"game": game.info.name, "edition": data}
        ).json()["valid"]
