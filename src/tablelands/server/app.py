"""The web app: REST under ``/api``, a WebSocket per seat (or spectator) under ``/ws``, and
the pages: the lobby at ``/``, a game's page at ``/play/{id}``, and those of
``watch.py`` (spectating, replays, uploaded records).

Every route is documented, with its messages and examples, in docs/server.md. Seats act by
their secret token (``Authorization: Bearer TOKEN``, or ``?token=`` on the socket); the
seat is the token's, so no seat can act for another.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from pydantic import ValidationError
from starlette.websockets import WebSocketState

from tablelands.analysis import budget_of
from tablelands.core.game import JsonDict
from tablelands.server.access import Authorization, bearer, hub_of
from tablelands.server.admin import add_admin_routes
from tablelands.server.bots import bot_pool
from tablelands.server.catalog import catalog
from tablelands.server.db import make_engine, upgrade
from tablelands.server.errors import ForbiddenError, NotFoundError, ServerError
from tablelands.server.events import Event, Listener, Publisher
from tablelands.server.hints import add_hint_routes
from tablelands.server.hub import Connection, Hub
from tablelands.server.limits import BodyLimit
from tablelands.server.lobby import add_lobby_routes
from tablelands.server.messages import refused
from tablelands.server.processes import sole_process
from tablelands.server.referee import Referee
from tablelands.server.replays import Replays
from tablelands.server.review import Reviews, add_review_routes
from tablelands.server.schemas import Join, MoveRequest, NewGame, UndoRequest
from tablelands.server.settings import Settings
from tablelands.server.store import Store
from tablelands.server.watch import add_watch_routes

PACKAGE = Path(str(resources.files("tablelands.server")))


def create_app(settings: Settings) -> FastAPI:
    """The app over ``settings.database_url``: migrated at start-up, bots resumed."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        shared = settings.database_url.startswith("postgresql")
        with sole_process(settings.database_url):
            engine = make_engine(settings.database_url)
            upgrade(engine)
            publisher = Publisher(Hub.new_process_id(), shared)
            pool = bot_pool(settings.workers)
            hub = Hub(Referee(Store(engine, publisher)), publisher, pool)
            app.state.hub = hub
            app.state.replays = Replays(hub.referee)
            listener = Listener(settings.database_url, publisher, hub.resync) if shared else None
            if listener is not None:
                await listener.start()
            await hub.start()  # games where a bot is to move go on
            background = bot_pool(1, background=True)
            reviews = Reviews(hub, budget_of(settings.analysis_budget), background)
            app.state.reviews = reviews
            await reviews.resume()
            try:
                yield
            finally:
                await reviews.close()
                if listener is not None:
                    await listener.close()
                await hub.close()
                hub.shutdown()
                pool.shutdown(cancel_futures=True)
                background.shutdown(cancel_futures=True)
                engine.dispose()

    app = FastAPI(title="tablelands", lifespan=lifespan)
    app.add_middleware(BodyLimit)
    add_hint_routes(app, settings)
    add_review_routes(app)
    app.mount("/static", StaticFiles(directory=PACKAGE / "static"), name="static")
    templates = Jinja2Templates(directory=PACKAGE / "templates")

    add_watch_routes(app, templates)

    @app.exception_handler(ServerError)
    async def _refusal(_request: Request, exc: ServerError) -> JSONResponse:
        return JSONResponse(refused(str(exc)), status_code=exc.status)

    @app.get("/", response_class=HTMLResponse)
    async def index(request: Request) -> HTMLResponse:
        return templates.TemplateResponse(request, "index.html", {"catalog": catalog()})

    @app.get("/play/{game_id}", response_class=HTMLResponse)
    async def play(request: Request, game_id: str) -> HTMLResponse:
        # The seat's token is in the link's fragment, which never reaches the server: the
        # page is the same for everyone and finds its seats in the browser.
        hub = hub_of(request)
        try:
            summary = await hub.run(hub.referee.summary, game_id)
        except NotFoundError as exc:
            return templates.TemplateResponse(
                request, "missing.html", {"message": str(exc)}, status_code=404
            )
        return templates.TemplateResponse(request, "play.html", {"game": summary})

    @app.get("/api/games/catalog")
    async def games_catalog() -> JsonDict:
        return catalog()

    @app.post("/api/games", status_code=201)
    async def create_game(request: Request, body: NewGame) -> JsonDict:
        hub = hub_of(request)
        game_id, tokens = await hub.run(hub.referee.create, body)
        hub.wake_bots(game_id)
        return {
            "game": await hub.run(hub.referee.summary, game_id),
            "seats": [
                {
                    "seat": t.seat,
                    "kind": t.kind,
                    "token": t.token,
                    "link": f"/play/{game_id}#token={t.token}",
                }
                for t in tokens
            ],
        }

    @app.get("/api/games/{game_id}")
    async def game_summary(request: Request, game_id: str) -> JsonDict:
        hub = hub_of(request)
        return await hub.run(hub.referee.summary, game_id)

    @app.get("/api/games/{game_id}/edition")
    async def edition(request: Request, game_id: str) -> JSONResponse:
        hub = hub_of(request)
        data = await hub.run(hub.referee.edition, game_id)
        # A game's edition never changes, and is public: the boards read card faces from it.
        return JSONResponse(data, headers={"Cache-Control": "public, max-age=86400"})

    async def seat(hub: Hub, game_id: str, authorization: str | None) -> int:
        return await hub.run(hub.referee.seat_of, game_id, bearer(authorization))

    @app.post("/api/games/{game_id}/join")
    async def join(
        request: Request,
        game_id: str,
        authorization: Authorization = None,
        body: Join | None = None,
    ) -> JsonDict:
        hub = hub_of(request)
        name = body.name if body else None
        # Everyone sees the name, on every process: the store tells of the change.
        index, token = await hub.run(hub.referee.join, game_id, bearer(authorization), name)
        return {
            "seat": index,
            "token": token,
            "game": await hub.run(hub.referee.summary, game_id),
        }

    @app.get("/api/games/{game_id}/view")
    async def view(
        request: Request, game_id: str, authorization: Authorization = None, since: int = 0
    ) -> JsonDict:
        hub = hub_of(request)
        # Without a token: a spectator's view, the public one.
        index = None if authorization is None else await seat(hub, game_id, authorization)
        return await hub.run(hub.referee.frame, game_id, index, lines_after(since))

    @app.post("/api/games/{game_id}/moves")
    async def move(
        request: Request, game_id: str, body: MoveRequest, authorization: Authorization = None
    ) -> JsonDict:
        hub = hub_of(request)
        index = await seat(hub, game_id, authorization)
        await hub.play(game_id, index, body.seq, body.action, body.action_id)
        return await hub.run(hub.referee.frame, game_id, index, body.seq)

    @app.post("/api/games/{game_id}/undo")
    async def undo(
        request: Request, game_id: str, body: UndoRequest, authorization: Authorization = None
    ) -> JsonDict:
        hub = hub_of(request)
        index = await seat(hub, game_id, authorization)
        await hub.change(hub.referee.undo, game_id, index, body.seq)
        return await hub.run(hub.referee.frame, game_id, index, body.seq)

    @app.get("/api/games/{game_id}/record")
    async def record(request: Request, game_id: str) -> JSONResponse:
        hub = hub_of(request)
        made = await hub.run(hub.referee.record, game_id)
        return JSONResponse(
            made.model_dump(mode="json"),
            headers={"Content-Disposition": f'attachment; filename="{made.game}-{game_id}.json"'},
        )

    @app.post("/api/games/{game_id}/rematch", status_code=201)
    async def rematch(
        request: Request, game_id: str, authorization: Authorization = None
    ) -> JsonDict:
        hub = hub_of(request)
        await seat(hub, game_id, authorization)
        new_id = await hub.run(hub.referee.rematch, game_id)
        hub.wake_bots(new_id)
        # Every page of the game follows to the new one, on every process.
        await hub.run(hub.store.tell, Event(game_id, Event.REMATCH, value=new_id))
        return {"game": await hub.run(hub.referee.summary, new_id)}

    add_lobby_routes(app)
    add_admin_routes(app, templates, settings)

    @app.websocket("/ws/games/{game_id}")
    async def socket(
        websocket: WebSocket, game_id: str, token: str | None = None, since: int = 0
    ) -> None:
        hub = hub_of(websocket)
        await websocket.accept()
        try:
            # Without a token the connection watches: it gets the public view.
            index = None if token is None else await hub.run(hub.referee.seat_of, game_id, token)
            if index is None:
                await spectate(hub, game_id)
        except ServerError as exc:
            await websocket.send_json(refused(str(exc)))
            await websocket.close(code=4403 if isinstance(exc, ForbiddenError) else 4404)
            return
        connection = Connection(websocket, index, lines_after(since))
        await hub.connect(game_id, connection)
        try:
            # Until the client leaves, or a message to it failed (the hub dropped it then).
            while websocket.application_state == WebSocketState.CONNECTED:
                text = await websocket.receive_text()
                try:
                    await _socket_message(hub, game_id, index, text)
                except ServerError as exc:
                    await websocket.send_json(refused(str(exc)))
        except WebSocketDisconnect:
            pass
        finally:
            await hub.disconnect(game_id, connection)

    return app


