"""What the search expects of a Land vs Sea position: points so far, plus what the open
areas, the growing ranges and the trade routes on the map and the tiles in hand promise
each side."""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablelands.games.land_vs_sea.board import STEPS
from tablelands.games.land_vs_sea.components import (
    CARTOGRAPHER,
    LAND,
    NO_TRADE,
    PLAY_AGAIN,
    SEA,
    STEAL,
    Face,
)

if TYPE_CHECKING:
    from tablelands.games.land_vs_sea.state import LandVsSeaState

#: An open area promises its tiles, discounted by the open edges still to close.
AREA_WEIGHT = 1.0
#: A range with a mountain (coral) edge facing an empty position may grow and score again.
RANGE_WEIGHT = 0.5
#: A trade route's majority now is likely, not certain, to be its majority at the end.
TRADE_WEIGHT = 0.7
#: A tile in hand promises what its better face shows: an action, bonus symbols, a caravan
#: or ship. Without this, drawing and stealing would be blind choices.
ACTION_IN_HAND = {PLAY_AGAIN: 1.5, STEAL: 0.75}
BONUS_IN_HAND = 0.5
TRADE_IN_HAND = 1.0


def worth(state: LandVsSeaState) -> list[float]:
    """Per side (land, sea, cartographer): the points it has and those it can expect."""
    result = [float(p) for p in state.points]
    board = state.board
    for node, parent in enumerate(board.parent):
        if parent == node and board.area_open[node] > 0:
            promise = board.area_tiles[node].bit_count() / (1 + board.area_open[node])
            result[board.area_type[node]] += AREA_WEIGHT * promise
    three = state.num_players == 3
    if state.mountains:
        tiles = board.tiles
        for kind, side in ((0, LAND), (1, SEA)):
            growing: set[int] = set()
            for index, face in enumerate(board.faces):
                marks = face.corals if kind else face.mountains
                if not marks:
                    continue
                position = board.positions[index]
                if any(marks >> d & 1 and position + STEPS[d] not in tiles for d in range(6)):
                    growing.add(board.range_root(kind, index))
            sizes = board.range_size[kind]
            result[CARTOGRAPHER if three else side] += RANGE_WEIGHT * sum(
                sizes[root] for root in growing
            )
    if state.trade:
        for caravans, ships in board.trade_routes():
            total = caravans + ships
            if caravans != ships:
                result[LAND if caravans > ships else SEA] += TRADE_WEIGHT * total
            elif three:
                result[CARTOGRAPHER] += TRADE_WEIGHT * total
    for seat, hand in enumerate(state.hands):
        result[state.sides[seat]] += sum(in_hand(state, tile) for tile, _ in hand)
    return result


def in_hand(state: LandVsSeaState, tile: int) -> float:
    """What holding ``tile`` promises: the better of its two faces (a caravan or ship only
    with the trade module on)."""
    return max(_face_promise(faces[0], state.trade) for faces in state.edition.rotated[tile])


def _face_promise(face: Face, trade_on: bool) -> float:
    trade = TRADE_IN_HAND if trade_on and face.trade != NO_TRADE else 0.0
    return ACTION_IN_HAND.get(face.action, 0.0) + BONUS_IN_HAND * face.bonus + trade
