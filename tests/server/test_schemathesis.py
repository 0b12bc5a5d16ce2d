"""The whole API fuzzed by schemathesis against its own OpenAPI document, with every check
schemathesis has, on a real ``tablelands serve``: without a token, and with a seat's token
and a real game's id (so that the routes of a game are reached, not only their 404s).
Each run's examples per operation and per phase are bounded, and so is each request."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.server.conftest import ADMIN
from tests.server.served import Launcher

#: Examples per operation and phase (coverage, fuzzing, stateful): about a hundred and fifty cases
#: per operation in all.
EXAMPLES = 50
#: What a request that the schema allows may still be answered with: the rules refusing a
#: setup or a move (400, 422) cannot be written in a JSON schema, nor a game's seq (409),
#: nor a session cookie the fuzzer has none of (401: the account's routes).
ACCEPTED = '["2XX", "400", "401", "403", "404", "409", "422", "429"]'


def fuzz(tmp_path: Path, base: str, game_id: str, token: str | None) -> subprocess.Popen[str]:
    """A schemathesis run against the server at ``base``, started (:func:`passed` waits)."""
    config = tmp_path / f"schemathesis-{'seat' if token else 'anyone'}.toml"
    config.write_text(
        f"[checks.positive_data_acceptance]\nexpected-statuses = {ACCEPTED}\n\n"
        f'[parameters]\ngame_id = "{game_id}"\n'
    )
    command = [
        str(Path(sys.executable).with_name("schemathesis")),
        "--config-file",
        str(config),
        "run",
        f"{base}/openapi.json",
        "--checks",
        "all",
        "--max-examples",
        str(EXAMPLES),
        "--generation-deterministic",
        "--request-timeout",
        "30",
        "--no-color",
    ]
    if token is not None:
        command += ["--header", f"Authorization: Bearer {token}"]
    # In the test's folder: schemathesis keeps a cache where it runs.
    return subprocess.Popen(
        command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, cwd=tmp_path
    )


def passed(run: subprocess.Popen[str]) -> None:
    """Wait for a run; fail with its report unless every check passed."""
    try:
        output, _ = run.communicate(timeout=600)
    except subprocess.TimeoutExpired:
        run.kill()
        pytest.fail("schemathesis did not finish in 10 minutes")
    if run.returncode != 0:
        pytest.fail(f"schemathesis found failures (exit {run.returncode}):\n{output[-20000:]}")
    assert " passed" in output


def test_the_api_meets_its_document(launcher: Launcher, sqlite_url: str, tmp_path: Path) -> None:
    server = launcher.start(["A"], sqlite_url)[0]
    made = server.post(
        "/api/games", {"game": "confusing-lands", "seats": [{"kind": "me"}, {"kind": "friend"}]}
    )
    assert made.status_code == 201
    game_id, token = made.json()["game"]["id"], made.json()["seats"][0]["token"]
    # Both at once: each waits on the server more than it works.
    runs = [fuzz(tmp_path, server.base, game_id, None), fuzz(tmp_path, server.base, game_id, token)]
    for run in runs:
        passed(run)
    assert ADMIN not in server.output()
