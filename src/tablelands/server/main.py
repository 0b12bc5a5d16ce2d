"""``tablelands serve``: the web app on uvicorn, in one process or several.

Several processes (``--processes N``, PostgreSQL only) share one listening socket, which
uvicorn's supervisor opens and hands to each; it starts a process again if one dies. Any
process can serve any seat of any game: they share the database and tell each other of
every change (``events.py``).
"""

from __future__ import annotations

import dataclasses
import gc
import json
import logging
import os
import sys

import uvicorn
from fastapi import FastAPI

from tablelands.server.app import create_app
from tablelands.server.errors import ServerError
from tablelands.server.processes import check_processes, sole_process
from tablelands.server.settings import ADMIN_TOKEN_VARIABLE, Settings, default_database_url

#: How the settings reach the processes uvicorn starts (``app_from_environment``).
SETTINGS_VARIABLE = "TABLELANDS_SERVE_SETTINGS"


def serve(
    host: str,
    port: int,
    database_url: str | None,
    workers: int,
    hint_budget: str = "1s",
    analysis_budget: str = "0.2s",
    processes: int = 1,
) -> None:
    settings = Settings(
        database_url=database_url or default_database_url(),
        workers=workers,
        hint_budget=hint_budget,
        analysis_budget=analysis_budget,
    )
    try:
        check_processes(settings.database_url, processes)
        with sole_process(settings.database_url):
            pass  # a clear refusal now, rather than a failed start-up (the app holds it)
    except ServerError as exc:
        print(f"tablelands serve: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    print(f"tablelands: open http://{shown}:{port}/ in your browser")
    print(f"database: {settings.database_url.split('@')[-1]}")
    if processes > 1:
        print(f"processes: {processes}, each serving any game")
    print(f"admin token ({ADMIN_TOKEN_VARIABLE} to fix it): {settings.admin_token}")
    sys.stdout.flush()
    common = {"host": host, "port": port, "ws_per_message_deflate": False}
    if processes == 1:
        tell_on_stderr()
        tune_collector()
        uvicorn.run(create_app(settings), **common)  # type: ignore[arg-type]
        return
    os.environ[SETTINGS_VARIABLE] = json.dumps(dataclasses.asdict(settings))
    uvicorn.run(
        "tablelands.server.main:app_from_environment",
        factory=True,
        workers=processes,
        **common,  # type: ignore[arg-type]
    )


def app_from_environment() -> FastAPI:
    """The app of one of several processes, with the settings ``serve`` was given."""
    tell_on_stderr()
    tune_collector()
    return create_app(Settings(**json.loads(os.environ[SETTINGS_VARIABLE])))


def tell_on_stderr() -> None:
    """The server's own log (a bot decision taken on, a game whose bots stopped) on
    standard error beside uvicorn's, once per process."""
    logger = logging.getLogger("tablelands")
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(logging.Formatter("%(levelname)s:     %(name)s: %(message)s"))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)


def tune_collector() -> None:
    """The games in memory are many objects that live long, and a full collection walks
    every one of them while every move waits (a quarter of a second with 200 games going,
    docs/benchmarks.md): the young objects are collected less often, and all of them
    rarely (what the server makes is freed mostly by reference counting)."""
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)
