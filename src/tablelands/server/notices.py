""" "Your turn" notifications (docs/server.md, Notifications): a seat that asked to be told
(an e-mail address, a browser's push subscription) is told when the game comes to it while
none of its sockets is open, on any process, and under a turn clock once more when a
quarter of its turn is left.

A notice says only what anyone watching may know: the game, the last move in the public
log's words, the deadline and a link; never a seat's hidden information, its own included
(an e-mail is read in many places). The process that made the move looks for the notice
it makes due; each is sent once, by the process that writes its row first (the key is the
game, the seat, the position and the kind). A target that could not be told is tried again
from the row: whichever process finds the try due makes it, so a try outlives the process
that was to make it.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from fastapi import FastAPI, Request
from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from tablelands.core.game import JsonDict
from tablelands.server.access import Authorization, bearer
from tablelands.server.db import BOT, NoticeRow, NotifyTargetRow
from tablelands.server.errors import RefusedError
from tablelands.server.events import Event
from tablelands.server.hub import Hub
from tablelands.server.mail import Mailer
from tablelands.server.push import GoneError, Pusher
from tablelands.server.schemas import NotifyRequest

log = logging.getLogger(__name__)

#: After a target could not be told (the SMTP server or push service down), it is tried
#: again after each of these waits, while the notice is still due (:meth:`Notices.still_due`).
RETRY_SECONDS = (60.0, 600.0, 3600.0)
#: How long a process that took a try has to make it before another may (it stopped).
CLAIM_SECONDS = 300.0
#: Tries taken at a sweep at most (the rest at the next).
TRIES_A_SWEEP = 50

EMAIL = "email"
PUSH = "push"
#: Notice kinds: the game came to the seat; its turn clock has a quarter left.
TURN = "turn"
REMINDER = "reminder"
#: Browsers a seat may be told in by push (a phone, a laptop...).
MAX_PUSH_TARGETS = 5
#: An address as far as it is checked here: the SMTP server has the last word.
ADDRESS = re.compile(r"[^@\s]{1,64}@[^@\s.]+(\.[^@\s.]+)+")


#: A seat's ways of being told: (kind, key, target), as its rows keep them.
Targets = tuple[tuple[str, str, JsonDict], ...]


@dataclass(frozen=True, slots=True)
class Notice:
    """One notice to send: to whom (the seat's targets) and what."""

    game_id: str
    seat: int
    #: The position the notice is of: once the game moves on, it is of no use.
    seq: int
    #: ``turn`` or ``reminder``.
    kind: str
    subject: str
    text: str
    url: str
    targets: Targets


class Notices:
    """The notifications of one process: what each seat asked for, and the notices due."""

    def __init__(
        self, hub: Hub, public_url: str, mailer: Mailer | None, pusher: Pusher | None
    ) -> None:
        self.hub = hub
        self.store = hub.store
        self.public_url = public_url.rstrip("/")
        self.mailer = mailer
        self.pusher = pusher
        self._sending: set[asyncio.Task[None]] = set()
        #: The waits before each new try of a target that failed (tests shorten them).
        self.retry_seconds: tuple[float, ...] = RETRY_SECONDS
        self._closed = False
        #: The sweep's tries being made, if any (one sweep's at a time).
        self._sweeping: asyncio.Task[None] | None = None
        # The process that made a move tells of it (one look at the notices a move, not one
        # in every process).
        hub.on_own_event.append(self._heard)
        hub.on_reminder.append(lambda game_id: self._spawn(game_id, REMINDER))
        hub.on_sweep.append(self._sweep)

    # -- what each seat asked for ------------------------------------------------------

    def wishes(self, game_id: str, seat: int) -> JsonDict:
        """What the seat asked for, and what this server offers."""
        targets = self._targets(game_id, seat)
        return {
            "email": next((t["address"] for kind, _, t in targets if kind == EMAIL), None),
            "push": sum(kind == PUSH for kind, _, _ in targets),
            "email_offered": self.mailer is not None,
            "push_key": None if self.pusher is None else self.pusher.public_key,
        }

    def ask(self, game_id: str, seat: int, request: NotifyRequest) -> JsonDict:
        """The seat asks to be told by e-mail (its address replacing any before) and/or by
        push in one more browser; ``RefusedError`` saying what is wrong."""
        rows: list[NotifyTargetRow] = []
        if request.email is not None:
            if self.mailer is None:
                raise RefusedError("this server sends no e-mail: its operator set none up")
            address = request.email.strip()
            if not ADDRESS.fullmatch(address):
                raise RefusedError(f"{address!r} is not an e-mail address")
            rows.append(self._row(game_id, seat, EMAIL, address.lower(), {"address": address}))
        if request.push is not None:
            if self.pusher is None:
                raise RefusedError("this server sends no push notifications")
            try:
                subscription = self.pusher.checked(request.push)
            except ValueError as exc:
                raise RefusedError(str(exc)) from None
            key = hashlib.sha256(subscription["endpoint"].encode()).hexdigest()
            rows.append(self._row(game_id, seat, PUSH, key, subscription))
        if not rows:
            raise RefusedError("send email, push or both")
        with self.store.writing() as session:
            if request.email is not None:
                session.execute(self._of(game_id, seat, EMAIL))
            if request.push is not None:
                pushes = session.scalars(
                    select(NotifyTargetRow.key).where(
                        NotifyTargetRow.game_id == game_id,
                        NotifyTargetRow.seat == seat,
                        NotifyTargetRow.kind == PUSH,
                    )
                ).all()
                if rows[-1].key not in pushes and len(pushes) >= MAX_PUSH_TARGETS:
                    raise RefusedError(
                        f"a seat is told in at most {MAX_PUSH_TARGETS} browsers: turn one off"
                    )
            for row in rows:
                session.merge(row)
        return self.wishes(game_id, seat)

    def forget(self, game_id: str, seat: int) -> JsonDict:
        """The seat is told nothing any more, by any means."""
        with self.store.writing() as session:
            session.execute(self._of(game_id, seat, None))
        return self.wishes(game_id, seat)

    def _row(self, game_id: str, seat: int, kind: str, key: str, target: JsonDict) -> Any:
        return NotifyTargetRow(
            game_id=game_id,
            seat=seat,
            kind=kind,
            key=key[:64],
            target=target,
            created_at=self.store.now(),
        )

    @staticmethod
    def _of(game_id: str, seat: int, kind: str | None) -> Any:
        query = delete(NotifyTargetRow).where(
            NotifyTargetRow.game_id == game_id, NotifyTargetRow.seat == seat
        )
        return query if kind is None else query.where(NotifyTargetRow.kind == kind)

    def _targets(self, game_id: str, seat: int) -> list[tuple[str, str, JsonDict]]:
        query = select(NotifyTargetRow.kind, NotifyTargetRow.key, NotifyTargetRow.target).where(
            NotifyTargetRow.game_id == game_id, NotifyTargetRow.seat == seat
        )
        with self.store.session() as session:
            return [(kind, key, target) for kind, key, target in session.execute(query)]

    # -- the notices due ---------------------------------------------------------------

    def due(self, game_id: str, kind: str) -> Notice | None:
        """The notice the game's seat to move is due now, claimed for this process: none
        if the game is over, a bot or stand-in is to move, the seat is connected, asked for
        nothing, or was told already."""
        position = self.hub.referee.position(game_id)
        state = position.state
        if position.over:
            return None
        seat = state.current_player
        made = self.store.setup(game_id)
        seats = self.store.seats(game_id)
        if made.bots[seat] is not None or seats[seat].kind == BOT or seats[seat].connected:
            return None
        if seat in self.store.stand_ins(game_id):
            return None
        targets = self._targets(game_id, seat)
        if not targets:
            return None
        try:
            with self.store.writing() as session:
                session.add(
                    NoticeRow(
                        game_id=game_id,
                        seat=seat,
                        seq=position.seq,
                        kind=kind,
                        sent_at=self.store.now(),
                    )
                )
        except IntegrityError:
            return None  # told already, or being told by another process
        return self._notice(game_id, seat, kind, tuple(targets))

    def _notice(self, game_id: str, seat: int, kind: str, targets: Targets) -> Notice:
        """The notice of ``kind`` to the game's seat to move, ``seat``, at its position."""
        position = self.hub.referee.position(game_id)
        made = self.store.setup(game_id)
        seats = self.store.seats(game_id)
        # The last move as the public log tells it: what anyone watching may know.
        public = position.viewpoint(None).lines
        last_seq = max((line.seq for line in public), default=0)
        last = [line.text for line in public if line.seq == last_seq and last_seq > 0]
        clock = self.hub.referee.clock(game_id, position)
        url = f"{self.public_url}/play/{game_id}"
        name = seats[seat].name
        lines = [f"{name}, it is your turn in {made.title} ({position.game.info.title})."]
        if last:
            lines.append("Last: " + " ".join(last))
        if clock is not None and clock.deadline is not None:
            when = clock.deadline.strftime("%Y-%m-%d %H:%M UTC")
            lines.append(
                f"Your time runs low: move by {when}." if kind == REMINDER else f"Move by {when}."
            )
        lines.append(f"Play: {url}")
        subject = (
            f"Reminder: your move in {made.title}"
            if kind == REMINDER
            else f"Your turn in {made.title}"
        )
        return Notice(game_id, seat, position.seq, kind, subject, "\n".join(lines), url, targets)

    def still_due(self, notice: Notice, targets: Targets) -> Targets:
        """Those of ``targets`` still worth telling ``notice``: none once the game has moved
        on from its position or a page of the seat's is open (it would see its turn there),
        and only those the seat still asks to be told by."""
        position = self.hub.referee.position(notice.game_id)
        if (
            position.over
            or position.seq != notice.seq
            or self.store.seats(notice.game_id)[notice.seat].connected
        ):
            return ()
        asked = {(kind, key) for kind, key, _ in self._targets(notice.game_id, notice.seat)}
        return tuple(target for target in targets if target[:2] in asked)

    def _heard(self, event: Event) -> None:
        if event.kind == Event.MOVED:
            self._spawn(event.game, TURN)

    def _spawn(self, game_id: str, kind: str) -> None:
        task = asyncio.create_task(self.tell(game_id, kind))
        self._sending.add(task)
        task.add_done_callback(self._sending.discard)

    def _asked(self, game_id: str) -> bool:
        """Whether any seat of the game asked to be told anything (one indexed query)."""
        query = select(NotifyTargetRow.seat).where(NotifyTargetRow.game_id == game_id).limit(1)
        with self.store.engine.connect() as connection:
            return connection.scalar(query) is not None

    async def tell(self, game_id: str, kind: str) -> None:
        """Send the notice due in the game now, if any, to each of the seat's targets; a
        target that fails is tried again after each of :attr:`retry_seconds` while the
        notice is still due to it, by whichever process finds the try due (failures are
        logged, not raised)."""
        try:
            # Most games asked for nothing: they cost the referee's thread no work.
            if not await self.hub.query(self._asked, game_id):
                return
            # In the referee's thread: it reads the game's position, which only that thread uses.
            notice = await self.hub.run(self.due, game_id, kind)
            if notice is not None:
                await self._try(notice, notice.targets, 1)
        except Exception:
            log.exception("the notice of game %s could not be sent", game_id)

    async def _try(self, notice: Notice, targets: Targets, tries: int) -> None:
        """Tell ``targets`` (the ``tries``-th try), and keep in the notice's row what is
        left to try and when."""
        failed = await self._send(notice, targets)
        waits = self.retry_seconds
        if failed and tries > len(waits):
            log.error(
                "notice given up: game=%s seat=%s by=%s, after %d tries",
                notice.game_id,
                notice.seat,
                ",".join(kind for kind, _, _ in failed),
                tries,
            )
        wait = waits[tries - 1] if failed and tries <= len(waits) else None
        await self.hub.query(
            self._keep_tries, notice, tries, failed if wait is not None else (), wait
        )

    def _keep_tries(self, notice: Notice, tries: int, pending: Targets, wait: float | None) -> None:
        with self.store.writing() as session:
            session.execute(
                update(NoticeRow)
                .where(*self._key(notice.game_id, notice.seat, notice.seq, notice.kind))
                .values(
                    tries=tries,
                    pending=[key for _, key, _ in pending] or None,
                    retry_at=None if wait is None else self.store.now() + timedelta(seconds=wait),
                )
            )

    @staticmethod
    def _key(game_id: str, seat: int, seq: int, kind: str) -> tuple[Any, ...]:
        return (
            NoticeRow.game_id == game_id,
            NoticeRow.seat == seat,
            NoticeRow.seq == seq,
            NoticeRow.kind == kind,
        )

    def _sweep(self) -> None:
        """At every sweep: make the tries that are due, unless the last sweep's still are."""
        if self._closed or (self._sweeping is not None and not self._sweeping.done()):
            return
        self._sweeping = asyncio.create_task(self._retry_due())

    async def _retry_due(self) -> None:
        try:
            await self.retry_due()
        except Exception:
            log.exception("the notices due to be tried again could not be tried")

    async def retry_due(self) -> int:
        """Make the tries that are due, this process's or any other's (one that stopped
        left its tries in the store), each taken by one process; how many were made."""
        made = 0
        for row in await self.hub.query(self._due_tries):
            taken = await self.hub.run(self._take_try, *row)
            if taken is not None:
                await self._try(*taken)
                made += 1
        return made

    def _due_tries(self) -> list[tuple[str, int, int, str, int, list[str]]]:
        query = (
            select(
                NoticeRow.game_id,
                NoticeRow.seat,
                NoticeRow.seq,
                NoticeRow.kind,
                NoticeRow.tries,
                NoticeRow.pending,
            )
            .where(NoticeRow.retry_at <= self.store.now())
            .order_by(NoticeRow.retry_at)
            .limit(TRIES_A_SWEEP)
        )
        with self.store.engine.connect() as connection:
            return [
                (game_id, seat, seq, kind, tries, pending or [])
                for game_id, seat, seq, kind, tries, pending in connection.execute(query)
            ]

    def _take_try(
        self, game_id: str, seat: int, seq: int, kind: str, tries: int, pending: list[str]
    ) -> tuple[Notice, Targets, int] | None:
        """Take the due try for this process (``None`` if another took it first), with the
        targets still worth it (``None`` if none is: nothing is left to try)."""
        at = self.store.now()
        key = self._key(game_id, seat, seq, kind)
        with self.store.writing() as session:
            taken = session.execute(
                update(NoticeRow)
                .where(*key, NoticeRow.retry_at <= at)
                .values(retry_at=at + timedelta(seconds=CLAIM_SECONDS))
            )
            if not taken.rowcount:  # type: ignore[attr-defined]
                return None
        position = self.hub.referee.position(game_id)
        targets: Targets = ()
        if not position.over and position.seq == seq:
            asked = tuple(t for t in self._targets(game_id, seat) if t[1] in pending)
            notice = self._notice(game_id, seat, kind, asked)
            targets = self.still_due(notice, asked)
        if not targets:
            with self.store.writing() as session:
                session.execute(update(NoticeRow).where(*key).values(pending=None, retry_at=None))
            return None
        return notice, targets, tries + 1

    async def _send(self, notice: Notice, targets: Targets) -> Targets:
        """Tell each of ``targets``, each on its own (one failing does not keep the notice
        from the others); the ones that failed and are worth another try."""
        payload = {"title": notice.subject, "body": notice.text, "url": notice.url}
        failed = []
        for target in targets:
            kind, key, where = target
            try:
                if kind == EMAIL and self.mailer is not None:
                    await self.mailer.send(where["address"], notice.subject, notice.text)
                elif kind == PUSH and self.pusher is not None:
                    await asyncio.to_thread(self.pusher.send, where, payload)
                else:
                    continue
            except GoneError:
                await self.hub.query(self._forget_target, notice.game_id, notice.seat, key)
                continue
            except Exception as exc:
                log.warning(
                    "notice not sent: game=%s seat=%s by=%s: %s",
                    notice.game_id,
                    notice.seat,
                    kind,
                    exc,
                )
                failed.append(target)
                continue
            log.info("notice sent: game=%s seat=%s by=%s", notice.game_id, notice.seat, kind)
        return tuple(failed)

    def _forget_target(self, game_id: str, seat: int, key: str) -> None:
        with self.store.writing() as session:
            session.execute(
                delete(NotifyTargetRow).where(
                    NotifyTargetRow.game_id == game_id,
                    NotifyTargetRow.seat == seat,
                    NotifyTargetRow.key == key,
                )
            )

    async def idle(self) -> None:
        """Wait until every notice being sent is sent, given up or waiting for a try not
        due yet (tests)."""
        while True:
            while self._sending or (self._sweeping is not None and not self._sweeping.done()):
                sweeping = [] if self._sweeping is None else [self._sweeping]
                await asyncio.gather(*self._sending, *sweeping, return_exceptions=True)
            if not await self.retry_due():
                return

    async def close(self) -> None:
        """Stop sending (shutdown): a notice being sent is dropped, and says so in the log;
        tries still to come stay in the store, for another process or the next start (one
        being made now is taken up again once its claim runs out)."""
        # A cancel can be lost inside a library's network code: the flag starts no new sweep.
        self._closed = True
        tasks = list(self._sending)
        sweeping = [] if self._sweeping is None else [self._sweeping]
        for task in (*tasks, *sweeping):
            task.cancel()
        await asyncio.gather(*tasks, *sweeping, return_exceptions=True)
        if tasks:
            log.warning("%d notices being sent were dropped at shutdown", len(tasks))


def add_notice_routes(app: FastAPI) -> None:
    async def seat_of(
        request: Request, game_id: str, authorization: str | None
    ) -> tuple[Notices, int]:
        notices: Notices = request.app.state.notices
        hub = notices.hub
        return notices, await hub.query(hub.referee.seat_of, game_id, bearer(authorization))

    @app.get("/api/games/{game_id}/notifications")
    async def wishes(
        request: Request, game_id: str, authorization: Authorization = None
    ) -> JsonDict:
        """What the seat asked to be told by, and what this server offers."""
        notices, index = await seat_of(request, game_id, authorization)
        return await notices.hub.query(notices.wishes, game_id, index)

    @app.post("/api/games/{game_id}/notifications")
    async def ask(
        request: Request, game_id: str, body: NotifyRequest, authorization: Authorization = None
    ) -> JsonDict:
        """Tell the seat when it is its turn: by e-mail, by push in this browser, or both."""
        notices, index = await seat_of(request, game_id, authorization)
        return await notices.hub.query(notices.ask, game_id, index, body)

    @app.delete("/api/games/{game_id}/notifications")
    async def forget(
        request: Request, game_id: str, authorization: Authorization = None
    ) -> JsonDict:
        """Tell the seat nothing more."""
        notices, index = await seat_of(request, game_id, authorization)
        return await notices.hub.query(notices.forget, game_id, index)
