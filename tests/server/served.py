"""Real ``tablelands serve`` processes for the tests of several server processes on one
database (``tests/server/test_processes.py``): starting and stopping them, their sockets
read by threads, REST play, and the true state of a game rebuilt from the database rows."""

from __future__ import annotations

import contextlib
import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import httpx
import pytest
from sqlalchemy import create_engine, text
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tablelands.core.game import State
from tablelands.core.match import PLAY, Match, Move, Setup, Walk
from tablelands.core.view import SeatLog
from tablelands.games import get_game
from tests.server.conftest import ADMIN, ROOMY_OPTIONS, _free_port, bearer

#: Seconds any one wait for a message, an answer or a change may take.
RECEIVE = 30.0
#: Seconds a server process may take to answer its first request.
START = 90.0

Json = dict[str, Any]


# -- server processes ---------------------------------------------------------------


@dataclass
class Server:
    """One ``python -m tablelands serve`` process, its own session (so that its worker
    processes are ended with it), its stdout and stderr in files."""

    name: str
    port: int
    process: subprocess.Popen[bytes]
    stdout: Path
    stderr: Path

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        return self.process.pid

    def socket_url(self, game_id: str, since: int | None = None) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/games/{game_id}" + (
            f"?{urlencode({'since': since})}" if since is not None else ""
        )

    def output(self) -> str:
        """Everything the process wrote so far, stdout then stderr."""
        return "".join(
            f"--- {self.name} {path.name}:\n{path.read_text(errors='replace')}\n"
            for path in (self.stdout, self.stderr)
            if path.exists()
        )

    def tail(self, size: int = 4000) -> str:
        return "".join(
            f"--- {self.name} {path.name} (last {size} characters):\n"
            f"{path.read_text(errors='replace')[-size:]}\n"
            for path in (self.stdout, self.stderr)
            if path.exists()
        )

    @cached_property
    def http(self) -> httpx.Client:
        return httpx.Client(base_url=self.base, timeout=RECEIVE, trust_env=False)

    def get(self, route: str, token: str | None = None) -> httpx.Response:
        return self.http.get(route, headers=bearer(token) if token else {})

    def post(
        self, route: str, body: Json | None = None, token: str | None = None
    ) -> httpx.Response:
        """A POST, with ``body`` as JSON (none: no body), on a connection of its own (so
        that threads may post at once)."""
        return httpx.post(
            self.base + route,
            json=body,
            headers=bearer(token) if token else {},
            timeout=RECEIVE,
            trust_env=False,
        )

    def json(self, route: str, token: str | None = None) -> Json:
        answer = self.get(route, token)
        assert answer.status_code == 200, f"{self.name}: GET {route}: {answer.text}"
        data: Json = answer.json()
        return data


def serve_command(port: int, database: str, *extra: str) -> list[str]:
    return [
        sys.executable, "-m", "tablelands", "serve", "--host", "127.0.0.1",
        "--port", str(port), "--db", database, "--workers", "1",
        "--analysis-budget", "10it", "--hint-budget", "20it", *ROOMY_OPTIONS, *extra,
    ]  # fmt: skip


