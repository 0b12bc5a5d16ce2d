"""``tablelands serve``: the web app on uvicorn, in one process or several.

Several processes (``--processes N``, PostgreSQL only) share one listening socket, which
uvicorn's supervisor opens and hands to each; it starts a process again if one dies. Any
process can serve any seat of any game: they share the database and tell each other of
every change (``events.py``).
"""

from __future__ import annotations

import copy
import gc
import json
import logging
import os
import signal
import sys
import threading
import time
from datetime import UTC, datetime
from typing import Any

import uvicorn
from fastapi import FastAPI

from tablelands.server.app import create_app
from tablelands.server.errors import ServerError
from tablelands.server.processes import check_processes, sole_process
from tablelands.server.settings import ADMIN_TOKEN_VARIABLE, Settings

#: How the settings reach the processes uvicorn starts (``app_from_environment``).
SETTINGS_VARIABLE = "TABLELANDS_SERVE_SETTINGS"


#: How long a stopping server lets its connections finish before it closes them.
GRACEFUL_SECONDS = 2


def serve(host: str, port: int, settings: Settings, processes: int = 1) -> None:
    try:
        check_processes(settings.database_url, processes)
        with sole_process(settings.database_url):
            pass  # a clear refusal now, rather than a failed start-up (the app holds it)
    except ServerError as exc:
        print(f"tablelands serve: {exc}", file=sys.stderr)
        raise SystemExit(2) from None
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    admin = "set by " + ADMIN_TOKEN_VARIABLE if settings.admin_token else "`tablelands admin-token`"
    banner = [
        f"tablelands: open http://{shown}:{port}/ in your browser",
        f"database: {settings.database_url.split('@')[-1]}",
        *([f"processes: {processes}, each serving any game"] if processes > 1 else []),
        f"admin page: /admin (its token: {admin})",
    ]
    if settings.json_logs:  # a log collector reads every line as an object
        tell_on_stderr(json_lines=True)
        for line in banner:
            logging.getLogger("tablelands.server").info(line)
    else:
        print("\n".join(banner))
        sys.stdout.flush()
    common: dict[str, Any] = {
        "host": host,
        "port": port,
        "ws_per_message_deflate": False,
        # Larger messages are refused (1009) before they are read.
        "ws_max_size": settings.limits.max_message_bytes,
        "timeout_graceful_shutdown": GRACEFUL_SECONDS,
        "log_config": log_config(settings.json_logs),
    }
    if processes == 1:
        tell_on_stderr(settings.json_logs)
        tune_collector()
        uvicorn.run(create_app(settings), **common)
        return
    os.environ[SETTINGS_VARIABLE] = json.dumps(settings.to_data())
    uvicorn.run(
        "tablelands.server.main:app_from_environment", factory=True, workers=processes, **common
    )


def app_from_environment() -> FastAPI:
    """The app of one of several processes, with the settings ``serve`` was given."""
    settings = Settings.from_data(json.loads(os.environ[SETTINGS_VARIABLE]))
    tell_on_stderr(settings.json_logs)
    tune_collector()
    watch_supervisor()
    return create_app(settings)


def tell_on_stderr(json_lines: bool = False) -> None:
    """The server's own log (a bot decision taken on, a game whose bots stopped) on
    standard error beside uvicorn's, once per process."""
    logger = logging.getLogger("tablelands")
    if not logger.handlers:
        handler = logging.StreamHandler(sys.stderr)
        handler.setFormatter(JsonLines() if json_lines else logging.Formatter(TEXT_FORMAT))
        logger.addHandler(handler)
        logger.setLevel(logging.INFO)


#: A text log line: as uvicorn writes its own.
TEXT_FORMAT = "%(levelname)s:     %(name)s: %(message)s"


class JsonLines(logging.Formatter):
    """A log record as one JSON object a line: time, level, logger, message (and the
    error's traceback, if any)."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        if record.exc_info:
            line["error"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


def log_config(json_lines: bool) -> dict[str, Any]:
    """uvicorn's logging set-up, its lines as JSON objects when ``json_lines``."""
    config: dict[str, Any] = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
    if json_lines:
        for formatter in config["formatters"].values():
            formatter.clear()
            formatter["()"] = "tablelands.server.main.JsonLines"
    return config


def watch_supervisor() -> None:
    """One of several processes ends when the supervisor that started it dies (``kill -9``
    included): nothing else would ever stop it."""
    supervisor = os.getppid()

    def watch() -> None:
        while os.getppid() == supervisor:
            time.sleep(SUPERVISOR_CHECK_SECONDS)
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=watch, name="supervisor-watch", daemon=True).start()


#: How often one of several processes looks whether its supervisor is still there.
SUPERVISOR_CHECK_SECONDS = 0.5


def tune_collector() -> None:
    """The games in memory are many objects that live long, and a full collection walks
    every one of them while every move waits (a quarter of a second with 200 games going,
    docs/benchmarks.md): the young objects are collected less often, and all of them
    rarely (what the server makes is freed mostly by reference counting)."""
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)
