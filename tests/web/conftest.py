"""Fixtures of the page tests: a real uvicorn server over a temporary SQLite database (in
a thread of the test process, on a free port), Debian's chromium driven by Playwright, and
a page that fails its test on any script error."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from tablelands.server.app import create_app
from tablelands.server.settings import Settings
from tests.server.conftest import ROOMY

SCREENSHOTS = Path(__file__).parent / "screenshots"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@pytest.fixture(scope="session")
def site_database(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The database of the test server (tests read the true games from it)."""
    return f"sqlite:///{tmp_path_factory.mktemp('web') / 'games.db'}"


@pytest.fixture(scope="session")
def site(site_database: str) -> Iterator[str]:
    """The address of a server of the whole app, as `tablelands serve` runs it."""
    settings = Settings(
        database_url=site_database,
        admin_token="t",
        workers=1,
        hint_budget="0.3s",
        analysis_budget="10it",
        limits=ROOMY,
    )
    app = create_app(settings)
    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            pytest.fail("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=10)


class Tab:
    """A browser tab on the site, collecting every script error (a test fails on any)."""

    def __init__(self, page: Any, site: str) -> None:
        self.page = page
        self.site = site
        self.errors: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.set_default_timeout(10_000)

    def screenshot(self, name: str) -> None:
        SCREENSHOTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


@pytest.fixture
def context(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    yield context
    context.close()


@pytest.fixture
def tab(context: Any, site: str) -> Iterator[Tab]:
    made = Tab(context.new_page(), site)
    yield made
    assert not made.errors, made.errors
