"""The Ray backend, on a local Ray of 2 CPUs started once for the module: the same games
as the local backend for the same seeds."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tablelands.tournament.backends import LocalBackend, RayBackend
from tablelands.tournament.results import GameResult, ResultsFile
from tablelands.tournament.runner import run_tournament
from tests.tournament.helpers import GAME, SPEC, play_all


@pytest.fixture(scope="module")
def ray_backend() -> Iterator[RayBackend]:
    with RayBackend(2) as backend:
        yield backend


def test_ray_plays_the_same_games_as_local_processes(
    tmp_path: Path, ray_backend: RayBackend
) -> None:
    assert ray_backend.workers == 2
    local = play_all(tmp_path / "local.db", LocalBackend(2))
    assert play_all(tmp_path / "ray.db", ray_backend) == local


def test_ray_finishes_a_tournament_local_processes_began(
    tmp_path: Path, ray_backend: RayBackend
) -> None:
    path = tmp_path / "mixed.db"

    def interrupt(chunk: list[GameResult]) -> None:
        raise KeyboardInterrupt

    with ResultsFile(path) as results, pytest.raises(KeyboardInterrupt):
        run_tournament(SPEC, GAME, GAME.default_edition(), results, LocalBackend(1), interrupt)
    assert play_all(path, ray_backend) == play_all(tmp_path / "all.db", LocalBackend(1))
