"""Reading a server's database from outside it, as the tests check what it stored."""

from __future__ import annotations

from tablelands.server.db import make_engine
from tablelands.server.events import Publisher
from tablelands.server.referee import Referee
from tablelands.server.store import Store


def referee_of(database_url: str) -> Referee:
    """A referee of its own over the database (it publishes to nobody): what a game's rows
    rebuild to, whatever any server process keeps in memory."""
    return Referee(Store(make_engine(database_url), Publisher("reader", shared=False)))
