"""How a server is run: its database, its admin token, its bot workers."""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from platformdirs import user_data_dir

from tablelands.analysis import budget_of
from tablelands.server.bots import DEFAULT_WORKERS

#: The environment variable that fixes the admin token (else one is made at each start).
ADMIN_TOKEN_VARIABLE = "TABLELANDS_ADMIN_TOKEN"


def default_database_url() -> str:
    """SQLite in the user's data directory (made if missing)."""
    folder = Path(user_data_dir("tablelands", appauthor=False))
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'tablelands.db'}"


def admin_token_from_environment() -> str:
    return os.environ.get(ADMIN_TOKEN_VARIABLE) or secrets.token_urlsafe(24)


@dataclass(frozen=True, slots=True)
class Settings:
    database_url: str = field(default_factory=default_database_url)
    #: Guards the admin routes (the list of every game).
    admin_token: str = field(default_factory=admin_token_from_environment)
    #: Bot decisions made at once, each in its own process.
    workers: int = DEFAULT_WORKERS
    #: The search's budget for a hint (2s, 0.5s, 5000it).
    hint_budget: str = "1s"
    #: The search's budget for each decision of a finished game's analysis (twice that for
    #: a decision where the move played is not among those the search tried).
    analysis_budget: str = "0.2s"

    def __post_init__(self) -> None:
        for name in ("hint_budget", "analysis_budget"):
            try:
                budget_of(getattr(self, name))
            except ValueError as exc:
                raise ValueError(f"the setting {name}: {exc}") from None
