"""What a seat is sent: built from that seat's :class:`SeatView` and log alone; what a
spectator is sent: built from the :class:`SpectatorView` and the public log alone.

A frame never touches the true state: :func:`seat_frame` takes the seat's view (made from a
world drawn for the seat, docs/developers.md), the seat's log lines (written from its own
observations) and what is public (the seats, the move count, the result once the game is
over). docs/server.md documents every field.
"""

from __future__ import annotations

from collections.abc import Sequence

from tablelands.core.game import JsonDict
from tablelands.core.view import SeatView, SpectatorView
from tablelands.server.position import LogLine


def seat_frame(
    *,
    game_id: str,
    view: SeatView,
    seq: int,
    lines: Sequence[LogLine],
    since: int,
    undone: dict[int, int],
    can_undo: bool,
    seats: list[JsonDict],
    result: JsonDict | None,
) -> JsonDict:
    """The ``view`` message for one seat: its position at ``seq``, with the log lines of
    moves after ``since`` (below 0: every line, the opening's too) and the moves taken back
    after it (whose lines the client drops)."""
    return {
        "type": "view",
        "game": game_id,
        "seq": seq,
        "seat": view.seat,
        "to_act": view.to_act,
        "current_player": view.current_player,
        "is_over": view.is_terminal,
        "observation": view.observation(),
        "legal_actions": view.legal_actions_json(),
        "can_undo": can_undo,
        "standings": view.standings(),
        "log": [{"seq": line.seq, "text": line.text} for line in lines if line.seq > since],
        "undone": sorted(move for move, undo in undone.items() if undo > since),
        "seats": seats,
        "result": result,
    }


def spectator_frame(
    *,
    game_id: str,
    view: SpectatorView,
    seq: int,
    lines: Sequence[LogLine],
    since: int,
    undone: dict[int, int],
    seats: list[JsonDict],
    result: JsonDict | None,
) -> JsonDict:
    """The ``view`` message for a spectator: a seat's message with ``"seat": null``, the
    public observation, the public log, and no decision (no legal actions, no undo)."""
    return {
        "type": "view",
        "game": game_id,
        "seq": seq,
        "seat": None,
        "to_act": False,
        "current_player": view.current_player,
        "is_over": view.is_terminal,
        "observation": view.observation(),
        "legal_actions": [],
        "can_undo": False,
        "standings": view.standings(),
        "log": [{"seq": line.seq, "text": line.text} for line in lines if line.seq > since],
        "undone": sorted(move for move, undo in undone.items() if undo > since),
        "seats": seats,
        "result": result,
    }


def refused(message: str) -> JsonDict:
    """The answer to a move, undo or message the server does not accept, saying why."""
    return {"type": "refused", "message": message}
