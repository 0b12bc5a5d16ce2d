"""Ratings of people (docs/server.md, Ratings): an openskill rating (Plackett-Luce, the
tournaments' model, ``tournament/ratings.py``) per account, game and player count, updated
when a rated game ends with every seat held by an account of its own.

A game is rated when it is made so (the lobby says it: people only, no bots, no hints).
When it ends, the first process to write its ``rated_games`` row counts it, in one
transaction: the seats' accounts and places (by return, then score, as the tournaments
rank), every account's rating before and after, the history row for each player's chart.
The counted results are kept in the order counted, so the ratings can be worked out again
from them alone (the tests do).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from typing import Annotated, Any

from fastapi import FastAPI, Query, Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates
from openskill.models import PlackettLuce
from sqlalchemy import select, text
from sqlalchemy.exc import IntegrityError

from tablelands.core.game import JsonDict
from tablelands.games import game_names, get_game
from tablelands.server.db import (
    AccountRow,
    AccountSeatRow,
    GameRow,
    RatedGameRow,
    RatingHistoryRow,
    RatingRow,
)
from tablelands.server.errors import NotFoundError
from tablelands.server.events import Event
from tablelands.server.hub import Hub

log = logging.getLogger(__name__)

MODEL = PlackettLuce()
#: The leaderboard's length.
LEADERS = 100
#: The advisory lock (PostgreSQL) under which ratings are counted, one game at a time.
RATINGS_LOCK = 7_212_462


def ordinal(mu: float, sigma: float) -> float:
    """The conservative rating the pages show: mu - 3 sigma."""
    return mu - 3 * sigma


def rate(
    before: Sequence[tuple[float, float]], seat_places: Sequence[int]
) -> list[tuple[float, float]]:
    """Each seat's (mu, sigma) after a game it finished at ``seat_places`` (0 first)."""
    teams = [[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in before]
    rated = MODEL.rate(teams, ranks=[float(place) for place in seat_places])
    return [(team[0].mu, team[0].sigma) for team in rated]


class Ratings:
    """The ratings of one database's accounts."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.store = hub.store
        self._counting: set[asyncio.Task[None]] = set()
        hub.on_event.append(self._heard)

    def _heard(self, event: Event) -> None:
        if event.kind == Event.MOVED and event.over:
            task = asyncio.create_task(self.count(event.game))
            self._counting.add(task)
            task.add_done_callback(self._counting.discard)

    async def count(self, game_id: str) -> None:
        """Count a finished rated game (once, whichever process hears its end first)."""
        try:
            made = await self.hub.query(self.store.setup, game_id)
            if not made.rated:
                return
            position = await self.hub.run(self.hub.referee.position, game_id)
            result = await self.hub.run(position.result)
            if result is None:
                return
            await self.hub.query(self.counted, game_id, result["places"])
        except Exception:
            log.exception("the ratings of game %s were not counted", game_id)

    def counted(self, game_id: str, seat_places: list[int]) -> bool:
        """Count the game's result (its seats' places) for its accounts: whether this call
        counted it (a game is counted once, and not at all unless every seat is held by an
        account of its own)."""
        made = self.store.setup(game_id)
        players = made.setup.players
        at = self.store.now()
        try:
            with self.store.writing() as session:
                if session.get_bind().dialect.name == "postgresql":
                    session.execute(
                        text("SELECT pg_advisory_xact_lock(:key)"), {"key": RATINGS_LOCK}
                    )
                held = dict(
                    session.execute(
                        select(AccountSeatRow.seat, AccountSeatRow.account_id).where(
                            AccountSeatRow.game_id == game_id
                        )
                    ).all()
                )
                accounts = [held.get(seat) for seat in range(players)]
                whole = None not in accounts and len(set(accounts)) == players
                result: dict[str, Any] = {"accounts": accounts, "places": seat_places}
                if not whole:
                    result["why"] = "not every seat was played by an account of its own"
                session.add(
                    RatedGameRow(game_id=game_id, counted=whole, result=result, rated_at=at)
                )
                session.flush()  # the unique game: a second count stops here
                if not whole:
                    return False
                game = made.setup.name
                known = {
                    row.account_id: row
                    for row in session.scalars(
                        select(RatingRow).where(
                            RatingRow.game == game,
                            RatingRow.players == players,
                            RatingRow.account_id.in_([a for a in accounts if a is not None]),
                        )
                    )
                }
                before = [
                    (known[a].mu, known[a].sigma) if a in known else (MODEL.mu, MODEL.sigma)
                    for a in accounts
                ]
                for seat, (mu, sigma) in enumerate(rate(before, seat_places)):
                    account = accounts[seat]
                    assert account is not None
                    row = known.get(account)
                    if row is None:
                        session.add(
                            RatingRow(
                                account_id=account,
                                game=game,
                                players=players,
                                mu=mu,
                                sigma=sigma,
                                games=1,
                                updated_at=at,
                            )
                        )
                    else:
                        row.mu, row.sigma, row.games, row.updated_at = mu, sigma, row.games + 1, at
                    session.add(
                        RatingHistoryRow(
                            account_id=account,
                            game_id=game_id,
                            game=game,
                            players=players,
                            place=seat_places[seat],
                            mu=mu,
                            sigma=sigma,
                            at=at,
                        )
                    )
        except IntegrityError:
            return False  # counted already, by this process or another
        return True

    async def idle(self) -> None:
        """Wait until every game being counted is counted (tests, shutdown)."""
        while self._counting:
            await asyncio.gather(*list(self._counting), return_exceptions=True)

    # -- what the pages show -------------------------------------------------------

    def leaderboard(self, game: str, players: int) -> JsonDict:
        """The best ratings in ``game`` at ``players``, best conservative rating first."""
        try:
            info = get_game(game).info
        except Exception:
            raise NotFoundError(f"there is no game {game!r}") from None
        query = (
            select(RatingRow, AccountRow.name)
            .join(AccountRow, AccountRow.id == RatingRow.account_id)
            .where(RatingRow.game == game, RatingRow.players == players)
            .order_by(
                (RatingRow.mu - 3 * RatingRow.sigma).desc(),
                RatingRow.games.desc(),
                AccountRow.name,
                RatingRow.account_id,
            )
            .limit(LEADERS)
        )
        with self.store.session() as session:
            ranked = session.execute(query).all()
        return {
            "game": game,
            "title": info.title,
            "players": players,
            "leaders": [
                {
                    "place": place + 1,
                    "account": row.account_id,
                    "name": name,
                    "rating": round(ordinal(row.mu, row.sigma), 2),
                    "mu": row.mu,
                    "sigma": row.sigma,
                    "games": row.games,
                }
                for place, (row, name) in enumerate(ranked)
            ],
        }

    def player(self, account_id: str) -> JsonDict:
        """An account's public page: its name, its ratings with their history, its rated
        games with their places."""
        with self.store.session() as session:
            account = session.get(AccountRow, account_id)
            if account is None:
                raise NotFoundError("there is no such player")
            ratings = session.scalars(
                select(RatingRow).where(RatingRow.account_id == account_id)
            ).all()
            history = session.execute(
                select(RatingHistoryRow, GameRow.title)
                .join(GameRow, GameRow.id == RatingHistoryRow.game_id)
                .where(RatingHistoryRow.account_id == account_id)
                .order_by(RatingHistoryRow.at, RatingHistoryRow.game_id)
            ).all()
        return {
            "account": account.id,
            "name": account.name,
            "ratings": [
                {
                    "game": row.game,
                    "title": get_game(row.game).info.title,
                    "players": row.players,
                    "rating": round(ordinal(row.mu, row.sigma), 2),
                    "games": row.games,
                    # From where every player starts, then after each game.
                    "history": [
                        round(ordinal(MODEL.mu, MODEL.sigma), 2),
                        *(
                            round(ordinal(h.mu, h.sigma), 2)
                            for h, _ in history
                            if h.game == row.game and h.players == row.players
                        ),
                    ],
                }
                for row in sorted(ratings, key=lambda r: (r.game, r.players))
            ],
            "games": [
                {
                    "id": h.game_id,
                    "title": title,
                    "game": h.game,
                    "players": h.players,
                    "place": h.place + 1,
                    "rating": round(ordinal(h.mu, h.sigma), 2),
                    "at": h.at.isoformat(),
                }
                for h, title in reversed(history)
            ],
        }


def chart_points(history: Sequence[float], width: int = 240, height: int = 60) -> str:
    """An SVG polyline's points for ratings over time, scaled to ``width`` x ``height``."""
    if not history:
        return ""
    low, high = min(history), max(history)
    span = (high - low) or 1.0
    step = width / max(1, len(history) - 1)
    return " ".join(
        f"{i * step:.1f},{height - (value - low) / span * height:.1f}"
        for i, value in enumerate(history)
    )


