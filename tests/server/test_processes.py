"""Several server processes on one PostgreSQL database: real ``tablelands serve`` processes
(``tests/server/served.py``), each seat of a game on its own process.

Every frame reaches every socket of every process in order and passes the secrecy check
against the true state rebuilt from the database rows; an invite link used on one process
is refused on the other; each bot decision is searched once across processes; a process
killed mid-game is taken over by the other; a second process on one SQLite file refuses to
start; a game has one rematch; presence is shared."""

from __future__ import annotations

import contextlib
import os
import random
import re
import signal
import subprocess
import threading
import time
from collections import Counter, defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import httpx
import pytest

from tablelands.core.match import Move
from tests.server.secrecy import check_public_frame, check_seat_frame
from tests.server.served import (
    RECEIVE,
    Json,
    Launcher,
    Server,
    Socket,
    Table,
    Truth,
    bot_move_seqs,
    count_moves,
    eventually,
    finish_over_rest,
    play_over_sockets,
    read_truth,
    rematches_of,
    rest_turn,
    status_of,
)

#: ``database_url`` made in the PostgreSQL cluster only (``tests/server/conftest.py``).
ON_POSTGRES = pytest.mark.parametrize("database_url", ["postgresql"], indirect=True)
TITLES = ["confusing-lands", "land-vs-sea", "drifting-lands"]
#: What each process logs as it starts a bot's search (logger ``tablelands.server.bots``).
BOT_DECISION = re.compile(r"bot decision: game=([A-Za-z0-9_-]+) seq=(\d+)")


def two_processes(launcher: Launcher, database_url: str) -> tuple[Server, Server]:
    assert database_url.startswith("postgresql+psycopg://")
    a, b = launcher.start(["A", "B"], database_url)
    return a, b


def me(name: str = "Ann") -> Json:
    return {"kind": "me", "name": name}


def bot(agent: str = "random") -> Json:
    return {"kind": "bot", "agent": agent}


def create(server: Server, game: str, seats: list[Json]) -> tuple[str, dict[int, str]]:
    """A new game made through ``server``: its id and the token of each seat a person plays."""
    answer = server.post("/api/games", {"game": game, "seats": seats})
    assert answer.status_code == 201, f"{server.name}: {answer.text}"
    made = answer.json()
    return made["game"]["id"], {seat["seat"]: seat["token"] for seat in made["seats"]}


def check_frames(socket: Socket, truth: Truth, seat: int | None, since: int | None = None) -> int:
    """Every view frame ``socket`` got, in order, is what the seat (``None``: a spectator)
    may know of the true game at the frame's seq, with the log lines after the previous
    frame's; the first frame's are those after ``since``, the socket's, or every line for a
    socket opened without one (``since`` 0 too: the opening lines, at seq 0, are in it).
    The seqs strictly increase. The last seq."""
    seqs = [frame["seq"] for frame in socket.views]
    assert seqs == sorted(set(seqs)), f"{socket.name}: the view frames' seqs {seqs}"
    since = since or -1
    for frame in socket.views:
        seq = frame["seq"]
        try:
            state, lines = truth.state_at(seq), truth.lines_at(seat, seq)
            if seat is None:
                check_public_frame(frame, state, seq, lines, since)
            else:
                check_seat_frame(frame, state, seq, lines, seat, since)
        except AssertionError as exc:
            exc.add_note(f"{socket.name}: the frame at seq {seq} (previous: {since})")
            raise
        since = seq
    return since


def whole_log(server: Server, game_id: str, token: str | None) -> list[Json]:
    """The log lines of a fresh ``GET .../view?since=0`` (lines of undone moves dropped)."""
    view = server.json(f"/api/games/{game_id}/view?since=0", token)
    undone = set(view.get("undone", []))
    return [line for line in view["log"] if line["seq"] not in undone]


#: A socket, its seat (``None``: a spectator's) and its token.
Seen = tuple[Socket, int | None, str | None]


