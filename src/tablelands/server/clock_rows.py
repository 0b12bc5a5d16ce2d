"""The store's rows of clocks (``Store`` inherits them): the move times a clock is read
from, the stand-ins of seats out of time, and when each game's running seat runs out."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import datetime

from sqlalchemy import Engine, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from tablelands.server.clocks import Timing
from tablelands.server.db import PLAYING, GameRow, MoveRow, StandInRow, aware
from tablelands.server.events import Event


class ClockRows:
    """The clocks' part of :class:`~tablelands.server.store.Store`."""

    engine: Engine
    now: Callable[[], datetime]
    writing: Callable[..., AbstractContextManager[Session]]

    def timings(self, game_id: str) -> list[Timing]:
        """Each of the game's move rows as its clock reads it, in order."""
        query = (
            select(MoveRow.seat, MoveRow.kind, MoveRow.created_at)
            .where(MoveRow.game_id == game_id)
            .order_by(MoveRow.seq)
        )
        with self.engine.connect() as connection:
            return [
                Timing(seat, kind == "play", aware(at))
                for seat, kind, at in connection.execute(query)
            ]

    def stand_ins(self, game_id: str) -> frozenset[int]:
        """The seats a stand-in plays now."""
        query = select(StandInRow.seat).where(
            StandInRow.game_id == game_id, StandInRow.ended_at.is_(None)
        )
        with self.engine.connect() as connection:
            return frozenset(connection.scalars(query))

    def add_stand_in(self, game_id: str, seat: int, seq: int) -> bool:
        """A stand-in plays ``seat`` from position ``seq`` on, everyone told; False when
        another process put it there first, or the game has moved on from ``seq``."""
        try:
            with self.writing(Event(game_id, Event.CLOCK)) as session:
                last = session.scalar(
                    select(func.max(MoveRow.seq)).where(MoveRow.game_id == game_id)
                )
                if (last or 0) != seq:
                    return False
                session.add(StandInRow(game_id=game_id, seat=seat, seq=seq, started_at=self.now()))
                session.execute(
                    update(GameRow)
                    .where(GameRow.id == game_id)
                    .values(deadline_at=None, touched_at=self.now())
                )
        except IntegrityError:
            return False
        return True

    def end_stand_in(self, game_id: str, seat: int) -> bool:
        """The seat's person plays it again; whether a stand-in was playing it."""
        with self.writing(Event(game_id, Event.CLOCK)) as session:
            last = session.scalar(select(func.max(MoveRow.seq)).where(MoveRow.game_id == game_id))
            query = (
                update(StandInRow)
                .where(
                    StandInRow.game_id == game_id,
                    StandInRow.seat == seat,
                    StandInRow.ended_at.is_(None),
                )
                .values(ended_at=self.now(), ended_seq=last or 0)
            )
            ended = bool(session.execute(query).rowcount)  # type: ignore[attr-defined]
            # Its clock runs again: the sweep reads it anew.
            session.execute(
                update(GameRow).where(GameRow.id == game_id).values(deadline_at=self.now())
            )
        return ended

    def stand_in_history(self, game_id: str) -> list[tuple[int, int, int | None]]:
        """Every stand-in the game had: its seat, the position it began at and the one its
        person came back at (``None``: it plays still), in order."""
        query = (
            select(StandInRow.seat, StandInRow.seq, StandInRow.ended_seq)
            .where(StandInRow.game_id == game_id)
            .order_by(StandInRow.seq, StandInRow.seat)
        )
        with self.engine.connect() as connection:
            return [(seat, seq, ended) for seat, seq, ended in connection.execute(query)]

    def set_deadline(self, game_id: str, deadline: datetime | None) -> None:
        """When the time of the game's seat to move runs out (``None``: no time runs)."""
        with self.writing() as session:
            session.execute(
                update(GameRow).where(GameRow.id == game_id).values(deadline_at=deadline)
            )

    def past_deadline(self) -> list[str]:
        """The games still playing whose running seat's time has run out, as last worked
        out (each one's clock is read again from its moves before anything is done)."""
        query = select(GameRow.id).where(
            GameRow.status == PLAYING, GameRow.deadline_at <= self.now()
        )
        with self.engine.connect() as connection:
            return list(connection.scalars(query.order_by(GameRow.deadline_at)))
