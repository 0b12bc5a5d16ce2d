"""What every bot is: something that picks an action for the player to move."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from tablelands.core.game import State
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


def play_out(state: State, bots: Sequence[Agent]) -> None:
    """Play ``state`` to its end, the seat to move choosing by its bot from its own view;
    the bots are closed afterwards, however the game ends."""
    try:
        while not state.is_terminal:
            state.apply(bots[state.current_player].choose(SeatView(state)))
    finally:
        for bot in bots:
            bot.close()
