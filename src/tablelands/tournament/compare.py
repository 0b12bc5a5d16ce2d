"""The figures of two variants of a tournament side by side, with whether each difference
is significant: shares by the two-proportion z-test, means by Welch's t-test, at 5%."""

from __future__ import annotations

import statistics
from collections.abc import Sequence
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
    fields = list(
        dict.fromkeys(k for r in [*a, *b] for row in r.standings for k in standings_numbers(row))
    )
    of_a, of_b = samples(a, fields), samples(b, fields)
    out = []
    for name in dict.fromkeys([*of_a, *of_b]):
        kind = _share if name.startswith(SHARES) else _mean_figure
        out.append(kind(name, of_a.get(name, []), of_b.get(name, [])))
    return out


#: The figures that are shares (the rest are means).
SHARES = ("win rate", "first-seat win rate")


def samples(results: Sequence[GameResult], fields: list[str]) -> dict[str, list[float]]:
    """Each figure's values over ``results``, by the figure's name, in the table's order:
    one value per seat an agent played, per game or per standings row."""
    agents = list(dict.fromkeys(agent for r in results for agent in r.seats))
    players = max((r.players for r in results), default=0)
    out: dict[str, list[float]] = {f"win rate: {agent}": [] for agent in agents}
    out |= {f"mean score: {agent}": [] for agent in agents}
    out |= {f"mean score: seat {seat + 1}": [] for seat in range(players)}
    if players > 1:
        out["first-seat win rate"] = []
    out["game length (moves)"] = []
    out |= {f"standings: {field}": [] for field in fields}
    for r in results:
        for seat, agent in enumerate(r.seats):
            out[f"win rate: {agent}"].append(r.returns[seat])
            out[f"mean score: {agent}"].append(r.scores[seat])
            out[f"mean score: seat {seat + 1}"].append(r.scores[seat])
        if players > 1:
            out["first-seat win rate"].append(r.returns[0])
        out["game length (moves)"].append(r.moves)
        for row in r.standings:
            numbers = standings_numbers(row)
            for field in fields:
                out[f"standings: {field}"].append(numbers.get(field, 0.0))
    return out
