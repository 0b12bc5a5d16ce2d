"""Bots play in worker processes, so that a search never holds up the event loop.

A worker is sent what rebuilds the position (the game's setup and its effective actions)
and the bot's spec, and answers with an action; the server then plays it through the same
referee path as a person's move, against the seq it was asked at.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from tablelands.agents import make_agent
from tablelands.core.match import Setup
from tablelands.core.view import SeatView

#: Bot decisions made at once, one process each.
DEFAULT_WORKERS = 2
#: Where the system has no idle class of processes: how much lower than live play the
#: background work runs.
BACKGROUND_NICENESS = 19


@dataclass(frozen=True, slots=True)
class BotJob:
    """One decision for a bot: the game so far, whose seat, with which agent."""

    game_id: str
    setup: Setup
    actions: tuple[int, ...]
    seat: int
    spec: str
    agent_seed: int
    #: The seq of the position asked about: the bot's move is played against it.
    seq: int

    @property
    def lease(self) -> str:
        """The lease of this decision: one process of the server makes it."""
        return f"bot:{self.game_id}:{self.seq}"


def choose(job: BotJob) -> int:
    """The bot's action (run in a worker): the position rebuilt from the job, the agent
    given only its seat's view of it."""
    state = job.setup.replay(job.actions)
    agent = make_agent(job.spec, job.agent_seed)
    try:
        return agent.choose(SeatView(state, job.seat))
    finally:
        agent.close()


def bot_pool(workers: int = DEFAULT_WORKERS, background: bool = False) -> ProcessPoolExecutor:
    """Worker processes for searches (the bots', hints, analyses). Background ones (the
    analyses of finished games) run only on what live play leaves of the machine: on a busy
    server the moves and bots of the games going on come first. Started with ``spawn``: the
    server runs threads, and a forked copy of a threaded process can inherit a lock some
    thread held."""
    if workers < 1:
        raise ValueError(f"bots need at least 1 worker process, not {workers}")
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_in_background if background else None,
    )


def _in_background() -> None:
    if hasattr(os, "sched_setscheduler") and hasattr(os, "SCHED_IDLE"):
        os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    else:
        os.nice(BACKGROUND_NICENESS)
