"""The balance report's figures, computed from a results file's games.

Games are grouped by what decides them (game, players, options, edition, variant), since a
win rate or a score means nothing across player counts. What a game's standings say about
its own scoring comes from the game (``Game.balance_figures``, ``Game.balance_sides``): the
report knows no game's fields.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tablelands.core.errors import TablelandsError
from tablelands.core.game import Game
from tablelands.games import get_game
from tablelands.tournament.results import GameResult, ResultsError, ResultsFile
from tablelands.tournament.stats import Interval, wilson

#: The first bytes of every SQLite database.
SQLITE_MAGIC = b"SQLite format 3\x00"
#: A breakdown's figures over every seat, whichever agent played it.
ALL = "all seats"


class ReportError(TablelandsError):
    """A report that cannot be made, naming the file and what is wrong."""


@dataclass(frozen=True, slots=True)
class Advantage:
    """The first seat's share of the wins against the fair share ``1 / players``."""

    share: Interval
    fair: float

    @property
    def advantage(self) -> float:
        return self.share.share - self.fair

    @property
    def low(self) -> float:
        return self.share.low - self.fair

    @property
    def high(self) -> float:
        return self.share.high - self.fair


@dataclass(frozen=True, slots=True)
class Label:
    """One label of a breakdown for one agent: how often its seats took it, the mean points
    when taken, and the mean over all its seats (a seat that did not take it counting 0)."""

    taken: float
    mean_taken: float
    mean: float


@dataclass(slots=True)
class Breakdown:
    """One named breakdown (``points by condition``) over a group's games."""

    name: str
    #: Labels, the highest mean when taken (every agent together) first.
    labels: list[str]
    #: Per agent (and :data:`ALL` for every seat together), per label.
    by_agent: dict[str, dict[str, Label]]


@dataclass(slots=True)
class Group:
    """The figures of the games played with one game, player count, options, edition and
    variant."""

    game: str
    title: str
    players: int
    options: dict[str, Any]
    edition: str
    variant: str
    games: int
    agents: list[str]
    scores_by_agent: dict[str, list[int]]
    scores_by_seat: list[list[int]]
    moves: list[int]
    #: Shares of the win (a shared win counts its share); empty for solo games.
    win_by_agent: dict[str, Interval]
    win_by_seat: list[Interval]
    win_by_side: dict[str, Interval]
    first_player: Advantage | None
    breakdowns: list[Breakdown]
    #: The id of the group's section, unique within a report (``land-vs-sea-2p``, then
    #: ``land-vs-sea-2p-2`` for the next group of that game and player count).
    anchor: str = ""


@dataclass(slots=True)
class Report:
    path: Path
    tournaments: list[str]
    games: int
    groups: list[Group]


def open_results(path: Path) -> ResultsFile:
    """The results file at ``path`` for reading, refused unless it is one (the results file
    makes a missing file, and would make its tables in an empty one)."""
    if not path.exists():
        raise ReportError(f"{path}: no such results file")
    if not path.is_file():
        raise ReportError(f"{path}: not a file")
    try:
        with path.open("rb") as file:
            head = file.read(len(SQLITE_MAGIC))
    except OSError as exc:
        raise ReportError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if not head:
        raise ReportError(f"{path}: an empty file, not a results file")
    if head != SQLITE_MAGIC:
        raise ReportError(f"{path}: not a results file (not an SQLite database)")
    try:
        return ResultsFile(path)
    except ResultsError as exc:
        raise ReportError(str(exc)) from None


def build_report(path: Path, tournament: str | None = None) -> Report:
    """Every figure of the games in the results file at ``path`` (of one tournament if
    ``tournament`` names one)."""
    with open_results(path) as results:
        keys = results.tournaments()
        if tournament is not None and tournament not in keys:
            known = ", ".join(keys) or "none"
            raise ReportError(f"{path}: no tournament {tournament!r} (tournaments: {known})")
        try:
            groups = group_figures(results.results(tournament))
        except TablelandsError as exc:
            raise ReportError(f"{path}: {exc}") from None
        except (ValueError, KeyError, TypeError) as exc:
            raise ReportError(f"{path}: a game's result does not read: {exc!r}") from None
    games = sum(group.games for group in groups)
    if not games:
        raise ReportError(f"{path}: no finished games in the results file")
    return Report(path, [tournament] if tournament else keys, games, groups)


