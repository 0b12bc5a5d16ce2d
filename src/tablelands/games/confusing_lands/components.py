"""Confusing Lands components: the edition file schema and the card tables built from it.

An edition file lists 18 double-sided cards. Each side is printed as 2 rows of 3
spaces (CL-1); a space is written ``river:<ends>``, ``forest``, ``mountain``,
``village``, ``elk``, ``wolf``, ``crystal``, ``empty`` or ``condition``, exactly so: lower
case, a river's ends as upper-case letters in the order N, E, S, W (``river:NE``), nothing
around. Card N carries scoring condition N on two orthogonally adjacent spaces of its
condition side.

The schema refuses what no rule allows (CL-1, and the rulebook's Card Anatomy: the cards
show all 7 symbols); :meth:`ConfusingLandsEdition.warnings` tells what the rules allow but
the published cards do not do (other counts, rivers of 3 or 4 ends, sides alike).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    field_validator,
    model_validator,
)

from tablelands.core.game import Edition, EditionFile, name_fields

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


#: What the published cards hold (the rulings' Components): an edition that holds other
#: counts is a variant, played but warned of (:func:`card_warnings`).
PUBLISHED_SYMBOL_SPACES = (18, 30)  # spaces of each symbol, of the 180 that are no condition
PUBLISHED_EMPTY_SPACES = (15, 35)
PUBLISHED_RIVER_ENDS = 2  # the most ends a published river space has (CL-1 allows 4)
SIDE_FIELDS = ("condition_side", "landscape_side")


def _canonical_space(text: str) -> str:
    """``text`` if it is a space written as an edition writes it (``str(Space)``), else
    ``ValueError`` saying what is wrong: one space, one spelling."""
    written = str(Space.parse(text))
    if text != written:
        raise ValueError(
            f"{text!r} is not written as an edition writes it; write {written!r} (a space is "
            "lower case with nothing around it, a river's ends upper case in the order N, E, S, W)"
        )
    return text


#: A space as written in a file: one of the spaces CL-1 gives, in its one spelling.
SpaceText = Annotated[str, AfterValidator(_canonical_space)]
SideRows = list[list[SpaceText]]


def _check_side(rows: SideRows) -> SideRows:
    if len(rows) != ROWS or any(len(row) != COLS for row in rows):
        raise ValueError(f"a card side is {ROWS} rows of {COLS} spaces")
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

    def spaces(self) -> list[tuple[str, Space]]:
        """Every space of both sides with its field (``condition_side.1.2``), side by side,
        row by row."""
        return [
            (f"{name}.{r}.{c}", Space.parse(text))
            for name in SIDE_FIELDS
            for r, row in enumerate(getattr(self, name))
            for c, text in enumerate(row)
        ]


class EditionModel(EditionFile):
    game: Literal["confusing-lands"]
    cards: list[CardModel]

    @field_validator("cards")
    @classmethod
    def _all_cards_once(cls, cards: list[CardModel]) -> list[CardModel]:
        ids = sorted(card.id for card in cards)
        if ids != list(range(1, CARD_COUNT + 1)):
            raise ValueError(f"the cards must be ids 1 to {CARD_COUNT}, each once; got {ids}")
        shown = {space.kind for card in cards for _, space in card.spaces()}
        missing = [KIND_NAMES[kind] for kind in SYMBOLS if kind not in shown]
        if missing:
            shows = (
                "every space is empty or a condition"
                if len(missing) == len(SYMBOLS)
                else f"no space shows {' or '.join(missing)}"
            )
            raise ValueError(
                f"{shows}: the cards show all 7 symbols "
                f"(the rulebook's Card Anatomy: {', '.join(KIND_NAMES[k] for k in SYMBOLS)})"
            )
        return cards


def _side_shape_key(rows: tuple[tuple[Space, ...], ...]) -> tuple[object, ...]:
    """What a side shows, the same for a side and its turns (a card may be placed turned)."""
    return min(
        (o.height, o.width, tuple((r, c, s.kind, s.ends) for r, c, s in o.spaces))
        for o in (orient(0, 0, rows, turns) for turns in range(4))
    )


def _touching_rivers(rows: tuple[tuple[Space, ...], ...]) -> tuple[int, int]:
    """Pairs of touching river spaces on a printed side, and how many join end to end (CL-5)."""
    pairs = joined = 0
    for r, row in enumerate(rows):
        for c, space in enumerate(row):
            if space.kind != RIVER:
                continue
            for nr, nc, mine, theirs in ((r, c + 1, EAST, WEST), (r + 1, c, SOUTH, NORTH)):
                if nr < ROWS and nc < COLS and rows[nr][nc].kind == RIVER:
                    pairs += 1
                    joined += bool(space.ends & mine and rows[nr][nc].ends & theirs)
    return pairs, joined


def card_warnings(model: EditionModel) -> list[str]:
    """What the cards do that the published ones do not, though the rules allow it: each
    symbol on 18 to 30 spaces and 15 to 35 empty ones, rivers of 1 or 2 ends that mostly
    join end to end on a card (the rulings' Components); and landscape sides alike, which
    make cards play alike."""
    warnings: list[str] = []
    kinds: dict[int, int] = dict.fromkeys(range(len(KIND_NAMES)), 0)
    many_ends: list[str] = []
    for i, card in enumerate(model.cards):
        for field, space in card.spaces():
            kinds[space.kind] += 1
            if space.kind == RIVER and space.ends.bit_count() > PUBLISHED_RIVER_ENDS:
                many_ends.append(f"cards.{i}.{field}")
    if many_ends:
        warnings.append(
            f"{name_fields(many_ends)}: {len(many_ends)} river space(s) with 3 or 4 ends; "
            "CL-1 allows up to 4, but every river space of the published cards has 1 or 2"
        )
    low, high = PUBLISHED_SYMBOL_SPACES
    for kind in SYMBOLS:
        if not low <= kinds[kind] <= high:
            warnings.append(
                f"cards: {KIND_NAMES[kind]} on {kinds[kind]} spaces; the published cards show "
                f"each symbol on {low} to {high} of their 180 spaces that are no condition"
            )
    low, high = PUBLISHED_EMPTY_SPACES
    if not low <= kinds[EMPTY] <= high:
        warnings.append(
            f"cards: {kinds[EMPTY]} empty spaces; the published cards have {low} to {high}"
        )
    sides = [
        tuple(tuple(Space.parse(t) for t in row) for row in getattr(card, name))
        for card in model.cards
        for name in SIDE_FIELDS
    ]
    pairs = joined = 0
    for rows in sides:
        touching, joining = _touching_rivers(rows)
        pairs, joined = pairs + touching, joined + joining
    if pairs and 2 * joined <= pairs:
        warnings.append(
            f"cards: {joined} of the {pairs} pairs of touching river spaces on a card side join "
            "end to end (CL-5); on the published cards most do"
        )
    alike: dict[tuple[object, ...], list[str]] = {}
    for i, card in enumerate(model.cards):
        rows = tuple(tuple(Space.parse(t) for t in row) for row in card.landscape_side)
        alike.setdefault(_side_shape_key(rows), []).append(f"cards.{i}.landscape_side")
    for fields in alike.values():
        if len(fields) > 1:
            warnings.append(
                f"{name_fields(fields)}: the same landscape side (up to turning) on "
                f"{len(fields)} cards, which play alike on that side"
            )
    return warnings


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

    def warnings(self) -> list[str]:
        return card_warnings(self.model)
