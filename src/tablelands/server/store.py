"""The store: games, seats and their append-only moves, the leases of shared work and the
presence of sockets, behind one interface on SQLite and PostgreSQL.

Several server processes may share one PostgreSQL database, so nothing another process can
change is kept in memory here: a game's seats and status are read at every use. Only what
never changes once written is kept: a game's setup (its row, less the status). Every write
that others must hear of carries its :class:`~tablelands.server.events.Event`, published
in the same transaction (``events.Publisher``): a move that is committed is told, and one
that is not is never told.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Engine, delete, func, select, text, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from tablelands.core.match import Move, Setup
from tablelands.games import get_game
from tablelands.server.clock_rows import ClockRows
from tablelands.server.clocks import ClockRule
from tablelands.server.db import (
    BOT,
    OVER,
    PLAYING,
    GameRow,
    LeaseRow,
    MoveRow,
    PresenceRow,
    ProcessRow,
    SeatKeyRow,
    SeatRow,
    SecretRow,
    SessionRow,
    aware,
    now,
)
from tablelands.server.editions import edition_of
from tablelands.server.errors import NotFoundError
from tablelands.server.events import CHANNEL, Event, Publisher

#: A move, the game's end if it ends it, and its event, as one PostgreSQL statement. A
#: clocked game's deadline is set to the move's time: the sweep then reads its clock anew.
APPEND_AND_NOTIFY = text(
    """
    WITH played AS (
        INSERT INTO moves (game_id, seq, seat, action, kind, created_at)
        VALUES (:game, :seq, :seat, :action, :kind, :at)
        RETURNING seq
    ), ended AS (
        UPDATE games
        SET status = CASE WHEN CAST(:over AS BOOLEAN) THEN :ended ELSE status END,
            deadline_at = CASE WHEN clock IS NULL THEN NULL ELSE :at END
        WHERE id = :game AND EXISTS (SELECT 1 FROM played)
            AND (CAST(:over AS BOOLEAN) OR clock IS NOT NULL)
        RETURNING id
    )
    SELECT pg_notify(:channel, :payload) FROM played
    """
)
#: Game setups kept in memory (the least recently used go first).
CACHED_SETUPS = 1024


@dataclass(frozen=True, slots=True)
class GameSetup:
    """What never changes of a game once made: its row less the status."""

    id: str
    title: str
    hints: bool
    created_at: Any
    rematch_of: str | None
    #: The uploaded edition's data (``None``: the packaged edition).
    edition_data: dict[str, Any] | None
    setup: Setup
    #: Each seat's agent spec if a bot plays it, else ``None`` (a seat's kind never changes).
    bots: tuple[str | None, ...]
    #: The game's clock (``None``: it has none).
    clock: ClockRule | None = None
    #: Whether its result counts for its players' ratings.
    rated: bool = False


def _move_row(game_id: str, move: Move, at: datetime) -> MoveRow:
    return MoveRow(
        game_id=game_id,
        seq=move.seq,
        seat=move.seat,
        action=move.action,
        kind=move.kind,
        created_at=at,
    )


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat of a game as it is now."""

    seat: int
    kind: str
    agent: str | None
    name: str
    token_hash: str | None
    invite_hash: str | None
    #: Whether a living process holds a socket for the seat.
    connected: bool


