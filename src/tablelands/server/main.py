"""``tablelands serve``: the web app on uvicorn."""

from __future__ import annotations

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
    uvicorn.run(create_app(settings), host=host, port=port)