class Launcher:
    """Starts server processes and ends every one of them (:meth:`stop_all`)."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.servers: list[Server] = []

    def spawn(self, name: str, database: str, *extra: str) -> Server:
        """Start a server process on a free port (without waiting for it)."""
        port = _free_port()
        stdout, stderr = self.folder / f"{name}.stdout", self.folder / f"{name}.stderr"
        environment = {**os.environ, "TABLELANDS_ADMIN_TOKEN": ADMIN, "PYTHONUNBUFFERED": "1"}
        with stdout.open("ab") as out, stderr.open("ab") as err:
            process = subprocess.Popen(
                serve_command(port, database, *extra),
                stdout=out,
                stderr=err,
                stdin=subprocess.DEVNULL,
                env=environment,
                start_new_session=True,
            )
        server = Server(name, port, process, stdout, stderr)
        self.servers.append(server)
        return server

    def ready(self, server: Server, timeout: float = START) -> None:
        """Wait until the server answers ``GET /api/games/catalog``; fail with its output if
        it exits first or does not answer in time."""
        deadline = time.monotonic() + timeout
        while True:
            code = server.process.poll()
            if code is not None:
                pytest.fail(f"{server.name} exited ({code}) before answering:\n{server.output()}")
            try:
                answer = httpx.get(server.base + "/api/games/catalog", timeout=5, trust_env=False)
                if answer.status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                pytest.fail(f"{server.name} did not answer in {timeout:.0f} s:\n{server.output()}")
            time.sleep(0.1)

    def start(self, names: Sequence[str], database: str, *extra: str) -> list[Server]:
        """Start servers (all at once), and wait for each to answer."""
        servers = [self.spawn(name, database, *extra) for name in names]
        for server in servers:
            self.ready(server)
        return servers

    def report(self) -> str:
        """The last output of every server started: for failure messages."""
        return "\n".join(server.tail() for server in self.servers)

    def stop_all(self) -> None:
        """Terminate every process started, kill what is left of them (and their worker
        processes, in their session) after a grace period."""
        for server in self.servers:
            if server.process.poll() is None:
                server.process.terminate()
        deadline = time.monotonic() + 5
        for server in self.servers:
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.process.wait(timeout=max(0.1, deadline - time.monotonic()))
            # The process group is the server's session: its workers too.
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(server.pid, signal.SIGKILL)
            try:
                server.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.process.kill()
            server.http.close()


# -- sockets ------------------------------------------------------------------------


def hello(token: str | None) -> Json:
    """A socket's first message: whose seat it is (none: a spectator's)."""
    return {"type": "hello"} if token is None else {"type": "hello", "token": token}


class Socket:
    """One WebSocket connection, read by a thread of its own into its table's queue; what
    it got is kept here by the table, in order."""

    def __init__(
        self,
        name: str,
        url: str,
        events: queue.Queue[tuple[Socket, Json | None]],
        token: str | None = None,
    ):
        self.name = name
        self.url = url
        self.events = events
        self.views: list[Json] = []
        self.seats_messages: list[Json] = []
        self.refusals: list[Json] = []
        self.others: list[Json] = []
        #: The seats list of the last message that had one (a view or a seats message).
        self.seats: list[Json] = []
        #: The seqs of the views a move was sent in.
        self.sent: dict[int, int] = {}
        self.closed = False
        self.connection: ClientConnection = connect(
            url, open_timeout=RECEIVE, close_timeout=3, proxy=None, legacy=True
        )
        self.connection.send(json.dumps(hello(token)))
        self.thread = threading.Thread(target=self._read, name=f"socket {name}", daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for message in self.connection:
                self.events.put((self, json.loads(message)))
        except ConnectionClosed:
            pass
        except Exception as exc:  # a broken frame: the test sees it as a message
            self.events.put((self, {"type": "broken", "message": repr(exc)}))
        finally:
            self.events.put((self, None))

    def take(self, message: Json | None) -> None:
        if message is None:
            self.closed = True
            return
        kind = message.get("type")
        if kind == "view":
            self.views.append(message)
        elif kind == "seats":
            self.seats_messages.append(message)
        elif kind == "refused":
            self.refusals.append(message)
        else:
            self.others.append(message)
        if isinstance(message.get("seats"), list):
            self.seats = message["seats"]

    @property
    def last(self) -> Json:
        assert self.views, f"{self.name} has had no view yet"
        return self.views[-1]

    def send(self, message: Json) -> None:
        self.connection.send(json.dumps(message))

    def move(self, rng: random.Random) -> int:
        """Send a move chosen uniformly among the last view's legal actions; its id."""
        view = self.last
        assert view["to_act"] and view["legal_actions"], f"{self.name}: not to act: {view}"
        action: int = rng.choice([action["id"] for action in view["legal_actions"]])
        self.sent[view["seq"]] = action
        self.send({"type": "move", "seq": view["seq"], "action_id": action})
        return action

    def close(self) -> None:
        self.connection.close()
        self.thread.join(timeout=5)

    def log(self) -> list[Json]:
        """The log lines of every view, concatenated (lines of undone moves dropped)."""
        undone = {seq for view in self.views for seq in view.get("undone", [])}
        return [line for view in self.views for line in view["log"] if line["seq"] not in undone]