def lines_after(since: int) -> int:
    """The seq after which a view's log lines are sent: ``since=0`` (the default) asks for
    every line, the game's opening lines (written at seq 0) too."""
    return since if since > 0 else -1


async def spectate(hub: Hub, game_id: str) -> None:
    """Nobody's seat, in a game that exists (``NotFoundError`` otherwise)."""
    await hub.run(hub.store.setup, game_id)


async def _socket_message(hub: Hub, game_id: str, seat: int | None, text: str) -> None:
    """A move or undo sent over the socket, through the same path as the REST routes."""
    if seat is None:
        raise ForbiddenError("a spectator cannot move or undo: open a seat's invite link to play")
    try:
        message: Any = json.loads(text)
    except ValueError:
        raise ServerError("a message is a JSON object") from None
    kind = message.pop("type", None) if isinstance(message, dict) else None
    try:
        if kind == "move":
            body = MoveRequest.model_validate(message)
            await hub.play(game_id, seat, body.seq, body.action, body.action_id)
        elif kind == "undo":
            undo = UndoRequest.model_validate(message)
            await hub.change(hub.referee.undo, game_id, seat, undo.seq)
        else:
            raise ServerError(f"a message's type is 'move' or 'undo', not {kind!r}")
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in error['loc'])}: {error['msg']}" for error in exc.errors()
        )
        raise ServerError(f"a {kind} message: {problems}") from None
