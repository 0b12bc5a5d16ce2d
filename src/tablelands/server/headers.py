"""The headers every HTTP answer carries, telling the browser what the pages may do
(docs/server.md, "The headers sent"): a Content-Security-Policy that lets a page run only
the server's own scripts and styles and be framed by nobody, no sniffing of content types,
and no referrer sent on.

The pages are built for it: no inline script (a template's ``<script
type="application/json">`` is data, not run), no ``style="..."`` attribute in the templates
or made by the client (a colour worked out in the browser is set through the CSSOM,
``element.style.color = ...``, which the policy allows).
"""

from __future__ import annotations

import re

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: What a page may load and do: its own scripts, styles, images and sockets, nothing else.
POLICY: dict[str, str] = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": "'self'",
    "img-src": "'self'",
    "connect-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'none'",
    "form-action": "'self'",
    "frame-ancestors": "'none'",
}

#: The headers beside the policy.
OTHERS: dict[str, str] = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}

# A Host header the policy may name: a host name or address and a port, nothing that could
# end a directive or add a source (no space, ';' or ',').
_HOST = re.compile(r"(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?")


def content_security_policy(host: str | None = None) -> str:
    """The policy, its ``connect-src`` naming the WebSocket addresses of ``host`` (the
    request's Host header) when it is one: CSP 3 browsers let ``'self'`` reach the page's
    own ``ws:``/``wss:`` address, older ones only the addresses named."""
    directives = dict(POLICY)
    if host is not None and _HOST.fullmatch(host):
        directives["connect-src"] = f"'self' ws://{host} wss://{host}"
    return "; ".join(f"{name} {value}" for name, value in directives.items())


class SecurityHeaders:
    """Middleware: every HTTP answer (pages, the API, static files, errors) gets the
    policy and the other headers, unless the route set one of them itself."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        host = _host_of(scope)

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                headers = MutableHeaders(scope=message)
                headers.setdefault("Content-Security-Policy", content_security_policy(host))
                for name, value in OTHERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, with_headers)


def _host_of(scope: Scope) -> str | None:
    for name, value in scope["headers"]:
        if name == b"host":
            try:
                return str(value.decode("ascii"))
            except UnicodeDecodeError:
                return None
    return None
