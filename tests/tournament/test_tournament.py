"""Tournaments: the same games whatever the worker count, an interrupted one resumed to
exactly the uninterrupted results, ratings that put the stronger agent first, and the
command's table and errors."""

from __future__ import annotations

import sqlite3
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablelands.cli import app
from tablelands.tournament import commands
from tablelands.tournament.backends import LocalBackend, make_backend
from tablelands.tournament.play import Job, Table, play
from tablelands.tournament.ratings import agent_figures, ranks
from tablelands.tournament.results import GameResult, ResultsFile
from tablelands.tournament.runner import run_tournament
from tablelands.tournament.schedule import TournamentError
from tablelands.tournament.stats import wilson
from tests.tournament.helpers import GAME, SPEC, play_all

runner = CliRunner()


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200"})
    return result.exit_code, result.output + (result.stderr if result.stderr_bytes else "")


def test_one_worker_and_two_play_the_same_games(tmp_path: Path) -> None:
    one = play_all(tmp_path / "one.db", LocalBackend(1))
    two = play_all(tmp_path / "two.db", LocalBackend(2))
    assert one == two
    assert [r.index for r in one] == list(range(SPEC.total))
    assert len({tuple(r.scores) for r in one}) > 1  # games of their own seeds, not one game
    assert all(r.standings[0]["total"] == r.scores[0] for r in one)
    assert all(r.moves > 50 and r.tournament == SPEC.key for r in one)


def test_an_interrupted_tournament_resumes_to_the_uninterrupted_results(tmp_path: Path) -> None:
    whole = play_all(tmp_path / "whole.db", LocalBackend(2))
    path = tmp_path / "broken.db"

    def interrupt(chunk: list[GameResult]) -> None:
        raise KeyboardInterrupt

    with ResultsFile(path) as results, pytest.raises(KeyboardInterrupt):
        run_tournament(SPEC, GAME, GAME.default_edition(), results, LocalBackend(2), interrupt)
    with ResultsFile(path) as results:
        kept = len(results.done(SPEC.key))
    assert 0 < kept < SPEC.total
    assert play_all(path, LocalBackend(2)) == whole


def test_the_command_stops_on_ctrl_c_says_how_to_resume_and_resumes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "t.db"
    args = ("tournament", "drifting-lands", "-a", "random,random", "-n", "4", "-w", "1")
    real = commands.run_tournament

    def interrupted(*given: object) -> None:
        def stop(chunk: list[GameResult]) -> None:
            raise KeyboardInterrupt

        real(*given[:5], stop)  # type: ignore[arg-type]

    monkeypatch.setattr(commands, "run_tournament", interrupted)
    code, out = run(*args, "--results", str(path))
    assert code == 130
    assert f"Stopped: 1 of 4 games are stored in {path}; run the same command again" in out
    monkeypatch.setattr(commands, "run_tournament", real)
    code, out = run(*args, "--results", str(path))
    assert code == 0 and "4 games, 2 players, round-robin" in out
    with ResultsFile(path) as results:
        (key,) = results.tournaments()
        assert results.done(key) == {0, 1, 2, 3}


def test_ratings_put_greedy_above_random_and_the_table_shows_wilson_intervals(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.db"
    code, out = run(
        "tournament", "drifting-lands", "-a", "random,greedy", "-n", "6", "-w", "2",
        "--results", str(path), "--seed", "3",
    )  # fmt: skip
    assert code == 0, out
    with ResultsFile(path) as results:
        stored = list(results.results())
    greedy, random = agent_figures(stored)
    assert (greedy.agent, random.agent) == ("greedy", "random")
    assert greedy.ordinal > random.ordinal and greedy.mu > 25 > random.mu
    won = sum(r.returns[r.seats.index("greedy")] for r in stored)
    assert won >= 5  # greedy wins nearly every game (a quick simulate shows 100%)
    rows = {
        line.split()[1]: line
        for line in out.splitlines()
        if "│ greedy" in line or "│ random" in line
    }
    for agent, wins in (("greedy", won), ("random", 6 - won)):
        interval = wilson(wins, 6)
        assert f"[{interval.low:.1%}, {interval.high:.1%}]" in rows[agent]
        assert f"{interval.share:.1%}" in rows[agent]
    # The same command on the finished file plays nothing and prints the same table.
    again_code, again = run(
        "tournament", "drifting-lands", "-a", "random,greedy", "-n", "6", "-w", "2",
        "--results", str(path), "--seed", "3",
    )  # fmt: skip
    assert again_code == 0 and "playing" not in again
    assert again.splitlines()[-6:] == out.splitlines()[-6:]


def test_ranks_follow_returns_then_scores_with_ties_shared() -> None:
    result = play(Table.of(SPEC, GAME, GAME.default_edition()), Job(0, 5, ("random", "random")))
    assert ranks(result) == ([0, 1] if result.returns[0] > result.returns[1] else [1, 0])
    assert ranks(replace(result, returns=[0.5, 0.5], scores=[10, 10])) == [0, 0]
    three = replace(result, players=3, returns=[0.0, 1.0, 0.0], scores=[5, 9, 7])
    assert ranks(three) == [2, 0, 1]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("-a", "greedy,wizard"), "no agent 'wizard'"),
        (("-a", "greedy,random", "-o", "teams=maybe"), "option 'teams' takes on/off, not 'maybe'"),
        (("-a", "greedy,random", "-o", "colour=red"), "drifting-lands has no option 'colour'"),
        (("-a", "greedy,random", "-p", "3"), "needs at least 3 agents, not 2"),
        (("-a", "greedy,random", "--format", "swiss"), "format 'swiss': use one of"),
        (("-a", "greedy,random", "--backend", "slurm"), "--backend 'slurm': use one of local, ray"),
        (("-a", "greedy,random", "--address", "host:1"), "--address is for --backend ray"),
    ],
)
def test_bad_tournaments_are_refused_naming_what_is_wrong(
    tmp_path: Path, args: tuple[str, ...], message: str
) -> None:
    code, out = run("tournament", "drifting-lands", *args, "--results", str(tmp_path / "t.db"))
    assert code == 2 and "error:" in out and message in out
    assert not (tmp_path / "t.db").exists()  # refused before the results file is made


def test_results_files_that_cannot_be_written_or_are_not_ours_are_refused(tmp_path: Path) -> None:
    base = ("tournament", "drifting-lands", "-a", "random,random", "-n", "1", "--results")
    text = tmp_path / "notes.txt"
    text.write_text("not a database")
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("create table accounts (name text)")
    cases = [
        (tmp_path, f"{tmp_path}: is a folder; give a file name"),
        (text / "t.db", f"{text / 't.db'}: cannot write: {text} is not a folder"),
        (text, f"{text}: not a results file"),
        (other, f"{other}: a results file of version 0, not 1, or another SQLite database"),
    ]
    for path, message in cases:
        code, out = run(*base, str(path))
        assert code == 2 and message in out, out
        assert "playing" not in out
    assert text.read_text() == "not a database"


def test_the_ray_backend_asked_for_without_ray_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # import ray now fails as if not installed
    with pytest.raises(TournamentError, match=r"needs Ray: pip install 'tablelands\[ray\]'"):
        make_backend("ray", 2)
