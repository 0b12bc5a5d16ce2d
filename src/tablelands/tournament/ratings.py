"""Each agent's figures over a tournament's games: an openskill rating (Plackett-Luce,
which takes games of any number of seats) with its uncertainty, the share of wins with its
Wilson interval, the mean score."""

from __future__ import annotations

import statistics
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from tablelands.tournament.results import GameResult
from tablelands.tournament.stats import Interval, wilson


@dataclass(frozen=True, slots=True)
class AgentFigures:
    agent: str
    #: Seats the agent played (a game with the agent in two seats counts two).
    seats: int
    mu: float
    sigma: float
    #: The conservative rating mu - 3 sigma: what the agent is at least, almost surely.
    ordinal: float
    #: Share of the wins (``returns``: a shared win counts its share), ``None`` in solo games.
    wins: Interval | None
    mean_score: float


def places(returns: Sequence[float], scores: Sequence[int]) -> list[int]:
    """Each seat's place, 0 first: by return, then by score; equal seats share a place
    (the server's ratings of people rank their games the same way)."""
    keys = list(zip(returns, scores, strict=True))
    return [sum(other > key for other in keys) for key in keys]


def ranks(result: GameResult) -> list[int]:
    """Each seat's place in a tournament's game (:func:`places`)."""
    return places(result.returns, result.scores)


def agent_figures(results: Iterable[GameResult]) -> list[AgentFigures]:
    """Every agent's figures, best conservative rating first. Games are rated in schedule
    order, so the same games give the same ratings."""
    model = PlackettLuce()
    ratings: dict[str, tuple[float, float]] = {}
    wins: dict[str, float] = defaultdict(float)
    scores: dict[str, list[int]] = defaultdict(list)
    solo = True
    for result in sorted(results, key=lambda r: (r.variant, r.tournament, r.index)):
        for seat, agent in enumerate(result.seats):
            ratings.setdefault(agent, (model.mu, model.sigma))
            wins[agent] += result.returns[seat]
            scores[agent].append(result.scores[seat])
        if result.players < 2:
            continue
        solo = False
        teams = [[model.rating(*ratings[agent], name=agent)] for agent in result.seats]
        rated = model.rate(teams, ranks=[float(r) for r in ranks(result)])
        # An agent in two seats of one game gets the mean of its seats' updates.
        updates: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for agent, (rating,) in zip(result.seats, rated, strict=True):
            updates[agent].append((rating.mu, rating.sigma))
        for agent, seen in updates.items():
            ratings[agent] = (
                statistics.fmean(mu for mu, _ in seen),
                statistics.fmean(sigma for _, sigma in seen),
            )
    figures = [
        AgentFigures(
            agent=agent,
            seats=len(points),
            mu=ratings[agent][0],
            sigma=ratings[agent][1],
            ordinal=ratings[agent][0] - 3 * ratings[agent][1],
            wins=None if solo else wilson(wins[agent], len(points)),
            mean_score=statistics.fmean(points),
        )
        for agent, points in scores.items()
    ]
    return sorted(figures, key=lambda f: (-f.ordinal, -f.mean_score, f.agent))
