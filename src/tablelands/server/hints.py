"""Hints: the search's best few actions for a seat about to decide, in games that allow them.

A hint is asked for against a seq, like a move, and is worked out in the bots' worker
processes (never on the event loop) by :func:`tablelands.analysis.advise`, the terminal
session's hints too. The worker rebuilds the position and gives the search only the seat's
:class:`SeatView`, seeded from the seat's observation: the same question gets the same
answer (with an iterations budget), and nothing the seat cannot see goes in.
"""

from __future__ import annotations

from dataclasses import dataclass

from fastapi import FastAPI, Request

from tablelands import analysis
from tablelands.agents.mcts import Budget
from tablelands.core.files import content_hash
from tablelands.core.game import JsonDict
from tablelands.core.match import Setup
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games.drawing import renderer_for
from tablelands.server.access import Authorization, bearer, client_of, hub_of, quotas_of
from tablelands.server.errors import RefusedError, ServerError, StaleError
from tablelands.server.referee import Referee
from tablelands.server.scheduler import lane_of_budget
from tablelands.server.schemas import HintRequest
from tablelands.server.settings import Settings


class BusyError(ServerError):
    """A hint asked for while the seat's last one is still being worked out."""

    status = 429


@dataclass(frozen=True, slots=True)
class HintJob:
    """One hint: the game so far, the seat asking, the search's budget."""

    setup: Setup
    actions: tuple[int, ...]
    seat: int
    budget: Budget


def advice(view: SeatView, budget: Budget) -> list[JsonDict]:
    """The hint for the seat of ``view`` (to act), best first: each action as the view's
    legal actions give it (``id``, ``text`` and its JSON fields), its expected result on the
    search's 0-1 scale, that result in words, and the search's visits through it."""
    rng = Rng(int(content_hash(view.observation())[7:23], 16))
    drawing = renderer_for(view.game)
    return [
        {
            "action": {
                "id": choice.action,
                "text": view.format_action(choice.action),
                **view.action_to_json(choice.action),
            },
            "value": choice.value,
            "expected": drawing.value(choice.value, view.num_players),
            "visits": choice.visits,
        }
        for choice in analysis.advise(view, budget, rng)
    ]


def hint(job: HintJob) -> list[JsonDict]:
    """The hint (run in a worker): the position rebuilt, the search given the seat's view."""
    state = job.setup.replay(job.actions)
    return advice(SeatView(state, job.seat), job.budget)


def hint_job(referee: Referee, game_id: str, seat: int, seq: int, budget: Budget) -> HintJob:
    """The hint ``seat`` asks for at ``seq``; refused unless the game allows hints, the seq
    is the game's and the seat is to act."""
    if not referee.store.setup(game_id).hints:
        raise RefusedError("hints are off in this game (they are chosen when it is made)")
    position = referee.position(game_id)
    if seq != position.seq:
        raise StaleError(f"the game has moved on: it is at seq {position.seq}, not {seq}")
    if position.over:
        raise RefusedError("the game is over: there is nothing left to decide")
    if position.state.current_player != seat:
        raise RefusedError(f"it is not seat {seat + 1}'s turn: a hint is for the seat to act")
    return HintJob(position.setup, tuple(position.actions), seat, budget)


def add_hint_routes(app: FastAPI, settings: Settings) -> None:
    """``POST /api/games/{id}/hint`` (docs/server.md)."""
    budget = analysis.budget_of(settings.hint_budget)
    #: The seats (game, seat) whose hint is being worked out: one at a time each, so no seat
    #: can fill the workers the bots need.
    thinking: set[tuple[str, int]] = set()

    @app.post("/api/games/{game_id}/hint")
    async def ask_hint(
        request: Request, game_id: str, body: HintRequest, authorization: Authorization = None
    ) -> JsonDict:
        hub = hub_of(request)
        seat = await hub.query(hub.referee.seat_of, game_id, bearer(authorization))
        quotas_of(request).before_hint(client_of(request))
        if (game_id, seat) in thinking:
            raise BusyError("a hint is being worked out for this seat already: wait for it")
        thinking.add((game_id, seat))
        try:
            async with hub.lock(game_id):
                job = await hub.run(hint_job, hub.referee, game_id, seat, body.seq, budget)
            hints = await hub.compute(lane_of_budget(budget), game_id, hint, job)
        finally:
            thinking.discard((game_id, seat))
        return {"seq": body.seq, "budget": str(budget), "hints": hints}
