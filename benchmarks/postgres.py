"""A throwaway PostgreSQL cluster for the server benchmarks: Debian's binaries, a temporary
folder, a Unix socket only, stopped and removed at the end."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import psycopg

BINARIES = ("/usr/lib/postgresql/15/bin", "/usr/lib/postgresql/16/bin")


def _binary(name: str) -> str:
    for folder in BINARIES:
        if (Path(folder) / name).exists():
            return str(Path(folder) / name)
    found = shutil.which(name)
    if found is None:
        raise RuntimeError(f"PostgreSQL's {name} is missing (Debian: apt-get install postgresql)")
    return found


def _run(command: list[str]) -> None:
    # PostgreSQL refuses to run as root: as the postgres user then.
    if os.geteuid() == 0:
        command = ["runuser", "-u", "postgres", "--", *command]
    subprocess.run(command, check=True, capture_output=True)


@contextmanager
def throwaway_postgres() -> Iterator[str]:
    """The SQLAlchemy URL of an empty database in a new cluster, for the ``with`` block."""
    root = Path(tempfile.mkdtemp(prefix="tablelands-bench-postgres-"))
    data, sockets = root / "data", root / "sockets"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(sockets, "postgres")
    try:
        _run([_binary("initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8"])
        with socket.socket() as probe:  # a port number no other cluster here uses
            probe.bind(("127.0.0.1", 0))
            port = probe.getsockname()[1]
        # Durable as a real server would be (fsync on), with room for the benchmark's sockets.
        options = f"-p {port} -k {sockets} -c listen_addresses='' -c max_connections=200"
        pg_ctl = _binary("pg_ctl")
        _run([pg_ctl, "-D", str(data), "-o", options, "-l", str(root / "log"), "-w", "start"])
        try:
            conninfo = f"host={sockets} port={port} user=postgres dbname=postgres"
            with psycopg.connect(conninfo, autocommit=True) as connection:
                connection.execute('CREATE DATABASE "bench"')
            yield f"postgresql+psycopg://postgres@/bench?host={sockets}&port={port}"
        finally:
            _run([pg_ctl, "-D", str(data), "-m", "fast", "-w", "stop"])
    finally:
        shutil.rmtree(root, ignore_errors=True)
