"""The REST API, on SQLite and PostgreSQL: whole games against bots, refusals, tokens,
the seed kept secret, restarts, bot-only games, records and rematches."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from tablelands.core.records import GameRecord, replay
from tablelands.core.rng import Rng
from tablelands.games import get_game
from tests.server.conftest import ADMIN, bearer, serving, settle


def create(
    client: TestClient, game: str, seats: list[dict[str, Any]], **extra: Any
) -> dict[str, Any]:
    response = client.post("/api/games", json={"game": game, "seats": seats, **extra})
    assert response.status_code == 201, response.text
    made: dict[str, Any] = response.json()
    return made


def view(client: TestClient, game_id: str, token: str, since: int = 0) -> dict[str, Any]:
    response = client.get(
        f"/api/games/{game_id}/view", headers=bearer(token), params={"since": since}
    )
    assert response.status_code == 200, response.text
    frame: dict[str, Any] = response.json()
    return frame


def play_out(client: TestClient, game_id: str, token: str, seed: int) -> dict[str, Any]:
    """Play one seat's moves by random choice (as JSON descriptions) until the end."""
    rng = Rng(seed)
    for _ in range(2000):
        settle(client)
        frame = view(client, game_id, token)
        if frame["is_over"]:
            return frame
        assert frame["to_act"], "a bot should have moved"
        chosen = dict(rng.choice(frame["legal_actions"]))
        del chosen["id"], chosen["text"]
        response = client.post(
            f"/api/games/{game_id}/moves",
            headers=bearer(token),
            json={"seq": frame["seq"], "action": chosen},
        )
        assert response.status_code == 200, response.text
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game", ["confusing-lands", "land-vs-sea", "drifting-lands"])
def test_a_whole_game_against_a_bot(database_url: str, game: str) -> None:
    with serving(database_url) as client:
        made = create(
            client, game, [{"kind": "me", "name": "Ann"}, {"kind": "bot", "agent": "random"}]
        )
        game_id, token = made["game"]["id"], made["seats"][0]["token"]
        assert [s["kind"] for s in made["game"]["seats"]] == ["human", "bot"]
        assert "seed" not in made["game"] and made["game"]["result"] is None
        joined = client.post(
            f"/api/games/{game_id}/join", headers=bearer(token), json={"name": "Bea"}
        )
        assert joined.json()["seat"] == 0
        assert joined.json()["game"]["seats"][0]["name"] == "Bea"
        end = play_out(client, game_id, token, seed=3)
        summary = client.get(f"/api/games/{game_id}").json()
        assert summary["status"] == "over"
        assert end["result"] == summary["result"]
        record = client.get(f"/api/games/{game_id}/record")
        assert record.status_code == 200
        assert "attachment" in record.headers["content-disposition"]
        parsed = GameRecord.model_validate(record.json())
        state = replay(parsed, get_game(game), get_game(game).default_edition(), "download")
        assert state.scores() == end["result"]["scores"] == parsed.scores
        assert parsed.seed == end["result"]["seed"]
        assert [p.name for p in parsed.players] == ["human", "random"]
        # The log tells the moves in order, up to the last.
        seqs = [line["seq"] for line in end["log"]]
        assert seqs == sorted(seqs) and seqs[-1] == end["seq"]


