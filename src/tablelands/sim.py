"""Playing many bot games, in one process or several, with the same results either way.

Every game's seed and every agent's seed come from the simulation seed and the game's
index alone, so a game plays the same whichever process plays it.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from tablelands.agents import make_agent
from tablelands.agents.base import play_out
from tablelands.core.game import Edition, Game, OptionValue
from tablelands.core.records import GameRecord, record_of
from tablelands.core.rng import Rng


@dataclass(frozen=True, slots=True)
class Setup:
    """What every game of a simulation shares."""

    game: Game[Any]
    players: int
    options: dict[str, OptionValue]
    edition: Edition
    specs: tuple[str, ...]
    seed: int
    rotate: bool

    def seats(self, index: int) -> list[str]:
        """The agent spec of each seat in game ``index`` (rotated when asked)."""
        shift = index % self.players if self.rotate else 0
        return [self.specs[(s + shift) % len(self.specs)] for s in range(self.players)]


@dataclass(frozen=True, slots=True)
class Outcome:
    index: int
    names: list[str]
    scores: list[int]
    returns: list[float]
    record: GameRecord


def play_one(setup: Setup, index: int) -> Outcome:
    """Game ``index`` of the simulation, from its own seeds."""
    game_seed = setup.seed + index
    names = setup.seats(index)
    seeder = Rng(game_seed * 1_000_003 + 17)
    bots = [make_agent(name, seeder.next_u64()) for name in names]
    state = setup.game.new_state(
        players=setup.players, seed=game_seed, options=setup.options, edition=setup.edition
    )
    play_out(state, bots)
    return Outcome(index, names, state.scores(), state.returns(), record_of(state, names))


def run(setup: Setup, games: int, workers: int = 1) -> Iterator[Outcome]:
    """Every game's outcome, in game order, played by ``workers`` processes."""
    if workers == 1:
        for index in range(games):
            yield play_one(setup, index)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(play_one, [setup] * games, range(games))
