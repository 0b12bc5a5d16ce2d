"""A game's position as the referee holds it: the true state after the effective moves,
the logs along them of the seats whose frames this process makes, and what is needed to
judge an undo of the last move.

Game-agnostic: it knows a game only through the kernel (``State``, ``SeatView``,
``SeatLog``) and the match (``core.match``). Whatever a seat is sent is built from that
seat's :class:`SeatView` and log, and whatever a spectator is sent from the public
observation and the log written from it (``messages.py``).

Undo follows Board Game Arena's policy, made game-agnostic: a seat may take back its own
last move while it is still that seat's turn, as long as the move drew nothing at random
(the state's generator did not advance) and told the seat nothing it did not know (the
seat's preview of the move, played in worlds it cannot tell apart, had no unknowns: it is
exactly what the seat then saw). Never another seat's move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablelands.core.errors import IllegalActionError
from tablelands.core.game import Game, JsonDict, Place, State
from tablelands.core.match import Match, Move, Walk
from tablelands.core.view import SeatLog, SeatView
from tablelands.tournament.ratings import places


@dataclass(frozen=True, slots=True)
class LogLine:
    """A line of a seat's game log and the seq of the move that wrote it (0: the opening)."""

    seq: int
    text: str


@dataclass(frozen=True, slots=True)
class Mark:
    """The places of the board a move changed, as one seat (or a spectator) can tell, each
    with the seat whose move it shows (``Game.places``), and the move's seq."""

    seq: int
    places: tuple[Place, ...]


@dataclass(eq=False, slots=True)
class Viewpoint:
    """One seat's log and marks along the game (``seat`` ``None``: a spectator's, written
    from the public observations alone)."""

    seat: int | None
    log: SeatLog
    lines: list[LogLine]
    marks: list[Mark]


