"""What each player may see of a Land vs Sea game (LS-5), and what a state holds.

A held tile shows its up face to everyone and its down face to its holder (and to anyone
who held it before). The stacks show only their top tiles' up faces. Faces are named in
observations by their content (:meth:`FaceModel.key`), never by tile id, since an id would
tell the other face.

:class:`LandVsSeaFields` declares what a state holds; the rules that set it up and change it
are :class:`~tablelands.games.land_vs_sea.state.LandVsSeaState`'s.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Annotated, Self

from tablelands.core.fields import DERIVED, SHARED
from tablelands.core.game import Breakdowns, JsonDict, ViewedState
from tablelands.core.geometry import bits
from tablelands.core.rng import Rng
from tablelands.core.shared import share
from tablelands.games.land_vs_sea.board import Board, unpack, waypoint_list
from tablelands.games.land_vs_sea.components import (
    ACTION_NAMES,
    ASKS,
    FACE_NAMES,
    LAND,
    OVER,
    PHASE_NAMES,
    SIDE_NAMES,
    START_ID,
    TILE_COUNT,
    TRADE_NAMES,
    VOLCANO_ID,
    Face,
    LandVsSeaEdition,
)
from tablelands.games.land_vs_sea.notation import (
    HOLE,
    NO_STEAL,
    NO_WAYPOINT,
    PLACE_COUNT,
    decode_placement,
)
from tablelands.games.land_vs_sea.scoring import breakdown

#: Quick random deals tried before an exact matching is grown.
QUICK_DEALS = 4


#: The directions in each 6-bit edge mask (drawing a face asks this thousands of times).
_DIRECTIONS = tuple(tuple(d for d in range(6) if mask >> d & 1) for mask in range(64))


def _directions(mask: int) -> list[int]:
    return list(_DIRECTIONS[mask])


def face_json(face: Face) -> JsonDict:
    """What a face shows, edge by edge as it lies (edges are directions 0-5, clockwise from
    north-east): the edge types, the regions with their bonus symbols, mountains, corals,
    caravan or ship, and its action symbol.

    Worked out once per face and shared by every observation that shows it (a map holds
    dozens and observations are many), so it is never changed: ``SeatView`` hands out
    copies."""
    drawing = _FACE_DRAWINGS.get(face)
    if drawing is None:
        drawing = _FACE_DRAWINGS[face] = _draw_face(face)
    return drawing


#: face_json's drawings, by face (a few thousand at most per edition).
_FACE_DRAWINGS: dict[Face, JsonDict] = {}


def _draw_face(face: Face) -> JsonDict:
    return {
        "edges": face.edge_string(),
        "regions": [
            {"type": "land" if t == LAND else "sea", "edges": _directions(edges), "bonus": bonus}
            for t, edges, bonus in zip(
                face.region_types, face.region_edges, face.region_bonus, strict=True
            )
        ],
        "mountains": _directions(face.mountains),
        "corals": _directions(face.corals),
        "trade": TRADE_NAMES[face.trade],
        "action": ACTION_NAMES[face.action],
    }


def tile_name(tile: int, face: int) -> str | int:
    if tile == START_ID:
        return "start"
    if tile == VOLCANO_ID:
        return "volcano" if face == 0 else "whirlpool"
    return tile


def special_name(tile: int, face: int) -> str | None:
    """The name of the start tile or of the Volcano/Whirlpool face, ``None`` for any other
    tile (what a map entry says of it)."""
    name = tile_name(tile, face)
    return name if isinstance(name, str) else None


class LandVsSeaFields(ViewedState):
    """What a Land vs Sea state holds, and what each seat may see of it
    (a copy and the saved JSON follow from these declarations: ``core/fields.py``)."""

    edition: LandVsSeaEdition
    #: The modules played with (LS-9 to LS-11), from the options.
    mountains: Annotated[bool, DERIVED]
    trade: Annotated[bool, DERIVED]
    waypoints: Annotated[bool, DERIVED]
    #: Each seat's side (LAND, SEA or CARTOGRAPHER), from the player count.
    sides: Annotated[tuple[int, ...], DERIVED]
    #: The two stacks, top last: (tile id, up face).
    stacks: list[list[tuple[int, int]]]
    hands: list[list[tuple[int, int]]]
    #: Per seat, a bitmask of the tile ids whose both faces it has seen.
    known: list[int]
    board: Board
    #: Per placement: (tile id, face, rotation, placer seat or -1 for the start tile).
    placed: list[tuple[int, int, int, int]]
    #: Whether the Volcano/Whirlpool is still set aside.
    reserve: bool
    #: Points by side.
    points: list[int]
    #: Every score event so far, in order (each one never changed once made).
    events: list[Annotated[JsonDict, SHARED]]
    #: Per seat, whether its waypoint is at home (LS-11).
    waypoint_home: list[bool]
    phase: int
    to_move: int
    turn_placements: int
    last_face_action: int
    #: The new holes the Volcano/Whirlpool may go in, to choose among (packed positions).
    holes: list[int]
    passes: int
    #: Where the previous turn's and this turn's score events begin in ``events``.
    last_turn_events: int
    turn_events: int

    # -- what each seat may know (LS-5) -------------------------------------------------

    def sees_both_faces(self, player: int, seat: int, tile: int) -> bool:
        """Whether ``player`` knows both faces of ``tile``, held by ``seat``: its own tiles,
        and those it has seen (LS-5)."""
        return seat == player or bool(self.known[player] >> tile & 1)

    def view(self, player: int | None, drawn: bool = True) -> JsonDict:
        """What ``player`` may know (``None``: a spectator, who sees every up face and no
        down face), with what a renderer draws from it (:func:`drawing_fields`) when
        ``drawn``."""
        keys = self.edition.keys

        def held(seat: int, tile: int, up: int) -> JsonDict:
            seen = player is not None and self.sees_both_faces(player, seat, tile)
            return {
                "tile": tile if seen else None,
                "up": keys[tile][up],
                "down": keys[tile][1 - up] if seen else None,
            }

        seen: JsonDict = {
            "game": "land-vs-sea",
            "viewer": player,
            "players": self.num_players,
            "sides": [SIDE_NAMES[s] for s in self.sides],
            "options": dict(self.options),
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.current_player,
            "turn_placements": self.turn_placements,
            "board": [
                {
                    "q": q,
                    "r": r,
                    "face": keys[tile][face],
                    "rotation": rotation,
                    "placer": placer,
                    "special": special_name(tile, face),
                }
                for p, (tile, face, rotation, placer) in zip(
                    self.board.positions, self.placed, strict=True
                )
                for q, r in [unpack(p)]
            ],
            "holes": [list(unpack(h)) for h in self.holes],
            "waypoints": waypoint_list(self.board),
            "waypoint_home": list(self.waypoint_home),
            "hands": [
                [held(seat, tile, up) for tile, up in hand] for seat, hand in enumerate(self.hands)
            ],
            "stacks": [
                {"size": len(s), "top": keys[s[-1][0]][s[-1][1]] if s else None}
                for s in self.stacks
            ],
            "reserve": self.reserve,
            "points": list(self.points),
            "events": [dict(e) for e in self.events],
            "turn_events": [self.last_turn_events, self.turn_events],
            "passes": self.passes,
        }
        return {**seen, **drawing_fields(seen, self.edition)} if drawn else seen

    def redraw_hidden(self, player: int, rng: Rng) -> Self:
        """Redraw the identities of every tile ``player`` has not seen both faces of, keeping every
        face the player can see (held up faces, stack tops, placed faces) as it is."""
        sample = self.clone()
        if self.phase == OVER:
            return sample
        keys = self.edition.keys
        knows = self.known[player]
        # Where the unseen tiles lie, in the order they are dealt (the hands, the stacks, the
        # map): each one's tile and the face it must show (None inside a stack).
        in_hands = [
            (seat, i)
            for seat, hand in enumerate(self.hands)
            if seat != player
            for i, (tile, _) in enumerate(hand)
            if not knows >> tile & 1
        ]
        on_map = [
            i
            for i, (tile, _, _, _) in enumerate(self.placed)
            if START_ID < tile <= TILE_COUNT and not knows >> tile & 1
        ]
        tiles: list[int] = []
        shown: list[str | None] = []
        for seat, i in in_hands:
            tile, up = self.hands[seat][i]
            tiles.append(tile)
            shown.append(keys[tile][up])
        for stack in self.stacks:
            if stack:
                tiles.extend(tile for tile, _ in stack)
                shown.extend([None] * (len(stack) - 1))
                top, up = stack[-1]
                shown.append(keys[top][up])
        for i in on_map:
            tile, face, _, _ = self.placed[i]
            tiles.append(tile)
            shown.append(keys[tile][face])
        drawn = _draw(shown, tiles, keys, self.edition.showing, rng)
        dealt = len(in_hands)
        for (seat, i), held in zip(in_hands, drawn[:dealt], strict=True):
            sample.hands[seat][i] = held
        for s, stack in enumerate(self.stacks):
            sample.stacks[s] = drawn[dealt : dealt + len(stack)]
            dealt += len(stack)
        for i, (tile, face) in zip(on_map, drawn[dealt:], strict=True):
            _, _, rotation, placer = sample.placed[i]
            sample.placed[i] = (tile, face, rotation, placer)
        renamed = dict(zip(tiles, (tile for tile, _ in drawn), strict=True))
        for seat in range(self.num_players):
            if seat != player:
                sample.known[seat] = sum(1 << renamed.get(t, t) for t in bits(self.known[seat]))
        return sample

    def tells_mover_nothing(self, action: int) -> bool:
        """A tile placed from the mover's hand (whose both faces it has seen: it drew or
        took the tile), a waypoint put or not, and stealing nothing: each changes only what
        the mover sees, and what follows (a hole filled from the reserve, the next phase)
        depends on the map and the hands' sizes alone. A draw or a steal shows a tile's
        hidden face."""
        if 0 <= action < PLACE_COUNT:
            return bool(self.known[self.to_move] >> decode_placement(action).tile & 1)
        return action == NO_STEAL or NO_WAYPOINT <= action < HOLE

    # -- records -------------------------------------------------------------------------

    def final_section(self) -> JsonDict:
        tiles = []
        board = self.board
        for order, (position, face, (tile, side, rotation, placer)) in enumerate(
            zip(board.positions, board.faces, self.placed, strict=True)
        ):
            q, r = unpack(position)
            tiles.append(
                {
                    "order": order,
                    "q": q,
                    "r": r,
                    "tile": tile_name(tile, side),
                    "face": FACE_NAMES[side],
                    "rotation": rotation,
                    **face_json(face),
                    "placer": placer if placer >= 0 else None,
                }
            )
        return {
            "tiles": tiles,
            "score_events": [dict(e) for e in self.events],
            "points": {SIDE_NAMES[s]: self.points[s] for s in sorted(set(self.sides))},
            "waypoints": waypoint_list(self.board),
            "unplaced": sorted(t for h in self.hands for t, _ in h)
            + sorted(t for s in self.stacks for t, _ in s),
        }


def _draw(
    shown: list[str | None],
    tiles: list[int],
    keys: dict[int, tuple[str, str]],
    showing: dict[str, tuple[int, ...]],
    rng: Rng,
) -> list[tuple[int, int]]:
    """Deal ``tiles`` at random, one (tile, face) to each place an unseen tile lies, so that
    every place shows its face (``shown``, ``None`` where no face shows).

    A quick random deal usually works; when it runs into a dead end (late in a game, when
    few tiles can show the faces asked for), a matching of faces to tiles is grown by
    augmenting paths in random order, which always finds one when one exists (the real
    deal is one). Only the set of tiles and the faces shown go in, never the real deal."""
    pool = sorted(tiles)
    free = set(pool)
    wanted = [i for i, key in enumerate(shown) if key is not None]
    fitting: dict[str, list[int]] = {}
    fits: dict[int, list[int]] = {}
    for i in wanted:
        key = shown[i]
        assert key is not None
        if key not in fitting:
            fitting[key] = [t for t in showing[key] if t in free]
        fits[i] = fitting[key]
    holder: dict[int, int] | None = None
    for _ in range(QUICK_DEALS):
        holder = _quick_deal(wanted, fits, rng)
        if holder is not None:
            break
    else:
        holder = _matching(wanted, fits, rng)
    drawn: list[tuple[int, int] | None] = [None] * len(shown)
    for i, tile in holder.items():
        key = shown[i]
        drawn[i] = (tile, rng.choice([f for f in (0, 1) if keys[tile][f] == key]))
    dealt = set(holder.values())
    rest = [t for t in pool if t not in dealt]
    rng.shuffle(rest)
    for i, key in enumerate(shown):
        if key is None:
            drawn[i] = (rest.pop(), rng.below(2))
    return [d for d in drawn if d is not None]


def _quick_deal(wanted: list[int], fits: dict[int, list[int]], rng: Rng) -> dict[int, int] | None:
    """Slots in random order, each taking a random fitting tile still free; None on a dead end."""
    order = wanted.copy()
    rng.shuffle(order)
    taken: set[int] = set()
    holder: dict[int, int] = {}
    for i in order:
        candidates = [t for t in fits[i] if t not in taken]
        if not candidates:
            return None
        holder[i] = tile = rng.choice(candidates)
        taken.add(tile)
    return holder


def _matching(wanted: list[int], fits: dict[int, list[int]], rng: Rng) -> dict[int, int]:
    """A tile for every slot by augmenting paths (Kuhn), slots and tiles tried in random order."""
    owner: dict[int, int] = {}  # tile -> slot
    options: dict[int, list[int]] = {}
    for i in wanted:
        options[i] = fits[i].copy()
        rng.shuffle(options[i])

    def place(slot: int, visited: set[int]) -> bool:
        for tile in options[slot]:
            if tile in visited:
                continue
            visited.add(tile)
            if tile not in owner or place(owner[tile], visited):
                owner[tile] = slot
                return True
        return False

    order = wanted.copy()
    rng.shuffle(order)
    for slot in order:
        if not place(slot, set()):
            raise AssertionError("no deal shows every visible face, yet the real one does")
    return {slot: tile for tile, slot in owner.items()}


# -- what an observation shows --------------------------------------------------------------


def standings(seen: JsonDict) -> list[JsonDict]:
    """Points are public: every seat's side, its points so far and where they came from."""
    return breakdown(seen["sides"], seen["points"], seen["events"])


