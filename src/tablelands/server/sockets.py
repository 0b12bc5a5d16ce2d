"""A game's WebSocket (``/ws/games/{id}?since=SEQ``, docs/server.md): the seat it plays
named by the token in its first message, then moves and undos, every message read as
strictly as a REST body.

The token never goes in the address, which proxies and access logs keep: a client opens
the socket, then sends ``{"type": "hello", "token": TOKEN}`` (a spectator: no token) within
:data:`HELLO_SECONDS`. A refusal that ends the socket is a ``refused`` message and a close
code: 4400 a malformed hello or a token in the address, 4403 a wrong token or another
site's page, 4404 no such game, 4429 too many sockets, 1003 a binary frame, 1009 a message
over the size limit.
"""

from __future__ import annotations

import asyncio
from typing import Any
from urllib.parse import urlsplit

from pydantic import ValidationError
from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from tablelands.server.access import hub_of
from tablelands.server.errors import ForbiddenError, ServerError
from tablelands.server.hub import Connection, Hub
from tablelands.server.inputs import InputError, read_json
from tablelands.server.messages import lines_after, refused, validation_problems
from tablelands.server.schemas import Hello, MoveRequest, UndoRequest
from tablelands.server.settings import Limits

#: How long a new socket may take to say whose it is.
HELLO_SECONDS = 10.0
BINARY = 1003
TOO_BIG = 1009


def origin_allowed(websocket: WebSocket, allowed: tuple[str, ...]) -> bool:
    """Whether the page that opens the socket is the server's own (its ``Origin`` names
    the host the socket was asked of) or one of ``allowed``. A client that is no browser
    sends no ``Origin``, and is let in: only pages of other sites are kept out, so that
    they cannot act with a visitor's tokens."""
    origin = websocket.headers.get("origin")
    if origin is None:
        return True
    if origin in allowed:
        return True
    return urlsplit(origin).netloc == websocket.headers.get("host")


async def close_refused(websocket: WebSocket, code: int, why: str) -> None:
    """Tell the client why, then close with ``code``."""
    if websocket.application_state == WebSocketState.CONNECTED:
        await websocket.send_json(refused(why))
        await websocket.close(code=code, reason=why[:120])


async def serve_socket(websocket: WebSocket, game_id: str, since: int, limits: Limits) -> None:
    """The socket's life, once accepted: its hello, then its messages until it closes."""
    hub = hub_of(websocket)
    try:
        hello = await asyncio.wait_for(_hello(websocket, limits), HELLO_SECONDS)
    except TimeoutError:
        await close_refused(
            websocket, 4400, f'say hello within {HELLO_SECONDS:g} s: {{"type": "hello"}}'
        )
        return
    except WebSocketDisconnect:
        return
    except _ClosingError as closing:
        await close_refused(websocket, closing.code, closing.why)
        return
    try:
        if hello.token is None:
            await hub.run(hub.store.setup, game_id)  # a spectator: of a game that exists
            index = None
        else:
            index = await hub.run(hub.referee.seat_of, game_id, hello.token)
    except ServerError as exc:
        await close_refused(websocket, 4403 if isinstance(exc, ForbiddenError) else 4404, str(exc))
        return
    connection = Connection(websocket, index, lines_after(since))
    await hub.connect(game_id, connection)
    try:
        # Until the client leaves, or a message to it failed (the hub dropped it then).
        while websocket.application_state == WebSocketState.CONNECTED:
            try:
                message = await _message(websocket, limits)
                await _act(hub, game_id, index, message)
            except _ClosingError as closing:
                await close_refused(websocket, closing.code, closing.why)
                return
            except ServerError as exc:
                await websocket.send_json(refused(str(exc)))
    except WebSocketDisconnect:
        pass
    finally:
        await hub.disconnect(game_id, connection)


class _ClosingError(Exception):
    """A message after which the socket is closed."""

    def __init__(self, code: int, why: str) -> None:
        super().__init__(why)
        self.code = code
        self.why = why


async def _message(websocket: WebSocket, limits: Limits) -> Any:
    """The next message's JSON: a text frame within the size limit, read strictly."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000))
    text = message.get("text")
    if text is None:
        raise _ClosingError(BINARY, "binary frames are not read: send JSON as text")
    if len(text) > limits.max_message_bytes:
        raise _ClosingError(TOO_BIG, f"a message is at most {limits.max_message_bytes:,} bytes")
    return read_json(text, limits.max_json_depth, "the message")


async def _hello(websocket: WebSocket, limits: Limits) -> Hello:
    try:
        document = await _message(websocket, limits)
        return Hello.model_validate(document)
    except InputError as exc:
        raise _ClosingError(4400, str(exc)) from None
    except ValidationError as exc:
        raise _ClosingError(4400, f"the first message is a hello: {_problems(exc)}") from None


async def _act(hub: Hub, game_id: str, seat: int | None, message: Any) -> None:
    """A move or undo sent over the socket, through the same path as the REST routes."""
    if seat is None:
        raise ForbiddenError("a spectator cannot move or undo: open a seat's invite link to play")
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
        raise ServerError(f"a {kind} message: {_problems(exc)}") from None
    hub.touched(game_id)


def _problems(exc: ValidationError) -> str:
    return validation_problems(exc.errors())
