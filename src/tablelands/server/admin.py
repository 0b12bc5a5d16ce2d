"""The server's admin: every game, a page at a time (``GET /api/admin/games``), and the page
that lists them (``/admin``), which asks for the admin token.

The token is the operator's: set in ``TABLELANDS_ADMIN_TOKEN``, or made by
``tablelands admin-token``, which prints it once and keeps only its hash in the database.
No log line ever holds it."""

from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass
from typing import Annotated

from fastapi import FastAPI, Query, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from sqlalchemy import func, select

from tablelands.core.game import JsonDict
from tablelands.server.access import Authorization, bearer, hub_of
from tablelands.server.db import GameRow, SecretRow
from tablelands.server.errors import ForbiddenError
from tablelands.server.store import Store

#: Games per page of the admin list, unless asked otherwise (a summary rebuilds a position).
PAGE = 50
MAX_PAGE = 200


#: The name of the admin token's hash among the server's secrets.
ADMIN_TOKEN_HASH = "admin_token_sha256"


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def new_admin_token(store: Store) -> str:
    """A new admin token (the one before it no longer works): only its hash is kept."""
    token = secrets.token_urlsafe(24)
    store.set_secret(ADMIN_TOKEN_HASH, _digest(token))
    return token


@dataclass(frozen=True, slots=True)
class AdminToken:
    """The admin token a request must give: the operator's (``given``), else the one whose
    hash the database keeps (read at each use: a token made while the server runs works
    at once)."""

    store: Store
    given: str | None

    def accepts(self, token: str) -> bool:
        if self.given is not None:
            return secrets.compare_digest(token.encode(), self.given.encode())
        with self.store.session() as session:
            row = session.get(SecretRow, ADMIN_TOKEN_HASH)
        return row is not None and secrets.compare_digest(_digest(token), row.value)


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


def add_admin_routes(app: FastAPI, templates: Jinja2Templates) -> None:
    @app.get("/admin", response_class=HTMLResponse)
    @app.head("/admin", response_class=HTMLResponse)
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
        hub = hub_of(request)
        admin: AdminToken = request.app.state.admin
        if not await hub.run(admin.accepts, bearer(authorization) or ""):
            raise ForbiddenError(
                "the admin routes need the admin token: TABLELANDS_ADMIN_TOKEN, or the one "
                "`tablelands admin-token` printed"
            )
        total, ids = await hub.run(newest_games, hub.store, limit, offset)
        games = [await hub.run(hub.referee.summary, i) for i in ids]
        return {"total": total, "offset": offset, "limit": limit, "games": games}
