"""What every bot is: something that picks an action for the player to move."""

from __future__ import annotations

from abc import ABC, abstractmethod

from tablelands.core.game import State
from tablelands.core.rng import Rng


class Agent(ABC):
    """A bot. It sees a game only through the kernel's :class:`State` API."""

    #: The spec that names this agent (e.g. ``"greedy"``).
    spec: str

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, state: State) -> int:
        """An action for ``state.current_player``; ``state`` is left unchanged."""

    def close(self) -> None:  # noqa: B027  (most agents hold nothing)
        """Release what the agent holds (worker processes); it is not used afterwards."""
