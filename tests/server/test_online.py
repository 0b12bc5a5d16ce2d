"""A server put online (issue 25): quotas that keep strangers from stalling the bots, bad
input refused without a 500 or a dropped socket, no token in any log, and processes that
end cleanly however the server ends."""

from __future__ import annotations

import dataclasses
import json
import os
import re
import signal
import subprocess
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from tablelands.server.settings import Limits, Settings
from tests.server.conftest import ADMIN, ROOMY, bearer, hub_of, seat_socket, serving
from tests.server.served import Json, Launcher, Socket, Table, eventually, play_over_sockets

#: The default limits.
DEFAULT = Limits()


def make(client: TestClient, seats: list[Json], game: str = "confusing-lands") -> Any:
    return client.post("/api/games", json={"game": game, "seats": seats})


def bot_answers(client: TestClient, game_id: str, token: str) -> float:
    """Make the seat's move and time how long the bot after it takes to answer."""
    view = client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
    assert view["to_act"]
    action = view["legal_actions"][0]["id"]
    started = time.monotonic()
    answer = client.post(
        f"/api/games/{game_id}/moves",
        json={"seq": view["seq"], "action_id": action},
        headers=bearer(token),
    )
    assert answer.status_code == 200, answer.text

    def answered() -> bool:
        seen = client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
        return bool(seen["to_act"] or seen["is_over"])

    eventually(answered, "the control game's bot to answer", 30)
    return time.monotonic() - started


@contextmanager
def control_game(url: str, limits: Limits) -> Iterator[tuple[TestClient, str, str]]:
    """A server with ``limits``, and a control game: me, then a random bot."""
    with serving(url, limits=limits, hint_budget="1s") as client:
        made = make(client, [{"kind": "me"}, {"kind": "bot", "agent": "random"}]).json()
        game_id, token = made["game"]["id"], made["seats"][0]["token"]
        bot_answers(client, game_id, token)  # the quick lane's worker is started
        yield client, game_id, token


@pytest.fixture
def control(sqlite_url: str) -> Iterator[tuple[TestClient, str, str]]:
    """The control game on a server with the default limits."""
    with control_game(sqlite_url, DEFAULT) as made:
        yield made


def test_many_creations_meet_the_quota_and_the_bots_keep_answering(
    control: tuple[TestClient, str, str],
) -> None:
    client, game_id, token = control
    answers = [
        make(client, [{"kind": "bot", "agent": "mcts:8s"}, {"kind": "me"}]) for _ in range(300)
    ]
    accepted = [a for a in answers if a.status_code == 201]
    refused = [a for a in answers if a.status_code == 429]
    assert len(accepted) == DEFAULT.games_per_window - 1  # the control game counts too
    assert len(refused) == 300 - len(accepted)
    assert int(refused[0].headers["Retry-After"]) > 0
    assert "try again in" in refused[0].json()["message"]
    # Every accepted game's bot searches 8 s a move; the control's random bot still answers.
    assert bot_answers(client, game_id, token) < 1.0


def test_hints_across_games_do_not_hold_up_a_cheap_bot(sqlite_url: str) -> None:
    # 20 games besides the control one: one more than a window's default.
    with control_game(sqlite_url, dataclasses.replace(DEFAULT, games_per_window=21)) as made:
        hints_and_a_cheap_bot(*made)


def hints_and_a_cheap_bot(client: TestClient, game_id: str, token: str) -> None:
    games = [make(client, [{"kind": "me"}, {"kind": "friend"}]).json() for _ in range(20)]
    answers: list[int] = []

    def ask(made: Json) -> None:
        hinted = client.post(
            f"/api/games/{made['game']['id']}/hint",
            json={"seq": 0},
            headers=bearer(made["seats"][0]["token"]),
        )
        answers.append(hinted.status_code)

    threads = [threading.Thread(target=ask, args=(made,)) for made in games]
    for thread in threads:
        thread.start()
    try:
        eventually(lambda: hub_waiting(client) >= 5, "the hints to queue", 30)
        assert bot_answers(client, game_id, token) < 1.0
    finally:
        for thread in threads:
            thread.join(timeout=120)
    assert answers.count(200) == len(games)


