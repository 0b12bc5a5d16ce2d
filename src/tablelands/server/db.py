"""The database: games, their seats and their moves, which are only ever appended.

Nothing that matters lives only in memory: a game is its row (setup and secret seed), its
seats (who plays, a hash of each seat's token) and its moves in order, from which the
referee rebuilds the true state. The schema is made and upgraded by the Alembic migrations
packaged in ``migrations/`` (:func:`upgrade`), never by ``create_all``, so a database made
by one version of the server is carried forward by the next.
"""

from __future__ import annotations

from datetime import UTC, datetime
from importlib import resources
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Engine,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    String,
    UniqueConstraint,
    create_engine,
    event,
    false,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

#: Seat kinds: a person with their own link, a bot, or a person at the creator's screen;
#: and a seat of an uploaded record, which nobody plays (its game is over).
HUMAN = "human"
BOT = "bot"
HOTSEAT = "hotseat"
RECORD = "record"
#: Game statuses.
PLAYING = "playing"
OVER = "over"


def now() -> datetime:
    return datetime.now(UTC)


def aware(at: datetime) -> datetime:
    """A time read back from the database, in UTC (SQLite gives it without its zone)."""
    return at if at.tzinfo is not None else at.replace(tzinfo=UTC)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"
    __table_args__ = (
        Index("uq_games_rematch_of", "rematch_of", unique=True),
        Index("ix_games_creator_created_at", "creator", "created_at"),
    )

    #: The public id, random and url-safe: it is in every link to the game.
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    title: Mapped[str] = mapped_column(String(200))
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    #: Null: the packaged edition; else the uploaded edition file's data, as given.
    edition: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: Secret until the game is over: it would rebuild every hidden card.
    seed: Mapped[int] = mapped_column(BigInteger)
    hints: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    status: Mapped[str] = mapped_column(String(16))
    #: Unique: a game has at most one rematch, however many ask for one at once.
    rematch_of: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("games.id"), nullable=True
    )
    #: Who made it: a keyed hash of the client's address (the quotas count by it), never
    #: the address itself. Null for games made before quotas, and by tools.
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: When a person last moved in it or opened it (its bots stop once it has been idle long).
    touched_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    #: Its clock (``ClockRule.to_json``), or null for none.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    #: Made rated: its result counts for its players' ratings when each has an account.
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    #: When the time of the seat to move runs out, as last worked out: the sweep reads the
    #: clock of every game past it (the clock itself comes from the move rows' times).
    deadline_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("game_id", "token_hash", name="uq_seats_game_token"),)

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    #: The agent spec of a bot seat (``mcts:2s``); null for people.
    agent: Mapped[str | None] = mapped_column(String(100), nullable=True)
    name: Mapped[str] = mapped_column(String(100))
    #: sha256 of the seat's secret token (null for bots): the token itself is never stored.
    #: A rematch keeps each seat's hash, so everyone's link works for the new game too.
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    #: A friend's seat: sha256 of its invite link's token. The invite acts for the seat
    #: until the friend joins by it, which gives the seat a new token: a link used once
    #: is then known as used (``token_hash`` differs), not mistaken for a wrong one.
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)


class MoveRow(Base):
    __tablename__ = "moves"
    # Two requests made against the same position both try the same seq: one is refused
    # by the database itself, whatever the server's own checks.
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_moves_game_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), index=True)
    #: 1, 2, ... within the game, undo rows included.
    seq: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    #: A play's action number; an undo's: the seq of the move it takes back.
    action: Mapped[int] = mapped_column(BigInteger)
    kind: Mapped[str] = mapped_column(String(8))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class StandInRow(Base):
    """A stand-in: the lobby's weakest bot playing a seat whose time ran out, from the
    position ``seq`` on, until ``ended_at`` (its person came back). The key makes a seat's
    time run out once at a position, whichever processes see it."""

    __tablename__ = "stand_ins"

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    ended_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    #: The position its person came back at.
    ended_seq: Mapped[int | None] = mapped_column(Integer, nullable=True)


class NotifyTargetRow(Base):
    """Where a seat asked to be told it is its turn: an e-mail address, or a browser's push
    subscription (``key``: the address itself, or a hash of the push endpoint)."""

    __tablename__ = "notify_targets"

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: ``email`` or ``push``.
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    #: The address (``{"address": ...}``) or the subscription (``{"endpoint", "keys"}``).
    target: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class NoticeRow(Base):
    """A notice sent: the seat told it was its turn (``turn``) or that its time runs low
    (``reminder``) at position ``seq``. The key makes each sent once, by one process.
    Targets that could not be told are tried again from the row, by whichever process
    finds the try due (the one that made the notice may have stopped)."""

    __tablename__ = "notices"

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8), primary_key=True)
    sent_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    #: Tries made so far.
    tries: Mapped[int] = mapped_column(Integer, default=1, server_default="1")
    #: The keys of the targets still to be told (``None``: none).
    pending: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)
    #: When they are tried next (``None``: never; a process that takes a try puts it off
    #: while it makes it, so that another makes it only if that process dies).
    retry_at: Mapped[datetime | None] = mapped_column(
        DateTime(timezone=True), nullable=True, index=True
    )


