"""The WebSocket connections of each game, and the bots that play in it.

After every accepted change the hub sends each connection the ``view`` message of its own
seat (a spectator's: the public one), with the log lines since the last it was sent, and
wakes the game's bots, which think in worker processes (``bots.py``) while the event loop
goes on. Work on one game is done
one change at a time under the game's lock; the database and referee work runs in one
thread beside the event loop, and a change and the views after it are made in one trip
to it, the position read once.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import Executor, ThreadPoolExecutor
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
        # One thread for all of it, each piece in turn: the work is Python, which runs one
        # thread at a time anyway, and threads taking turns at it hold each other up (one
        # holding the write lock waits for the interpreter while another makes views), so
        # that under load a move waited twice as long (docs/benchmarks.md).
        self._threads = ThreadPoolExecutor(1, "referee")
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._connections: defaultdict[str, list[Connection]] = defaultdict(list)
        self._bots: dict[str, asyncio.Task[None]] = {}
        #: Called after each accepted change of a game (a move, an undo) with its id and
        #: whether it is over.
        self.on_change: list[Callable[[str, bool], None]] = []

    def lock(self, game_id: str) -> asyncio.Lock:
        return self._locks[game_id]

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """Database and referee work, off the event loop."""
        return await asyncio.get_running_loop().run_in_executor(self._threads, work, *args)

    async def compute(self, work: Callable[[J], T], job: J) -> T:
        """Search work (a bot's decision, a hint, an analysis), in a worker process."""
        return await asyncio.get_running_loop().run_in_executor(self._pool, work, job)

    def _changed(self, game_id: str, over: bool) -> None:
        for listener in self.on_change:
            listener(game_id, over)

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
            over = await self._change(work, game_id, *args)
        self._changed(game_id, over)
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

    async def _change(self, work: Callable[..., None], game_id: str, *args: Any) -> bool:
        """The change and every connection's view after it, in one go off the event loop
        (under the game's lock): the position is read once for all of them. Whether the
        game is over after it."""
        connections = list(self._connections.get(game_id, []))
        connected = self.connected(game_id)
        texts, over = await self.run(self._views_after, work, game_id, args, connections, connected)
        await self._deliver(game_id, connections, texts)
        return over

    def _views_after(
        self,
        work: Callable[..., None] | None,
        game_id: str,
        args: tuple[Any, ...],
        connections: list[Connection],
        connected: set[int],
    ) -> tuple[list[tuple[int, str]], bool]:
        """In a thread: ``work`` (if any), then each connection's view as its seq and text,
        and whether the game is over."""
        if work is not None:
            work(game_id, *args)
        wanted = [(c.seat, c.sent) for c in connections]
        frames = self.tables.frames(game_id, wanted, connected, just_changed=work is not None)
        over = (
            frames[0]["is_over"]
            if frames
            else self.tables.position(game_id, just_changed=True).state.is_terminal
        )
        # Serialised here too, so that the event loop only sends.
        return [(frame["seq"], _text(frame)) for frame in frames], bool(over)

    async def _send_views(self, game_id: str, connections: list[Connection]) -> None:
        connected = self.connected(game_id)
        texts, _ = await self.run(self._views_after, None, game_id, (), connections, connected)
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
                        over = await self._change(
                            self.tables.play, game_id, job.seat, job.seq, None, action
                        )
                    except StaleError:
                        continue  # the game moved on while the bot thought: think again
                self._changed(game_id, over)
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

    def shutdown(self) -> None:
        """Stop the referee's thread, once the server asks nothing more of it (at exit)."""
        self._threads.shutdown(wait=True)

    async def idle(self) -> None:
        """Wait until no bot is thinking or about to (for tests and a clean shutdown)."""
        while self._bots:
            await asyncio.gather(*list(self._bots.values()), return_exceptions=True)
