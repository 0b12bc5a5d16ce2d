"""What the server reads from strangers, checked before anything else reads it.

Every JSON document a client sends (a REST body, a WebSocket message) is read here first:
it must be UTF-8 JSON, no deeper than ``Limits.max_json_depth``, with no string holding a
NUL character (PostgreSQL cannot store one, and no name or title needs one) or a lone
surrogate (no valid UTF-8 text holds one). Anything else is refused with ``422`` (on a
socket: a refusal message) naming what is wrong, before a route or a model sees it.
"""

from __future__ import annotations

from typing import Any

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tablelands.server.errors import ServerError
from tablelands.server.messages import refused

#: The methods whose body is read.
WITH_BODY = frozenset({"POST", "PUT", "PATCH"})


class InputError(ServerError):
    """A document the server will not read."""

    status = 422


def read_json(data: bytes | str, max_depth: int, what: str = "the body") -> Any:
    """The JSON document ``data``; :class:`InputError` naming what is wrong."""
    try:
        document = orjson.loads(data)
    except orjson.JSONDecodeError as exc:
        raise InputError(f"{what} is not JSON: {exc}") from None
    check_document(document, max_depth, what)
    return document


def check_document(document: Any, max_depth: int, what: str) -> None:
    """:class:`InputError` if ``document`` nests deeper than ``max_depth`` or holds a
    string with a NUL character (keys included)."""
    stack: list[tuple[Any, int]] = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            if "\x00" in value:
                raise InputError(f"{what} holds a NUL character (\\u0000) in a string")
        elif isinstance(value, dict | list):
            if depth > max_depth:
                raise InputError(f"{what} nests deeper than {max_depth} levels")
            items = [*value.keys(), *value.values()] if isinstance(value, dict) else value
            stack.extend((item, depth + 1) for item in items)


class JsonGuard:
    """Middleware: the body of every ``POST``, ``PUT`` or ``PATCH`` under ``/api`` is read
    by :func:`read_json` before the route is; a body it refuses gets ``422`` and the route
    never runs. (The body's size is limited before, by ``limits.BodyLimit``.)"""

    def __init__(self, app: ASGIApp, max_depth: int) -> None:
        self.app = app
        self.max_depth = max_depth

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["method"] not in WITH_BODY
            or not scope["path"].startswith("/api/")
        ):
            await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":
                await self.app(scope, _replay([message]), send)
                return
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if body.strip():
            try:
                read_json(body, self.max_depth)
            except InputError as exc:
                await _refuse(send, exc)
                return
        await self.app(scope, _replay([{"type": "http.request", "body": body}], receive), send)


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    """A ``receive`` that gives ``messages`` first, then what ``then`` gives."""
    waiting = list(messages)

    async def receive() -> Message:
        if waiting:
            return waiting.pop(0)
        if then is None:
            return {"type": "http.disconnect"}
        return await then()

    return receive


async def _refuse(send: Send, exc: InputError) -> None:
    body = orjson.dumps(refused(str(exc)))
    await send(
        {
            "type": "http.response.start",
            "status": exc.status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
