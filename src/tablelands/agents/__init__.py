"""Bots, named by a spec string wherever an agent is asked for (``--vs``, ``--agents``).

Specs: ``random``; ``greedy``; ``mcts`` (1 second a decision); ``mcts:2s`` or ``mcts:0.5s``
(seconds a decision); ``mcts:5000it`` (iterations a decision: reproducible from the seed);
``mcts:2s:workers=2`` (search in 2 processes). A search thinks at most 600 seconds (10
minutes) or 100,000 iterations a decision, in at most 64 processes; a spec is at most 100
characters.
"""

from __future__ import annotations

import re

from tablelands.agents.base import Agent
from tablelands.agents.mcts import Budget, MctsAgent
from tablelands.agents.simple import GreedyAgent, RandomAgent
from tablelands.core.errors import TablelandsError

#: The most a spec may ask for: 10 minutes a decision; 100,000 iterations (a minute or two of
#: tree search in every game, but about an hour where each iteration is a playout to the end,
#: as in the flat search of Drifting Lands' last round); 64 processes. A spec is at most 100
#: characters, so no number in it is too long to read.
MAX_SECONDS = 600
MAX_ITERATIONS = 100_000
MAX_WORKERS = 64
MAX_SPEC_LENGTH = 100
LIMITS = (
    f"at most {MAX_SECONDS}s (10 minutes) or {MAX_ITERATIONS:,}it a decision, "
    f"workers=1 to {MAX_WORKERS}"
)
AGENTS: dict[str, str] = {
    "random": "picks uniformly among the legal actions",
    "greedy": "picks the action with the best immediate evaluation",
    "mcts": "information-set Monte Carlo tree search: mcts, mcts:2s, mcts:5000it, "
    f"mcts:2s:workers=2 ({LIMITS})",
}
DEFAULT_BUDGET = Budget(seconds=1.0)
# ASCII digits only: ``int`` and ``float`` refuse some characters that ``\d`` and ``isdigit`` take.
_BUDGET = re.compile(r"(?:(?P<seconds>[0-9]+(?:\.[0-9]+)?)s|(?P<iterations>[0-9]+)it)")
_WORKERS = re.compile(r"workers=(?P<workers>[0-9]+)")


class AgentSpecError(TablelandsError, ValueError):
    """An agent spec that names no agent."""


def agent_names() -> list[str]:
    return list(AGENTS)


def make_agent(spec: str, seed: int) -> Agent:
    """Build the agent named by ``spec`` with its own seeded generator."""
    if len(spec) > MAX_SPEC_LENGTH:
        raise AgentSpecError(
            f"{spec[:20]!r}...: an agent spec is at most {MAX_SPEC_LENGTH} characters, "
            f"not {len(spec)}"
        )
    text = spec.strip().lower()
    name, *parts = text.split(":")
    if name == "random" and not parts:
        return RandomAgent(seed)
    if name == "greedy" and not parts:
        return GreedyAgent(seed)
    if name == "mcts":
        budget, workers = DEFAULT_BUDGET, 1
        for part in parts:
            match = _BUDGET.fullmatch(part)
            many = _WORKERS.fullmatch(part)
            if match and budget is not DEFAULT_BUDGET:
                raise AgentSpecError(f"{spec!r}: give one budget, not {budget} and {part}")
            if match and match["seconds"]:
                budget = Budget(seconds=float(match["seconds"]))
            elif match:
                budget = Budget(iterations=int(match["iterations"]))
            elif many:
                workers = int(many["workers"])
                if not 1 <= workers <= MAX_WORKERS:
                    raise AgentSpecError(
                        f"{spec!r}: workers must be 1 to {MAX_WORKERS}, not {workers}"
                    )
            else:
                raise AgentSpecError(
                    f"{spec!r}: {part!r} is neither a budget (2s, 0.5s, 5000it) nor workers=N"
                )
        if (budget.seconds is not None and budget.seconds <= 0) or budget.iterations == 0:
            raise AgentSpecError(f"{spec!r}: the budget must be more than zero")
        if (budget.seconds or 0) > MAX_SECONDS or (budget.iterations or 0) > MAX_ITERATIONS:
            raise AgentSpecError(f"{spec!r}: {budget} is too long a budget; {LIMITS}")
        return MctsAgent(seed, budget, workers=workers, spec=text)
    raise AgentSpecError(f"no agent {spec!r}; the agents are: {', '.join(AGENTS)} (see --help)")


__all__ = ["AGENTS", "Agent", "AgentSpecError", "agent_names", "make_agent"]