class AccountRow(Base):
    """A person's account: optional, for their seats to follow them to any browser."""

    __tablename__ = "accounts"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    #: Lower-cased: one account an address.
    email: Mapped[str] = mapped_column(String(254), unique=True)
    name: Mapped[str] = mapped_column(String(100))
    #: Argon2id (argon2-cffi's own encoding, its parameters in it).
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SessionRow(Base):
    """A signed-in browser: sha256 of its session cookie, which is never stored."""

    __tablename__ = "sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SignInLinkRow(Base):
    """A sign-in link sent by e-mail: sha256 of its token, good once until ``expires_at``."""

    __tablename__ = "sign_in_links"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE")
    )
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PasskeyRow(Base):
    """A passkey of an account (WebAuthn): its credential's id and public key, its sign
    count, and the host (the relying party) it was made on and works on."""

    __tablename__ = "passkeys"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    #: base64url, as the browser names it.
    credential_id: Mapped[str] = mapped_column(String(1400), unique=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )
    rp_id: Mapped[str] = mapped_column(String(253))
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(BigInteger)
    name: Mapped[str] = mapped_column(String(100))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class PasskeyCeremonyRow(Base):
    """A passkey ceremony under way: the challenge the server made for adding a passkey to
    an account (``add``) or signing in with one (``sign_in``), used once, until
    ``expires_at``; in the database, so any process finishes what another began."""

    __tablename__ = "passkey_ceremonies"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    purpose: Mapped[str] = mapped_column(String(16))
    account_id: Mapped[str | None] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), nullable=True
    )
    challenge: Mapped[bytes] = mapped_column(LargeBinary)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)


class AccountSeatRow(Base):
    """A seat an account holds (at most one account a seat)."""

    __tablename__ = "account_seats"

    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), index=True
    )


class SeatKeyRow(Base):
    """A seat's token minted for one signed-in browser of the account holding the seat
    (sha256 only); it plays the seat as the seat's own token does, until the session ends."""

    __tablename__ = "seat_keys"
    __table_args__ = (
        UniqueConstraint("session_id", "game_id", "seat", name="uq_seat_keys_session_seat"),
    )

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"))
    seat: Mapped[int] = mapped_column(Integer)
    session_id: Mapped[str] = mapped_column(
        String(64), ForeignKey("sessions.id", ondelete="CASCADE"), index=True
    )


class RatedGameRow(Base):
    """A rated game's result as it was counted (once: the game is unique), in the order
    counted: ``{"accounts": [...], "places": [...]}`` by seat; ``counted`` false, with the
    reason, when it could not count (a seat without an account)."""

    __tablename__ = "rated_games"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), unique=True)
    counted: Mapped[bool] = mapped_column(Boolean)
    result: Mapped[dict[str, Any]] = mapped_column(JSON)
    rated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """An account's openskill rating (Plackett-Luce, as the tournaments') in one game at
    one player count."""

    __tablename__ = "ratings"

    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    players: Mapped[int] = mapped_column(Integer, primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingHistoryRow(Base):
    """An account's rating after one rated game, and its place in it."""

    __tablename__ = "rating_history"

    account_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("accounts.id", ondelete="CASCADE"), primary_key=True
    )
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    place: Mapped[int] = mapped_column(Integer)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class LeaseRow(Base):
    """Work that one process of the server does for all of them (a bot's decision, an
    analysis), claimed until ``expires_at``. The owner renews the lease while it works; a
    process that dies stops renewing, and once the lease expires another takes the work."""

    __tablename__ = "leases"

    #: What the work is: ``bot:GAME:SEQ``, ``analysis:GAME``.
    key: Mapped[str] = mapped_column(String(100), primary_key=True)
    #: The id of the process holding it (``ProcessRow.id``).
    owner: Mapped[str] = mapped_column(String(32))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ProcessRow(Base):
    """A server process, alive while its heartbeat is recent."""

    __tablename__ = "processes"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    heartbeat_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PresenceRow(Base):
    """The sockets a process holds for a seat of a game: the seat is connected while some
    living process holds one."""

    __tablename__ = "presence"

    process_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("processes.id", ondelete="CASCADE"), primary_key=True
    )
    game_id: Mapped[str] = mapped_column(String(32), ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    sockets: Mapped[int] = mapped_column(Integer)


class SecretRow(Base):
    """A secret of the server's own, made at its first start: the admin token's hash, the
    key of the address hashes."""

    __tablename__ = "server_secrets"

    name: Mapped[str] = mapped_column(String(32), primary_key=True)
    value: Mapped[str] = mapped_column(String(128))


def make_engine(url: str) -> Engine:
    """An engine for ``url`` (``sqlite:///path`` or ``postgresql+psycopg://...``); SQLite
    gets foreign keys enforced, a wait for the lock instead of an error, and its
    write-ahead log: a commit is one write and one sync of the log (still durable), where
    the default journal takes several, and readers do not wait for a writer."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"timeout": 30})

        @event.listens_for(engine, "connect")
        def _set_up(connection: Any, _record: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute("PRAGMA journal_mode=WAL")  # a database in memory keeps its own
            cursor.close()

        return engine
    # No ping before each use of a pooled connection: it is a round trip more for every
    # query. A connection the database dropped fails its query, and the pool then makes
    # new ones.
    return create_engine(url, pool_size=10, max_overflow=10)


#: The advisory lock (PostgreSQL) under which the schema is upgraded.
MIGRATION_LOCK = 7_212_461


def upgrade(engine: Engine) -> None:
    """Bring the database's schema to the newest migration (Alembic ``upgrade head``)."""
    config = Config()
    config.set_main_option("script_location", str(_migrations()))
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            # Processes starting at once upgrade one after another: the others then find
            # the schema made. The lock is the transaction's, let go at its end.
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _migrations() -> Path:
    return Path(str(resources.files("tablelands.server").joinpath("migrations")))
