"""The web app: REST under ``/api``, a WebSocket per seat (or spectator) under ``/ws``, and
the pages: the lobby at ``/``, a game's page at ``/play/{id}``, and those of
``watch.py`` (spectating, replays, uploaded records).

Every route is documented, with its messages and examples, in docs/server.md. Seats act by
their secret token (``Authorization: Bearer TOKEN``, or ``?token=`` on the socket); the
seat is the token's, so no seat can act for another.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Route

from tablelands.analysis import budget_of
from tablelands.core.game import JsonDict
from tablelands.server.access import Authorization, bearer, client_of, hub_of, quotas_of
from tablelands.server.accounts import Accounts, add_account_routes, hold_seats
from tablelands.server.admin import AdminToken, add_admin_routes
from tablelands.server.answers import document_answers
from tablelands.server.bots import bot_pool, stop_pool
from tablelands.server.catalog import catalog
from tablelands.server.db import make_engine, upgrade
from tablelands.server.errors import NotFoundError, ServerError
from tablelands.server.events import Event, Listener, Publisher
from tablelands.server.headers import SecurityHeaders
from tablelands.server.hints import add_hint_routes
from tablelands.server.hub import Hub
from tablelands.server.inputs import JsonGuard
from tablelands.server.limits import BodyLimit
from tablelands.server.lobby import add_lobby_routes
from tablelands.server.mail import Mailer
from tablelands.server.messages import lines_after, refused, validation_problems
from tablelands.server.notices import Notices, add_notice_routes
from tablelands.server.passkeys import Passkeys, add_passkey_routes
from tablelands.server.processes import sole_process
from tablelands.server.push import VAPID_SECRET, Pusher, new_private_key
from tablelands.server.quotas import QuotaError, Quotas
from tablelands.server.ratings import Ratings, add_rating_routes
from tablelands.server.referee import Referee
from tablelands.server.replays import Replays
from tablelands.server.review import Reviews, add_review_routes
from tablelands.server.rules import add_rules_routes
from tablelands.server.scheduler import Scheduler
from tablelands.server.schemas import Join, MoveRequest, NewGame, PreviewRequest, UndoRequest
from tablelands.server.settings import Settings
from tablelands.server.sockets import close_refused, origin_allowed, serve_socket
from tablelands.server.store import Store
from tablelands.server.watch import add_watch_routes

PACKAGE = Path(str(resources.files("tablelands.server")))
#: The name of the key of the address hashes among the server's secrets.
ADDRESS_KEY = "address_key"


def create_app(settings: Settings) -> FastAPI:
    """The app over ``settings.database_url``: migrated at start-up, bots resumed."""

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        shared = settings.database_url.startswith("postgresql")
        with sole_process(settings.database_url):
            engine = make_engine(settings.database_url)
            upgrade(engine)
            publisher = Publisher(Hub.new_process_id(), shared)
            store = Store(engine, publisher)
            app.state.admin = AdminToken(store, settings.admin_token)
            key, _ = await asyncio.to_thread(store.secret, ADDRESS_KEY, secrets.token_hex(32))
            app.state.quotas = Quotas(settings.limits, store, bytes.fromhex(key))
            scheduler = Scheduler(settings.workers)
            hub = Hub(
                Referee(store, settings.limits, settings.test_seeds, settings.test_first_seeds),
                publisher,
                scheduler,
            )
            app.state.hub = hub
            app.state.replays = Replays(hub.referee)
            app.state.accounts = Accounts(store)
            app.state.passkeys = Passkeys(app.state.accounts)
            app.state.ratings = Ratings(hub)
            vapid, _ = await asyncio.to_thread(store.secret, VAPID_SECRET, new_private_key())
            app.state.notices = Notices(
                hub,
                settings.public_url,
                None
                if settings.smtp_url is None
                else Mailer.from_url(settings.smtp_url, settings.mail_from),
                Pusher(vapid, settings.push_contact, settings.local_push),
            )
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
                # Searches are cut short, not waited for: what they were doing is asked
                # again after the restart (a bot's turn, a pending analysis).
                scheduler.stop()
                stop_pool(background)
                await reviews.close()
                await app.state.notices.close()
                if listener is not None:
                    await listener.close()
                await hub.close()
                hub.shutdown()
                engine.dispose()

    # No /docs or /redoc: FastAPI's pages run scripts from a CDN, which the pages' policy
    # (headers.py) refuses; the document itself is /openapi.json.
    app = FastAPI(title="tablelands", lifespan=lifespan, docs_url=None, redoc_url=None)
    # The body's size is checked first (outermost), then the JSON it holds.
    app.add_middleware(JsonGuard, max_depth=settings.limits.max_json_depth)
    app.add_middleware(BodyLimit)
    app.add_middleware(SecurityHeaders)
    add_hint_routes(app, settings)
    add_notice_routes(app)
    add_account_routes(app)
    add_passkey_routes(app)
    add_review_routes(app)
    app.mount("/static", StaticFiles(directory=PACKAGE / "static"), name="static")
    templates = Jinja2Templates(directory=PACKAGE / "templates")

    add_watch_routes(app, templates)
    add_rating_routes(app, templates)
    add_rules_routes(app, templates)

    @app.exception_handler(StarletteHTTPException)
    async def _http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if exc.status_code != 405:
            return await http_exception_handler(request, exc)
        # Every method of the path's routes, not only those of the first route matched
        # (a path with GET, POST and DELETE is three routes). HEAD goes without saying.
        allowed = {
            method
            for route in request.app.router.routes
            if isinstance(route, Route) and route.matches(request.scope)[0] != Match.NONE
            for method in route.methods or ()
            if method != "HEAD"
        }
        return JSONResponse(
            {"detail": "Method Not Allowed"},
            status_code=405,
            headers={"Allow": ", ".join(sorted(allowed))},
        )

    @app.exception_handler(RequestValidationError)
    async def _malformed(_request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(refused(validation_problems(exc.errors())), status_code=422)

    @app.exception_handler(ServerError)
    async def _refusal(_request: Request, exc: ServerError) -> JSONResponse:
        headers = {"Retry-After": str(exc.retry_after)} if isinstance(exc, QuotaError) else None
        return JSONResponse(refused(str(exc)), status_code=exc.status, headers=headers)

    @app.get("/", response_class=HTMLResponse)
    @app.head("/", response_class=HTMLResponse)
    async def index(request: Request) -> HTMLResponse:
        return templates.TemplateResponse(request, "index.html", {"catalog": catalog()})

    @app.get("/account", response_class=HTMLResponse)
    async def account_page(request: Request) -> HTMLResponse:
        return templates.TemplateResponse(request, "account.html", {})

    @app.get("/play/{game_id}", response_class=HTMLResponse)
    @app.head("/play/{game_id}", response_class=HTMLResponse)
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

    # HEAD's route made second, so that a 405's Allow header names GET, the documented one.
    @app.head("/api/health", include_in_schema=False)
    @app.get("/api/health")
    async def health(request: Request) -> JSONResponse:
        """For a supervisor or a load balancer: 200 while the database answers and the
        bots' workers can take work, else 503 saying which is down."""
        hub = hub_of(request)
        database = await asyncio.to_thread(hub.store.reachable)
        workers = hub.scheduler.alive()
        answer = {"database": "up" if database else "down", "workers": "up" if workers else "down"}
        return JSONResponse(answer, status_code=200 if database and workers else 503)

    @app.get("/api/games/catalog")
    async def games_catalog() -> JsonDict:
        return catalog()

    @app.post("/api/games", status_code=201)
    async def create_game(request: Request, body: NewGame) -> JsonDict:
        hub = hub_of(request)
        game_id, tokens = await hub.run(
            make_game, quotas_of(request), hub, body, client_of(request)
        )
        hub.wake_bots(game_id)
        # Signed in: the account holds the seats this browser plays (not a friend's).
        await hold_seats(request, game_id, [t.seat for t in tokens if t.kind in ("me", "hotseat")])
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
        return await hub.query(hub.referee.seat_of, game_id, bearer(authorization))

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
        await hold_seats(request, game_id, [index])
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
        hub.touched(game_id)
        return await hub.run(hub.referee.frame, game_id, index, body.seq)

    @app.post("/api/games/{game_id}/preview")
    async def preview(
        request: Request, game_id: str, body: PreviewRequest, authorization: Authorization = None
    ) -> JsonDict:
        """What the seat would see of an action before it confirms it: the words of its log,
        each seat's total before and after, its observation after (unknowns null)."""
        hub = hub_of(request)
        index = await seat(hub, game_id, authorization)
        quotas_of(request).before_preview(client_of(request))
        return await hub.run(hub.referee.foresee, game_id, index, body.seq, body.action_id)

    @app.post("/api/games/{game_id}/undo")
    async def undo(
        request: Request, game_id: str, body: UndoRequest, authorization: Authorization = None
    ) -> JsonDict:
        hub = hub_of(request)
        index = await seat(hub, game_id, authorization)
        await hub.change(hub.referee.undo, game_id, index, body.seq)
        hub.touched(game_id)
        return await hub.run(hub.referee.frame, game_id, index, body.seq)

    @app.post("/api/games/{game_id}/back")
    async def back(request: Request, game_id: str, authorization: Authorization = None) -> JsonDict:
        """The seat's person plays it again instead of the stand-in its clock gave it (a
        turn clock's): the seats and the clock as they are then."""
        hub = hub_of(request)
        index = await seat(hub, game_id, authorization)
        await hub.back(game_id, index)
        hub.touched(game_id)
        return await hub.run(hub.referee.clock_message, game_id)

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
        new_id = await hub.run(make_rematch, quotas_of(request), hub, game_id, client_of(request))
        hub.wake_bots(new_id)
        # Every page of the game follows to the new one, on every process.
        await hub.query(hub.store.tell, Event(game_id, Event.REMATCH, value=new_id))
        return {"game": await hub.run(hub.referee.summary, new_id)}

    add_lobby_routes(app)
    add_admin_routes(app, templates)

    document_answers(app)

    @app.websocket("/ws/games/{game_id}")
    async def socket(websocket: WebSocket, game_id: str, since: int = 0) -> None:
        await websocket.accept()
        if not origin_allowed(websocket, settings.allowed_origins):
            await close_refused(websocket, 4403, "pages of other sites may not open this socket")
            return
        if "token" in websocket.query_params:
            await close_refused(
                websocket,
                4400,
                'the seat\'s token goes in the first message ({"type": "hello", '
                '"token": ...}), never in the address, where logs would keep it',
            )
            return
        quotas = quotas_of(websocket)
        client = client_of(websocket)
        try:
            quotas.open_socket(client)
        except QuotaError as exc:
            await close_refused(websocket, 4429, str(exc))
            return
        try:
            await serve_socket(websocket, game_id, since, settings.limits)
        finally:
            quotas.close_socket(client)

    return app


def make_game(quotas: Quotas, hub: Hub, body: NewGame, client: str) -> tuple[str, Any]:
    """In the referee's thread: a game for ``client``, within its quotas."""
    quotas.before_game(client)
    return hub.referee.create(body, client)


def make_rematch(quotas: Quotas, hub: Hub, game_id: str, client: str) -> str:
    """In the referee's thread: the game's rematch (a new game only if none was made)."""
    if hub.store.rematch_of(game_id) is None:
        quotas.before_game(client)
    return hub.referee.rematch(game_id, client)
