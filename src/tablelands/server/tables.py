"""The tables: games being played, kept in the database and refereed.

Every change goes to the database first and is committed before anyone is told of it; the
true states are rebuilt from the rows (seed and moves) and kept in memory only as a cache,
checked against the database's last seq on every use. These methods are synchronous (the
app runs them in threads, one at a time per game) and game-agnostic.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict
from collections.abc import Collection, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC
from typing import Any

from sqlalchemy import Engine, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from tablelands.agents import make_agent
from tablelands.core.errors import IllegalActionError, NotationError, TablelandsError
from tablelands.core.game import JsonDict
from tablelands.core.records import GameRecord, record_of
from tablelands.core.rng import SEED_LIMIT
from tablelands.core.view import SpectatorView
from tablelands.games import get_game
from tablelands.server.bots import BotJob
from tablelands.server.db import (
    BOT,
    HOTSEAT,
    HUMAN,
    OVER,
    PLAY,
    PLAYING,
    RECORD,
    UNDO,
    GameRow,
    MoveRow,
    SeatRow,
    now,
)
from tablelands.server.errors import (
    ForbiddenError,
    NotFoundError,
    RefusedError,
    ServerError,
    StaleError,
)
from tablelands.server.messages import seat_frame, spectator_frame
from tablelands.server.referee import Move, Position, Setup, edition_of
from tablelands.server.schemas import NewGame

#: Rebuilt positions kept in memory (the least recently used go first).
CACHED_POSITIONS = 256


def token_hash(token: str) -> str:
    """What is stored of a seat's token. Tokens are 256 random bits, so a plain hash
    suffices: there is nothing to guess a token from."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class SeatToken:
    """A seat's secret token, given once, when the game is made."""

    seat: int
    kind: str
    token: str


