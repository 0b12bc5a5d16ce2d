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
from collections.abc import Callable, Sequence

import numpy as np
from numpy.typing import NDArray

from tablelands.core.encoding import Knowledge, Position

#: (head, target): an action in the factored form.
Pair = tuple[int, int]
#: Indices ``head * targets + target``, one per action.
Indices = NDArray[np.intp]


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
    def indices(self, knowledge: Knowledge, actions: Sequence[int]) -> Indices:
        """The pair of each of ``actions`` (legal actions of the seat whose ``knowledge``
        it is), in the same order, as its index ``head * targets + target``. Heads that need
        no target take target 0. Worked out for every step of a learner's game, so written
        with numpy over all the actions at once where they are many."""

    def quick(self, state: Position) -> tuple[Indices, Callable[[int], int]] | None:
        """The indices of the legal actions of the seat to move, in the order of
        ``state.legal_actions()``, and the game's action each names (a function of the
        index, fixed to this position), worked out from the rules without listing the
        game's own numbers first (a learner's every step needs them); ``None`` where the
        game has no quicker way than :meth:`indices`. Read from what the seat to move may
        know, as :meth:`indices` is: the conformance suite holds the two equal at every
        state."""
        return None

    def pair(self, index: int) -> Pair:
        """The ``(head, target)`` of an index."""
        head, target = divmod(index, self.targets)
        return head, target


class FactoredActions:
    """The legal actions of one position in the factored form: each as a pair and as the
    pair's index ``head * targets + target`` in ``range(factoring.size)``.

    Made at every step of a learner's game (:meth:`of`), so it trusts the factoring to name
    each action apart and in range: :meth:`check` says whether it does, and the conformance
    suite holds every game's factoring to it at every state it plays."""

    def __init__(
        self, factoring: Factoring, array: Indices, action_of: Callable[[int, int], int]
    ) -> None:
        self.factoring = factoring
        #: The indices as an array (for masks), in the order of the legal actions.
        self.array = array
        #: The game's action of the index at a place in the list (place, index).
        self._action_of = action_of
        self._indices: list[int] | None = None

    @classmethod
    def named(
        cls, factoring: Factoring, knowledge: Knowledge, legal: Sequence[int]
    ) -> FactoredActions:
        """The legal actions ``legal`` of the seat whose ``knowledge`` it is, named by
        ``factoring.indices``."""
        return cls(factoring, factoring.indices(knowledge, legal), lambda place, _: legal[place])

    @classmethod
    def of(
        cls,
        factoring: Factoring,
        state: Position,
        knowledge: Callable[[int], Knowledge] | None = None,
    ) -> FactoredActions:
        """The legal actions of the seat to move in ``state``: by the factoring's quick way
        where it has one (:meth:`Factoring.quick`), else named from the seat's knowledge
        (``knowledge(seat)``: ``state.knowledge`` unless the caller keeps it)."""
        quick = factoring.quick(state)
        if quick is None:
            seat = state.current_player
            known = (knowledge or state.knowledge)(seat)
            return cls.named(factoring, known, state.legal_actions())
        indices, action_of = quick
        return cls(factoring, indices, lambda _, index: action_of(index))

    @property
    def indices(self) -> list[int]:
        """The indices as a list, in the order of the legal actions."""
        if self._indices is None:
            self._indices = self.array.tolist()
        return self._indices

    def check(self, legal: Sequence[int]) -> None:
        """Raise ``ValueError`` unless every one of the position's legal actions ``legal``
        has an index of its own within the factoring's pairs."""
        factoring = self.factoring
        if len(self.array) != len(legal):
            raise ValueError(
                f"{len(self.array)} indices for {len(legal)} actions: a factoring names "
                "each legal action once"
            )
        first: dict[int, int] = {}
        for action, index in zip(legal, self.indices, strict=True):
            if not 0 <= index < factoring.size:
                raise ValueError(
                    f"action {action} is named {factoring.pair(index)}, outside "
                    f"{len(factoring.heads)} heads x {factoring.targets} targets"
                )
            if first.setdefault(index, action) != action:
                raise ValueError(
                    f"actions {first[index]} and {action} are both named "
                    f"{factoring.pair(index)}: a factoring names each legal action apart"
                )

    def action(self, index: int) -> int | None:
        """The game's action number of the pair ``index``, or ``None`` if it names no legal
        action here."""
        try:
            place = self.indices.index(index)
        except ValueError:
            return None
        return self._action_of(place, index)

    def __len__(self) -> int:
        return len(self.array)
