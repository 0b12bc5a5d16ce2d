"""What a seat is sent: built from that seat's :class:`SeatView` and log alone; what a
spectator is sent: built from the :class:`SpectatorView` and the public log alone.

A frame never touches the true state: :func:`seat_frame` takes the seat's view (made from a
world drawn for the seat, docs/developers.md), the seat's log lines (written from its own
observations) and what is public (the seats, the move count, the result once the game is
over). docs/server.md documents every field.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import orjson

from tablelands.core.game import JsonDict
from tablelands.core.view import SeatView, SpectatorView
from tablelands.server.position import LogLine, Mark


def message_text(message: JsonDict) -> str:
    """A message as a socket sends it: compact JSON, not escaped to ASCII (what Starlette's
    ``send_json`` writes, written by orjson, several times faster)."""
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


@dataclass(frozen=True, slots=True)
class Frame:
    """A ``view`` message: every field but the observation, and the observation as JSON
    text, the view's own (written once, when the view was made, and not again for every
    message that carries it)."""

    fields: JsonDict
    observation: str

    @property
    def seq(self) -> int:
        seq: int = self.fields["seq"]
        return seq

    def data(self) -> JsonDict:
        """The message as JSON data (a fresh copy of the observation in it)."""
        return {**self.fields, "observation": orjson.loads(self.observation)}

    def text(self) -> str:
        """The message as a socket sends it."""
        return f'{message_text(self.fields)[:-1]},"observation":{self.observation}}}'


def seat_frame(
    *,
    game_id: str,
    view: SeatView,
    seq: int,
    lines: Sequence[LogLine],
    marks: Sequence[Mark],
    since: int,
    undone: dict[int, int],
    can_undo: bool,
    seats: list[JsonDict],
    result: JsonDict | None,
    clock: JsonDict | None = None,
) -> Frame:
    """The ``view`` message for one seat: its position at ``seq``, with the log lines and
    the marks (the places changed) of moves after ``since`` (below 0: every line, the
    opening's too) and the moves taken back after it (whose lines and marks the client
    drops). A game with a ``result`` is over, by its rules or on its clock: nothing is
    left to play."""
    over = result is not None
    fields: JsonDict = {
        "type": "view",
        "game": game_id,
        "seq": seq,
        "seat": view.seat,
        "to_act": view.to_act and not over,
        "current_player": view.current_player,
        "is_over": over,
        "legal_actions": [] if over else view.legal_actions_json(),
        "can_undo": can_undo,
        "standings": view.standings(),
        "log": [{"seq": line.seq, "text": line.text} for line in lines if line.seq > since],
        "marks": marks_after(marks, since),
        "undone": sorted(move for move, undo in undone.items() if undo > since),
        "seats": seats,
        "result": result,
        "clock": clock,
    }
    return Frame(fields, view.observation_json())


def spectator_frame(
    *,
    game_id: str,
    view: SpectatorView,
    seq: int,
    lines: Sequence[LogLine],
    marks: Sequence[Mark],
    since: int,
    undone: dict[int, int],
    seats: list[JsonDict],
    result: JsonDict | None,
    clock: JsonDict | None = None,
) -> Frame:
    """The ``view`` message for a spectator: a seat's message with ``"seat": null``, the
    public observation, the public log, and no decision (no legal actions, no undo)."""
    over = result is not None
    fields: JsonDict = {
        "type": "view",
        "game": game_id,
        "seq": seq,
        "seat": None,
        "to_act": False,
        "current_player": view.current_player,
        "is_over": over,
        "legal_actions": [],
        "can_undo": False,
        "standings": view.standings(),
        "log": [{"seq": line.seq, "text": line.text} for line in lines if line.seq > since],
        "marks": marks_after(marks, since),
        "undone": sorted(move for move, undo in undone.items() if undo > since),
        "seats": seats,
        "result": result,
        "clock": clock,
    }
    return Frame(fields, view.observation_json())


def marks_after(marks: Sequence[Mark], since: int) -> list[JsonDict]:
    """The marks of the moves after ``since``, as a frame carries them."""
    return [
        {"seq": mark.seq, "places": [list(place) for place in mark.places]}
        for mark in marks
        if mark.seq > since
    ]


def refused(message: str) -> JsonDict:
    """The answer to a move, undo or message the server does not accept, saying why."""
    return {"type": "refused", "message": message}


def lines_after(since: int) -> int:
    """The seq after which a view's log lines are sent: ``since=0`` (the default) asks for
    every line, the game's opening lines (written at seq 0) too."""
    return since if since > 0 else -1


def validation_problems(errors: Sequence[Any]) -> str:
    """A request's validation errors (pydantic's) in one line: each field and what is wrong."""
    return "; ".join(
        f"{'.'.join(str(part) for part in error['loc']) or 'the message'}: {error['msg']}"
        for error in errors
    )
