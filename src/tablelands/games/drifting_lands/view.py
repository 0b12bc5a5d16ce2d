"""What each Drifting Lands player may see (DL-8), the notation, records and JSON.

The board, supplies and discard piles are public; a hand is seen by its owner only, until
its cards are played.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from tablelands.core.errors import IllegalActionError, NotationError
from tablelands.core.game import Game, JsonDict, SavedState
from tablelands.core.geometry import bits
from tablelands.core.notation import check_text, not_an_action
from tablelands.core.rng import Rng
from tablelands.core.saved import read_state_data
from tablelands.games.drifting_lands import notation as n
from tablelands.games.drifting_lands.board import NO_STEP, STEP_COST, Board
from tablelands.games.drifting_lands.components import (
    CARD_TITLES,
    CARD_TYPES,
    CORNER_NAMES,
    DriftingLandsEdition,
)
from tablelands.games.drifting_lands.scoring import breakdown, continents

if TYPE_CHECKING:
    from tablelands.games.drifting_lands.state import DriftingLandsState

TERRAIN = ("ocean", "plain", "mountain")


def _cell(state: DriftingLandsState, space: int) -> list[int]:
    return list(state.board.grid.coords(space))


def observation(state: DriftingLandsState, viewer: int) -> JsonDict:
    from tablelands.games.drifting_lands.state import PHASE_NAMES

    if not 0 <= viewer < state.num_players:
        raise ValueError(f"there is no seat {viewer} in a {state.num_players}-player game")
    board = state.board
    return {
        "game": "drifting-lands",
        "viewer": viewer,
        "players": state.num_players,
        "teams": state.teams,
        "round": min(state.round + 1, 4),
        "phase": PHASE_NAMES[state.phase],
        "to_move": state.current_player,
        "starter": state.starter,
        "land": [_cell(state, s) for s in bits(board.land)],
        "mountains": [_cell(state, s) for s in bits(board.mountain)],
        "pawns": [
            {"q": q, "r": r, "owner": owner, "level": level}
            for space, (owner, level) in sorted(board.pawns.items())
            for q, r in [board.grid.coords(space)]
        ],
        "supply": [s[1:] for s in state.supply],
        "corners": list(state.corners),
        "hand": sorted(state.hands[viewer]),
        "hand_sizes": [len(h) for h in state.hands],
        "discards": [list(d) for d in state.discards],
        "card": state.card or None,
        "split_path": list(state.split_path) if state.split_path else None,
        "expelled": list(state.expelled) if state.expelled else None,
        "breeds_left": state.breeds_left,
        "drowned": [dict(d) for d in state.drowned],
    }


def holdable_cards(state: DriftingLandsState, seat: int) -> list[int]:
    """The cards ``seat`` may hold as far as the other seats can tell (DL-8), lowest first:
    any of its cards neither discarded nor in play, and while it is selecting, only those
    that leave enough higher ones to finish its hand."""
    from tablelands.games.drifting_lands.state import HAND, SELECT

    out = set(state.discards[seat])
    if seat == state.to_move and state.card:
        out.add(state.card)
    cards = [c for c in sorted(state.edition.cards) if c not in out]
    if state.phase == SELECT and seat == state.to_move:
        # Cards are selected in rising order: the hand so far lies below the cards still
        # needed to finish it.
        cards = cards[: len(cards) - (HAND - len(state.hands[seat]))]
    return cards


def redraw_hands(
    state: DriftingLandsState, viewer: int, draw: Callable[[list[int], int], list[int]]
) -> DriftingLandsState:
    """A copy of ``state`` in which every other player's hand is ``draw(cards, size)``:
    ``size`` of the ``cards`` it may hold (:func:`holdable_cards`), seat by seat. Every hand
    drawn is one the player could hold; what else is drawn and how is ``draw``'s."""
    sample = state.clone()
    for seat in range(state.num_players):
        size = len(state.hands[seat])
        if seat == viewer or not size:
            continue
        sample.hands[seat] = sorted(draw(holdable_cards(state, seat), size))
    sample._legal = None
    sample._unused = None
    return sample


def redraw_hidden(state: DriftingLandsState, viewer: int, rng: Rng) -> DriftingLandsState:
    """Redraw every other player's hand uniformly among the hands it may hold
    (:func:`redraw_hands`)."""

    def draw(cards: list[int], size: int) -> list[int]:
        rng.shuffle(cards)
        return cards[:size]

    return redraw_hands(state, viewer, draw)


