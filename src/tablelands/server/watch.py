"""The routes of watching: a game's public page and view for spectators, replays of
finished games, and records uploaded to be replayed (docs/server.md).

A spectator needs no token: ``/watch/{id}`` is the game's page in spectator mode, and the
socket and ``GET /api/games/{id}/view`` without a token give the public view (app.py).
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from tablelands.core.game import JsonDict
from tablelands.server.access import hub_of
from tablelands.server.errors import NotFoundError, ServerError
from tablelands.server.replays import PUBLIC, Replays


def add_watch_routes(app: FastAPI, templates: Jinja2Templates) -> None:
    """Add the spectator page, the replay page and routes, and the record upload."""

    def replays_of(request: Request) -> Replays:
        replays: Replays = request.app.state.replays
        return replays

    async def page(request: Request, game_id: str, template: str, **extra: Any) -> HTMLResponse:
        hub = hub_of(request)
        try:
            summary = await hub.run(hub.referee.summary, game_id)
        except NotFoundError as exc:
            return templates.TemplateResponse(
                request, "missing.html", {"message": str(exc)}, status_code=404
            )
        return templates.TemplateResponse(request, template, {"game": summary, **extra})

    @app.get("/watch/{game_id}", response_class=HTMLResponse)
    @app.head("/watch/{game_id}", response_class=HTMLResponse)
    async def watch(request: Request, game_id: str) -> HTMLResponse:
        # The game's page, which watches instead of playing: the public view only.
        return await page(request, game_id, "play.html", spectate=True)

    @app.get("/replay/{game_id}", response_class=HTMLResponse)
    @app.head("/replay/{game_id}", response_class=HTMLResponse)
    async def replay_page(request: Request, game_id: str) -> HTMLResponse:
        return await page(request, game_id, "replay.html")

    @app.get("/api/games/{game_id}/replay")
    async def replay_moves(request: Request, game_id: str) -> JsonDict:
        hub = hub_of(request)
        summary = await hub.run(hub.referee.summary, game_id)
        moves = await hub.run(replays_of(request).moves, game_id)
        return {"game": summary, **moves}

    @app.get("/api/games/{game_id}/replay/{step}")
    async def replay_step(
        request: Request, game_id: str, step: int, viewer: str = PUBLIC
    ) -> JsonDict:
        hub = hub_of(request)
        return await hub.run(replays_of(request).step, game_id, step, viewer)

    @app.post("/api/records", status_code=201)
    async def upload(request: Request) -> JsonDict:
        body = await request.body()  # no more than limits.MAX_BODY_BYTES
        try:
            data = json.loads(body)
        except ValueError as exc:
            raise ServerError(f"record: not JSON: {exc}") from None
        hub = hub_of(request)
        game_id = await hub.run(replays_of(request).upload, data)
        return {
            "game": await hub.run(hub.referee.summary, game_id),
            "replay": f"/replay/{game_id}",
        }
