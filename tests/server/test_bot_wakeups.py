"""A game's bots are woken by every move; a move that comes while their task is reading the
position (and finds no bot to move), or while it asks for a decision's lease that another
process holds, is not lost: the task reads it again before it stops."""

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
    publisher = SimpleNamespace(process="p", shared=False, handlers=[], own=[])

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
    publisher = SimpleNamespace(process="p", shared=False, handlers=[], own=[])

    async def scenario() -> None:
        hub = Hub(cast(Referee, referee), cast(Publisher, publisher), cast(Scheduler, None))
        hub.wake_bots("g")
        async with asyncio.timeout(30):
            while hub.bots_awake("g"):
                await asyncio.sleep(0.01)

    run_apart(scenario)
    assert referee.looks == 1


class HeldLeaseReferee:
    """A referee whose game always has a bot to move at the position's seq (the number of
    looks so far), in a store where another process holds the first decision's lease: the
    first claim is held until the test lets it go, and the second decision's lease is free
    (the process holding the first died after its move, before it claimed the next)."""

    def __init__(self) -> None:
        self.limits = Limits()
        self.looks = 0
        #: Set once the bot has played: the game then has no bot to move.
        self.over = False
        self.claims: list[str] = []
        self.claiming = threading.Event()
        self.go_on = threading.Event()
        self.store = SimpleNamespace(
            known_setup=lambda game_id: None,
            idle=lambda game_id, seconds: False,
            claim=self.claim,
            last_seq=lambda game_id: self.looks,
            release=lambda key, owner: None,
            renew=lambda keys, owner, seconds: None,
        )

    def bot_job(self, game_id: str) -> Any:
        if self.over:
            return None
        self.looks += 1
        return SimpleNamespace(
            game_id=game_id, seq=self.looks, seat=1, spec="random", lease=f"bot:{self.looks}"
        )

    def claim(self, key: str, owner: str, seconds: float) -> bool:
        self.claims.append(key)
        if key == "bot:1":
            self.claiming.set()
            assert self.go_on.wait(30), "the test never let the first claim go on"
            return False  # held by the other process
        return True


def test_a_move_made_while_a_held_lease_is_asked_for_is_seen() -> None:
    referee = HeldLeaseReferee()
    publisher = SimpleNamespace(process="p", shared=True, handlers=[], own=[])
    played: list[int] = []

    async def scenario() -> None:
        hub = Hub(cast(Referee, referee), cast(Publisher, publisher), cast(Scheduler, None))

        async def think(lane: str, game_id: str, work: Any, job: Any) -> int:
            played.append(job.seq)
            return 0

        async def play(*args: Any) -> None:
            referee.over = True

        hub.compute = think  # type: ignore[method-assign]
        hub.play = play  # type: ignore[method-assign]
        hub.wake_bots("g")
        assert await asyncio.to_thread(referee.claiming.wait, 30)
        hub.wake_bots("g")  # the other process's move, told while the lease is asked for
        referee.go_on.set()
        async with asyncio.timeout(10):
            while hub.bots_awake("g"):
                await asyncio.sleep(0.01)

    run_apart(scenario)
    assert referee.claims[:2] == ["bot:1", "bot:2"]
    assert played == [2]
