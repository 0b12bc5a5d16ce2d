"""Bots, named by a spec string wherever an agent is asked for (``--vs``, ``--agents``).

Specs: ``random``; ``greedy``; ``mcts`` (1 second a decision); ``mcts:2s`` or ``mcts:0.5s``
(seconds a decision); ``mcts:5000it`` (iterations a decision: reproducible from the seed);
``mcts:2s:workers=2`` (search in 2 processes). A search thinks at most 600 seconds (10
minutes) or 100,000 iterations a decision, in at most 64 processes; a spec is at most 100
characters.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class AgentSpec:
    """A spec read: the agent's name and, for ``mcts``, its budget and processes."""

    name: str
    #: The spec as written, lower-cased and stripped.
    text: str
    budget: Budget | None = None
    workers: int = 1

    @property
    def searches(self) -> bool:
        return self.budget is not None


def parse_spec(spec: str) -> AgentSpec:
    """Read ``spec``; ``AgentSpecError`` saying what is wrong (an unknown agent or part, a
    part given twice, a budget out of the limits)."""
    if len(spec) > MAX_SPEC_LENGTH:
        raise AgentSpecError(
            f"{spec[:20]!r}...: an agent spec is at most {MAX_SPEC_LENGTH} characters, "
            f"not {len(spec)}"
        )
    text = spec.strip().lower()
    name, *parts = text.split(":")
    if name in ("random", "greedy") and not parts:
        return AgentSpec(name, text)
    if name != "mcts":
        raise AgentSpecError(f"no agent {spec!r}; the agents are: {', '.join(AGENTS)} (see --help)")
    budget: Budget | None = None
    workers: int | None = None
    for part in parts:
        match = _BUDGET.fullmatch(part)
        many = _WORKERS.fullmatch(part)
        if match:
            if budget is not None:
                raise AgentSpecError(f"{spec!r}: give one budget, not {budget} and {part}")
            budget = (
                Budget(seconds=float(match["seconds"]))
                if match["seconds"]
                else Budget(iterations=int(match["iterations"]))
            )
        elif many:
            if workers is not None:
                raise AgentSpecError(f"{spec!r}: give workers= once, not {part} again")
            workers = int(many["workers"])
            if not 1 <= workers <= MAX_WORKERS:
                raise AgentSpecError(f"{spec!r}: workers must be 1 to {MAX_WORKERS}, not {workers}")
        else:
            raise AgentSpecError(
                f"{spec!r}: {part!r} is neither a budget (2s, 0.5s, 5000it) nor workers=N"
            )
    budget = budget or DEFAULT_BUDGET
    if (budget.seconds is not None and budget.seconds <= 0) or budget.iterations == 0:
        raise AgentSpecError(f"{spec!r}: the budget must be more than zero")
    if (budget.seconds or 0) > MAX_SECONDS or (budget.iterations or 0) > MAX_ITERATIONS:
        raise AgentSpecError(f"{spec!r}: {budget} is too long a budget; {LIMITS}")
    return AgentSpec(name, text, budget, workers or 1)


def make_agent(spec: str, seed: int) -> Agent:
    """Build the agent named by ``spec`` with its own seeded generator."""
    parsed = parse_spec(spec)
    if parsed.name == "random":
        return RandomAgent(seed)
    if parsed.name == "greedy":
        return GreedyAgent(seed)
    assert parsed.budget is not None
    return MctsAgent(seed, parsed.budget, workers=parsed.workers, spec=parsed.text)


__all__ = [
    "AGENTS",
    "Agent",
    "AgentSpec",
    "AgentSpecError",
    "agent_names",
    "make_agent",
    "parse_spec",
]