@dataclass(slots=True)
class _Tally:
    """What one group's figures are counted from, game by game."""

    game: Game[Any]
    result: GameResult
    games: int = 0
    agents: dict[str, None] = field(default_factory=dict)
    scores_by_agent: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    scores_by_seat: list[list[int]] = field(default_factory=list)
    moves: list[int] = field(default_factory=list)
    wins_by_agent: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    wins_by_seat: list[float] = field(default_factory=list)
    side_wins: dict[str, float] = field(default_factory=lambda: defaultdict(float))
    side_games: dict[str, int] = field(default_factory=lambda: defaultdict(int))
    # breakdown name -> agent -> label -> [seats taking it, points]
    labels: dict[str, dict[str, dict[str, list[float]]]] = field(default_factory=dict)

    def add(self, result: GameResult) -> None:
        players = result.players
        if len(result.seats) != players or len(result.scores) != players:
            raise ValueError(f"game {result.index}: {players} players, {result.seats} seats")
        if not self.scores_by_seat:
            self.scores_by_seat = [[] for _ in range(players)]
            self.wins_by_seat = [0.0] * players
        self.games += 1
        self.moves.append(result.moves)
        for seat, (agent, score, share) in enumerate(
            zip(result.seats, result.scores, result.returns, strict=True)
        ):
            self.agents.setdefault(agent)
            self.scores_by_agent[agent].append(score)
            self.scores_by_seat[seat].append(score)
            self.wins_by_agent[agent] += share
            self.wins_by_seat[seat] += share
        sides = self.game.balance_sides(result.standings)
        if sides is not None and players > 1:
            won: dict[str, float] = defaultdict(float)
            for side, share in zip(sides, result.returns, strict=True):
                won[side] += share
            for side, share in won.items():
                self.side_wins[side] += share
                self.side_games[side] += 1
        figures = self.game.balance_figures(result.standings)
        for agent, breakdowns in zip(result.seats, figures, strict=True):
            for name, values in breakdowns.items():
                per_label = self.labels.setdefault(name, {}).setdefault(agent, {})
                for label, points in values.items():
                    tally = per_label.setdefault(label, [0.0, 0.0])
                    tally[0] += 1
                    tally[1] += points

    def group(self) -> Group:
        first = self.result
        players = first.players
        agents = list(self.agents)
        seats_of = {agent: len(self.scores_by_agent[agent]) for agent in agents}
        solo = players == 1
        win_by_agent = (
            {} if solo else {a: _share(self.wins_by_agent[a], seats_of[a]) for a in agents}
        )
        win_by_seat = [] if solo else [_share(w, self.games) for w in self.wins_by_seat]
        win_by_side = {
            side: _share(self.side_wins[side], games) for side, games in self.side_games.items()
        }
        title = f"{self.game.info.title}, {players} player{'s' if players > 1 else ''}"
        shown = [
            name if value is True else f"{name}={value}"
            for name, value in sorted(first.options.items())
            if value is not False
        ]
        if shown:
            title += f" ({', '.join(shown)})"
        if first.edition != "packaged":
            title += f", edition {first.edition[:12]}"
        if first.variant:
            title += f", variant {first.variant}"
        return Group(
            game=first.game,
            title=title,
            players=players,
            options=first.options,
            edition=first.edition,
            variant=first.variant,
            games=self.games,
            agents=agents,
            scores_by_agent=dict(self.scores_by_agent),
            scores_by_seat=self.scores_by_seat,
            moves=self.moves,
            win_by_agent=win_by_agent,
            win_by_seat=win_by_seat,
            win_by_side=win_by_side,
            first_player=None if solo else Advantage(win_by_seat[0], 1 / players),
            breakdowns=[self._breakdown(name, seats_of) for name in self.labels],
        )

    def _breakdown(self, name: str, seats_of: dict[str, int]) -> Breakdown:
        per_agent = self.labels[name]
        together: dict[str, list[float]] = {}
        for tallies in per_agent.values():
            for label, (taken, points) in tallies.items():
                both = together.setdefault(label, [0.0, 0.0])
                both[0] += taken
                both[1] += points
        all_seats = sum(seats_of.values())
        nothing = [0.0, 0.0]
        by_agent = {
            agent: {
                label: _label(per_agent[agent].get(label, nothing), seats_of[agent])
                for label in together
            }
            for agent in seats_of
            if agent in per_agent
        }
        by_agent[ALL] = {label: _label(tally, all_seats) for label, tally in together.items()}
        labels = sorted(together, key=lambda label: (-by_agent[ALL][label].mean_taken, label))
        return Breakdown(name, labels, by_agent)


def _share(wins: float, trials: int) -> Interval:
    # Summed shares of a win (thirds) can pass the trials by a rounding error.
    return wilson(min(wins, trials), trials)


def _label(tally: list[float], seats: int) -> Label:
    """From a tally of [seats taking the label, their points] over ``seats`` seats."""
    taken, points = tally
    return Label(taken / seats, points / taken if taken else 0.0, points / seats)


def group_figures(results: Iterable[GameResult]) -> list[Group]:
    """The figures of every group of games, in the order each group first appears."""
    tallies: dict[tuple[str, ...], _Tally] = {}
    games: dict[str, Game[Any]] = {}
    for result in results:
        key = (
            result.game,
            str(result.players),
            json.dumps(result.options, sort_keys=True),
            result.edition,
            result.variant,
        )
        tally = tallies.get(key)
        if tally is None:
            if result.game not in games:
                games[result.game] = get_game(result.game)  # an unknown name: TablelandsError
            tally = tallies[key] = _Tally(games[result.game], result)
        tally.add(result)
    groups = [tally.group() for tally in tallies.values()]
    seen: dict[str, int] = {}
    for group in groups:
        base = f"{group.game}-{group.players}p"
        seen[base] = seen.get(base, 0) + 1
        group.anchor = base if seen[base] == 1 else f"{base}-{seen[base]}"
    return groups
