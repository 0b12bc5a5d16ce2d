"""Drifting Lands actions: integers on the hot path, text in the notation below.

``start N`` · ``drift Q,R>D`` / ``drift Q,R>D1,D2`` · ``select N`` · ``play N`` ·
``split Q,R>D`` / ``split Q,R>D1,D2`` then ``part Q,R Q,R ...`` · ``orogeny Q,R>Q,R`` ·
``move Q,R>Q,R>...`` · ``expel Q,R`` · ``breed Q,R`` · ``evolve Q,R``.

Spaces are board indices (see :class:`HexBitGrid`) in the integers and axial ``q,r`` in text.
A split's part is an index into the list of legal parts, sorted by size then spaces; a move
is its start and end (the path in the text is one cheapest legal path).
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from tablelands.core.game import JsonDict
from tablelands.core.notation import ActionFields, whole
from tablelands.games.drifting_lands.board import NO_STEP, Path

if TYPE_CHECKING:
    from tablelands.games.drifting_lands.state import DriftingLandsState

POSITIONS = 512
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


# -- actions as JSON (docs/actions.md) ----------------------------------------------------

_KINDS = (
    *("start", "drift", "split", "part", "select", "play"),
    *("orogeny", "move", "expel", "breed", "evolve"),
)
_SPACE_KINDS = {"expel": EXPEL, "breed": BREED, "evolve": EVOLVE}
_CORNERS = 4


def _cell(state: DriftingLandsState, space: int) -> JsonDict:
    q, r = state.board.grid.coords(space)
    return {"q": q, "r": r}


def _cells(text: str) -> list[JsonDict]:
    """The spaces ``Q,R`` of a notation text, in order."""
    return [{"q": int(q), "r": int(r)} for q, r in re.findall(r"(-?[0-9]+),(-?[0-9]+)", text)]


def to_json(state: DriftingLandsState, action: int) -> JsonDict:
    """The JSON description of action number ``action`` in ``state``: its notation's fields,
    spaces as ``{"q": Q, "r": R}``; a part by its spaces, a move with the path its text shows.
    ``NotationError`` if no text names it now."""
    text = state.format_action(action)  # refuses what no text names
    if action < DRIFT:
        return {"kind": "start", "corner": action - START + 1}
    if action < PART:
        kind, code = ("drift", action - DRIFT) if action < SPLIT else ("split", action - SPLIT)
        rest, second = divmod(code, 7)
        anchor, first = divmod(rest, 6)
        directions = [first] if second == NO_STEP else [first, second]
        return {"kind": kind, "continent": _cell(state, anchor), "directions": directions}
    if action < SELECT:
        return {"kind": "part", "spaces": _cells(text)}
    if action < OROGENY:
        kind, card = ("select", action - SELECT) if action < PLAY else ("play", action - PLAY)
        return {"kind": kind, "card": card}
    if action < MOVE:
        lifted, onto = divmod(action - OROGENY, POSITIONS)
        return {"kind": "orogeny", "lifted": _cell(state, lifted), "onto": _cell(state, onto)}
    if action < EXPEL:
        start, end = divmod(action - MOVE, POSITIONS)
        return {
            "kind": "move",
            "start": _cell(state, start),
            "end": _cell(state, end),
            "path": _cells(text),
        }
    kind, base = next((k, b) for k, b in reversed(_SPACE_KINDS.items()) if action >= b)
    return {"kind": kind, "space": _cell(state, action - base)}


def from_json(state: DriftingLandsState, data: object) -> int:
    """The action a JSON description names in ``state``: a drift or split by any tile of its
    continent, a part by its spaces (one of the parts the split offers now), a move by its
    start and end (its path is not read). ``NotationError`` names the field at fault."""
    fields = ActionFields(data, "Drifting Lands", _KINDS)
    kind = fields.kind
    board = state.board

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
        anchor = field("continent")
        if board.land >> anchor & 1:
            continent = board.continent_of(anchor)
            anchor = (continent & -continent).bit_length() - 1
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
        if state.split_path is None:
            raise fields.fail("spaces", "no split is being made: there is no part to choose")
        anchor, first, second = state.split_path
        parts = board.split_parts(board.continent_of(anchor), Path(first, second))
        if mask not in parts:
            raise fields.fail(
                "spaces",
                "not one of the parts this split offers (it and the rest must both stay "
                "connected and it must end up not touching the rest, DL-4)",
            )
        return PART + parts.index(mask)
    if kind in ("select", "play"):
        card = fields.integer("card", 1, max(state.edition.cards), "a card of the species")
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
