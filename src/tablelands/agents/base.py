"""What every bot is: something that picks an action for the player to move."""

from __future__ import annotations

from abc import ABC, abstractmethod

from tablelands.core.rng import Rng
from tablelands.core.view import SeatView


class Agent(ABC):
    """A bot. It sees a game only through a :class:`SeatView`: what its seat may know."""

    #: The spec that names this agent (e.g. ``"greedy"``).
    spec: str

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, view: SeatView) -> int:
        """An action for the seat of ``view``, which is to act."""

    def cancel(self) -> None:  # noqa: B027  (most agents answer at once)
        """Cut a decision being thought about short: :meth:`choose` (running in another
        thread) answers with what it has found so far. Safe to call at any time."""

    def close(self) -> None:  # noqa: B027  (most agents hold nothing)
        """Release what the agent holds (worker processes); it is not used afterwards."""
