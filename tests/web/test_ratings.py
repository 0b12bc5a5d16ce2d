"""The ratings pages in Chromium: after a rated game between two accounts (played through
the API), the leaderboard lists both and a player's page charts their rating."""

from __future__ import annotations

import random
import secrets

import httpx

from tests.web.conftest import Tab

PASSWORD = "a long enough password"


def person(site: str, name: str) -> httpx.Client:
    client = httpx.Client(base_url=site)
    email = f"{name.split(maxsplit=1)[0].lower()}-{secrets.token_hex(4)}@example.org"
    answer = client.post("/api/account", json={"email": email, "password": PASSWORD, "name": name})
    assert answer.status_code == 201, answer.text
    return client


def play_rated_game(site: str) -> tuple[str, str]:
    """Two new accounts play a rated Confusing Lands game to the end: their names."""
    names = (f"Ann {secrets.token_hex(2)}", f"Bea {secrets.token_hex(2)}")
    ann, bea = person(site, names[0]), person(site, names[1])
    made = ann.post(
        "/api/games",
        json={
            "game": "confusing-lands",
            "seats": [{"kind": "me"}, {"kind": "friend"}],
            "hints": False,
            "rated": True,
        },
    ).json()
    game_id = made["game"]["id"]
    mine, invite = (seat["token"] for seat in made["seats"])
    theirs = bea.post(
        f"/api/games/{game_id}/join", headers={"Authorization": f"Bearer {invite}"}, json={}
    ).json()["token"]
    players, tokens = (ann, bea), (mine, theirs)
    rng = random.Random(3)
    for _ in range(100):
        summary = ann.get(f"/api/games/{game_id}").json()
        if summary["status"] == "over":
            return names
        seat = summary["current_player"]
        auth = {"Authorization": f"Bearer {tokens[seat]}"}
        frame = players[seat].get(f"/api/games/{game_id}/view", headers=auth).json()
        action = rng.choice(frame["legal_actions"])["id"]
        players[seat].post(
            f"/api/games/{game_id}/moves",
            headers=auth,
            json={"seq": frame["seq"], "action_id": action},
        )
    raise AssertionError("the game did not end")


def test_the_leaderboard_and_a_players_page_after_a_rated_game(tab: Tab) -> None:
    names = play_rated_game(tab.site)
    page = tab.page
    page.goto(tab.site + "/")
    page.locator(".tl-top-links").get_by_role("link", name="Ratings").click()
    page.wait_for_url("**/ratings")
    board = page.locator(".tl-leaderboard")
    for name in names:
        # Counted as the game ended: shown once the page is loaded again, if not at once.
        for _ in range(20):
            if board.count() and name in board.inner_text():
                break
            page.wait_for_timeout(250)
            page.reload()
        assert name in board.inner_text()
    tab.screenshot("ratings-leaderboard")
    page.get_by_role("link", name=names[0]).click()
    page.wait_for_url("**/players/*")
    assert page.locator("h1").inner_text() == names[0]
    assert page.locator(".tl-rating-chart polyline").count() == 1
    assert (
        "1 of 2" in page.locator(".tl-leaderboard").inner_text()
        or "2 of 2" in page.locator(".tl-leaderboard").inner_text()
    )
    tab.screenshot("ratings-player")
