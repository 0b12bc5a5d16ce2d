"""Background work (the analyses of finished games) gives way to live play: while the
referee's thread is busy more than half of its time, each piece of it waits (a minute at
most, so it is late, never lost), whatever the workers' priority."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace
from typing import Any, cast

import pytest

from tablelands.agents.mcts import Budget
from tablelands.core.match import Setup
from tablelands.games import get_game
from tablelands.server import hub as hub_module
from tablelands.server.events import Publisher
from tablelands.server.hub import BUSY_SHARE, Hub
from tablelands.server.referee import Referee
from tablelands.server.review import AnalysisJob, Reviews
from tablelands.server.scheduler import Scheduler
from tests.server.test_bot_wakeups import run_apart


class Clock:
    """The hub's clock, moved on by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now

    def perf_counter(self) -> float:
        return self.now


def make_hub(monkeypatch: pytest.MonkeyPatch) -> tuple[Hub, Clock]:
    clock = Clock()
    monkeypatch.setattr(hub_module, "time", clock)
    referee = SimpleNamespace(store=None, limits=None)
    publisher = SimpleNamespace(process="p", shared=False, handlers=[], own=[])
    hub = Hub(cast(Referee, referee), cast(Publisher, publisher), cast(Scheduler, None))
    return hub, clock


def test_the_load_is_the_share_of_the_last_second_the_referee_worked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hub, clock = make_hub(monkeypatch)

    def work(seconds: float) -> None:
        clock.now += seconds

    hub._timed(work, (0.7,))
    clock.now += 0.3
    assert hub.load() == pytest.approx(0.7)
    clock.now += 0.5
    assert hub.load() == pytest.approx(0.7), "measured anew only once a second has passed"
    hub._timed(work, (0.1,))
    clock.now += 0.4
    assert hub.load() == pytest.approx(0.1)


def test_background_work_waits_while_the_referee_is_busy_and_at_most_a_minute(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    hub, clock = make_hub(monkeypatch)
    monkeypatch.setattr(hub_module, "LOAD_SECONDS", 0.0)  # each wait a mere yield
    looks: list[float] = []

    def busy_twice() -> float:
        looks.append(clock.now)
        return [0.9, 0.8, BUSY_SHARE - 0.1][len(looks) - 1]

    monkeypatch.setattr(hub, "load", busy_twice)
    run_apart(hub.until_quiet)
    assert len(looks) == 3, "it went on as soon as the referee was quiet"

    def always_busy() -> float:
        clock.now += 1.0  # a second between looks
        return 1.0

    monkeypatch.setattr(hub, "load", always_busy)
    started = clock.now
    run_apart(hub.until_quiet)
    assert clock.now - started == pytest.approx(hub_module.LONGEST_WAIT_SECONDS)


def test_an_analysis_asks_the_hub_before_each_piece(monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    submitted: list[range] = []

    class FakeHub:
        def __init__(self) -> None:
            self.on_event: list[Any] = []
            self.on_expired: list[Any] = []

        async def until_quiet(self) -> None:
            asked.append("quiet?")

    def weigh(job: AnalysisJob) -> list[Any]:
        submitted.append(job.part)
        assert len(asked) == len(submitted), "a piece went to the worker unasked"
        return []

    monkeypatch.setattr("tablelands.server.review.weigh_part", weigh)
    setup = Setup.checked(get_game("confusing-lands"), players=1, seed=3)
    job = AnalysisJob(setup, tuple(range(10)), Budget(iterations=5), range(10))

    async def scenario() -> None:
        with ThreadPoolExecutor(1) as pool:
            reviews = Reviews(cast(Hub, FakeHub()), job.budget, pool)
            await reviews._analyse(job)

    run_apart(scenario)
    assert [len(part) for part in submitted] == [4, 4, 2]
    assert len(asked) == 3
