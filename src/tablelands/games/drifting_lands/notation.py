"""Drifting Lands actions: integers on the hot path, text in the notation below, and JSON.

``start N`` · ``drift Q,R>D`` / ``drift Q,R>D1,D2`` · ``select N`` · ``play N`` ·
``split Q,R>D`` / ``split Q,R>D1,D2`` then ``part Q,R Q,R ...`` · ``orogeny Q,R>Q,R`` ·
``move Q,R>Q,R>...`` · ``expel Q,R`` · ``breed Q,R`` · ``evolve Q,R``.

Spaces are board indices (see :class:`HexBitGrid`) in the integers and axial ``q,r`` in text.
A split's part is an index into the list of legal parts, sorted by size then spaces; a move
is its start and end (the path in the text is one cheapest legal path).

The text of an action depends on the position (the parts a split offers, the cards a name
stands for, the path a move takes), which the notation reads through :class:`Position`: a
state is one. Whether an action may be played is for the rules (``apply``, naming the
rule), never for the notation: it asks the rules only what a text cannot say by itself, the
parts a split offers (an action numbers a part by its place among them, so a part not
offered has no number: ``NotationError``). A move is read by its ends, as its number holds
them: the spaces written between are the way the player has in mind, and ``apply`` judges
whether the pawn can get there (DL-6).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Protocol

from tablelands.core.errors import NotationError
from tablelands.core.game import JsonDict
from tablelands.core.geometry import bits
from tablelands.core.notation import ActionFields, check_text, not_an_action, whole
from tablelands.games.drifting_lands.board import NO_STEP, SPLIT_RULE, Board, Routes
from tablelands.games.drifting_lands.components import (
    CARD_TITLES,
    CARD_TYPES,
    CORNER_NAMES,
    POSITIONS,
    DriftingLandsEdition,
)

START = 0  # + corner
DRIFT = 16  # + (space * 6 + first) * 7 + second
SPLIT = DRIFT + POSITIONS * 42  # same layout as DRIFT
PART = SPLIT + POSITIONS * 42  # + index of the part
SELECT = PART + (1 << 16)  # + card id
PLAY = SELECT + 64  # + card id
OROGENY = PLAY + 64  # + lifted * POSITIONS + target
MOVE = OROGENY + POSITIONS * POSITIONS  # + start * POSITIONS + end
EXPEL = MOVE + POSITIONS * POSITIONS  # + space
BREED = EXPEL + POSITIONS  # + space
EVOLVE = BREED + POSITIONS  # + space
ACTION_COUNT = EVOLVE + POSITIONS

NOTATION_HELP = (
    "Actions: start N; drift Q,R>D (or >D1,D2); select N; play N (or play moving); "
    "split Q,R>D then part Q,R Q,R ...; orogeny Q,R>Q,R; move Q,R>Q,R>...; expel Q,R; "
    "breed Q,R; evolve Q,R. Directions 0-5 run clockwise from north-east."
)
DIRECTIONS_HELP = "directions are 0 to 5, clockwise from north-east"
#: The movement points a move's path is shown within when no Moving or Migrating card is
#: being played: Migrating's.
FORMAT_BUDGET = 5


class Position(Protocol):
    """What the notation reads of a position (a ``DriftingLandsState`` is one)."""

    @property
    def board(self) -> Board: ...

    @property
    def edition(self) -> DriftingLandsEdition: ...

    @property
    def split_path(self) -> tuple[int, int, int] | None: ...

    def split_parts(self) -> tuple[int, ...]:
        """DL-4: the parts the split being made may carry away, in their action order."""

    def move_budget(self) -> int | None:
        """DL-6: the points of the Moving or Migrating card being played, if one is."""

    def selectable_cards(self) -> list[int]:
        """DL-8: the cards the player to move may select next."""

    def playable_cards(self) -> list[int]:
        """The cards in the hand of the player to move, lowest first."""


#: Each field of the numbering: its first number and the verb of its actions, in order.
FIELDS = (
    *((START, "start"), (DRIFT, "drift"), (SPLIT, "split"), (PART, "part")),
    *((SELECT, "select"), (PLAY, "play"), (OROGENY, "orogeny"), (MOVE, "move")),
    *((EXPEL, "expel"), (BREED, "breed"), (EVOLVE, "evolve")),
)


def verb_of(action: int) -> str:
    """The verb of action number ``action`` (0 to ``ACTION_COUNT - 1``): its field's."""
    return next(verb for base, verb in reversed(FIELDS) if action >= base)


def decode_path(code: int) -> tuple[int, int, int]:
    """``(anchor space, first direction, second direction or NO_STEP)`` of a drift or split
    (its action number less ``DRIFT`` or ``SPLIT``)."""
    rest, second = divmod(code, 7)
    anchor, first = divmod(rest, 6)
    return anchor, first, second


