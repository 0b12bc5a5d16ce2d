"""Playing a tournament's games: what a worker needs (a :class:`Table`) and a chunk of
games played from it."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from tablelands.agents import make_agent
from tablelands.agents.base import play_out
from tablelands.core.game import Edition, Game, OptionValue
from tablelands.tournament.results import GameResult
from tablelands.tournament.schedule import Spec, agent_seeds


@dataclass(frozen=True, slots=True)
class Table:
    """What every game of a tournament shares: sent once to each worker."""

    game: Game[Any]
    edition: Edition
    players: int
    options: dict[str, OptionValue]
    edition_label: str
    key: str
    variant: str

    @classmethod
    def of(cls, spec: Spec, game: Game[Any], edition: Edition) -> Table:
        return cls(game, edition, spec.players, spec.options, spec.edition, spec.key, spec.variant)


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
    state = table.game.new_state(
        players=table.players, seed=job.seed, options=table.options, edition=table.edition
    )
    play_out(state, bots)
    return GameResult(
        tournament=table.key,
        index=job.index,
        game=table.game.info.name,
        players=table.players,
        options=table.options,
        edition=table.edition_label,
        variant=table.variant,
        seed=job.seed,
        seats=list(job.seats),
        scores=state.scores(),
        returns=state.returns(),
        moves=len(state.history),
        standings=table.game.standings(state.public_observation(), table.edition),
        seconds=time.perf_counter() - start,
    )


def play_chunk(table: Table, jobs: list[Job]) -> list[GameResult]:
    return [play(table, job) for job in jobs]
