"""Every answer a route can give, in the OpenAPI document (``/openapi.json``): besides its
success, each refusal, with its body (``{"type": "refused", "message": ...}``).

Which refusals a route can give follows from what it takes: a body (413 too large, 422
unreadable or of the wrong shape), a game in its path (404), a seat's token (403), a
position's seq (409 stale), a quota (429), a setup the rules refuse (400). Pages answer
404 with an HTML page for a game that does not exist.
"""

from __future__ import annotations

from typing import Any, Literal

from fastapi import FastAPI
from fastapi.routing import APIRoute
from pydantic import BaseModel

#: What each refusal means, for the document.
MEANINGS = {
    400: "The request is not one the server carries out (the message says why).",
    401: "Not signed in: no session cookie, or one whose session ended.",
    403: "A missing or wrong token, or a seat acting for another.",
    404: "No such game (or player, or passkey of the account).",
    409: "The game has moved on since the seq given: nothing was done.",
    413: "The body is larger than the server reads.",
    422: "The body is not JSON the server reads, or not of the route's shape, or the rules "
    "refuse the move.",
    429: "Over one of the server's limits; the Retry-After header says when to try again.",
    503: "The database or the workers are down.",
}
#: The routes (method, path) that are counted by a quota, or answer a stale seq.
QUOTAS = {
    ("POST", "/api/games"),
    ("POST", "/api/games/{game_id}/hint"),
    ("POST", "/api/games/{game_id}/rematch"),
    ("POST", "/api/games/{game_id}/preview"),
    ("POST", "/api/account"),
    ("POST", "/api/session"),
    ("POST", "/api/session/link"),
    ("POST", "/api/session/link/use"),
    ("POST", "/api/session/passkey-options"),
    ("POST", "/api/session/passkey"),
}
#: The routes that need a signed-in browser (a session cookie), and those that name a seat
#: or an account to be proved (a token, a password) in their body.
SIGNED_IN = {
    ("GET", "/api/account"),
    ("DELETE", "/api/account"),
    ("GET", "/api/account/seats"),
    ("POST", "/api/account/seats"),
    ("POST", "/api/account/passkey-options"),
    ("POST", "/api/account/passkeys"),
    ("GET", "/api/account/passkeys"),
    ("DELETE", "/api/account/passkeys/{passkey_id}"),
}
#: The routes whose body carries a passkey's answer to a ceremony (403 when it does not check).
PASSKEY_ANSWERS = {
    ("POST", "/api/session/passkey"),
    ("POST", "/api/account/passkeys"),
}
PROVED_IN_BODY = {
    ("POST", "/api/session"),
    ("POST", "/api/session/link/use"),
    ("POST", "/api/account/seats"),
}
STALE = {
    ("POST", "/api/games/{game_id}/moves"),
    ("POST", "/api/games/{game_id}/undo"),
    ("POST", "/api/games/{game_id}/hint"),
    ("POST", "/api/games/{game_id}/preview"),
}


class Refusal(BaseModel):
    """What every refusal's body is."""

    type: Literal["refused"]
    message: str


def refusals(method: str, route: APIRoute) -> set[int]:
    """The refusals ``route`` can answer ``method`` with."""
    codes = {422}  # a query or path parameter of the wrong type, at the least
    if method == "POST":
        codes |= {400, 413}
    if any(name in route.path for name in ("{game_id}", "{game}", "{account_id}", "{passkey_id}")):
        codes |= {404}
    if any(param.name == "authorization" for param in route.dependant.header_params):
        codes |= {403}
    if (method, route.path) in QUOTAS:
        codes |= {429}
    if (method, route.path) in STALE:
        codes |= {409}
    if (method, route.path) in SIGNED_IN:
        codes |= {401}
    if (method, route.path) in PROVED_IN_BODY:
        codes |= {403, 404}
    if (method, route.path) in PASSKEY_ANSWERS:
        codes |= {403}
    if route.path == "/api/health":
        codes = {503}
    return codes


def document_answers(app: FastAPI) -> None:
    """Add each API route's refusals to its documented answers."""
    for route in app.routes:
        if not isinstance(route, APIRoute):
            continue
        if not route.path.startswith("/api/"):
            route.include_in_schema = False  # a page, in HTML: not part of the API
            continue
        codes: set[int] = set()
        for method in route.methods or ():
            codes |= refusals(method, route)
        answers: dict[int | str, dict[str, Any]] = dict(route.responses)
        for code in sorted(codes):
            # The schema written out: a "model" given after the route was made is not read.
            answers.setdefault(
                code,
                {
                    "description": MEANINGS[code],
                    "content": {"application/json": {"schema": REFUSAL_SCHEMA}},
                },
            )
        route.responses = answers


REFUSAL_SCHEMA = Refusal.model_json_schema()
