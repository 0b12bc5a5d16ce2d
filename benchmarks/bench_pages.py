"""First page loads: the lobby (`/`) and a game's page (`/play/{id}`) in Debian's chromium.

Each load is in a fresh browser context (nothing cached), against `tablelands serve` on
loopback with nothing else to do; the time is the navigation's, from the request to the end
of the load event (`performance.getEntriesByType("navigation")`), the median of LOADS. The
weight is every script module and style sheet the page loads, as sent (nothing is
compressed), against the budget.

    python benchmarks/bench_pages.py
"""

from __future__ import annotations

import statistics
import sys
from pathlib import Path
from typing import Any

import httpx
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).parent))

from common import report
from serving import running_server

# As tests/conftest.py starts it: Debian's chromium, which reaches for nothing outside.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TITLES = ("confusing-lands", "land-vs-sea", "drifting-lands")
LOADS = 5
LOAD_TARGET_MS = 300.0
WEIGHT_TARGET_KB = 300.0


def load(browser: Any, url: str) -> tuple[float, int]:
    """One first load of ``url``: its time to the load event (ms) and the bytes of the
    scripts and styles it loaded."""
    context = browser.new_context()
    try:
        page = context.new_page()
        responses: list[Any] = []
        page.on(
            "response",
            lambda r: (
                responses.append(r) if r.request.resource_type in ("script", "stylesheet") else None
            ),
        )
        page.goto(url, wait_until="load")
        timing = page.evaluate("() => performance.getEntriesByType('navigation')[0].loadEventEnd")
        weight = sum(len(response.body()) for response in responses)
        return float(timing), weight
    finally:
        context.close()


def main() -> int:
    missed = 0
    with running_server() as server, sync_playwright() as playwright:
        links = []
        for title in TITLES:
            made = httpx.post(
                f"{server.url}/api/games",
                json={"game": title, "seats": [{"kind": "me"}, {"kind": "friend"}]},
            )
            made.raise_for_status()
            links.append(server.url + made.json()["seats"][0]["link"])
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            load(browser, server.url)  # chromium's own first start is not the page's
            pages = {"/": [server.url] * LOADS, "/play/{id}": links * LOADS}
            for name, urls in pages.items():
                loads = [load(browser, url) for url in urls]
                missed += report(
                    f"first load of {name}",
                    statistics.median(ms for ms, _ in loads),
                    "ms",
                    LOAD_TARGET_MS,
                    higher_is_better=False,
                )
                missed += report(
                    f"scripts and styles of {name}",
                    max(weight for _, weight in loads) / 1000,
                    "kB",
                    WEIGHT_TARGET_KB,
                    higher_is_better=False,
                )
        finally:
            browser.close()
    return missed


if __name__ == "__main__":
    sys.exit(main())
