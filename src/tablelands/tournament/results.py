"""A results file: every finished game of one or more tournaments, in SQLite.

A tournament appends each game's result as it finishes, so that one interrupted resumes
where it stopped (:meth:`ResultsFile.done`), and the report and the comparison read them
back. A tournament is known by its key, worked out from everything that decides its games
(the game, players, options, edition, agents, format, seed): the same command finds its
own games again, and a changed one starts a tournament of its own in the same file.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tablelands.core.errors import TablelandsError
from tablelands.core.game import JsonDict, OptionValue

#: The file's layout; a file of another version is refused, never rewritten.
SCHEMA_VERSION = 1

_SCHEMA = """
create table if not exists tournaments (
    key text primary key,
    spec text not null
);
create table if not exists results (
    tournament text not null references tournaments(key),
    idx integer not null,
    game text not null,
    players integer not null,
    options text not null,
    edition text not null,
    variant text not null,
    seed integer not null,
    seats text not null,
    scores text not null,
    returns text not null,
    moves integer not null,
    standings text not null,
    seconds real not null,
    primary key (tournament, idx)
);
"""


class ResultsError(TablelandsError):
    """A results file that cannot be read or written, naming the path and what is wrong."""


@dataclass(frozen=True, slots=True)
class GameResult:
    """One finished game of a tournament."""

    #: The tournament's key (:class:`ResultsFile`'s docstring).
    tournament: str
    #: The game's number in the tournament's schedule, from 0.
    index: int
    game: str
    players: int
    options: dict[str, OptionValue]
    #: ``packaged`` or the content hash of the edition file played with.
    edition: str
    #: The variant's label in a comparison (``A``, ``B``), else empty.
    variant: str
    seed: int
    #: The agent spec of each seat.
    seats: list[str]
    scores: list[int]
    #: Each seat's share of the win (``State.returns``).
    returns: list[float]
    #: Actions played, chance included.
    moves: int
    #: ``Game.standings`` of the final public observation: each seat's points by source.
    standings: list[JsonDict]
    #: Wall time the game took to play.
    seconds: float


class ResultsFile:
    """The results file at ``path``, made if it does not exist."""

    def __init__(self, path: Path) -> None:
        self.path = path
        if path.exists() and not path.is_file():
            raise ResultsError(f"{path}: not a file")
        try:
            self._db = sqlite3.connect(path)
            version = self._db.execute("pragma user_version").fetchone()[0]
            tables = {row[0] for row in self._db.execute("select name from sqlite_master")}
        except sqlite3.DatabaseError as exc:
            raise ResultsError(f"{path}: not a results file ({exc})") from None
        if tables and version != SCHEMA_VERSION:
            raise ResultsError(
                f"{path}: a results file of version {version}, not {SCHEMA_VERSION}, "
                "or another SQLite database"
            )
        with self._db:
            self._db.executescript(_SCHEMA)
            self._db.execute(f"pragma user_version = {SCHEMA_VERSION}")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> ResultsFile:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    def register(self, key: str, spec: JsonDict) -> None:
        """Record a tournament's spec under its key (kept as it was if already there)."""
        with self._db:
            self._db.execute(
                "insert or ignore into tournaments values (?, ?)", (key, json.dumps(spec))
            )

    def spec(self, key: str) -> JsonDict:
        row = self._db.execute("select spec from tournaments where key = ?", (key,)).fetchone()
        if row is None:
            raise ResultsError(f"{self.path}: no tournament {key!r}")
        spec: JsonDict = json.loads(row[0])
        return spec

    def tournaments(self) -> list[str]:
        """The keys of the tournaments in the file, in the order they were first run."""
        return [row[0] for row in self._db.execute("select key from tournaments order by rowid")]

    def append(self, results: Sequence[GameResult]) -> None:
        """Add finished games, all or none (a game already there is refused)."""
        try:
            with self._db:
                self._db.executemany(
                    "insert into results values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [_row(result) for result in results],
                )
        except sqlite3.IntegrityError as exc:
            raise ResultsError(f"{self.path}: {exc} (a game stored twice?)") from None

    def done(self, key: str) -> set[int]:
        """The indexes of the tournament's games already in the file."""
        query = "select idx from results where tournament = ?"
        return {row[0] for row in self._db.execute(query, (key,))}

    def results(self, key: str | None = None) -> Iterator[GameResult]:
        """Every game of the tournament (of every tournament if ``key`` is ``None``), in
        schedule order."""
        if key is None:
            rows = self._db.execute("select * from results order by rowid")
        else:
            query = "select * from results where tournament = ? order by idx"
            rows = self._db.execute(query, (key,))
        for row in rows:
            yield _result(row)


def _row(result: GameResult) -> tuple[Any, ...]:
    return (
        result.tournament,
        result.index,
        result.game,
        result.players,
        json.dumps(result.options, sort_keys=True),
        result.edition,
        result.variant,
        result.seed,
        json.dumps(result.seats),
        json.dumps(result.scores),
        json.dumps(result.returns),
        result.moves,
        json.dumps(result.standings),
        result.seconds,
    )


def _result(row: tuple[Any, ...]) -> GameResult:
    (key, index, game, players, options, edition, variant, seed) = row[:8]
    seats, scores, returns, moves, standings, seconds = row[8:]
    return GameResult(
        tournament=key,
        index=index,
        game=game,
        players=players,
        options=json.loads(options),
        edition=edition,
        variant=variant,
        seed=seed,
        seats=json.loads(seats),
        scores=json.loads(scores),
        returns=json.loads(returns),
        moves=moves,
        standings=json.loads(standings),
        seconds=seconds,
    )
