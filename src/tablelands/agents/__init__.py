"""Bots, named by a spec string wherever an agent is asked for (``--vs``, ``--agents``).

Specs: ``random``; ``greedy``; ``mcts`` (1 second a decision); ``mcts:2s`` or ``mcts:0.5s``
(seconds a decision); ``mcts:5000it`` (iterations a decision: reproducible from the seed);
``mcts:2s:workers=2`` (search in 2 processes).
"""

from __future__ import annotations

import re

from tablelands.agents.base import Agent
from tablelands.agents.mcts import Budget, MctsAgent
from tablelands.agents.simple import GreedyAgent, RandomAgent
from tablelands.core.errors import TablelandsError

AGENTS: dict[str, str] = {
    "random": "picks uniformly among the legal actions",
    "greedy": "picks the action with the best immediate evaluation",
    "mcts": "information-set Monte Carlo tree search: mcts, mcts:2s, mcts:5000it, mcts:2s:workers=2",
}
DEFAULT_BUDGET = Budget(seconds=1.0)
_BUDGET = re.compile(r"^(?:(?P<seconds>\d+(?:\.\d+)?)s|(?P<iterations>\d+)it)$")


class AgentSpecError(TablelandsError, ValueError):
    """An agent spec that names no agent."""


def agent_names() -> list[str]:
    return list(AGENTS)


def make_agent(spec: str, seed: int) -> Agent:
    """Build the agent named by ``spec`` with its own seeded generator."""
    text = spec.strip().lower()
    name, *parts = text.split(":")
    if name == "random" and not parts:
        return RandomAgent(seed)
    if name == "greedy" and not parts:
        return GreedyAgent(seed)
    if name == "mcts":
        budget, workers = DEFAULT_BUDGET, 1
        for part in parts:
            match = _BUDGET.match(part)
            if match and match["seconds"]:
                budget = Budget(seconds=float(match["seconds"]))
            elif match:
                budget = Budget(iterations=int(match["iterations"]))
            elif part.startswith("workers=") and part[8:].isdigit() and int(part[8:]) >= 1:
                workers = int(part[8:])
            else:
                raise AgentSpecError(
                    f"{spec!r}: {part!r} is neither a budget (2s, 0.5s, 5000it) nor workers=N"
                )
        if (budget.seconds is not None and budget.seconds <= 0) or budget.iterations == 0:
            raise AgentSpecError(f"{spec!r}: the budget must be more than zero")
        return MctsAgent(seed, budget, workers=workers, spec=text)
    raise AgentSpecError(f"no agent {spec!r}; the agents are: {', '.join(AGENTS)} (see --help)")


__all__ = ["AGENTS", "Agent", "AgentSpecError", "agent_names", "make_agent"]
