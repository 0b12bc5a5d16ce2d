"""The ``tablelands`` command with bad files and output paths (issue 14): every failure is an
error message naming the path, with exit code 2, never a traceback; output paths are checked
before the long job."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from tablelands.cli import app
from tablelands.core.rng import SEED_LIMIT
from tablelands.games import get_game

runner = CliRunner()


def run(*args: str, input: str | None = None) -> tuple[int, str, BaseException | None]:
    result = runner.invoke(app, list(args), input=input)
    output = result.output + (result.stderr if result.stderr_bytes else "")
    output = " ".join(output.split())  # the console wraps long lines
    problem = None if isinstance(result.exception, SystemExit) else result.exception
    return result.exit_code, output, problem


def test_replay_of_deeply_nested_json_is_an_error_message(tmp_path: Path) -> None:
    path = tmp_path / "deep.json"
    path.write_text("[" * 100_000 + "]" * 100_000)
    code, out, problem = run("replay", str(path))
    assert problem is None and code == 2 and "deep.json: nested 100000 levels deep" in out


def test_edition_validate_of_a_huge_number_is_an_error_message(tmp_path: Path) -> None:
    path = tmp_path / "num.json"
    path.write_text('{"game": "confusing-lands", "x": ' + "7" * 5_000 + "}")
    code, out, problem = run("edition", "validate", str(path))
    assert problem is None and code == 2 and "num.json: refused: a number of 5000 digits" in out
    code, out, problem = run("replay", str(path))
    assert problem is None and code == 2 and "num.json" in out


def test_replay_refuses_a_record_with_its_end_nulled(tmp_path: Path) -> None:
    code, _, _ = run("simulate", "confusing-lands", "-n", "1", "--out", str(tmp_path))
    assert code == 0
    path = next(tmp_path.glob("*.json"))
    data = json.loads(path.read_text())
    data.update(final=None, scores=[999, 0])
    path.write_text(json.dumps(data))
    code, out, problem = run("replay", str(path))
    assert problem is None and code == 2 and "final: the game is over" in out


def test_simulate_out_must_be_a_folder(tmp_path: Path) -> None:
    target = tmp_path / "records.json"
    target.write_text("keep")
    code, out, problem = run("simulate", "confusing-lands", "-n", "2", "--out", str(target))
    assert problem is None and code == 2 and "records.json: is a file, not a folder" in out
    assert "Result" not in out and target.read_text() == "keep"  # refused before any game
    code, out, problem = run("simulate", "confusing-lands", "-n", "2", "--out", str(target / "x"))
    assert problem is None and code == 2 and "is not a folder" in out


def test_simulate_out_folder_is_made(tmp_path: Path) -> None:
    out_dir = tmp_path / "a" / "b"
    code, out, _ = run("simulate", "confusing-lands", "-n", "2", "--out", str(out_dir))
    assert code == 0, out
    assert len(list(out_dir.glob("game-*.json"))) == 2
    assert not list(out_dir.glob(".*"))  # no temporary files left


def test_edition_export_makes_missing_folders_and_keeps_the_hash(tmp_path: Path) -> None:
    for name in ("confusing-lands", "land-vs-sea", "drifting-lands"):
        out = tmp_path / "missing" / "dir" / f"{name}.json"
        code, text, problem = run("edition", "export", name, str(out))
        assert problem is None and code == 0, text
        code, text, _ = run("edition", "validate", str(out))
        assert code == 0 and get_game(name).default_edition().content_hash in text


def test_edition_export_to_a_folder_or_under_a_file_is_an_error(tmp_path: Path) -> None:
    code, out, problem = run("edition", "export", "confusing-lands", str(tmp_path))
    assert problem is None and code == 2 and "is a folder; give a file name" in out
    blocker = tmp_path / "file"
    blocker.write_text("")
    code, out, problem = run("edition", "export", "confusing-lands", str(blocker / "e.json"))
    assert problem is None and code == 2 and "is not a folder" in out


def test_play_record_path_is_checked_before_the_game(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    for target in (blocker / "game.json", tmp_path):
        code, out, problem = run(
            "play", "confusing-lands", "--solo", "--seed", "1", "--record", str(target), input=""
        )
        assert problem is None and code == 2
        assert "is not a folder" in out or "is a folder; give a file name" in out
        assert "Landscape" not in out and "round" not in out.lower()


def test_seeds_out_of_range_are_refused(tmp_path: Path) -> None:
    for seed in ("-1", str(SEED_LIMIT)):
        code, out, problem = run("play", "confusing-lands", "--solo", "--seed", seed, input="")
        assert problem is None and code == 2 and "--seed" in out
    code, out, problem = run(
        "simulate", "confusing-lands", "-n", "2", "--seed", str(SEED_LIMIT - 1)
    )
    assert problem is None and code == 2 and "over 2^63 - 1" in out
