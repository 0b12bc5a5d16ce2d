"""The frame-by-frame secrecy checks of the server's tests, written against a true state and
its log lines alone (not the server's own objects), so that a test may rebuild the true
state from the database rows as well as take it from a running app:
``tests/server/test_socket.py`` and ``tests/server/test_watch.py`` check the frames of an
app in this process, ``tests/server/test_processes.py`` those of real server processes."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from tablelands.core.game import State
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView, SpectatorView
from tests.core.test_log_secrecy import DRAWING
from tests.core.test_public_view import within


def check_seat_frame(
    frame: dict[str, Any],
    state: State,
    seq: int,
    lines: Sequence[Mapping[str, Any]],
    seat: int,
    since: int,
) -> None:
    """``frame`` is exactly what the seat's own view of ``state`` (the game at ``seq``)
    gives, in every world it cannot tell from the true one, and holds nothing else that is
    secret. ``lines`` are the seat's log lines up to ``seq`` (``{"seq", "text"}`` each); the
    frame carries those after ``since``."""
    assert frame["seq"] == seq and frame["seat"] == seat
    assert frame["observation"] == SeatView(state, seat).observation()
    for k in range(2):  # worlds with every hidden thing redrawn give the very same frame
        world = SeatView(state.sample_hidden(seat, Rng(k)), seat)
        assert frame["observation"] == world.observation()
        assert frame["legal_actions"] == world.legal_actions_json()
        assert frame["standings"] == world.standings()
        assert frame["to_act"] == world.to_act
        assert frame["current_player"] == world.current_player
    wanted = [{"seq": line["seq"], "text": line["text"]} for line in lines]
    assert frame["log"] == [line for line in wanted if line["seq"] > since]
    assert (frame["result"] is None) == (not state.is_terminal)
    if not state.is_terminal:
        assert str(state.seed) not in str(frame)


def public_secrets(observation: dict[str, Any], state: State) -> list[str]:
    """What ``observation`` holds beyond what every seat of ``state`` knows."""
    drawn = DRAWING[state.game.info.name](observation, state.edition)
    kept = {k: v for k, v in observation.items() if k not in drawn and k != "viewer"}
    return [
        f"seat {seat + 1}: {where}"
        for seat in range(state.num_players)
        for where in within(kept, state.observation(seat))
    ]


def check_public_frame(
    frame: dict[str, Any],
    state: State,
    seq: int,
    lines: Sequence[Mapping[str, Any]],
    since: int,
) -> None:
    """A spectator's frame is the public view and log of ``state`` (the game at ``seq``),
    and holds no seat's secret. ``lines``: the public log lines up to ``seq``."""
    assert frame["seq"] == seq and frame["seat"] is None
    assert frame["observation"] == SpectatorView(state).observation()
    assert frame["observation"] == json.loads(json.dumps(state.public_observation()))
    assert frame["legal_actions"] == [] and not frame["to_act"] and not frame["can_undo"]
    assert frame["standings"] == SpectatorView(state).standings()
    assert not public_secrets(frame["observation"], state)
    wanted = [{"seq": line["seq"], "text": line["text"]} for line in lines]
    assert frame["log"] == [line for line in wanted if line["seq"] > since]
    if state.game.info.name == "land-vs-sea":  # no tile id, no down face: only up faces
        for hand in frame["observation"]["hands"]:
            assert all(held["tile"] is None and held["down"] is None for held in hand)
    if not state.is_terminal:
        assert frame["result"] is None and str(state.seed) not in json.dumps(frame)
