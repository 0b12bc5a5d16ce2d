"""`tablelands serve` as the server benchmarks run it: a subprocess on a free port over a
temporary SQLite database (or the PostgreSQL database given, in as many processes as
asked), with one bot worker, as a person would start it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx

ADMIN_TOKEN = "bench-admin-token"
#: Time the server has to answer after it was started, and to stop once asked.
START_TIMEOUT = 60.0
STOP_TIMEOUT = 15.0


@dataclass(frozen=True, slots=True)
class Server:
    url: str
    #: Where the server's own output goes (uvicorn logs every request and socket).
    log: Path

    @property
    def ws_url(self) -> str:
        return "ws" + self.url.removeprefix("http")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def use_every_core() -> None:
    """Undo an earlier benchmark's pinning to one core (the server is a process of its own
    and inherits the affinity): the server and the load client get the whole machine."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, range(os.cpu_count() or 1))


@contextmanager
def running_server(database_url: str | None = None, processes: int = 1) -> Iterator[Server]:
    """A fresh server for the ``with`` block, stopped (as Ctrl-C would) at its end."""
    use_every_core()
    with tempfile.TemporaryDirectory(prefix="tablelands-bench-") as folder:
        port = free_port()
        log = Path(folder) / "server.log"
        environment = dict(os.environ, TABLELANDS_ADMIN_TOKEN=ADMIN_TOKEN)
        # The worktree's sources, as benchmarks/run.py runs them.
        source = str(Path(__file__).resolve().parent.parent / "src")
        environment["PYTHONPATH"] = os.pathsep.join(
            [source, *filter(None, [environment.get("PYTHONPATH")])]
        )
        command = [
            sys.executable,
            "-m",
            "tablelands",
            "serve",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--db",
            database_url or f"sqlite:///{Path(folder) / 'games.db'}",
            "--workers",
            "1",
            "--processes",
            str(processes),
            # One client makes every game of a benchmark: no quota may stop it.
            *(
                f"--limit={name}=1000000"
                for name in (
                    "games_per_window",
                    "live_games_per_client",
                    "hints_per_window",
                    "sockets_per_client",
                )
            ),
        ]
        with log.open("wb") as output:
            process = subprocess.Popen(
                command, stdout=output, stderr=subprocess.STDOUT, env=environment
            )
            try:
                url = f"http://127.0.0.1:{port}"
                _wait_until_up(process, url, log)
                yield Server(url, log)
            finally:
                process.send_signal(signal.SIGINT)
                try:
                    process.wait(STOP_TIMEOUT)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.wait()


def _wait_until_up(process: subprocess.Popen[bytes], url: str, log: Path) -> None:
    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"tablelands serve stopped at start:\n{log.read_text()}")
        try:
            if httpx.get(f"{url}/api/games/catalog", timeout=2).status_code == 200:
                return
        except httpx.TransportError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"tablelands serve did not answer within {START_TIMEOUT:.0f} s")
