"""What each Drifting Lands player may see (DL-8), and what a state holds.

The board, supplies and discard piles are public; a hand is seen by its owner only, until
its cards are played.

:class:`DriftingLandsFields` declares what a state holds; the rules that set it up and
change it are :class:`~tablelands.games.drifting_lands.state.DriftingLandsState`'s.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable, Collection
from functools import lru_cache
from typing import Annotated, Self, TypeVar

from tablelands.core.fields import DERIVED, SHARED
from tablelands.core.game import Breakdowns, JsonDict, ViewedState
from tablelands.core.geometry import HexBitGrid, bits
from tablelands.core.rng import Rng
from tablelands.core.shared import share
from tablelands.games.drifting_lands.board import Board
from tablelands.games.drifting_lands.components import (
    CORNER_NAMES,
    HAND,
    OVER,
    PHASE_NAMES,
    ROUNDS,
    SELECT,
    DriftingLandsEdition,
    asks,
)
from tablelands.games.drifting_lands.scoring import (
    continents,
    public_breakdown,
    public_rows,
    winners,
)

TERRAIN = ("ocean", "plain", "mountain")


class DriftingLandsFields(ViewedState):
    """What a Drifting Lands state holds, and what each seat may see of it
    (a copy and the saved JSON follow from these declarations: ``core/fields.py``)."""

    edition: DriftingLandsEdition
    #: The team variety (4 players): seats 1 and 3 against seats 2 and 4.
    teams: Annotated[bool, DERIVED]
    board: Board
    #: Per seat, the pawns in supply by level (index 0 unused).
    supply: list[list[int]]
    #: Per seat, its corner continent (-1 before it chose one).
    corners: list[int]
    hands: list[list[int]]
    discards: list[list[int]]
    round: int
    #: The seat that starts this round's phases (the marker passes on each round).
    starter: int
    #: The position of the player to move in this phase's seat order.
    turn: int
    phase: int
    to_move: int
    #: The card being played (its id), 0 when none.
    card: int
    #: The split being made: (anchor, first direction, second direction).
    split_path: tuple[int, int, int] | None
    #: The pawn expelled by a move, waiting for its space: (space, owner, level).
    expelled: tuple[int, int, int] | None
    breeds_left: int
    #: The pawns drowned so far, each as it was told (never changed once made).
    drowned: list[Annotated[JsonDict, SHARED]]

    @abstractmethod
    def refresh(self) -> None:
        """Forget what the rules have worked out from the fields, after the fields were set
        other than by ``apply`` (a redrawn world, a state read from JSON)."""

    @abstractmethod
    def hands_redrawn(self, seats: Collection[int]) -> None:
        """:meth:`refresh` after the hands of ``seats`` alone were redrawn (a world drawn
        for another seat): what the rules worked out from the other fields still holds."""

    # -- what each seat may know (DL-8) ----------------------------------------------

    def view(self, player: int | None, drawn: bool = True) -> JsonDict:
        """What ``player`` may know (``None``: a spectator, whose ``hand`` is empty: it sees
        no hand), with what a renderer draws from it (:func:`drawing_fields`) when
        ``drawn``."""
        board = self.board
        seen: JsonDict = {
            "game": "drifting-lands",
            "viewer": player,
            "players": self.num_players,
            "teams": self.teams,
            "round": min(self.round + 1, ROUNDS),
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.current_player,
            "starter": self.starter,
            "land": share(cells_of(board.grid, board.land)),
            "mountains": share(cells_of(board.grid, board.mountain)),
            "pawns": [
                {"q": q, "r": r, "owner": owner, "level": level}
                for space, (owner, level) in sorted(board.pawns.items())
                for q, r in [board.grid.coords(space)]
            ],
            "supply": [s[1:] for s in self.supply],
            "corners": list(self.corners),
            "hand": [] if player is None else sorted(self.hands[player]),
            "hand_sizes": [len(h) for h in self.hands],
            "discards": [list(d) for d in self.discards],
            "card": self.card or None,
            "split_path": list(self.split_path) if self.split_path else None,
            "expelled": list(self.expelled) if self.expelled else None,
            "breeds_left": self.breeds_left,
            "drowned": [dict(d) for d in self.drowned],
        }
        return {**seen, **drawing_fields(seen, self.edition)} if drawn else seen

    def redraw_hidden(self, player: int, rng: Rng) -> Self:
        """Redraw every other player's hand uniformly among the hands it may hold
        (:func:`redraw_hands`)."""

        def draw(cards: list[int], size: int) -> list[int]:
            rng.shuffle(cards)
            return cards[:size]

        return redraw_hands(self, player, draw)

    def tells_mover_nothing(self, action: int) -> bool:
        """Always: what is hidden is the other seats' hands, and the rules read no other
        seat's hand but its size (every action's outcome depends on the map, the mover's
        own cards and what was played)."""
        return True

    # -- records -------------------------------------------------------------------------

    def final_section(self) -> JsonDict:
        board = self.board
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
                    "value": self.edition.value[space],
                    "terrain": TERRAIN[board.level(space)],
                    "continent": continent_of.get(space),
                    "pawn": {"owner": pawn[0], "level": pawn[1]} if pawn else None,
                }
            )
        return {
            "spaces": spaces,
            "continents": continents(board, self.edition, self.num_players),
            "discards": [list(d) for d in self.discards],
            "corners": [CORNER_NAMES[c] if c >= 0 else None for c in self.corners],
            "drowned": [dict(d) for d in self.drowned],
            "breakdown": self.score_breakdown(),
        }


@lru_cache(maxsize=256)
def cells_of(grid: HexBitGrid, spaces: int) -> list[list[int]]:
    """The spaces of the mask ``spaces`` as ``[q, r]``, lowest first: the land or the
    mountains an observation lists, the same for every seat and move until a card changes
    the terrain, so worked out once and shared (``core/shared.py``)."""
    return [list(grid.coords(space)) for space in bits(spaces)]


Fields = TypeVar("Fields", bound=DriftingLandsFields)


def holdable_cards(state: DriftingLandsFields, seat: int) -> list[int]:
    """The cards ``seat`` may hold as far as the other seats can tell (DL-8), lowest first:
    any of its cards neither discarded nor in play, and while it is selecting, only those
    that leave enough higher ones to finish its hand."""
    out = set(state.discards[seat])
    if seat == state.to_move and state.card:
        out.add(state.card)
    cards = [c for c in sorted(state.edition.cards) if c not in out]
    if state.phase == SELECT and seat == state.to_move:
        # Cards are selected in rising order: the hand so far lies below the cards still
        # needed to finish it.
        cards = cards[: len(cards) - (HAND - len(state.hands[seat]))]
    return cards


def redraw_hands(state: Fields, viewer: int, draw: Callable[[list[int], int], list[int]]) -> Fields:
    """A copy of ``state`` in which every other player's hand is ``draw(cards, size)``:
    ``size`` of the ``cards`` it may hold (:func:`holdable_cards`), seat by seat. Every hand
    drawn is one the player could hold; what else is drawn and how is ``draw``'s."""
    sample = state.clone()
    redrawn = []
    for seat in range(state.num_players):
        size = len(state.hands[seat])
        if seat == viewer or not size:
            continue
        sample.hands[seat] = sorted(draw(holdable_cards(state, seat), size))
        redrawn.append(seat)
    sample.hands_redrawn(redrawn)
    return sample


