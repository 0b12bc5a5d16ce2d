"""The edition a game is played with: the packaged one or an uploaded edition file's."""

from __future__ import annotations

from typing import Any

from tablelands.core.files import content_hash
from tablelands.core.game import Edition, Game, JsonDict

#: Editions uploaded with games, validated once per process: content hash -> edition.
_editions: dict[str, Edition] = {}


def edition_of(game: Game[Any], data: JsonDict | None) -> Edition:
    """The edition a game is played with: the packaged one (``None``) or an uploaded
    edition file's data, validated by the game (``EditionError`` naming the field)."""
    if data is None:
        packaged: Edition = game.default_edition()
        return packaged
    key = f"{game.info.name}:{content_hash(data)}"
    if key not in _editions:
        edition: Edition = game.edition_class.from_data(data, "edition")
        _editions[key] = edition
    return _editions[key]
