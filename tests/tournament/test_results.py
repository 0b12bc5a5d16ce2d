"""The results file: what is appended is read back as it was, a game is stored once, and
a file that is not a results file is refused naming its path."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tablelands.tournament.results import GameResult, ResultsError, ResultsFile

RESULT = GameResult(
    tournament="t1",
    index=0,
    game="land-vs-sea",
    players=2,
    options={"modules": True},
    edition="packaged",
    variant="",
    seed=7,
    seats=["random", "mcts:0.1s"],
    scores=[12, 9],
    returns=[1.0, 0.0],
    moves=80,
    standings=[{"seat": 0, "total": 12}, {"seat": 1, "total": 9}],
    seconds=0.25,
)


def test_results_are_read_back_as_written_and_resume_from_what_is_done(tmp_path: Path) -> None:
    path = tmp_path / "results.db"
    with ResultsFile(path) as results:
        results.register("t1", {"game": "land-vs-sea"})
        results.append([RESULT, replace(RESULT, index=2, scores=[3, 4])])
    with ResultsFile(path) as results:
        assert results.tournaments() == ["t1"]
        assert results.spec("t1") == {"game": "land-vs-sea"}
        assert results.done("t1") == {0, 2}
        assert results.done("other") == set()
        assert list(results.results("t1")) == [RESULT, replace(RESULT, index=2, scores=[3, 4])]


def test_a_game_is_stored_once(tmp_path: Path) -> None:
    with ResultsFile(tmp_path / "results.db") as results:
        results.register("t1", {})
        results.append([RESULT])
        with pytest.raises(ResultsError, match="stored twice"):
            results.append([replace(RESULT, scores=[0, 0])])
        assert [r.scores for r in results.results()] == [[12, 9]]


def test_what_is_not_a_results_file_is_refused(tmp_path: Path) -> None:
    text = tmp_path / "notes.db"
    text.write_text("not a database at all, just some words to fill a page " * 20)
    with pytest.raises(ResultsError, match=r"notes\.db: not a results file"):
        ResultsFile(text)
    with pytest.raises(ResultsError, match="not a file"):
        ResultsFile(tmp_path)
