"""Bots, named by a spec string wherever an agent is asked for (``--vs``, ``--agents``)."""

from __future__ import annotations

from collections.abc import Callable

from tablelands.agents.base import Agent
from tablelands.agents.simple import GreedyAgent, RandomAgent
from tablelands.core.errors import TablelandsError

AGENTS: dict[str, tuple[Callable[[int], Agent], str]] = {
    "random": (RandomAgent, "picks uniformly among the legal actions"),
    "greedy": (GreedyAgent, "picks the action with the best immediate evaluation"),
}


class AgentSpecError(TablelandsError, ValueError):
    """An agent spec that names no agent."""


def agent_names() -> list[str]:
    return list(AGENTS)


def make_agent(spec: str, seed: int) -> Agent:
    """Build the agent named by ``spec`` with its own seeded generator."""
    name = spec.strip().lower()
    if name not in AGENTS:
        raise AgentSpecError(f"no agent {spec!r}; the agents are: {', '.join(AGENTS)}")
    return AGENTS[name][0](seed)


__all__ = ["AGENTS", "Agent", "AgentSpecError", "agent_names", "make_agent"]