#: The kinds of score events (scoring.py), in words.
KIND_WORDS = {
    "area": "Areas",
    "bonus": "Bonus symbols",
    "range": "Mountain and coral ranges",
    "trade": "Trade contacts",
    "route": "Trade routes",
    "waypoint": "Waypoints returned",
}


def balance_figures(rows: list[JsonDict]) -> list[Breakdowns]:
    """Per seat of a finished game's standings: its side's points by kind of scoring (a kind
    it never scored is left out)."""
    return [
        {"points by kind": {KIND_WORDS[kind]: v for kind, v in row["by_kind"].items()}}
        for row in rows
    ]


def balance_sides(rows: list[JsonDict]) -> list[str]:
    """Each seat's side: Land, Sea or Cartographer."""
    return [row["side"].capitalize() for row in rows]


def printed_face(edition: LandVsSeaEdition, key: str | None, rotation: int = 0) -> JsonDict | None:
    """:func:`face_json` of the face an observation names by ``key``, turned ``rotation``
    sixth-turns clockwise (``None`` for no face)."""
    if key is None:
        return None
    tile, face = edition.by_key[key]
    return face_json(edition.rotated[tile][face][rotation])


@lru_cache(maxsize=256)
def map_faces(
    edition: LandVsSeaEdition, placed: tuple[tuple[str, int], ...]
) -> list[JsonDict | None]:
    """The faces on the map drawn out as placed (:func:`printed_face`), from each one's key
    and rotation: an observation's ``board_faces``, shared as they are (``core/shared.py``)."""
    return [printed_face(edition, key, rotation) for key, rotation in placed]


def drawing_fields(seen: JsonDict, edition: LandVsSeaEdition) -> JsonDict:
    """What an observation adds for drawing (docs/views.md), worked out from the rest of it
    and the public edition alone, so it tells nothing more: every face it names drawn out
    (:func:`face_json`; on the map as placed, in hands and on stacks as printed), the
    standings, the decision to make, and at the end the winners."""
    rows = standings(seen)
    top = max(row["total"] for row in rows)
    placed = tuple((t["face"], t["rotation"]) for t in seen["board"])
    return {
        "board_faces": share(map_faces(edition, placed)),
        "hand_faces": [
            [
                {"up": printed_face(edition, h["up"]), "down": printed_face(edition, h["down"])}
                for h in hand
            ]
            for hand in seen["hands"]
        ],
        "stack_faces": [printed_face(edition, stack["top"]) for stack in seen["stacks"]],
        "standings": rows,
        "asks": ASKS[PHASE_NAMES.index(seen["phase"])],
        "winners": (
            [row["seat"] for row in rows if row["total"] == top]
            if seen["phase"] == "over"
            else None
        ),
    }
