"""The server's tests run against SQLite and against a throwaway PostgreSQL cluster."""

from __future__ import annotations

import itertools
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import psycopg
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketTestSession

from tablelands.server.app import create_app
from tablelands.server.hub import Hub
from tablelands.server.settings import Limits, Settings

if TYPE_CHECKING:
    from tests.server.served import Launcher

# The shared checks and helpers of the server's tests report their asserts as the tests do.
pytest.register_assert_rewrite("tests.server.secrecy", "tests.server.served")

ADMIN = "admin-token-for-tests"
POSTGRES_BINARIES = ("/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin")


def _postgres_bin(name: str) -> str:
    for folder in POSTGRES_BINARIES:
        if (Path(folder) / name).exists():
            return str(Path(folder) / name)
    found = shutil.which(name)
    if found is None:
        pytest.fail(
            f"PostgreSQL's {name} is not installed: the server's PostgreSQL tests need the "
            "server binaries (Debian: apt-get install -y postgresql; `make install` does it)"
        )
    return found


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _as_postgres(command: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root: run it as the postgres user when we are root.
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def _run(command: list[str]) -> None:
    done = subprocess.run(_as_postgres(command), capture_output=True, text=True, check=False)
    if done.returncode:
        pytest.fail(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")


@pytest.fixture(scope="session")
def postgres_cluster() -> Iterator[tuple[str, int]]:
    """A PostgreSQL cluster of its own, in a temporary folder, stopped and removed at the
    end: its socket folder and port."""
    initdb, pg_ctl = _postgres_bin("initdb"), _postgres_bin("pg_ctl")
    # Not under pytest's own temporary folders, which the postgres user may not enter.
    root = Path(tempfile.mkdtemp(prefix="tablelands-postgres-"))
    data, sockets = root / "data", root / "sockets"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(sockets, "postgres")
    try:
        _run([initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8"])
        port = _free_port()
        options = f"-p {port} -k {sockets} -c listen_addresses='' -c fsync=off"
        _run([pg_ctl, "-D", str(data), "-o", options, "-l", str(root / "log"), "-w", "start"])
        try:
            yield str(sockets), port
        finally:
            _run([pg_ctl, "-D", str(data), "-m", "immediate", "-w", "stop"])
    finally:
        shutil.rmtree(root, ignore_errors=True)


_databases = itertools.count()


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """An empty database: a SQLite file, or a new database in the PostgreSQL cluster."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    sockets, port = request.getfixturevalue("postgres_cluster")
    name = f"test_{os.getpid()}_{next(_databases)}"
    with psycopg.connect(
        f"host={sockets} port={port} user=postgres dbname=postgres", autocommit=True
    ) as connection:
        connection.execute(f'CREATE DATABASE "{name}"')
    return f"postgresql+psycopg://postgres@/{name}?host={sockets}&port={port}"


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'games.db'}"


#: Limits roomy enough for tests that make many games from one address (those of the
#: quotas set their own).
ROOMY = Limits(
    games_per_window=1_000_000,
    live_games_per_client=1_000_000,
    hints_per_window=1_000_000,
    previews_per_window=1_000_000,
    sockets_per_client=100_000,
)
#: The same, as ``tablelands serve`` options.
ROOMY_OPTIONS = [
    f"--limit={name}={getattr(ROOMY, name)}"
    for name in (
        "games_per_window",
        "live_games_per_client",
        "hints_per_window",
        "previews_per_window",
        "sockets_per_client",
    )
]


@contextmanager
def serving(
    url: str, workers: int = 1, limits: Limits = ROOMY, admin: str | None = ADMIN, **settings: Any
) -> Iterator[TestClient]:
    """A client of a new app over the database at ``url`` (start-up and shutdown run);
    ``admin``: the operator's admin token (``None``: the one kept hashed in the database);
    ``settings``: the search budgets of hints and analyses."""
    app = create_app(
        Settings(database_url=url, admin_token=admin, workers=workers, limits=limits, **settings)
    )
    with TestClient(app) as client:
        yield client


@pytest.fixture
def launcher(tmp_path: Path) -> Iterator[Launcher]:
    """Starts server processes; every one is terminated, then killed, whatever happens."""
    from tests.server.served import Launcher  # served.py reads this module's constants

    made = Launcher(tmp_path)
    try:
        yield made
    finally:
        made.stop_all()


def another_browser(client: TestClient, base_url: str = "http://testserver") -> TestClient:
    """Another browser of ``client``'s server: a cookie jar of its own, its requests run
    on the app's own event loop (a client of its own would run each in a loop of its own,
    where the app's locks and tasks are not)."""
    browser = TestClient(client.app, base_url=base_url)
    browser.portal = client.portal
    return browser


#: The password the tests' accounts sign up with.
PASSWORD = "a long enough password"


def person(client: TestClient, name: str) -> TestClient:
    """Another browser of ``client``'s server, signed in to a new account of ``name``
    (``name@example.org``)."""
    browser = another_browser(client)
    made = browser.post(
        "/api/account", json={"email": f"{name}@example.org", "password": PASSWORD, "name": name}
    )
    assert made.status_code == 201, made.text
    return browser


def hub_of(client: TestClient) -> Hub:
    app = client.app
    assert isinstance(app, FastAPI)
    hub: Hub = app.state.hub
    return hub


def settle(client: TestClient) -> None:
    """Wait until no bot of the app is thinking (they play in worker processes)."""
    hub = hub_of(client)
    assert client.portal is not None
    client.portal.call(hub.idle)


@contextmanager
def seat_socket(
    client: TestClient, game_id: str, token: str | None = None, since: int | None = None
) -> Iterator[WebSocketTestSession]:
    """A game's socket, its hello sent: a seat's with ``token``, else a spectator's."""
    url = f"/ws/games/{game_id}" + (f"?since={since}" if since is not None else "")
    with client.websocket_connect(url) as socket:
        socket.send_json({"type": "hello"} if token is None else {"type": "hello", "token": token})
        yield socket


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}
