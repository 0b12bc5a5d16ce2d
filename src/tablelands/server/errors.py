"""What the server refuses, each with the HTTP status it is answered with."""

from __future__ import annotations

from tablelands.core.errors import TablelandsError


class ServerError(TablelandsError):
    """A request the server does not carry out; the message says why."""

    status = 400


class NotFoundError(ServerError):
    status = 404


class ForbiddenError(ServerError):
    """A missing or wrong token, or a seat acting for another."""

    status = 403


class StaleError(ServerError):
    """A move sent against a position that is no longer the game's (a double click, a
    second tab, a bot's move overtaken): nothing was played."""

    status = 409


class RefusedError(ServerError):
    """A move or undo the rules do not allow (the message names the rule)."""

    status = 422
