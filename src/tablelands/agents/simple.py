"""The baseline bots: uniformly random, and greedy on the game's static evaluation."""

from __future__ import annotations

from tablelands.agents.base import Agent
from tablelands.core.game import State


class RandomAgent(Agent):
    """Picks uniformly among the legal actions."""

    spec = "random"

    def choose(self, state: State) -> int:
        return self.rng.choice(state.legal_actions())


class GreedyAgent(Agent):
    """Picks the action whose resulting position evaluates best for the mover; ties at random."""

    spec = "greedy"

    def choose(self, state: State) -> int:
        return state.greedy_action(self.rng)
