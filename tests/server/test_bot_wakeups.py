"""A game's bots are woken by every move; a move that comes while their task is reading the
position (and finds no bot to move) is not lost: the task reads it again before it stops."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from types import SimpleNamespace
from typing import Any, cast

from tablelands.server.events import Publisher
from tablelands.server.hub import Hub
from tablelands.server.referee import Referee
from tablelands.server.scheduler import Scheduler
from tablelands.server.settings import Limits


def run_apart(scenario: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """Run `scenario` in an event loop of its own thread (the test's thread may hold one,
    as a browser test's does)."""
    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as exc:  # handed to the test's thread
            failed.append(exc)

    thread = threading.Thread(target=run)
    thread.start()
    thread.join(60)
    assert not thread.is_alive(), "the scenario did not end in 60 s"
    if failed:
        raise failed[0]


class SlowReferee:
    """A referee whose first look at the game is held until the test lets it go, and which
    never finds a bot to move (so each look ends the task, unless it is woken again)."""

    def __init__(self) -> None:
        self.store = SimpleNamespace(known_setup=lambda game_id: None)
        self.limits = Limits()
        self.looks = 0
        self.reading = threading.Event()
        self.go_on = threading.Event()

    def bot_job(self, game_id: str) -> Any:
        self.looks += 1
        if self.looks == 1:
            self.reading.set()
            assert self.go_on.wait(30), "the test never let the first look go on"
        return None


def test_a_move_made_while_the_bots_look_at_the_game_is_seen() -> None:
    referee = SlowReferee()
    publisher = SimpleNamespace(process="p", shared=False, handlers=[])

    async def scenario() -> None:
        hub = Hub(cast(Referee, referee), cast(Publisher, publisher), cast(Scheduler, None))
        hub.wake_bots("g")
        assert await asyncio.to_thread(referee.reading.wait, 30)
        hub.wake_bots("g")  # a move stored while the first look is under way
        referee.go_on.set()
        async with asyncio.timeout(30):
            while hub.bots_awake("g"):
                await asyncio.sleep(0.01)

    run_apart(scenario)
    assert referee.looks == 2


def test_bots_with_nothing_to_do_look_once() -> None:
    referee = SlowReferee()
    referee.go_on.set()
    publisher = SimpleNamespace(process="p", shared=False, handlers=[])

    async def scenario() -> None:
        hub = Hub(cast(Referee, referee), cast(Publisher, publisher), cast(Scheduler, None))
        hub.wake_bots("g")
        async with asyncio.timeout(30):
            while hub.bots_awake("g"):
                await asyncio.sleep(0.01)

    run_apart(scenario)
    assert referee.looks == 1
