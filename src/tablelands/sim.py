"""Playing many bot games, in one process or several, with the same results either way.

Every game's seed and every agent's seed come from the simulation seed and the game's
index alone, so a game plays the same whichever process plays it.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from tablelands.agents import make_agent
from tablelands.agents.base import play_out
from tablelands.core.match import Setup
from tablelands.core.records import GameRecord, record_of
from tablelands.core.rng import Rng


@dataclass(frozen=True, slots=True)
class Simulation:
    """What every game of a simulation shares: the first game's setup, whose seed is the
    simulation's (game ``index`` is played with that seed plus ``index``), and the agents."""

    setup: Setup
    specs: tuple[str, ...]
    rotate: bool

    def setup_of(self, index: int) -> Setup:
        """The setup of game ``index``: the first game's with the game's own seed."""
        return self.setup.with_seed(self.setup.seed + index)

    def seats(self, index: int) -> list[str]:
        """The agent spec of each seat in game ``index`` (rotated when asked)."""
        players = self.setup.players
        shift = index % players if self.rotate else 0
        return [self.specs[(s + shift) % len(self.specs)] for s in range(players)]


@dataclass(frozen=True, slots=True)
class Outcome:
    index: int
    names: list[str]
    scores: list[int]
    returns: list[float]
    record: GameRecord


def play_one(simulation: Simulation, index: int) -> Outcome:
    """Game ``index`` of the simulation, from its own seeds."""
    setup = simulation.setup_of(index)
    names = simulation.seats(index)
    seeder = Rng(setup.seed * 1_000_003 + 17)
    bots = [make_agent(name, seeder.next_u64()) for name in names]
    state = setup.start()
    play_out(state, bots)
    return Outcome(index, names, state.scores(), state.returns(), record_of(state, names))


def run(simulation: Simulation, games: int, workers: int = 1) -> Iterator[Outcome]:
    """Every game's outcome, in game order, played by ``workers`` processes."""
    if workers == 1:
        for index in range(games):
            yield play_one(simulation, index)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(play_one, [simulation] * games, range(games))