def check_finished_game(
    database_url: str,
    game_id: str,
    seen: Sequence[Seen],
    servers: Sequence[Server],
) -> Truth:
    """``seen``: each socket, its seat (``None``: a spectator) and token. Every frame passes
    the secrecy check against the game rebuilt from the database; the first frame carries
    the opening lines; the last is the end; the log lines received, concatenated, are those
    of a fresh ``GET .../view?since=0`` through every process, no gap and no duplicate."""
    truth = read_truth(database_url, game_id)
    assert truth.states[-1].is_terminal and truth.status == "over"
    for socket, seat, token in seen:
        opening = truth.lines_at(seat, 0)
        assert opening, "a game has opening lines"
        first = socket.views[0]["log"]
        assert first[: len(opening)] == opening, f"{socket.name}: the opening lines: {first}"
        last = check_frames(socket, truth, seat)
        assert last == truth.seq and socket.last["is_over"], f"{socket.name} missed the end"
        received = socket.log()
        assert received == truth.lines_at(seat, truth.seq)
        for server in servers:
            assert received == whole_log(server, game_id, token), (
                f"{socket.name}: the lines received differ from {server.name}'s view?since=0"
            )
    return truth


# -- 1. whole games, each seat on its own process ---------------------------------


@ON_POSTGRES
@pytest.mark.parametrize("title", TITLES)
def test_whole_games_with_each_seat_on_another_process(
    database_url: str, launcher: Launcher, title: str
) -> None:
    """Two people (seat 1's socket and REST on A, seat 2's on B, the friend joining on B),
    then a person on B against a random bot, a spectator socket on each process: every
    frame reaches every socket in seq order and passes the secrecy check."""
    a, b = two_processes(launcher, database_url)
    rng = random.Random(f"whole games {title}")
    game_id, tokens = create(a, title, [me(), {"kind": "friend"}])
    joined = b.post(f"/api/games/{game_id}/join", {"name": "Bea"}, tokens[1])
    assert joined.status_code == 200, joined.text
    tokens[1] = joined.json()["token"]
    with Table(launcher.report) as table:
        first = table.open("seat 1 on A", a, game_id, tokens[0])
        second = table.open("seat 2 on B", b, game_id, tokens[1])
        watchers = [table.open(f"spectator on {s.name}", s, game_id) for s in (a, b)]
        play_over_sockets(table, [first, second], watchers, rng)
    seen: list[Seen] = [(first, 0, tokens[0]), (second, 1, tokens[1])]
    seen += [(watcher, None, None) for watcher in watchers]
    check_finished_game(database_url, game_id, seen, [a, b])

    game_id, tokens = create(a, title, [me(), bot("random")])
    with Table(launcher.report) as table:
        person = table.open("seat 1 on B", b, game_id, tokens[0])
        watchers = [table.open(f"spectator on {s.name}", s, game_id) for s in (a, b)]
        play_over_sockets(table, [person], watchers, rng)
    seen = [(person, 0, tokens[0]), *((watcher, None, None) for watcher in watchers)]
    truth = check_finished_game(database_url, game_id, seen, [a, b])
    assert truth.bot_moves() and all(move.seat == 1 for move in truth.bot_moves())


# -- 2. invite links ----------------------------------------------------------------


@ON_POSTGRES
def test_an_invite_link_used_on_one_process_is_refused_on_the_other(
    database_url: str, launcher: Launcher
) -> None:
    a, b = two_processes(launcher, database_url)
    game_id, tokens = create(a, "confusing-lands", [me(), {"kind": "friend"}])
    invite = tokens[1]
    # B knows the game and the link before it is used.
    assert [s["invited"] for s in b.json(f"/api/games/{game_id}")["seats"]] == [False, True]
    before = b.get(f"/api/games/{game_id}/view", invite)
    assert before.status_code == 200 and before.json()["seat"] == 1, before.text

    joined = a.post(f"/api/games/{game_id}/join", {"name": "Bea"}, invite)
    assert joined.status_code == 200, joined.text
    new = joined.json()["token"]
    assert new != invite
    for server in (b, a):  # B first: at its very next request
        view = server.get(f"/api/games/{game_id}/view", invite)
        assert view.status_code == 403, f"{server.name}: the used link: {view.text}"
        assert "already used: Bea took seat 2" in view.json()["message"]
        again = server.post(f"/api/games/{game_id}/join", {"name": "Eve"}, invite)
        assert again.status_code == 403, f"{server.name}: joining by the used link: {again.text}"
        assert "already used: Bea took seat 2" in again.json()["message"]
        view = server.get(f"/api/games/{game_id}/view", new)
        assert view.status_code == 200 and view.json()["seat"] == 1, view.text
        seats = server.json(f"/api/games/{game_id}")["seats"]
        assert (seats[1]["name"], seats[1]["invited"]) == ("Bea", False), seats

    # A rename through either process shows on both.
    for server, name in ((b, "Beatrice"), (a, "Bee")):
        renamed = server.post(f"/api/games/{game_id}/join", {"name": name}, new)
        assert renamed.status_code == 200, renamed.text
        assert renamed.json()["token"] == new
        for other in (a, b):
            names = [s["name"] for s in other.json(f"/api/games/{game_id}")["seats"]]
            assert names[1] == name, f"{other.name} after the rename on {server.name}: {names}"
    assert b.post(f"/api/games/{game_id}/join", {"name": "Eve"}, invite).status_code == 403