# -- text -----------------------------------------------------------------------------------

_CELL = r"\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*"
#: Between two cells of a ``part``: whitespace after a digit and before the next number.
_CELL_BREAK = re.compile(r"(?<=[0-9])\s+(?=-?[0-9])")


def _space(position: Position, q: str, r: str) -> int:
    try:
        return position.board.grid.index(int(q), int(r))
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def _spaces(position: Position, cells: list[str], usage: str) -> list[int]:
    """The spaces written ``Q,R`` in ``cells``; ``NotationError`` if one is not a space of
    the map (ending in ``usage`` when it is not written ``Q,R``)."""
    spaces = []
    for cell in cells:
        match = re.fullmatch(_CELL, cell)
        if not match:
            raise NotationError(f"{cell.strip()!r} is not a space Q,R: {usage}")
        spaces.append(_space(position, match[1], match[2]))
    return spaces


def _where(position: Position, space: int, action: int) -> str:
    """``space`` as ``q,r`` in the text of ``action``; ``NotationError`` if it is off the map."""
    grid = position.board.grid
    if not grid.full >> space & 1:
        raise NotationError(
            f"{action} is not a Drifting Lands action number: its space {space} is not on the map"
        )
    q, r = grid.coords(space)
    return f"{q},{r}"


def _anchor(board: Board, space: int) -> int:
    """The space a drift or split of the continent holding ``space`` is numbered by: the
    continent's lowest space (``space`` itself on the ocean, which no drift can move)."""
    if not board.land >> space & 1:
        return space
    continent = board.continent_of(space)
    return (continent & -continent).bit_length() - 1


def _path_text(first: int, second: int) -> str:
    return f"{first}" if second == NO_STEP else f"{first},{second}"


def format_action(position: Position, action: int) -> str:
    """The text of action number ``action`` now; ``NotationError`` if no text names it."""
    return _text(position, action, {})


def _text(position: Position, action: int, routes: dict[int, Routes]) -> str:
    """:func:`format_action`, the moves of a pawn found in ``routes`` by its space (and
    kept there when worked out), for the texts of many actions in one position."""
    if type(action) is not int or not 0 <= action < ACTION_COUNT:
        raise NotationError(not_an_action(action, "Drifting Lands", ACTION_COUNT))
    board = position.board
    if action < DRIFT:
        corner = action - START
        if corner >= len(CORNER_NAMES):
            raise NotationError(
                f"{action} is not a Drifting Lands action number: there are "
                f"{len(CORNER_NAMES)} corners"
            )
        return f"start {corner + 1}"
    if action < PART:
        verb, code = ("drift", action - DRIFT) if action < SPLIT else ("split", action - SPLIT)
        anchor, first, second = decode_path(code)
        return f"{verb} {_where(position, anchor, action)}>{_path_text(first, second)}"
    if action < SELECT:
        parts = position.split_parts()
        index = action - PART
        if index >= len(parts):
            raise NotationError(f"part {index} is not one of the parts offered now")
        return "part " + " ".join(_where(position, s, action) for s in bits(parts[index]))
    if action < OROGENY:
        verb, card = ("select", action - SELECT) if action < PLAY else ("play", action - PLAY)
        if card not in position.edition.cards:
            raise NotationError(
                f"{action} is not a Drifting Lands action number: there is no card {card}"
            )
        return f"{verb} {card}"
    if action < MOVE:
        lifted, target = divmod(action - OROGENY, POSITIONS)
        return f"orogeny {_where(position, lifted, action)}>{_where(position, target, action)}"
    if action < EXPEL:
        start, end = divmod(action - MOVE, POSITIONS)
        route = routes.get(start)
        if route is None and start in board.pawns:
            budget = position.move_budget()
            route = routes[start] = board.routes(start, FORMAT_BUDGET if budget is None else budget)
        if route is not None and route.stops >> end & 1:
            return "move " + ">".join(_where(position, s, action) for s in route.path(end))
        return f"move {_where(position, start, action)}>{_where(position, end, action)}"
    if action < BREED:
        return f"expel {_where(position, action - EXPEL, action)}"
    if action < EVOLVE:
        return f"breed {_where(position, action - BREED, action)}"
    return f"evolve {_where(position, action - EVOLVE, action)}"


def _part_index(position: Position, mask: int) -> int:
    """The place of part ``mask`` among those the split being made offers (the action numbers
    a part by it); ``NotationError`` if there is none, naming DL-4 when it is not offered."""
    if position.split_path is None:
        raise NotationError(
            "no split is being made: there is no part to choose (a part follows split Q,R>D)"
        )
    parts = position.split_parts()
    if mask not in parts:
        raise NotationError(
            f"that part is not one of the {len(parts)} this split offers, so it names no "
            f"action: {SPLIT_RULE}"
        )
    return parts.index(mask)