def hub_waiting(client: TestClient) -> int:
    return hub_of(client).scheduler.lanes["search"].waiting


def test_bot_budgets_from_the_web_are_capped(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        for agent, why in (
            ("mcts:600s", "at most 8s or 20000it"),
            ("mcts:100000it", "at most 8s or 20000it"),
            ("mcts:1s:workers=8", "leave out workers="),
            ("mcts:20it:workers=1:workers=1", "workers= once"),
        ):
            answer = make(client, [{"kind": "bot", "agent": agent}, {"kind": "me"}])
            assert answer.status_code == 400 and why in answer.json()["message"], answer.text
        assert (
            make(client, [{"kind": "bot", "agent": "mcts:8s"}, {"kind": "me"}]).status_code == 201
        )


DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize(
    ("body", "why"),
    [
        ('{"game": "confusing-lands", "title": ' + DEEP + "}", "not JSON"),
        ('{"game": "confusing-lands", "title": "\\ud800", "seats": [{"kind": "me"}]}', "not JSON"),
        ('{"game": "confusing-lands", "title": "a\\u0000b", "seats": [{"kind": "me"}]}', "NUL"),
        ('{"game": "confusing-lands", "seats": [{"kind": "me", "name": "\\u0000"}]}', "NUL"),
        (
            '{"game": "land-vs-sea", "options": {"trade": "yes"}, "seats": [{"kind": "me"}, '
            '{"kind": "me"}]}',
            "true or false",
        ),
        ('{"game": "confusing-lands", "hints": "yes", "seats": [{"kind": "me"}]}', "hints"),
        ('{"game": "confusing-lands", "title": ' + "[" * 40 + "]" * 40 + "}", "deeper than 32"),
    ],
)
def test_malformed_bodies_are_refused_and_change_nothing(
    database_url: str, body: str, why: str
) -> None:
    with serving(database_url) as client:
        answer = client.post(
            "/api/games", content=body.encode(), headers={"Content-Type": "application/json"}
        )
        assert 400 <= answer.status_code < 500 and why in answer.text, answer.text
        assert client.get("/api/admin/games", headers=bearer(ADMIN)).json()["total"] == 0


def test_a_seq_is_a_number_not_a_boolean(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        made = make(client, [{"kind": "me"}, {"kind": "friend"}]).json()
        game_id, token = made["game"]["id"], made["seats"][0]["token"]
        action = client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
        answer = client.post(
            f"/api/games/{game_id}/moves",
            json={"seq": False, "action_id": action["legal_actions"][0]["id"]},
            headers=bearer(token),
        )
        assert answer.status_code == 422 and "seq" in answer.text


def test_malformed_socket_frames_get_a_message_and_a_close_code(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        made = make(client, [{"kind": "me"}, {"kind": "friend"}]).json()
        game_id, token = made["game"]["id"], made["seats"][0]["token"]
        with seat_socket(client, game_id, token) as socket:
            assert socket.receive_json()["type"] == "view"
            socket.send_text("[" * 30_000 + "]" * 30_000)  # within the size limit
            refusal = socket.receive_json()
            assert refusal["type"] == "refused" and "not JSON" in refusal["message"]
            socket.send_json({"type": "move", "seq": False, "action_id": 0})
            assert "seq" in socket.receive_json()["message"]
            socket.send_text("x" * 10_000_000)
            assert "at most 64,000 bytes" in socket.receive_json()["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 1009
        with seat_socket(client, game_id, token) as socket:
            assert socket.receive_json()["type"] == "view"
            socket.send_bytes(b"\x00\x01")
            assert "binary" in socket.receive_json()["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 1003
        view = client.get(f"/api/games/{game_id}/view", headers=bearer(token)).json()
        assert view["seq"] == 0  # nothing was played


def test_a_socket_from_another_sites_page_is_refused(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        made = make(client, [{"kind": "me"}, {"kind": "friend"}]).json()
        game_id = made["game"]["id"]
        url = f"/ws/games/{game_id}"
        with client.websocket_connect(url, headers={"Origin": "https://evil.example"}) as socket:
            assert "other sites" in socket.receive_json()["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_json()
            assert closed.value.code == 4403
        with client.websocket_connect(url, headers={"Origin": "http://testserver"}) as socket:
            socket.send_json({"type": "hello"})
            assert socket.receive_json()["type"] == "view"


def test_too_many_sockets_from_one_address_are_refused(sqlite_url: str) -> None:
    limits = Limits(sockets_per_client=2)
    with serving(sqlite_url, limits=limits) as client:
        made = make(client, [{"kind": "me"}, {"kind": "friend"}]).json()
        game_id = made["game"]["id"]
        with seat_socket(client, game_id) as first, seat_socket(client, game_id) as second:
            assert first.receive_json()["type"] == second.receive_json()["type"] == "view"
            with seat_socket(client, game_id) as third:
                assert "at most 2 open at once" in third.receive_json()["message"]
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_json()
                assert closed.value.code == 4429
        with seat_socket(client, game_id) as again:  # the others closed: room again
            assert again.receive_json()["type"] == "view"


def test_health_says_what_is_up(sqlite_url: str) -> None:
    with serving(sqlite_url) as client:
        answer = client.get("/api/health")
        assert answer.status_code == 200
        assert answer.json() == {"database": "up", "workers": "up"}


# -- real server processes ------------------------------------------------------------


def children_of(pid: int) -> set[int]:
    """Every living process descended from ``pid``."""
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        parent = frontier.pop()
        for entry in Path("/proc").iterdir():
            if not entry.name.isdigit():
                continue
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == parent and int(entry.name) not in found:
                found.add(int(entry.name))
                frontier.add(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = (Path("/proc") / str(pid) / "stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def thinking_game(launcher: Launcher, server: Any) -> str:
    """A game whose bot (to move first) searches long, and one whose random bot answers."""
    made = server.post(
        "/api/games",
        {"game": "land-vs-sea", "seats": [{"kind": "bot", "agent": "mcts:600s"}, {"kind": "me"}]},
    )
    assert made.status_code == 201, made.text
    game_id: str = made.json()["game"]["id"]
    eventually(
        lambda: f"bot decision: game={game_id}" in server.output(),
        "the bot to start thinking",
        60,
        launcher.report,
    )
    return game_id


LONG_BOTS = ("--max-bot-budget", "600s")


def killed_leaves_none(launcher: Launcher, server: Any, family: set[int]) -> None:
    """``kill -9`` the server: every process of ``family`` ends within 10 s."""
    os.kill(server.pid, signal.SIGKILL)
    server.process.wait(timeout=10)
    eventually(
        lambda: not any(alive(pid) for pid in family),
        f"the processes {sorted(family)} to end",
        10,
        launcher.report,
    )


def test_kill_9_leaves_no_process_behind(launcher: Launcher, sqlite_url: str) -> None:
    server = launcher.start(["A"], sqlite_url, *LONG_BOTS)[0]
    thinking_game(launcher, server)
    family = children_of(server.pid)
    assert family, "the server has started its workers"
    killed_leaves_none(launcher, server, family)


def test_sigterm_ends_a_long_search_at_once_and_the_game_goes_on(
    launcher: Launcher, sqlite_url: str
) -> None:
    server = launcher.start(["A"], sqlite_url, *LONG_BOTS)[0]
    game_id = thinking_game(launcher, server)
    family = children_of(server.pid)
    started = time.monotonic()
    server.process.send_signal(signal.SIGTERM)
    try:
        server.process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        pytest.fail(f"SIGTERM did not end the server in 5 s\n{launcher.report()}")
    assert time.monotonic() - started < 5
    # Its workers are told by the kernel that it died: each ends once it runs again, which
    # on a busy machine may be a moment after the server has gone.
    eventually(
        lambda: not any(alive(pid) for pid in family),
        "the server's workers to end with it",
        5,
        launcher.report,
    )
    again = launcher.start(["B"], sqlite_url, *LONG_BOTS)[0]
    eventually(
        lambda: f"bot decision: game={game_id}" in again.output(),
        "the restarted server to take the bot's turn up again",
        60,
        launcher.report,
    )


def test_no_log_line_holds_a_token(launcher: Launcher, sqlite_url: str) -> None:
    server = launcher.start(["A"], sqlite_url)[0]
    made = server.post(
        "/api/games", {"game": "confusing-lands", "seats": [{"kind": "me"}, {"kind": "friend"}]}
    )
    assert made.status_code == 201
    game_id = made.json()["game"]["id"]
    tokens = [seat["token"] for seat in made.json()["seats"]]
    joined = server.post(f"/api/games/{game_id}/join", {"name": "Bea"}, tokens[1])
    tokens.append(joined.json()["token"])
    with Table(launcher.report) as table:
        players = [table.open(f"seat {i}", server, game_id, t) for i, t in enumerate(tokens[::2])]
        watcher = table.open("watcher", server, game_id)
        play_over_sockets(table, players, [watcher], __import__("random").Random(3))
    for token in tokens:
        server.get(f"/api/games/{game_id}/view", token)
    log = server.output()
    assert re.search(r"GET /api/games/\S+/view", log), "the access log is on"
    for token in tokens:
        assert token not in log
    assert isinstance(players[0], Socket)


def test_an_idle_game_stops_waking_its_bots_until_someone_returns(sqlite_url: str) -> None:
    with serving(sqlite_url, limits=dataclasses.replace(ROOMY, idle_seconds=0.3)) as client:
        bots = [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]
        made = make(client, bots, game="land-vs-sea").json()
        game_id = made["game"]["id"]
        hub = hub_of(client)
        eventually(lambda: not hub.bots_awake(game_id), "the idle game's bots to stop", 60)
        seen = client.get(f"/api/games/{game_id}").json()
        assert seen["status"] == "playing"
        stopped_at = client.get(f"/api/games/{game_id}/view").json()["seq"]
        assert not hub.bots_awake(game_id)
        with seat_socket(client, game_id) as watcher:  # someone returns: the bots play on
            assert watcher.receive_json()["type"] == "view"
            eventually(
                lambda: client.get(f"/api/games/{game_id}/view").json()["seq"] > stopped_at,
                "the bots to play on",
                30,
            )


def test_an_analysis_cut_short_by_kill_9_is_taken_up_after_the_restart(
    launcher: Launcher, sqlite_url: str
) -> None:
    slow = ("--analysis-budget", "3s")  # the last given wins: a whole game takes a minute
    server = launcher.start(["A"], sqlite_url, *slow)[0]
    bots = [{"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]
    made = server.post("/api/games", {"game": "confusing-lands", "seats": bots})
    game_id = made.json()["game"]["id"]
    eventually(
        lambda: server.json(f"/api/games/{game_id}")["status"] == "over",
        "the bots' game to end",
        60,
        launcher.report,
    )
    assert server.json(f"/api/games/{game_id}/analysis")["status"] == "pending"
    os.kill(server.pid, signal.SIGKILL)
    server.process.wait(timeout=10)
    again = launcher.start(["B"], sqlite_url)[0]  # the tests' quick budget
    eventually(
        lambda: again.json(f"/api/games/{game_id}/analysis")["status"] == "done",
        "the analysis to be taken up and done",
        60,
        launcher.report,
    )


def test_log_lines_can_be_json_objects(launcher: Launcher, sqlite_url: str) -> None:
    server = launcher.start(["A"], sqlite_url, "--log-format", "json")[0]
    made = server.post("/api/games", {"game": "confusing-lands", "seats": [{"kind": "me"}]})
    server.get(f"/api/games/{made.json()['game']['id']}")
    eventually(lambda: "/api/games" in server.output(), "the access log", 10)
    lines = [
        line
        for path in (server.stdout, server.stderr)
        for line in path.read_text().splitlines()
        if line.strip()
    ]
    parsed = [json.loads(line) for line in lines]  # every line is one JSON object
    assert all({"time", "level", "logger", "message"} <= set(line) for line in parsed)
    assert any("POST /api/games" in line["message"] for line in parsed)
    assert any("open http://localhost" in line["message"] for line in parsed)


def test_an_admin_token_made_by_the_command_is_kept_hashed(sqlite_url: str) -> None:
    from typer.testing import CliRunner

    from tablelands.cli import app

    made = CliRunner().invoke(app, ["admin-token", "--db", sqlite_url])
    assert made.exit_code == 0, made.output
    token = made.stdout.strip().splitlines()[0]
    stored = Path(sqlite_url.removeprefix("sqlite:///")).read_bytes()
    assert token.encode() not in stored  # only its hash
    with serving(sqlite_url, admin=None) as client:
        assert client.get("/api/admin/games", headers=bearer(token)).status_code == 200
        assert client.get("/api/admin/games", headers=bearer("guess")).status_code == 403
        again = CliRunner().invoke(app, ["admin-token", "--db", sqlite_url])
        assert client.get("/api/admin/games", headers=bearer(token)).status_code == 403
        fresh = again.stdout.strip().splitlines()[0]
        assert client.get("/api/admin/games", headers=bearer(fresh)).status_code == 200


def test_hints_from_one_address_meet_their_quota(sqlite_url: str) -> None:
    limits = dataclasses.replace(ROOMY, hints_per_window=2)
    with serving(sqlite_url, limits=limits, hint_budget="5it") as client:
        made = make(client, [{"kind": "me"}, {"kind": "friend"}]).json()
        game_id, token = made["game"]["id"], made["seats"][0]["token"]
        route = f"/api/games/{game_id}/hint"
        for _ in range(2):
            assert client.post(route, json={"seq": 0}, headers=bearer(token)).status_code == 200
        refused = client.post(route, json={"seq": 0}, headers=bearer(token))
        assert refused.status_code == 429 and "hints: at most 2" in refused.json()["message"]
        assert int(refused.headers["Retry-After"]) > 0


@pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
def test_kill_9_of_several_processes_supervisor_leaves_none_behind(
    launcher: Launcher, database_url: str
) -> None:
    server = launcher.start(["A"], database_url, "--processes", "2", *LONG_BOTS)[0]
    thinking_game(launcher, server)
    family = children_of(server.pid)
    assert len(family) >= 4, "two server processes, and a worker and its tracker at least"
    killed_leaves_none(launcher, server, family)


def test_a_test_seed_makes_the_games_seeds_again_and_none_makes_them_secret(
    tmp_path: Path,
) -> None:
    def seeds(name: str, **settings: Any) -> list[int]:
        url = f"sqlite:///{tmp_path / name}.db"
        with serving(url, **settings) as client:
            for _ in range(3):
                make(client, [{"kind": "me"}])
            store = hub_of(client).store
            return [store.setup(game_id).setup.seed for game_id in store.game_ids()]

    assert seeds("a", test_seeds=7) == seeds("b", test_seeds=7)
    assert seeds("c", test_seeds=7) != seeds("d", test_seeds=8)
    assert seeds("e") != seeds("f")
    # The first seeds given come first, in order, then the seeded stream's.
    assert seeds("g", test_seeds=7, test_first_seeds=(11, 12)) == [
        11,
        12,
        seeds("h", test_seeds=7)[0],
    ]
    with pytest.raises(ValueError, match="test_first_seeds: a seed is between 0 and 2"):
        Settings(database_url="sqlite://", admin_token="t", test_first_seeds=(2**63,))
