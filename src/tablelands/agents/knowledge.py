"""What the bots know of a game beyond its rules (after OpenSpiel's evaluators).

A :class:`~tablelands.core.game.State` holds the rules only. How hard to search a position,
what it is likely worth, how to play it out quickly, how to judge it greedily and how to
guess the hidden information are a bot's knowledge, not the game's: each game keeps it in
``games/<game>/ai.py`` as a module-level ``KNOWLEDGE``, a :class:`GameKnowledge`, which the
agents find through the registry with :func:`knowledge_for`. A game with no ``ai.py`` gets
:data:`DEFAULT`: uniform random playouts, no estimate, the rules' returns as the result.

The knowledge only ever sees worlds (determinizations a :class:`SeatView` draws for its
seat), never the true state.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any, Generic, TypeVar

from tablelands.core.game import Game, State
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView

StateT = TypeVar("StateT", bound=State)


@dataclass(frozen=True, slots=True)
class SearchPlan:
    """How the search treats one position."""

    #: At most this many actions are searched from here: the ones the estimate likes best.
    width: int = 24
    #: Steps of a playout begun here before the estimate stands in for the rest (0: a new
    #: node is judged by the estimate at once).
    playout_steps: int = 40
    #: When above 0, a node gets all its children at once, each starting from the estimate
    #: of the position it leads to, counted as this many playouts.
    prior_visits: int = 0
    #: Flat Monte Carlo from here instead of a tree: each drawn world played out once from
    #: every shortlisted action, for positions where playouts say more than a tree.
    flat: bool = False
    #: With ``flat``: halve the shortlist again and again, the better half by mean result
    #: going on (sequential halving), each world's playouts seeded alike for every action,
    #: so a small budget goes to the actions that might be best and compares them on the
    #: same luck.
    halving: bool = False


#: The plan of a game that says nothing else: a tree, 24 actions wide, 40 playout steps.
DEFAULT_PLAN = SearchPlan()


class GameKnowledge(Generic[StateT]):
    """What a search and the greedy agent know of a game; every method has a default that
    serves a game without knowledge. A game subclasses it for its own states."""

    def plan(self, state: StateT) -> SearchPlan:
        """How to search from ``state`` (a world of the searching seat's)."""
        return DEFAULT_PLAN

    def estimate(self, state: StateT) -> list[float] | None:
        """Before the end, a guess at :meth:`utility` from the position as it stands, or
        ``None`` when there is none (the search then plays on to the end)."""
        return None

    def utility(self, state: StateT) -> list[float]:
        """At the end, each seat's result in [0, 1] for the search: by default the rules'
        :meth:`State.returns`."""
        return state.returns()

    def playout_action(self, state: StateT, rng: Rng) -> int:
        """The action a playout takes in ``state`` (also tried first when a node is
        expanded): by default a uniformly random legal one."""
        return rng.choice(state.legal_actions())

    def evaluate(self, state: StateT, player: int) -> float:
        """Static evaluation of ``state`` for ``player``, higher is better (the greedy
        agent's): by default the score standing, ``player``'s points less the best other's
        (solo: its points)."""
        scores = state.scores()
        others = [score for seat, score in enumerate(scores) if seat != player]
        return float(scores[player] - max(others, default=0))

    def world(self, view: SeatView, rng: Rng) -> State:
        """A determinization for the seat of ``view`` to search or judge in: by default
        :meth:`SeatView.world`, drawn uniformly among the consistent worlds. A bot that
        expects some worlds more than others draws them here (``view.world(rng, redraw)``)."""
        return view.world(rng)

    def greedy_action(self, state: StateT, rng: Rng) -> int:
        """The action whose resulting position :meth:`evaluate` judges best for the player
        to move, equally good ones chosen at random."""
        player = state.current_player
        best: list[int] = []
        best_value = -math.inf
        for action in state.legal_actions():
            after = state.clone()
            after.apply(action)
            value = self.evaluate(after, player)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return rng.choice(best)


#: The knowledge of a game that has no ``ai.py``.
DEFAULT: GameKnowledge[Any] = GameKnowledge()


def shares(points: list[float], temperature: float) -> list[float]:
    """A smooth stand-in for win chances: the softmax of ``points`` / ``temperature``."""
    top = max(points)
    weights = [math.exp((p - top) / temperature) for p in points]
    total = sum(weights)
    return [w / total for w in weights]


def knowledge_for(game: Game[Any]) -> GameKnowledge[Any]:
    """The knowledge of ``game``: ``KNOWLEDGE`` in its package's ``ai`` module, or
    :data:`DEFAULT` when the game has none."""
    return _knowledge_of(game.package)


@cache
def _knowledge_of(package: str) -> GameKnowledge[Any]:
    name = f"{package}.ai"
    try:
        module = import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise  # ai.py is there but imports something that is not
        return DEFAULT
    knowledge = module.KNOWLEDGE
    if not isinstance(knowledge, GameKnowledge):
        raise TypeError(f"{name}.KNOWLEDGE is not a GameKnowledge")
    return knowledge
