"""The baseline bots: uniformly random, and greedy on the game's static evaluation."""

from __future__ import annotations

from tablelands.agents.base import Agent
from tablelands.agents.knowledge import knowledge_for
from tablelands.core.view import SeatView


class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    spec = "random"

    def choose(self, view: SeatView) -> int:
        return self.rng.choice(view.legal_actions())


class GreedyAgent(Agent):
    """Picks the action whose resulting position the game's evaluation
    (:meth:`GameKnowledge.evaluate`) judges best for the mover; ties at random. Positions are
    judged in a world drawn for its seat, so hidden cards and tiles count only as the seat
    can guess them."""

    spec = "greedy"

    def choose(self, view: SeatView) -> int:
        knowledge = knowledge_for(view.game)
        return knowledge.greedy_action(knowledge.world(view, self.rng), self.rng)
