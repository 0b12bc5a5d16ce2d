"""The server's admin: every game, a page at a time (``GET /api/admin/games``), and the page
that lists them (``/admin``), which asks for the admin token the server printed."""

from __future__ import annotations

import secrets
from typing import Annotated

from fastapi import FastAPI, Query, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from sqlalchemy import func, select

from tablelands.core.game import JsonDict
from tablelands.server.access import Authorization, bearer, hub_of
from tablelands.server.db import GameRow
from tablelands.server.errors import ForbiddenError
from tablelands.server.settings import Settings
from tablelands.server.store import Store

#: Games per page of the admin list, unless asked otherwise (a summary rebuilds a position).
PAGE = 50
MAX_PAGE = 200


def newest_games(store: Store, limit: int, offset: int) -> tuple[int, list[str]]:
    """How many games there are, and the ids of ``limit`` of them, newest first."""
    with store.session() as session:
        total = session.scalar(select(func.count()).select_from(GameRow)) or 0
        ids = session.scalars(
            select(GameRow.id)
            .order_by(GameRow.created_at.desc(), GameRow.id)
            .limit(limit)
            .offset(offset)
        ).all()
    return total, list(ids)


def add_admin_routes(app: FastAPI, templates: Jinja2Templates, settings: Settings) -> None:
    @app.get("/admin", response_class=HTMLResponse)
    async def admin_page(request: Request) -> HTMLResponse:
        # The page holds nothing secret: it asks for the token and sends it with each request.
        return templates.TemplateResponse(request, "admin.html", {"page": PAGE})

    @app.get("/api/admin/games")
    async def all_games(
        request: Request,
        authorization: Authorization = None,
        limit: Annotated[int, Query(ge=1, le=MAX_PAGE)] = PAGE,
        offset: Annotated[int, Query(ge=0)] = 0,
    ) -> JsonDict:
        given = bearer(authorization) or ""
        if not secrets.compare_digest(given.encode(), settings.admin_token.encode()):
            raise ForbiddenError(
                "the admin routes need the admin token the server printed at start"
            )
        hub = hub_of(request)
        total, ids = await hub.run(newest_games, hub.store, limit, offset)
        games = [await hub.run(hub.referee.summary, i) for i in ids]
        return {"total": total, "offset": offset, "limit": limit, "games": games}
