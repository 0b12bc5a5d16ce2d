"""Playing a tournament's games: what a worker needs (a :class:`Table`) and a chunk of
games played from it."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from tablelands.agents import make_agent
from tablelands.agents.base import play_out
from tablelands.core.game import Edition, Game
from tablelands.core.match import Setup
from tablelands.tournament.results import GameResult
from tablelands.tournament.schedule import Spec, agent_seeds


@dataclass(frozen=True, slots=True)
class Table:
    """What every game of a tournament shares: sent once to each worker. ``setup`` is the
    tournament's game with its seed; each job plays it with the job's own."""

    setup: Setup
    edition_label: str
    key: str
    variant: str

    @classmethod
    def of(cls, spec: Spec, game: Game[Any], edition: Edition) -> Table:
        """The table of ``spec``: ``OptionError`` (or ``EditionError``) for a setup the game
        is not played with."""
        setup = Setup.checked(game, spec.players, spec.seed, spec.options, edition)
        return cls(setup, spec.edition, spec.key, spec.variant)


@dataclass(frozen=True, slots=True)
class Job:
    """One game to play: its index in the schedule, its seed and its seats."""

    index: int
    seed: int
    seats: tuple[str, ...]


def play(table: Table, job: Job) -> GameResult:
    """Game ``job`` of the tournament, from its own seeds."""
    start = time.perf_counter()
    bots = [
        make_agent(spec, seed)
        for spec, seed in zip(job.seats, agent_seeds(job.seed, len(job.seats)), strict=True)
    ]
    setup = table.setup.with_seed(job.seed)
    state = setup.start()
    play_out(state, bots)
    return GameResult(
        tournament=table.key,
        index=job.index,
        game=setup.name,
        players=setup.players,
        options=setup.options,
        edition=table.edition_label,
        variant=table.variant,
        seed=job.seed,
        seats=list(job.seats),
        scores=state.scores(),
        returns=state.returns(),
        moves=len(state.history),
        standings=setup.game.standings(state.public_observation(), setup.edition),
        seconds=time.perf_counter() - start,
    )


def play_chunk(table: Table, jobs: list[Job]) -> list[GameResult]:
    return [play(table, job) for job in jobs]
