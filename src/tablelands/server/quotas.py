"""The quotas of a server put online: how much one client (an address) and all clients
together may ask of it (:class:`~tablelands.server.settings.Limits`).

A refusal is a :class:`QuotaError`: ``429`` with a ``Retry-After`` header and a message
saying when to try again. Games are counted in the database (every process and restart
sees the same counts); hints and sockets by this process, in memory.
"""

from __future__ import annotations

import hashlib
import hmac
import math
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from datetime import datetime, timedelta

from tablelands.server.db import now
from tablelands.server.errors import ServerError
from tablelands.server.settings import Limits
from tablelands.server.store import Store

#: Clients whose hints are counted in memory at once (the least recently seen go first).
KNOWN_CLIENTS = 100_000


class QuotaError(ServerError):
    """A client (or every client) over one of the server's limits."""

    status = 429

    def __init__(self, message: str, retry_after: float) -> None:
        self.retry_after = max(1, math.ceil(retry_after))
        super().__init__(f"{message}; try again in {_duration(self.retry_after)}")


def _duration(seconds: int) -> str:
    if seconds < 120:
        return f"{seconds} s"
    return f"{math.ceil(seconds / 60)} min"


class Windows:
    """Events per client in a sliding window of ``seconds``, at most ``allowed`` each."""

    def __init__(
        self, allowed: int, seconds: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.allowed = allowed
        self.seconds = seconds
        self._clock = clock
        self._times: OrderedDict[str, deque[float]] = OrderedDict()

    def take(self, client: str, what: str) -> None:
        """Count one event of ``client``; ``QuotaError`` (and nothing counted) when it has
        had ``allowed`` in the window already."""
        at = self._clock()
        times = self._times.pop(client, None) or deque()
        while times and times[0] <= at - self.seconds:
            times.popleft()
        self._times[client] = times
        while len(self._times) > KNOWN_CLIENTS:
            self._times.popitem(last=False)
        if len(times) >= self.allowed:
            raise QuotaError(
                f"{what}: at most {self.allowed} in {_duration(math.ceil(self.seconds))} from "
                "one address",
                times[0] + self.seconds - at,
            )
        times.append(at)


class Quotas:
    """What one process enforces of the server's limits."""

    def __init__(self, limits: Limits, store: Store, address_key: bytes) -> None:
        self.limits = limits
        self._store = store
        self._key = address_key
        self._hints = Windows(limits.hints_per_window, limits.window_seconds)
        self._previews = Windows(limits.previews_per_window, limits.window_seconds)
        self._sign_ins = Windows(limits.sign_ins_per_window, limits.window_seconds)
        self._sockets: dict[str, int] = {}
        self._all_sockets = 0

    def client(self, address: str | None) -> str:
        """What is kept of a client's address: a keyed hash (the key is the server's own
        secret), so neither the database nor a log holds addresses."""
        return hmac.new(self._key, (address or "unknown").encode(), hashlib.sha256).hexdigest()

    def before_game(self, client: str) -> None:
        """In the referee's thread, before a game is made for ``client``."""
        limits = self.limits
        made = self._store.made_since(client, limits.window_seconds)
        if len(made) >= limits.games_per_window:
            free_at: datetime = made[-limits.games_per_window] + timedelta(
                seconds=limits.window_seconds
            )
            raise QuotaError(
                f"new games: at most {limits.games_per_window} in "
                f"{_duration(math.ceil(limits.window_seconds))} from one address",
                (free_at - now()).total_seconds(),
            )
        if self._store.live_games(client, limits.idle_seconds) >= limits.live_games_per_client:
            raise QuotaError(
                f"games going on: at most {limits.live_games_per_client} made from one address "
                "(finish one, or leave one idle)",
                limits.idle_seconds,
            )
        if self._store.live_games(None, limits.idle_seconds) >= limits.live_games:
            raise QuotaError(f"the server has {limits.live_games} games going on, its most", 60)

    def before_hint(self, client: str) -> None:
        self._hints.take(client, "hints")

    def before_preview(self, client: str) -> None:
        self._previews.take(client, "previews")

    def before_sign_in(self, client: str) -> None:
        self._sign_ins.take(client, "sign-ins")

    def open_socket(self, client: str) -> None:
        """One socket more from ``client``; ``QuotaError`` when it may have no more."""
        if self._sockets.get(client, 0) >= self.limits.sockets_per_client:
            raise QuotaError(
                f"sockets: at most {self.limits.sockets_per_client} open at once from one "
                "address (close some tabs)",
                10,
            )
        if self._all_sockets >= self.limits.sockets:
            raise QuotaError(f"the server holds {self.limits.sockets} sockets, its most", 10)
        self._sockets[client] = self._sockets.get(client, 0) + 1
        self._all_sockets += 1

    def close_socket(self, client: str) -> None:
        left = self._sockets.get(client, 0) - 1
        if left > 0:
            self._sockets[client] = left
        else:
            self._sockets.pop(client, None)
        self._all_sockets = max(0, self._all_sockets - 1)
