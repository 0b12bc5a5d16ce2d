"""The web app under load: 200 games at once, every seat played over its own WebSocket.

A load client plays both seats of 200 two-player games (the three titles in turn) against
`tablelands serve` on loopback, each seat a socket choosing a random legal action from the
views it is sent, and a finished game making way for a new one of the same title. It times
the move round trip (a move sent -> the mover's socket has the view at the new seq) with
each seat thinking about PACE seconds before it moves, then counts the moves the server
sustains with every seat moving as soon as it may. docs/benchmarks.md says why this pace.

    python benchmarks/bench_server.py [--games 200] [--pace 5] [--seconds 30]
        [--db sqlite|postgresql] [--processes N] [--scaling]

``--scaling`` runs it on PostgreSQL with one process and then with two, over the same
load, and sets the two flat-out figures side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import json
import os
import random
import re
import statistics
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import orjson
import uvloop
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosedError

sys.path.insert(0, str(Path(__file__).parent))

from common import report
from postgres import throwaway_postgres
from serving import Server, running_server

TITLES = ("confusing-lands", "land-vs-sea", "drifting-lands")
GAMES = 200
#: A seat's time to think in the paced run, on average (docs/benchmarks.md: why).
PACE = 5.0
PACED_SECONDS = 30.0
FLAT_OUT_SECONDS = 15.0
#: Once every table is seated, the first views go out before anything is counted.
WARM_UP_SECONDS = 3.0
ROUND_TRIP_TARGET_MS = 50.0
#: Two processes over one, flat out, on PostgreSQL.
SCALING_TARGET = 1.7
#: Flat out with two processes on PostgreSQL.
TWO_PROCESSES_TARGET = 300.0
#: Games made and sockets opened at once while the tables fill.
OPENING_AT_ONCE = 16
#: How often the responsiveness probe asks for a game's summary over REST.
PROBE_EVERY = 0.25


@dataclass
class Window:
    """What was measured while one phase was being counted."""

    round_trips_ms: list[float] = field(default_factory=list)
    probes_ms: list[float] = field(default_factory=list)
    started: float = 0.0
    ended: float = 0.0

    @property
    def seconds(self) -> float:
        return (self.ended or time.perf_counter()) - self.started


@dataclass
class Load:
    """What every table reads: the pace (``None``: flat out) and the window counting."""

    pace: float | None
    opening: asyncio.Semaphore
    window: Window | None = None
    refusals: list[str] = field(default_factory=list)
    games_done: int = 0
    #: Games given up: what went wrong in each (the server's fault, not the client's).
    broken: list[str] = field(default_factory=list)
    #: Tables whose first game has both its sockets open.
    seated: int = 0

    def count(self, started: float) -> None:
        if self.window is not None:
            self.window.round_trips_ms.append(1000 * (time.perf_counter() - started))


class BrokenGameError(Exception):
    """A game the server cannot go on with."""


class Table:
    """One of the 200 places a game is played at, one game after another."""

    def __init__(self, load: Load, server: Server, http: httpx.AsyncClient, title: str) -> None:
        self.load = load
        self.server = server
        self.http = http
        self.title = title
        self.rng = random.Random(f"{title}:{id(self)}")
        self.seated = False

    async def run(self) -> None:
        while True:
            async with self.load.opening:
                made = await self.http.post(
                    "/api/games",
                    json={"game": self.title, "seats": [{"kind": "friend"}, {"kind": "friend"}]},
                )
                made.raise_for_status()
                game_id = made.json()["game"]["id"]
                tokens = [seat["token"] for seat in made.json()["seats"]]
                sockets = [
                    await self.hello(
                        await connect(
                            f"{self.server.ws_url}/ws/games/{game_id}",
                            max_size=2**24,
                            ping_interval=None,
                        ),
                        token,
                    )
                    for token in tokens
                ]
            if not self.seated:
                self.seated = True
                self.load.seated += 1
            try:
                await asyncio.gather(*(self.seat(socket) for socket in sockets))
                self.load.games_done += 1
            except BrokenGameError as exc:
                # A game that cannot go on makes way for a new one: told at the end.
                self.load.broken.append(f"{self.title} game {game_id}: {exc}")
            except ConnectionClosedError as exc:
                self.load.broken.append(f"{self.title} game {game_id}: socket dropped ({exc})")
            finally:
                for socket in sockets:
                    await socket.close()

    @staticmethod
    async def hello(socket: ClientConnection, token: str) -> ClientConnection:
        """The socket, once it has said whose seat it is (its first message)."""
        await socket.send(json.dumps({"type": "hello", "token": token}))
        return socket

    async def seat(self, socket: ClientConnection) -> None:
        """Play one seat until the game is over: a random legal action whenever its view
        says it is to act, at the table's pace."""
        moved_at = -1
        sent: float | None = None
        async for text in socket:
            # orjson: the client's share of the two cores is mostly reading views.
            message: dict[str, Any] = orjson.loads(text)
            if message["type"] == "refused":
                self.load.refusals.append(message["message"])
                return
            if message["type"] != "view":
                continue
            if sent is not None and message["seq"] > moved_at:
                self.load.count(sent)
                sent = None
            if message["is_over"]:
                return
            if message["to_act"] and message["seq"] > moved_at:
                if not message["legal_actions"]:
                    raise BrokenGameError(
                        f"seat {message['seat'] + 1} is to act at seq {message['seq']} "
                        "with no legal action"
                    )
                await self._wait_turn()
                action = self.rng.choice(message["legal_actions"])["id"]
                moved_at, sent = message["seq"], time.perf_counter()
                await socket.send(
                    json.dumps({"type": "move", "seq": moved_at, "action_id": action})
                )

    async def _wait_turn(self) -> None:
        """A person's time to think, from the view that says it is their turn: random
        around the pace, so that the games never fall into step with one another."""
        if self.load.pace is not None:
            await asyncio.sleep(self.rng.uniform(0.5, 1.5) * self.load.pace)


