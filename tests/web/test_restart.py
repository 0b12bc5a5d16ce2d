"""A server killed mid-game (SIGKILL: no shutdown of any kind) and started again on the same
port and database: the page reconnects by itself and the game goes on, every move kept."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.clicks import create_game, game_id, get_json, place_card_by
from tests.web.conftest import Tab, _free_port
from tests.web.test_pages import my_turn


class Server:
    """`python -m tablelands serve` as its own process group, which `kill` ends at once."""

    def __init__(self, port: int, database: Path, log: Path) -> None:
        self.port = port
        self.database = database
        self.log = log
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def site(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        command = [sys.executable, "-m", "tablelands", "serve", "--port", str(self.port)]
        command += ["--db", f"sqlite:///{self.database}", "--workers", "1"]
        with self.log.open("ab") as out:
            # Its own session, so the bots' worker processes die with it.
            self.process = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True
            )
        deadline = time.monotonic() + 30
        while True:
            try:
                get_json(f"{self.site}/api/games/catalog")
                return
            except (urllib.error.URLError, ConnectionError):
                if self.process.poll() is not None or time.monotonic() > deadline:
                    pytest.fail(f"the server did not start: {self.log.read_text()[-2000:]}")
                time.sleep(0.1)

    def kill(self) -> None:
        if self.process is None or self.process.poll() is not None:
            return
        os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    made = Server(_free_port(), tmp_path / "games.db", tmp_path / "server.log")
    made.start()
    yield made
    made.kill()


def log_seqs(page: Any) -> list[str]:
    seqs: list[str] = page.locator("#log li[data-seq]").evaluate_all(
        "nodes => nodes.map(n => n.dataset.seq)"
    )
    return seqs


def test_a_server_killed_and_started_again_loses_no_move(browser: Any, server: Server) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        tab = Tab(context.new_page(), server.site)
        page = tab.page
        create_game(tab, "confusing-lands", [("me", None), ("bot", "random")])
        gid = game_id(page)
        for _ in range(3):
            my_turn(page)
            place_card_by(page, way="click")
        my_turn(page)
        before = get_json(f"{server.site}/api/games/{gid}")
        seq = page.get_attribute("#board", "data-seq")
        assert seq == str(before["seq"]) and before["moves"] >= 6  # mine and the bot's
        lines = log_seqs(page)

        server.kill()
        page.wait_for_function("() => document.getElementById('turn').textContent.includes('lost')")
        server.start()
        # The page opens its socket again by itself and gets the same position, nothing lost
        # and nothing told twice.
        my_turn(page)
        after = get_json(f"{server.site}/api/games/{gid}")
        assert (after["seq"], after["moves"]) == (before["seq"], before["moves"])
        assert page.get_attribute("#board", "data-seq") == seq
        assert log_seqs(page) == lines

        # And the game goes on: my move and the bot's after it.
        place_card_by(page, way="click")
        my_turn(page)
        moved = get_json(f"{server.site}/api/games/{gid}")
        assert moved["moves"] >= before["moves"] + 2
        tab.screenshot("restart-goes-on")
    finally:
        context.close()
    # While the server is down, chromium logs each refused attempt to reconnect; no other error.
    others = [e for e in tab.errors if "WebSocket" not in e or "ERR_CONNECTION_REFUSED" not in e]
    assert not others, others