def _card(position: Position, text: str, choices: list[int]) -> int:
    """A card named by id or by type ("moving", "ultra drifting"): the first such choice, or
    with none, the species' first card of the type.

    An id must be a card of the edition; whether it may be chosen now is for ``apply``.
    """
    name = text.strip().lower().replace(" ", "_").replace("-", "_")
    if re.fullmatch(r"[0-9]+", name):
        card = int(name)
        if card not in position.edition.cards:
            raise NotationError(
                f"card {card} does not exist: cards are numbered 1 to {len(position.edition.cards)}"
            )
        return card
    if name not in CARD_TYPES:
        raise NotationError(
            f"{name!r} is neither a card number nor a card name ({', '.join(CARD_TYPES)})"
        )
    kind = CARD_TYPES.index(name)
    cards = position.edition.cards
    for card in (*choices, *sorted(cards)):
        if cards[card][0] == kind:
            return card
    raise NotationError(f"this species has no {CARD_TITLES[name]} card")


def parse_action(position: Position, text: str) -> int:
    """The action ``text`` names now; ``NotationError`` says what is wrong with a text that
    names no action (a part the split being made does not offer has no action number, so it
    is one, naming the rule). Legality is not checked: ``apply`` does that, naming the rule.
    A move is its start and end (the first and last spaces written)."""
    words = check_text(text).strip().lower().split(None, 1)
    if not words:
        raise NotationError(f"an empty action. {NOTATION_HELP}")
    verb, rest = words[0], (words[1] if len(words) > 1 else "")
    board = position.board
    if verb == "start":
        if not re.fullmatch(r"[1-4]", rest):
            raise NotationError("write start N with N the corner continent, 1 to 4")
        return START + int(rest) - 1
    if verb in ("drift", "split"):
        match = re.fullmatch(rf"{_CELL}>\s*([0-5])\s*(?:,\s*([0-5])\s*)?", rest)
        if not match:
            raise NotationError(f"write {verb} Q,R>D or {verb} Q,R>D1,D2 (directions 0-5)")
        anchor = _anchor(board, _space(position, match[1], match[2]))
        second = int(match[4]) if match[4] is not None else NO_STEP
        base = DRIFT if verb == "drift" else SPLIT
        return base + (anchor * 6 + int(match[3])) * 7 + second
    if verb == "part":
        usage = "write part Q,R Q,R ... with the spaces of the part that moves"
        if not rest:
            raise NotationError(usage)
        mask = 0
        for space in _spaces(position, _CELL_BREAK.split(rest), usage):
            mask |= 1 << space
        return PART + _part_index(position, mask)
    if verb == "select":
        return SELECT + _card(position, rest, position.selectable_cards())
    if verb == "play":
        return PLAY + _card(position, rest, position.playable_cards())
    if verb == "orogeny":
        match = re.fullmatch(rf"{_CELL}>{_CELL}", rest)
        if not match:
            raise NotationError("write orogeny Q,R>Q,R (the lifted tile, then the tile it goes on)")
        return (
            OROGENY
            + _space(position, match[1], match[2]) * POSITIONS
            + _space(position, match[3], match[4])
        )
    if verb == "move":
        usage = "write move Q,R>Q,R>... from the pawn's space along its path"
        cells = rest.split(">")
        if len(cells) < 2:
            raise NotationError(usage)
        # Every space must be one of the map; whether the pawn can go there is for apply.
        path = _spaces(position, cells, usage)
        return MOVE + path[0] * POSITIONS + path[-1]
    for base, word in ((EXPEL, "expel"), (BREED, "breed"), (EVOLVE, "evolve")):
        if verb == word:
            match = re.fullmatch(_CELL, rest)
            if not match:
                raise NotationError(f"write {word} Q,R")
            return base + _space(position, match[1], match[2])
    raise NotationError(f"{text!r} is not a Drifting Lands action. {NOTATION_HELP}")


# -- actions as JSON (docs/actions.md) ----------------------------------------------------

_KINDS = (
    *("start", "drift", "split", "part", "select", "play"),
    *("orogeny", "move", "expel", "breed", "evolve"),
)
_SPACE_KINDS = {"expel": EXPEL, "breed": BREED, "evolve": EVOLVE}
_CORNERS = 4


def _cell(position: Position, space: int) -> JsonDict:
    q, r = position.board.grid.coords(space)
    return {"q": q, "r": r}


def _cells(text: str) -> list[JsonDict]:
    """The spaces ``Q,R`` of a notation text, in order."""
    return [{"q": int(q), "r": int(r)} for q, r in re.findall(r"(-?[0-9]+),(-?[0-9]+)", text)]


