"""What every route needs to know who asks: the seat's token of a request, and the hub."""

from __future__ import annotations

from typing import Annotated

from fastapi import Header, Request, WebSocket

from tablelands.server.hub import Hub
from tablelands.server.quotas import Quotas

Authorization = Annotated[str | None, Header()]


def bearer(authorization: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header."""
    if authorization is None:
        return None
    scheme, _, token = authorization.partition(" ")
    return token.strip() if scheme.lower() == "bearer" else None


def hub_of(request: Request | WebSocket) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def quotas_of(request: Request | WebSocket) -> Quotas:
    quotas: Quotas = request.app.state.quotas
    return quotas


def client_of(request: Request | WebSocket) -> str:
    """Who asks, as the quotas count: a keyed hash of the client's address (behind a
    proxy, the address the proxy gives, docs/server.md)."""
    return quotas_of(request).client(request.client.host if request.client else None)
