"""Replays of finished games, and records uploaded to be watched.

Once a game is over nothing of it is secret (its record, with the seed, is downloadable),
so a replay may show any seat's point of view at any step. A replay is rebuilt once from
the game's seed and moves; each point of view asked for (a seat's, or the public one) is
then worked out along the whole game once, observations and log, and kept, so stepping
back and forth costs nothing more. Only finished games are replayed: a game under way
would show what its seats may not know yet.

An uploaded record is checked by replaying it (``core.records.replay``, which names the
field or the action at fault) and stored as a finished game whose seats are of kind
``record``: nobody plays them, and the record route gives the record back as uploaded.
"""

from __future__ import annotations

import json
import secrets
import threading
import zlib
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from pydantic import ValidationError

from tablelands.core.errors import RecordError, TablelandsError
from tablelands.core.files import validate
from tablelands.core.game import Edition, Game, JsonDict, Place
from tablelands.core.match import Match, Setup, Walk
from tablelands.core.records import GameRecord, notation_of_history, replay
from tablelands.core.view import SeatLog
from tablelands.games import game_names, get_game
from tablelands.server.db import OVER, RECORD, GameRow, SeatRow, now
from tablelands.server.errors import RefusedError, ServerError
from tablelands.server.referee import Referee

#: Replays kept in memory (the least recently used go first).
CACHED_REPLAYS = 8
#: The point of view of a spectator, as the routes name it.
PUBLIC = "public"


@dataclass
class Viewpoint:
    """One point of view along a whole game: the observation after every step (0: the
    start), the log lines each step added and the places it changed (``Game.places``).
    Observations are kept as compressed JSON: a
    long game's run to tens of megabytes as objects, a few hundred kilobytes so."""

    packed: list[bytes]
    lines: list[list[str]]
    places: list[list[Place]]

    def observation(self, step: int) -> JsonDict:
        seen: JsonDict = json.loads(zlib.decompress(self.packed[step]))
        return seen


def _pack(seen: JsonDict) -> bytes:
    return zlib.compress(json.dumps(seen, separators=(",", ":")).encode("utf-8"))


@dataclass
class Replay:
    """A finished game, step by step: its setup, its moves and their notation."""

    setup: Setup
    game: Game[Any]
    edition: Edition
    seats: list[int]
    actions: list[int]
    texts: list[str]
    views: dict[int | None, Viewpoint] = field(default_factory=dict)
    lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def steps(self) -> int:
        return len(self.actions)

    def move(self, step: int) -> JsonDict:
        """The move that led to ``step``: its seat, its notation, and in words the lines
        the mover's own log gives it (once the game is over nothing of it is hidden)."""
        seat = self.seats[step - 1]
        return {
            "step": step,
            "seat": seat,
            "text": self.texts[step - 1],
            "words": self.viewpoint(seat).lines[step],
        }

    def viewpoint(self, viewer: int | None) -> Viewpoint:
        """The game as ``viewer`` saw it (``None``: a spectator), worked out once."""
        with self.lock:
            known = self.views.get(viewer)
            if known is not None:
                return known
            walk = Walk(self.setup)
            state = walk.state
            if viewer is not None and not 0 <= viewer < state.num_players:
                raise ServerError(
                    f"there is no seat {viewer + 1} in a {state.num_players}-player game"
                )

            def seen() -> JsonDict:
                return state.public_observation() if viewer is None else state.observation(viewer)

            first = seen()
            log = SeatLog(state.game, state.edition, first)
            made = Viewpoint([_pack(first)], [list(log.lines)], [[]])
            before = first
            for action in self.actions:
                walk.play(action)
                after = seen()
                made.packed.append(_pack(after))
                made.lines.append(log.follow(after))
                made.places.append(state.game.places(before, after, state.edition))
                before = after
            self.views[viewer] = made
            return made


