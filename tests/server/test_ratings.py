"""Ratings of people (docs/server.md, Ratings): rated games between accounts, each counted
once when it ends; the leaderboard is what openskill gives from the stored results, worked
out again here; a game with a seat without an account counts for nobody."""

from __future__ import annotations

import random
from typing import Any

import pytest
from fastapi.testclient import TestClient
from openskill.models import PlackettLuce
from sqlalchemy import select

from tablelands.server.db import RatedGameRow
from tests.server.conftest import another_browser, bearer, hub_of, person, serving, settle
from tests.server.test_clocks import DrivenClock, check_clocks, driven


def rated_game(
    first: TestClient,
    second: TestClient,
    seed: int,
    clock: dict[str, Any] | None = None,
    moves: int = 100,
) -> str:
    """A rated Confusing Lands game made by ``first`` and joined by ``second``, played at
    random to the end (or for ``moves`` moves): its id."""
    made = first.post(
        "/api/games",
        json={
            "game": "confusing-lands",
            "seats": [{"kind": "me"}, {"kind": "friend"}],
            "hints": False,
            "rated": True,
            "clock": clock,
        },
    )
    assert made.status_code == 201, made.text
    game_id = made.json()["game"]["id"]
    assert made.json()["game"]["rated"]
    mine, invite = (seat["token"] for seat in made.json()["seats"])
    joined = second.post(f"/api/games/{game_id}/join", headers=bearer(invite), json={})
    tokens = [mine, joined.json()["token"]]
    browsers = [first, second]
    rng = random.Random(seed)
    for _ in range(moves):
        summary = first.get(f"/api/games/{game_id}").json()
        if summary["status"] == "over":
            return game_id
        seat = summary["current_player"]
        frame = (
            browsers[seat].get(f"/api/games/{game_id}/view", headers=bearer(tokens[seat])).json()
        )
        answer = browsers[seat].post(
            f"/api/games/{game_id}/moves",
            headers=bearer(tokens[seat]),
            json={"seq": frame["seq"], "action_id": rng.choice(frame["legal_actions"])["id"]},
        )
        assert answer.status_code == 200, answer.text
    if moves < 100:
        return game_id
    raise AssertionError("the game did not end")


def counted(client: TestClient) -> None:
    settle(client)
    assert client.portal is not None
    client.portal.call(client.app.state.ratings.idle)  # type: ignore[attr-defined]


def recomputed(client: TestClient) -> dict[str, tuple[float, float, int]]:
    """Every account's (mu, sigma, games), worked out again from the stored results."""
    model = PlackettLuce()
    ratings: dict[str, tuple[float, float, int]] = {}
    with hub_of(client).store.session() as session:
        rows = session.scalars(select(RatedGameRow).order_by(RatedGameRow.id)).all()
    for row in rows:
        if not row.counted:
            continue
        accounts, seat_places = row.result["accounts"], row.result["places"]
        teams = [
            [model.rating(*(ratings.get(a, (model.mu, model.sigma, 0))[:2]))] for a in accounts
        ]
        after = model.rate(teams, ranks=[float(p) for p in seat_places])
        for account, (rating,) in zip(accounts, after, strict=True):
            ratings[account] = (rating.mu, rating.sigma, ratings.get(account, (0, 0, 0))[2] + 1)
    return ratings