def board_from_observation(seen: JsonDict, edition: DriftingLandsEdition) -> Board:
    """The board an observation shows: land, mountains and pawns."""
    grid = edition.grid
    board = Board(grid, sum(1 << grid.index(q, r) for q, r in seen["land"]))
    board.mountain = sum(1 << grid.index(q, r) for q, r in seen["mountains"])
    board.pawns = {grid.index(p["q"], p["r"]): (p["owner"], p["level"]) for p in seen["pawns"]}
    return board


# -- notation -------------------------------------------------------------------------

_CELL = r"\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*"
#: Between two cells of a ``part``: whitespace after a digit and before the next number.
_CELL_BREAK = re.compile(r"(?<=[0-9])\s+(?=-?[0-9])")


def _space(state: DriftingLandsState, q: str, r: str) -> int:
    try:
        return state.board.grid.index(int(q), int(r))
    except ValueError as exc:
        raise NotationError(str(exc)) from None


def _spaces(state: DriftingLandsState, cells: list[str], usage: str) -> list[int]:
    """The spaces written ``Q,R`` in ``cells``; ``NotationError`` if one is not a space of
    the map (ending in ``usage`` when it is not written ``Q,R``)."""
    spaces = []
    for cell in cells:
        match = re.fullmatch(_CELL, cell)
        if not match:
            raise NotationError(f"{cell.strip()!r} is not a space Q,R: {usage}")
        spaces.append(_space(state, match[1], match[2]))
    return spaces


def _where(state: DriftingLandsState, space: int, action: int) -> str:
    """``space`` as ``q,r`` in the text of ``action``; ``NotationError`` if it is off the map."""
    grid = state.board.grid
    if not grid.full >> space & 1:
        raise NotationError(
            f"{action} is not a Drifting Lands action number: its space {space} is not on the map"
        )
    q, r = grid.coords(space)
    return f"{q},{r}"


def _path_text(first: int, second: int) -> str:
    return f"{first}" if second == NO_STEP else f"{first},{second}"


def format_action(state: DriftingLandsState, action: int) -> str:
    """The text of action number ``action`` now; ``NotationError`` if no text names it."""
    from tablelands.games.drifting_lands.state import MOVE_BUDGET, decode_path

    if type(action) is not int or not 0 <= action < n.ACTION_COUNT:
        raise NotationError(not_an_action(action, "Drifting Lands", n.ACTION_COUNT))
    board = state.board
    if action < n.DRIFT:
        corner = action - n.START
        if corner >= len(CORNER_NAMES):
            raise NotationError(
                f"{action} is not a Drifting Lands action number: there are "
                f"{len(CORNER_NAMES)} corners"
            )
        return f"start {corner + 1}"
    if action < n.PART:
        verb, code = (
            ("drift", action - n.DRIFT) if action < n.SPLIT else ("split", action - n.SPLIT)
        )
        anchor, first, second = decode_path(code)
        return f"{verb} {_where(state, anchor, action)}>{_path_text(first, second)}"
    if action < n.SELECT:
        parts = state._split_parts() if state.split_path else []
        index = action - n.PART
        if index >= len(parts):
            raise NotationError(f"part {index} is not one of the parts offered now")
        return "part " + " ".join(_where(state, s, action) for s in bits(parts[index]))
    if action < n.OROGENY:
        verb, card = ("select", action - n.SELECT) if action < n.PLAY else ("play", action - n.PLAY)
        if card not in state.edition.cards:
            raise NotationError(
                f"{action} is not a Drifting Lands action number: there is no card {card}"
            )
        return f"{verb} {card}"
    if action < n.MOVE:
        lifted, target = divmod(action - n.OROGENY, n.POSITIONS)
        return f"orogeny {_where(state, lifted, action)}>{_where(state, target, action)}"
    if action < n.EXPEL:
        start, end = divmod(action - n.MOVE, n.POSITIONS)
        budget = MOVE_BUDGET.get(state.card_type(state.card), 5) if state.card else 5
        if start in board.pawns and end in board.destinations(start, budget):
            path = board.path(start, end, budget)
            return "move " + ">".join(_where(state, s, action) for s in path)
        return f"move {_where(state, start, action)}>{_where(state, end, action)}"
    if action < n.BREED:
        return f"expel {_where(state, action - n.EXPEL, action)}"
    if action < n.EVOLVE:
        return f"breed {_where(state, action - n.BREED, action)}"
    return f"evolve {_where(state, action - n.EVOLVE, action)}"


