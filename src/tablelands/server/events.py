"""What a server process tells the others: a game changed (a move, its seats, a rematch,
its analysis, its clock's stand-ins). The store publishes an event in the transaction of the change it tells of;
every process hears every event and sends its own sockets what follows from it.

On PostgreSQL an event is a ``NOTIFY`` sent in the change's own transaction, so it is
delivered if and only if the change is committed, and every process ``LISTEN``s
(:class:`Listener`); the process that made the change hears it at once, without the round
trip. On SQLite there is one process, which hears its own events.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

import psycopg
from sqlalchemy import text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session

from tablelands.core.match import Move

log = logging.getLogger(__name__)

#: The channel every process listens on.
CHANNEL = "tablelands"
#: How long a lost listening connection waits before it is opened again.
RECONNECT_SECONDS = 1.0


@dataclass(frozen=True, slots=True)
class Event:
    """Something that changed in a game."""

    MOVED: ClassVar[str] = "moved"
    SEATS: ClassVar[str] = "seats"
    REMATCH: ClassVar[str] = "rematch"
    ANALYSIS: ClassVar[str] = "analysis"
    #: A stand-in began or stopped playing a seat (its time ran out, its person came back).
    CLOCK: ClassVar[str] = "clock"

    game: str
    kind: str
    #: A move's seq.
    seq: int = 0
    #: Whether the move ended the game.
    over: bool = False
    #: A rematch's game id.
    value: str | None = None
    #: The move itself (a move's event; the row it is committed with says the same), so
    #: that a process whose position of the game is just before it plays it on without
    #: reading it back.
    move: Move | None = None

    def to_text(self, origin: str) -> str:
        move = self.move
        return json.dumps(
            {
                "g": self.game,
                "k": self.kind,
                "s": self.seq,
                "o": self.over,
                "v": self.value,
                "m": None if move is None else [move.seq, move.seat, move.action, move.kind],
                "p": origin,
            },
            separators=(",", ":"),
        )

    @classmethod
    def from_text(cls, payload: str) -> tuple[str, Event]:
        """The origin process and the event of a notification's payload."""
        data = json.loads(payload)
        moved = data["m"]
        move = None if moved is None else Move(*moved)
        return data["p"], cls(data["g"], data["k"], data["s"], data["o"], data["v"], move)


Handler = Callable[[Event], None]


class Publisher:
    """Tells this process's handlers of every event, and the other processes too when the
    database is PostgreSQL."""

    def __init__(self, process: str, shared: bool) -> None:
        self.process = process
        #: Whether other processes share the database (PostgreSQL).
        self.shared = shared
        self.handlers: list[Handler] = []
        #: Told of this process's own events only (after ``handlers``).
        self.own: list[Handler] = []

    def in_transaction(self, session: Session, event: Event) -> None:
        """Part of the change's transaction: others hear of it when (if) it commits."""
        if self.shared:
            session.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": CHANNEL, "payload": event.to_text(self.process)},
            )

    def committed(self, event: Event) -> None:
        """The change is committed: this process's handlers hear of it now."""
        self.deliver(event)
        for handler in list(self.own):
            handler(event)

    def deliver(self, event: Event) -> None:
        for handler in list(self.handlers):
            handler(event)


def libpq_url(database_url: str) -> str:
    """The libpq connection string of a SQLAlchemy ``postgresql+psycopg://`` URL."""
    url = make_url(database_url).set(drivername="postgresql")
    return url.render_as_string(hide_password=False)


class Listener:
    """This process's ``LISTEN`` connection to PostgreSQL: every event another process
    publishes is handed to the publisher's handlers. If the connection drops it is opened
    again, and ``resync`` is called, as events may have been missed meanwhile."""

    def __init__(self, database_url: str, publisher: Publisher, resync: Callable[[], None]) -> None:
        self._url = libpq_url(database_url)
        self._publisher = publisher
        self._resync = resync
        self._task: asyncio.Task[None] | None = None
        self.ready = asyncio.Event()

    async def start(self) -> None:
        self._task = asyncio.create_task(self._listen())
        await self.ready.wait()

    async def _listen(self) -> None:
        first = True
        while True:
            try:
                async with await psycopg.AsyncConnection.connect(
                    self._url, autocommit=True
                ) as connection:
                    await connection.execute(f"LISTEN {CHANNEL}")
                    self.ready.set()
                    if not first:
                        self._resync()
                    first = False
                    async for notice in connection.notifies():
                        self._heard(notice.payload)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the connection listening for other processes' changes dropped")
                self.ready.set()  # a server whose database is down still starts, and says so
                await asyncio.sleep(RECONNECT_SECONDS)

    def _heard(self, payload: str) -> None:
        try:
            origin, event = Event.from_text(payload)
        except (ValueError, KeyError, TypeError):
            log.warning("a notification that is no event was ignored: %.100r", payload)
            return
        if origin != self._publisher.process:
            self._publisher.deliver(event)

    async def close(self) -> None:
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