async def probe(load: Load, http: httpx.AsyncClient, game_id: str) -> None:
    """Ask for a game's summary now and then: a server whose event loop is held up by the
    sockets answers late."""
    while True:
        started = time.perf_counter()
        (await http.get(f"/api/games/{game_id}")).raise_for_status()
        if load.window is not None:
            load.window.probes_ms.append(1000 * (time.perf_counter() - started))
        await asyncio.sleep(PROBE_EVERY)


async def measure(load: Load, seconds: float) -> Window:
    window = Window(started=time.perf_counter())
    load.window = window
    await asyncio.sleep(seconds)
    window.ended = time.perf_counter()
    load.window = None
    return window


async def drive(server: Server, games: int, pace: float, seconds: float) -> tuple[Window, Window]:
    """The paced window, then the flat-out one, over the same tables."""
    load = Load(pace=pace, opening=asyncio.Semaphore(OPENING_AT_ONCE))
    limits = httpx.Limits(max_connections=OPENING_AT_ONCE + 2)
    async with httpx.AsyncClient(base_url=server.url, limits=limits, timeout=60) as http:
        made = await http.post(
            "/api/games",
            json={"game": TITLES[0], "seats": [{"kind": "friend"}, {"kind": "friend"}]},
        )
        made.raise_for_status()
        tables = [Table(load, server, http, TITLES[i % len(TITLES)]) for i in range(games)]
        tasks = [asyncio.create_task(table.run()) for table in tables]
        tasks.append(asyncio.create_task(probe(load, http, made.json()["game"]["id"])))
        try:
            while load.seated < games and not any(task.done() for task in tasks):
                await asyncio.sleep(0.1)
            await asyncio.sleep(WARM_UP_SECONDS)
            paced = await measure(load, seconds)
            load.pace = None
            await asyncio.sleep(1.5 * pace)  # the seats still thinking catch up
            flat_out = await measure(load, FLAT_OUT_SECONDS)
        finally:
            for task in tasks:
                task.cancel()
            outcomes = await asyncio.gather(*tasks, return_exceptions=True)
    failures = [o for o in outcomes if not isinstance(o, asyncio.CancelledError | type(None))]
    if failures:
        raise RuntimeError(f"{len(failures)} table(s) failed, the first: {failures[0]!r}")
    if load.refusals:
        raise RuntimeError(f"the server refused moves, the first: {load.refusals[0]}")
    print(f"({load.games_done} games played to the end)")
    for problem in load.broken:
        print(f"given up: {problem}")
    return paced, flat_out


