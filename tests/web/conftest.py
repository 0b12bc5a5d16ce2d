"""Fixtures of the page tests: a real uvicorn server over a temporary SQLite database (in
a thread of the test process, on a free port), Debian's chromium driven by Playwright, and
a page that fails its test on any script error."""

from __future__ import annotations

import os
import secrets
import socket
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from sqlalchemy import create_engine, text

from tablelands.server.app import create_app
from tablelands.server.settings import Settings
from tests.server.conftest import ROOMY

SCREENSHOTS = Path(__file__).parent / "screenshots"
#: The seed of the stream of the test server's games' seeds (``Settings.test_seeds``): set
#: it to play a failing run's games again (with the same tests, in the same order).
SEED_VARIABLE = "TABLELANDS_TEST_SEED"
TEST_SEED = int(os.environ.get(SEED_VARIABLE) or secrets.randbelow(2**31))
#: The seeds of the test server's first games, comma-separated (``Settings.test_first_seeds``):
#: set it to a failed test's games' seeds to play them again with that test alone.
FIRST_SEEDS_VARIABLE = "TABLELANDS_TEST_GAME_SEEDS"
FIRST_SEEDS = tuple(
    int(seed) for seed in os.environ.get(FIRST_SEEDS_VARIABLE, "").split(",") if seed.strip()
)


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
        test_seeds=TEST_SEED,
        test_first_seeds=FIRST_SEEDS,
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


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """A failed page test says how to play its games again: the seed of the server's games'
    seeds, the games the test made with their seeds, and the command that plays them again
    with the test alone."""
    report = yield
    if report.failed and call.when == "call" and "site_database" in getattr(item, "funcargs", {}):
        made = games_since(item.funcargs["site_database"], getattr(item, "started_at", 0.0))
        seeds = ",".join(str(seed) for _, _, seed in made)
        report.sections.append(
            (
                "games",
                f"{SEED_VARIABLE}={TEST_SEED}; the test's games (id, game, seed): {made}\n"
                f"alone: {FIRST_SEEDS_VARIABLE}={seeds} pytest '{item.nodeid}'",
            )
        )
    return report


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_call(item: pytest.Item) -> None:
    item.started_at = time.time()  # type: ignore[attr-defined]


def games_since(url: str, started: float) -> list[tuple[str, str, int]]:
    engine = create_engine(url)
    try:
        with engine.connect() as connection:
            rows = connection.execute(
                text("SELECT id, game, seed, created_at FROM games ORDER BY created_at")
            ).all()
    finally:
        engine.dispose()
    since = datetime.fromtimestamp(started, UTC).replace(tzinfo=None).isoformat(" ")
    return [(row[0], row[1], row[2]) for row in rows if str(row[3]) >= since]


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


#: Makes another person: a tab in a browser of their own (cookies, localStorage).
People = Callable[[], Tab]


@pytest.fixture
def people(browser: Any, site: str) -> Iterator[People]:
    """Makes other people for a test, each a tab in a browser of their own, every one
    closed when the test ends, however it ends."""
    made: list[Any] = []

    def person() -> Tab:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        made.append(context)
        return Tab(context.new_page(), site)

    yield person
    for context in made:
        context.close()


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
