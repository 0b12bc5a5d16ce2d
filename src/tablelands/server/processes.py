"""How many processes may serve one database: on PostgreSQL any number, on SQLite one.

SQLite is the embedded default for one process: its file may be written by several
processes, but the server's processes tell each other of changes through PostgreSQL's
``NOTIFY``, which SQLite has not, so a second process on the same file would serve stale
games. It is refused at start, by an exclusive lock on a file beside the database that
the system lets go of however the process ends (``kill -9`` included).
"""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.engine import make_url

from tablelands.server.errors import ServerError


class DatabaseInUseError(ServerError):
    """A second server process on one SQLite database."""


def sqlite_file(database_url: str) -> Path | None:
    """The file of a SQLite URL (``None``: not SQLite, or a database in memory)."""
    url = make_url(database_url)
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:"):
        return None
    return Path(url.database)


def check_processes(database_url: str, processes: int) -> None:
    """``ServerError`` unless the database can be served by ``processes`` processes."""
    if processes < 1:
        raise ServerError(f"--processes is at least 1, not {processes}")
    if processes > 1 and not database_url.startswith("postgresql"):
        raise ServerError(
            f"{processes} processes need a PostgreSQL database (--db "
            "postgresql+psycopg://user:password@host/dbname): the processes tell each other "
            "of every move through it, and SQLite serves one process"
        )


@contextmanager
def sole_process(database_url: str) -> Iterator[None]:
    """Hold the SQLite database for this process while the body runs;
    ``DatabaseInUseError`` if another process holds it. Nothing for PostgreSQL."""
    path = sqlite_file(database_url)
    if path is None:
        yield
        return
    lock_path = path.with_name(path.name + ".lock")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    descriptor = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        try:
            fcntl.flock(descriptor, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise DatabaseInUseError(
                f"another process is serving the SQLite database {path}: SQLite "
                "serves one process. Stop the other server, give this one another --db file, "
                "or serve from several processes on PostgreSQL "
                "(--db postgresql+psycopg://user:password@host/dbname --processes N)"
            ) from None
        yield
    finally:
        os.close(descriptor)
