"""Fixtures of the board tests: the static folder served over HTTP, Debian's chromium driven
by Playwright, and a page with the board harness loaded."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from tablelands.core.game import State
from tablelands.core.view import SeatView
from tests.client.positions import document

HERE = Path(__file__).parent
ROOT = HERE.parents[1]
STATIC = ROOT / "src" / "tablelands" / "server" / "static"
SCREENSHOTS = HERE / "screenshots"


class Handler(SimpleHTTPRequestHandler):
    """The static folder under /static/, the harness page at /harness.html."""

    def translate_path(self, path: str) -> str:
        path = path.split("?", 1)[0]
        if path == "/harness.html":
            return str(HERE / "harness.html")
        if path.startswith("/static/"):
            return str(STATIC / path.removeprefix("/static/"))
        return str(HERE / "missing")

    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="session")
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_address[1]}"
    httpd.shutdown()
    httpd.server_close()


class Harness:
    """A browser page with the harness loaded: show a seat's document, read the proposals
    and every console error."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.errors: list[str] = []
        page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def show(
        self, state: State, seat: int | None = None, names: list[str] | None = None
    ) -> dict[str, Any]:
        doc = document(state, seat)
        if names is not None:
            doc["names"] = names
        self.page.evaluate("doc => window.show(doc)", doc)
        assert not self.errors, self.errors
        return doc

    def proposed(self) -> list[dict[str, Any]]:
        result: list[dict[str, Any]] = self.page.evaluate("() => window.proposed")
        return result

    def screenshot(self, name: str) -> None:
        SCREENSHOTS.mkdir(exist_ok=True)
        self.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


@pytest.fixture
def harness(browser: Any, server: str) -> Iterator[Harness]:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(f"{server}/harness.html")
    page.wait_for_function("window.harnessReady === true")
    yield Harness(page)
    context.close()


def accepted(state: State, proposed: list[dict[str, Any]], legal: list[dict[str, Any]]) -> State:
    """Check the one proposal is a legal description, as given, and that the engine reads
    it back (without its id and text, which `action_from_json` refuses) and applies it; the
    position after it."""
    assert len(proposed) == 1, proposed
    action = proposed[0]
    assert action in legal, json.dumps(action)
    view = SeatView(state)
    fields = {k: v for k, v in action.items() if k not in ("id", "text")}
    number = view.action_from_json(fields)
    assert number == action["id"]
    after = state.clone()
    after.apply(number)
    return after
