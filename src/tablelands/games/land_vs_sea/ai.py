"""What the bots know of Land vs Sea: points so far, plus what the open areas, the growing
ranges and the trade routes on the map and the tiles in hand promise each side.

The search plays no playouts here: every new node is judged at once by the estimate, each
seat's share of a softmax over what its side has and can expect (:func:`worth`), and its
children start from the estimate too (estimate priors).
"""

from __future__ import annotations

from functools import lru_cache

from tablelands.agents.knowledge import GameKnowledge, SearchPlan, shares
from tablelands.games.land_vs_sea.board import STEPS
from tablelands.games.land_vs_sea.components import (
    CARTOGRAPHER,
    LAND,
    NO_TRADE,
    PLAY_AGAIN,
    SEA,
    STEAL,
    Face,
    LandVsSeaEdition,
)
from tablelands.games.land_vs_sea.state import LandVsSeaState

#: The softmax temperature of the estimate, in points.
ESTIMATE_TEMPERATURE = 6.0
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
#: No playouts: the estimate judges every new node, and a node gets all its children at
#: once, each starting from the estimate of where it leads as 8 visits (docs/bots.md).
PLAN = SearchPlan(playout_steps=0, prior_visits=8)


class LandVsSeaKnowledge(GameKnowledge[LandVsSeaState]):
    def plan(self, state: LandVsSeaState) -> SearchPlan:
        return PLAN

    def estimate(self, state: LandVsSeaState) -> list[float]:
        """Each seat's share of a softmax over what each side has and can expect
        (:func:`worth`)."""
        expected = worth(state)
        present = sorted(set(state.sides))
        by_side = dict(
            zip(present, shares([expected[s] for s in present], ESTIMATE_TEMPERATURE), strict=True)
        )
        return [by_side[side] for side in state.sides]

    def evaluate(self, state: LandVsSeaState, player: int) -> float:
        """The points of the player's side less those of the best other side."""
        mine = state.points[state.sides[player]]
        best_other = max(state.points[s] for s in set(state.sides) if s != state.sides[player])
        return float(mine - best_other)


KNOWLEDGE = LandVsSeaKnowledge()


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
    promises = hand_promises(state.edition, state.trade)
    for seat, hand in enumerate(state.hands):
        result[state.sides[seat]] += sum(promises[tile] for tile, _ in hand)
    return result


@lru_cache(maxsize=16)
def hand_promises(edition: LandVsSeaEdition, trade_on: bool) -> dict[int, float]:
    """What holding each tile promises: the better of its two faces (a caravan or ship only
    with the trade module on). Kept per edition: the search asks at every estimate."""
    return {
        tile: max(_face_promise(faces[0], trade_on) for faces in rotated)
        for tile, rotated in edition.rotated.items()
    }


def _face_promise(face: Face, trade_on: bool) -> float:
    trade = TRADE_IN_HAND if trade_on and face.trade != NO_TRADE else 0.0
    return ACTION_IN_HAND.get(face.action, 0.0) + BONUS_IN_HAND * face.bonus + trade