class Table:
    """The sockets of a test, their messages in one queue read on the test's thread."""

    def __init__(self, report: Callable[[], str]) -> None:
        self.events: queue.Queue[tuple[Socket, Json | None]] = queue.Queue()
        self.sockets: list[Socket] = []
        self.report = report

    def open(
        self,
        name: str,
        server: Server,
        game_id: str,
        token: str | None = None,
        since: int | None = None,
    ) -> Socket:
        socket = Socket(name, server.socket_url(game_id, since), self.events, token)
        self.sockets.append(socket)
        return socket

    def pump(self, timeout: float) -> bool:
        """Take the next message of any socket; False if none came within ``timeout``."""
        try:
            socket, message = self.events.get(timeout=timeout)
        except queue.Empty:
            return False
        socket.take(message)
        return True

    def wait(self, done: Callable[[], bool], what: str, timeout: float = RECEIVE) -> None:
        """Take messages until ``done()``; fail, saying ``what`` was awaited, after
        ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while not done():
            left = deadline - time.monotonic()
            if left <= 0:
                pytest.fail(f"waited {timeout:.0f} s for {what}\n{self.state()}\n{self.report()}")
            self.pump(left)

    def state(self) -> str:
        return "\n".join(
            f"{s.name}: {len(s.views)} views, last seq "
            f"{s.views[-1]['seq'] if s.views else None}, closed {s.closed}, "
            f"refusals {s.refusals[-3:]}, others {s.others[-3:]}"
            for s in self.sockets
        )

    def close(self) -> None:
        for socket in self.sockets:
            if not socket.closed:
                socket.close()

    def __enter__(self) -> Table:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def play_over_sockets(
    table: Table,
    players: Sequence[Socket],
    watchers: Sequence[Socket],
    rng: random.Random,
    limit: int = 20_000,
) -> None:
    """Play a game to its end: each socket of ``players`` moves (uniformly at random among
    its view's legal actions) whenever its last view says it is to act; every socket has
    the last view, the game over, at the end. A refusal fails the test."""
    everyone = [*players, *watchers]
    table.wait(lambda: all(s.views for s in everyone), "every socket's first view")
    for _ in range(limit):
        if all(s.views and s.last["is_over"] for s in everyone):
            return
        for socket in players:
            assert not socket.refusals, f"{socket.name} was refused: {socket.refusals}"
            assert not socket.closed, f"{socket.name} was closed\n{table.report()}"
            view = socket.last
            if view["to_act"] and not view["is_over"] and view["seq"] not in socket.sent:
                socket.move(rng)
        if not table.pump(RECEIVE):
            pytest.fail(
                f"no message on any socket for {RECEIVE:.0f} s\n{table.state()}\n{table.report()}"
            )
    pytest.fail(f"the game did not end in {limit} messages\n{table.state()}")


# -- REST play ----------------------------------------------------------------------


def rest_turn(server: Server, game_id: str, token: str, rng: random.Random) -> bool:
    """One look at the seat's view through ``server``, and a move if it is to act: whether
    the game is over."""
    view = server.json(f"/api/games/{game_id}/view", token)
    if view["is_over"]:
        return True
    if view["to_act"]:
        action = rng.choice([a["id"] for a in view["legal_actions"]])
        answer = server.post(
            f"/api/games/{game_id}/moves", {"seq": view["seq"], "action_id": action}, token
        )
        assert answer.status_code == 200, f"{server.name}: a move refused: {answer.text}"
    return False


def finish_over_rest(
    servers: Sequence[Server], game_id: str, token: str, rng: random.Random, timeout: float = 120
) -> None:
    """Play the token's seat to the game's end over REST, through each server in turn."""
    deadline = time.monotonic() + timeout
    turn = 0
    while not rest_turn(servers[turn % len(servers)], game_id, token, rng):
        turn += 1
        if time.monotonic() > deadline:
            pytest.fail(f"game {game_id} was not over after {timeout:.0f} s")
        time.sleep(0.02)


# -- the truth, from the database ---------------------------------------------------


@dataclass
class Truth:
    """A game as its database rows say it is: its setup and moves, and along them every
    position with the log lines each seat and a spectator read of it."""

    game_id: str
    setup: Setup
    moves: tuple[Move, ...]
    #: ``(kind, agent)`` of each seat.
    seats: list[tuple[str, str | None]]
    status: str
    rematch_of: str | None
    #: The state after the first ``n`` moves (no undo: ``n`` is the seq).
    states: list[State] = field(default_factory=list)
    #: Each seat's log lines, ``{"seq", "text"}``, then the public log's.
    lines: list[list[Json]] = field(default_factory=list)
    public: list[Json] = field(default_factory=list)

    @property
    def seq(self) -> int:
        return self.moves[-1].seq if self.moves else 0

    def state_at(self, seq: int) -> State:
        assert 0 <= seq <= self.seq, f"seq {seq} is not one of game {self.game_id}'s (0-{self.seq})"
        return self.states[seq]

    def lines_at(self, seat: int | None, seq: int) -> list[Json]:
        lines = self.public if seat is None else self.lines[seat]
        return [line for line in lines if line["seq"] <= seq]

    def bot_moves(self) -> list[Move]:
        return [move for move in self.moves if self.seats[move.seat][0] == "bot"]


def _data(value: Any) -> Any:
    """A JSON column, whether the driver parsed it or gave its text."""
    return json.loads(value) if isinstance(value, str | bytes) else value


def read_truth(url: str, game_id: str) -> Truth:
    """Game ``game_id`` rebuilt from the database at ``url``: its rows must be a game the
    rules allow (each move played by the seat to act, seqs 1, 2, ...), and there is no
    undo in these tests' games."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            row = (
                connection.execute(
                    text(
                        "SELECT game, players, options, edition, seed, status, rematch_of "
                        "FROM games WHERE id = :id"
                    ),
                    {"id": game_id},
                )
                .mappings()
                .one()
            )
            seats = connection.execute(
                text("SELECT seat, kind, agent FROM seats WHERE game_id = :id ORDER BY seat"),
                {"id": game_id},
            ).all()
            rows = connection.execute(
                text("SELECT seq, seat, action, kind FROM moves WHERE game_id = :id ORDER BY seq"),
                {"id": game_id},
            ).all()
    finally:
        engine.dispose()
    game = get_game(row["game"])
    edition_data = _data(row["edition"])
    edition = (
        game.default_edition()
        if edition_data is None
        else game.edition_class.from_data(edition_data, "edition")
    )
    setup = Setup(game, int(row["players"]), dict(_data(row["options"])), edition, int(row["seed"]))
    moves = tuple(
        Move(int(seq), int(seat), int(action), str(kind)) for seq, seat, action, kind in rows
    )
    truth = Truth(
        game_id,
        setup,
        moves,
        [(str(kind), agent) for _seat, kind, agent in seats],
        str(row["status"]),
        row["rematch_of"],
    )
    assert [move.seq for move in moves] == list(range(1, len(moves) + 1)), (
        f"game {game_id}: the moves' seqs are {[m.seq for m in moves]}"
    )
    assert all(move.kind == PLAY for move in moves), f"game {game_id} has undos: {moves}"
    walk = Walk(setup)
    players = setup.players
    logs = [SeatLog(game, edition, walk.state.observation(seat)) for seat in range(players)]
    public = SeatLog(game, edition, walk.state.public_observation())
    truth.lines = [[{"seq": 0, "text": line} for line in log.lines] for log in logs]
    truth.public = [{"seq": 0, "text": line} for line in public.lines]
    truth.states = [walk.state.clone()]
    for move in moves:
        assert not walk.state.is_terminal, f"game {game_id}: move {move.seq} after the end"
        assert move.seat == walk.state.current_player, (
            f"game {game_id}: move {move.seq} played by seat {move.seat}, "
            f"but seat {walk.state.current_player} was to act"
        )
        assert move.action in walk.state.legal_actions(), f"game {game_id}: move {move} illegal"
        state = walk.play(move.action)
        for seat, log in enumerate(logs):
            truth.lines[seat] += [
                {"seq": move.seq, "text": line} for line in log.follow(state.observation(seat))
            ]
        truth.public += [
            {"seq": move.seq, "text": line} for line in public.follow(state.public_observation())
        ]
        truth.states.append(state.clone())
    # The one way to rebuild a game gives the same end.
    assert Match(setup, moves).state().history == walk.state.history
    return truth