Players = Annotated[int, Query(ge=2, le=16)]


def add_rating_routes(app: FastAPI, templates: Jinja2Templates) -> None:
    def ratings_of(request: Request) -> Ratings:
        ratings: Ratings = request.app.state.ratings
        return ratings

    @app.get("/ratings", response_class=HTMLResponse)
    @app.get("/ratings/{game}", response_class=HTMLResponse)
    async def ratings_page(
        request: Request, game: str = "confusing-lands", players: Players = 2
    ) -> HTMLResponse:
        ratings = ratings_of(request)
        choices = [
            {"game": name, "title": get_game(name).info.title, "players": count}
            for name in game_names()
            for count in get_game(name).info.player_counts
            if count >= 2
        ]
        if not any(c["game"] == game and c["players"] == players for c in choices):
            raise NotFoundError(f"no game {game!r} is rated at {players} players")
        board = await ratings.hub.query(ratings.leaderboard, game, players)
        return templates.TemplateResponse(
            request, "ratings.html", {"board": board, "choices": choices}
        )

    @app.get("/players/{account_id}", response_class=HTMLResponse)
    async def player_page(request: Request, account_id: str) -> HTMLResponse:
        ratings = ratings_of(request)
        found = await ratings.hub.query(ratings.player, account_id)
        return templates.TemplateResponse(
            request, "player.html", {"player": found, "chart": chart_points}
        )

    @app.get("/api/ratings/{game}")
    async def leaderboard(request: Request, game: str, players: Players = 2) -> JsonDict:
        """The leaderboard of ``game`` at ``players`` (the best 100)."""
        ratings = ratings_of(request)
        return await ratings.hub.query(ratings.leaderboard, game, players)

    @app.get("/api/players/{account_id}")
    async def player(request: Request, account_id: str) -> JsonDict:
        """A player's ratings over time and rated games."""
        ratings = ratings_of(request)
        return await ratings.hub.query(ratings.player, account_id)
