"""What each player may see of a Land vs Sea game (LS-5), and its records and JSON.

A held tile shows its up face to everyone and its down face to its holder (and to anyone
who held it before). The stacks show only their top tiles' up faces. Faces are named in
observations by their content (:meth:`FaceModel.key`), never by tile id, since an id would
tell the other face.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tablelands.core.game import Game, JsonDict, SavedState
from tablelands.core.rng import Rng
from tablelands.core.saved import read_state_data
from tablelands.games.land_vs_sea.board import Board, pack, unpack
from tablelands.games.land_vs_sea.components import (
    ACTION_NAMES,
    FACE_NAMES,
    START_ID,
    TILE_COUNT,
    TRADE_NAMES,
    VOLCANO_ID,
    Face,
    LandVsSeaEdition,
)

if TYPE_CHECKING:
    from tablelands.games.land_vs_sea.state import LandVsSeaState

#: Quick random deals tried before an exact matching is grown.
QUICK_DEALS = 4


def _directions(mask: int) -> list[int]:
    return [d for d in range(6) if mask >> d & 1]


def lowest_edge(face: Face, edge: int) -> int:
    edges = face.region_edges[face.region_of_edge[edge]]
    return (edges & -edges).bit_length() - 1


def waypoint_list(state: LandVsSeaState) -> list[JsonDict]:
    board = state.board
    result = []
    for position, (owner, node) in board.waypoints.items():
        q, r = unpack(position)
        edge = next(d for d in range(6) if board.edge_node[position][d] == node)
        face = board.faces[board.tiles[position]]
        result.append({"q": q, "r": r, "edge": lowest_edge(face, edge), "owner": owner})
    return result


def observation(state: LandVsSeaState, viewer: int) -> JsonDict:
    if not 0 <= viewer < state.num_players:
        raise ValueError(f"there is no seat {viewer} in a {state.num_players}-player game")
    keys = state.edition.keys
    knows = state.known[viewer]

    def held(seat: int, tile: int, up: int) -> JsonDict:
        seen = seat == viewer or bool(knows >> tile & 1)
        return {
            "tile": tile if seen else None,
            "up": keys[tile][up],
            "down": keys[tile][1 - up] if seen else None,
        }

    from tablelands.games.land_vs_sea.state import PHASE_NAMES, SIDE_NAMES

    return {
        "game": "land-vs-sea",
        "viewer": viewer,
        "players": state.num_players,
        "sides": [SIDE_NAMES[s] for s in state.sides],
        "options": dict(state.options),
        "phase": PHASE_NAMES[state.phase],
        "to_move": state.current_player,
        "turn_placements": state.turn_placements,
        "board": [
            {
                "q": unpack(p)[0],
                "r": unpack(p)[1],
                "face": keys[tile][face],
                "rotation": rotation,
                "placer": placer,
                "special": tile_name(tile, face) if tile in (START_ID, VOLCANO_ID) else None,
            }
            for p, (tile, face, rotation, placer) in zip(
                state.board.positions, state.placed, strict=True
            )
        ],
        "holes": [list(unpack(h)) for h in state.holes],
        "waypoints": waypoint_list(state),
        "waypoint_home": list(state.waypoint_home),
        "hands": [
            [held(seat, tile, up) for tile, up in hand] for seat, hand in enumerate(state.hands)
        ],
        "stacks": [
            {"size": len(s), "top": keys[s[-1][0]][s[-1][1]] if s else None} for s in state.stacks
        ],
        "reserve": state.reserve,
        "points": list(state.points),
        "events": [dict(e) for e in state.events],
        "turn_events": [state.last_turn_events, state.turn_events],
        "passes": state.passes,
    }


def redraw_hidden(state: LandVsSeaState, viewer: int, rng: Rng) -> LandVsSeaState:
    """Redraw the identities of every tile ``viewer`` has not seen both faces of, keeping every
    face the viewer can see (held up faces, stack tops, placed faces) as it is."""
    from tablelands.games.land_vs_sea.state import OVER

    sample = state.clone()
    if state.phase == OVER:
        return sample
    keys = state.edition.keys
    knows = state.known[viewer]
    # A slot is where an unseen tile lies; the face it must show, or None inside a stack.
    slots: list[tuple[str, int, int, str | None]] = []
    for seat, hand in enumerate(state.hands):
        for i, (tile, up) in enumerate(hand):
            if seat != viewer and not knows >> tile & 1:
                slots.append(("hand", seat, i, keys[tile][up]))
    for s, stack in enumerate(state.stacks):
        for i, (tile, up) in enumerate(stack):
            slots.append(("stack", s, i, keys[tile][up] if i == len(stack) - 1 else None))
    for i, (tile, face, _, _) in enumerate(state.placed):
        if START_ID < tile <= TILE_COUNT and not knows >> tile & 1:
            slots.append(("placed", i, 0, keys[tile][face]))
    original = [_tile_at(state, slot) for slot in slots]
    drawn = _draw(slots, original, keys, state.edition.showing, rng)
    renamed = dict(zip(original, (tile for tile, _ in drawn), strict=True))
    for slot, (tile, face) in zip(slots, drawn, strict=True):
        kind, a, b, _ = slot
        if kind == "hand":
            sample.hands[a][b] = (tile, face)
        elif kind == "stack":
            sample.stacks[a][b] = (tile, face)
        else:
            _, _, rotation, placer = sample.placed[a]
            sample.placed[a] = (tile, face, rotation, placer)
    for seat in range(state.num_players):
        if seat != viewer:
            sample.known[seat] = sum(
                1 << renamed.get(t, t) for t in range(TILE_COUNT + 2) if state.known[seat] >> t & 1
            )
    return sample


def _tile_at(state: LandVsSeaState, slot: tuple[str, int, int, str | None]) -> int:
    kind, a, b, _ = slot
    if kind == "hand":
        return state.hands[a][b][0]
    if kind == "stack":
        return state.stacks[a][b][0]
    return state.placed[a][0]


def _draw(
    slots: list[tuple[str, int, int, str | None]],
    tiles: list[int],
    keys: dict[int, tuple[str, str]],
    showing: dict[str, tuple[int, ...]],
    rng: Rng,
) -> list[tuple[int, int]]:
    """Deal ``tiles`` to ``slots`` at random so that every slot shows its face.

    A quick random deal usually works; when it runs into a dead end (late in a game, when
    few tiles can show the faces asked for), a matching of faces to tiles is grown by
    augmenting paths in random order, which always finds one when one exists (the real
    deal is one). Only the set of tiles and the faces shown go in, never the real deal."""
    pool = sorted(tiles)
    free = set(pool)
    wanted = [i for i, slot in enumerate(slots) if slot[3] is not None]
    fitting: dict[str, list[int]] = {}
    fits: dict[int, list[int]] = {}
    for i in wanted:
        key = slots[i][3]
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
    drawn: list[tuple[int, int] | None] = [None] * len(slots)
    for i, tile in holder.items():
        key = slots[i][3]
        drawn[i] = (tile, rng.choice([f for f in (0, 1) if keys[tile][f] == key]))
    dealt = set(holder.values())
    rest = [t for t in pool if t not in dealt]
    rng.shuffle(rest)
    for i, slot in enumerate(slots):
        if slot[3] is None:
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


def tile_name(tile: int, face: int) -> str | int:
    if tile == START_ID:
        return "start"
    if tile == VOLCANO_ID:
        return "volcano" if face == 0 else "whirlpool"
    return tile


def final_section(state: LandVsSeaState) -> JsonDict:
    from tablelands.games.land_vs_sea.state import SIDE_NAMES

    tiles = []
    board = state.board
    for order, (position, face, (tile, side, rotation, placer)) in enumerate(
        zip(board.positions, board.faces, state.placed, strict=True)
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
                "edges": face.edge_string(),
                "regions": [
                    {
                        "type": "land" if t == 0 else "sea",
                        "edges": _directions(edges),
                        "bonus": bonus,
                    }
                    for t, edges, bonus in zip(
                        face.region_types, face.region_edges, face.region_bonus, strict=True
                    )
                ],
                "mountains": _directions(face.mountains),
                "corals": _directions(face.corals),
                "trade": TRADE_NAMES[face.trade],
                "action": ACTION_NAMES[face.action],
                "placer": placer if placer >= 0 else None,
            }
        )
    return {
        "tiles": tiles,
        "score_events": [dict(e) for e in state.events],
        "points": {SIDE_NAMES[s]: state.points[s] for s in sorted(set(state.sides))},
        "waypoints": waypoint_list(state),
        "unplaced": sorted(t for h in state.hands for t, _ in h)
        + sorted(t for s in state.stacks for t, _ in s),
    }


def to_json(state: LandVsSeaState) -> JsonDict:
    return {
        **state.saved_fields(),
        "stacks": [[list(t) for t in s] for s in state.stacks],
        "hands": [[list(t) for t in h] for h in state.hands],
        "known": list(state.known),
        "positions": [list(unpack(p)) for p in state.board.positions],
        "placed": [list(p) for p in state.placed],
        "waypoints": waypoint_list(state),
        "reserve": state.reserve,
        "points": list(state.points),
        "events": [dict(e) for e in state.events],
        "waypoint_home": list(state.waypoint_home),
        "phase": state.phase,
        "to_move": state.to_move,
        "turn_placements": state.turn_placements,
        "last_face_action": state.last_face_action,
        "holes": [list(unpack(h)) for h in state.holes],
        "passes": state.passes,
        "turn_events": [state.last_turn_events, state.turn_events],
    }


class StateData(SavedState):
    stacks: list[list[tuple[int, int]]]
    hands: list[list[tuple[int, int]]]
    known: list[int]
    positions: list[tuple[int, int]]
    placed: list[tuple[int, int, int, int]]
    waypoints: list[dict[str, int]]
    reserve: bool
    points: list[int]
    events: list[dict[str, Any]]
    waypoint_home: list[bool]
    phase: int
    to_move: int
    turn_placements: int
    last_face_action: int
    holes: list[tuple[int, int]]
    passes: int
    turn_events: tuple[int, int]


def from_json(
    state_class: type[LandVsSeaState],
    game: Game[Any],
    edition: LandVsSeaEdition,
    data: JsonDict,
) -> LandVsSeaState:
    saved = read_state_data(game, StateData, data, edition)
    from tablelands.games.land_vs_sea.state import SIDES_BY_PLAYERS

    state = state_class.__new__(state_class)
    state.restore(game, edition, saved)
    state.mountains = bool(saved.options["mountains"])
    state.trade = bool(saved.options["trade"])
    state.waypoints = bool(saved.options["waypoints"])
    state.sides = SIDES_BY_PLAYERS[saved.players]
    state.stacks = [[tuple(t) for t in s] for s in saved.stacks]  # type: ignore[misc]
    state.hands = [[tuple(t) for t in h] for h in saved.hands]  # type: ignore[misc]
    state.known = list(saved.known)
    state.board = Board()
    for (q, r), (tile, face, rotation, _) in zip(saved.positions, saved.placed, strict=True):
        state.board.place(pack(q, r), edition.rotated[tile][face][rotation])
    for mark in saved.waypoints:
        position = pack(mark["q"], mark["r"])
        state.board.waypoints[position] = (
            mark["owner"],
            state.board.edge_node[position][mark["edge"]],
        )
    state.placed = [tuple(p) for p in saved.placed]  # type: ignore[misc]
    state.reserve = saved.reserve
    state.points = list(saved.points)
    state.events = [dict(e) for e in saved.events]
    state.waypoint_home = list(saved.waypoint_home)
    state.phase = saved.phase
    state.to_move = saved.to_move
    state.turn_placements = saved.turn_placements
    state.last_face_action = saved.last_face_action
    state.holes = [pack(q, r) for q, r in saved.holes]
    state.passes = saved.passes
    state.last_turn_events, state.turn_events = saved.turn_events
    return state
