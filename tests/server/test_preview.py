"""``POST /api/games/{id}/preview``: what a seat would see of a move before confirming it,
from its own view, refused as a move would be, and changing nothing."""

from __future__ import annotations

from tablelands.core.foresight import foresee
from tests.server.conftest import bearer, hub_of, serving
from tests.server.test_socket import two_people


def test_a_preview_is_the_seats_own_and_changes_nothing(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        game_id, tokens = two_people(client, "confusing-lands")
        view = client.get(f"/api/games/{game_id}/view", headers=bearer(tokens[0])).json()
        action = view["legal_actions"][0]["id"]
        route = f"/api/games/{game_id}/preview"
        seen = client.post(route, json={"seq": 0, "action_id": action}, headers=bearer(tokens[0]))
        assert seen.status_code == 200, seen.text
        position = hub_of(client).referee.position(game_id)
        expected = foresee(position.view(0), action).to_json()
        assert seen.json() == {"seq": 0, **expected}
        assert seen.json()["words"] and "placed card" in seen.json()["words"][0]
        assert client.get(f"/api/games/{game_id}").json()["seq"] == 0  # nothing played

        stale = client.post(route, json={"seq": 3, "action_id": action}, headers=bearer(tokens[0]))
        assert stale.status_code == 409
        anyone = client.post(route, json={"seq": 0, "action_id": action})
        assert anyone.status_code == 403
        not_theirs = client.post(
            route, json={"seq": 0, "action_id": action}, headers=bearer(tokens[1])
        )
        assert not_theirs.status_code == 422 and "turn" in not_theirs.json()["message"]