# -- what an observation shows --------------------------------------------------------------


def board_from_observation(seen: JsonDict, edition: DriftingLandsEdition) -> Board:
    """The board an observation shows: land, mountains and pawns."""
    grid = edition.grid
    board = Board(grid, sum(1 << grid.index(q, r) for q, r in seen["land"]))
    board.mountain = sum(1 << grid.index(q, r) for q, r in seen["mountains"])
    board.pawns = {grid.index(p["q"], p["r"]): (p["owner"], p["level"]) for p in seen["pawns"]}
    return board


def standings(seen: JsonDict, edition: DriftingLandsEdition) -> list[JsonDict]:
    """Every seat's score so far as anyone can count it from an observation: a card counts
    as unused until it is played, since hands are hidden."""
    board = board_from_observation(seen, edition)
    return public_breakdown(board, edition, seen["discards"], seen["teams"])


def balance_figures(rows: list[JsonDict]) -> list[Breakdowns]:
    """Per seat of a finished game's standings: its points by source (DL-9) and on how many
    continents it came first and second (a source or place it never had is left out)."""
    result = []
    for row in rows:
        sources = {
            "Continents": row["continents"],
            "Pawn levels": row["pawns"],
            "Unused cards": row["cards"],
        }
        places = {
            "First on a continent": row["continents_first"],
            "Second on a continent": row["continents_second"],
        }
        result.append(
            {
                "points by source": {label: v for label, v in sources.items() if v},
                "continents controlled": {label: v for label, v in places.items() if v},
            }
        )
    return result


