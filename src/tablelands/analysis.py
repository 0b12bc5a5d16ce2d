"""Game analysis: every decision of a recorded game weighed by the search, like a chess
engine's review, and hints: the search's best few actions for a seat about to decide. The
search stands in the shoes of the player who decides, seeing only what they see (a
:class:`SeatView`), so neither verdicts nor hints ever use hidden information. The terminal
session and the web server both give hints through :func:`advise`."""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from dataclasses import asdict, dataclass
from threading import Event

from tablelands.agents import AgentSpecError, make_agent
from tablelands.agents.mcts import Budget, Choice, MctsAgent, search
from tablelands.core.game import State
from tablelands.core.rng import SEED_LIMIT, Rng
from tablelands.core.view import SeatView

#: Expected-result losses (on the game's 0-1 scale) that count as an inaccuracy, a mistake, a blunder.
THRESHOLDS = (("inaccuracies", 0.05), ("mistakes", 0.10), ("blunders", 0.20))
#: The actions a hint ranks.
HINTS = 5


def budget_of(text: str) -> Budget:
    """A search budget written as in an agent spec (``2s``, ``0.5s``, ``5000it``), with
    the agents' limits; ``AgentSpecError`` saying what is wrong."""
    if ":" in text:
        raise AgentSpecError(f"{text!r}: a budget is one of 2s, 0.5s, 5000it, with nothing more")
    adviser = make_agent(f"mcts:{text}", 0)
    assert isinstance(adviser, MctsAgent)
    return adviser.budget


def advise(
    view: SeatView, budget: Budget, rng: Rng, count: int = HINTS, stop: Event | None = None
) -> list[Choice]:
    """A hint: the search's best ``count`` actions for the seat of ``view``, which is to
    act, best first, each with its visits and expected result. Setting ``stop`` cuts the
    search short (it answers with what it has)."""
    return search(view, budget, rng, stop=stop)[:count]


@dataclass(frozen=True, slots=True)
class Verdict:
    index: int  # the decision's place in the record's actions
    player: int
    played: str
    best: str
    played_value: float
    best_value: float

    @property
    def loss(self) -> float:
        return max(0.0, self.best_value - self.played_value)


def weigh(state: State, action: int, budget: Budget, rng: Rng) -> tuple[int, float, float]:
    """The search's best action here, its expected result, and the expected result of
    ``action`` (searched on its own when the search never tried it)."""
    view = SeatView(state)
    ranked = search(view, budget, rng)
    best = ranked[0]
    played = next((c for c in ranked if c.action == action), None)
    if played is None:
        played = search(view, budget, rng, only=action)[0]
    return best.action, best.value, played.value


def decision_seed(seed: int, index: int) -> int:
    """The seed of the search of decision ``index`` of an analysis seeded ``seed``: each
    decision has its own, so decisions weighed apart (a few at a time, in other processes)
    get the verdicts they get in one go."""
    digest = hashlib.sha256(f"{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % SEED_LIMIT


def analyse(
    start: State,
    actions: list[int],
    budget: Budget,
    seed: int,
    progress: Callable[[int], None] = lambda _: None,
    part: range | None = None,
) -> list[Verdict]:
    """A verdict for every decision with more than one legal action; with ``part``, for
    those of the decisions at these indexes of ``actions`` only."""
    state = start.clone()
    verdicts = []
    for index, action in enumerate(actions):
        if part is not None and index >= part.stop:
            break
        if (part is None or index in part) and len(state.legal_actions()) > 1:
            rng = Rng(decision_seed(seed, index))
            best, best_value, played_value = weigh(state, action, budget, rng)
            verdicts.append(
                Verdict(
                    index=index,
                    player=state.current_player,
                    played=state.format_action(action),
                    best=state.format_action(best),
                    played_value=played_value,
                    best_value=best_value,
                )
            )
        state.apply(action)
        progress(index)
    return verdicts


def summary(verdicts: list[Verdict], players: int) -> list[dict[str, float | int]]:
    """Per seat: decisions, mean expected loss, and counts of inaccuracies, mistakes, blunders."""
    rows: list[dict[str, float | int]] = []
    for seat in range(players):
        mine = [v for v in verdicts if v.player == seat]
        row: dict[str, float | int] = {
            "seat": seat,
            "decisions": len(mine),
            "mean_loss": sum(v.loss for v in mine) / len(mine) if mine else 0.0,
            "agreement": sum(v.played == v.best for v in mine) / len(mine) if mine else 1.0,
        }
        bounds = [t for _, t in THRESHOLDS] + [float("inf")]
        for (name, low), high in zip(THRESHOLDS, bounds[1:], strict=True):
            row[name] = sum(1 for v in mine if low <= v.loss < high)
        rows.append(row)
    return rows


def to_json(verdicts: list[Verdict], players: int) -> dict[str, object]:
    return {
        "decisions": [asdict(v) | {"loss": v.loss} for v in verdicts],
        "players": summary(verdicts, players),
    }
