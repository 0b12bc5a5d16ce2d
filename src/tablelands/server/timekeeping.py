"""What a clock makes happen: a stand-in for a seat whose time ran out, or the game's end
with that seat last, once across every process, and the person's return to the seat
(docs/server.md, Clocks).

Every move of a clocked game marks it for the sweep (its ``deadline_at`` set to the move's
time, in the move's own statement); each process's sweep reads the clocks of the games past
their deadline (``Hub.check_clocks``, :meth:`Timekeeper.flag`): a game whose running seat still has time gets its
true deadline stored, one whose seat ran out gets a stand-in, or loses. The stand-in's row
is keyed by the game, the seat and the position, and the time-out is a move row at the
next seq, so of two processes seeing it at once (or of a time-out and the seat's own last
move) one puts it there. Nothing waits on a timer: a restart, or another process, finds the same deadlines.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from typing import Protocol

from tablelands.core.match import TIMEOUT, Move
from tablelands.server.catalog import STRENGTHS
from tablelands.server.clocks import LIVE, LOSE, TURN, ClockView, read_clock
from tablelands.server.db import aware
from tablelands.server.errors import RefusedError
from tablelands.server.position import LogLine, Position
from tablelands.server.store import Store

log = logging.getLogger(__name__)

#: What plays a seat whose time ran out: the lobby's weakest bot.
STAND_IN = STRENGTHS[0][1]
#: Under a turn clock a seat is reminded once this share of its turn is left.
REMIND_SHARE = 0.25


@dataclass(frozen=True, slots=True)
class Look:
    """What a look at a game's clock found: the seat it gave a stand-in, or the seat to be
    reminded that its time runs low."""

    flagged: int | None = None
    remind: int | None = None


def game_clock(store: Store, game_id: str, position: Position) -> ClockView | None:
    """The clock of the game at ``position`` (its position now), read from its moves'
    times at the store's time (``None``: the game has none)."""
    made = store.setup(game_id)
    if made.clock is None:
        return None
    state = position.state
    to_move = None if position.over else state.current_player
    if to_move is not None and made.bots[to_move] is not None:
        to_move = None  # a bot has no clock
    return read_clock(
        made.clock,
        made.setup.players,
        aware(made.created_at),
        store.timings(game_id),
        to_move,
        store.stand_ins(game_id),
        store.now(),
    )


def check_time(store: Store, game_id: str, seat: int, position: Position) -> None:
    """``RefusedError`` if ``seat``'s person may not move for the game's clock: its time
    ran out, or a stand-in plays it."""
    clock = game_clock(store, game_id, position)
    if clock is None:
        return
    if seat in clock.stood_in:
        raise RefusedError(
            "your time ran out and a stand-in plays your seat: come back to it first "
            "(nothing was played)"
        )
    if clock.flagged and clock.running == seat:
        raise RefusedError("your time has run out (nothing was played)")


def clock_lines(store: Store, game_id: str, names: list[str], position: Position) -> list[LogLine]:
    """What the log tells of the game's clock: each seat that ran out of time, tagged
    with the move after it (the stand-in's first, or the time-out), and each that came
    back."""
    made = store.setup(game_id)
    if made.clock is None:
        return []
    live = made.clock.kind == LIVE
    lines = []
    lost = position.lost_on_time
    if lost is not None:
        others = len(names) > 2
        ending = "the game ends, and they are last" if others else "the game ends, and they lose"
        lines.append(LogLine(position.seq, f"{names[lost]} ran out of time: {ending}."))
    for seat, seq, ended in store.stand_in_history(game_id):
        name = names[seat]
        until = " to the end of the game" if live else " until they come back"
        lines.append(LogLine(seq + 1, f"{name} ran out of time: a bot plays for them{until}."))
        if ended is not None:
            lines.append(LogLine(ended + 1, f"{name} is back and plays their seat again."))
    return lines


def with_clock_lines(lines: Sequence[LogLine], told: Sequence[LogLine]) -> list[LogLine]:
    """A log with the clock's lines in it, each before the lines of the move it is
    tagged with."""
    if not told:
        return list(lines)
    keyed = [(line.seq, 0, at, line) for at, line in enumerate(told)]
    keyed += [(line.seq, 1, at, line) for at, line in enumerate(lines)]
    return [line for *_, line in sorted(keyed, key=lambda k: k[:3])]


class Refereeing(Protocol):
    """What the timekeeper needs of the referee: its store, and a game's position now."""

    @property
    def store(self) -> Store: ...

    def position(self, game_id: str) -> Position: ...


class Timekeeper:
    """The clocks of the games ``referee`` referees."""

    def __init__(self, referee: Refereeing) -> None:
        self.referee = referee

    @property
    def store(self) -> Store:
        return self.referee.store

    def flag(self, game_id: str) -> Look:
        """If the game's running seat is out of time, a stand-in plays it from now on (once,
        whichever process asks first); else the time to look at the game again is stored:
        its deadline, or before it, under a turn clock, when the seat is to be reminded
        (a quarter of its turn left)."""
        position = self.referee.position(game_id)
        clock = game_clock(self.store, game_id, position)
        if clock is None or clock.deadline is None:
            self.store.set_deadline(game_id, None)
            return Look()
        seat = clock.running
        assert seat is not None
        if clock.flagged:
            if clock.rule.on_timeout == LOSE:
                timeout = Move(position.seq + 1, seat, 0, TIMEOUT)
                if not self.store.append(game_id, timeout, over=True):
                    return Look()  # another process did it, or a move came meanwhile
            elif not self.store.add_stand_in(game_id, seat, position.seq):
                return Look()
            log.info("game %s: seat %s ran out of time at seq %s", game_id, seat, position.seq)
            return Look(flagged=seat)
        if clock.rule.kind == TURN:
            remind_at = clock.deadline - timedelta(seconds=clock.rule.seconds * REMIND_SHARE)
            if clock.as_of < remind_at:
                self.store.set_deadline(game_id, remind_at)
                return Look()
            self.store.set_deadline(game_id, clock.deadline)
            return Look(remind=seat)
        self.store.set_deadline(game_id, clock.deadline)
        return Look()

    def back(self, game_id: str, seat: int) -> None:
        """``seat``'s person plays it again, instead of its stand-in; ``RefusedError`` when
        no stand-in plays it, or under a live clock (a bank that ran out stays out)."""
        made = self.store.setup(game_id)
        if made.clock is not None and made.clock.kind == LIVE:
            raise RefusedError(
                "under a live clock a seat whose time ran out is played by its stand-in to "
                "the end of the game"
            )
        if not self.store.end_stand_in(game_id, seat):
            raise RefusedError("no stand-in plays your seat: it is yours to play")
