"""Handing out chunks: never more than the window at once, and on Ctrl-C the chunks under
way are still given (to be stored) before the interrupt goes on, and no more are started."""

from __future__ import annotations

import pytest

from tablelands.tournament.backends import _in_flight
from tablelands.tournament.play import Job, Table, play
from tablelands.tournament.results import GameResult
from tests.tournament.helpers import GAME, SPEC

TABLE = Table.of(SPEC, GAME, GAME.default_edition())


def chunk(index: int) -> list[Job]:
    return [Job(index, index, ("random", "random"))]


def test_ctrl_c_keeps_the_chunks_under_way_and_starts_no_more() -> None:
    submitted: list[int] = []
    waits = 0

    def submit(jobs: list[Job]) -> int:
        submitted.append(jobs[0].index)
        return jobs[0].index

    def first_done(pending: list[int]) -> tuple[list[int], list[int]]:
        nonlocal waits
        waits += 1
        if waits == 2:
            raise KeyboardInterrupt  # Ctrl-C while waiting for the second chunk
        return pending[:1], pending[1:]

    def result(handle: int) -> list[GameResult]:
        if handle == 2:
            raise RuntimeError("the interrupt reached this chunk's worker too")
        return [play(TABLE, chunk(handle)[0])]

    given: list[int] = []
    with pytest.raises(KeyboardInterrupt):
        for results in _in_flight([chunk(i) for i in range(10)], 3, submit, first_done, result):
            given += [r.index for r in results]
    assert submitted == [0, 1, 2, 3]  # three at once, one more when the first finished
    assert given == [0, 1, 3]  # the first, then those under way but the one that failed
