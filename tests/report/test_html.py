"""The report page: self-contained (nothing fetched, every chart embedded), every section
there; and the command's errors, each naming the file and what is wrong."""

from __future__ import annotations

import base64
import re
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tablelands.report
from tablelands.cli import app
from tablelands.report import ReportError, write_report
from tablelands.tournament.results import ResultsFile
from tests.report.handmade import write_handmade

runner = CliRunner()
PNG = b"\x89PNG\r\n\x1a\n"


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> str:
    folder = tmp_path_factory.mktemp("html")
    write_handmade(folder / "results.db")
    result = runner.invoke(
        app, ["report", str(folder / "results.db"), "--out", str(folder / "r.html")]
    )
    assert result.exit_code == 0, result.output
    assert "Report of 7 games written to" in result.output
    return (folder / "r.html").read_text(encoding="utf-8")


def test_the_page_is_self_contained(page: str) -> None:
    assert not re.search(r"https?:", page)
    assert "@import" not in page and "url(" not in page
    references = re.findall(r'\b(?:src|href)="([^"]*)"', page)
    images = re.findall(r'<img src="data:image/png;base64,([^"]+)"', page)
    assert len(images) == len([r for r in references if r.startswith("data:")]) >= 2 * 5
    assert all(ref.startswith(("data:image/png;base64,", "#")) for ref in references)
    for data in images:
        assert base64.b64decode(data, validate=True).startswith(PNG)
    assert "<script" not in page and "<link" not in page
    # Every in-page link lands on a section of the page.
    ids = set(re.findall(r'\bid="([^"]+)"', page))
    assert {ref[1:] for ref in references if ref.startswith("#")} <= ids


def test_every_section_is_there(page: str) -> None:
    for group in ("confusing-lands-2p", "land-vs-sea-4p"):
        for section in ("scores", "wins", "first-player", "length"):
            assert f'id="{group}-{section}"' in page
    for breakdown in (
        "confusing-lands-2p-breakdown-points-by-condition",
        "confusing-lands-2p-breakdown-points-by-source",
        "confusing-lands-2p-breakdown-points-from-the-shared-condition",
        "land-vs-sea-4p-breakdown-points-by-kind",
    ):
        assert f'id="{breakdown}"' in page
    assert "<h4>By side</h4>" in page and "Sea" in page
    assert "Seat 1 takes" not in page and "seat 1 takes 62.5% of the wins" in page
    assert "Mighty River" in page and "Trade routes" not in page  # no one scored any


def cli(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["report", *args])
    return result.exit_code, " ".join(result.output.split())


def test_a_missing_file_is_named(tmp_path: Path) -> None:
    code, out = cli(str(tmp_path / "none.db"), "--out", str(tmp_path / "r.html"))
    assert code == 2 and f"{tmp_path / 'none.db'}: no such results file" in out
    assert not (tmp_path / "none.db").exists()  # not made by looking for it


def test_a_file_of_another_kind_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.txt"
    text.write_text("not a database\n")
    code, out = cli(str(text), "--out", str(tmp_path / "r.html"))
    assert code == 2 and "notes.txt: not a results file (not an SQLite database)" in out
    other = tmp_path / "other.db"
    with sqlite3.connect(other) as db:
        db.execute("create table t (x)")
    code, out = cli(str(other), "--out", str(tmp_path / "r.html"))
    assert code == 2 and "other.db: a results file of version 0" in out
    assert not (tmp_path / "r.html").exists()


def test_an_empty_file_and_a_file_without_games_are_refused(tmp_path: Path) -> None:
    empty = tmp_path / "empty.db"
    empty.touch()
    code, out = cli(str(empty), "--out", str(tmp_path / "r.html"))
    assert code == 2 and "empty.db: an empty file, not a results file" in out
    assert empty.read_bytes() == b""  # left as it was
    blank = tmp_path / "blank.db"
    with ResultsFile(blank) as file:
        file.register("t", {})
    code, out = cli(str(blank), "--out", str(tmp_path / "r.html"))
    assert code == 2 and "blank.db: no finished games in the results file" in out
    code, out = cli(str(blank), "--tournament", "x", "--out", str(tmp_path / "r.html"))
    assert code == 2 and "blank.db: no tournament 'x' (tournaments: t)" in out


def test_an_unwritable_out_is_refused_before_the_work(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    results = tmp_path / "results.db"
    write_handmade(results)
    blocker = tmp_path / "a-file"
    blocker.write_text("")

    def no_work(*_: object) -> None:
        raise AssertionError("the report was worked out before its --out was checked")

    monkeypatch.setattr(tablelands.report, "build_report", no_work)
    with pytest.raises(ReportError, match="a-file"):
        write_report(results, blocker / "report.html")
    code, out = cli(str(results), "--out", str(tmp_path))
    assert code == 2 and f"{tmp_path}: is a folder; give a file name" in out


def test_the_page_is_replaced_whole(tmp_path: Path) -> None:
    results = tmp_path / "results.db"
    write_handmade(results)
    out = tmp_path / "r.html"
    out.write_text("an old report")
    write_report(results, out)
    assert out.read_text().startswith("<!doctype html>")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.html", "results.db"]