def _card(state: DriftingLandsState, text: str, choices: list[int]) -> int:
    """A card named by id or by type ("moving", "ultra drifting"): the first such choice.

    An id must be a card of the edition; whether it may be chosen now is for ``apply``.
    """
    name = text.strip().lower().replace(" ", "_").replace("-", "_")
    if re.fullmatch(r"[0-9]+", name):
        card = int(name)
        if card not in state.edition.cards:
            raise NotationError(
                f"card {card} does not exist: cards are numbered 1 to {len(state.edition.cards)}"
            )
        return card
    if name not in CARD_TYPES:
        raise NotationError(
            f"{name!r} is neither a card number nor a card name ({', '.join(CARD_TYPES)})"
        )
    kind = CARD_TYPES.index(name)
    for card in choices:
        if state.edition.cards[card][0] == kind:
            return card
    raise IllegalActionError(f"no {CARD_TITLES[name]} card can be chosen now")


def parse_action(state: DriftingLandsState, text: str) -> int:
    """The action ``text`` names now; ``NotationError`` (or ``IllegalActionError``, when the
    text names nothing that could be done now) says what is wrong."""
    from tablelands.games.drifting_lands.state import MOVE_BUDGET

    words = check_text(text).strip().lower().split(None, 1)
    if not words:
        raise NotationError(f"an empty action. {n.NOTATION_HELP}")
    verb, rest = words[0], (words[1] if len(words) > 1 else "")
    board = state.board
    if verb == "start":
        if not re.fullmatch(r"[1-4]", rest):
            raise NotationError("write start N with N the corner continent, 1 to 4")
        return n.START + int(rest) - 1
    if verb in ("drift", "split"):
        match = re.fullmatch(rf"{_CELL}>\s*([0-5])\s*(?:,\s*([0-5])\s*)?", rest)
        if not match:
            raise NotationError(f"write {verb} Q,R>D or {verb} Q,R>D1,D2 (directions 0-5)")
        space = _space(state, match[1], match[2])
        if not board.land >> space & 1:
            raise IllegalActionError(
                f"{match[1]},{match[2]} is ocean: name a tile of the continent (DL-2)"
            )
        continent = board.continent_of(space)
        anchor = (continent & -continent).bit_length() - 1
        second = int(match[4]) if match[4] is not None else NO_STEP
        base = n.DRIFT if verb == "drift" else n.SPLIT
        return base + (anchor * 6 + int(match[3])) * 7 + second
    if verb == "part":
        usage = "write part Q,R Q,R ... with the spaces of the part that moves"
        if not rest:
            raise NotationError(usage)
        mask = 0
        for space in _spaces(state, _CELL_BREAK.split(rest), usage):
            mask |= 1 << space
        parts = state._split_parts() if state.split_path else []
        if mask not in parts:
            raise IllegalActionError(
                "that part cannot split off: it and the rest must both stay connected and it must "
                "end up not touching the rest (DL-4)"
            )
        return n.PART + parts.index(mask)
    if verb == "select":
        return n.SELECT + _card(state, rest, state._selectable(state.to_move))
    if verb == "play":
        return n.PLAY + _card(state, rest, sorted(state.hands[state.to_move]))
    if verb == "orogeny":
        match = re.fullmatch(rf"{_CELL}>{_CELL}", rest)
        if not match:
            raise NotationError("write orogeny Q,R>Q,R (the lifted tile, then the tile it goes on)")
        return (
            n.OROGENY
            + _space(state, match[1], match[2]) * n.POSITIONS
            + _space(state, match[3], match[4])
        )
    if verb == "move":
        usage = "write move Q,R>Q,R>... from the pawn's space along its path"
        cells = rest.split(">")
        if len(cells) < 2:
            raise NotationError(usage)
        path = _spaces(state, cells, usage)
        budget = MOVE_BUDGET.get(state.card_type(state.card), 0) if state.card else 0
        if len(path) > 2 or path[1] in board.neighbour_lists[path[0]]:
            _check_path(board, path, budget)
        return n.MOVE + path[0] * n.POSITIONS + path[-1]
    for base, word in ((n.EXPEL, "expel"), (n.BREED, "breed"), (n.EVOLVE, "evolve")):
        if verb == word:
            match = re.fullmatch(_CELL, rest)
            if not match:
                raise NotationError(f"write {word} Q,R")
            return base + _space(state, match[1], match[2])
    raise NotationError(f"{text!r} is not a Drifting Lands action. {n.NOTATION_HELP}")


