"""Clocks: the pace a game was made with, worked out from the stored times of its moves.

A clock is chosen in the lobby, per game (``NewGame.clock``):

- **live**: each seat has a bank of ``seconds`` and gains ``increment`` seconds with each of
  its moves (Fischer increment, as chess sites do); the time a seat takes is the time from
  the move before its own (or the game's start) to its own.
- **turn**: every move has ``seconds`` (a day, three days): the seat to move must move by
  the previous move's time plus ``seconds``.

Nothing of a clock is kept in memory: every figure comes from the game's start and its move
rows' times (``Timing``), so a restart, or another process, reads the same clock. When the
seat to move runs out of time, what the game was made with happens (``on_timeout``):

- **stand_in**: a *stand-in* (the lobby's weakest bot) plays for the seat from its own
  view, as any bot does: under a turn clock until its person comes back (``POST
  /api/games/{id}/back``), under a live clock for the rest of the game (a bank that ran out
  stays out);
- **lose**: the game ends there, that seat last and the others placed by their scores (a
  time-out move row, ``core.match.TIMEOUT``).

No game's rules let a seat pass, so no clock skips a seat. Bots have no clock: they move at
once.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Literal, Self

from tablelands.core.game import JsonDict
from tablelands.server.errors import ServerError

ClockKind = Literal["live", "turn"]
LIVE: ClockKind = "live"
TURN: ClockKind = "turn"
#: What a seat's time running out makes happen: a stand-in plays it, or it loses.
OnTimeout = Literal["stand_in", "lose"]
STAND_IN: OnTimeout = "stand_in"
LOSE: OnTimeout = "lose"
#: The bounds a clock is chosen within: a live bank of 1 minute to 3 hours with at most
#: 10 minutes' increment; a turn of 1 minute to 14 days.
LIVE_SECONDS = (60, 3 * 3600)
MAX_INCREMENT = 600
TURN_SECONDS = (60, 14 * 86400)


@dataclass(frozen=True, slots=True)
class ClockRule:
    """A game's clock as it was made: its kind, its seconds (the live bank or each turn's
    time), the live clock's increment, and what a seat's time running out makes happen."""

    kind: ClockKind
    seconds: int
    increment: int = 0
    on_timeout: OnTimeout = STAND_IN

    @classmethod
    def checked(
        cls, kind: ClockKind, seconds: int, increment: int, on_timeout: OnTimeout = STAND_IN
    ) -> Self:
        """The rule, or ``ServerError`` naming the bound it breaks."""
        low, high = LIVE_SECONDS if kind == LIVE else TURN_SECONDS
        if not low <= seconds <= high:
            raise ServerError(
                f"a {kind} clock has {_span(low)} to {_span(high)}, not {_span(seconds)}"
            )
        if kind == TURN and increment:
            raise ServerError("a turn clock has no increment: each move has the same time")
        if not 0 <= increment <= MAX_INCREMENT:
            raise ServerError(f"the increment is 0 to {MAX_INCREMENT} seconds, not {increment}")
        return cls(kind, seconds, increment, on_timeout)

    def to_json(self) -> JsonDict:
        return {
            "kind": self.kind,
            "seconds": self.seconds,
            "increment": self.increment,
            "on_timeout": self.on_timeout,
        }

    @classmethod
    def from_json(cls, data: JsonDict | None) -> Self | None:
        """The rule a game's row holds (``None``: the game has no clock)."""
        if data is None:
            return None
        return cls(
            data["kind"],
            int(data["seconds"]),
            int(data.get("increment", 0)),
            data.get("on_timeout", STAND_IN),
        )

    def describe(self) -> str:
        """The rule in words, as the lobby and the game's page name it: "10 min + 20 s",
        "3 days a move, lost on time"."""
        lost = ", lost on time" if self.on_timeout == LOSE else ""
        if self.kind == TURN:
            return f"{_span(self.seconds)} a move{lost}"
        extra = f" + {self.increment} s" if self.increment else ""
        return f"{_span(self.seconds)}{extra}{lost}"


def _span(seconds: int) -> str:
    for unit, size in (("day", 86400), ("h", 3600), ("min", 60)):
        if seconds >= size and seconds % size == 0:
            count = seconds // size
            return f"{count} {unit}{'s' if unit == 'day' and count > 1 else ''}"
    return f"{seconds} s"


@dataclass(frozen=True, slots=True)
class Timing:
    """One move row as a clock reads it: who made it, whether it was a play, and when."""

    seat: int
    played: bool
    at: datetime


@dataclass(frozen=True, slots=True)
class ClockView:
    """A clock at one moment (``as_of``): each seat's time left in seconds (a turn clock:
    the whole turn for every seat but the one to move), the seat whose time is running
    (``None``: no seat, or one a stand-in plays), and when it runs out."""

    rule: ClockRule
    as_of: datetime
    left: tuple[float, ...]
    running: int | None
    deadline: datetime | None
    #: The seats a stand-in plays.
    stood_in: frozenset[int] = frozenset()

    @property
    def flagged(self) -> bool:
        """Whether the running seat's time has run out."""
        return self.running is not None and self.left[self.running] <= 0

    def to_json(self) -> JsonDict:
        return {
            **self.rule.to_json(),
            "rule": self.rule.describe(),
            "as_of": self.as_of.isoformat(),
            "left": [round(max(0.0, left), 3) for left in self.left],
            "running": self.running,
            "deadline": None if self.deadline is None else self.deadline.isoformat(),
        }


def read_clock(
    rule: ClockRule,
    players: int,
    started: datetime,
    timings: Sequence[Timing],
    to_move: int | None,
    stood_in: frozenset[int],
    as_of: datetime,
) -> ClockView:
    """The clock of a game started at ``started`` with move rows ``timings``, at ``as_of``.
    ``to_move``: the seat to move (``None``: the game is over, or a bot is to move);
    ``stood_in``: the seats a stand-in plays now, whose time does not run."""
    last = started
    if rule.kind == TURN:
        if timings:
            last = timings[-1].at
        left = [float(rule.seconds)] * players
    else:
        left = [float(rule.seconds)] * players
        for timing in timings:
            left[timing.seat] -= (timing.at - last).total_seconds()
            if timing.played:
                left[timing.seat] += rule.increment
            last = timing.at
    running = None if to_move is None or to_move in stood_in else to_move
    deadline = None
    if running is not None:
        deadline = last + timedelta(seconds=left[running])
        left[running] = (deadline - as_of).total_seconds()
    return ClockView(rule, as_of, tuple(left), running, deadline, stood_in)
