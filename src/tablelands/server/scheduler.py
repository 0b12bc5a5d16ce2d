"""Search work (bots' decisions, hints) shared fairly between games.

Work goes to one of two lanes, each with its own worker processes: the **quick** lane for
bots that do not search (``random``, ``greedy``) and searches of a fraction of a second, the
**search** lane for the rest. So no game's long search delays another game's cheap move.
In a lane, the games take turns: when a worker is free, the next game in the rotation gets
it, however many jobs another game has waiting. Work cut short by the server's stop is
asked again after the restart.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import Callable
from typing import TypeVar

from tablelands.agents import parse_spec
from tablelands.agents.mcts import Budget
from tablelands.server.bots import bot_pool, stop_pool

T = TypeVar("T")
J = TypeVar("J")

QUICK = "quick"
SEARCH = "search"
#: The longest search that still goes to the quick lane.
QUICK_SECONDS = 0.25
QUICK_ITERATIONS = 300


def lane_of_budget(budget: Budget | None) -> str:
    """The lane of a search of ``budget`` (``None``: no search)."""
    if budget is None:
        return QUICK
    if budget.seconds is not None:
        return QUICK if budget.seconds <= QUICK_SECONDS else SEARCH
    return QUICK if (budget.iterations or 0) <= QUICK_ITERATIONS else SEARCH


def lane_of_spec(spec: str) -> str:
    return lane_of_budget(parse_spec(spec).budget)


class Lane:
    """Worker processes and the games waiting for them, served in turn."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        self.pool = bot_pool(workers)
        self._free = workers
        #: Per game (in the order they are served), its jobs waiting for a worker.
        self._waiting: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()

    @property
    def waiting(self) -> int:
        return sum(len(queue) for queue in self._waiting.values())

    async def run(self, key: str, work: Callable[[J], T], job: J) -> T:
        await self._worker(key)
        try:
            return await asyncio.get_running_loop().run_in_executor(self.pool, work, job)
        finally:
            self._release()

    async def _worker(self, key: str) -> None:
        if self._free > 0 and not self._waiting:
            self._free -= 1
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(key, deque()).append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():
                self._release()  # given a worker as it was cancelled: pass it on
            else:
                self._forget(key, turn)
            raise

    def _forget(self, key: str, turn: asyncio.Future[None]) -> None:
        queue = self._waiting.get(key)
        if queue is not None and turn in queue:
            queue.remove(turn)
            if not queue:
                del self._waiting[key]

    def _release(self) -> None:
        """A worker is free: the next game in turn gets it."""
        while self._waiting:
            key, queue = next(iter(self._waiting.items()))
            turn = queue.popleft()
            if queue:
                self._waiting.move_to_end(key)
            else:
                del self._waiting[key]
            if not turn.done():
                turn.set_result(None)
                return
        self._free += 1


class Scheduler:
    """The lanes of one server process."""

    def __init__(self, search_workers: int, quick_workers: int = 1) -> None:
        self.lanes = {QUICK: Lane(quick_workers), SEARCH: Lane(search_workers)}

    async def run(self, lane: str, key: str, work: Callable[[J], T], job: J) -> T:
        """``work(job)`` in a worker of ``lane``, when it is game ``key``'s turn."""
        return await self.lanes[lane].run(key, work, job)

    def alive(self) -> bool:
        """Whether every lane's workers can take work."""
        return not any(getattr(lane.pool, "_broken", False) for lane in self.lanes.values())

    def stop(self) -> None:
        """End every worker now (a stopping server does not wait for a search)."""
        for lane in self.lanes.values():
            stop_pool(lane.pool)