def test_the_leaderboard_is_what_the_stored_results_give(database_url: str) -> None:
    with serving(database_url) as client:
        ann, bea, cid = (person(client, name) for name in ("ann", "bea", "cid"))
        pairs = [(ann, bea), (bea, cid), (cid, ann), (ann, bea), (bea, ann), (cid, bea)]
        winners = {}
        for seed, (first, second) in enumerate(pairs):
            game_id = rated_game(first, second, seed)
            winners[game_id] = client.get(f"/api/games/{game_id}").json()["result"]["winners"]
            counted(client)
        with hub_of(client).store.session() as session:
            for row in session.scalars(select(RatedGameRow)):
                first_places = [s for s, place in enumerate(row.result["places"]) if place == 0]
                assert first_places == winners[row.game_id], "the winners are placed first"

        board = client.get("/api/ratings/confusing-lands", params={"players": 2}).json()
        again = recomputed(client)
        assert len(board["leaders"]) == 3 and len(again) == 3
        assert sum(leader["games"] for leader in board["leaders"]) == 2 * len(pairs)
        for leader in board["leaders"]:
            mu, sigma, games = again[leader["account"]]
            assert leader["mu"] == pytest.approx(mu) and leader["sigma"] == pytest.approx(sigma)
            assert leader["games"] == games
            assert leader["rating"] == pytest.approx(mu - 3 * sigma, abs=0.01)
        order = sorted(again, key=lambda a: -(again[a][0] - 3 * again[a][1]))
        assert [leader["account"] for leader in board["leaders"]] == order
        page = client.get(f"/api/players/{board['leaders'][0]['account']}").json()
        assert len(page["games"]) == page["ratings"][0]["games"]
        assert len(page["ratings"][0]["history"]) == page["ratings"][0]["games"] + 1


def test_a_rated_game_lost_on_time_counts_with_that_seat_last(sqlite_url: str) -> None:
    clock = DrivenClock()
    with serving(sqlite_url) as client:
        driven(client, clock)
        ann, bea = person(client, "ann"), person(client, "bea")
        lose = {"kind": "turn", "seconds": 86400, "on_timeout": "lose"}
        game_id = rated_game(ann, bea, 3, clock=lose, moves=1)
        clock.advance(86400 + 1)
        check_clocks(client)
        counted(client)
        with hub_of(client).store.session() as session:
            row = session.scalar(select(RatedGameRow).where(RatedGameRow.game_id == game_id))
        assert row is not None and row.counted and row.result["places"] == [0, 1]
        leaders = client.get("/api/ratings/confusing-lands").json()["leaders"]
        assert [leader["name"] for leader in leaders] == ["ann", "bea"]


def test_a_rated_game_with_a_seat_without_an_account_counts_for_nobody(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        ann = person(client, "ann")
        anonymous = another_browser(client)
        game_id = rated_game(ann, anonymous, 1)
        counted(client)
        with hub_of(client).store.session() as session:
            row = session.scalar(select(RatedGameRow).where(RatedGameRow.game_id == game_id))
        assert row is not None and not row.counted and "account" in row.result["why"]
        assert client.get("/api/ratings/confusing-lands").json()["leaders"] == []


@pytest.mark.parametrize(
    ("seats", "hints"),
    [
        ([{"kind": "me"}, {"kind": "bot", "agent": "random"}], False),
        ([{"kind": "me"}, {"kind": "friend"}], True),
        ([{"kind": "me"}, {"kind": "hotseat"}], False),
        ([{"kind": "me"}], False),
    ],
)
def test_a_rated_game_is_between_people_without_help(
    sqlite_url: str, seats: list[dict[str, Any]], hints: bool
) -> None:
    with serving(sqlite_url) as client:
        answer = client.post(
            "/api/games",
            json={"game": "confusing-lands", "seats": seats, "hints": hints, "rated": True},
        )
        assert answer.status_code == 400 and "a rated game is between people" in answer.text


def test_a_rated_game_with_a_clock_is_lost_on_time_never_played_by_a_stand_in(
    sqlite_url: str,
) -> None:
    with serving(sqlite_url) as client:
        made = {
            "game": "confusing-lands",
            "seats": [{"kind": "me"}, {"kind": "friend"}],
            "hints": False,
            "rated": True,
        }
        stand_in = {"kind": "turn", "seconds": 86400}
        answer = client.post("/api/games", json={**made, "clock": stand_in})
        assert answer.status_code == 400 and "no bot may play a seat" in answer.text
        lose = {**stand_in, "on_timeout": "lose"}
        assert client.post("/api/games", json={**made, "clock": lose}).status_code == 201