class Store(ClockRows):
    """One database's games, as every process of the server sees them."""

    def __init__(self, engine: Engine, publisher: Publisher) -> None:
        self.engine = engine
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._publisher = publisher
        #: Single statements, each its own transaction.
        self._at_once = engine.execution_options(isolation_level="AUTOCOMMIT")
        self._setups: OrderedDict[str, GameSetup] = OrderedDict()
        self._lock = threading.Lock()
        #: The time of the games (moves, clocks, activity): the wall clock, or one a test
        #: drives. Leases and processes' heartbeats keep the wall clock.
        self.now: Callable[[], datetime] = now

    def session(self) -> Session:
        """A session to read rows with (tools and tests too)."""
        return self._sessions()

    @contextmanager
    def writing(self, *events: Event) -> Iterator[Session]:
        """A transaction that writes, and tells ``events`` once (and only if) it commits."""
        with self._sessions.begin() as session:
            yield session
            for event in events:
                self._publisher.in_transaction(session, event)
        for event in events:
            self._publisher.committed(event)

    def reachable(self) -> bool:
        """Whether the database answers a query now."""
        try:
            with self.engine.connect() as connection:
                connection.execute(text("SELECT 1"))
        except Exception:
            return False
        return True

    def tell(self, event: Event) -> None:
        """Tell every process of ``event``, with no change of its own behind it."""
        with self.writing(event):
            pass

    # -- games --------------------------------------------------------------------

    def add_game(self, row: GameRow, seats: Sequence[SeatRow], moves: Sequence[Move] = ()) -> None:
        """Store a new game, its seats and its moves, if it comes with some (an uploaded
        record's); ``IntegrityError`` for a second rematch."""
        with self.writing() as session:
            session.add(row)
            session.flush()
            for seat in seats:
                seat.game_id = row.id
                session.add(seat)
            for move in moves:
                session.add(_move_row(row.id, move, self.now()))

    def known_setup(self, game_id: str) -> GameSetup | None:
        """The game's setup if it is in memory (nothing is read: for the event loop)."""
        with self._lock:
            return self._setups.get(game_id)

    def setup(self, game_id: str) -> GameSetup:
        """The game's setup; ``NotFoundError`` if there is no such game."""
        with self._lock:
            known = self._setups.get(game_id)
            if known is not None:
                self._setups.move_to_end(game_id)
                return known
        with self._sessions() as session:
            row = session.get(GameRow, game_id)
            seats = session.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
            ).all()
        if row is None:
            raise NotFoundError(f"there is no game {game_id!r}")
        game = get_game(row.game)
        made = GameSetup(
            id=row.id,
            title=row.title,
            hints=row.hints,
            created_at=row.created_at,
            rematch_of=row.rematch_of,
            edition_data=row.edition,
            setup=Setup(
                game, row.players, dict(row.options), edition_of(game, row.edition), row.seed
            ),
            bots=tuple(seat.agent if seat.kind == BOT else None for seat in seats),
            clock=ClockRule.from_json(row.clock),
            rated=row.rated,
        )
        with self._lock:
            self._setups[game_id] = made
            while len(self._setups) > CACHED_SETUPS:
                self._setups.popitem(last=False)
        return made

    def status(self, game_id: str) -> str:
        with self._sessions() as session:
            status = session.scalar(select(GameRow.status).where(GameRow.id == game_id))
        if status is None:
            raise NotFoundError(f"there is no game {game_id!r}")
        return status

    def seats(self, game_id: str) -> list[Seat]:
        """The game's seats as they are now (a join renames a seat and changes its token),
        each with whether a living process holds a socket for it: one query, on a hot path
        (every frame)."""
        present = (
            select(PresenceRow.seat)
            .where(
                PresenceRow.game_id == SeatRow.game_id,
                PresenceRow.seat == SeatRow.seat,
                PresenceRow.sockets > 0,
            )
            .exists()
        )
        query = (
            select(
                SeatRow.seat,
                SeatRow.kind,
                SeatRow.agent,
                SeatRow.name,
                SeatRow.token_hash,
                SeatRow.invite_hash,
                present,
            )
            .where(SeatRow.game_id == game_id)
            .order_by(SeatRow.seat)
        )
        with self.engine.connect() as connection:
            seats = [Seat(*row) for row in connection.execute(query)]
        if not seats:
            self.setup(game_id)  # NotFoundError when there is no such game
        return seats

    def rematch_of(self, game_id: str) -> str | None:
        """The id of the game's rematch, if one was made."""
        with self._sessions() as session:
            return session.scalar(select(GameRow.id).where(GameRow.rematch_of == game_id))

    def game_ids(self, status: str | None = None) -> list[str]:
        with self._sessions() as session:
            query = select(GameRow.id).order_by(GameRow.created_at)
            if status is not None:
                query = query.where(GameRow.status == status)
            return list(session.scalars(query).all())

    # -- activity and quotas -------------------------------------------------------

    def touch(self, game_id: str) -> None:
        """A person moved in the game or opened it now."""
        with self.writing() as session:
            session.execute(
                update(GameRow).where(GameRow.id == game_id).values(touched_at=self.now())
            )

    def idle(self, game_id: str, seconds: float) -> bool:
        """Whether nobody has touched the game (moved, opened it) for ``seconds``, and no
        seat of it is connected now."""
        since = self.now() - timedelta(seconds=seconds)
        with self._sessions() as session:
            touched = session.scalar(
                select(func.coalesce(GameRow.touched_at, GameRow.created_at)).where(
                    GameRow.id == game_id
                )
            )
            if touched is None or aware(touched) >= since:
                return False
            present = session.scalar(
                select(func.count()).select_from(PresenceRow).where(PresenceRow.game_id == game_id)
            )
        return not present

    def made_since(self, creator: str, seconds: float) -> list[Any]:
        """When ``creator`` made each of its games of the last ``seconds``, oldest first."""
        since = now() - timedelta(seconds=seconds)
        with self._sessions() as session:
            made = session.scalars(
                select(GameRow.created_at)
                .where(GameRow.creator == creator, GameRow.created_at >= since)
                .order_by(GameRow.created_at)
            )
            return [aware(at) for at in made]

    def live_games(self, creator: str | None, idle_seconds: float) -> int:
        """Games still playing and touched in the last ``idle_seconds`` that ``creator``
        made (``None``: that anyone made)."""
        since = now() - timedelta(seconds=idle_seconds)
        touched = func.coalesce(GameRow.touched_at, GameRow.created_at)
        query = (
            select(func.count())
            .select_from(GameRow)
            .where(GameRow.status == PLAYING, touched >= since)
        )
        if creator is not None:
            query = query.where(GameRow.creator == creator)
        with self._sessions() as session:
            return session.scalar(query) or 0

    def secret(self, name: str, make: str) -> tuple[str, bool]:
        """The server's secret ``name``, stored as ``make`` if it has none yet; and whether
        this call stored it (once across every process)."""
        with self._sessions() as session:
            known = session.get(SecretRow, name)
            if known is not None:
                return known.value, False
        try:
            with self.writing() as session:
                session.add(SecretRow(name=name, value=make))
        except IntegrityError:  # another process stored it first
            return self.secret(name, make)
        return make, True

    def set_secret(self, name: str, value: str) -> None:
        with self.writing() as session:
            session.merge(SecretRow(name=name, value=value))

    def update_seat(self, game_id: str, seat: int, where_token: str | None, **values: Any) -> bool:
        """Change a seat (its name, its token), only while its token hash is
        ``where_token`` if one is given; whether it changed. Everyone is told."""
        query = update(SeatRow).where(SeatRow.game_id == game_id, SeatRow.seat == seat)
        if where_token is not None:
            query = query.where(SeatRow.token_hash == where_token)
        with self.writing(Event(game_id, Event.SEATS)) as session:
            changed = session.execute(query.values(**values))
            done = bool(changed.rowcount)  # type: ignore[attr-defined]
        return done

    # -- moves --------------------------------------------------------------------

    def last_seq(self, game_id: str) -> int:
        with self.engine.connect() as connection:
            last = connection.scalar(
                select(func.max(MoveRow.seq)).where(MoveRow.game_id == game_id)
            )
        return last or 0

    def moves(self, game_id: str, after: int = 0) -> list[Move]:
        """The game's moves after seq ``after``, in order."""
        query = (
            select(MoveRow.seq, MoveRow.seat, MoveRow.action, MoveRow.kind)
            .where(MoveRow.game_id == game_id, MoveRow.seq > after)
            .order_by(MoveRow.seq)
        )
        with self.engine.connect() as connection:
            return [Move(*row) for row in connection.execute(query)]

    def append(self, game_id: str, move: Move, over: bool) -> bool:
        """Commit one move (and the game's end, when it ends it), telling everyone; False
        when another move took the seq first (the unique (game, seq) refuses it)."""
        event = Event(game_id, Event.MOVED, seq=move.seq, over=over, move=move)
        if self._publisher.shared:
            return self._append_at_once(move, event)
        try:
            with self.writing(event) as session:
                at = self.now()
                session.add(_move_row(game_id, move, at))
                if over:
                    session.execute(
                        update(GameRow).where(GameRow.id == game_id).values(status=OVER)
                    )
                # The sweep reads a clocked game's clock anew (``past_deadline``).
                session.execute(
                    update(GameRow)
                    .where(GameRow.id == game_id, GameRow.clock.is_not(None))
                    .values(deadline_at=at)
                )
        except IntegrityError:
            return False
        return True

    def _append_at_once(self, move: Move, event: Event) -> bool:
        """:meth:`append` on PostgreSQL in one statement, so one round trip: the move, the
        game's end and the notification, which is sent when (and only if) it commits."""
        try:
            with self._at_once.connect() as connection:
                connection.execute(
                    APPEND_AND_NOTIFY,
                    {
                        "game": event.game,
                        "seq": move.seq,
                        "seat": move.seat,
                        "action": move.action,
                        "kind": move.kind,
                        "at": self.now(),
                        "over": event.over,
                        "ended": OVER,
                        "channel": CHANNEL,
                        "payload": event.to_text(self._publisher.process),
                    },
                )
        except IntegrityError:
            return False
        self._publisher.committed(event)
        return True

    def seat_of_key(self, game_id: str, token_hash: str) -> int | None:
        """The seat a signed-in browser's seat key (its sha256) plays, while its session
        lasts."""
        query = (
            select(SeatKeyRow.seat)
            .join(SessionRow, SessionRow.id == SeatKeyRow.session_id)
            .where(
                SeatKeyRow.token_hash == token_hash,
                SeatKeyRow.game_id == game_id,
                SessionRow.expires_at > self.now(),
            )
        )
        with self.engine.connect() as connection:
            return connection.scalar(query)

    # -- leases -------------------------------------------------------------------

    def claim(self, key: str, owner: str, seconds: float) -> bool:
        """Take the lease ``key`` for ``seconds`` unless another living owner holds it."""
        at = now()
        expires = at + timedelta(seconds=seconds)
        with self._sessions.begin() as session:
            taken = session.execute(
                update(LeaseRow)
                .where(LeaseRow.key == key, LeaseRow.expires_at < at)
                .values(owner=owner, expires_at=expires)
            )
            if taken.rowcount:  # type: ignore[attr-defined]
                return True
        try:
            with self._sessions.begin() as session:
                session.add(LeaseRow(key=key, owner=owner, expires_at=expires))
        except IntegrityError:
            return False
        return True

    def renew(self, keys: Sequence[str], owner: str, seconds: float) -> None:
        if not keys:
            return
        with self._sessions.begin() as session:
            session.execute(
                update(LeaseRow)
                .where(LeaseRow.key.in_(keys), LeaseRow.owner == owner)
                .values(expires_at=now() + timedelta(seconds=seconds))
            )

    def release(self, key: str, owner: str) -> None:
        with self._sessions.begin() as session:
            session.execute(delete(LeaseRow).where(LeaseRow.key == key, LeaseRow.owner == owner))

    def expired_leases(self) -> list[str]:
        """The keys of leases whose owner stopped renewing them (it died)."""
        with self._sessions() as session:
            return list(session.scalars(select(LeaseRow.key).where(LeaseRow.expires_at < now())))

    # -- processes and presence ---------------------------------------------------

    def forget_every_process(self) -> None:
        """This process is the database's only one (SQLite): whatever a process that died
        left (sockets, leases) is nobody's."""
        with self._sessions.begin() as session:
            session.execute(delete(PresenceRow))
            session.execute(delete(ProcessRow))
            session.execute(update(LeaseRow).values(expires_at=now() - timedelta(seconds=1)))

    def beat(self, process: str) -> None:
        """The process is alive (its first beat registers it)."""
        at = now()
        with self._sessions.begin() as session:
            found = session.get(ProcessRow, process)
            if found is None:
                session.add(ProcessRow(id=process, started_at=at, heartbeat_at=at))
            else:
                found.heartbeat_at = at

    def forget_dead(self, seconds: float) -> list[str]:
        """Remove the processes silent for ``seconds`` and the sockets they held; the games
        whose presence changed by it."""
        limit = now() - timedelta(seconds=seconds)
        with self._sessions.begin() as session:
            dead = list(
                session.scalars(select(ProcessRow.id).where(ProcessRow.heartbeat_at < limit))
            )
            if not dead:
                return []
            games = set(
                session.scalars(select(PresenceRow.game_id).where(PresenceRow.process_id.in_(dead)))
            )
            session.execute(delete(PresenceRow).where(PresenceRow.process_id.in_(dead)))
            session.execute(delete(ProcessRow).where(ProcessRow.id.in_(dead)))
            events = [Event(game_id, Event.SEATS) for game_id in sorted(games)]
            for event in events:
                self._publisher.in_transaction(session, event)
        for event in events:
            self._publisher.committed(event)
        return sorted(games)

    def leave(self, process: str) -> None:
        """The process stops: its sockets and its row go, the games it held are told, and
        its leases run out (another process takes their work on)."""
        at = now() - timedelta(seconds=1)
        with self._sessions.begin() as session:
            games = set(
                session.scalars(
                    select(PresenceRow.game_id).where(PresenceRow.process_id == process)
                )
            )
            session.execute(delete(PresenceRow).where(PresenceRow.process_id == process))
            # Run out at once rather than gone: the others' sweeps take the work on.
            session.execute(update(LeaseRow).where(LeaseRow.owner == process).values(expires_at=at))
            session.execute(delete(ProcessRow).where(ProcessRow.id == process))
            for game_id in sorted(games):
                # Only the others: this process is stopping, its sockets are closing.
                self._publisher.in_transaction(session, Event(game_id, Event.SEATS))

    def present(self, process: str, game_id: str, seat: int, change: int) -> None:
        """One socket more (``change`` 1) or fewer (-1) of this process for the seat."""
        at = (
            (PresenceRow.process_id == process)
            & (PresenceRow.game_id == game_id)
            & (PresenceRow.seat == seat)
        )
        with self.writing(Event(game_id, Event.SEATS)) as session:
            counted = session.execute(
                update(PresenceRow).where(at).values(sockets=PresenceRow.sockets + change)
            )
            if not counted.rowcount and change > 0:  # type: ignore[attr-defined]
                session.add(
                    PresenceRow(process_id=process, game_id=game_id, seat=seat, sockets=change)
                )
            session.execute(delete(PresenceRow).where(at, PresenceRow.sockets <= 0))
