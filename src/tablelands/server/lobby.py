"""What the lobby asks the server before a game is made: whether an edition file is one
the game can be played with (``POST /api/editions/check``), so the form can say which field
is wrong next to the file's input before anything is created."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from pydantic import BaseModel, ConfigDict

from tablelands.core.errors import TablelandsError
from tablelands.core.game import JsonDict
from tablelands.games import get_game
from tablelands.server.errors import ServerError


class EditionCheck(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: str
    #: The edition file's data, as ``tablelands edition export`` writes it.
    edition: dict[str, Any]


def check_edition(request: EditionCheck) -> JsonDict:
    """The verdict on an edition file: valid, with its name and hash as a game made with it
    would show them and the game's warnings (what the file does that the published components
    do not, though the rules allow it: a variant's other counts, faces alike; each names the
    field), or not, with the game's own message, which names the field (``edition: cards:
    ...``). A file found wrong is an answer, not a refused request."""
    try:
        game = get_game(request.game)
    except TablelandsError as exc:
        raise ServerError(str(exc)) from None
    try:
        # Not through the referee's cache of editions: a file only checked is not kept.
        edition = game.edition_class.from_data(request.edition, "edition")
    except TablelandsError as exc:
        return {"valid": False, "message": str(exc)}
    return {
        "valid": True,
        "name": edition.name,
        "hash": edition.content_hash,
        "warnings": edition.warnings(),
    }


def add_lobby_routes(app: FastAPI) -> None:
    @app.post("/api/editions/check")
    async def edition_check(body: EditionCheck) -> JsonDict:
        return check_edition(body)
