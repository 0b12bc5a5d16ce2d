"""The referee: the commands of a game (create, join, play, undo, rematch, a bot's turn),
each checked against the stored seq, and what each seat and spectator is shown.

It alone holds the true state (:class:`~tablelands.server.position.Position`), rebuilt
from the store's rows through the match and kept in memory only as a cache that is checked
against the database's last seq at every use: another process may have moved meanwhile. A
seat's frame is built from that seat's view and log (``messages.py``). Game-agnostic: it
knows a game only through the registry and the kernel.
"""

from __future__ import annotations

import hashlib
import secrets
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC
from typing import Any

from sqlalchemy.exc import IntegrityError

from tablelands.core.errors import IllegalActionError, NotationError, TablelandsError
from tablelands.core.foresight import foresee
from tablelands.core.game import JsonDict, State
from tablelands.core.match import PLAY, UNDO, Match, Move, Setup
from tablelands.core.records import GameRecord, record_of
from tablelands.core.rng import SEED_LIMIT, Rng
from tablelands.core.view import SpectatorView
from tablelands.games import get_game
from tablelands.server.bots import BotJob
from tablelands.server.clocks import ClockRule, ClockView
from tablelands.server.db import BOT, HOTSEAT, HUMAN, OVER, PLAYING, RECORD, GameRow, SeatRow
from tablelands.server.editions import edition_of
from tablelands.server.errors import ForbiddenError, RefusedError, ServerError, StaleError
from tablelands.server.events import Event
from tablelands.server.messages import Frame, seat_frame, spectator_frame
from tablelands.server.position import Position
from tablelands.server.schemas import NewGame
from tablelands.server.settings import Limits
from tablelands.server.store import Store
from tablelands.server.timekeeping import (
    STAND_IN,
    check_time,
    clock_lines,
    game_clock,
    with_clock_lines,
)

#: Rebuilt positions kept in memory (the least recently used go first).
CACHED_POSITIONS = 256


def _json_type(value: object) -> str:
    return {bool: "true or false", int: "whole number"}.get(type(value), "string")


def token_hash(token: str) -> str:
    """What is stored of a seat's token. Tokens are 256 random bits, so a plain hash
    suffices: there is nothing to guess a token from."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass(frozen=True, slots=True)
class Checked:
    """A play checked against the game's position and the rules, not stored yet: the move
    and the true state after it."""

    game_id: str
    move: Move
    after: State


@dataclass(frozen=True, slots=True)
class SeatToken:
    """A seat's secret token, given once, when the game is made."""

    seat: int
    kind: str
    token: str