# -- 3. bot decisions ---------------------------------------------------------------


@ON_POSTGRES
def test_each_bot_decision_is_searched_exactly_once(database_url: str, launcher: Launcher) -> None:
    """20 games of bots only and 2 with a person (played over REST through both processes),
    made half through each process: each process logs ``bot decision: game=<id> seq=<n>``
    as it starts a bot's search; across both logs every decision is there once, and there
    are as many as bot moves in the database."""
    servers = two_processes(launcher, database_url)
    # 16 games of Confusing Lands (16 moves), 2 of Drifting Lands and 2 of Land vs Sea (over
    # 100 moves each): some 700 bot decisions.
    kinds = ["confusing-lands"] * 16 + ["drifting-lands", "land-vs-sea"] * 2
    pairs = [("random", "greedy"), ("greedy", "random"), ("random", "random")]
    bots_only = [
        create(servers[n % 2], kind, [bot(agent) for agent in pairs[n % 3]])[0]
        for n, kind in enumerate(kinds)
    ]
    people: dict[str, str] = {}  # the games with a person still on: their token
    for n, server in enumerate(servers):
        game_id, tokens = create(server, "confusing-lands", [me(), bot(pairs[n][1])])
        people[game_id] = tokens[0]
    ours = {*bots_only, *people}
    rng = random.Random("bot decisions")
    playing = set(bots_only)  # the bots-only games not seen over yet
    deadline = time.monotonic() + 180
    turn = 0
    while playing or people:
        server = servers[turn % 2]
        for game_id, token in list(people.items()):
            if rest_turn(server, game_id, token, rng):
                del people[game_id]
        for game_id in sorted(playing):  # up to the first still on: few requests
            if server.json(f"/api/games/{game_id}")["status"] != "over":
                break
            playing.discard(game_id)
        if time.monotonic() > deadline:
            pytest.fail(f"games still on after 180 s: {playing | set(people)}\n{launcher.report()}")
        turn += 1
        time.sleep(0.25)

    decisions: Counter[tuple[str, int]] = Counter()
    where: defaultdict[tuple[str, int], list[str]] = defaultdict(list)
    for server in servers:
        for found in BOT_DECISION.finditer(server.stderr.read_text(errors="replace")):
            key = (found[1], int(found[2]))
            if key[0] in ours:
                decisions[key] += 1
                where[key].append(server.name)
    twice = {key: where[key] for key, count in decisions.items() if count > 1}
    assert not twice, f"bot decisions searched more than once: {sorted(twice.items())[:20]}"
    total = 0
    for game_id in sorted(ours):
        moves = bot_move_seqs(database_url, game_id)
        total += len(moves)
        logged = sorted(seq for (game, seq) in decisions if game == game_id)
        assert len(logged) == len(moves), (
            f"game {game_id}: {len(logged)} bot searches logged, {len(moves)} bot moves"
        )
        # The seq logged is the decision's: that of the move, or of the position it was
        # played in.
        assert logged in (moves, [seq - 1 for seq in moves]), (
            f"game {game_id}: bot searches at {logged}, bot moves at {moves}"
        )
    assert total == sum(decisions.values()) and total >= 20 * 16


# -- 4. a process killed mid-game ----------------------------------------------------


