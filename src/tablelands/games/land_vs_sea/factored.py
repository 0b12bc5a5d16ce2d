"""Land vs Sea's actions for learning (``core/factored.py``). The target is one of the map's
cells as the seat sees them: the tiles in the order they were placed, then the empty cells
next to them in (q, r) order; placements and holes take an empty cell, waypoints the tile
they go on, every other action target 0. The head is what is done there: a tile of the
seat's hand by its slot (the hand's order, as the seat sees it), its printed face and its
turn; a waypoint by the edge the notation names; a draw by its stack; a steal by the other
seat (counted on from the seat to act) and the slot in its hand; or the actions without a
choice (steal none, pass, waypoint none)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache, lru_cache, partial
from itertools import chain

import numpy as np
import numpy.typing as npt

from tablelands.core.encoding import Knowledge, Position
from tablelands.core.factored import Factoring, Indices
from tablelands.games.land_vs_sea.board import STEPS, pack
from tablelands.games.land_vs_sea.components import FACE_NAMES, PLACE, PLACE_AGAIN, TILE_COUNT
from tablelands.games.land_vs_sea.notation import (
    DRAW,
    HOLE,
    NO_STEAL,
    NO_WAYPOINT,
    PASS,
    PLACE_COUNT,
    POSITIONS,
    STEAL,
    WAYPOINT,
)
from tablelands.games.land_vs_sea.state import LandVsSeaState, rotations_fitting

#: Tiles a hand may hold (the steals' slots count to 4 as well).
SLOTS = 4
MAX_SEATS = 4
PLACE_HEADS = SLOTS * 2 * 6
DRAW_HEAD = PLACE_HEADS
STEAL_HEAD = DRAW_HEAD + 2
FIXED_HEADS = {NO_STEAL: STEAL_HEAD + (MAX_SEATS - 1) * SLOTS}
FIXED_HEADS[PASS] = FIXED_HEADS[NO_STEAL] + 1
FIXED_HEADS[NO_WAYPOINT] = FIXED_HEADS[PASS] + 1
WAYPOINT_HEAD = FIXED_HEADS[NO_WAYPOINT] + 1
HOLE_HEAD = WAYPOINT_HEAD + 6
#: Every tile that can lie on the map (the start tile and the Volcano or Whirlpool too),
#: and the most empty cells next to that many: a group of n hexes touches at most 2n + 4.
CELLS = (TILE_COUNT + 2) + 2 * (TILE_COUNT + 2) + 4
#: A placement's number is (tile * 12 + face and turn) * POSITIONS + position.
POSITION_BITS = POSITIONS.bit_length() - 1
POSITION_MASK = POSITIONS - 1
assert POSITIONS == 1 << POSITION_BITS, "positions are read from the low bits"


class LandVsSeaFactoring(Factoring):
    heads = (
        *(
            f"slot {slot + 1} face {FACE_NAMES[face]} turn {rotation}"
            for slot in range(SLOTS)
            for face in (0, 1)
            for rotation in range(6)
        ),
        "draw 1",
        "draw 2",
        *(
            f"steal seat +{ahead} slot {slot + 1}"
            for ahead in range(1, MAX_SEATS)
            for slot in range(SLOTS)
        ),
        "steal none",
        "pass",
        "waypoint none",
        *(f"waypoint edge {edge}" for edge in range(6)),
        "hole",
    )
    targets = CELLS
    target_names = (
        "a cell of the map: the tiles in the order placed, then the empty cells next to "
        "them in (q, r) order"
    )

    def indices(self, knowledge: Knowledge, actions: Sequence[int]) -> Indices:
        viewer: int = knowledge["viewer"]
        players: int = knowledge["players"]
        needs_cells = any(action < PLACE_COUNT or action >= WAYPOINT for action in actions)
        cell = cells(knowledge) if needs_cells else {}
        hand = knowledge["hands"][viewer]
        if len(hand) > SLOTS:
            raise ValueError(f"a hand of {len(hand)} tiles: the factoring has {SLOTS} slots")
        # A tile's placements are 12 blocks of positions (face, turn), one per head of its
        # slot: each block's first index, by the placement's number above the positions.
        first_of = {
            held["tile"] * 12 + face_turn: (slot * 12 + face_turn) * CELLS
            for slot, held in enumerate(hand)
            for face_turn in range(12)
        }

        # Placements are nearly all of a position's actions (about 150): the quick way first.
        return np.array(
            [
                first_of[action >> POSITION_BITS] + cell[action & POSITION_MASK]
                if action < PLACE_COUNT
                else _other_index(action, viewer, players, cell)
                for action in actions
            ],
            dtype=np.intp,
        )

    def quick(self, state: Position) -> tuple[Indices, Callable[[int], int]]:
        """The names read from the state's map and the mover's hand: no knowledge document.
        A placement (LS-6) as the game lists them: the mover's tiles in the hand's order,
        each printed face, each empty cell of the frontier in the order the map met them
        with the turns that fit there."""
        assert isinstance(state, LandVsSeaState)
        board = state.board
        seat = state.current_player
        hand = [tile for tile, _ in state.hands[seat]]
        if state.phase in (PLACE, PLACE_AGAIN) and board.frontier and hand:
            if len(hand) > SLOTS:
                raise ValueError(f"a hand of {len(hand)} tiles: the factoring has {SLOTS} slots")
            frontier = board.frontier
            empty = len(frontier)
            tiles_placed = len(board.positions)
            _check_cells(tiles_placed + empty)
            # Each frontier cell's target: after the tiles, by its rank in (q, r) order.
            at = np.fromiter(frontier, np.intp, empty)
            ranked = at.argsort()
            targets = np.empty(empty, np.intp)
            targets[ranked] = np.arange(tiles_placed, tiles_placed + empty)
            order = [*board.positions, *at[ranked].tolist()]
            known_land = np.fromiter(chain.from_iterable(frontier.values()), np.intp, 2 * empty)
            constraints = known_land[0::2] << 6 | known_land[1::2]
            # As ``indices``: a tile held twice would be named by its last slot.
            slot_of = {tile: slot for slot, tile in enumerate(hand)}
            rotated = state.edition.rotated
            tiles = dict.fromkeys(hand)
            firsts = np.array(
                [(slot_of[tile] * 12 + face * 6) * CELLS for tile in tiles for face in (0, 1)],
                dtype=np.intp,
            )
            lands = tuple(rotated[tile][face][0].land for tile in tiles for face in (0, 1))
            # Row-major: each tile's faces in turn, each frontier cell in the map's order, its
            # fitting turns rising, as the rules list them.
            face, target, rotation = fitting_turns(lands)[:, constraints].nonzero()
            placements = firsts[face] + rotation * CELLS + targets[target]
            if placements.size:
                return placements, partial(_placement, hand, order)
        # A handful of actions (draws, steals, waypoints, holes, a pass): named one by one.
        legal = state.legal_actions()
        needs_cells = any(action >= WAYPOINT for action in legal)
        cell = _numbered(_cells_in_order(state)) if needs_cells else {}
        named = [_other_index(action, seat, state.num_players, cell) for action in legal]
        return np.array(named, dtype=np.intp), dict(zip(named, legal, strict=True)).__getitem__


@cache
def _fitting_turns(land: int) -> npt.NDArray[np.bool_]:
    """:func:`fitting_turns` of one mask."""
    table = np.zeros((64 * 64, 6), dtype=np.bool_)
    for (known, sub), turns in rotations_fitting(land).items():
        table[known << 6 | sub, list(turns)] = True
    return table


@lru_cache(maxsize=512)
def fitting_turns(lands: tuple[int, ...]) -> npt.NDArray[np.bool_]:
    """For printed land masks: by mask, by a frontier cell's constraint ``known << 6 |
    land``, whether each of the 6 turns fits it (:func:`rotations_fitting` as a table)."""
    table = np.stack([_fitting_turns(land) for land in lands])
    table.flags.writeable = False
    return table


def _other_index(action: int, viewer: int, players: int, cell: dict[int, int]) -> int:
    """The index of ``action``, not a placement, for ``viewer`` (the map's cells numbered
    by ``cell``, where the action needs one)."""
    if action < STEAL:
        head, target = DRAW_HEAD + action - DRAW, 0
    elif action < NO_STEAL:
        victim, slot = divmod(action - STEAL, 4)
        ahead = (victim - viewer) % players
        head, target = STEAL_HEAD + (ahead - 1) * SLOTS + slot, 0
    elif action in FIXED_HEADS:
        head, target = FIXED_HEADS[action], 0
    elif action < HOLE:
        position, edge = divmod(action - WAYPOINT, 6)
        head, target = WAYPOINT_HEAD + edge, cell[position]
    else:
        head, target = HOLE_HEAD, cell[action - HOLE]
    return head * CELLS + target


def _cells_in_order(state: LandVsSeaState) -> list[int]:
    """The map's cells, packed, in the order of their target numbers (:func:`cells`): the
    board keeps the empty cells next to its tiles as its frontier."""
    board = state.board
    order = [*board.positions, *sorted(board.frontier)]
    _check_cells(len(order))
    return order


def _check_cells(count: int) -> None:
    if count > CELLS:
        raise ValueError(f"{count} cells: the factoring has {CELLS}")


def _numbered(order: list[int]) -> dict[int, int]:
    return {position: index for index, position in enumerate(order)}


def cells(knowledge: Knowledge) -> dict[int, int]:
    """Each cell's target number, by the game's packed position: the tiles in the order
    placed, then the empty cells next to them in (q, r) order."""
    tiles = [pack(entry["q"], entry["r"]) for entry in knowledge["board"]]
    taken = set(tiles)
    empty = sorted({p + step for p in tiles for step in STEPS} - taken)
    _check_cells(len(tiles) + len(empty))
    return _numbered([*tiles, *empty])


def _placement(hand: list[int], order: list[int], index: int) -> int:
    """The placement ``index`` names for a seat holding the tiles ``hand`` on a map whose
    cells are numbered by ``order`` (their packed positions)."""
    head, target = divmod(index, CELLS)
    slot, face_turn = divmod(head, 12)
    return (hand[slot] * 12 + face_turn) * POSITIONS + order[target]
