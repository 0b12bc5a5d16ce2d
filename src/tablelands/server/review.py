"""The analysis of a finished game, as ``tablelands analyze`` gives it for a record: every
decision weighed by the search standing in the shoes of the seat that made it (the move
played, the search's choice, the expected loss).

When a game ends, its analysis is worked out in the background, in a worker process of its
own, one game at a time and a few decisions per job (so a server that stops waits for one
job at most), and stored in the ``analyses`` table; the game's connections, on every
process, are then sent ``{"type": "analysis"}``. One process makes it: the one that holds
the lease ``analysis:GAME``, renewed while it works. A row is written ``pending`` before
the work starts, so an analysis a restart or a dead process cut short, or one a game never
got, is started again when a server starts or the lease runs out.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from fastapi import FastAPI, Request
from sqlalchemy import JSON, DateTime, ForeignKey, String, Text, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, mapped_column

from tablelands import analysis
from tablelands.agents.mcts import Budget
from tablelands.core.game import JsonDict
from tablelands.core.match import Setup
from tablelands.server.access import hub_of
from tablelands.server.db import OVER, Base, GameRow, now
from tablelands.server.errors import RefusedError
from tablelands.server.events import Event
from tablelands.server.hub import LEASE_SECONDS, Hub

log = logging.getLogger(__name__)

#: An analysis's statuses.
PENDING = "pending"
DONE = "done"
FAILED = "failed"


class AnalysisRow(Base):
    __tablename__ = "analyses"

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    status: Mapped[str] = mapped_column(String(16))
    #: The search's budget per decision (``0.2s``, ``500it``).
    budget: Mapped[str] = mapped_column(String(32))
    #: Once done: ``analysis.to_json`` (``decisions`` and ``players``).
    result: Mapped[Any] = mapped_column(JSON, nullable=True)
    #: Once failed: why.
    message: Mapped[str | None] = mapped_column(Text, nullable=True)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


#: The moves weighed per job in a worker.
MOVES_PER_JOB = 4


@dataclass(frozen=True, slots=True)
class AnalysisJob:
    """A finished game to analyse: its setup and effective actions, the search's budget,
    and the indexes of the actions to weigh in this job."""

    setup: Setup
    actions: tuple[int, ...]
    budget: Budget
    part: range


def weigh_part(job: AnalysisJob) -> list[analysis.Verdict]:
    """The verdicts on the job's part of the game (run in a worker). The search is seeded
    from the game's seed, public once the game is over, as ``tablelands analyze --seed``
    would be: an iterations budget gives the same analysis again."""
    return analysis.analyse(
        job.setup.start(), list(job.actions), job.budget, job.setup.seed, part=job.part
    )


class Reviews:
    """The analyses of one server's games."""

    def __init__(self, hub: Hub, budget: Budget, pool: Executor) -> None:
        self.hub = hub
        self.budget = budget
        #: The analyses' own worker process, below live play in priority.
        self._pool = pool
        self._tasks: dict[str, asyncio.Task[None]] = {}
        self._one_at_a_time = asyncio.Lock()
        hub.on_event.append(self._heard)
        hub.on_expired.append(self._expired)

    def start(self, game_id: str) -> None:
        """Analyse the game if it is over and has no analysis yet (a task per game)."""
        if game_id not in self._tasks:
            self._tasks[game_id] = asyncio.create_task(self._review(game_id))

    def _heard(self, event: Event) -> None:
        if event.kind == Event.MOVED and event.over:
            self.start(game_id=event.game)

    def _expired(self, kind: str, game_id: str) -> None:
        if kind == "analysis":
            self.start(game_id)

    @staticmethod
    def lease(game_id: str) -> str:
        return f"analysis:{game_id}"

    async def resume(self) -> None:
        """At start-up: every finished game without a finished analysis gets one."""
        for game_id in await self.hub.run(self._unfinished):
            self.start(game_id)

    def _unfinished(self) -> list[str]:
        with self.hub.store.session() as session:
            query = (
                select(GameRow.id)
                .outerjoin(AnalysisRow, AnalysisRow.game_id == GameRow.id)
                .where(GameRow.status == OVER)
                .where((AnalysisRow.status == PENDING) | AnalysisRow.status.is_(None))
                .order_by(GameRow.created_at)
            )
            return list(session.scalars(query).all())

    async def _review(self, game_id: str) -> None:
        lease = self.lease(game_id)
        store = self.hub.store
        try:
            async with self._one_at_a_time:
                if not await self.hub.query(store.claim, lease, self.hub.process, LEASE_SECONDS):
                    return  # another process makes it
                try:
                    job = await self.hub.run(self._claim, game_id)
                    if job is None:
                        return
                    try:
                        result: JsonDict = await self.hub.holding([lease], self._analyse(job))
                    except asyncio.CancelledError:
                        raise  # the server is stopping: the row stays pending, resumed later
                    except BrokenProcessPool:
                        # Its worker was killed (a Ctrl-C reaches the whole process group):
                        # not the game's fault, so it stays pending, taken up again later.
                        log.warning("the analysis of game %s was cut short", game_id)
                        return
                    except Exception as exc:
                        log.exception("the analysis of game %s failed", game_id)
                        await self.hub.run(self._store, game_id, FAILED, None, _why(exc))
                    else:
                        await self.hub.run(self._store, game_id, DONE, result, None)
                finally:
                    await self.hub.query(store.release, lease, self.hub.process)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("the analysis of game %s could not be started", game_id)
        finally:
            self._tasks.pop(game_id, None)

    async def _analyse(self, job: AnalysisJob) -> JsonDict:
        verdicts: list[analysis.Verdict] = []
        for first in range(0, len(job.actions), MOVES_PER_JOB):
            part = range(first, min(first + MOVES_PER_JOB, len(job.actions)))
            await self.hub.until_quiet()
            verdicts += await asyncio.get_running_loop().run_in_executor(
                self._pool, weigh_part, replace(job, part=part)
            )
        return analysis.to_json(verdicts, job.setup.players)

    def _claim(self, game_id: str) -> AnalysisJob | None:
        """The job for the game if it is over and not analysed yet (its row made pending)."""
        position = self.hub.referee.position(game_id)
        if not position.over:
            return None
        try:
            with self.hub.store.session() as session, session.begin():
                row = session.get(AnalysisRow, game_id)
                if row is not None and row.status != PENDING:
                    return None
                if row is None:
                    session.add(
                        AnalysisRow(
                            game_id=game_id,
                            status=PENDING,
                            budget=str(self.budget),
                            updated_at=now(),
                        )
                    )
        except IntegrityError:  # another request made the row first
            return None
        actions = tuple(position.actions)
        return AnalysisJob(position.setup, actions, self.budget, range(len(actions)))

    def _store(self, game_id: str, status: str, result: JsonDict | None, why: str | None) -> None:
        with self.hub.store.writing(Event(game_id, Event.ANALYSIS)) as session:
            row = session.get(AnalysisRow, game_id)
            assert row is not None, "an analysis is claimed before it is worked out"
            row.status, row.result, row.message, row.updated_at = status, result, why, now()
            row.budget = str(self.budget)

    def answer(self, game_id: str) -> JsonDict:
        """``GET /api/games/{id}/analysis``: pending, done (with the verdicts) or failed."""
        if self.hub.store.status(game_id) != OVER:
            raise RefusedError(
                "a game is analysed once it is over: the analysis weighs every seat's "
                "options, hidden hands included"
            )
        with self.hub.store.session() as session:
            row = session.get(AnalysisRow, game_id)
        if row is None or row.status == PENDING:
            return {"status": PENDING, "budget": str(self.budget)}
        if row.status == FAILED:
            return {"status": FAILED, "budget": row.budget, "message": row.message}
        return {"status": DONE, "budget": row.budget, **row.result}

    async def idle(self) -> None:
        """Wait until no analysis is running or about to (for tests and a clean shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks.values()), return_exceptions=True)

    async def close(self) -> None:
        tasks = list(self._tasks.values())
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


def _why(exc: Exception) -> str:
    return f"the search stopped: {exc}" if str(exc) else f"the search stopped: {type(exc).__name__}"


def reviews_of(request: Request) -> Reviews:
    reviews: Reviews = request.app.state.reviews
    return reviews


def add_review_routes(app: FastAPI) -> None:
    """``GET /api/games/{id}/analysis`` (docs/server.md)."""

    @app.get("/api/games/{game_id}/analysis")
    async def game_analysis(request: Request, game_id: str) -> JsonDict:
        hub = hub_of(request)
        reviews = reviews_of(request)
        answer = await hub.run(reviews.answer, game_id)
        if answer["status"] == PENDING:
            reviews.start(game_id)  # in case it was never started (nothing if it runs)
        return answer