def my_turn(socket: Socket) -> bool:
    """The socket's last view is its seat's turn, not yet answered, or the end."""
    if not socket.views:
        return False
    view = socket.last
    return bool(view["is_over"] or (view["to_act"] and view["seq"] not in socket.sent))


@ON_POSTGRES
def test_a_process_killed_mid_game_is_taken_over_by_the_other(
    database_url: str, launcher: Launcher
) -> None:
    """A person plays a random bot through A while two greedy bots play; A is killed
    (SIGKILL): within 10 s B plays the bots on, the person's socket reconnected to B with
    ``since`` loses no move and no line, and the bot answers every move sent through B."""
    a, b = two_processes(launcher, database_url)
    rng = random.Random("killed")
    game_id, tokens = create(a, "confusing-lands", [me(), bot("random")])
    token = tokens[0]
    with Table(launcher.report) as table:
        on_a = table.open("seat 1 on A", a, game_id, token)
        for _ in range(3):
            table.wait(lambda: my_turn(on_a), "seat 1's turn on A")
            on_a.move(rng)
        table.wait(lambda: my_turn(on_a), "seat 1's turn on A")
        bots_id, _ = create(a, "land-vs-sea", [bot("greedy"), bot("greedy")])
        eventually(lambda: count_moves(database_url, bots_id) >= 3, "the bots' first moves", 30)
        # A move of the person, acknowledged by A; the bot's answer may be under way.
        sent = on_a.last["seq"]
        on_a.move(rng)
        table.wait(lambda: on_a.last["seq"] > sent, "A's acknowledgement of the move")

        os.kill(a.pid, signal.SIGKILL)
        killed = time.monotonic()
        a.process.wait(timeout=10)
        assert status_of(database_url, bots_id) == "playing", (
            "the bots' game ended before A was killed: the test cannot see it taken over"
        )
        moves = count_moves(database_url, bots_id)
        eventually(
            lambda: count_moves(database_url, bots_id) > moves,
            f"B to play on the bots' game ({moves} moves when A was killed), at most 10 s",
            10 - (time.monotonic() - killed),
            launcher.report,
        )

        table.wait(lambda: on_a.closed, "A's socket to be closed", timeout=10)
        on_b = table.open("seat 1 on B", b, game_id, token, since=on_a.last["seq"])
        table.wait(lambda: my_turn(on_b), "seat 1's turn on B (B answering for the bot)")
        while not on_b.last["is_over"]:
            on_b.move(rng)
            table.wait(lambda: my_turn(on_b), "the bot's answer to a move sent through B", 10)

    truth = read_truth(database_url, game_id)
    assert truth.states[-1].is_terminal
    # No move acknowledged was lost: each is in the database, as sent.
    for seq, action in [*on_a.sent.items(), *on_b.sent.items()]:
        assert truth.moves[seq] == Move(seq + 1, 0, action), f"the move sent at seq {seq}"
    assert on_b.views[0]["seq"] >= on_a.last["seq"]
    since = check_frames(on_a, truth, 0)
    check_frames(on_b, truth, 0, since)
    received = on_a.log() + on_b.log()
    assert received == whole_log(b, game_id, token) == truth.lines_at(0, truth.seq)

    # B plays the bots' game to its end, each move by the seat to act (read_truth checks).
    eventually(
        lambda: b.json(f"/api/games/{bots_id}")["status"] == "over",
        "the bots' game to end on B",
        120,
        launcher.report,
    )
    bots = read_truth(database_url, bots_id)
    assert bots.states[-1].is_terminal and b.json(f"/api/games/{bots_id}")["seq"] == bots.seq


# -- 5. SQLite is one process's ------------------------------------------------------


def exit_code(server: Server, timeout: float) -> int:
    """The process's exit code; fail if it still runs after ``timeout`` seconds."""
    code: int | None = None
    with contextlib.suppress(subprocess.TimeoutExpired):
        code = server.process.wait(timeout=timeout)
    if code is None:
        pytest.fail(f"{server.name} still runs after {timeout:.0f} s:\n{server.output()}")
    return code


