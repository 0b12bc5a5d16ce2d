"""Bots play in worker processes, so that a search never holds up the event loop.

A worker is sent what rebuilds the position (the game's setup and its effective actions)
and the bot's spec, and answers with an action; the server then plays it through the same
referee path as a person's move, against the seq it was asked at.
"""

from __future__ import annotations

import contextlib
import ctypes
import multiprocessing
import os
import signal
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from tablelands.agents import make_agent
from tablelands.core.match import Setup
from tablelands.core.view import SeatView

#: Bot decisions made at once, one process each.
DEFAULT_WORKERS = 2
#: How much lower than live play the background work runs: a tenth of the share of a core
#: that a process of normal priority competing with it gets. At 19 (1.5%) an analysis
#: beside two CPU-bound neighbours took minutes just to start its process; Linux's idle
#: class gives it nothing at all.
BACKGROUND_NICENESS = 10
#: prctl's option that has the kernel signal a process when its parent dies.
PR_SET_PDEATHSIG = 1
#: How often a worker looks whether the server that started it is still there.
PARENT_CHECK_SECONDS = 0.5


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
    thread held. Each worker ends as soon as the server process does, however it ends."""
    if workers < 1:
        raise ValueError(f"bots need at least 1 worker process, not {workers}")
    return ProcessPoolExecutor(
        workers,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=_start_worker,
        initargs=(os.getpid(), background),
    )


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """End a pool's workers now, whatever they are doing (a search of minutes included):
    what they were asked is cut short, and asked again by whoever needs it."""
    processes = list(getattr(pool, "_processes", None) or {})
    pool.shutdown(wait=False, cancel_futures=True)
    for pid in processes:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    pool.shutdown(wait=True)


def _start_worker(server: int, background: bool) -> None:
    if sys.platform == "linux":
        # The kernel ends the worker when the server process dies, kill -9 included.
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() != server:  # the server died before the line above took effect
        os._exit(1)
    # Elsewhere (and should the server's thread that started the worker end first, which
    # also fires the signal): a watch on the parent.
    threading.Thread(target=_watch_parent, args=(server,), daemon=True).start()
    if background:
        _in_background()


def _watch_parent(server: int) -> None:
    while os.getppid() == server:
        time.sleep(PARENT_CHECK_SECONDS)
    os._exit(1)


def _in_background() -> None:
    os.nice(BACKGROUND_NICENESS)
