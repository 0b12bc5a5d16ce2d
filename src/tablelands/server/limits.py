"""The largest request the server reads: a request body over it is refused unread."""

from __future__ import annotations

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from tablelands.server.messages import refused

#: The packaged editions are 5 to 36 kB, and a long game's record a few tens of kB.
MAX_BODY_BYTES = 2_000_000
TOO_LARGE = 413


class _TooLargeError(Exception):
    pass


class BodyLimit:
    """Middleware: a request whose body is over :data:`MAX_BODY_BYTES` gets a 413 refusal
    saying so, before its body is read when it gives its length, or as soon as it goes over
    when it is sent in chunks."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        length = dict(scope["headers"]).get(b"content-length", b"0")
        if not length.isdigit() or int(length) > MAX_BODY_BYTES:
            await self._refuse(scope, receive, send)
            return
        received = 0
        started = False

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > MAX_BODY_BYTES:
                raise _TooLargeError
            return message

        async def watched(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, counted, watched)
        except _TooLargeError:
            if started:
                raise
            await self._refuse(scope, receive, send)

    @staticmethod
    async def _refuse(scope: Scope, receive: Receive, send: Send) -> None:
        why = (
            f"a request is at most {MAX_BODY_BYTES:,} bytes, and this one is larger (or gives "
            "no readable length): an edition or a record file is far smaller"
        )
        await JSONResponse(refused(why), status_code=TOO_LARGE)(scope, receive, send)
