"""Drifting Lands' actions for learning (``core/factored.py``). The target is a space of the
map (the edition's space numbers, below 512), the head what is done there: a start by its
corner; a drift or a split by its path (first direction, then the second or none) with the
continent's anchor space as target; the part a split carries away by its place in the
parts offered (the target); a card selected by its number, a card played by its slot in
the seat's hand (lowest first); an orogeny by the direction from the lifted tile to the one
it lifts onto, the lifted tile as target; a move by the seat's pawn (its pawns in space
order) with the space it stops on as target; an expel, breed or evolve with its space."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from tablelands.core.encoding import Knowledge, Position
from tablelands.core.factored import Factoring, Indices
from tablelands.games.drifting_lands.board import NO_STEP
from tablelands.games.drifting_lands.components import (
    CORNER_NAMES,
    HAND,
    PAWN_COUNTS,
    POSITIONS,
    DriftingLandsEdition,
)
from tablelands.games.drifting_lands.notation import (
    BREED,
    DRIFT,
    EVOLVE,
    EXPEL,
    MOVE,
    OROGENY,
    PART,
    PLAY,
    SELECT,
    SPLIT,
    START,
)
from tablelands.games.drifting_lands.view import DriftingLandsFields

STARTS = DRIFT - START
PATHS = 6 * 7
CARD_NUMBERS = PLAY - SELECT
PAWNS = sum(PAWN_COUNTS.values())
DRIFT_HEAD = STARTS
SPLIT_HEAD = DRIFT_HEAD + PATHS
PART_HEAD = SPLIT_HEAD + PATHS
SELECT_HEAD = PART_HEAD + 1
PLAY_HEAD = SELECT_HEAD + CARD_NUMBERS
OROGENY_HEAD = PLAY_HEAD + HAND
MOVE_HEAD = OROGENY_HEAD + 6
EXPEL_HEAD = MOVE_HEAD + PAWNS
SPACE_HEADS = {EXPEL: EXPEL_HEAD, BREED: EXPEL_HEAD + 1, EVOLVE: EXPEL_HEAD + 2}


def _path_name(code: int) -> str:
    first, second = divmod(code, 7)
    return f"{first}" if second == NO_STEP else f"{first},{second}"


class DriftingLandsFactoring(Factoring):
    heads = (
        *(
            f"start {CORNER_NAMES[corner]}" if corner < len(CORNER_NAMES) else f"start {corner}"
            for corner in range(STARTS)
        ),
        *(f"drift >{_path_name(code)}" for code in range(PATHS)),
        *(f"split >{_path_name(code)}" for code in range(PATHS)),
        "part",
        *(f"select card {number}" for number in range(CARD_NUMBERS)),
        *(f"play slot {slot + 1}" for slot in range(HAND)),
        *(f"orogeny toward {direction}" for direction in range(6)),
        *(f"move pawn {pawn + 1}" for pawn in range(PAWNS)),
        "expel",
        "breed",
        "evolve",
    )
    targets = POSITIONS
    target_names = "a space of the map, by the edition's space number"

    def __init__(self, edition: DriftingLandsEdition) -> None:
        self.grid = edition.grid

    def indices(self, knowledge: Knowledge, actions: Sequence[int]) -> Indices:
        grid = self.grid
        viewer = knowledge["viewer"]
        pawns = [grid.index(p["q"], p["r"]) for p in knowledge["pawns"] if p["owner"] == viewer]
        return np.array(self._named(actions, pawns, knowledge["hand"]), dtype=np.intp)

    def quick(self, state: Position) -> tuple[Indices, Callable[[int], int]]:
        """The names read from the mover's own pawns and hand in the state: no knowledge
        document."""
        assert isinstance(state, DriftingLandsFields)
        seat = state.current_player
        legal = state.legal_actions()
        pawns = sorted(space for space, (owner, _) in state.board.pawns.items() if owner == seat)
        named = self._named(legal, pawns, sorted(state.hands[seat]) if seat >= 0 else [])
        return np.array(named, dtype=np.intp), dict(zip(named, legal, strict=True)).__getitem__

    def _named(self, actions: Sequence[int], pawns: list[int], hand: list[int]) -> list[int]:
        """The index of each of ``actions`` for a seat whose pawns stand on ``pawns`` (in
        space order) and whose ``hand`` holds those cards (lowest first)."""
        # About 20 legal actions a position, of many kinds: a loop is quicker than numpy.
        grid = self.grid
        pawn_of = {space: slot for slot, space in enumerate(pawns)}
        slot_of = {card: slot for slot, card in enumerate(hand)}
        found: list[int] = []
        for action in actions:
            if action < DRIFT:
                head, target = action - START, 0
            elif action < PART:
                head, code = (
                    (DRIFT_HEAD, action - DRIFT) if action < SPLIT else (SPLIT_HEAD, action - SPLIT)
                )
                target, path = divmod(code, PATHS)
                head += path
            elif action < SELECT:
                head, target = PART_HEAD, action - PART
                if target >= POSITIONS:
                    raise ValueError(f"part {target + 1}: the factoring has {POSITIONS} parts")
            elif action < PLAY:
                head, target = SELECT_HEAD + action - SELECT, 0
            elif action < OROGENY:
                head, target = PLAY_HEAD + slot_of[action - PLAY], 0
            elif action < MOVE:
                target, onto = divmod(action - OROGENY, POSITIONS)
                head = OROGENY_HEAD + grid.deltas.index(onto - target)
            elif action < EXPEL:
                start, target = divmod(action - MOVE, POSITIONS)
                head = MOVE_HEAD + pawn_of[start]
            else:
                kind = max(base for base in SPACE_HEADS if base <= action)
                head, target = SPACE_HEADS[kind], action - kind
            found.append(head * POSITIONS + target)
        return found
