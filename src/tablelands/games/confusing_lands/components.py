"""Confusing Lands components: the edition file schema and the card tables built from it.

An edition file lists 18 double-sided cards. Each side is printed as 2 rows of 3
spaces (CL-1); a space is written ``river:<ends>``, ``forest``, ``mountain``,
``village``, ``elk``, ``wolf``, ``crystal``, ``empty`` or ``condition``. Card N carries
scoring condition N on two orthogonally adjacent spaces of its condition side.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from tablelands.core.game import Edition, EditionFile

# Kinds of space, as indices into a landscape's per-kind bitboards.
RIVER, FOREST, MOUNTAIN, VILLAGE, ELK, WOLF, CRYSTAL, EMPTY, CONDITION = range(9)
SYMBOLS = (RIVER, FOREST, MOUNTAIN, VILLAGE, ELK, WOLF, CRYSTAL)
KIND_NAMES = (
    "river",
    "forest",
    "mountain",
    "village",
    "elk",
    "wolf",
    "crystal",
    "empty",
    "condition",
)
KIND_BY_NAME = {name: kind for kind, name in enumerate(KIND_NAMES)}

# River ends as bits, and the compass letters that write them.
NORTH, EAST, SOUTH, WEST = 1, 2, 4, 8
END_LETTERS = "NESW"

CARD_COUNT = 18
ROWS, COLS = 2, 3  # a card side as printed
SIDES = ("c", "l")  # condition side, landscape side
CONDITION_SIDE, LANDSCAPE_SIDE = 0, 1

#: The course of a game, shared by the rules (state.py) and the view (view.py): 4 rounds
#: of two placement phases each.
ROUNDS = 4
FIRST, SECOND = 0, 1
PHASE_NAMES = ("first", "second")

CONDITION_NAMES = {
    1: "Mighty River",
    2: "Noble Woodlands",
    3: "Barrier Range",
    4: "Thriving Villages",
    5: "The Circle Of Life",
    6: "Ancient Relics",
    7: "Roaring Falls",
    8: "Shaded Streams",
    9: "Valley Guardians",
    10: "Fierce Hunters",
    11: "Forest Spirit",
    12: "Town Center",
    13: "Distant Outposts",
    14: "Close Neighbors",
    15: "The Great Prairie",
    16: "Land of Plenty",
    17: "Tranquility",
    18: "Wilderness",
}


def parse_ends(letters: str) -> int:
    """``"NE"`` -> ``NORTH | EAST``; raises ``ValueError`` on anything else."""
    mask = 0
    for letter in letters.upper():
        if letter not in END_LETTERS:
            raise ValueError(f"river end {letter!r} is not one of N, E, S, W")
        bit = 1 << END_LETTERS.index(letter)
        if mask & bit:
            raise ValueError(f"river end {letter!r} is given twice")
        mask |= bit
    if not mask:
        raise ValueError("a river space needs at least one river end")
    return mask


def format_ends(mask: int) -> str:
    return "".join(letter for i, letter in enumerate(END_LETTERS) if mask >> i & 1)


def rotate_ends(mask: int, quarter_turns: int) -> int:
    """River ends after turning the card clockwise (N becomes E, E becomes S...)."""
    turns = quarter_turns % 4
    return ((mask << turns) | (mask >> (4 - turns))) & 0b1111


@dataclass(frozen=True, slots=True)
class Space:
    """One printed space: its kind and, for a river, its river ends."""

    kind: int
    ends: int = 0

    @classmethod
    def parse(cls, text: str) -> Space:
        name, _, ends = text.strip().lower().partition(":")
        if name not in KIND_BY_NAME:
            raise ValueError(f"{text!r} is not a space (one of {', '.join(KIND_NAMES)})")
        kind = KIND_BY_NAME[name]
        if kind == RIVER:
            return cls(RIVER, parse_ends(ends))
        if ends:
            raise ValueError(f"only a river space has ends, not {text!r}")
        return cls(kind)

    def __str__(self) -> str:
        name = KIND_NAMES[self.kind]
        return f"{name}:{format_ends(self.ends)}" if self.kind == RIVER else name


# ---------------------------------------------------------------------------
# The file schema


SideRows = list[list[str]]


def _check_side(rows: SideRows) -> SideRows:
    if len(rows) != ROWS or any(len(row) != COLS for row in rows):
        raise ValueError(f"a card side is {ROWS} rows of {COLS} spaces")
    for row in rows:
        for text in row:
            Space.parse(text)
    return rows


class CardModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    id: int = Field(ge=1, le=CARD_COUNT)
    condition_side: SideRows
    landscape_side: SideRows

    @field_validator("condition_side", "landscape_side")
    @classmethod
    def _side_shape(cls, rows: SideRows) -> SideRows:
        return _check_side(rows)

    @model_validator(mode="after")
    def _condition_spaces(self) -> CardModel:
        cells = [
            (r, c)
            for r, row in enumerate(self.condition_side)
            for c, text in enumerate(row)
            if Space.parse(text).kind == CONDITION
        ]
        if len(cells) != 2 or abs(cells[0][0] - cells[1][0]) + abs(cells[0][1] - cells[1][1]) != 1:
            raise ValueError(
                "the condition side needs exactly 2 orthogonally adjacent condition spaces"
            )
        if any(Space.parse(t).kind == CONDITION for row in self.landscape_side for t in row):
            raise ValueError("the landscape side has no condition spaces")
        return self


class EditionModel(EditionFile):
    game: Literal["confusing-lands"]
    cards: list[CardModel]

    @field_validator("cards")
    @classmethod
    def _all_cards_once(cls, cards: list[CardModel]) -> list[CardModel]:
        ids = sorted(card.id for card in cards)
        if ids != list(range(1, CARD_COUNT + 1)):
            raise ValueError(f"the cards must be ids 1 to {CARD_COUNT}, each once; got {ids}")
        return cards


# ---------------------------------------------------------------------------
# Compiled card tables


@dataclass(frozen=True, slots=True)
class Orientation:
    """A card side after 0-3 clockwise quarter turns: its shape and spaces."""

    card: int
    side: int
    rotation: int
    height: int
    width: int
    #: ``(row, col, space)`` for each of the 6 spaces, relative to the top-left.
    spaces: tuple[tuple[int, int, Space], ...]


def orient(card: int, side: int, rows: tuple[tuple[Space, ...], ...], rotation: int) -> Orientation:
    """Turn a printed side (2 x 3) clockwise ``rotation`` times."""
    height, width = len(rows), len(rows[0])
    spaces = [(r, c, s) for r, row in enumerate(rows) for c, s in enumerate(row)]
    for _ in range(rotation % 4):
        # Clockwise: (r, c) in an h x w grid goes to (c, h - 1 - r) in a w x h grid.
        spaces = [(c, height - 1 - r, Space(s.kind, rotate_ends(s.ends, 1))) for r, c, s in spaces]
        height, width = width, height
    return Orientation(
        card, side, rotation % 4, height, width, tuple(sorted(spaces, key=lambda t: t[:2]))
    )


class ConfusingLandsEdition(Edition):
    """A validated edition: the 18 cards, ready for the rules."""

    schema = EditionModel
    package = "tablelands.games.confusing_lands"
    model: EditionModel

    def __init__(self, model: EditionModel) -> None:
        super().__init__(model)
        self.sides: dict[tuple[int, int], tuple[tuple[Space, ...], ...]] = {}
        for card in model.cards:
            for side, rows in (
                (CONDITION_SIDE, card.condition_side),
                (LANDSCAPE_SIDE, card.landscape_side),
            ):
                self.sides[card.id, side] = tuple(
                    tuple(Space.parse(t) for t in row) for row in rows
                )

    def orientation(self, card: int, side: int, rotation: int) -> Orientation:
        return orient(card, side, self.sides[card, side], rotation)
