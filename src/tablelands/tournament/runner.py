"""Running a tournament into a results file: what is there already is not played again,
and what finishes is stored chunk by chunk, so an interrupted tournament resumes where it
stopped."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tablelands.core.files import check_output_file
from tablelands.core.game import Edition, Game
from tablelands.tournament.backends import Backend
from tablelands.tournament.play import Job, Table
from tablelands.tournament.results import GameResult, ResultsError, ResultsFile
from tablelands.tournament.schedule import Spec

#: The most games in one task: enough that a task's overhead is small, few enough that
#: the last tasks leave no worker idle for long and results reach the file often.
MAX_CHUNK = 16


def open_results(path: Path) -> ResultsFile:
    """The results file at ``path``, checked writable before any game is played."""
    check_output_file(path, ResultsError)
    if path.exists() and not os.access(path, os.W_OK):
        raise ResultsError(f"{path}: not writable")
    path.parent.mkdir(parents=True, exist_ok=True)
    return ResultsFile(path)


def chunks_of(jobs: list[Job], workers: int) -> list[list[Job]]:
    """``jobs`` in chunks of at most :data:`MAX_CHUNK`, about four per worker for short
    tournaments so that every worker has some."""
    size = max(1, min(MAX_CHUNK, -(-len(jobs) // (workers * 4))))
    return [jobs[start : start + size] for start in range(0, len(jobs), size)]


def pending_jobs(spec: Spec, done: set[int]) -> list[Job]:
    pairings = spec.pairings()
    return [
        Job(index, spec.seed_of(index), tuple(spec.seats(index, pairings)))
        for index in range(spec.total)
        if index not in done
    ]


def run_tournament(
    spec: Spec,
    game: Game[Any],
    edition: Edition,
    results: ResultsFile,
    backend: Backend,
    on_results: Callable[[list[GameResult]], None] | None = None,
) -> None:
    """Play the games of ``spec`` not yet in ``results``, storing each chunk as it
    finishes; ``on_results`` is told of each. Ctrl-C (``KeyboardInterrupt``) stops the
    backend and propagates, with every finished chunk stored."""
    results.register(spec.key, spec.to_json())
    jobs = pending_jobs(spec, results.done(spec.key))
    if not jobs:
        return
    table = Table.of(spec, game, edition)
    finished = backend.run(table, chunks_of(jobs, backend.workers))
    try:
        for chunk in finished:
            results.append(chunk)
            if on_results is not None:
                on_results(chunk)
    finally:
        finished.close()  # stops the backend now, whether the loop ended or was interrupted
