"""``tablelands serve``: the web app on uvicorn."""

from __future__ import annotations

import gc

import uvicorn

from tablelands.server.app import create_app
from tablelands.server.settings import ADMIN_TOKEN_VARIABLE, Settings, default_database_url


def serve(
    host: str,
    port: int,
    database_url: str | None,
    workers: int,
    hint_budget: str = "1s",
    analysis_budget: str = "0.2s",
) -> None:
    settings = Settings(
        database_url=database_url or default_database_url(),
        workers=workers,
        hint_budget=hint_budget,
        analysis_budget=analysis_budget,
    )
    shown = "localhost" if host in ("127.0.0.1", "0.0.0.0") else host
    print(f"tablelands: open http://{shown}:{port}/ in your browser")
    print(f"database: {settings.database_url.split('@')[-1]}")
    print(f"admin token ({ADMIN_TOKEN_VARIABLE} to fix it): {settings.admin_token}")
    # The games in memory are many objects that live long, and a full collection walks
    # every one of them while every move waits (a quarter of a second with 200 games
    # going, docs/benchmarks.md): the young objects are collected less often, and all of
    # them rarely (what the server makes is freed mostly by reference counting).
    gc.freeze()
    gc.set_threshold(50_000, 20, 20)
    # No compression of socket messages: it would be done on the event loop, for every
    # message to every connection, and a view is only 10 to 20 kB.
    uvicorn.run(create_app(settings), host=host, port=port, ws_per_message_deflate=False)
