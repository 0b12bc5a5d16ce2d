"""Where a tournament's games are played: local processes (the default) or Ray tasks.

A backend plays chunks of games and yields each chunk's results as it finishes, in any
order (every game carries its index; its result does not depend on who played it). When
the caller stops early (Ctrl-C, or closing the iterator), the chunks not started are
dropped and those under way are let finish, so that nothing is left running.
"""

from __future__ import annotations

import logging
import os
import signal
from abc import ABC, abstractmethod
from collections.abc import Callable, Generator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, TypeVar

from tablelands.tournament.play import Job, Table, play_chunk
from tablelands.tournament.results import GameResult
from tablelands.tournament.schedule import TournamentError

BACKENDS = ("local", "ray")


class Backend(ABC):
    """Plays chunks of games with ``workers`` workers."""

    workers: int

    @abstractmethod
    def run(self, table: Table, chunks: Sequence[list[Job]]) -> Generator[list[GameResult]]:
        """Each chunk's results, as chunks finish."""

    @abstractmethod
    def close(self) -> None:
        """Release what the backend holds (a Ray cluster it started)."""

    def __enter__(self) -> Backend:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()


def make_backend(name: str, workers: int, address: str | None = None) -> Backend:
    if name == "local":
        if address is not None:
            raise TournamentError("--address is for the ray backend")
        return LocalBackend(workers)
    if name == "ray":
        return RayBackend(workers, address)
    raise TournamentError(f"backend {name!r}: use one of {', '.join(BACKENDS)}")


# The table a local worker process plays, sent once when the process starts.
_TABLE: Table | None = None


def _start_worker(table: Table) -> None:
    global _TABLE  # noqa: PLW0603 (a worker process's one table)
    _TABLE = table
    # Ctrl-C is the parent's to handle: it stops handing out chunks and lets these finish.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _play_in_worker(jobs: list[Job]) -> list[GameResult]:
    assert _TABLE is not None, "a worker plays only after _start_worker"
    return play_chunk(_TABLE, jobs)


#: A backend's handle of a chunk under way: a future, a Ray object ref.
H = TypeVar("H")


def _in_flight(
    chunks: Sequence[list[Job]],
    window: int,
    submit: Callable[[list[Job]], H],
    first_done: Callable[[list[H]], tuple[list[H], list[H]]],
    result: Callable[[H], list[GameResult]],
) -> Generator[list[GameResult]]:
    """The chunks' results as they finish, with at most ``window`` chunks handed out at
    once. On Ctrl-C nothing more is handed
    out, and the chunks under way are waited for and given before the interrupt goes on."""
    queue = iter(chunks)
    pending: list[H] = []

    def fill() -> None:
        while len(pending) < window and (jobs := next(queue, None)) is not None:
            pending.append(submit(jobs))

    fill()
    try:
        while pending:
            finished, pending[:] = first_done(pending)
            for handle in finished:
                yield result(handle)
            fill()
    except KeyboardInterrupt:
        for handle in pending:
            try:
                done = result(handle)
            except Exception:  # a chunk the interrupt reached too: played again on resuming
                continue
            yield done
        raise


class LocalBackend(Backend):
    """Processes on this machine (one worker plays in this process)."""

    def __init__(self, workers: int) -> None:
        if workers < 1:
            raise TournamentError(f"{workers} workers: use at least one")
        self.workers = workers

    def run(self, table: Table, chunks: Sequence[list[Job]]) -> Generator[list[GameResult]]:
        if self.workers == 1:
            for jobs in chunks:
                yield play_chunk(table, jobs)
            return
        # A pool per run: its workers are started with this run's table.
        pool = ProcessPoolExecutor(self.workers, initializer=_start_worker, initargs=(table,))

        def first_done(
            pending: list[Future[list[GameResult]]],
        ) -> tuple[list[Future[list[GameResult]]], list[Future[list[GameResult]]]]:
            finished, rest = wait(pending, return_when=FIRST_COMPLETED)
            return list(finished), list(rest)

        try:
            # One chunk waiting beside each worker's keeps them busy; more would only be
            # more to wait for on Ctrl-C (a pool cannot take back a chunk it queued).
            yield from _in_flight(
                chunks,
                self.workers + 1,
                lambda jobs: pool.submit(_play_in_worker, jobs),
                first_done,
                lambda future: future.result(),
            )
        finally:
            pool.shutdown(wait=True, cancel_futures=True)

    def close(self) -> None:
        """Nothing to release: each run's pool is shut down when the run ends."""


class RayBackend(Backend):
    """Ray tasks, on the cluster at ``address`` (or ``RAY_ADDRESS``), else on a local Ray
    of ``workers`` CPUs started here and stopped by :meth:`close`."""

    def __init__(self, workers: int, address: str | None = None) -> None:
        try:
            import ray as ray_module
        except ImportError:
            raise TournamentError(
                "the ray backend needs Ray: pip install 'tablelands[ray]'"
            ) from None
        # Ray's annotations are partial: it is used as untyped.
        ray: Any = ray_module
        self._ray = ray
        address = address or os.environ.get("RAY_ADDRESS") or None
        self._started = not ray.is_initialized()
        if self._started:
            if address is None:
                ray.init(num_cpus=workers, include_dashboard=False, logging_level=logging.WARNING)
            else:
                ray.init(address=address, logging_level=logging.WARNING)
        # On a cluster, as many chunks in flight as it has CPUs keeps them all busy.
        cpus = int(ray.cluster_resources().get("CPU", workers))
        self.workers = workers if address is None else max(workers, cpus)
        self._task = ray.remote(num_cpus=1)(play_chunk)

    def run(self, table: Table, chunks: Sequence[list[Job]]) -> Generator[list[GameResult]]:
        ray = self._ray
        shared = ray.put(table)  # once, not with every chunk
        # Two chunks a CPU: a task's round trip to a cluster is longer than a local one's.
        yield from _in_flight(
            chunks,
            2 * self.workers,
            lambda jobs: self._task.remote(shared, jobs),
            lambda pending: ray.wait(pending, num_returns=1),
            ray.get,
        )

    def close(self) -> None:
        if self._started:
            self._ray.shutdown()
