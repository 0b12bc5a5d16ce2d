"""The figures of two variants of a tournament side by side, with whether each difference
is significant: shares by the two-proportion z-test, means by Welch's t-test, at 5%."""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tablelands.core.game import JsonDict
from tablelands.tournament.results import GameResult
from tablelands.tournament.stats import Test, two_proportions, welch

#: Standings fields that name a seat rather than count points.
_NOT_FIGURES = frozenset({"seat", "team"})


@dataclass(frozen=True, slots=True)
class Figure:
    name: str
    a: float
    b: float
    #: ``None`` when a sample is too small to test (a mean of fewer than two values).
    test: Test | None

    @property
    def difference(self) -> float:
        return self.b - self.a

    @property
    def significant(self) -> bool:
        return self.test is not None and self.test.significant()


def _share(name: str, a: list[float], b: list[float]) -> Figure:
    test = two_proportions(sum(a), len(a), sum(b), len(b)) if a and b else None
    return Figure(name, _mean(a), _mean(b), test)


def _mean_figure(name: str, a: list[float], b: list[float]) -> Figure:
    test = welch(a, b) if len(a) > 1 and len(b) > 1 else None
    return Figure(name, _mean(a), _mean(b), test)


def _mean(values: list[float]) -> float:
    return statistics.fmean(values) if values else float("nan")


def standings_numbers(row: JsonDict) -> dict[str, float]:
    """A standings row's number fields, nested ones named ``outer.inner``."""
    numbers: dict[str, float] = {}
    for key, value in row.items():
        if key in _NOT_FIGURES or isinstance(value, bool):
            continue
        if isinstance(value, int | float):
            numbers[key] = float(value)
        elif isinstance(value, dict):
            for inner, number in value.items():
                if isinstance(number, int | float) and not isinstance(number, bool):
                    numbers[f"{key}.{inner}"] = float(number)
    return numbers


def figures(a: Sequence[GameResult], b: Sequence[GameResult]) -> list[Figure]:
    """Win rate and mean score of each agent, mean score of each seat, the first seat's
    win rate, the game length and the mean of each standings number field, for A and B.
    A standings field missing from a row (a condition not taken) counts 0."""
    out: list[Figure] = []

    def per(kind: Callable[[str, list[float], list[float]], Figure], name: str,
            pick: Callable[[GameResult], list[float]]) -> None:
        out.append(kind(name, [x for r in a for x in pick(r)], [x for r in b for x in pick(r)]))

    agents = list(dict.fromkeys(agent for r in [*a, *b] for agent in r.seats))
    for agent in agents:
        per(_share, f"win rate: {agent}", lambda r, agent=agent: _of(r, agent, r.returns))
    for agent in agents:
        per(_mean_figure, f"mean score: {agent}", lambda r, agent=agent: _of(r, agent, r.scores))
    players = max((r.players for r in [*a, *b]), default=0)
    for seat in range(players):
        per(_mean_figure, f"mean score: seat {seat + 1}", lambda r, seat=seat: [r.scores[seat]])
    if players > 1:
        per(_share, "first-seat win rate", lambda r: [r.returns[0]])
    per(_mean_figure, "game length (moves)", lambda r: [r.moves])
    fields = list(
        dict.fromkeys(k for r in [*a, *b] for row in r.standings for k in standings_numbers(row))
    )
    for field in fields:
        per(
            _mean_figure,
            f"standings: {field}",
            lambda r, field=field: [standings_numbers(row).get(field, 0.0) for row in r.standings],
        )
    return out


def _of(result: GameResult, agent: str, values: Sequence[float]) -> list[float]:
    return [float(values[s]) for s, seat in enumerate(result.seats) if seat == agent]