def query(url: str, sql: str, **params: Any) -> list[tuple[Any, ...]]:
    """The rows of one query of the database at ``url``."""
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            return [tuple(row) for row in connection.execute(text(sql), params).all()]
    finally:
        engine.dispose()


def count_moves(url: str, game_id: str) -> int:
    rows = query(url, "SELECT count(*) FROM moves WHERE game_id = :id", id=game_id)
    return int(rows[0][0])


def bot_move_seqs(url: str, game_id: str) -> list[int]:
    """The seqs of the game's move rows played by a bot's seat."""
    rows = query(
        url,
        "SELECT moves.seq FROM moves JOIN seats ON seats.game_id = moves.game_id "
        "AND seats.seat = moves.seat WHERE moves.game_id = :id AND seats.kind = 'bot' "
        "ORDER BY moves.seq",
        id=game_id,
    )
    return [int(row[0]) for row in rows]


def status_of(url: str, game_id: str) -> str:
    return str(query(url, "SELECT status FROM games WHERE id = :id", id=game_id)[0][0])


def rematches_of(url: str, game_id: str) -> list[str]:
    rows = query(url, "SELECT id FROM games WHERE rematch_of = :id ORDER BY id", id=game_id)
    return [str(row[0]) for row in rows]


def eventually(
    check: Callable[[], bool], what: str, timeout: float, report: Callable[[], str] | None = None
) -> float:
    """Poll ``check`` until it holds; the seconds it took. Fail, saying ``what`` was
    awaited, after ``timeout`` seconds."""
    started = time.monotonic()
    while not check():
        if time.monotonic() - started > timeout:
            pytest.fail(f"waited {timeout:.0f} s for {what}\n{report() if report else ''}")
        time.sleep(0.05)
    return time.monotonic() - started
