"""The WebSocket connections of each game, and the bots that play in it.

After every accepted change the hub sends each connection the ``view`` message of its own
seat (a spectator's: the public one), with the log lines since the last it was sent, and
wakes the game's bots, which think in worker processes (``bots.py``) while the event loop
goes on. Work on one game is done
one change at a time under the game's lock; the database work runs in threads, and a
change and the views after it are made in one trip to a thread, the position read once.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, TypeVar

from starlette.websockets import WebSocket

from tablelands.core.game import JsonDict
from tablelands.server.bots import choose
from tablelands.server.errors import StaleError
from tablelands.server.tables import Tables

T = TypeVar("T")
J = TypeVar("J")
log = logging.getLogger(__name__)


def _text(message: JsonDict) -> str:
    """A message as the socket sends it (as Starlette's ``send_json`` writes it)."""
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


@dataclass(eq=False)
class Connection:
    socket: WebSocket
    #: The seat the connection plays, or ``None`` for a spectator.
    seat: int | None
    #: The seq of the last view sent: the next one carries the log lines after it.
    sent: int


class Hub:
    def __init__(self, tables: Tables, pool: Executor) -> None:
        self.tables = tables
        self._pool = pool
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._connections: defaultdict[str, list[Connection]] = defaultdict(list)
        self._bots: dict[str, asyncio.Task[None]] = {}
        #: Called with a game's id after each accepted change of it (a move, an undo).
        self.on_change: list[Callable[[str], None]] = []

    def lock(self, game_id: str) -> asyncio.Lock:
        return self._locks[game_id]

    @staticmethod
    async def run(work: Callable[..., T], *args: Any) -> T:
        """Database and referee work, off the event loop."""
        return await asyncio.to_thread(work, *args)

    async def compute(self, work: Callable[[J], T], job: J) -> T:
        """Search work (a bot's decision, a hint, an analysis), in a worker process."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, work, job)

    def _changed(self, game_id: str) -> None:
        for listener in self.on_change:
            listener(game_id)

    def connected(self, game_id: str) -> set[int]:
        return {
            connection.seat
            for connection in self._connections.get(game_id, [])
            if connection.seat is not None
        }

    async def change(self, work: Callable[..., None], game_id: str, *args: Any) -> None:
        """Carry out one change of a game (a move, an undo), then tell every connection and
        wake the bots; refusals propagate with nothing changed."""
        async with self.lock(game_id):
            await self._change(work, game_id, *args)
        self._changed(game_id)
        self.wake_bots(game_id)

    async def connect(self, game_id: str, connection: Connection) -> None:
        async with self.lock(game_id):
            self._connections[game_id].append(connection)
            await self._send_views(game_id, [connection])
            await self._send_seats(game_id, but=connection)

    async def disconnect(self, game_id: str, connection: Connection) -> None:
        async with self.lock(game_id):
            if connection in self._connections[game_id]:
                self._connections[game_id].remove(connection)
            await self._send_seats(game_id)

    async def notify(self, game_id: str, message: JsonDict) -> None:
        """Send every connection of the game one message (a rematch being set up)."""
        async with self.lock(game_id):
            for connection in list(self._connections.get(game_id, [])):
                await self._send(game_id, connection, _text(message))

    async def _change(self, work: Callable[..., None], game_id: str, *args: Any) -> None:
        """The change and every connection's view after it, in one go off the event loop
        (under the game's lock): the position is read once for all of them."""
        connections = list(self._connections.get(game_id, []))
        connected = self.connected(game_id)
        texts = await self.run(self._views_after, work, game_id, args, connections, connected)
        await self._deliver(game_id, connections, texts)

    def _views_after(
        self,
        work: Callable[..., None] | None,
        game_id: str,
        args: tuple[Any, ...],
        connections: list[Connection],
        connected: set[int],
    ) -> list[tuple[int, str]]:
        """In a thread: ``work`` (if any), then each connection's view as its seq and text."""
        if work is not None:
            work(game_id, *args)
        frames = self.tables.frames(game_id, [(c.seat, c.sent) for c in connections], connected)
        # Serialised here too, so that the event loop only sends.
        return [(frame["seq"], _text(frame)) for frame in frames]

    async def _send_views(self, game_id: str, connections: list[Connection]) -> None:
        connected = self.connected(game_id)
        texts = await self.run(self._views_after, None, game_id, (), connections, connected)
        await self._deliver(game_id, connections, texts)

    async def _deliver(
        self, game_id: str, connections: list[Connection], texts: list[tuple[int, str]]
    ) -> None:
        for connection, (seq, text) in zip(connections, texts, strict=True):
            if await self._send(game_id, connection, text):
                connection.sent = seq

    async def _send_seats(self, game_id: str, but: Connection | None = None) -> None:
        seats = await self.run(self.tables.seats, game_id, self.connected(game_id))
        text = _text({"type": "seats", "seats": seats})
        for connection in list(self._connections.get(game_id, [])):
            if connection is not but:
                await self._send(game_id, connection, text)

    async def _send(self, game_id: str, connection: Connection, text: str) -> bool:
        try:
            await connection.socket.send_text(text)
        except Exception:  # a socket that closed meanwhile; its handler removes it
            if connection in self._connections[game_id]:
                self._connections[game_id].remove(connection)
            return False
        return True

    # -- bots -----------------------------------------------------------------------

    def wake_bots(self, game_id: str) -> None:
        """Make sure the game's bots play while one is to move (one task per game)."""
        if game_id not in self._bots:
            self._bots[game_id] = asyncio.create_task(self._play_bots(game_id))

    async def _play_bots(self, game_id: str) -> None:
        try:
            while True:
                async with self.lock(game_id):
                    job = await self.run(self.tables.bot_job, game_id)
                if job is None:
                    return
                action = await self.compute(choose, job)
                async with self.lock(game_id):
                    try:
                        await self._change(
                            self.tables.play, game_id, job.seat, job.seq, None, action
                        )
                    except StaleError:
                        continue  # the game moved on while the bot thought: think again
                self._changed(game_id)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bots of game %s stopped", game_id)
        finally:
            self._bots.pop(game_id, None)

    async def close(self) -> None:
        tasks = list(self._bots.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    async def idle(self) -> None:
        """Wait until no bot is thinking or about to (for tests and a clean shutdown)."""
        while self._bots:
            await asyncio.gather(*list(self._bots.values()), return_exceptions=True)
