"""Hints over the API: refused when off, out of turn or stale; legal actions of the seat's
own view, the same whatever the seat cannot know."""

from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, ThreadPoolExecutor, wait
from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablelands.agents.mcts import Budget
from tablelands.core.view import SeatView
from tablelands.server.hints import advice
from tablelands.server.settings import Settings
from tests.core.test_secrecy import hidden_data, staged_state, variant_of
from tests.server.conftest import bearer, hub_of, serving, settle
from tests.server.test_api import create, view

BUDGET = "40it"


def ask(client: TestClient, game_id: str, token: str, seq: int) -> Any:
    return client.post(f"/api/games/{game_id}/hint", headers=bearer(token), json={"seq": seq})


def test_a_hint_ranks_legal_actions_of_the_seats_own_view(sqlite_url: str) -> None:
    with serving(sqlite_url, hint_budget=BUDGET) as client:
        made = create(client, "land-vs-sea", [{"kind": "me"}, {"kind": "bot", "agent": "random"}])
        game_id, token = made["game"]["id"], made["seats"][0]["token"]
        settle(client)
        frame = view(client, game_id, token)
        assert frame["to_act"]
        answer = ask(client, game_id, token, frame["seq"])
        assert answer.status_code == 200, answer.text
        body = answer.json()
        assert body["seq"] == frame["seq"] and body["budget"] == BUDGET
        hints = body["hints"]
        legal = {action["id"]: action for action in frame["legal_actions"]}
        assert 1 <= len(hints) <= 5
        for hint in hints:
            assert hint["action"] == legal[hint["action"]["id"]]  # as the view gives it
            assert 0.0 <= hint["value"] <= 1.0 and hint["visits"] >= 0
            assert "expected" in hint["expected"]
        assert sum(h["visits"] for h in hints) > 0
        assert [h["visits"] for h in hints] == sorted((h["visits"] for h in hints), reverse=True)
        # The worker searched the seat's view, seeded from its observation: the same
        # question in this process gives the very same answer.
        state = hub_of(client).referee.position(game_id).state
        assert advice(SeatView(state, 0), Budget(iterations=40)) == hints
        # A hint is advice only: nothing was played, and the hinted move can be played.
        assert view(client, game_id, token)["seq"] == frame["seq"]
        played = client.post(
            f"/api/games/{game_id}/moves",
            headers=bearer(token),
            json={"seq": frame["seq"], "action_id": hints[0]["action"]["id"]},
        )
        assert played.status_code == 200, played.text


def test_hints_are_refused_when_off_out_of_turn_or_stale(sqlite_url: str) -> None:
    with serving(sqlite_url, hint_budget=BUDGET) as client:
        seats: list[dict[str, Any]] = [{"kind": "me"}, {"kind": "friend"}]
        off = create(client, "confusing-lands", seats, hints=False)
        refused = ask(client, off["game"]["id"], off["seats"][0]["token"], 0)
        assert refused.status_code == 422
        assert "hints are off in this game" in refused.json()["message"]

        made = create(client, "confusing-lands", seats)
        game_id = made["game"]["id"]
        first, second = made["seats"][0]["token"], made["seats"][1]["token"]
        frame = view(client, game_id, first)
        assert frame["to_act"]
        waiting = ask(client, game_id, second, frame["seq"])
        assert waiting.status_code == 422
        assert "it is not seat 2's turn" in waiting.json()["message"]
        assert ask(client, game_id, "not-a-token", frame["seq"]).status_code == 403
        stale = ask(client, game_id, first, frame["seq"] + 1)
        assert stale.status_code == 409 and "has moved on" in stale.json()["message"]
        assert ask(client, "no-such-game", first, 0).status_code == 404
        malformed = client.post(f"/api/games/{game_id}/hint", headers=bearer(first), json={})
        assert malformed.status_code == 422
        assert malformed.json() == {"type": "refused", "message": "body.seq: Field required"}


@pytest.mark.parametrize(
    ("name", "stage"), [("land-vs-sea", "steal-or-midgame"), ("drifting-lands", "selecting")]
)
def test_a_hint_is_the_same_whatever_the_seat_cannot_know(name: str, stage: str) -> None:
    state = staged_state(name, 2, (), stage)
    seat = state.current_player
    hint = advice(SeatView(state, seat), Budget(iterations=30))
    for number in range(2):
        variant = variant_of(state, seat, number)
        assert hidden_data(variant) != hidden_data(state)  # others' hands or tiles changed
        assert advice(SeatView(variant, seat), Budget(iterations=30)) == hint


def test_a_budget_that_is_not_one_is_refused_at_start() -> None:
    with pytest.raises(ValueError, match=r"hint_budget.*neither a budget"):
        Settings(database_url="sqlite://", admin_token="t", hint_budget="soon")
    with pytest.raises(ValueError, match=r"analysis_budget.*nothing more"):
        Settings(database_url="sqlite://", admin_token="t", analysis_budget="1s:workers=2")


def test_a_seat_waits_for_its_hint_before_asking_another(sqlite_url: str) -> None:
    with serving(sqlite_url, hint_budget=BUDGET) as client:
        made = create(client, "confusing-lands", [{"kind": "me"}])
        game_id, token = made["game"]["id"], made["seats"][0]["token"]
        lock = hub_of(client).lock(game_id)
        assert client.portal is not None
        # While the game's lock is held, a hint asked for cannot start: the second one
        # asked meanwhile is refused, whichever of the two comes first.
        client.portal.call(lock.acquire)
        with ThreadPoolExecutor(2) as threads:
            asked = [threads.submit(ask, client, game_id, token, 0) for _ in range(2)]
            try:
                done, waiting = wait(asked, timeout=60, return_when=FIRST_COMPLETED)
            finally:
                client.portal.call(lock.release)
            assert len(done) == 1, "both hints waited for the lock: neither was refused"
            refused = next(iter(done)).result()
            assert refused.status_code == 429 and "already" in refused.json()["message"]
            assert next(iter(waiting)).result().status_code == 200
        assert ask(client, game_id, token, 0).status_code == 200  # one at a time, not one only
