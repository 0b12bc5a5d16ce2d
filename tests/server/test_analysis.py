"""The analysis of a finished game: worked out in the background, stored, served, told to
the game's sockets, and started again after a restart when it is missing or unfinished."""

from __future__ import annotations

import os
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import delete, update

from tablelands import analysis
from tablelands.agents.mcts import Budget
from tablelands.core.records import GameRecord, replay
from tablelands.games import get_game
from tablelands.server.bots import BACKGROUND_NICENESS, bot_pool
from tablelands.server.review import AnalysisRow, Reviews
from tests.server.conftest import hub_of, seat_socket, serving
from tests.server.test_api import create, play_out

BUDGET = "3it"


def reviews_idle(client: TestClient) -> None:
    app = client.app
    assert isinstance(app, FastAPI)
    reviews: Reviews = app.state.reviews
    assert client.portal is not None
    client.portal.call(reviews.idle)


def finished_game(client: TestClient) -> tuple[str, str]:
    made = create(client, "confusing-lands", [{"kind": "me"}])
    game_id, token = made["game"]["id"], made["seats"][0]["token"]
    early = client.get(f"/api/games/{game_id}/analysis")
    assert early.status_code == 422 and "once it is over" in early.json()["message"]
    play_out(client, game_id, token, seed=5)
    return game_id, token


def expected(client: TestClient, game_id: str) -> dict[str, Any]:
    """The analysis ``tablelands analyze`` makes of the game's record, with the same seed."""
    record = GameRecord.model_validate(client.get(f"/api/games/{game_id}/record").json())
    game = get_game(record.game)
    final = replay(record, game, game.default_edition(), "download")
    start = game.new_state(players=1, seed=final.seed, options=final.options)
    verdicts = analysis.analyse(start, final.history, Budget(iterations=3), final.seed)
    return analysis.to_json(verdicts, 1)


def rows(client: TestClient) -> Any:
    return hub_of(client).store.session()


def test_a_finished_game_is_analysed_stored_and_served(database_url: str) -> None:
    with serving(database_url, analysis_budget=BUDGET) as client:
        game_id, _ = finished_game(client)
        reviews_idle(client)
        answer = client.get(f"/api/games/{game_id}/analysis").json()
        assert answer["status"] == "done" and answer["budget"] == BUDGET
        made = expected(client, game_id)
        assert answer["decisions"] == made["decisions"] and answer["players"] == made["players"]
        assert answer["decisions"], "a solo game of Confusing Lands has choices to weigh"
        first = answer["decisions"][0]
        assert set(first) >= {"index", "player", "played", "best", "loss"}
        with rows(client) as session:
            row = session.get(AnalysisRow, game_id)
            assert row is not None and row.status == "done" and row.result == made
    # Stored: a new server serves it as it was, without working it out again.
    with serving(database_url, analysis_budget="1it") as client:
        reviews_idle(client)
        again = client.get(f"/api/games/{game_id}/analysis").json()
        assert again == answer


def test_a_missing_or_unfinished_analysis_is_made_after_a_restart(sqlite_url: str) -> None:
    with serving(sqlite_url, analysis_budget=BUDGET) as client:
        game_id, _ = finished_game(client)
        reviews_idle(client)
        done = client.get(f"/api/games/{game_id}/analysis").json()
        with rows(client) as session, session.begin():
            session.execute(delete(AnalysisRow).where(AnalysisRow.game_id == game_id))
        # As if the server had stopped before the analysis was written.
        with rows(client) as session:
            assert session.get(AnalysisRow, game_id) is None
    with serving(sqlite_url, analysis_budget=BUDGET) as client:
        reviews_idle(client)
        assert client.get(f"/api/games/{game_id}/analysis").json() == done
        with rows(client) as session, session.begin():
            session.execute(
                update(AnalysisRow)
                .where(AnalysisRow.game_id == game_id)
                .values(status="pending", result=None)
            )
    # As if the server had stopped while it worked it out.
    with serving(sqlite_url, analysis_budget=BUDGET) as client:
        reviews_idle(client)
        assert client.get(f"/api/games/{game_id}/analysis").json() == done


def test_a_failed_analysis_says_why_and_is_not_retried(sqlite_url: str) -> None:
    with serving(sqlite_url, analysis_budget=BUDGET) as client:
        game_id, _ = finished_game(client)
        reviews_idle(client)
        with rows(client) as session, session.begin():
            session.execute(
                update(AnalysisRow)
                .where(AnalysisRow.game_id == game_id)
                .values(status="failed", result=None, message="the search stopped: broken")
            )
    with serving(sqlite_url, analysis_budget=BUDGET) as client:
        reviews_idle(client)
        answer = client.get(f"/api/games/{game_id}/analysis").json()
        assert answer == {
            "status": "failed",
            "budget": BUDGET,
            "message": "the search stopped: broken",
        }


def test_the_games_sockets_are_told_when_the_analysis_is_ready(sqlite_url: str) -> None:
    with serving(sqlite_url, analysis_budget=BUDGET) as client:
        made = create(client, "confusing-lands", [{"kind": "me"}])
        game_id, token = made["game"]["id"], made["seats"][0]["token"]
        with seat_socket(client, game_id, token) as socket:
            play_out(client, game_id, token, seed=5)
            reviews_idle(client)
            kinds = []
            for _ in range(100):
                message = socket.receive_json()
                kinds.append(message["type"])
                if message["type"] == "analysis":
                    break
            assert kinds[-1] == "analysis" and message["game"] == game_id
            assert kinds[:-1] and set(kinds[:-1]) == {"view"}


def _priority() -> int:
    return os.getpriority(os.PRIO_PROCESS, 0)


def test_analyses_run_below_live_play_and_bots_do_not() -> None:
    # Below the server, so that live games come first; not in the idle class or at 19,
    # where beside CPU-bound neighbours an analysis took minutes to start.
    own = _priority()
    background, live = bot_pool(1, background=True), bot_pool(1)
    try:
        assert background.submit(_priority).result(timeout=60) == min(own + BACKGROUND_NICENESS, 19)
        assert live.submit(_priority).result(timeout=60) == own
        assert os.sched_getscheduler(0) == os.SCHED_OTHER
        assert background.submit(os.sched_getscheduler, 0).result(timeout=60) == os.SCHED_OTHER
    finally:
        background.shutdown()
        live.shutdown()
    assert 0 < BACKGROUND_NICENESS < 19
