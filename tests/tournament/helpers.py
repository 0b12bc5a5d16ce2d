"""What the tournament tests share: a quick tournament and its results without timings."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tablelands.games import get_game
from tablelands.tournament.backends import Backend
from tablelands.tournament.results import GameResult, ResultsFile
from tablelands.tournament.runner import run_tournament
from tablelands.tournament.schedule import Spec

GAME = get_game("drifting-lands")
SPEC = Spec(
    game="drifting-lands",
    players=2,
    agents=("random", "random", "random"),
    games=2,
    format="round-robin",
    seed=42,
    options=GAME.resolve_options({}),
)


def untimed(results: list[GameResult]) -> list[GameResult]:
    """The results in schedule order, without the wall time, which differs run to run."""
    return sorted((replace(r, seconds=0.0) for r in results), key=lambda r: r.index)


def play_all(path: Path, backend: Backend, spec: Spec = SPEC) -> list[GameResult]:
    with ResultsFile(path) as results:
        run_tournament(spec, GAME, GAME.default_edition(), results, backend)
        return untimed(list(results.results(spec.key)))
