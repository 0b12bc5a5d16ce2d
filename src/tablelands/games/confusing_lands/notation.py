"""Action notation: ``<card><side><rotation>@<row>,<col>``, e.g. ``7c1@-1,2``.

* card: the card id, 1-18;
* side: ``c`` the condition side, ``l`` the landscape side;
* rotation: 0-3 clockwise quarter turns from the card as printed (2 rows x 3 columns);
* ``@row,col``: the landscape position of the card's top-left space after rotation,
  rows growing downward and columns to the right, from the first card's top-left space
  at 0,0. The first card may leave out ``@0,0``.

A card that cannot be placed anywhere is discarded instead (ruling CL-18): ``discard <card>``,
e.g. ``discard 6``.

An action is one integer: the orientation (card, side, rotation) times the number of
grid positions, plus the grid index of the top-left space; the 18 discards follow the
placements, ``PLACEMENT_COUNT + card - 1``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from tablelands.core.errors import NotationError
from tablelands.core.game import JsonDict
from tablelands.core.notation import ActionFields, check_text, not_an_action
from tablelands.games.confusing_lands.components import CARD_COUNT, SIDES
from tablelands.games.confusing_lands.landscape import (
    FIRST_POSITION,
    GRID,
    ORIGIN,
    coordinates,
    position,
)

POSITIONS = GRID.rows * GRID.stride
ORIENTATIONS = CARD_COUNT * 2 * 4
PLACEMENT_COUNT = ORIENTATIONS * POSITIONS
#: The CL-18 discards come after every placement, so placement numbers never change.
ACTION_COUNT = PLACEMENT_COUNT + CARD_COUNT

_PATTERN = re.compile(
    r"(?P<card>[0-9]+)(?P<side>[a-z])(?P<rotation>[0-9]+)"
    r"(?:@(?P<row>[+-]?[0-9.]+),(?P<col>[+-]?[0-9.]+))?"
)
#: Spaces may stand anywhere but inside a number: ``1 2c0`` is not card 12.
_SPLIT_NUMBER = re.compile(r"[0-9]\s+[0-9]")
_DISCARD = re.compile(r"discard(?P<card>[0-9]+)")

NOTATION_HELP = (
    "Place a card with CARD SIDE ROTATION @ROW,COL, e.g. 7c1@-1,2: card 7, condition side "
    "(c) or landscape side (l), turned 0-3 quarter turns clockwise, its top-left space at "
    "row -1, column 2 of your landscape (the first card's top-left is 0,0 and its @0,0 may "
    "be left out). A card that cannot be placed anywhere is discarded: discard CARD, e.g. "
    "discard 6 (CL-18)."
)


@dataclass(frozen=True, slots=True)
class Placement:
    """A decoded action."""

    card: int
    side: int
    rotation: int
    at: int  # grid index of the top-left space

    @property
    def orientation_index(self) -> int:
        return ((self.card - 1) * 2 + self.side) * 4 + self.rotation

    def encode(self) -> int:
        return self.orientation_index * POSITIONS + self.at

    @classmethod
    def decode(cls, action: int) -> Placement:
        """The placement numbered ``action``; ``NotationError`` if no text can name it."""
        if type(action) is not int or not 0 <= action < ACTION_COUNT:
            raise NotationError(not_an_action(action, "Confusing Lands", ACTION_COUNT))
        if action >= PLACEMENT_COUNT:
            raise NotationError(f"{action} is a discard (CL-18), not a placement")
        orientation, at = divmod(action, POSITIONS)
        if not GRID.full >> at & 1:
            # The grid's guard column holds no space: no position names it.
            raise NotationError(
                f"{action} is not a Confusing Lands action number: its top-left space is off "
                "the grid"
            )
        card_side, rotation = divmod(orientation, 4)
        card, side = divmod(card_side, 2)
        return cls(card + 1, side, rotation, at)

    def __str__(self) -> str:
        row, col = coordinates(self.at)
        return f"{self.card}{SIDES[self.side]}{self.rotation}@{row},{col}"


@cache
def placement_text(action: int) -> str:
    """The notation of placement ``action``, worked out once: every observation lists each
    placement seen by it."""
    return str(Placement.decode(action))


def discard_action(card: int) -> int:
    """The action discarding ``card`` (CL-18)."""
    return PLACEMENT_COUNT + card - 1


def discarded_card(action: int) -> int | None:
    """The card action number ``action`` discards (CL-18), or ``None`` for a placement."""
    if type(action) is int and PLACEMENT_COUNT <= action < ACTION_COUNT:
        return action - PLACEMENT_COUNT + 1
    return None


def format_action(action: int) -> str:
    """An action in notation: a placement, or ``discard <card>``."""
    card = discarded_card(action)
    return str(Placement.decode(action)) if card is None else f"discard {card}"


def parse_action(text: str) -> int:
    """Read an action (a placement or a discard) to its number."""
    check_text(text)
    compact = "".join(text.split()).lower()
    match = _DISCARD.fullmatch(compact)
    if match is None:
        return parse(text).encode()
    if _SPLIT_NUMBER.search(text):
        raise NotationError(f"{text!r}: a number is written without spaces inside it")
    card = int(match["card"])
    if not 1 <= card <= CARD_COUNT:
        raise NotationError(f"card {card} does not exist: cards are numbered 1 to {CARD_COUNT}")
    return discard_action(card)


def parse(text: str) -> Placement:
    """Read a placement; ``NotationError`` says which part is wrong."""
    check_text(text)
    if _SPLIT_NUMBER.search(text):
        raise NotationError(f"{text!r}: a number is written without spaces inside it")
    compact = "".join(text.split()).lower()
    match = _PATTERN.fullmatch(compact)
    if not match:
        raise NotationError(f"{text!r} is not a placement. {NOTATION_HELP}")
    card = int(match["card"])
    if not 1 <= card <= CARD_COUNT:
        raise NotationError(f"card {card} does not exist: cards are numbered 1 to {CARD_COUNT}")
    if match["side"] not in SIDES:
        raise NotationError(
            f"side {match['side']!r} is not a side: c is the condition side, l the landscape side"
        )
    rotation = int(match["rotation"])
    if rotation > 3:
        raise NotationError(f"rotation {rotation}: a card turns 0, 1, 2 or 3 quarter turns")
    if match["row"] is None:
        at = FIRST_POSITION
    else:
        try:
            row, col = int(match["row"]), int(match["col"])
        except ValueError:
            raise NotationError(
                f"position {match['row']},{match['col']}: cards sit on whole spaces of the grid, "
                "no part of a space may be covered (CL-2)"
            ) from None
        try:
            at = position(row, col)
        except ValueError:
            raise NotationError(
                f"position {row},{col} is too far from the landscape: no card could reach it "
                f"(positions run from {-ORIGIN} to {GRID.rows - ORIGIN - 1})"
            ) from None
    return Placement(card, SIDES.index(match["side"]), rotation, at)


# -- actions as JSON (docs/actions.md) ----------------------------------------------------

_KINDS = ("place", "discard")


def to_json(action: int) -> JsonDict:
    """The JSON description of action number ``action``: the fields of its notation."""
    card = discarded_card(action)
    if card is not None:
        return {"kind": "discard", "card": card}
    placement = Placement.decode(action)
    row, col = coordinates(placement.at)
    return {
        "kind": "place",
        "card": placement.card,
        "side": SIDES[placement.side],
        "rotation": placement.rotation,
        "row": row,
        "col": col,
    }


@cache
def action_entry(action: int) -> JsonDict:
    """``{"id": action, "text": notation, **description}`` of action number ``action`` for
    a client: neither depends on the position, so each is worked out once (a seat to place
    is offered the same placements move after move) and never changed (``actions_json``
    hands out copies); ``NotationError`` as :func:`format_action` gives it."""
    return {"id": action, "text": format_action(action), **to_json(action)}


def from_json(data: object) -> int:
    """The action a JSON description names; ``NotationError`` names the field at fault."""
    fields = ActionFields(data, "Confusing Lands", _KINDS)
    card = fields.integer("card", 1, CARD_COUNT, "cards are numbered 1 to 18")
    if fields.kind == "discard":
        fields.done()
        return discard_action(card)
    side = fields.letter("side", SIDES, "a side: c is the condition side, l the landscape side")
    rotation = fields.integer("rotation", 0, 3, "a card turns 0 to 3 quarter turns")
    row = fields.integer("row", -ORIGIN, GRID.rows - ORIGIN - 1, "no card could reach it")
    col = fields.integer("col", -ORIGIN, GRID.cols - ORIGIN - 1, "no card could reach it")
    fields.done()
    return Placement(card, side, rotation, position(row, col)).encode()
