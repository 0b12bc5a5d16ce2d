"""What every route needs to know who asks: the seat's token of a request, and the hub."""

from __future__ import annotations

from typing import Annotated

from fastapi import Header, Request, WebSocket

from tablelands.server.hub import Hub

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
