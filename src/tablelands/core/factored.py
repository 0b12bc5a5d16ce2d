"""Actions in a form made for learning: a *head* (what to do: a card of the hand with its side
and turn, a kind of move) and a *target* (where: a space of the board, or none), both read
from what the seat knows (docs/research.md).

The games' own action numbers (``Game.action_count``) are built for search and records:
every card, tile and cell of a huge grid has its number, so the spaces run to millions of
ids, nearly all of them never legal. A game's :class:`Factoring` renames the legal actions
of a position into a small fixed grid of ``heads x targets`` pairs, the same size in every
position: a policy learns "play the first card of my hand on the condition side" rather
than "play card 14", and its output layer and masks stay small.

The renaming is a function of the seat's knowledge (``State.knowledge``), so two positions
a seat cannot tell apart give its actions the same names. In each position it is one to one:
every legal action has one pair and no two share it (:class:`FactoredActions` refuses a
factoring that breaks this, naming both actions).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence

from tablelands.core.encoding import Knowledge

#: (head, target): an action in the factored form.
Pair = tuple[int, int]


class Factoring(ABC):
    """How one game (for a player count and options) names its actions as ``(head,
    target)`` pairs. ``heads`` names each head, in order (the docs list them); ``targets``
    is how many targets there are, ``target_names`` says what they are."""

    heads: tuple[str, ...]
    targets: int
    #: What a target is, in words: "the grid's cell (row, column) ...", for the docs.
    target_names: str

    @property
    def size(self) -> int:
        """The number of pairs: ``len(heads) * targets``."""
        return len(self.heads) * self.targets

    @abstractmethod
    def indices(self, knowledge: Knowledge, actions: Sequence[int]) -> list[int]:
        """The pair of each of ``actions`` (legal actions of the seat whose ``knowledge``
        it is), in the same order, as its index ``head * targets + target``. Heads that need
        no target take target 0."""

    def pair(self, index: int) -> Pair:
        """The ``(head, target)`` of an index."""
        head, target = divmod(index, self.targets)
        return head, target


class FactoredActions:
    """The legal actions of one position in the factored form: each as a pair and as the
    pair's index ``head * targets + target`` in ``range(factoring.size)``."""

    def __init__(self, factoring: Factoring, knowledge: Knowledge, legal: Sequence[int]) -> None:
        self.factoring = factoring
        self.indices = factoring.indices(knowledge, legal)
        self._actions = dict(zip(self.indices, legal, strict=True))
        if len(self._actions) < len(legal):
            first: dict[int, int] = {}
            for action, index in zip(legal, self.indices, strict=True):
                if first.setdefault(index, action) != action:
                    raise ValueError(
                        f"actions {first[index]} and {action} are both named "
                        f"{factoring.pair(index)}: a factoring names each legal action apart"
                    )
        if self.indices and not 0 <= min(self.indices) <= max(self.indices) < factoring.size:
            wrong = next(i for i in self.indices if not 0 <= i < factoring.size)
            raise ValueError(
                f"an action is named {factoring.pair(wrong)}, outside "
                f"{len(factoring.heads)} heads x {factoring.targets} targets"
            )

    def action(self, index: int) -> int | None:
        """The game's action number of the pair ``index``, or ``None`` if it names no legal
        action here."""
        return self._actions.get(index)

    def __len__(self) -> int:
        return len(self.indices)