def test_the_seed_is_told_only_at_the_end(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        made = create(
            client, "confusing-lands", [{"kind": "me"}, {"kind": "bot", "agent": "random"}]
        )
        game_id, token = made["game"]["id"], made["seats"][0]["token"]
        frame = view(client, game_id, token)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        seed = hub.referee.position(game_id).state.seed
        for text in (client.get(f"/api/games/{game_id}").text, str(frame), str(made)):
            assert str(seed) not in text
        assert frame["result"] is None
        refused = client.get(f"/api/games/{game_id}/record")
        assert refused.status_code == 422 and "seed" in refused.json()["message"]
        end = play_out(client, game_id, token, seed=1)
        assert end["result"]["seed"] == seed


def test_a_stale_seq_is_refused_and_a_double_post_applies_once(database_url: str) -> None:
    with serving(database_url) as client:
        made = create(client, "land-vs-sea", [{"kind": "me"}, {"kind": "friend"}])
        game_id, token = made["game"]["id"], made["seats"][0]["token"]
        frame = view(client, game_id, token)
        move = {"seq": frame["seq"], "action_id": frame["legal_actions"][0]["id"]}
        first = client.post(f"/api/games/{game_id}/moves", headers=bearer(token), json=move)
        again = client.post(f"/api/games/{game_id}/moves", headers=bearer(token), json=move)
        assert first.status_code == 200 and first.json()["seq"] == 1
        assert again.status_code == 409
        assert "at seq 1, not 0" in again.json()["message"]
        assert client.get(f"/api/games/{game_id}").json()["moves"] == 1
        ahead = client.post(
            f"/api/games/{game_id}/moves", headers=bearer(token), json={**move, "seq": 5}
        )
        assert ahead.status_code == 409


def test_an_illegal_move_is_explained_by_the_rule(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        made = create(client, "confusing-lands", [{"kind": "me"}, {"kind": "friend"}])
        game_id, token = made["game"]["id"], made["seats"][0]["token"]
        frame = view(client, game_id, token)
        legal = {a["id"] for a in frame["legal_actions"]}
        # The first card goes at 0,0: anywhere else breaks a rule, which the refusal names.
        wrong = {"kind": "place", "card": frame["legal_actions"][0]["card"], "side": "c",
                 "rotation": 0, "row": 3, "col": 3}  # fmt: skip
        response = client.post(
            f"/api/games/{game_id}/moves", headers=bearer(token), json={"seq": 0, "action": wrong}
        )
        assert response.status_code == 422
        message = response.json()["message"]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        state = hub.referee.position(game_id).state.clone()
        action = state.action_from_json(wrong)
        assert action not in legal
        with pytest.raises(Exception) as expected:
            state.apply(action)
        assert message == str(expected.value)
        garbled = client.post(
            f"/api/games/{game_id}/moves",
            headers=bearer(token),
            json={"seq": 0, "action": {"kind": "place", "card": 99}},
        )
        assert garbled.status_code == 422 and "card" in garbled.json()["message"]
        assert client.get(f"/api/games/{game_id}").json()["seq"] == 0


def test_tokens_a_wrong_one_is_refused_and_a_seat_cannot_act_for_another(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        made = create(client, "land-vs-sea", [{"kind": "me"}, {"kind": "friend"}])
        game_id = made["game"]["id"]
        mine, friend = (s["token"] for s in made["seats"])
        assert made["seats"][1]["link"] == f"/play/{game_id}#token={friend}"
        for headers in (bearer("not-a-token"), {"Authorization": mine}):
            assert client.get(f"/api/games/{game_id}/view", headers=headers).status_code == 403
        # No token at all is a spectator, who gets the public view (tests/server/test_watch.py).
        assert client.get(f"/api/games/{game_id}/view").json()["seat"] is None
        other = create(client, "land-vs-sea", [{"kind": "me"}, {"kind": "friend"}])
        assert (
            client.get(f"/api/games/{other['game']['id']}/view", headers=bearer(mine)).status_code
            == 403
        )
        frame = view(client, game_id, mine)
        assert frame["seat"] == 0 and frame["to_act"]
        theirs = view(client, game_id, friend)
        assert theirs["seat"] == 1 and not theirs["to_act"] and theirs["legal_actions"] == []
        move = {"seq": 0, "action_id": frame["legal_actions"][0]["id"]}
        response = client.post(f"/api/games/{game_id}/moves", headers=bearer(friend), json=move)
        assert response.status_code == 422 and "not seat 2's turn" in response.json()["message"]
        assert client.post(f"/api/games/{game_id}/moves", json=move).status_code == 403
        assert client.get("/api/games/nope").status_code == 404


def undoable_game(client: TestClient) -> tuple[str, str, str, dict[str, Any]]:
    """A Land vs Sea game between two people at the point where seat 1 has made a move
    it may take back (a placement that keeps its turn and draws nothing)."""
    made = create(client, "land-vs-sea", [{"kind": "me"}, {"kind": "hotseat"}])
    game_id = made["game"]["id"]
    tokens = [s["token"] for s in made["seats"]]
    hub = client.app.state.hub  # type: ignore[attr-defined]
    rng = Rng(4)
    for _ in range(200):
        position = hub.referee.position(game_id)
        seat = position.state.current_player
        frame = view(client, game_id, tokens[seat])
        if frame["can_undo"]:
            return game_id, tokens[seat], tokens[1 - seat], frame
        action = rng.choice(frame["legal_actions"])["id"]
        response = client.post(
            f"/api/games/{game_id}/moves",
            headers=bearer(tokens[seat]),
            json={"seq": frame["seq"], "action_id": action},
        )
        assert response.status_code == 200
    raise AssertionError("no undoable move came up")


def test_undo_is_allowed_in_ones_own_turn_and_refused_otherwise(database_url: str) -> None:
    with serving(database_url) as client:
        game_id, mover, other, frame = undoable_game(client)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        before = hub.referee.position(game_id)
        last = before.played[-1]
        assert view(client, game_id, other)["can_undo"] is False
        refused = client.post(
            f"/api/games/{game_id}/undo", headers=bearer(other), json={"seq": frame["seq"]}
        )
        assert refused.status_code == 422 and "only its own moves" in refused.json()["message"]
        stale = client.post(
            f"/api/games/{game_id}/undo", headers=bearer(mover), json={"seq": frame["seq"] - 1}
        )
        assert stale.status_code == 409
        undone = client.post(
            f"/api/games/{game_id}/undo", headers=bearer(mover), json={"seq": frame["seq"]}
        )
        assert undone.status_code == 200, undone.text
        after = undone.json()
        assert after["seq"] == frame["seq"] + 1 and after["undone"] == [last.seq]
        assert after["log"] == []
        position = hub.referee.position(game_id)
        assert position.actions == before.actions[:-1]
        assert last.action in [a["id"] for a in after["legal_actions"]]
        # The rows are kept: an undo is a row of its own.
        summary = client.get(f"/api/games/{game_id}").json()
        assert summary["seq"] == frame["seq"] + 1 and summary["moves"] == len(before.played) - 1


def test_undo_is_refused_once_the_turn_passed_or_something_was_drawn(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        made = create(client, "land-vs-sea", [{"kind": "me"}, {"kind": "hotseat"}])
        game_id = made["game"]["id"]
        tokens = [s["token"] for s in made["seats"]]
        hub = client.app.state.hub  # type: ignore[attr-defined]
        rng = Rng(9)
        seen_turn_passed = seen_drawn = False
        for _ in range(300):
            position = hub.referee.position(game_id)
            if position.state.is_terminal or (seen_turn_passed and seen_drawn):
                break
            if position.played:
                last = position.played[-1]
                frame = view(client, game_id, tokens[last.seat])
                if not frame["can_undo"]:  # (allowed undos: the test above)
                    response = client.post(
                        f"/api/games/{game_id}/undo",
                        headers=bearer(tokens[last.seat]),
                        json={"seq": position.seq},
                    )
                    assert response.status_code == 422
                    message = response.json()["message"]
                    if position.state.current_player != last.seat:
                        assert "turn has passed" in message
                        seen_turn_passed = True
                    else:
                        assert "drew at random or revealed" in message
                        seen_drawn = True
            seat = hub.referee.position(game_id).state.current_player
            frame = view(client, game_id, tokens[seat])
            action = rng.choice(frame["legal_actions"])["id"]
            client.post(
                f"/api/games/{game_id}/moves",
                headers=bearer(tokens[seat]),
                json={"seq": frame["seq"], "action_id": action},
            )
        assert seen_turn_passed and seen_drawn


def test_a_restarted_server_resumes_every_game_with_no_move_lost(database_url: str) -> None:
    with serving(database_url) as client:
        game_id, mover, _other, frame = undoable_game(client)
        hub = client.app.state.hub  # type: ignore[attr-defined]
        client.post(f"/api/games/{game_id}/undo", headers=bearer(mover), json={"seq": frame["seq"]})
        before = hub.referee.position(game_id)
        seats = range(before.state.num_players)
        lines = [before.viewpoint(seat).lines for seat in seats]
        state, actions = before.state.to_json(), before.actions
        old = view(client, game_id, mover)
    with serving(database_url) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        after = hub.referee.position(game_id)
        assert after.state.to_json() == state and after.actions == actions
        assert [after.viewpoint(seat).lines for seat in seats] == lines
        assert view(client, game_id, mover) == old


def test_a_game_between_bots_plays_to_the_end_unattended(database_url: str) -> None:
    with serving(database_url, workers=2) as client:
        made = create(
            client,
            "confusing-lands",
            [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "mcts:50it"}],
        )
        assert made["seats"] == []
        settle(client)
        summary = client.get(f"/api/games/{made['game']['id']}").json()
        assert summary["status"] == "over" and summary["result"]["winners"]


def test_at_start_up_a_game_where_a_bot_is_to_move_goes_on(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        made = create(client, "confusing-lands", [{"kind": "bot", "agent": "random"}] * 2)
        game_id = made["game"]["id"]
        assert client.portal is not None
        client.portal.call(hub.close)  # the server stops before the bots are done
        moves = client.get(f"/api/games/{game_id}").json()["moves"]
    assert moves < 16
    with serving(sqlite_url) as client:
        settle(client)
        assert client.get(f"/api/games/{game_id}").json()["status"] == "over"


def test_creating_a_game_refuses_what_the_game_does_not_take(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        cases = [
            ({"game": "chess", "seats": [{"kind": "me"}]}, "no game called 'chess'"),
            ({"game": "land-vs-sea", "seats": [{"kind": "me"}]}, "not 1"),
            ({"game": "land-vs-sea", "seats": [{"kind": "me"}, {"kind": "bot", "agent": "nope"}]}, "seat 2: no agent"),
            ({"game": "land-vs-sea", "seats": [{"kind": "me"}] * 2}, "only one seat"),
            ({"game": "land-vs-sea", "seats": [{"kind": "me"}, {"kind": "friend"}], "options": {"nope": True}}, "no option 'nope'"),
            ({"game": "land-vs-sea", "seats": [{"kind": "me"}, {"kind": "friend"}], "edition": {"format": "x"}}, "edition"),
        ]  # fmt: skip
        for body, says in cases:
            response = client.post("/api/games", json=body)
            assert response.status_code == 400, body
            assert says in response.json()["message"]


def test_an_uploaded_edition_is_played_with(sqlite_url: str) -> None:
    game = get_game("confusing-lands")
    data = game.default_edition().to_data()
    data["name"] = "my transcription"
    with serving(sqlite_url) as client:
        made = create(client, "confusing-lands", [{"kind": "me"}], edition=data)
        assert made["game"]["edition"]["name"] == "my transcription"
        assert made["game"]["edition"]["packaged"] is False


def test_the_catalog_lists_games_options_and_agents(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        catalog = client.get("/api/games/catalog").json()
        names = [g["name"] for g in catalog["games"]]
        assert names == ["confusing-lands", "land-vs-sea", "drifting-lands"]
        lvs = catalog["games"][1]
        assert lvs["player_counts"] == [2, 3, 4]
        assert all(option["help"] for option in lvs["options"])
        specs = [a["spec"] for a in catalog["agents"]]
        assert specs == ["random", "greedy", "mcts:1s", "mcts:3s", "mcts:8s"]
        assert all(a["label"] and a["strength"] for a in catalog["agents"])
        assert client.get("/").status_code == 200
        assert client.get("/static/css/site.css").status_code == 200


def test_the_admin_list_needs_the_admin_token(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        made = create(client, "confusing-lands", [{"kind": "me"}])
        assert client.get("/api/admin/games").status_code == 403
        assert client.get("/api/admin/games", headers=bearer("guess")).status_code == 403
        listed = client.get("/api/admin/games", headers=bearer(ADMIN)).json()["games"]
        assert [g["id"] for g in listed] == [made["game"]["id"]]


def test_a_rematch_keeps_the_seats_and_options_with_a_new_seed(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        made = create(
            client,
            "land-vs-sea",
            [{"kind": "me"}, {"kind": "bot", "agent": "random"}],
            options={"trade": True},
        )
        game_id, token = made["game"]["id"], made["seats"][0]["token"]
        early = client.post(f"/api/games/{game_id}/rematch", headers=bearer(token))
        assert early.status_code == 422
        end = play_out(client, game_id, token, seed=2)
        again = client.post(f"/api/games/{game_id}/rematch", headers=bearer(token))
        assert again.status_code == 201
        new = again.json()["game"]
        assert new["rematch_of"] == game_id and new["options"] == made["game"]["options"]
        assert client.get(f"/api/games/{game_id}").json()["rematch"] == new["id"]
        assert view(client, new["id"], token)["seat"] == 0  # the same link works
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert hub.referee.position(new["id"]).state.seed != end["result"]["seed"]


def test_the_edition_and_the_game_page_are_public(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        made = create(client, "confusing-lands", [{"kind": "me"}])
        game_id = made["game"]["id"]
        edition = client.get(f"/api/games/{game_id}/edition")
        packaged = get_game("confusing-lands").default_edition().to_data()
        assert edition.status_code == 200 and edition.json() == packaged
        page = client.get(f"/play/{game_id}")
        assert page.status_code == 200 and made["game"]["title"] in page.text
        # The page holds no token: seats are found in the browser, from the link's fragment.
        assert made["seats"][0]["token"] not in page.text
        missing = client.get("/play/no-such-game")
        assert missing.status_code == 404 and "No such game" in missing.text
        assert client.get("/api/games/no-such-game/edition").status_code == 404