def balance_sides(rows: list[JsonDict]) -> list[str] | None:
    """With teams, each seat's team (seats 1 and 3 against 2 and 4); else none."""
    if not rows or "team_total" not in rows[0]:
        return None
    return [f"Seats {row['team'] + 1} and {row['team'] + 3}" for row in rows]


@lru_cache(maxsize=256)
def map_spaces(edition: DriftingLandsEdition, land: int, mountain: int) -> list[JsonDict]:
    """Every space of the map with its terrain and continent, for the ``land`` and
    ``mountain`` layout given as bitboards. Worked out once per layout and shared by every
    observation that shows it (every seat's, until a card changes the terrain), so never
    changed (``core/shared.py``)."""
    grid = edition.grid
    board = Board(grid, land)
    board.mountain = mountain
    numbers = board.continent_numbers()
    spaces = []
    for space in bits(grid.full):
        q, r = grid.coords(space)
        spaces.append(
            {
                "q": q,
                "r": r,
                "value": edition.value[space],
                "terrain": TERRAIN[board.level(space)],
                "continent": numbers[space] if land >> space & 1 else None,
            }
        )
    return spaces


@lru_cache(maxsize=256)
def scores_shown(
    edition: DriftingLandsEdition,
    players: int,
    land: int,
    mountain: int,
    pawns: tuple[tuple[int, tuple[int, int]], ...],
    discards: tuple[tuple[int, ...], ...],
    teams: bool,
) -> tuple[list[JsonDict], list[JsonDict]]:
    """The continents as they would score now (:func:`continents`) and the standings
    (:func:`public_rows`), from the board (its bitboards and pawns by space) and the
    discard piles: all public, so every seat's observation of a move shows the same ones,
    worked out once and shared (``core/shared.py``)."""
    board = Board(edition.grid, land)
    board.mountain = mountain
    board.pawns = dict(pawns)
    table = continents(board, edition, players)
    return table, public_rows(board, edition, [list(cards) for cards in discards], teams, table)


def drawing_fields(seen: JsonDict, edition: DriftingLandsEdition) -> JsonDict:
    """What an observation adds for drawing (docs/views.md), worked out from the rest of it
    and the public edition alone, so it tells nothing more: every space of the map with its
    terrain and continent, the continents as they would score now, the standings, the
    split and the expelled pawn under way by their spaces, the decision to make, and at the
    end the winners."""
    board = board_from_observation(seen, edition)
    grid = board.grid
    phase = PHASE_NAMES.index(seen["phase"])
    table, rows = scores_shown(
        edition,
        seen["players"],
        board.land,
        board.mountain,
        tuple(board.pawns.items()),
        tuple(tuple(cards) for cards in seen["discards"]),
        seen["teams"],
    )
    split, expelled, card = seen["split_path"], seen["expelled"], seen["card"]

    def at(space: int) -> JsonDict:
        q, r = grid.coords(space)
        return {"q": q, "r": r}

    return {
        "spaces": share(map_spaces(edition, board.land, board.mountain)),
        "continents": share(table),
        "standings": share(rows),
        # A split path's second direction is 6 (board.NO_STEP) when it has none.
        "split": None
        if split is None
        else {**at(split[0]), "directions": [d for d in split[1:] if d < 6]},
        "expelled_pawn": None
        if expelled is None
        else {**at(expelled[0]), "owner": expelled[1], "level": expelled[2]},
        "asks": asks(
            phase,
            seen["hand_sizes"][seen["to_move"]] if phase != OVER else 0,
            edition.cards[card][0] if card else None,
        ),
        "winners": winners(rows) if phase == OVER else None,
    }