def _check_path(board: Board, path: list[int], budget: int) -> None:
    """DL-6 for a path the player wrote: steps, costs, and whom it passes."""
    mover = board.pawns.get(path[0])
    if mover is None:
        raise IllegalActionError("there is no pawn at the start of that path (DL-6)")
    spent = 0
    for step, (here, there) in enumerate(pairwise(path), start=1):
        if there not in board.neighbour_lists[here]:
            raise IllegalActionError("each space of a path touches the one before (DL-6)")
        spent += STEP_COST[board.level(here), board.level(there)]
        occupant = board.pawns.get(there)
        last = step == len(path) - 1
        if (
            occupant is not None
            and occupant[0] != mover[0]
            and not (last and occupant[1] < mover[1])
        ):
            raise IllegalActionError(
                "a pawn never passes another player's pawn and stops only on a lower one (DL-6)"
            )
        if last and occupant is not None and occupant[0] == mover[0]:
            raise IllegalActionError("a pawn may pass your own pawns but not stop on one (DL-6)")
    if spent > budget:
        raise IllegalActionError(f"that path costs {spent} points; the card gives {budget} (DL-6)")


# -- records and JSON -------------------------------------------------------------------


def final_section(state: DriftingLandsState) -> JsonDict:
    board = state.board
    grid = board.grid
    continent_of = {}
    for entry_id, continent in enumerate(board.continents()):
        for space in bits(continent):
            continent_of[space] = entry_id
    spaces = []
    for space in bits(grid.full):
        q, r = grid.coords(space)
        pawn = board.pawns.get(space)
        spaces.append(
            {
                "q": q,
                "r": r,
                "value": state.edition.value[space],
                "terrain": TERRAIN[board.level(space)],
                "continent": continent_of.get(space),
                "pawn": {"owner": pawn[0], "level": pawn[1]} if pawn else None,
            }
        )
    return {
        "spaces": spaces,
        "continents": continents(state),
        "discards": [list(d) for d in state.discards],
        "corners": [CORNER_NAMES[c] if c >= 0 else None for c in state.corners],
        "drowned": [dict(d) for d in state.drowned],
        "breakdown": breakdown(state),
    }


def to_json(state: DriftingLandsState) -> JsonDict:
    grid = state.board.grid
    return {
        **state.saved_fields(),
        "land": [list(grid.coords(s)) for s in bits(state.board.land)],
        "mountains": [list(grid.coords(s)) for s in bits(state.board.mountain)],
        "pawns": [[*grid.coords(s), o, lv] for s, (o, lv) in sorted(state.board.pawns.items())],
        "supply": [list(s) for s in state.supply],
        "corners": list(state.corners),
        "hands": [list(h) for h in state.hands],
        "discards": [list(d) for d in state.discards],
        "round": state.round,
        "starter": state.starter,
        "turn": state.turn,
        "phase": state.phase,
        "to_move": state.to_move,
        "card": state.card,
        "split_path": list(state.split_path) if state.split_path else None,
        "expelled": list(state.expelled) if state.expelled else None,
        "breeds_left": state.breeds_left,
        "drowned": [dict(d) for d in state.drowned],
    }


class StateData(SavedState):
    land: list[tuple[int, int]]
    mountains: list[tuple[int, int]]
    pawns: list[tuple[int, int, int, int]]
    supply: list[list[int]]
    corners: list[int]
    hands: list[list[int]]
    discards: list[list[int]]
    round: int
    starter: int
    turn: int
    phase: int
    to_move: int
    card: int
    split_path: tuple[int, int, int] | None
    expelled: tuple[int, int, int] | None
    breeds_left: int
    drowned: list[dict[str, int]]


def from_json(
    state_class: type[DriftingLandsState],
    game: Game[Any],
    edition: DriftingLandsEdition,
    data: JsonDict,
) -> DriftingLandsState:
    saved = read_state_data(game, StateData, data, edition)
    grid = edition.grid
    state = state_class.__new__(state_class)
    state.restore(game, edition, saved)
    state.teams = bool(saved.options["teams"])
    state.board = Board(grid, sum(1 << grid.index(q, r) for q, r in saved.land))
    state.board.mountain = sum(1 << grid.index(q, r) for q, r in saved.mountains)
    state.board.pawns = {grid.index(q, r): (o, lv) for q, r, o, lv in saved.pawns}
    state.supply = [list(s) for s in saved.supply]
    state.corners = list(saved.corners)
    state.hands = [list(h) for h in saved.hands]
    state.discards = [list(d) for d in saved.discards]
    state.round = saved.round
    state.starter = saved.starter
    state.turn = saved.turn
    state.phase = saved.phase
    state.to_move = saved.to_move
    state.card = saved.card
    state.split_path = saved.split_path
    state.expelled = saved.expelled
    state.breeds_left = saved.breeds_left
    state.drowned = [dict(d) for d in saved.drowned]
    state._legal = None
    state._unused = None
    return state
