"""The games, by registry name. Adding a game is one line here and its own package."""

from __future__ import annotations

from importlib import import_module
from typing import Any

from tablelands.core.errors import TablelandsError
from tablelands.core.game import Game

#: registry name -> module that defines ``GAME``
REGISTRY: dict[str, str] = {
    "confusing-lands": "tablelands.games.confusing_lands",
    "land-vs-sea": "tablelands.games.land_vs_sea",
    "drifting-lands": "tablelands.games.drifting_lands",
}


class UnknownGameError(TablelandsError, LookupError):
    """A game name that is not in the registry."""


def game_names() -> list[str]:
    return list(REGISTRY)


def get_game(name: str) -> Game[Any]:
    """The game registered as ``name``; ``UnknownGameError`` lists the known names."""
    try:
        module = REGISTRY[name]
    except KeyError:
        raise UnknownGameError(
            f"no game called {name!r}; the games are: {', '.join(REGISTRY)}"
        ) from None
    game = import_module(module).GAME
    assert isinstance(game, Game)
    return game
