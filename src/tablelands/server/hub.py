"""One server process's part: its WebSocket connections, what it hears of every game's
changes, and the bots' decisions it takes on.

Every change, made here or by another process, reaches this process as an
:class:`~tablelands.server.events.Event`; the hub then sends each of its own connections of
that game the ``view`` message of its seat (a spectator's: the public one) with the log
lines since the last it was sent, and wakes the game's bots. A bot's decision is made by
the one process that holds its lease (``bot:GAME:SEQ`` in the store), renewed while the
bot thinks; if that process dies, the lease runs out and the sweep of another process
takes the decision on. Presence is kept in the store too, so a seat's "connected" dot is
right whichever process its socket is on.

The referee's work runs in one thread beside the event loop, one piece after another
(Python runs one thread at a time, and threads taking turns at it held each other up:
docs/benchmarks.md); a change and the views after it are made in one trip to it. Work with
the database alone (:meth:`Hub.query`) runs in other threads, so the referee never waits
for its answer; background work waits while the referee is busy (:meth:`Hub.until_quiet`).
A play's row is stored by a writer thread between its check and its views, so that the
referee's thread goes on with other games while the commit waits for the disk.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import time
from collections import defaultdict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from starlette.websockets import WebSocket

from tablelands.core.game import JsonDict
from tablelands.server.bots import BotJob, choose
from tablelands.server.errors import StaleError
from tablelands.server.events import Event, Publisher
from tablelands.server.messages import message_text
from tablelands.server.referee import Checked, Referee
from tablelands.server.scheduler import Scheduler, lane_of_spec
from tablelands.server.timekeeping import Timekeeper

T = TypeVar("T")
J = TypeVar("J")
log = logging.getLogger(__name__)
bot_log = logging.getLogger("tablelands.server.bots")

#: How long a lease of shared work holds without being renewed: how soon another process
#: takes over the work of one that died.
LEASE_SECONDS = 6.0
#: How often a lease is renewed while its work goes on.
RENEW_SECONDS = 1.5
#: How often the sweep looks for work whose owner died, and beats this process's heart.
SWEEP_SECONDS = 1.0
#: Threads storing moves at once.
WRITERS = 4
#: A seq past any game's: every connection is behind it (a resync sends every view again).
RESYNC = 1 << 62
#: A process silent this long is taken for dead: its sockets no longer count as connected.
DEAD_SECONDS = 10.0
#: How often at most a person's moves in one game are written down as touching it.
TOUCH_SECONDS = 60.0
#: Games whose last touch this process remembers.
CACHED_TOUCHES = 10_000
#: The share of the time the referee's thread may be busy with live play for background
#: work (the analyses of finished games) to go on: above it, each piece of such work waits.
BUSY_SHARE = 0.5
#: How long background work waits at most for a busy server to quieten: late, never lost.
LONGEST_WAIT_SECONDS = 60.0
#: Over how long the referee's load is measured.
LOAD_SECONDS = 1.0


@dataclass(eq=False)
class Connection:
    socket: WebSocket
    #: The seat the connection plays, or ``None`` for a spectator.
    seat: int | None
    #: The seq of the last view sent (below 0: none yet): the next one carries the log
    #: lines after it.
    sent: int
    #: No view sent yet: the first is sent even when the game is still where the client
    #: last saw it (``since``), as every connection gets a view on connect.
    fresh: bool = True


class Hub:
    def __init__(self, referee: Referee, publisher: Publisher, scheduler: Scheduler) -> None:
        self.referee = referee
        self.store = referee.store
        self.limits = referee.limits
        self.process = publisher.process
        #: Whether other processes may share the database.
        self.shared = publisher.shared
        self.scheduler = scheduler
        #: When this process last told the store a person touched each game (a move): at
        #: most once a minute each, so a move costs no write more.
        self._touched: dict[str, float] = {}
        self._threads = ThreadPoolExecutor(1, "referee")
        #: Seconds the referee's thread spent on work (waits for a core included), and the
        #: share of the last measured second it did (:meth:`load`).
        self._busy = 0.0
        self._busy_then = 0.0
        self._measured_at = time.monotonic()
        self._load = 0.0
        #: Where moves are stored: the referee's thread goes on with other games' work
        #: while one waits for its commit.
        self._writers = ThreadPoolExecutor(WRITERS, "writer")
        self._locks: defaultdict[str, asyncio.Lock] = defaultdict(asyncio.Lock)
        self._connections: defaultdict[str, list[Connection]] = defaultdict(list)
        self._bots: dict[str, asyncio.Task[None]] = {}
        #: Games woken while their bots' task was looking at them: it looks once more before
        #: it stops, or a move made meanwhile would wait for a bot that never comes.
        self._woken: set[str] = set()
        self._tasks: set[asyncio.Task[None]] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None
        #: Called on the event loop with every event, this process's and the others'.
        self.on_event: list[Callable[[Event], None]] = []
        #: Called with a lease's kind and game when its owner stopped renewing it.
        self.on_expired: list[Callable[[str, str], None]] = []
        #: Called with a game whose seat to move is to be reminded its time runs low.
        self.on_reminder: list[Callable[[str], None]] = []
        #: Called on the event loop at every sweep (work kept in the store that comes due).
        self.on_sweep: list[Callable[[], None]] = []
        #: Called on the event loop with each of this process's own events (a change
        #: made here), once every process's ``on_event`` is called.
        self.on_own_event: list[Callable[[Event], None]] = []
        self.timekeeper = Timekeeper(referee)
        publisher.handlers.append(self._heard)
        publisher.own.append(self._heard_own)

    @staticmethod
    def new_process_id() -> str:
        return secrets.token_hex(8)

    async def start(self) -> None:
        """Register this process, resume the games where a bot is to move, start the sweep."""
        self._loop = asyncio.get_running_loop()
        if not self.shared:
            await self.query(self.store.forget_every_process)
        await self.query(self.store.beat, self.process)
        for game_id in await self.query(self.store.game_ids, "playing"):
            self.wake_bots(game_id)
        self._sweeper = asyncio.create_task(self._sweep())

    def lock(self, game_id: str) -> asyncio.Lock:
        return self._locks[game_id]

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """Referee work (anything that reads or brings on the positions it holds), off the
        event loop, in the referee's thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._threads, self._timed, work, args)

    def _timed(self, work: Callable[..., T], args: tuple[Any, ...]) -> T:
        started = time.perf_counter()
        try:
            return work(*args)
        finally:
            self._busy += time.perf_counter() - started

    def load(self) -> float:
        """The share of the last second or so the referee's thread was at work."""
        at = time.monotonic()
        if at - self._measured_at >= LOAD_SECONDS:
            self._load = (self._busy - self._busy_then) / (at - self._measured_at)
            self._measured_at, self._busy_then = at, self._busy
        return self._load

    async def until_quiet(self) -> None:
        """Wait while live play keeps the referee's thread busy (over :data:`BUSY_SHARE` of
        its time), :data:`LONGEST_WAIT_SECONDS` at most: what background work does before
        each piece of it. Its workers' low priority alone is not enough: a search that
        holds a core delays each move of a busy server that wakes for it."""
        deadline = time.monotonic() + LONGEST_WAIT_SECONDS
        while self.load() > BUSY_SHARE and time.monotonic() < deadline:
            await asyncio.sleep(LOAD_SECONDS)

    async def query(self, work: Callable[..., T], *args: Any) -> T:
        """Work with the database alone that needs no order with the referee's (leases, a
        game's last touch, a REST request's token), off the event loop and off the
        referee's thread: the referee goes on with moves meanwhile rather than wait for the
        database's answer. A socket's arrival and presence stay in the referee's thread,
        so that the views made after them see them."""
        return await asyncio.to_thread(work, *args)

    async def compute(self, lane: str, game_id: str, work: Callable[[J], T], job: J) -> T:
        """Search work (a bot's decision, a hint) for a game, in a worker of ``lane`` when
        it is the game's turn (``scheduler.py``)."""
        return await self.scheduler.run(lane, game_id, work, job)

    def touched(self, game_id: str) -> None:
        """A person acted in the game: its bots keep waking (``Limits.idle_seconds``)."""
        at = time.monotonic()
        if at - self._touched.get(game_id, -TOUCH_SECONDS) >= TOUCH_SECONDS:
            self._touched[game_id] = at
            if len(self._touched) > CACHED_TOUCHES:
                self._touched.clear()
            self._spawn(self.query(self.store.touch, game_id))

    # -- events -------------------------------------------------------------------

    def _heard(self, event: Event) -> None:
        """From any thread: an event, handled on the event loop."""
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._handle, event)

    def _heard_own(self, event: Event) -> None:
        if self._loop is not None:
            for listener in self.on_own_event:
                self._loop.call_soon_threadsafe(listener, event)

    def _handle(self, event: Event) -> None:
        for listener in self.on_event:
            listener(event)
        if event.kind == Event.MOVED:
            if any(c.sent < event.seq for c in self._connections.get(event.game, [])):
                self._spawn(self._send_views(event.game, upto=event.seq, heard=event))
            self.wake_bots(event.game)
        elif event.kind == Event.SEATS:
            self.referee.seats_changed(event.game)
            # Those connected now: one connecting gets the seats with its first view.
            self._spawn(self._send_seats(event.game, self.connections(event.game)))
        elif event.kind == Event.REMATCH:
            self._spawn(self._send_all(event.game, {"type": "rematch", "game": event.value}))
        elif event.kind == Event.CLOCK:
            # A stand-in began or stopped playing a seat: the seats show it, the clock
            # runs for another seat, and the stand-in may be to move.
            self.referee.seats_changed(event.game)
            self._spawn(self._send_clock(event.game, self.connections(event.game)))
            self.wake_bots(event.game)
        elif event.kind == Event.ANALYSIS:
            self._spawn(self._send_all(event.game, {"type": "analysis", "game": event.game}))

    def resync(self) -> None:
        """Events may have been missed (the listening connection dropped): every game with
        a connection here gets its views again, and every game a bot may be to move in."""
        self.referee.seats_changed()
        for game_id in list(self._connections):
            self._heard(Event(game_id, Event.MOVED, seq=RESYNC))
            self._heard(Event(game_id, Event.SEATS))

    def _spawn(self, work: Any) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- connections ----------------------------------------------------------------

    def connections(self, game_id: str) -> list[Connection]:
        return list(self._connections.get(game_id, []))

    async def change(self, work: Callable[..., Event | None], game_id: str, *args: Any) -> None:
        """Carry out one change of a game (a move, an undo) and send this process's
        connections their views at once; the others hear of it by the change's event.
        Refusals propagate with nothing changed."""
        async with self.lock(game_id):
            connections = self.connections(game_id)
            texts = await self.run(self._views_after, work, game_id, args, connections)
            await self._deliver(game_id, connections, texts)

    async def play(
        self,
        game_id: str,
        seat: int,
        seq: int,
        action: dict[str, Any] | None,
        action_id: int | None,
        bot: bool = False,
    ) -> None:
        """``seat`` plays against position ``seq`` (``bot``: its bot or stand-in does), as
        :meth:`change` carries a change out but in three steps: the play checked in the
        referee's thread, stored in a writer's, then the position brought on and the views
        made in the referee's again. Refusals propagate with nothing changed."""
        async with self.lock(game_id):
            checked = await self.run(self.referee.check, game_id, seat, seq, action, action_id, bot)
            loop = asyncio.get_running_loop()
            await loop.run_in_executor(self._writers, self.referee.commit, checked)
            connections = self.connections(game_id)
            texts = await self.run(
                self._views_after, self._played, game_id, (checked,), connections
            )
            await self._deliver(game_id, connections, texts)

    def _played(self, game_id: str, checked: Checked) -> Event:
        return self.referee.played(checked)

    def _views_after(
        self,
        work: Callable[..., Event | None] | None,
        game_id: str,
        args: tuple[Any, ...],
        connections: list[Connection],
    ) -> list[tuple[int, str]]:
        """In the referee's thread: ``work`` (if any: a change, or a change heard of that
        brings the position up to date, each giving its event), then each connection's view
        as its seq and text."""
        changed = None if work is None else work(game_id, *args)
        wanted = [(c.seat, c.sent) for c in connections]
        frames = self.referee.frames(game_id, wanted, just_changed=changed is not None)
        # Serialised here too, so that the event loop only sends.
        return [(frame.seq, frame.text()) for frame in frames]

    async def connect(self, game_id: str, connection: Connection) -> None:
        async with self.lock(game_id):
            if connection.seat is not None:
                # In the referee's thread: the views of connections made after it see it.
                await self.run(self.store.present, self.process, game_id, connection.seat, 1)
            # Someone opened it (a spectator of a bots' game too): its bots wake again.
            await self.query(self.store.touch, game_id)
            self._touched[game_id] = time.monotonic()
            self.wake_bots(game_id)
            # Its first view shows the seats as they are now, its own socket counted.
            self.referee.seats_changed(game_id)
            self._connections[game_id].append(connection)
            await self._send_views(game_id, [connection], locked=True)

    async def disconnect(self, game_id: str, connection: Connection) -> None:
        async with self.lock(game_id):
            known = self._connections.get(game_id, [])
            if connection in known:
                known.remove(connection)
                if not known:
                    del self._connections[game_id]
                if connection.seat is not None:
                    await self.run(self.store.present, self.process, game_id, connection.seat, -1)

    async def _send_views(
        self,
        game_id: str,
        connections: list[Connection] | None = None,
        locked: bool = False,
        upto: int = RESYNC,
        heard: Event | None = None,
    ) -> None:
        """The views of ``connections`` (all of the game's here) that have not had the one
        at seq ``upto`` yet: a change made here has sent them already, under the lock.
        ``heard``: the event of the change, whose move brings the position up to date."""
        if not locked:
            async with self.lock(game_id):
                await self._send_views(game_id, connections, locked=True, upto=upto, heard=heard)
            return
        targets = self.connections(game_id) if connections is None else connections
        targets = [c for c in targets if c.sent < upto]
        if not targets:
            return
        work = None if heard is None else self.referee.heard
        args = () if heard is None else (heard,)
        texts = await self.run(self._views_after, work, game_id, args, targets)
        await self._deliver(game_id, targets, texts)

    async def _deliver(
        self, game_id: str, connections: list[Connection], texts: list[tuple[int, str]]
    ) -> None:
        for connection, (seq, text) in zip(connections, texts, strict=True):
            if seq <= connection.sent and not connection.fresh:
                continue  # it has this view already (an event heard after the change)
            if await self._send(game_id, connection, text):
                connection.sent = max(connection.sent, seq)
                connection.fresh = False

    async def _send_seats(self, game_id: str, connections: list[Connection]) -> None:
        if connections:
            seats = await self.run(self.referee.seats, game_id)
            await self._send_all(game_id, {"type": "seats", "seats": seats}, connections)

    async def _send_clock(self, game_id: str, connections: list[Connection]) -> None:
        if connections:
            message = await self.run(self.referee.clock_message, game_id)
            await self._send_all(game_id, message, connections)

    async def _send_all(
        self, game_id: str, message: JsonDict, connections: list[Connection] | None = None
    ) -> None:
        text = message_text(message)
        for connection in self.connections(game_id) if connections is None else connections:
            await self._send(game_id, connection, text)

    async def _send(self, game_id: str, connection: Connection, text: str) -> bool:
        try:
            await connection.socket.send_text(text)
        except Exception:  # a socket that closed meanwhile; its handler removes it
            return False
        return True

    # -- bots -----------------------------------------------------------------------

    def wake_bots(self, game_id: str) -> None:
        """Make sure the game's bots play while one is to move (one task per game here;
        each decision made by the one process that claims it)."""
        made = self.store.known_setup(game_id)
        if made is not None and not any(made.bots) and made.clock is None:
            # A game's seats never change kind, and with no clock no stand-in comes: no
            # bot will ever move in it.
            return
        if game_id in self._bots:
            self._woken.add(game_id)
        else:
            self._bots[game_id] = asyncio.create_task(self._play_bots(game_id))

    def bots_awake(self, game_id: str) -> bool:
        """Whether this process is playing the game's bots now."""
        return game_id in self._bots

    async def _play_bots(self, game_id: str) -> None:
        try:
            while True:
                self._woken.discard(game_id)
                job = await self.run(self.referee.bot_job, game_id)
                if job is None:
                    if game_id in self._woken:
                        continue  # a move came while the position was read: read it again
                    return
                if await self.query(self.store.idle, game_id, self.limits.idle_seconds):
                    if game_id in self._woken:
                        continue  # someone came back while it was asked
                    bot_log.info("game %s is idle: its bots wait for someone to return", game_id)
                    return
                claimed = await self._claim(job)
                if claimed is None:
                    if game_id in self._woken:
                        # A move came while the lease was asked for: the decision it asks
                        # for has no lease yet if the process that made the move died.
                        continue
                    return  # another process makes this decision
                if not claimed:
                    continue
                try:
                    thinking = self.compute(lane_of_spec(job.spec), game_id, choose, job)
                    action: int = await self.holding([job.lease], thinking)
                    # A stale move: the game moved on while the bot thought; think again.
                    with contextlib.suppress(StaleError):
                        await self.play(game_id, job.seat, job.seq, None, action, bot=True)
                finally:
                    await self.query(self.store.release, job.lease, self.process)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the bots of game %s stopped", game_id)
        finally:
            self._bots.pop(game_id, None)
            self._woken.discard(game_id)

    async def _claim(self, job: BotJob) -> bool | None:
        """True when this process makes the decision: it holds the lease and the game is
        still where the job was made; False when the game moved on meanwhile (a decision
        made elsewhere is not made again); None when another process holds the lease."""
        if not await self.query(self.store.claim, job.lease, self.process, LEASE_SECONDS):
            return None
        if await self.query(self.store.last_seq, job.game_id) != job.seq:
            await self.query(self.store.release, job.lease, self.process)
            return False
        bot_log.info("bot decision: game=%s seq=%s seat=%s", job.game_id, job.seq, job.seat)
        return True

    async def holding(self, leases: list[str], work: Any) -> T:
        """Await ``work`` while renewing ``leases``, so no other process takes it over."""
        task = asyncio.ensure_future(work)
        while True:
            done, _ = await asyncio.wait({task}, timeout=RENEW_SECONDS)
            if done:
                result: T = task.result()
                return result
            await self.query(self.store.renew, leases, self.process, LEASE_SECONDS)

    async def _sweep(self) -> None:
        """Beat this process's heart; take on the work of processes that died (leases
        that ran out), and forget the sockets they held."""
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            self.load()  # measured every second, not over however long since last asked
            try:
                await self.query(self.store.beat, self.process)
                await self.query(self.store.forget_dead, DEAD_SECONDS)
                await self.check_clocks()
                for sweep in self.on_sweep:
                    sweep()
                for key in await self.query(self.store.expired_leases):
                    kind, _, rest = key.partition(":")
                    game_id = rest.split(":")[0]
                    if kind == "bot":
                        self.wake_bots(game_id)
                    for listener in self.on_expired:
                        listener(kind, game_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the sweep for the work of stopped processes failed")

    async def check_clocks(self) -> None:
        """Give a stand-in to every seat whose time has run out (``Timekeeper.flag``), and
        tell ``on_reminder`` of each game whose seat to move is to be reminded."""
        for game_id in await self.query(self.store.past_deadline):
            async with self.lock(game_id):
                look = await self.run(self.timekeeper.flag, game_id)
            if look.remind is not None:
                for listener in self.on_reminder:
                    listener(game_id)

    async def back(self, game_id: str, seat: int) -> None:
        """``seat``'s person plays it again instead of its stand-in (``Timekeeper.back``)."""
        async with self.lock(game_id):
            await self.run(self.timekeeper.back, game_id, seat)

    async def close(self) -> None:
        tasks = [*self._bots.values(), *self._tasks]
        if self._sweeper is not None:
            tasks.append(self._sweeper)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.query(self.store.leave, self.process)

    def shutdown(self) -> None:
        """Stop the referee's thread, once the server asks nothing more of it (at exit)."""
        self._threads.shutdown(wait=True)
        self._writers.shutdown(wait=True)

    async def idle(self) -> None:
        """Wait until no bot is thinking or about to (for tests and a clean shutdown)."""
        while self._bots:
            await asyncio.gather(*list(self._bots.values()), return_exceptions=True)