def to_json(position: Position, action: int) -> JsonDict:
    """The JSON description of action number ``action`` in ``position``: its notation's
    fields, spaces as ``{"q": Q, "r": R}``; a part by its spaces, a move with the path its text
    shows. ``NotationError`` if no text names it now."""
    return _described(position, action, format_action(position, action))


def actions_json(position: Position, actions: Iterable[int]) -> list[JsonDict]:
    """``{"id": action, "text": notation, **description}`` for each of ``actions`` in
    ``position`` (:func:`format_action`, :func:`to_json`): each text worked out once, its
    description read from it, and each pawn's moves found once for all of them."""
    routes: dict[int, Routes] = {}
    entries = []
    for action in actions:
        text = _text(position, action, routes)
        entries.append({"id": action, "text": text, **_described(position, action, text)})
    return entries


def _described(position: Position, action: int, text: str) -> JsonDict:
    """:func:`to_json` of an action whose text (a name for it: it is one) is ``text``."""
    if action < DRIFT:
        return {"kind": "start", "corner": action - START + 1}
    if action < PART:
        kind, code = ("drift", action - DRIFT) if action < SPLIT else ("split", action - SPLIT)
        anchor, first, second = decode_path(code)
        directions = [first] if second == NO_STEP else [first, second]
        return {"kind": kind, "continent": _cell(position, anchor), "directions": directions}
    if action < SELECT:
        return {"kind": "part", "spaces": _cells(text)}
    if action < OROGENY:
        kind, card = ("select", action - SELECT) if action < PLAY else ("play", action - PLAY)
        return {"kind": kind, "card": card}
    if action < MOVE:
        lifted, onto = divmod(action - OROGENY, POSITIONS)
        return {"kind": "orogeny", "lifted": _cell(position, lifted), "onto": _cell(position, onto)}
    if action < EXPEL:
        start, end = divmod(action - MOVE, POSITIONS)
        return {
            "kind": "move",
            "start": _cell(position, start),
            "end": _cell(position, end),
            "path": _cells(text),
        }
    kind, base = next((k, b) for k, b in reversed(_SPACE_KINDS.items()) if action >= b)
    return {"kind": kind, "space": _cell(position, action - base)}


def from_json(position: Position, data: object) -> int:
    """The action a JSON description names in ``position``: a drift or split by any tile of its
    continent, a part by its spaces (one of the parts the split offers now), a move by its
    start and end (its path is not read). ``NotationError`` names the field at fault."""
    fields = ActionFields(data, "Drifting Lands", _KINDS)
    kind = fields.kind
    board = position.board

    def space(label: str, value: object) -> int:
        q, r = fields.space(label, value)
        try:
            return board.grid.index(q, r)
        except ValueError:
            raise fields.fail(label, f"{q},{r} is not a space of this map") from None

    def field(name: str) -> int:
        return space(name, fields.value(name))

    if kind == "start":
        corner = fields.integer("corner", 1, _CORNERS, "the corner continents are 1 to 4")
        fields.done()
        return START + corner - 1
    if kind in ("drift", "split"):
        anchor = _anchor(board, field("continent"))
        steps = fields.items("directions", 1, 2)
        first, *more = (
            whole(d, 0, 5, lambda problem: fields.fail("directions", problem), DIRECTIONS_HELP)
            for d in steps
        )
        fields.done()
        code = (anchor * 6 + first) * 7 + (more[0] if more else NO_STEP)
        return (DRIFT if kind == "drift" else SPLIT) + code
    if kind == "part":
        mask = 0
        for i, value in enumerate(fields.items("spaces", 1, POSITIONS)):
            bit = 1 << space(f"spaces[{i}]", value)
            if mask & bit:
                raise fields.fail(f"spaces[{i}]", "a space named twice")
            mask |= bit
        fields.done()
        if position.split_path is None:
            raise fields.fail("spaces", "no split is being made: there is no part to choose")
        parts = position.split_parts()
        if mask not in parts:
            raise fields.fail("spaces", f"not one of the parts this split offers: {SPLIT_RULE}")
        return PART + parts.index(mask)
    if kind in ("select", "play"):
        card = fields.integer("card", 1, max(position.edition.cards), "a card of the species")
        fields.done()
        return (SELECT if kind == "select" else PLAY) + card
    if kind == "orogeny":
        lifted, onto = field("lifted"), field("onto")
        fields.done()
        return OROGENY + lifted * POSITIONS + onto
    if kind == "move":
        start, end = field("start"), field("end")
        fields.done("path")
        return MOVE + start * POSITIONS + end
    target = field("space")
    fields.done()
    return _SPACE_KINDS[kind] + target