def test_a_second_process_on_one_sqlite_file_refuses_to_start(
    sqlite_url: str, launcher: Launcher, tmp_path: Path
) -> None:
    (first,) = launcher.start(["first"], sqlite_url)
    second = launcher.spawn("second", sqlite_url)
    code = exit_code(second, 20)
    said = second.output().lower()
    assert code != 0, said
    assert "another process" in said and "postgresql" in said, said
    # The first goes on.
    assert first.process.poll() is None
    assert first.get("/api/games/catalog").status_code == 200

    several = launcher.spawn("processes", f"sqlite:///{tmp_path / 'other.db'}", "--processes", "2")
    code = exit_code(several, 20)
    said = several.output().lower()
    assert code != 0, said
    assert "postgresql" in said and "no such option" not in said, said


# -- 6. one rematch ------------------------------------------------------------------


@ON_POSTGRES
def test_a_game_has_at_most_one_rematch(database_url: str, launcher: Launcher) -> None:
    """Rematch asked of a finished game on A and B at once, several times over: one new
    game, named by every answer."""
    a, b = two_processes(launcher, database_url)
    game_id, tokens = create(a, "confusing-lands", [me(), bot("random")])
    token = tokens[0]
    finish_over_rest([a, b], game_id, token, random.Random("rematch"))
    answers: list[tuple[str, int, Any]] = []
    lock = threading.Lock()

    def ask(server: Server, barrier: threading.Barrier) -> None:
        try:
            barrier.wait(timeout=RECEIVE)
            answer = server.post(f"/api/games/{game_id}/rematch", None, token)
            got: tuple[str, int, Any] = (server.name, answer.status_code, answer.json())
        except (httpx.HTTPError, ValueError, threading.BrokenBarrierError) as exc:
            got = (server.name, -1, repr(exc))
        with lock:
            answers.append(got)

    for _round in range(3):
        barrier = threading.Barrier(8)
        threads = [
            threading.Thread(target=ask, args=(server, barrier))
            for server in (a, b, a, b, a, b, a, b)
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=2 * RECEIVE)
    assert len(answers) == 24
    # (process, status, the new game's id or the refusal)
    told = [
        (name, code, body["game"]["id"] if code in (200, 201) else body)
        for name, code, body in answers
    ]
    assert all(code in (200, 201) for _, code, _ in answers), told
    named = {body["game"]["id"] for _, _, body in answers}
    assert len(named) == 1, f"{len(named)} rematches: {told}"
    (new,) = named
    assert new != game_id
    for server in (a, b):
        assert server.json(f"/api/games/{game_id}")["rematch"] == new
        assert server.json(f"/api/games/{new}")["rematch_of"] == game_id
        assert server.get(f"/api/games/{new}/view", token).status_code == 200
    assert rematches_of(database_url, game_id) == [new]


# -- 7. presence ---------------------------------------------------------------------


def connected(seats: list[Json]) -> list[bool]:
    return [bool(seat["connected"]) for seat in seats]


@ON_POSTGRES
def test_presence_is_shown_by_every_process(database_url: str, launcher: Launcher) -> None:
    a, b = two_processes(launcher, database_url)
    game_id, tokens = create(a, "land-vs-sea", [me(), {"kind": "hotseat", "name": "Bob"}])

    def summary(server: Server) -> list[bool]:
        return connected(server.json(f"/api/games/{game_id}")["seats"])

    with Table(launcher.report) as table:
        one = table.open("seat 1 on A", a, game_id, tokens[0])
        table.wait(lambda: bool(one.views), "seat 1's first view on A")
        two = table.open("seat 2 on B", b, game_id, tokens[1])
        watchers = [table.open(f"spectator on {s.name}", s, game_id) for s in (a, b)]
        sockets = [one, two, *watchers]
        table.wait(
            lambda: all(connected(s.seats) == [True, True] for s in sockets),
            "every socket to show both seats connected",
            10,
        )
        eventually(
            lambda: summary(a) == summary(b) == [True, True],
            "both processes to show both seats connected",
            10,
            launcher.report,
        )
        two.close()
        table.wait(
            lambda: all(connected(s.seats) == [True, False] for s in (one, *watchers)),
            "the other sockets to show seat 2 gone",
            10,
        )
        eventually(
            lambda: summary(a) == summary(b) == [True, False],
            "both processes to show seat 2 gone",
            10,
            launcher.report,
        )