class Referee:
    """The games of one database, refereed by this process."""

    def __init__(
        self,
        store: Store,
        limits: Limits | None = None,
        test_seeds: int | None = None,
        test_first_seeds: Sequence[int] = (),
    ) -> None:
        self.store = store
        self.limits = limits or Limits()
        #: Where games' seeds come from: the system's secret randomness, or (tests only,
        #: ``Settings.test_seeds`` and ``test_first_seeds``) the seeds given, then a seeded
        #: generator.
        self._seeds = None if test_seeds is None else Rng(test_seeds)
        self._first_seeds = list(reversed(test_first_seeds))
        self._positions: OrderedDict[str, Position] = OrderedDict()
        #: The seats as frames show them, per game, until the game's seats change: every
        #: change of a seat (a join, a rename, a socket opened or closed, a process gone)
        #: is an event, and every process drops the game's entry on hearing it
        #: (:meth:`seats_changed`).
        self._shown_seats: OrderedDict[str, list[JsonDict]] = OrderedDict()
        self._lock = threading.Lock()

    # -- making games ---------------------------------------------------------------

    def _new_seed(self) -> int:
        with self._lock:
            if self._first_seeds:
                return self._first_seeds.pop()
            if self._seeds is not None:
                return self._seeds.below(SEED_LIMIT)
        return secrets.randbelow(SEED_LIMIT)

    def create(self, request: NewGame, creator: str | None = None) -> tuple[str, list[SeatToken]]:
        """Make a game for ``creator`` (what the quotas count it by); its id and the token
        of every seat a person plays (given only now). A bot seat's spec is kept within the
        limits' budgets."""
        try:
            game = get_game(request.game)
            players = len(request.seats)
            for name, value in request.options.items():
                default = game.info.option(name).default
                if type(value) is not type(default):
                    raise RefusedError(
                        f"option {name!r} takes a JSON {_json_type(default)}, not {value!r}"
                    )
            checked = Setup.checked(
                game, players, 0, request.options, edition_of(game, request.edition)
            )
        except ServerError:
            raise
        except TablelandsError as exc:
            raise ServerError(str(exc)) from None
        if sum(seat.kind == "me" for seat in request.seats) > 1:
            raise ServerError("only one seat can be 'me'")
        if request.rated and (
            players < 2 or request.hints or any(s.kind in ("bot", "hotseat") for s in request.seats)
        ):
            raise ServerError(
                "a rated game is between people at their own screens: two seats or more, no "
                "bot, no hot-seat, no hints"
            )
        clock = request.clock
        if request.rated and clock is not None and clock.on_timeout != "lose":
            raise ServerError(
                "a rated game's clock ends it when a seat's time runs out (on_timeout "
                "'lose'): no bot may play a seat of a rated game"
            )
        rule = (
            None
            if clock is None
            else ClockRule.checked(
                clock.kind, clock.seconds, clock.increment, clock.on_timeout
            ).to_json()
        )
        tokens: list[SeatToken] = []
        rows: list[SeatRow] = []
        for index, seat in enumerate(request.seats):
            if seat.kind == "bot":
                spec = seat.agent or "greedy"
                try:
                    self.limits.check_bot(spec)
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
        made_at = self.store.now()
        row = GameRow(
            id=secrets.token_urlsafe(12),
            title=request.title or game.info.title,
            game=game.info.name,
            players=players,
            options=checked.options,
            edition=request.edition,
            seed=self._new_seed(),
            hints=request.hints,
            created_at=made_at,
            status=PLAYING,
            rematch_of=None,
            creator=creator,
            clock=rule,
            # The first seat's time runs from the start: the sweep reads the clock anew.
            deadline_at=None if rule is None else made_at,
            rated=request.rated,
        )
        self.store.add_game(row, rows)
        return row.id, tokens

    def rematch(self, game_id: str, creator: str | None = None) -> str:
        """The game's rematch, made for ``creator``: a new game with the same seats (each
        keeping its token), options and edition, and a new seed, made once the game is
        over; asked for again (by another seat, on another process), the same one."""
        made = self.store.setup(game_id)
        if self.store.status(game_id) != OVER:
            raise RefusedError("a rematch can be asked for only once the game is over")
        existing = self.store.rematch_of(game_id)
        if existing is not None:
            return existing
        setup = made.setup
        row = GameRow(
            id=secrets.token_urlsafe(12),
            title=made.title,
            game=setup.name,
            players=setup.players,
            options=setup.options,
            edition=made.edition_data,
            seed=self._new_seed(),
            hints=made.hints,
            created_at=self.store.now(),
            status=PLAYING,
            rematch_of=game_id,
            creator=creator,
            clock=None if made.clock is None else made.clock.to_json(),
            deadline_at=None if made.clock is None else self.store.now(),
            rated=made.rated,
        )
        seats = [
            SeatRow(
                seat=seat.seat,
                kind=seat.kind,
                agent=seat.agent,
                name=seat.name,
                token_hash=seat.token_hash,
                invite_hash=seat.invite_hash,
            )
            for seat in self.store.seats(game_id)
        ]
        try:
            self.store.add_game(row, seats)
        except IntegrityError:  # another seat's rematch came first: that one is the rematch
            existing = self.store.rematch_of(game_id)
            if existing is None:
                raise
            return existing
        return row.id

    def join(self, game_id: str, token: str | None, name: str | None) -> tuple[int, str]:
        """A person takes their seat by its link, giving their name: the seat and the token
        to play it with from now on. An invite link is used up by it: the friend's seat gets
        a new token, so the link shared in a chat no longer plays the seat. Any other seat's
        token is kept, and only renames."""
        seat = self.seat_of(game_id, token)
        assert token is not None
        row = self.store.seats(game_id)[seat]
        named = {} if name is None else {"name": name}
        if row.invite_hash is None or row.invite_hash != row.token_hash:
            if named:
                self.store.update_seat(game_id, seat, None, **named)
            return seat, token
        fresh = secrets.token_urlsafe(32)
        # Only while the invite still holds the seat: of two people using one link at once,
        # on whichever processes, one takes the seat and the other is told the link is used.
        if not self.store.update_seat(
            game_id, seat, row.invite_hash, token_hash=token_hash(fresh), **named
        ):
            self.seat_of(game_id, token)  # raises: the link was used meanwhile
        return seat, fresh

    # -- reading games ----------------------------------------------------------------

    def seat_of(self, game_id: str, token: str | None) -> int:
        """The seat ``token`` is for in the game, as the database says now;
        ``ForbiddenError`` if none, saying so when it is an invite link someone already
        joined by."""
        seats = self.store.seats(game_id)
        if token:
            wanted = token_hash(token)
            for seat in seats:
                if seat.token_hash is not None and secrets.compare_digest(seat.token_hash, wanted):
                    return seat.seat
            # A token an account minted for one of its signed-in browsers (``accounts.py``).
            keyed = self.store.seat_of_key(game_id, wanted)
            if keyed is not None:
                return keyed
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
        move, or rebuilt from the game's match. ``just_changed``: this thread has just
        played or undone a move in it, so the cached position (if any) is taken as it is,
        without asking the database."""
        with self._lock:
            cached = self._positions.get(game_id)
        if just_changed and cached is not None:
            return cached
        # One question: the moves after those the cached position has (none: it is current).
        moves = self.store.moves(game_id, 0 if cached is None else cached.seq)
        if cached is None:
            cached = Position(Match(self.store.setup(game_id).setup, tuple(moves)))
        elif moves and all(m.kind == PLAY for m in moves):
            for move in moves:
                cached.play(move)
        elif moves:  # an undo: rebuilt from every row
            setup = self.store.setup(game_id).setup
            cached = Position(Match(setup, tuple(self.store.moves(game_id))))
        with self._lock:
            self._positions[game_id] = cached
            self._positions.move_to_end(game_id)
            while len(self._positions) > CACHED_POSITIONS:
                self._positions.popitem(last=False)
        return cached

    def heard(self, game_id: str, event: Event) -> Event | None:
        """Another process's move (``event``), played on in the cached position when that
        is just before it (no reading from the database); the event if so, else ``None``
        (the position is brought up to date when next used, as it is after any change)."""
        move = event.move
        with self._lock:
            cached = self._positions.get(game_id)
        if cached is None or move is None or move.kind != PLAY or cached.seq != move.seq - 1:
            return None
        try:
            cached.play(move)
        except TablelandsError:  # not the move the rows hold: they are read instead
            self._forget(game_id)
            return None
        return event

    def _forget(self, game_id: str) -> None:
        with self._lock:
            self._positions.pop(game_id, None)

    def seats(self, game_id: str) -> list[JsonDict]:
        """Every seat as the pages show it, connected when a socket of any process is open
        for it (a bot always is), and whether a stand-in plays it (its time ran out)."""
        timed = self.store.setup(game_id).clock is not None
        stood_in = self.store.stand_ins(game_id) if timed else frozenset()
        return [
            {
                "seat": seat.seat,
                "kind": seat.kind,
                "name": seat.name,
                "agent": seat.agent,
                "connected": seat.kind == BOT or seat.connected,
                # A friend's seat whose invite link nobody has joined by yet.
                "invited": seat.invite_hash is not None and seat.invite_hash == seat.token_hash,
                "stand_in": seat.seat in stood_in,
            }
            for seat in self.store.seats(game_id)
        ]

    def seats_changed(self, game_id: str | None = None) -> None:
        """The game's seats (``None``: any game's) may have changed: frames read them anew."""
        with self._lock:
            if game_id is None:
                self._shown_seats.clear()
            else:
                self._shown_seats.pop(game_id, None)

    def _seats_shown(self, game_id: str) -> list[JsonDict]:
        """:meth:`seats` for the game's frames, as last read unless they changed since."""
        with self._lock:
            known = self._shown_seats.get(game_id)
        if known is not None:
            return known
        seats = self.seats(game_id)
        with self._lock:
            self._shown_seats[game_id] = seats
            while len(self._shown_seats) > CACHED_POSITIONS:
                self._shown_seats.popitem(last=False)
        return seats

    def summary(self, game_id: str) -> JsonDict:
        """What anyone with the game's id may know: no observation, no seed until the end."""
        made = self.store.setup(game_id)
        position = self.position(game_id)
        edition = position.state.edition
        return {
            "id": made.id,
            "title": made.title,
            "game": made.setup.name,
            "game_title": position.game.info.title,
            "players": made.setup.players,
            "options": made.setup.options,
            "edition": {
                "name": edition.name,
                "hash": edition.content_hash,
                "packaged": made.edition_data is None,
            },
            "hints": made.hints,
            "rated": made.rated,
            "clock": self._clock_json(game_id, position),
            "status": OVER if position.over else PLAYING,
            # SQLite gives back naive times: every time stored is UTC.
            "created_at": made.created_at.replace(tzinfo=UTC).isoformat(),
            "rematch_of": made.rematch_of,
            "rematch": self.store.rematch_of(game_id),
            "seq": position.seq,
            "moves": len(position.played),
            "current_player": position.state.current_player,
            "seats": self.seats(game_id),
            # What an invite says of the seat it offers: "Sea", "the red pawns".
            "sides": position.game.seat_sides(made.setup.players, made.setup.options),
            "result": position.result(),
        }

    def edition(self, game_id: str) -> JsonDict:
        """The game's edition data (``Edition.to_data()``): public, the same for every seat
        (what the observations name by number only: card sides, card types)."""
        data: JsonDict = self.store.setup(game_id).setup.edition.to_data()
        return data

    def frame(self, game_id: str, seat: int | None, since: int) -> JsonDict:
        """The ``view`` message for ``seat`` (``messages.seat_frame``), or for a spectator
        (``None``: ``messages.spectator_frame``, from the public view and log alone)."""
        self.seats_changed(game_id)  # asked for on its own: everything read as it is now
        return self.frames(game_id, [(seat, since)])[0].data()

    def frames(
        self, game_id: str, wanted: Sequence[tuple[int | None, int]], just_changed: bool = False
    ) -> list[Frame]:
        """The ``view`` message of each ``(seat, since)`` in ``wanted`` (seat ``None``: a
        spectator's), from one reading of the position (see :meth:`position` for
        ``just_changed``): what a change sends every connection of the game here. The log
        lines are those of the moves after ``since``; ``since`` below 0: every line, the
        opening's (seq 0) too. The seats are those last read for the game's frames
        (:meth:`seats_changed` has them read again)."""
        position = self.position(game_id, just_changed)
        seats = self._seats_shown(game_id)
        result = position.result()
        clock = self._clock_json(game_id, position)
        told = (
            []
            if clock is None
            else clock_lines(self.store, game_id, [s["name"] for s in seats], position)
        )
        public: SpectatorView | None = None
        made: list[Frame] = []
        for seat, since in wanted:
            viewpoint = position.viewpoint(seat)
            if seat is None:
                if public is None:
                    public = SpectatorView(position.state)
                made.append(
                    spectator_frame(
                        game_id=game_id,
                        view=public,
                        seq=position.seq,
                        lines=with_clock_lines(viewpoint.lines, told),
                        marks=viewpoint.marks,
                        since=since,
                        undone=position.undone,
                        seats=seats,
                        result=result,
                        clock=clock,
                    )
                )
                continue
            made.append(
                seat_frame(
                    game_id=game_id,
                    view=position.view(seat),
                    seq=position.seq,
                    lines=with_clock_lines(viewpoint.lines, told),
                    marks=viewpoint.marks,
                    since=since,
                    undone=position.undone,
                    can_undo=position.can_undo(seat),
                    seats=seats,
                    result=result,
                    clock=clock,
                )
            )
        return made

    def record(self, game_id: str) -> GameRecord:
        """The game's record (docs/records.md), once it is over."""
        seats = self.store.seats(game_id)
        position = self.position(game_id)
        if not position.over:
            raise RefusedError("the record is given once the game is over: it holds the seed")
        # An uploaded record's seats keep the names the record gave them.
        names = [seat.name if seat.kind == RECORD else seat.agent or "human" for seat in seats]
        return record_of(position.state, names)

    # -- moves ------------------------------------------------------------------------

    def check(
        self,
        game_id: str,
        seat: int,
        seq: int,
        action: dict[str, Any] | None,
        action_id: int | None,
        bot: bool = False,
    ) -> Checked:
        """``seat``'s play against position ``seq``, checked by the rules and not stored
        yet (:meth:`commit` stores it, then :meth:`played` brings the position on);
        ``StaleError`` or ``RefusedError`` saying why not, with nothing changed. ``bot``:
        the seat's bot or stand-in plays it, which no clock holds to time."""
        position = self._current(game_id, seq)
        if not bot:
            check_time(self.store, game_id, seat, position)
        if (action is None) == (action_id is None):
            raise ServerError("send either 'action' (the action as JSON) or 'action_id'")
        try:
            if action is not None:
                action_id = position.view(seat).action_from_json(action)
            assert action_id is not None
            after = position.check_play(seat, action_id)
        except (IllegalActionError, NotationError) as exc:
            raise RefusedError(str(exc)) from None
        return Checked(game_id, Move(seq + 1, seat, action_id, PLAY), after)

    def commit(self, checked: Checked) -> None:
        """Store a checked play (from any thread: it touches no position); ``StaleError``
        if another move took its seq first."""
        self._append(checked.game_id, checked.move, over=checked.after.is_terminal)

    def played(self, checked: Checked) -> Event:
        """The cached position brought on by a committed play, and its event. A reading of
        the rows between the steps may have brought it on already; a position behind it
        for any other reason is dropped, to be read again."""
        move = checked.move
        with self._lock:
            cached = self._positions.get(checked.game_id)
        if cached is not None and cached.seq == move.seq - 1:
            cached.play(move, checked.after)
        elif cached is not None and cached.seq < move.seq:
            self._forget(checked.game_id)
        return Event(checked.game_id, Event.MOVED, seq=move.seq, over=checked.after.is_terminal)

    def undo(self, game_id: str, seat: int, seq: int) -> Event:
        """``seat`` takes back its last move (the referee's undo policy), against ``seq``."""
        position = self._current(game_id, seq)
        try:
            undone = position.check_undo(seat)
        except IllegalActionError as exc:
            raise RefusedError(str(exc)) from None
        self._append(game_id, Move(seq + 1, seat, undone.seq, UNDO), over=False)
        self._forget(game_id)
        return Event(game_id, Event.MOVED, seq=seq + 1)

    def foresee(self, game_id: str, seat: int, seq: int, action_id: int) -> JsonDict:
        """What ``seat`` would see of playing ``action_id`` at ``seq``, from its own view
        (``core/foresight.py``); ``StaleError`` or ``RefusedError`` as a move would be."""
        position = self._current(game_id, seq)
        try:
            seen = foresee(position.view(seat), action_id)
        except (IllegalActionError, NotationError) as exc:
            raise RefusedError(str(exc)) from None
        return {"seq": seq, **seen.to_json()}

    def _current(self, game_id: str, seq: int) -> Position:
        """The position a move against ``seq`` is checked in. A cached one at that seq is
        taken without asking the database: if another process moved meanwhile, the
        database refuses the move's seq, and the move is stale all the same."""
        with self._lock:
            cached = self._positions.get(game_id)
        position = cached if cached is not None and cached.seq == seq else self.position(game_id)
        if seq != position.seq:
            raise StaleError(
                f"the game has moved on: it is at seq {position.seq}, not {seq} (nothing was played)"
            )
        return position

    def _append(self, game_id: str, move: Move, over: bool) -> None:
        """Commit one move row; the unique (game, seq) refuses a second move at one seq,
        whichever process sent it."""
        if not self.store.append(game_id, move, over):
            self._forget(game_id)
            raise StaleError(
                f"another move was played at seq {move.seq} first (nothing was played)"
            )

    # -- clocks -----------------------------------------------------------------------

    def clock(self, game_id: str, position: Position | None = None) -> ClockView | None:
        """The game's clock now, read from its moves' times (``None``: it has none)."""
        return game_clock(self.store, game_id, position or self.position(game_id))

    def clock_message(self, game_id: str) -> JsonDict:
        """The ``clock`` message: the seats (which a stand-in plays) and the clock now."""
        return {
            "type": "clock",
            "seats": self.seats(game_id),
            "clock": self._clock_json(game_id, self.position(game_id)),
        }

    def _clock_json(self, game_id: str, position: Position) -> JsonDict | None:
        clock = self.clock(game_id, position)
        return None if clock is None else clock.to_json()

    # -- bots -------------------------------------------------------------------------

    def bot_job(self, game_id: str) -> BotJob | None:
        """The decision a bot has to make in the game now, if any."""
        made = self.store.setup(game_id)
        bots = made.bots
        if made.clock is not None:
            bots = tuple(
                STAND_IN if seat in self.store.stand_ins(game_id) else spec
                for seat, spec in enumerate(bots)
            )
        if not any(bots):
            return None
        position = self.position(game_id)
        seat = position.state.current_player
        if position.over:
            return None
        spec = bots[seat]
        if spec is None:
            return None
        # Bots are seeded from the secret seed and the move, so a game replays the same way.
        agent_seed = (
            int.from_bytes(
                hashlib.sha256(f"{position.setup.seed}:{position.seq}".encode()).digest()[:8],
                "big",
            )
            % SEED_LIMIT
        )
        return BotJob(
            game_id, position.setup, tuple(position.actions), seat, spec, agent_seed, position.seq
        )
