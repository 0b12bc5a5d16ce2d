"""How a server is run: its database, its admin token, its bot workers, and every limit it
puts on the clients it serves (docs/server.md, "Running it for others")."""

from __future__ import annotations

import dataclasses
import os
from dataclasses import dataclass, field, fields
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

from tablelands.agents import AgentSpecError, parse_spec
from tablelands.analysis import budget_of
from tablelands.core.rng import seed_problem
from tablelands.server.bots import DEFAULT_WORKERS
from tablelands.server.mail import Mailer

#: The environment variable that fixes the admin token (else one is made at the first
#: start, shown once and kept hashed).
ADMIN_TOKEN_VARIABLE = "TABLELANDS_ADMIN_TOKEN"


def default_database_url() -> str:
    """SQLite in the user's data directory (made if missing)."""
    folder = Path(user_data_dir("tablelands", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tablelands.db'}"


def admin_token_from_environment() -> str | None:
    return os.environ.get(ADMIN_TOKEN_VARIABLE) or None


@dataclass(frozen=True, slots=True)
class Limits:
    """What one client (an address) and all clients together may ask of the server.

    A client over a limit is refused with ``429`` and a message saying when to try again.
    Game counts are kept in the database, so they hold across every process and restart;
    hints and sockets are counted by each process (with N processes, N times as many at
    most)."""

    #: Games one client may make in ``window_seconds``.
    games_per_window: int = 20
    #: The window of the counts above and below, in seconds.
    window_seconds: float = 600.0
    #: Games still playing and not idle that one client made, and that all clients made.
    live_games_per_client: int = 30
    live_games: int = 3000
    #: Hints one client may ask for in ``window_seconds``.
    hints_per_window: int = 120
    #: Previews (a move shown before it is confirmed) one client may ask for in the window.
    previews_per_window: int = 3000
    #: Sign-ups and sign-ins a client may try in the window (passwords are guessed).
    sign_ins_per_window: int = 30
    #: WebSockets open at once, from one client and from all (per process).
    sockets_per_client: int = 40
    sockets: int = 5000
    #: The longest search a bot seat made from the web may have: seconds of thinking (the
    #: lobby's strongest by default), or iterations.
    max_bot_seconds: float = 8.0
    max_bot_iterations: int = 20_000
    #: A game nobody has moved in or opened for this long (seconds) stops waking its bots
    #: until someone returns to it.
    idle_seconds: float = 1800.0
    #: The largest WebSocket message (bytes) and the deepest JSON document, on REST and
    #: WebSocket alike.
    max_message_bytes: int = 64_000
    max_json_depth: int = 32

    def __post_init__(self) -> None:
        for item in fields(self):
            value = getattr(self, item.name)
            if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
                raise ValueError(f"the limit {item.name} is a number above 0, not {value!r}")

    @classmethod
    def names(cls) -> list[str]:
        return [item.name for item in fields(cls)]

    def with_text(self, assignments: list[str]) -> Limits:
        """These limits with ``NAME=VALUE`` assignments (``--limit``) applied; ``ValueError``
        naming what is wrong."""
        changes: dict[str, Any] = {}
        kinds = {item.name: item.type for item in fields(self)}
        for assignment in assignments:
            name, equals, value = assignment.partition("=")
            name = name.strip().replace("-", "_")
            if not equals or name not in kinds:
                raise ValueError(
                    f"--limit {assignment!r}: write NAME=VALUE, NAME one of {', '.join(kinds)}"
                )
            try:
                changes[name] = int(value) if kinds[name] == "int" else float(value)
            except ValueError:
                raise ValueError(f"--limit {assignment!r}: {value!r} is not a number") from None
        return dataclasses.replace(self, **changes)

    def with_bot_budget(self, text: str) -> Limits:
        """These limits with the bots' longest search written as a budget (``8s``,
        ``20000it``: ``--max-bot-budget``); ``ValueError`` if it is none."""
        budget = budget_of(text)
        if budget.seconds is not None:
            return dataclasses.replace(self, max_bot_seconds=budget.seconds)
        return dataclasses.replace(self, max_bot_iterations=budget.iterations or 1)

    def check_bot(self, spec: str) -> None:
        """``AgentSpecError`` unless a seat made from the web may have the bot ``spec``:
        within the bots' budgets, and no ``workers=`` (the server's bots search in its own
        worker processes)."""
        parsed = parse_spec(spec)
        if parsed.budget is None:
            return
        if any(part.startswith("workers=") for part in parsed.text.split(":")):
            raise AgentSpecError(
                f"{spec!r}: a bot of this server searches in one of its own worker processes; "
                "leave out workers="
            )
        budget = parsed.budget
        if (budget.seconds or 0) > self.max_bot_seconds or (
            budget.iterations or 0
        ) > self.max_bot_iterations:
            raise AgentSpecError(
                f"{spec!r}: this server's bots think at most {self.max_bot_seconds:g}s or "
                f"{self.max_bot_iterations}it a move"
            )


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str = field(default_factory=default_database_url)
    #: Guards the admin routes (the list of every game); ``None``: the one kept hashed in
    #: the database (made at the first start).
    admin_token: str | None = field(default_factory=admin_token_from_environment)
    #: Bot decisions and hints searched at once, each in its own process (besides one
    #: process for the bots that do not search).
    workers: int = DEFAULT_WORKERS
    #: The search's budget for a hint (2s, 0.5s, 5000it).
    hint_budget: str = "1s"
    #: The search's budget for each decision of a finished game's analysis (twice that for
    #: a decision where the move played is not among those the search tried).
    analysis_budget: str = "0.2s"
    limits: Limits = field(default_factory=Limits)
    #: Origins (``https://example.org``) whose pages may open a game's WebSocket besides
    #: the server's own address (a deployment behind a proxy under another name).
    allowed_origins: tuple[str, ...] = ()
    #: Log lines as JSON objects, one a line (for a log collector).
    json_logs: bool = False
    #: The server's address as players reach it: the links in notifications.
    public_url: str = "http://127.0.0.1:8000"
    #: Where e-mail notifications are sent through: ``smtp://user:password@host:587``
    #: (STARTTLS when the server offers it) or ``smtps://...`` (TLS from the start);
    #: ``None``: no e-mail is offered.
    smtp_url: str | None = field(default_factory=lambda: os.environ.get("TABLELANDS_SMTP_URL"))
    #: The sender of e-mail notifications.
    mail_from: str = "tablelands <noreply@localhost>"
    #: Who push services may contact about this server's pushes (VAPID's ``sub`` claim).
    push_contact: str = "mailto:admin@localhost"
    #: For tests only: push endpoints on this machine over plain http are accepted (a
    #: stranger's subscription could otherwise make the server post to its own network).
    local_push: bool = False
    #: For tests only, never offered to players (a seed known is every hidden card known):
    #: games' seeds drawn in order from a generator seeded with this, so that a test's games
    #: can be played again; ``None``: each game's seed is secret and random.
    test_seeds: int | None = None
    #: For tests only, as ``test_seeds``: the seeds of the first games made, in order (a
    #: failed page test's games, to play one test's games again alone), then ``test_seeds``'.
    test_first_seeds: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        for seed in self.test_first_seeds:
            problem = seed_problem(seed)
            if problem:
                raise ValueError(f"the setting test_first_seeds: {problem}")
        for name in ("hint_budget", "analysis_budget"):
            try:
                budget_of(getattr(self, name))
            except ValueError as exc:
                raise ValueError(f"the setting {name}: {exc}") from None
        if self.smtp_url is not None:
            try:
                Mailer.from_url(self.smtp_url, self.mail_from)
            except ValueError as exc:
                raise ValueError(f"the setting smtp_url: {exc}") from None

    def to_data(self) -> dict[str, Any]:
        return dataclasses.asdict(self)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Settings:
        return cls(
            **{
                **data,
                "limits": Limits(**data["limits"]),
                "allowed_origins": tuple(data["allowed_origins"]),
            }
        )
