"""Fixtures shared across the suite: Debian's chromium driven by Playwright, for the board
and page tests (never a downloaded browser: the set-up installs Debian's; the network is closed)."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright import sync_api

CHROMIUM = "/usr/bin/chromium"
# Without the background-networking flags chromium keeps trying hosts it cannot reach.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless chromium for the whole test session."""
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.fail("Debian's chromium is missing: apt-get install -y chromium")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
