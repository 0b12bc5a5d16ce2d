"""What a seat would see of an action before it plays it: the confirm bar's words.

A :class:`Foresight` is made from the seat's :class:`~tablelands.core.view.SeatView` alone:
its preview of the action (what it would see after it, unknowns ``None``), the lines its
log would read for it, and each seat's total before and after, as the seat can count them.
Nothing in it comes from the true state, so it can be shown to the seat before it
confirms, and a hint's action is shown the same way.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from tablelands.core.errors import TablelandsError
from tablelands.core.game import JsonDict
from tablelands.core.view import SeatView

#: How an unknown of a preview reads in a log line written from it.
UNKNOWN = re.compile(r"\bNone\b")


@dataclass(frozen=True, slots=True)
class Total:
    """A seat's total as the viewer counts it, before and after the action (``None``: it
    cannot be counted, as where it depends on what the viewer cannot know yet)."""

    seat: int
    before: int | None
    after: int | None

    @property
    def change(self) -> int | None:
        if self.before is None or self.after is None:
            return None
        return self.after - self.before


@dataclass(frozen=True, slots=True)
class Foresight:
    action: int
    #: The action in the game's notation.
    text: str
    #: What the seat's log would read for it (none where the game cannot tell it before it
    #: is played: the notation then says it).
    words: tuple[str, ...]
    totals: tuple[Total, ...]
    #: The seat's preview: its observation after the action, unknowns ``None``.
    after: JsonDict

    def to_json(self) -> JsonDict:
        return {
            "action": self.action,
            "text": self.text,
            "words": list(self.words),
            "totals": [
                {"seat": t.seat, "before": t.before, "after": t.after, "change": t.change}
                for t in self.totals
            ],
            "observation": self.after,
        }


def foresee(view: SeatView, action: int) -> Foresight:
    """What ``view``'s seat would see of playing ``action`` (``IllegalActionError`` if it
    may not play it)."""
    after = view.preview(action)
    before = view.observation()
    try:
        told = view.game.narrate(before, after, view.edition)
    except (TablelandsError, TypeError, KeyError, ValueError):
        told = []
    # A preview has unknowns (None) where some log lines need the real thing (the card
    # drawn): those are written once the action is played. The others are built from the
    # preview alone, so they tell nothing it does not.
    words = tuple(line for line in told if not UNKNOWN.search(line))
    return Foresight(action, view.format_action(action), words, _totals(view, after), after)


def _totals(view: SeatView, after: JsonDict) -> tuple[Total, ...]:
    now = {row["seat"]: row.get("total") for row in view.standings()}
    try:
        then = {row["seat"]: row.get("total") for row in view.game.standings(after, view.edition)}
    except (TablelandsError, TypeError, KeyError, ValueError):
        then = {}  # not countable before the unknowns are known
    return tuple(Total(seat, _whole(now.get(seat)), _whole(then.get(seat))) for seat in sorted(now))


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None