class Tables:
    """The games in one database."""

    def __init__(self, engine: Engine) -> None:
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self._positions: OrderedDict[str, Position] = OrderedDict()
        self._rows: OrderedDict[str, tuple[GameRow, list[SeatRow]]] = OrderedDict()
        #: Counts the changes to rows (``_changed_rows``), so that a reading made meanwhile
        #: is not kept.
        self._row_changes = 0
        self._cache_lock = threading.Lock()
        self._write_lock = threading.Lock()

    # -- making games ---------------------------------------------------------------

    def create(
        self, request: NewGame, rematch_of: str | None = None
    ) -> tuple[str, list[SeatToken]]:
        """Make a game; its id and the token of every seat a person plays (given only now)."""
        try:
            game = get_game(request.game)
            players = len(request.seats)
            game.check_players(players)
            options = game.settle_options(players, dict(request.options))
            edition = edition_of(game, request.edition)
            game.new_state(players=players, seed=0, options=options, edition=edition)
        except TablelandsError as exc:
            raise ServerError(str(exc)) from None
        if sum(seat.kind == "me" for seat in request.seats) > 1:
            raise ServerError("only one seat can be 'me'")
        game_id = secrets.token_urlsafe(12)
        tokens: list[SeatToken] = []
        rows: list[SeatRow] = []
        for index, seat in enumerate(request.seats):
            if seat.kind == "bot":
                spec = seat.agent or "greedy"
                try:
                    make_agent(spec, 0).close()
                except TablelandsError as exc:
                    raise ServerError(f"seat {index + 1}: {exc}") from None
                rows.append(
                    SeatRow(
                        seat=index, kind=BOT, agent=spec, name=seat.name or spec, token_hash=None
                    )
                )
                continue
            if seat.agent is not None:
                raise ServerError(f"seat {index + 1}: only a bot seat takes an agent")
            token = secrets.token_urlsafe(32)
            kind = HOTSEAT if seat.kind == "hotseat" else HUMAN
            tokens.append(SeatToken(index, seat.kind, token))
            name = seat.name or ("You" if seat.kind == "me" else f"Player {index + 1}")
            hashed = token_hash(token)
            invite = hashed if seat.kind == "friend" else None
            rows.append(
                SeatRow(
                    seat=index,
                    kind=kind,
                    agent=None,
                    name=name,
                    token_hash=hashed,
                    invite_hash=invite,
                )
            )
        row = GameRow(
            id=game_id,
            title=request.title or game.info.title,
            game=game.info.name,
            players=players,
            options=options,
            edition=request.edition,
            seed=secrets.randbelow(SEED_LIMIT),
            hints=request.hints,
            created_at=now(),
            status=PLAYING,
            rematch_of=rematch_of,
        )
        with self._writing() as session:
            session.add(row)
            session.flush()
            for seat_row in rows:
                seat_row.game_id = game_id
                session.add(seat_row)
        return game_id, tokens

    def rematch(self, game_id: str) -> str:
        """A new game with the same seats (each keeping its token), options and edition, and
        a new seed; only once the game is over."""
        row, seats = self._game(game_id)
        if row.status != OVER:
            raise RefusedError("a rematch can be asked for only once the game is over")
        new_id = secrets.token_urlsafe(12)
        with self._writing() as session:
            session.add(
                GameRow(
                    id=new_id,
                    title=row.title,
                    game=row.game,
                    players=row.players,
                    options=row.options,
                    edition=row.edition,
                    seed=secrets.randbelow(SEED_LIMIT),
                    hints=row.hints,
                    created_at=now(),
                    status=PLAYING,
                    rematch_of=row.id,
                )
            )
            session.flush()
            for seat in seats:
                session.add(
                    SeatRow(
                        game_id=new_id,
                        seat=seat.seat,
                        kind=seat.kind,
                        agent=seat.agent,
                        name=seat.name,
                        token_hash=seat.token_hash,
                        invite_hash=seat.invite_hash,
                    )
                )
        return new_id

    def join(self, game_id: str, token: str | None, name: str | None) -> tuple[int, str]:
        """A person takes their seat by its link, giving their name: the seat and the token
        to play it with from now on. An invite link is used up by it: the friend's seat gets
        a new token, so the link shared in a chat no longer plays the seat. Any other seat's
        token is kept, and only renames."""
        seat = self.seat_of(game_id, token)
        assert token is not None
        _, seats = self._game(game_id)
        row = seats[seat]
        named = {} if name is None else {"name": name}
        if row.invite_hash is None or row.invite_hash != row.token_hash:
            if named:
                with self._writing() as session:
                    session.execute(
                        update(SeatRow)
                        .where(SeatRow.game_id == game_id, SeatRow.seat == seat)
                        .values(**named)
                    )
                self._changed_rows(game_id)
            return seat, token
        fresh = secrets.token_urlsafe(32)
        with self._writing() as session:
            # Only while the invite still holds the seat: of two people using one link at
            # once, one takes the seat and the other is told the link is used.
            taken = session.execute(
                update(SeatRow)
                .where(
                    SeatRow.game_id == game_id,
                    SeatRow.seat == seat,
                    SeatRow.token_hash == row.invite_hash,
                )
                .values(token_hash=token_hash(fresh), **named)
            )
        self._changed_rows(game_id)
        if taken.rowcount != 1:  # type: ignore[attr-defined]
            self.seat_of(game_id, token)  # raises: the link was used meanwhile
        return seat, fresh

    # -- reading games ----------------------------------------------------------------

    @contextmanager
    def _writing(self) -> Iterator[Session]:
        """A transaction that writes, one at a time in this process: SQLite takes one writer
        at a time and has the others sleep and try again, which under load costs far more
        than waiting for a lock that wakes the next writer at once."""
        with self._write_lock, self._sessions.begin() as session:
            yield session

    def _game(self, game_id: str) -> tuple[GameRow, list[SeatRow]]:
        """The game's row and seats. Kept in memory too: of these only a seat's name and the
        game's status ever change, and only through this class, which forgets them then."""
        with self._cache_lock:
            rows = self._rows.get(game_id)
            changes = self._row_changes
        if rows is not None:
            return rows
        with self._sessions() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                raise NotFoundError(f"there is no game {game_id!r}")
            seats = session.scalars(
                select(SeatRow).where(SeatRow.game_id == game_id).order_by(SeatRow.seat)
            ).all()
            rows = row, list(seats)
        with self._cache_lock:
            if changes == self._row_changes:  # else what was read may be stale already
                self._rows[game_id] = rows
            while len(self._rows) > CACHED_POSITIONS:
                self._rows.popitem(last=False)
        return rows

    def seat_of(self, game_id: str, token: str | None) -> int:
        """The seat ``token`` is for in the game; ``ForbiddenError`` if none, saying so when
        it is an invite link someone already joined by."""
        _, seats = self._game(game_id)
        if token:
            wanted = token_hash(token)
            for seat in seats:
                if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, wanted):
                    return seat.seat
            for seat in seats:
                if seat.invite_hash is not None and secrets.compare_digest(
                    seat.invite_hash, wanted
                ):
                    raise ForbiddenError(
                        f"this invite link was already used: {seat.name} took seat "
                        f"{seat.seat + 1} with it, and the seat is played from the browser "
                        "that joined"
                    )
        raise ForbiddenError("this token is for no seat of this game")

    def position(self, game_id: str, just_changed: bool = False) -> Position:
        """The game's true position now: the cached one brought up to the database's last
        move, or rebuilt from the game's seed and moves. ``just_changed``: this thread has
        just played or undone a move in it, so the cached position (if any) is taken as it
        is, without asking the database."""
        with self._cache_lock:
            cached = self._positions.get(game_id)
        if just_changed and cached is not None:
            return cached
        with self._sessions() as session:
            last = session.scalar(select(func.max(MoveRow.seq)).where(MoveRow.game_id == game_id))
            last = last or 0
            if cached is None or cached.seq != last:
                after = 0 if cached is None else cached.seq
                rows = session.scalars(
                    select(MoveRow)
                    .where(MoveRow.game_id == game_id, MoveRow.seq > after)
                    .order_by(MoveRow.seq)
                ).all()
                moves = [Move(r.seq, r.seat, r.action, r.kind) for r in rows]
                if cached is not None and cached.seq < last and all(m.kind == PLAY for m in moves):
                    for move in moves:
                        cached.play(move)
                else:
                    if cached is not None:  # an undo: rebuild from every row
                        rows = session.scalars(
                            select(MoveRow).where(MoveRow.game_id == game_id).order_by(MoveRow.seq)
                        ).all()
                        moves = [Move(r.seq, r.seat, r.action, r.kind) for r in rows]
                    # A game's setup never changes (and a game never goes away): only a game
                    # not cached yet is read, which also says whether there is one.
                    setup = self._setup(self._game(game_id)[0]) if cached is None else cached.setup
                    cached = Position(setup, moves)
        with self._cache_lock:
            self._positions[game_id] = cached
            self._positions.move_to_end(game_id)
            while len(self._positions) > CACHED_POSITIONS:
                self._positions.popitem(last=False)
        return cached

    @staticmethod
    def _setup(row: GameRow) -> Setup:
        return Setup(row.game, row.players, dict(row.options), row.edition, row.seed)

    def _changed_rows(self, game_id: str) -> None:
        with self._cache_lock:
            self._row_changes += 1
            self._rows.pop(game_id, None)

    def _forget(self, game_id: str) -> None:
        with self._cache_lock:
            self._positions.pop(game_id, None)

    def seats(self, game_id: str, connected: Collection[int]) -> list[JsonDict]:
        _, seats = self._game(game_id)
        return [
            {
                "seat": seat.seat,
                "kind": seat.kind,
                "name": seat.name,
                "agent": seat.agent,
                "connected": seat.kind == BOT or seat.seat in connected,
                # A friend's seat whose invite link nobody has joined by yet.
                "invited": seat.invite_hash is not None and seat.invite_hash == seat.token_hash,
            }
            for seat in seats
        ]

    @staticmethod
    def _result(position: Position) -> JsonDict | None:
        """What a finished game came to, the seed included (public once the game is over)."""
        state = position.state
        if not state.is_terminal:
            return None
        return {"scores": state.scores(), "winners": state.winners(), "seed": state.seed}

    def summary(self, game_id: str, connected: Collection[int]) -> JsonDict:
        """What anyone with the game's id may know: no observation, no seed until the end."""
        row, _ = self._game(game_id)
        position = self.position(game_id)
        edition = position.state.edition
        with self._sessions() as session:
            rematch = session.scalar(
                select(GameRow.id).where(GameRow.rematch_of == game_id).order_by(GameRow.created_at)
            )
        return {
            "id": row.id,
            "title": row.title,
            "game": row.game,
            "game_title": position.game.info.title,
            "players": row.players,
            "options": row.options,
            "edition": {
                "name": edition.name,
                "hash": edition.content_hash,
                "packaged": row.edition is None,
            },
            "hints": row.hints,
            "status": row.status,
            # SQLite gives back naive times: every time stored is UTC.
            "created_at": row.created_at.replace(tzinfo=UTC).isoformat(),
            "rematch_of": row.rematch_of,
            "rematch": rematch,
            "seq": position.seq,
            "moves": len(position.played),
            "current_player": position.state.current_player,
            "seats": self.seats(game_id, connected),
            "result": self._result(position),
        }

    def edition(self, game_id: str) -> JsonDict:
        """The game's edition data (``Edition.to_data()``): public, the same for every seat
        (what the observations name by number only: card sides, card types)."""
        row, _ = self._game(game_id)
        data: JsonDict = edition_of(get_game(row.game), row.edition).to_data()
        return data

    def game_ids(self, status: str | None = None) -> list[str]:
        with self._sessions() as session:
            query = select(GameRow.id).order_by(GameRow.created_at)
            if status is not None:
                query = query.where(GameRow.status == status)
            return list(session.scalars(query).all())

    def frame(
        self, game_id: str, seat: int | None, since: int, connected: Collection[int]
    ) -> JsonDict:
        """The ``view`` message for ``seat`` (``messages.seat_frame``), or for a spectator
        (``None``: ``messages.spectator_frame``, from the public view and log alone)."""
        return self.frames(game_id, [(seat, since)], connected)[0]

    def frames(
        self,
        game_id: str,
        wanted: Sequence[tuple[int | None, int]],
        connected: Collection[int],
        just_changed: bool = False,
    ) -> list[JsonDict]:
        """The ``view`` message of each ``(seat, since)`` in ``wanted`` (seat ``None``: a
        spectator's), from one reading of the position (see :meth:`position` for
        ``just_changed``): what a change sends every connection of the game."""
        position = self.position(game_id, just_changed)
        seats = self.seats(game_id, connected)
        result = self._result(position)
        public: SpectatorView | None = None
        made = []
        for seat, since in wanted:
            if seat is None:
                if public is None:
                    public = SpectatorView(position.state)
                made.append(
                    spectator_frame(
                        game_id=game_id,
                        view=public,
                        seq=position.seq,
                        lines=position.public_lines,
                        since=since,
                        undone=position.undone,
                        seats=seats,
                        result=result,
                    )
                )
                continue
            made.append(
                seat_frame(
                    game_id=game_id,
                    view=position.view(seat),
                    seq=position.seq,
                    lines=position.lines[seat],
                    since=since,
                    undone=position.undone,
                    can_undo=position.can_undo(seat),
                    seats=seats,
                    result=result,
                )
            )
        return made

    def record(self, game_id: str) -> GameRecord:
        """The game's record (docs/records.md), once it is over."""
        _, seats = self._game(game_id)
        position = self.position(game_id)
        if not position.state.is_terminal:
            raise RefusedError("the record is given once the game is over: it holds the seed")
        # An uploaded record's seats keep the names the record gave them.
        names = [seat.name if seat.kind == RECORD else seat.agent or "human" for seat in seats]
        return record_of(position.state, names)

    # -- moves ------------------------------------------------------------------------

    def play(
        self,
        game_id: str,
        seat: int,
        seq: int,
        action: dict[str, Any] | None,
        action_id: int | None,
    ) -> None:
        """``seat`` plays against position ``seq``: the action checked by the rules, then
        committed; refused (``StaleError``, ``RefusedError``) with nothing changed."""
        position = self._current(game_id, seq)
        if (action is None) == (action_id is None):
            raise ServerError("send either 'action' (the action as JSON) or 'action_id'")
        try:
            if action is not None:
                action_id = position.view(seat).action_from_json(action)
            assert action_id is not None
            after = position.check_play(seat, action_id)
        except (IllegalActionError, NotationError) as exc:
            raise RefusedError(str(exc)) from None
        move = Move(seq + 1, seat, action_id, PLAY)
        self._append(game_id, move, over=after.is_terminal)
        position.play(move, after)

    def undo(self, game_id: str, seat: int, seq: int) -> None:
        """``seat`` takes back its last move (the referee's undo policy), against ``seq``."""
        position = self._current(game_id, seq)
        try:
            undone = position.check_undo(seat)
        except IllegalActionError as exc:
            raise RefusedError(str(exc)) from None
        self._append(game_id, Move(seq + 1, seat, undone.seq, UNDO), over=False)
        self._forget(game_id)

    def _current(self, game_id: str, seq: int) -> Position:
        position = self.position(game_id)
        if seq != position.seq:
            raise StaleError(
                f"the game has moved on: it is at seq {position.seq}, not {seq} (nothing was played)"
            )
        return position

    def _append(self, game_id: str, move: Move, over: bool) -> None:
        """Commit one move row; the unique (game, seq) refuses a second move at one seq."""
        try:
            with self._writing() as session:
                session.add(
                    MoveRow(
                        game_id=game_id,
                        seq=move.seq,
                        seat=move.seat,
                        action=move.action,
                        kind=move.kind,
                        created_at=now(),
                    )
                )
                if over:
                    session.execute(
                        update(GameRow).where(GameRow.id == game_id).values(status=OVER)
                    )
            if over:
                self._changed_rows(game_id)
        except IntegrityError:
            self._forget(game_id)
            raise StaleError(
                f"another move was played at seq {move.seq} first (nothing was played)"
            ) from None

    # -- bots -------------------------------------------------------------------------

    def bot_job(self, game_id: str) -> BotJob | None:
        """The decision a bot has to make in the game now, if any."""
        row, seats = self._game(game_id)
        if all(seat.kind != BOT for seat in seats):
            return None
        position = self.position(game_id)
        seat = position.state.current_player
        if position.state.is_terminal or seats[seat].kind != BOT:
            return None
        spec = seats[seat].agent
        assert spec is not None
        # Bots are seeded from the secret seed and the move, so a game replays the same way.
        agent_seed = (
            int.from_bytes(
                hashlib.sha256(f"{row.seed}:{position.seq}".encode()).digest()[:8], "big"
            )
            % SEED_LIMIT
        )
        return BotJob(
            self._setup(row), tuple(position.actions), seat, spec, agent_seed, position.seq
        )

    def session(self) -> Session:
        """A database session (for tests and tools that look at the rows)."""
        return self._sessions()