class Replays:
    """The replays of one database's finished games, and the records uploaded to it."""

    def __init__(self, referee: Referee) -> None:
        self._referee = referee
        self._cache: OrderedDict[str, Replay] = OrderedDict()
        self._lock = threading.Lock()

    def replay(self, game_id: str) -> Replay:
        """The game's replay; ``RefusedError`` while it is under way."""
        with self._lock:
            cached = self._cache.get(game_id)
            if cached is not None:
                self._cache.move_to_end(game_id)
                return cached
        position = self._referee.position(game_id)
        if not position.over:
            raise RefusedError(
                "a game is replayed once it is over: until then its seats' secrets are kept"
            )
        made = Replay(
            setup=position.setup,
            game=position.game,
            edition=position.state.edition,
            seats=[move.seat for move in position.played],
            actions=list(position.actions),
            texts=notation_of_history(position.state),
        )
        with self._lock:
            self._cache[game_id] = made
            while len(self._cache) > CACHED_REPLAYS:
                self._cache.popitem(last=False)
        return made

    def moves(self, game_id: str) -> JsonDict:
        """Every step of the game: who moved, and the move in notation."""
        made = self.replay(game_id)
        return {
            "steps": made.steps,
            "moves": [
                {"step": step, "seat": seat, "text": text}
                for step, (seat, text) in enumerate(zip(made.seats, made.texts, strict=True), 1)
            ],
        }

    def step(self, game_id: str, step: int, viewer: str) -> JsonDict:
        """The position after ``step`` moves as ``viewer`` saw it (a seat's number from 0,
        or ``public``), with the log and the marks (the places each move changed) up to it
        and the move that led to it."""
        made = self.replay(game_id)
        if not 0 <= step <= made.steps:
            raise ServerError(f"step {step} is not in this game: its steps are 0 to {made.steps}")
        seat = _viewer(viewer)
        view = made.viewpoint(seat)
        seen = view.observation(step)
        return {
            "step": step,
            "steps": made.steps,
            "viewer": seat,
            "observation": seen,
            "standings": made.game.standings(seen, made.edition),
            "move": None if step == 0 else made.move(step),
            "told": view.lines[step],
            "log": [
                {"step": n, "text": text}
                for n, lines in enumerate(view.lines[: step + 1])
                for text in lines
            ],
            "marks": [
                {"step": n, "places": [list(place) for place in places]}
                for n, places in enumerate(view.places[: step + 1])
                if places
            ],
        }

    # -- uploads ------------------------------------------------------------------------

    def upload(self, data: object) -> str:
        """Check a record file's data by replaying it and store it as a finished game; its
        id. ``ServerError`` naming the field or the action at fault."""
        try:
            record = validate(GameRecord, data, "record", RecordError)
            if record.game not in game_names():
                raise RecordError(
                    f"record: game: no game {record.game!r} here (games: {', '.join(game_names())})"
                )
            game = get_game(record.game)
            edition = game.default_edition()
            if record.edition.hash != edition.content_hash:
                raise RecordError(
                    f"record: edition.hash: the game was played with {record.edition.name!r} "
                    f"({record.edition.hash}); this server replays records of the packaged "
                    f"edition only ({edition.content_hash})"
                )
            state = replay(record, game, edition, "record")
        except (TablelandsError, ValidationError) as exc:
            raise ServerError(str(exc)) from None
        if not state.is_terminal:
            raise ServerError(
                f"record: final: the game is not over after its {len(record.actions)} actions: "
                "only finished games can be uploaded"
            )
        game_id = secrets.token_urlsafe(12)
        setup = Setup(game, state.num_players, dict(state.options), edition, record.seed)
        match = Match.of_actions(setup, state.history)
        row = GameRow(
            id=game_id,
            title=f"{game.info.title} (uploaded record)",
            game=game.info.name,
            players=state.num_players,
            options=dict(state.options),
            edition=None,
            seed=record.seed,
            hints=False,
            created_at=now(),
            status=OVER,
            rematch_of=None,
        )
        seats = [
            SeatRow(seat=p.seat, kind=RECORD, agent=None, name=p.name, token_hash=None)
            for p in record.players
        ]
        self._referee.store.add_game(row, seats, match.moves)
        return game_id


def _viewer(text: str) -> int | None:
    if text == PUBLIC:
        return None
    if not text.isdigit():
        raise ServerError(f"viewer is {PUBLIC!r} or a seat's number from 0, not {text!r}")
    return int(text)