class Position:
    """A game's true state after its effective moves, the logs along them of the seats
    (and spectators) this process serves, and what is needed to judge an undo of the last
    one.

    A seat's log is written only once something here asks for it, and from then on at
    every move: a process makes the frames of its own sockets only, so the seats whose
    sockets are on another process cost it nothing. Asked for late, a log is written by
    playing the game's moves again."""

    def __init__(self, match: Match) -> None:
        self.setup = match.setup
        self.state = match.setup.start()
        self.game: Game[Any] = self.state.game
        #: The seq of the game's last row (0 before any move): what a move must be sent against.
        self.seq = 0
        self.played: list[Move] = []
        self.undone = dict(match.undone)
        #: The seat whose time ran out, which ended the game (``None``: no clock ended it).
        self.lost_on_time = match.lost_on_time
        #: The logs asked for so far, by seat (``None``: a spectator's).
        self._viewpoints: dict[int | None, Viewpoint] = {}
        #: The seats' observations of the state now, made when first needed.
        self._seen: dict[int, JsonDict] = {}
        self._before: State | None = None
        self._rng_before = 0
        self._told_nothing_new: bool | None = None
        #: The seats' views of the state now, and of the state before the last move.
        self._views: dict[int, SeatView] = {}
        self._views_before: dict[int, SeatView] = {}
        for move in match.played:
            self.play(move)
        self.seq = match.seq

    def play(self, move: Move, after: State | None = None) -> None:
        """Apply one more play (already checked and stored) and log it for every seat
        whose log is kept here; ``after``, if given, is the state after it
        (``check_play``'s), taken as it is."""
        if after is None:
            after = self.state.clone()
            after.apply(move.action)
        self._before = self.state
        self._rng_before = self.state.rng.state
        self._told_nothing_new = None
        self._views_before, self._views = self._views, {}
        self._seen = {}
        self.state = after
        self.played.append(move)
        self.seq = move.seq
        for viewpoint in self._viewpoints.values():
            self._follow(viewpoint, move.seq)

    def _observed(self, seat: int | None) -> JsonDict:
        """``seat``'s observation of the state now (``None``: the public one)."""
        if seat is None:
            return self.state.public_observation()
        seen = self._seen.get(seat)
        if seen is None:
            seen = self._seen[seat] = self.state.observation(seat)
        return seen

    def _follow(self, viewpoint: Viewpoint, seq: int, seen: JsonDict | None = None) -> None:
        """Log move ``seq`` in ``viewpoint``: ``seen`` the observation after it (by default
        the state's now)."""
        before = viewpoint.log.last
        after = self._observed(viewpoint.seat) if seen is None else seen
        viewpoint.lines.extend(LogLine(seq, text) for text in viewpoint.log.follow(after))
        places = self.game.places(before, after, self.state.edition)
        if places:
            viewpoint.marks.append(Mark(seq, tuple(places)))

    def viewpoint(self, seat: int | None) -> Viewpoint:
        """``seat``'s log and marks (``None``: a spectator's), written now by playing the
        game's moves again if this is the first time they are asked for."""
        known = self._viewpoints.get(seat)
        if known is not None:
            return known
        walk = Walk(self.setup)
        state = walk.state
        first = state.public_observation() if seat is None else state.observation(seat)
        log = SeatLog(self.game, state.edition, first)
        viewpoint = Viewpoint(seat, log, [LogLine(0, text) for text in log.lines], [])
        for move in self.played[:-1]:
            state = walk.play(move.action)
            seen = state.public_observation() if seat is None else state.observation(seat)
            self._follow(viewpoint, move.seq, seen)
        if self.played:  # the last move from the state now, its observation kept for the frame
            self._follow(viewpoint, self.played[-1].seq)
        self._viewpoints[seat] = viewpoint
        return viewpoint

    def view(self, seat: int) -> SeatView:
        """``seat``'s view of the state now (made once per move)."""
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = SeatView(self.state, seat, self._observed(seat))
        return view

    @property
    def over(self) -> bool:
        """Whether the game is over: by its rules, or on its clock (a seat's time ran out)."""
        return self.state.is_terminal or self.lost_on_time is not None

    def result(self) -> JsonDict | None:
        """What the game came to once it is over (``None`` before): the scores, the winners,
        each seat's place (0 first, equal seats sharing one), the seed (public now) and the
        seat that lost on time. By the rules the places follow the returns, then the scores;
        on a time-out that seat is last and the others follow their scores."""
        state = self.state
        if not self.over:
            return None
        scores = state.scores()
        if self.lost_on_time is None:
            seat_places = places(state.returns(), scores)
            winners = state.winners()
        else:
            out = [-1.0 if seat == self.lost_on_time else 0.0 for seat in range(len(scores))]
            seat_places = places(out, scores)
            winners = [seat for seat, place in enumerate(seat_places) if place == 0]
        return {
            "scores": scores,
            "winners": winners,
            "places": seat_places,
            "seed": state.seed,
            "lost_on_time": self.lost_on_time,
        }

    @property
    def actions(self) -> list[int]:
        return [move.action for move in self.played]

    def undoable(self) -> Move | None:
        """The last effective move if its seat may take it back now (see the module's
        docstring), else ``None``."""
        if not self.played or self._before is None:
            return None
        last = self.played[-1]
        if self.state.current_player != last.seat or self.state.rng.state != self._rng_before:
            return None
        if self._told_nothing_new is None:
            before = self._views_before.get(last.seat) or SeatView(self._before, last.seat)
            seen = self._observed(last.seat)
            self._told_nothing_new = before.learns_nothing(last.action, seen)
        return last if self._told_nothing_new else None

    def can_undo(self, seat: int) -> bool:
        # Only the last move's seat may take it back: the others need no preview of it.
        if not self.played or self.played[-1].seat != seat or self.lost_on_time is not None:
            return False
        return self.undoable() is not None

    def check_undo(self, seat: int) -> Move:
        """The move ``seat`` may take back now; ``IllegalActionError`` saying why not."""
        if self.lost_on_time is not None:
            raise IllegalActionError("the game is over on time: no move can be undone")
        if not self.played:
            raise IllegalActionError("there is no move to undo")
        last = self.played[-1]
        if last.seat != seat:
            raise IllegalActionError(
                f"the last move was seat {last.seat + 1}'s: a seat may undo only its own moves"
            )
        if self.state.current_player != seat:
            raise IllegalActionError(
                "the turn has passed: a move can be undone only in its own turn"
            )
        if self.undoable() is None:
            raise IllegalActionError(
                "that move drew at random or revealed hidden information: it cannot be undone"
            )
        return last

    def check_play(self, seat: int, action: int) -> State:
        """The true state after ``seat`` plays ``action``, a copy (the position is left as it
        is); ``IllegalActionError`` naming the rule if the seat may not play it."""
        if self.lost_on_time is not None:
            raise IllegalActionError(
                f"the game is over: seat {self.lost_on_time + 1}'s time ran out"
            )
        if self.state.is_terminal:
            raise IllegalActionError("the game is over")
        if self.state.current_player != seat or action not in self.state.legal_actions():
            # The refusal is the one the seat's own view gives: the rules' words, nothing
            # hidden (a legal action, the usual case, needs no view).
            self.view(seat).check(action)
        after = self.state.clone()
        after.apply(action)
        return after
