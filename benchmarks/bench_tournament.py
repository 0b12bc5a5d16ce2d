"""Tournament speed: 2,000 random-agent games of Drifting Lands into a results file, by the
local backend with one worker and with two, and by the Ray backend with two; each
backend's overhead per game.

The overhead per game is the workers' time not spent playing: wall time times workers,
less the games' own time (each result's ``seconds``), over the games. It takes in handing
out chunks, pickling, results reaching the file, and workers idle at the end.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from common import report
from tablelands.games import get_game
from tablelands.tournament.backends import Backend, LocalBackend, RayBackend
from tablelands.tournament.results import ResultsFile
from tablelands.tournament.runner import run_tournament
from tablelands.tournament.schedule import Spec

GAME = get_game("drifting-lands")  # about 70 ms a game at random: dispatch is small beside it


def spec(games: int, seed: int = 0) -> Spec:
    return Spec(
        game=GAME.info.name,
        players=2,
        agents=("random", "random"),
        games=games,
        format="round-robin",
        seed=seed,
        options=GAME.resolve_options({}),
    )


def timed(backend: Backend, games: int, seed: int = 0) -> tuple[float, float]:
    """Wall time of a tournament of ``games`` games, and the sum of the games' own times."""
    with tempfile.TemporaryDirectory() as folder, ResultsFile(Path(folder) / "t.db") as results:
        start = time.perf_counter()
        run_tournament(spec(games, seed), GAME, GAME.default_edition(), results, backend)
        wall = time.perf_counter() - start
        played = sum(r.seconds for r in results.results())
    return wall, played


def show(name: str, games: int, wall: float, played: float, workers: int) -> float:
    """Print a run's speed and overhead a game; return its wall time."""
    overhead = (wall * workers - played) / games * 1000
    print(
        f"{name}: {games / wall:.1f} games/s ({wall:.1f} s); "
        f"overhead {overhead:.2f} ms a game ({played / games * 1000:.1f} ms playing)",
        flush=True,
    )
    return wall


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    games = parser.parse_args(sys.argv[1:] if __name__ == "__main__" else []).games
    print(f"load average at start: {', '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)
    one, two = (
        show(f"local, {workers} worker(s)", games, *timed(LocalBackend(workers), games), workers)
        for workers in (1, 2)
    )
    start = time.perf_counter()
    with RayBackend(2) as ray:
        timed(ray, 8, seed=10**6)  # Ray's workers start and import the package: not counted
        print(
            f"ray start-up (ray.init and a first small tournament): {time.perf_counter() - start:.1f} s"
        )
        ray_wall = show("ray, 2 workers", games, *timed(ray, games), 2)
    missed = report("local speed-up, 2 workers over 1", one / two * 100, "%", 180)
    missed += report("ray speed over local, 2 workers", two / ray_wall * 100, "%", 80)
    print(f"load average at end: {', '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return missed


if __name__ == "__main__":
    sys.exit(main())