def server_errors(log: Path) -> list[str]:
    """The last line of each different traceback in the server's output."""
    lines = log.read_text(errors="replace").splitlines()
    ends = [after for before, after in itertools.pairwise(lines) if before.startswith("  ")]
    return sorted({line for line in ends if re.match(r"[\w.]+(Error|Exception)\b", line)})


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def run(
    games: int, pace: float, seconds: float, database_url: str | None, processes: int
) -> tuple[Window, Window]:
    """One server (as asked), the load, and the server's own errors printed."""
    with running_server(database_url, processes) as server:
        paced, flat_out = uvloop.run(drive(server, games, pace, seconds))
        for error in server_errors(server.log):
            print(f"the server's log: {error}")
    return paced, flat_out


def figures(
    games: int, pace: float, paced: Window, flat_out: Window, where: str
) -> tuple[int, float]:
    """The paced window's round trips against their target, and the flat-out rate: the
    targets missed and the rate."""
    trips = paced.round_trips_ms
    if not trips or not flat_out.round_trips_ms:
        print(f"{where}: no move was answered")
        return 1, 0.0
    at = f"{where}, {games} games ({2 * games} sockets), a move per game every {pace:g} s or so"
    print(
        f"{at}: {len(trips) / paced.seconds:,.1f} moves/s, move round trip "
        f"p50 {percentile(trips, 0.5):.1f} ms, p95 {percentile(trips, 0.95):.1f} ms"
    )
    probes = paced.probes_ms
    print(
        f"a game's summary over REST meanwhile: median {statistics.median(probes):.1f} ms, "
        f"slowest {max(probes):.1f} ms"
    )
    missed = report(
        f"{at}: move round trip p99",
        percentile(trips, 0.99),
        "ms",
        ROUND_TRIP_TARGET_MS,
        higher_is_better=False,
    )
    rate = len(flat_out.round_trips_ms) / flat_out.seconds
    print(
        f"{where}, flat out: move round trip p50 {percentile(flat_out.round_trips_ms, 0.5):.1f} ms"
    )
    # The server must at least keep up with the paced load.
    missed += report(
        f"{where}, {games} games flat out: moves sustained", rate, "moves/s", games / pace
    )
    return missed, rate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=GAMES)
    parser.add_argument("--pace", type=float, default=PACE, help="a seat's seconds to think")
    parser.add_argument("--seconds", type=float, default=PACED_SECONDS, help="paced window")
    parser.add_argument("--db", choices=("sqlite", "postgresql"), default="sqlite")
    parser.add_argument("--processes", type=int, default=1, help="server processes (PostgreSQL)")
    parser.add_argument(
        "--scaling", action="store_true", help="PostgreSQL, one process then two, compared"
    )
    args = parser.parse_args([] if argv is None else argv)
    print(f"(load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores)")
    if not args.scaling:
        if args.db == "sqlite":
            paced, flat_out = run(args.games, args.pace, args.seconds, None, args.processes)
            return figures(args.games, args.pace, paced, flat_out, "SQLite")[0]
        with throwaway_postgres() as url:
            paced, flat_out = run(args.games, args.pace, args.seconds, url, args.processes)
        where = f"PostgreSQL, {args.processes} process(es)"
        return figures(args.games, args.pace, paced, flat_out, where)[0]
    rates = []
    missed = 0
    for processes in (1, 2):
        with throwaway_postgres() as url:
            paced, flat_out = run(args.games, args.pace, args.seconds, url, processes)
        where = f"PostgreSQL, {processes} process(es)"
        more, rate = figures(args.games, args.pace, paced, flat_out, where)
        missed += more
        rates.append(rate)
    missed += report(
        "flat out, 2 processes over 1", rates[1] / max(rates[0], 1e-9), "x", SCALING_TARGET
    )
    missed += report("flat out, 2 processes", rates[1], "moves/s", TWO_PROCESSES_TARGET)
    return missed


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
