"""Drifting Lands rules (basic cards), every expectation worked out from the rulebook and
rulings DL-1..DL-10, on boards built by hand.

Geometry used in the board comments: axial (q, r), pointy-top, directions 0-5 clockwise:
0 NE (+1,-1), 1 E (+1,0), 2 SE (0,+1), 3 SW (-1,+1), 4 W (-1,0), 5 NW (0,-1).
Row r of the packaged map holds q from -(r // 2) to 12 - (r // 2) (even r) or 11 - (r // 2)
(odd r). Space values used below (packaged edition.json, "map.spaces"):

    r=0: q 0..12   1 1 1 2 2 2 2 2 2 2 1 1 1
    r=1: q 0..11   1 1 2 2 2 2 2 2 2 2 1 1
    r=2: q -1..11  1 1 2 2 3 3 3 3 3 2 2 1 1
    r=3: q -1..10  1 2 2 3 3 3 3 3 3 2 2 1
    r=4: q -2..10  1 2 2 3 3 4 4 4 3 3 2 2 1
    r=5: q -2..9   2 2 3 3 4 4 4 4 3 3 2 2
    r=8: q -4..8   1 1 2 2 3 3 3 3 3 2 2 1 1

so e.g. (1,3)=2, (2,3)=3, (3,3)=3, (4,3)=3, (3,2)=3, (4,2)=3, (5,2)=3, (1,4)=3, (2,4)=3,
(3,4)=4, (2,5)=4, (3,5)=4, (6,2)=3, (7,2)=3, (6,3)=3, (1,8)=3, (2,8)=3, (10,0)=1, (11,0)=1,
(10,1)=1.

Basic card points (per species, ids 1-24): drifting 2, ultra drifting 1, splitting 2,
ultra splitting 1, orogeny 1, moving 3, migrating 1, breeding 2, reproducing 0, evolving 2,
mutating 0; the 24 cards add up to 3*2 + 2*1 + 2*2 + 2*1 + 2*1 + 3*3 + 2*1 + 3*2 + 0 + 2*2 + 0
= 37. Each species: five level-1, two level-2, one level-3, one level-4 pawns.
"""

from __future__ import annotations

import pytest

from tablelands.core.errors import IllegalActionError, NotationError
from tablelands.core.geometry import hex_distance
from tablelands.core.rng import Rng
from tablelands.core.view import SeatView
from tablelands.games.drifting_lands import GAME
from tablelands.games.drifting_lands import notation as n
from tablelands.games.drifting_lands.components import POSITIONS
from tablelands.games.drifting_lands.scoring import continents
from tablelands.games.drifting_lands.state import DriftingLandsState

from .helpers import act, blank, cell, give, is_land, pawn, set_board

Cell = tuple[int, int]

ALL_CARD_POINTS = 37
POINTS = {
    **dict.fromkeys(range(1, 4), 2),  # drifting
    **dict.fromkeys(range(4, 6), 1),  # ultra drifting
    **dict.fromkeys(range(6, 8), 2),  # splitting
    **dict.fromkeys(range(8, 10), 1),  # ultra splitting
    **dict.fromkeys(range(10, 12), 1),  # orogeny
    **dict.fromkeys(range(12, 15), 3),  # moving
    **dict.fromkeys(range(15, 17), 1),  # migrating
    **dict.fromkeys(range(17, 20), 2),  # breeding
    **dict.fromkeys(range(20, 22), 0),  # reproducing
    **dict.fromkeys(range(22, 24), 2),  # evolving
    24: 0,  # mutating
}


# ---------------------------------------------------------------------------
# helpers


def legal(state: DriftingLandsState) -> set[str]:
    return {state.format_action(a) for a in state.legal_actions()}


def coords(text: str) -> Cell:
    q, r = text.split(",")
    return int(q), int(r)


def refuse_part(state: DriftingLandsState, text: str) -> None:
    """A part the split being made does not offer has no action number (parts are numbered
    among those offered): the notation refuses it, naming DL-4."""
    with pytest.raises(NotationError, match=r"not one of the \d+ this split offers.*\(DL-4\)"):
        state.parse_action(text)


def refuse_move(state: DriftingLandsState, text: str, reason: str) -> None:
    """The notation reads a move by its start and end, whatever way is written between; the
    rules refuse it (apply and a seat's check alike), naming DL-6 and ``reason``, and leave
    the state as it was."""
    action = state.parse_action(text)
    start, *_, end = (coords(c) for c in text.removeprefix("move ").split(">"))
    assert action == n.MOVE + cell(state, *start) * POSITIONS + cell(state, *end)
    before = state.to_json()
    message = rf"that move is not possible: .*{reason}.*\(DL-6\)"
    with pytest.raises(IllegalActionError, match=message):
        state.apply(action)
    assert state.to_json() == before
    with pytest.raises(IllegalActionError, match=message):
        SeatView(state).check(action)


def move_ends(state: DriftingLandsState, q: int, r: int) -> set[Cell]:
    """Where the legal moves starting at (q, r) end."""
    ends = set()
    for text in legal(state):
        assert text.startswith("move "), text
        path = text.removeprefix("move ").split(">")
        if coords(path[0]) == (q, r):
            ends.add(coords(path[-1]))
    return ends


def targets(state: DriftingLandsState, verb: str) -> set[Cell]:
    """The spaces named by the legal ``breed``/``evolve``/``expel`` actions."""
    found = set()
    for text in legal(state):
        assert text.startswith(verb + " "), text
        found.add(coords(text.removeprefix(verb + " ")))
    return found


def drifts(state: DriftingLandsState, verb: str = "drift") -> set[tuple[Cell, str]]:
    """The legal ``drift``/``split`` actions as (named space, directions)."""
    found = set()
    for text in legal(state):
        assert text.startswith(verb + " "), text
        space, directions = text.removeprefix(verb + " ").split(">")
        found.add((coords(space), directions))
    return found


def shapes(state: DriftingLandsState) -> list[tuple[int, int]]:
    """Every continent as (value, number of tiles), sorted."""
    return sorted(
        (c["value"], c["tiles"]) for c in continents(state.board, state.edition, state.num_players)
    )


def mountain(state: DriftingLandsState, q: int, r: int) -> bool:
    return bool(state.board.mountain >> cell(state, q, r) & 1)


def breakdown(state: DriftingLandsState, seat: int, key: str) -> int:
    value = state.score_breakdown()[seat][key]
    assert isinstance(value, int)
    return value


# ---------------------------------------------------------------------------
# DL-1 / DL-9 values


def test_continent_value_sums_spaces_and_doubles_mountains() -> None:
    # ruling DL-1: a tile is worth its space's value, doubled for a mountain.
    # ruling DL-9: a continent scores the sum of its tiles.
    # A = {(1,4)=3, (2,4)=3, (3,4)=4 mountain} -> 3 + 3 + 2*4 = 14
    # B = {(10,0)=1, (11,0)=1 mountain, (10,1)=1} -> 1 + 2*1 + 1 = 4   ((11,0)-SW->(10,1))
    state = blank()
    land = [(1, 4), (2, 4), (3, 4), (10, 0), (11, 0), (10, 1)]
    set_board(state, land=land, pawns={(2, 4): (0, 3), (10, 1): (1, 3)})
    assert shapes(state) == [(3, 3), (10, 3)]  # all plain: 3+3+4 and 1+1+1
    set_board(
        state,
        land=land,
        mountains=[(3, 4), (11, 0)],
        pawns={(2, 4): (0, 3), (10, 1): (1, 3)},
    )
    assert shapes(state) == [(4, 3), (14, 3)]
    # each seat alone on its continent with level 3 (> 2): full value
    assert breakdown(state, 0, "continents") == 14
    assert breakdown(state, 1, "continents") == 4


# ---------------------------------------------------------------------------
# DL-2 / DL-3 drifting


def test_drift_merges_two_continents_that_come_to_touch() -> None:
    # ruling DL-2: continents that come to touch merge.
    # ruling DL-3: every tile moves one space, with its pawns.
    # A = {(2,3), (3,3)} with seat 0's level-3 pawn on (2,3); B = {(5,3)} (2 spaces from (3,3)).
    # Drift A east: A -> {(3,3), (4,3)}; (4,3) touches (5,3): one continent 3+3+3 = 9.
    state = blank()
    set_board(state, land=[(2, 3), (3, 3), (5, 3)], pawns={(2, 3): (0, 3)})
    assert shapes(state) == [(3, 1), (6, 2)]
    give(state, 0, "drifting")
    act(state, "play drifting", "drift 2,3>1")
    assert not is_land(state, 2, 3)
    assert all(is_land(state, q, 3) for q in (3, 4, 5))
    assert pawn(state, 3, 3) == (0, 3)
    assert pawn(state, 2, 3) is None
    assert shapes(state) == [(9, 3)]
    assert breakdown(state, 0, "continents") == 9


def test_drift_may_not_leave_the_map() -> None:
    # ruling DL-3: every destination must be on the board.
    # A = {(0,0), (1,0)} in the north-west corner: NE -> (1,-1) off, W -> (-1,0) off,
    # NW -> (0,-1) off, SW -> (-1,1) off (row 1 starts at q=0); E and SE stay on the map.
    state = blank()
    set_board(state, land=[(0, 0), (1, 0)], pawns={(0, 0): (0, 1)})
    give(state, 0, "drifting")
    act(state, "play drifting")
    assert {d for _, d in drifts(state)} == {"1", "2"}
    for direction in (0, 3, 4, 5):
        with pytest.raises(IllegalActionError):
            act(state, f"drift 0,0>{direction}")
    act(state, "drift 0,0>2")
    assert is_land(state, 0, 1) and is_land(state, 1, 1)
    assert not is_land(state, 0, 0) and not is_land(state, 1, 0)
    assert pawn(state, 0, 1) == (0, 1)


def test_drift_drowns_ocean_pawns_and_carries_riding_pawns() -> None:
    # ruling DL-3: pawns on the tiles move with them; a pawn in an ocean space that a tile
    # moves onto goes back to its owner's supply.
    # A = {(2,3), (2,4)}: seat 0 L1 rides on (2,3), seat 1 L2 rides on (2,4).
    # Ocean: seat 0 L2 on (3,3), seat 1 L3 on (3,4) (both in A's way east), seat 1 L1 on (5,5).
    state = blank()
    set_board(
        state,
        land=[(2, 3), (2, 4)],
        pawns={
            (2, 3): (0, 1),
            (2, 4): (1, 2),
            (3, 3): (0, 2),
            (3, 4): (1, 3),
            (5, 5): (1, 1),
        },
    )
    assert state.supply[0][1:] == [4, 1, 1, 1]
    assert state.supply[1][1:] == [4, 1, 0, 1]
    give(state, 0, "drifting")
    act(state, "play drifting", "drift 2,3>1")
    assert is_land(state, 3, 3) and is_land(state, 3, 4)
    assert not is_land(state, 2, 3) and not is_land(state, 2, 4)
    assert pawn(state, 3, 3) == (0, 1)
    assert pawn(state, 3, 4) == (1, 2)
    assert pawn(state, 2, 3) is None and pawn(state, 2, 4) is None
    assert pawn(state, 5, 5) == (1, 1)  # not in the way
    assert state.supply[0][1:] == [4, 2, 1, 1]  # the drowned L2 is back
    assert state.supply[1][1:] == [4, 1, 1, 1]  # the drowned L3 is back
    assert len(state.board.pawns) == 3


def test_drift_card_targets_any_continent() -> None:
    # ruling DL-10: Drifting targets any continent, even one without the player's pawn.
    # A = {(2,3)} holds seat 1's pawn only; B = {(6,6)} holds no pawn; seat 0 has an ocean pawn.
    state = blank()
    set_board(state, land=[(2, 3), (6, 6)], pawns={(2, 3): (1, 1), (0, 0): (0, 1)})
    give(state, 0, "drifting")
    act(state, "play drifting")
    named = {space for space, _ in drifts(state)}
    assert named == {(2, 3), (6, 6)}
    assert len(drifts(state)) == 12  # both single tiles have six on-map neighbours
    act(state, "drift 6,6>4")
    assert is_land(state, 5, 6) and not is_land(state, 6, 6)


def drift_round_state(seat0_small: bool) -> DriftingLandsState:
    """Round 1 ends with seat 0 then seat 1 playing their last card; round 2 starts.

    Board: rows 0 and 1 filled with land (25 tiles, one continent) holding seat 0's pawn on
    (3,0): it cannot drift at all (NE/NW leave the map from row 0, W and SW take (0,0) off it,
    E takes (12,0) off it, and SE takes (12,0) to (12,1), off the map since row 1 ends at
    q=11). Seat 1's pawn is on the single tile (5,7). With ``seat0_small`` seat 0 also has a
    pawn on the single tile (2,8).
    """
    state = blank()
    rows01 = [(q, 0) for q in range(13)] + [(q, 1) for q in range(12)]
    land = [*rows01, (5, 7)]
    pawns = {(3, 0): (0, 1), (5, 7): (1, 1)}
    if seat0_small:
        land.append((2, 8))
        pawns[(2, 8)] = (0, 1)
    set_board(state, land=land, pawns=pawns)
    give(state, 1, "mutating")
    give(state, 0, "mutating")
    act(state, "play mutating", "evolve 3,0")
    act(state, "play mutating", "evolve 5,7")
    return state


def test_drifting_phase_skips_a_player_with_no_legal_drift() -> None:
    # ruling DL-3: the drifting phase is mandatory only when a legal drift of a continent with
    # the player's pawn exists. The starting player marker has passed to seat 1 (round 2).
    state = drift_round_state(seat0_small=False)
    assert state.observation(0)["round"] == 2
    assert state.observation(0)["phase"] == "drift"
    assert state.current_player == 1
    # seat 1 must drift its own continent: no pass, not seat 0's continent
    assert drifts(state) == {((5, 7), str(d)) for d in range(6)}
    act(state, "drift 5,7>4")
    # seat 0's only continent cannot move: seat 0 is skipped, selecting begins
    assert state.observation(0)["phase"] == "select"


def test_drifting_phase_is_mandatory_with_a_legal_drift() -> None:
    # ruling DL-3: with a drift available the player must drift, and only a continent with
    # one of its pawns (here the single tile (2,8); the big continent cannot move).
    state = drift_round_state(seat0_small=True)
    assert state.current_player == 1
    act(state, "drift 5,7>4")
    assert state.observation(0)["phase"] == "drift"
    assert state.current_player == 0
    assert drifts(state) == {((2, 8), str(d)) for d in range(6)}
    act(state, "drift 2,8>1")
    assert is_land(state, 3, 8) and pawn(state, 3, 8) == (0, 1)
    assert state.observation(0)["phase"] == "select"


def test_drift_keeps_every_riding_pawn_when_tiles_follow_each_other() -> None:
    # ruling DL-3: line (1,3)-(2,3)-(3,3) with pawns on all three tiles drifts east: each pawn
    # moves one space with its tile (none overwritten); seat 1's ocean L1 on (4,3) drowns.
    state = blank()
    set_board(
        state,
        land=[(1, 3), (2, 3), (3, 3)],
        pawns={(1, 3): (0, 1), (2, 3): (1, 2), (3, 3): (0, 3), (4, 3): (1, 1)},
    )
    give(state, 0, "drifting")
    west = state.clone()
    act(state, "play drifting", "drift 1,3>1")
    assert [pawn(state, q, 3) for q in range(1, 5)] == [None, (0, 1), (1, 2), (0, 3)]
    assert state.supply[1][1] == 5
    # west instead: (4,3) is not in the way and stays
    act(west, "play drifting", "drift 2,3>4")
    assert [pawn(west, q, 3) for q in range(5)] == [(0, 1), (1, 2), (0, 3), None, (1, 1)]
    assert west.supply[1][1] == 4


def test_drifting_phase_order_and_skips_with_three_players() -> None:
    # ruling DL-3: round 2 starts with seat 1 (the marker passed); order 1, 2, 0. Seat 2's only
    # pawn is in the ocean (no continent of its own): skipped. Seat 0 is on (2,8), seat 1 on
    # (5,7), both single tiles with six neighbours on the map.
    state = blank(players=3)
    set_board(state, land=[(2, 8), (5, 7)], pawns={(2, 8): (0, 1), (5, 7): (1, 1), (0, 0): (2, 1)})
    give(state, 2, "evolving")
    give(state, 1, "evolving")
    give(state, 0, "evolving")
    act(state, "play evolving", "evolve 2,8")
    act(state, "play evolving", "evolve 5,7")
    act(state, "play evolving", "evolve 0,0")
    assert state.observation(0)["round"] == 2
    assert state.observation(0)["phase"] == "drift"
    assert state.current_player == 1
    assert drifts(state) == {((5, 7), str(d)) for d in range(6)}
    act(state, "drift 5,7>1")
    assert state.current_player == 0
    assert drifts(state) == {((2, 8), str(d)) for d in range(6)}
    act(state, "drift 2,8>4")
    assert state.observation(0)["phase"] == "select"


# ---------------------------------------------------------------------------
# Ultra Drifting (DL-3, DL-4)


def ultra_board() -> DriftingLandsState:
    # A = {(1,3)} with seat 0's pawn, B = {(3,3)} with seat 1's pawn: 2 apart, not touching.
    state = blank()
    set_board(state, land=[(1, 3), (3, 3)], pawns={(1, 3): (0, 1), (3, 3): (1, 1)})
    give(state, 0, "ultra_drifting")
    act(state, "play ultra_drifting")
    return state


def test_ultra_drifting_two_steps_touching_judged_after_the_last() -> None:
    # ruling DL-4: Ultra moves up to 2 steps in any directions; touching is judged after the
    # last step. E: (1,3)->(2,3) (touches B on the way), then SW: (2,3)->(1,4), 2 from (3,3).
    state = ultra_board()
    act(state, "drift 1,3>1,3")
    assert is_land(state, 1, 4) and not is_land(state, 1, 3) and not is_land(state, 2, 3)
    assert pawn(state, 1, 4) == (0, 1)
    assert shapes(state) == [(3, 1), (3, 1)]  # (1,4)=3 and (3,3)=3 stay apart


def test_ultra_drifting_merges_after_the_last_step() -> None:
    # ruling DL-2 / DL-4: E then NE: (1,3)->(2,3)->(3,2), which touches (3,3) (its SE side).
    state = ultra_board()
    act(state, "drift 1,3>1,0")
    assert shapes(state) == [(6, 2)]  # (3,2)=3 + (3,3)=3


def test_ultra_drifting_never_onto_another_tile() -> None:
    # ruling DL-3 / DL-4: E, E would put (1,3) on (3,3), B's tile.
    state = ultra_board()
    assert ((1, 3), "1,1") not in drifts(state)
    with pytest.raises(IllegalActionError):
        act(state, "drift 1,3>1,1")
    assert is_land(state, 1, 3) and pawn(state, 1, 3) == (0, 1)


def test_ultra_drifting_every_step_stays_on_the_map() -> None:
    # ruling DL-3 / DL-4: every destination, the intermediate one too, is on the board.
    # A = {(-1,3)} (row 3 starts at q=-1). W then SE: (-2,3) is off the map, though (-2,4) is
    # on it (row 4 starts at q=-2); SE then W reaches (-2,4) through (-1,4), on the map.
    state = blank()
    set_board(state, land=[(-1, 3)], pawns={(-1, 3): (0, 1)})
    give(state, 0, "ultra_drifting")
    act(state, "play ultra_drifting")
    with pytest.raises(IllegalActionError):
        act(state, "drift -1,3>4,2")
    act(state, "drift -1,3>2,4")
    assert is_land(state, -2, 4) and pawn(state, -2, 4) == (0, 1)


def test_ultra_splitting_never_steps_onto_the_rest() -> None:
    # ruling DL-4: Ultra cards never move tiles onto another tile, even on the first step.
    # (For a whole continent the first step can never reach another continent's tile - it
    # would have touched it already - so this shows on a split.) Continent (1,3)-(2,3)-(3,3),
    # seat 0 on (1,3). Part {(3,3)} W onto (2,3) (a tile of the rest), then NE to (3,2).
    state = blank()
    set_board(state, land=[(1, 3), (2, 3), (3, 3)], pawns={(1, 3): (0, 1)})
    give(state, 0, "ultra_splitting")
    act(state, "play ultra_splitting")
    act(state, "split 1,3>4,0")
    refuse_part(state, "part 3,3")
    assert all(is_land(state, q, 3) for q in (1, 2, 3))


def test_ultra_splitting_may_pass_beside_the_rest() -> None:
    # ruling DL-4: touching is judged after the last step. Continent {(1,3), (2,3)}, seat 0 on
    # (1,3). Part {(2,3)} NW -> (2,2) (still touching (1,3): (2,2)-SW->(1,3)) then NE ->
    # (3,1), 2 away from (1,3). A single NW step is refused with Splitting.
    state = blank()
    set_board(state, land=[(1, 3), (2, 3)], pawns={(1, 3): (0, 1)})
    give(state, 0, "ultra_splitting", "splitting")
    single = state.clone()
    act(single, "play splitting")
    act(single, "split 1,3>5")
    refuse_part(single, "part 2,3")
    act(state, "play ultra_splitting", "split 1,3>5,0", "part 2,3")
    assert is_land(state, 3, 1) and is_land(state, 1, 3)
    assert not is_land(state, 2, 3) and not is_land(state, 2, 2)
    assert shapes(state) == [(2, 1), (2, 1)]  # (1,3)=2, (3,1)=2


# ---------------------------------------------------------------------------
# DL-4 splitting


def line_board() -> DriftingLandsState:
    # Continent (1,3)-(2,3)-(3,3)-(4,3) = 2+3+3+3 = 11; seat 0 L1 on (1,3), seat 1 L1 on (4,3).
    state = blank()
    set_board(
        state,
        land=[(1, 3), (2, 3), (3, 3), (4, 3)],
        pawns={(1, 3): (0, 1), (4, 3): (1, 1)},
    )
    give(state, 0, "splitting")
    act(state, "play splitting")
    return state


def test_split_moves_the_part_and_leaves_the_rest() -> None:
    # ruling DL-4: part {(3,3), (4,3)} NE -> {(4,2), (5,2)}; the rest {(1,3), (2,3)} stays.
    # (4,2) and (5,2) touch neither (1,3) nor (2,3). Values: rest 2+3 = 5, part 3+3 = 6.
    state = line_board()
    assert shapes(state) == [(11, 4)]
    act(state, "split 1,3>0", "part 3,3 4,3")
    assert is_land(state, 1, 3) and is_land(state, 2, 3)
    assert is_land(state, 4, 2) and is_land(state, 5, 2)
    assert not is_land(state, 3, 3) and not is_land(state, 4, 3)
    assert pawn(state, 1, 3) == (0, 1)  # on the rest: does not move
    assert pawn(state, 5, 2) == (1, 1)  # rode the part
    assert shapes(state) == [(5, 2), (6, 2)]


def test_split_part_must_not_touch_the_rest() -> None:
    # ruling DL-4: part {(4,3)} SW -> (3,4), which touches (3,3) of the rest;
    # part {(3,3), (4,3)} W -> {(2,3), (3,3)}: onto the rest.
    state = line_board()
    trial = state.clone()
    act(trial, "split 1,3>3")
    refuse_part(trial, "part 4,3")
    trial = state.clone()
    act(trial, "split 1,3>4")
    refuse_part(trial, "part 3,3 4,3")
    # the same part E -> (5,3), 2 from (3,3): legal
    act(state, "split 1,3>1", "part 4,3")
    assert shapes(state) == [(3, 1), (8, 3)]  # (5,3)=3; 2+3+3


def test_split_part_must_be_connected() -> None:
    # ruling DL-4: continent {(2,3), (4,3), (2,4), (3,4)}: (2,3)-SE-(2,4)-E-(3,4)-NE-(4,3).
    # Seat 0 on (2,4). Part {(2,3), (4,3)} (not connected) NE -> {(3,2), (5,2)} would touch
    # neither (2,4) nor (3,4), yet is refused. Part {(4,3)} alone NE -> (5,2) is legal.
    state = blank()
    set_board(state, land=[(2, 3), (4, 3), (2, 4), (3, 4)], pawns={(2, 4): (0, 1)})
    give(state, 0, "splitting")
    act(state, "play splitting")
    trial = state.clone()
    act(trial, "split 2,4>0")
    refuse_part(trial, "part 2,3 4,3")
    act(state, "split 2,4>0", "part 4,3")
    assert is_land(state, 5, 2) and not is_land(state, 4, 3)


def test_split_rest_must_be_connected() -> None:
    # ruling DL-4: continent {(1,3), (2,3), (3,3), (2,2)}, seat 0 on (1,3). Part {(2,3), (2,2)}
    # NW, NW -> {(2,1), (2,0)} touches neither (1,3) nor (3,3), but the rest {(1,3), (3,3)}
    # falls apart: refused. Part {(2,2)} NW, NW -> (2,0) leaves a connected rest: legal.
    state = blank()
    set_board(state, land=[(1, 3), (2, 3), (3, 3), (2, 2)], pawns={(1, 3): (0, 1)})
    give(state, 0, "ultra_splitting")
    act(state, "play ultra_splitting")
    trial = state.clone()
    act(trial, "split 1,3>5,5")
    refuse_part(trial, "part 2,3 2,2")
    act(state, "split 1,3>5,5", "part 2,2")
    assert is_land(state, 2, 0) and not is_land(state, 2, 2)
    assert shapes(state) == [(1, 1), (8, 3)]  # (2,0)=1; rest 2+3+3


def test_split_only_a_continent_with_your_pawn_and_two_tiles() -> None:
    # ruling DL-4 / DL-10: seat 0 is on X = {(6,6)} (one tile) and Y = {(1,8), (2,8)};
    # seat 1 is on Z = {(8,2), (9,2)}. Only Y can be split.
    state = blank()
    set_board(
        state,
        land=[(6, 6), (1, 8), (2, 8), (8, 2), (9, 2)],
        pawns={(6, 6): (0, 1), (1, 8): (0, 1), (8, 2): (1, 1)},
    )
    give(state, 0, "splitting")
    act(state, "play splitting")
    assert {space for space, _ in drifts(state, "split")} <= {(1, 8), (2, 8)}
    assert drifts(state, "split")
    with pytest.raises(IllegalActionError):
        act(state, "split 8,2>0")
    with pytest.raises(IllegalActionError):
        act(state, "split 6,6>0")
    act(state, "split 1,8>1", "part 2,8")
    assert is_land(state, 3, 8) and is_land(state, 1, 8) and not is_land(state, 2, 8)


def test_split_every_legal_split_of_a_line() -> None:
    # ruling DL-4: line (1,3)-(2,3)-(3,3)-(4,3) (written 1-2-3-4 by q). Parts whose part and
    # rest are connected: prefixes {1} {1,2} {1,2,3} and suffixes {4} {3,4} {2,3,4}.
    # A part tile q moved NE to (q+1,2) touches (q,3) and (q+1,3); moved E to (q+1,3) touches
    # (q+2,3); moved SE to (q,4) touches (q,3) and (q+1,3): it must not be on or touch a rest
    # tile, so NE/E/SE take exactly the suffixes. Symmetrically SW/W/NW take the prefixes.
    # All destinations (rows 2-4, q 0..5) are on the map.
    state = line_board()
    prefixes = {"part 1,3", "part 1,3 2,3", "part 1,3 2,3 3,3"}
    suffixes = {"part 4,3", "part 3,3 4,3", "part 2,3 3,3 4,3"}
    assert drifts(state, "split") == {((1, 3), str(d)) for d in range(6)}
    for direction in range(6):
        trial = state.clone()
        act(trial, f"split 1,3>{direction}")
        assert legal(trial) == (suffixes if direction < 3 else prefixes), direction


def test_ultra_splitting_every_legal_split_of_two_tiles() -> None:
    # ruling DL-4: continent {(1,3), (2,3)}, seat 0 on (1,3). A part is one tile, the rest the
    # other. With 1 or 2 steps, every space reached must be on the map and not the rest's
    # tile, and the last one must not touch the rest (2 or more away from it).
    state = blank()
    set_board(state, land=[(1, 3), (2, 3)], pawns={(1, 3): (0, 1)})
    give(state, 0, "ultra_splitting")
    act(state, "play ultra_splitting")
    on_map = {(s.q, s.r) for s in state.edition.model.map.spaces}
    steps = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)]
    expected = set()
    for part, rest in (((1, 3), (2, 3)), ((2, 3), (1, 3))):
        for d1, (dq1, dr1) in enumerate(steps):
            mid = (part[0] + dq1, part[1] + dr1)
            if mid not in on_map or mid == rest:
                continue
            if hex_distance(mid, rest) >= 2:
                expected.add((f"{d1}", part))
            for d2, (dq2, dr2) in enumerate(steps):
                end = (mid[0] + dq2, mid[1] + dr2)
                if end in on_map and hex_distance(end, rest) >= 2:
                    expected.add((f"{d1},{d2}", part))
    found = set()
    for space, directions in drifts(state, "split"):
        assert space == (1, 3)
        trial = state.clone()
        act(trial, f"split 1,3>{directions}")
        for text in legal(trial):
            found.add((directions, coords(text.removeprefix("part "))))
    assert found == expected
    assert len(expected) == 44


def test_split_drowns_ocean_pawns_in_the_parts_way() -> None:
    # ruling DL-3 / DL-4: the part drifts like a continent. Line (1,3)-(2,3)-(3,3), seat 0 L1
    # on (1,3) and L2 on (3,3); seat 1 L1 in the ocean on (4,2). Part {(3,3)} NE -> (4,2),
    # which touches neither (1,3) nor (2,3): seat 1's pawn drowns, seat 0's L2 rides.
    state = blank()
    set_board(
        state,
        land=[(1, 3), (2, 3), (3, 3)],
        pawns={(1, 3): (0, 1), (3, 3): (0, 2), (4, 2): (1, 1)},
    )
    give(state, 0, "splitting")
    act(state, "play splitting", "split 1,3>0", "part 3,3")
    assert pawn(state, 4, 2) == (0, 2)
    assert state.supply[1][1] == 5
    assert shapes(state) == [(3, 1), (5, 2)]  # (4,2)=3; (1,3)+(2,3) = 2+3


def test_split_rest_at_the_map_edge_does_not_block_the_part() -> None:
    # ruling DL-4: continent {(9,2), (9,3), (10,3)} ((9,2)-SE-(9,3)-E-(10,3)), seat 0 on
    # (9,3). Part {(9,2)} NE -> (10,1) (row 1 runs to q=11: on the map), whose neighbours
    # (11,0) (11,1) (10,2) (9,2) (9,1) (10,0) hold no rest tile. Legal: the rest does not move,
    # so it does not matter that (10,3) moved NE would be off the map (row 2 ends at q=10).
    # Values: (10,1)=1; rest (9,3)=2 + (10,3)=1 = 3.
    state = blank()
    set_board(state, land=[(9, 2), (9, 3), (10, 3)], pawns={(9, 3): (0, 1)})
    give(state, 0, "splitting")
    act(state, "play splitting")
    assert "0" in {directions for _, directions in drifts(state, "split")}
    act(state, "split 9,3>0", "part 9,2")
    assert is_land(state, 10, 1) and not is_land(state, 9, 2)
    assert is_land(state, 9, 3) and is_land(state, 10, 3)
    assert shapes(state) == [(1, 1), (3, 2)]


def test_ultra_split_part_is_not_blocked_by_where_the_rest_would_go() -> None:
    # ruling DL-4: continent (1,3)-(2,3)-(3,3), seat 0 on (1,3); another continent {(5,1)}.
    # Part {(1,3)} NE, NE: (1,3) -> (2,2) (ocean) -> (3,1), 2 away from (2,3), (3,3) and (5,1).
    # Legal, though (3,3) moved NE, NE would land on (5,1): the rest does not move.
    # Values: (3,1)=2, rest 3+3 = 6, (5,1)=2.
    state = blank()
    set_board(state, land=[(1, 3), (2, 3), (3, 3), (5, 1)], pawns={(1, 3): (0, 1)})
    give(state, 0, "ultra_splitting")
    act(state, "play ultra_splitting")
    assert ((1, 3), "0,0") in drifts(state, "split")
    act(state, "split 1,3>0,0", "part 1,3")
    assert is_land(state, 3, 1) and not is_land(state, 1, 3)
    assert pawn(state, 3, 1) == (0, 1)
    assert shapes(state) == [(2, 1), (2, 1), (6, 2)]


def test_ultra_split_without_the_other_continent() -> None:
    # ruling DL-4: the control for the test above: without (5,1) the same split is played.
    state = blank()
    set_board(state, land=[(1, 3), (2, 3), (3, 3)], pawns={(1, 3): (0, 1)})
    give(state, 0, "ultra_splitting")
    act(state, "play ultra_splitting", "split 1,3>0,0", "part 1,3")
    assert pawn(state, 3, 1) == (0, 1)
    assert shapes(state) == [(2, 1), (6, 2)]


# ---------------------------------------------------------------------------
# DL-5 orogeny


def test_orogeny_lifts_a_tile_onto_its_neighbour() -> None:
    # ruling DL-5: continent (2,3)-(3,3)-(4,3); seat 0 L1 on (2,3) and (4,3), seat 1 L2 on
    # (3,3). Lift (2,3) (touches ocean (2,2)) onto (3,3): (2,3) becomes ocean, (3,3) a mountain,
    # both pawns go back to supply; continent {(3,3) M, (4,3)} = 2*3 + 3 = 9.
    state = blank()
    set_board(
        state,
        land=[(2, 3), (3, 3), (4, 3)],
        pawns={(2, 3): (0, 1), (3, 3): (1, 2), (4, 3): (0, 1)},
    )
    give(state, 0, "orogeny")
    act(state, "play orogeny", "orogeny 2,3>3,3")
    assert not is_land(state, 2, 3)
    assert is_land(state, 3, 3) and mountain(state, 3, 3)
    assert is_land(state, 4, 3) and not mountain(state, 4, 3)
    assert pawn(state, 2, 3) is None and pawn(state, 3, 3) is None
    assert pawn(state, 4, 3) == (0, 1)
    assert state.supply[0][1] == 4
    assert state.supply[1][2] == 2
    assert shapes(state) == [(9, 2)]


def test_orogeny_needs_a_lifted_tile_touching_ocean() -> None:
    # ruling DL-5: a flower: centre (3,3) and its six neighbours (4,2) (4,3) (3,4) (2,4) (2,3)
    # (3,2); seat 0 on (3,3). The centre touches no ocean; (4,3) touches ocean (5,3).
    state = blank()
    flower = [(3, 3), (4, 2), (4, 3), (3, 4), (2, 4), (2, 3), (3, 2)]
    set_board(state, land=flower, pawns={(3, 3): (0, 1)})
    give(state, 0, "orogeny")
    act(state, "play orogeny")
    assert "orogeny 3,3>4,3" not in legal(state)
    assert "orogeny 4,3>3,3" in legal(state)
    with pytest.raises(IllegalActionError):
        act(state, "orogeny 3,3>4,3")


def test_orogeny_board_edge_is_not_ocean() -> None:
    # ruling DL-5: continent {(0,0), (1,0), (0,1)} in the corner, seat 0 on (1,0). (0,0)'s only
    # spaces on the map are (1,0) and (0,1), both land: it cannot be lifted. (1,0) touches
    # ocean (2,0) and (0,1) touches ocean (1,1), (0,2) and (-1,2).
    state = blank()
    set_board(state, land=[(0, 0), (1, 0), (0, 1)], pawns={(1, 0): (0, 1)})
    give(state, 0, "orogeny")
    act(state, "play orogeny")
    assert legal(state) == {
        "orogeny 1,0>0,0",
        "orogeny 1,0>0,1",
        "orogeny 0,1>0,0",
        "orogeny 0,1>1,0",
    }
    with pytest.raises(IllegalActionError):
        act(state, "orogeny 0,0>1,0")


def test_orogeny_only_plain_onto_plain() -> None:
    # ruling DL-5: continent (1,3)-(2,3)-(3,3 M), seat 0 on (1,3): a mountain is not lifted
    # and is not a target; both plains touch ocean.
    state = blank()
    set_board(state, land=[(1, 3), (2, 3), (3, 3)], mountains=[(3, 3)], pawns={(1, 3): (0, 1)})
    give(state, 0, "orogeny")
    act(state, "play orogeny")
    assert legal(state) == {"orogeny 1,3>2,3", "orogeny 2,3>1,3"}


def test_orogeny_can_split_a_continent() -> None:
    # ruling DL-2 / DL-5: line (1,3)-(2,3)-(3,3), seat 0 on (1,3). Lift (2,3) onto (3,3):
    # {(1,3)} = 2 and {(3,3) M} = 6 are two continents.
    state = blank()
    set_board(state, land=[(1, 3), (2, 3), (3, 3)], pawns={(1, 3): (0, 1)})
    give(state, 0, "orogeny")
    act(state, "play orogeny", "orogeny 2,3>3,3")
    assert shapes(state) == [(2, 1), (6, 1)]
    assert pawn(state, 1, 3) == (0, 1)


def test_orogeny_only_on_a_continent_with_your_pawn() -> None:
    # ruling DL-10: seat 1's continent (6,2)-(7,2) cannot be used; seat 0's (1,3)-(2,3) can.
    state = blank()
    set_board(
        state,
        land=[(1, 3), (2, 3), (6, 2), (7, 2)],
        pawns={(1, 3): (0, 1), (6, 2): (1, 1)},
    )
    give(state, 0, "orogeny")
    act(state, "play orogeny")
    assert legal(state) == {"orogeny 1,3>2,3", "orogeny 2,3>1,3"}
    with pytest.raises(IllegalActionError):
        act(state, "orogeny 6,2>7,2")


def test_orogeny_target_must_touch_the_lifted_tile() -> None:
    # ruling DL-5: line (1,3)-(2,3)-(3,3), seat 0 on (2,3): (1,3) and (3,3) do not touch.
    state = blank()
    set_board(state, land=[(1, 3), (2, 3), (3, 3)], pawns={(2, 3): (0, 1)})
    give(state, 0, "orogeny")
    act(state, "play orogeny")
    assert legal(state) == {
        "orogeny 1,3>2,3",
        "orogeny 2,3>1,3",
        "orogeny 2,3>3,3",
        "orogeny 3,3>2,3",
    }
    with pytest.raises(IllegalActionError):
        act(state, "orogeny 1,3>3,3")


# ---------------------------------------------------------------------------
# DL-6 moving


def test_move_ocean_to_mountain_costs_three() -> None:
    # ruling DL-6: mountains (3,3), (4,3); seat 0 L1 in the ocean on (2,3).
    # (3,3): one step ocean -> mountain = 3. (4,3): via (3,3) 3 + 1 = 4; from any ocean
    # neighbour 3 + at least 1 to get there = 4. Moving (3 points) reaches (3,3) only;
    # Migrating (5) reaches (4,3) too.
    state = blank()
    set_board(state, land=[(3, 3), (4, 3)], mountains=[(3, 3), (4, 3)], pawns={(2, 3): (0, 1)})
    give(state, 0, "moving", "migrating")
    migrating = state.clone()
    act(state, "play moving")
    assert (3, 3) in move_ends(state, 2, 3)
    assert (4, 3) not in move_ends(state, 2, 3)
    refuse_move(state, "move 2,3>3,3>4,3", r"from 2,3 to 4,3 costs 4 points .*; the card gives 3")
    act(state, "move 2,3>3,3")
    assert pawn(state, 3, 3) == (0, 1) and pawn(state, 2, 3) is None
    act(migrating, "play migrating")
    assert (4, 3) in move_ends(migrating, 2, 3)
    act(migrating, "move 2,3>3,3>4,3")
    assert pawn(migrating, 4, 3) == (0, 1)


def test_move_plain_to_mountain_costs_two() -> None:
    # ruling DL-6: plains (1,3), (2,3), mountains (3,3), (4,3); seat 0 L1 on (1,3).
    # (3,3): 1 (plain) + 2 (plain -> mountain) = 3. (4,3): 1 + 2 + 1 = 4, and from the ocean
    # at least 1 + 3: out of Moving's reach.
    state = blank()
    set_board(
        state,
        land=[(1, 3), (2, 3), (3, 3), (4, 3)],
        mountains=[(3, 3), (4, 3)],
        pawns={(1, 3): (0, 1)},
    )
    give(state, 0, "moving")
    act(state, "play moving")
    ends = move_ends(state, 1, 3)
    assert (2, 3) in ends and (3, 3) in ends
    assert (4, 3) not in ends
    act(state, "move 1,3>2,3>3,3")
    assert pawn(state, 3, 3) == (0, 1)


def test_move_passes_own_pawns_but_does_not_stop_on_them() -> None:
    # ruling DL-6: all ocean. Seat 0 L1 on (0,0) and on (1,0); seat 1 L2 on (0,1) (higher:
    # neither passed nor taken). (0,0) can only go through (1,0): step 2 (2,0), (1,1); step 3
    # (3,0), (2,1) from (2,0) and (2,1), (1,2), (0,2) from (1,1).
    state = blank()
    set_board(state, land=[], pawns={(0, 0): (0, 1), (1, 0): (0, 1), (0, 1): (1, 2)})
    give(state, 0, "moving")
    act(state, "play moving")
    assert move_ends(state, 0, 0) == {(2, 0), (1, 1), (3, 0), (2, 1), (1, 2), (0, 2)}
    refuse_move(state, "move 0,0>1,0", r"1,0 holds your own pawn: .* not stop on one")
    act(state, "move 0,0>1,0>2,0")
    assert pawn(state, 2, 0) == (0, 1) and pawn(state, 1, 0) == (0, 1)
    assert pawn(state, 0, 0) is None


def test_move_never_passes_another_players_pawn() -> None:
    # ruling DL-6: seat 0 L2 on (0,0); seat 1 L1 on (1,0) and (0,1), (0,0)'s only neighbours.
    # Seat 0 may end on either (lower level) but go no further.
    state = blank()
    set_board(state, land=[], pawns={(0, 0): (0, 2), (1, 0): (1, 1), (0, 1): (1, 1)})
    give(state, 0, "moving")
    act(state, "play moving")
    assert move_ends(state, 0, 0) == {(1, 0), (0, 1)}
    refuse_move(state, "move 0,0>1,0>2,0", r"no way .* never passes another player's pawn")


def test_move_expels_a_lower_pawn_to_a_space_of_the_movers_choice() -> None:
    # ruling DL-6: seat 0 L2 on (0,0) (ocean); seat 1 L1 on (1,0) and (0,1); (2,0) mountain
    # and (1,1) plain. Moving onto (1,0): its neighbours on the map are (2,0), (1,1), (0,1)
    # (taken) and (0,0), the mover's start, which counts as empty. Terrain is ignored.
    state = blank()
    set_board(
        state,
        land=[(2, 0), (1, 1)],
        mountains=[(2, 0)],
        pawns={(0, 0): (0, 2), (1, 0): (1, 1), (0, 1): (1, 1)},
    )
    give(state, 0, "moving")
    act(state, "play moving", "move 0,0>1,0")
    assert targets(state, "expel") == {(2, 0), (1, 1), (0, 0)}
    with pytest.raises(IllegalActionError):
        act(state.clone(), "expel 0,1")
    onto_mountain = state.clone()
    act(state, "expel 0,0")
    assert pawn(state, 1, 0) == (0, 2)
    assert pawn(state, 0, 0) == (1, 1)
    assert pawn(state, 0, 1) == (1, 1)
    act(onto_mountain, "expel 2,0")
    assert pawn(onto_mountain, 2, 0) == (1, 1)
    assert pawn(onto_mountain, 0, 0) is None


def test_move_removes_an_expelled_pawn_with_nowhere_to_go() -> None:
    # ruling DL-6: all ocean. Seat 0 L2 on (2,0) and L1 on (1,0); seat 1 L1 on (0,0) and (0,1).
    # Seat 0 moves (2,0) > (1,0) (own, passed) > (0,0): (0,0)'s neighbours (1,0) and (0,1)
    # are taken and the start (2,0) does not touch it, so the pawn goes back to supply.
    state = blank()
    set_board(
        state,
        land=[],
        pawns={(2, 0): (0, 2), (1, 0): (0, 1), (0, 0): (1, 1), (0, 1): (1, 1)},
    )
    give(state, 0, "moving")
    assert state.supply[1][1] == 3
    act(state, "play moving", "move 2,0>1,0>0,0")
    assert pawn(state, 0, 0) == (0, 2)
    assert pawn(state, 2, 0) is None
    assert pawn(state, 1, 0) == (0, 1)
    assert pawn(state, 0, 1) == (1, 1)
    assert state.supply[1][1] == 4
    assert len(state.board.pawns) == 3


def test_move_never_ends_on_an_equal_or_higher_pawn() -> None:
    # ruling DL-6: seat 0 L2 on (5,5); seat 1 L2 on (6,5), L3 on (5,6), L1 on (4,5).
    state = blank()
    set_board(
        state,
        land=[],
        pawns={(5, 5): (0, 2), (6, 5): (1, 2), (5, 6): (1, 3), (4, 5): (1, 1)},
    )
    give(state, 0, "moving")
    act(state, "play moving")
    ends = move_ends(state, 5, 5)
    assert (4, 5) in ends
    assert (6, 5) not in ends and (5, 6) not in ends
    refuse_move(state, "move 5,5>6,5", r"level-2 pawn of player 2: your level-2 pawn stops only")
    refuse_move(state, "move 5,5>5,6", r"level-3 pawn of player 2: your level-2 pawn stops only")


def test_moving_spends_three_points_and_migrating_five() -> None:
    # ruling DL-6: all ocean, seat 0 L1 on (5,5), every step costs 1. Moving reaches the 36
    # spaces 1-3 away (all on the map: rows 2..8, q within range). Migrating reaches every
    # space of the map 1-5 away, e.g. (5,0) and (10,0) (5 away) but not (11,0) (6 away).
    state = blank()
    set_board(state, land=[], pawns={(5, 5): (0, 1)})
    give(state, 0, "moving", "migrating")
    migrating = state.clone()
    act(state, "play moving")
    ends = move_ends(state, 5, 5)
    assert len(ends) == 36
    assert all(1 <= hex_distance((5, 5), end) <= 3 for end in ends)
    act(migrating, "play migrating")
    spaces = {(s.q, s.r) for s in migrating.edition.model.map.spaces}
    within_five = {c for c in spaces if 1 <= hex_distance((5, 5), c) <= 5}
    assert move_ends(migrating, 5, 5) == within_five
    assert {(5, 0), (10, 0)} <= within_five and (11, 0) not in within_five
    act(migrating, "move 5,5>5,0")
    assert pawn(migrating, 5, 0) == (0, 1)


def test_move_ocean_to_plain_costs_two() -> None:
    # ruling DL-6: plains (2,3), (3,3), (4,3); seat 0 L1 in the ocean on (1,3).
    # (2,3): 2; (3,3): 2 + 1 = 3; (4,3): 2 + 1 + 1 = 4, or from the ocean: (3,4) and (4,2)
    # are 2 and 3 away through the ocean, + 2 = 4 or more: out of Moving's reach.
    state = blank()
    set_board(state, land=[(2, 3), (3, 3), (4, 3)], pawns={(1, 3): (0, 1)})
    give(state, 0, "moving")
    act(state, "play moving")
    ends = move_ends(state, 1, 3)
    assert {(2, 3), (3, 3)} <= ends
    assert (4, 3) not in ends


# ---------------------------------------------------------------------------
# DL-7 breeding and evolving


def test_breeding_on_any_empty_space_touching_your_pawn() -> None:
    # ruling DL-7: (3,3) plain, (4,3) mountain; seat 0 L1 on (3,3), seat 1 L1 on (2,3).
    # (3,3)'s neighbours: (4,2) ocean, (4,3) mountain, (3,4), (2,4) ocean, (2,3) taken,
    # (3,2) ocean.
    state = blank()
    set_board(
        state,
        land=[(3, 3), (4, 3)],
        mountains=[(4, 3)],
        pawns={(3, 3): (0, 1), (2, 3): (1, 1)},
    )
    give(state, 0, "breeding")
    act(state, "play breeding")
    assert targets(state, "breed") == {(4, 2), (4, 3), (3, 4), (2, 4), (3, 2)}
    act(state, "breed 4,3")
    assert pawn(state, 4, 3) == (0, 1)
    assert state.supply[0][1] == 3


def test_breeding_becomes_evolving_without_a_level_one_pawn() -> None:
    # ruling DL-7: all five of seat 0's level-1 pawns are on the board.
    row = [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]
    state = blank()
    set_board(state, land=[], pawns=dict.fromkeys(row, (0, 1)))
    assert state.supply[0][1] == 0
    give(state, 0, "breeding")
    act(state, "play breeding")
    assert targets(state, "evolve") == set(row)
    act(state, "evolve 1,1")
    assert pawn(state, 1, 1) == (0, 2)
    assert state.supply[0][1] == 1 and state.supply[0][2] == 1


def test_breeding_does_nothing_with_no_empty_space() -> None:
    # ruling DL-7 / DL-10: seat 0 L1 on (0,0); seat 1 on (1,0) and (0,1), its only neighbours.
    # A level-1 pawn is in supply, so no Evolving either: the card is played and does nothing.
    state = blank()
    set_board(state, land=[], pawns={(0, 0): (0, 1), (1, 0): (1, 1), (0, 1): (1, 1)})
    give(state, 1, "moving")
    [card] = give(state, 0, "breeding")
    act(state, "play breeding")
    assert state.hands[0] == [] and card in state.discards[0]
    assert pawn(state, 0, 0) == (0, 1)
    assert state.supply[0][1:] == [4, 2, 1, 1]
    assert len(state.board.pawns) == 3
    assert state.current_player == 1


def test_reproducing_breeds_twice_and_may_touch_the_first() -> None:
    # ruling DL-7: seat 0 L1 on (0,0); seat 1 on (0,1). First breed: only (1,0). Second:
    # beside (0,0) or (1,0): (2,0) and (1,1) ((2,-1), (1,-1) are off the map).
    state = blank()
    set_board(state, land=[], pawns={(0, 0): (0, 1), (0, 1): (1, 1)})
    give(state, 0, "reproducing")
    act(state, "play reproducing")
    assert targets(state, "breed") == {(1, 0)}
    act(state, "breed 1,0")
    assert targets(state, "breed") == {(2, 0), (1, 1)}
    act(state, "breed 2,0")
    assert pawn(state, 1, 0) == (0, 1) and pawn(state, 2, 0) == (0, 1)
    assert state.supply[0][1] == 2


def test_reproducing_second_breed_becomes_evolving() -> None:
    # ruling DL-7: seat 0 has 4 level-1 pawns on the board, one in supply. The first breed uses
    # it; the second, with no level-1 pawn left, becomes Evolving (any of seat 0's L1 pawns).
    state = blank()
    row = [(1, 1), (3, 1), (5, 1), (7, 1)]
    set_board(state, land=[], pawns=dict.fromkeys(row, (0, 1)))
    give(state, 0, "reproducing")
    act(state, "play reproducing", "breed 1,0")
    assert state.supply[0][1] == 0
    assert targets(state, "evolve") == {*row, (1, 0)}
    act(state, "evolve 7,1")
    assert pawn(state, 7, 1) == (0, 2)
    assert state.supply[0][1:] == [1, 1, 1, 1]


def test_reproducing_second_breed_without_space_does_nothing() -> None:
    # ruling DL-7: seat 0 L1 on (0,0); seat 1 on (0,1), (1,1), (2,0). First breed: (1,0).
    # Then every space touching (0,0) or (1,0) is taken: a level-1 pawn is in supply, so the
    # second breed does nothing (no Evolving).
    state = blank()
    set_board(
        state,
        land=[],
        pawns={(0, 0): (0, 1), (0, 1): (1, 1), (1, 1): (1, 1), (2, 0): (1, 1)},
    )
    give(state, 1, "moving")
    give(state, 0, "reproducing")
    act(state, "play reproducing", "breed 1,0")
    assert state.current_player == 1
    assert state.hands[0] == []
    assert pawn(state, 0, 0) == (0, 1) and pawn(state, 1, 0) == (0, 1)
    assert state.supply[0][1:] == [3, 2, 1, 1]


def test_evolving_swaps_for_the_next_level() -> None:
    # ruling DL-7: the old pawn goes back to supply.
    state = blank()
    set_board(state, land=[], pawns={(3, 3): (0, 1)})
    give(state, 0, "evolving")
    act(state, "play evolving", "evolve 3,3")
    assert pawn(state, 3, 3) == (0, 2)
    assert state.supply[0][1:] == [5, 1, 1, 1]


def test_evolving_limited_by_supply_and_level_four() -> None:
    # ruling DL-7: seat 0 has L1 (1,1), both L2 (2,1) (3,1), L4 (4,1). No L2 left for the L1;
    # the L4 cannot evolve; each L2 may become the L3.
    state = blank()
    set_board(
        state,
        land=[],
        pawns={(1, 1): (0, 1), (2, 1): (0, 2), (3, 1): (0, 2), (4, 1): (0, 4)},
    )
    give(state, 0, "evolving")
    act(state, "play evolving")
    assert targets(state, "evolve") == {(2, 1), (3, 1)}
    for space in ("1,1", "4,1"):
        with pytest.raises(IllegalActionError):
            act(state.clone(), f"evolve {space}")
    act(state, "evolve 3,1")
    assert pawn(state, 3, 1) == (0, 3)
    assert state.supply[0][1:] == [4, 1, 0, 0]


def test_mutating_adds_two_levels() -> None:
    # ruling DL-7: seat 0 L1 (1,1), L2 (2,1), L3 (3,1): the L3 is on the board, so the L1
    # cannot become L3; the L2 becomes the L4; the L3 has no level 5.
    state = blank()
    set_board(state, land=[], pawns={(1, 1): (0, 1), (2, 1): (0, 2), (3, 1): (0, 3)})
    give(state, 0, "mutating")
    act(state, "play mutating")
    assert targets(state, "evolve") == {(2, 1)}
    act(state, "evolve 2,1")
    assert pawn(state, 2, 1) == (0, 4)
    assert state.supply[0][1:] == [4, 2, 0, 0]
    # a lone L1 becomes the L3
    alone = blank()
    set_board(alone, land=[], pawns={(1, 1): (0, 1)})
    give(alone, 0, "mutating")
    act(alone, "play mutating", "evolve 1,1")
    assert pawn(alone, 1, 1) == (0, 3)
    assert alone.supply[0][1:] == [5, 2, 0, 1]


# ---------------------------------------------------------------------------
# DL-8 hidden selection


def selecting_state() -> DriftingLandsState:
    state = GAME.new_state(players=2, seed=0)
    act(state, "start 1", "start 3")
    drift = sorted(legal(state))[0]
    act(state, drift)
    act(state, sorted(legal(state))[0])
    assert state.observation(0)["phase"] == "select"
    assert state.current_player == 0
    return state


def test_selection_is_hidden_from_other_players() -> None:
    # ruling DL-8: two different selections by seat 0 look the same to seat 1, while
    # selecting and in the playing phase before the cards are played.
    first = selecting_state()
    second = first.clone()
    act(first, "select 1", "select 4", "select 6", "select 8")
    act(second, "select 12", "select 13", "select 14", "select 15")
    assert first.hands[0] != second.hands[0]
    assert first.observation(1) == second.observation(1)
    assert first.current_player == 1
    act(first, "select 17", "select 18", "select 19", "select 20")
    act(second, "select 17", "select 18", "select 19", "select 20")
    obs_first, obs_second = first.observation(1), second.observation(1)
    assert obs_first["phase"] == "play"
    assert obs_first["hand"] == [17, 18, 19, 20]
    assert obs_first == obs_second
    # the owner sees its own hand
    assert first.observation(0)["hand"] == [1, 4, 6, 8]
    # discard piles are public
    act(first, "play 1")
    while first.current_player == 0 and first.observation(0)["phase"] == "effect":
        act(first, sorted(legal(first))[0])
    assert 1 in first.observation(1)["discards"][0]


def test_sample_hidden_keeps_the_viewers_observation() -> None:
    # ruling DL-8: redrawing what seat 1 cannot see leaves seat 1's observation unchanged.
    state = selecting_state()
    act(state, "select 12", "select 13", "select 14", "select 15", "select 17")
    seen = state.observation(1)
    for seed in range(1, 6):
        sample = state.sample_hidden(1, Rng(seed))
        assert sample.observation(1) == seen
        assert sample.hands[1] == [17]
    assert state.observation(1) == seen


# ---------------------------------------------------------------------------
# DL-9 scoring


def test_scoring_ties_and_sole_holders_three_players() -> None:
    # ruling DL-9, three players (no 2-player rule).
    # C1 = {(2,4)=3, (3,4)=4, (2,5)=4, (3,5)=4} = 15: seat 0 L2; seat 1 L1+L1 (= 2); seat 2 L1.
    #   Tie for first (2, 2): 15 // 2 = 7 each; no second place, seat 2 scores 0.
    # C2 = {(6,2)=3, (7,2)=3, (6,3)=3} = 9: seat 0 L3 first (9); seats 1, 2 L1 tie for second:
    #   9 // 2 = 4, split 4 // 2 = 2 each.
    # C3 = {(1,8)=3, (2,8)=3} = 6: seat 2 L1 alone: 6.
    # Seat 1 L3 in the ocean on (5,9): no continent, 3 pawn points.
    # Continents 7+9=16 / 7+2=9 / 2+6=8; pawns 2+3=5 / 1+1+1+3=6 / 1+1+1=3; cards 37 each.
    state = blank(players=3)
    set_board(
        state,
        land=[(2, 4), (3, 4), (2, 5), (3, 5), (6, 2), (7, 2), (6, 3), (1, 8), (2, 8)],
        pawns={
            (2, 4): (0, 2),
            (3, 4): (1, 1),
            (2, 5): (1, 1),
            (3, 5): (2, 1),
            (6, 2): (0, 3),
            (7, 2): (1, 1),
            (6, 3): (2, 1),
            (1, 8): (2, 1),
            (5, 9): (1, 3),
        },
    )
    assert shapes(state) == [(6, 2), (9, 3), (15, 4)]
    rows = state.score_breakdown()
    assert [row["continents"] for row in rows] == [16, 9, 8]
    assert [row["pawns"] for row in rows] == [5, 6, 3]
    assert [row["cards"] for row in rows] == [ALL_CARD_POINTS] * 3
    assert [row["pawns_on_board"] for row in rows] == [2, 4, 3]
    assert [row["total"] for row in rows] == [58, 52, 48]
    assert state.scores() == [58, 52, 48]
    assert state.winners() == [0]


def test_scoring_two_players_need_a_total_level_above_two() -> None:
    # ruling DL-9, 2 players: a total level of 2 or less wins nothing from a continent.
    # C1 = {(2,4)=3, (3,4)=4} = 7: seat 0 L3 first (7); seat 1 L2 second but only level 2: 0.
    # C2 = {(6,2), (7,2), (6,3)} = 9: seat 0 L4 first (9); seat 1 L3 second: 9 // 2 = 4.
    # C3 = {(1,8), (2,8)} = 6: seat 0 L1 + L1 = 2 alone: nothing.
    state = blank()
    set_board(
        state,
        land=[(2, 4), (3, 4), (6, 2), (7, 2), (6, 3), (1, 8), (2, 8)],
        pawns={
            (2, 4): (0, 3),
            (3, 4): (1, 2),
            (6, 2): (0, 4),
            (7, 2): (1, 3),
            (1, 8): (0, 1),
            (2, 8): (0, 1),
        },
    )
    rows = state.score_breakdown()
    assert [row["continents"] for row in rows] == [16, 4]
    assert [row["pawns"] for row in rows] == [9, 5]


def test_scoring_two_player_tie_for_first_splits_and_gives_no_second() -> None:
    # ruling DL-9: C1 = {(2,4)=3, (3,4)=4} = 7; seat 0 L3, seat 1 L3: 7 // 2 = 3 each.
    state = blank()
    set_board(state, land=[(2, 4), (3, 4)], pawns={(2, 4): (0, 3), (3, 4): (1, 3)})
    rows = state.score_breakdown()
    assert [row["continents"] for row in rows] == [3, 3]


def test_scoring_pawns_in_the_ocean_count_their_level() -> None:
    # ruling DL-9: pawns by level, wherever they stand.
    state = blank()
    set_board(state, land=[], pawns={(0, 0): (0, 4), (5, 5): (0, 2), (6, 9): (1, 1)})
    rows = state.score_breakdown()
    assert [row["pawns"] for row in rows] == [6, 1]
    assert [row["continents"] for row in rows] == [0, 0]


def test_scoring_unused_cards() -> None:
    # ruling DL-9: the cards neither played nor in hand score their basic points.
    # Seat 0 plays Moving (3) and Ultra Drifting (1) with no pawn: no effect, discarded.
    state = blank()
    set_board(state, land=[], pawns={})
    give(state, 1, "evolving", "evolving")
    give(state, 0, "moving", "ultra_drifting")
    act(state, "play moving")
    act(state, "play evolving")  # seat 1, no pawn: discarded
    act(state, "play ultra_drifting")
    assert state.discards[0] == [12, 4]
    assert breakdown(state, 0, "cards") == ALL_CARD_POINTS - 3 - 1
    assert breakdown(state, 1, "cards") == ALL_CARD_POINTS - 2 - 2  # one played, one in hand


def test_scoring_unused_cards_after_a_whole_game() -> None:
    # ruling DL-9: 4 rounds of 4 cards: 16 played, the 8 unused score their basic points.
    state = GAME.new_state(players=2, seed=3)
    for _ in range(2000):
        if state.is_terminal:
            break
        act(state, sorted(legal(state))[0])
    assert state.is_terminal
    for seat in range(2):
        assert len(state.discards[seat]) == 16
        unused = set(POINTS) - set(state.discards[seat])
        assert len(unused) == 8
        row = state.score_breakdown()[seat]
        assert row["cards"] == sum(POINTS[c] for c in unused)
        levels = [lv for owner, lv in state.board.pawns.values() if owner == seat]
        assert row["pawns"] == sum(levels)
        assert row["total"] == row["continents"] + row["pawns"] + row["cards"]
        assert state.scores()[seat] == row["total"]


def test_scoring_three_way_ties() -> None:
    # ruling DL-9: C = {(2,4)=3, (3,4)=4, (2,5)=4, (3,5)=4} = 15.
    # 3 players, L1 each: tie for first, 15 // 3 = 5 each.
    state = blank(players=3)
    land = [(2, 4), (3, 4), (2, 5), (3, 5)]
    set_board(state, land=land, pawns={(2, 4): (0, 1), (3, 4): (1, 1), (2, 5): (2, 1)})
    assert [row["continents"] for row in state.score_breakdown()] == [5, 5, 5]
    # 4 players: seat 0 L2 first (15); seats 1-3 L1 tie for second: 15 // 2 = 7, 7 // 3 = 2
    four = blank(players=4)
    set_board(
        four,
        land=land,
        pawns={(2, 4): (0, 2), (3, 4): (1, 1), (2, 5): (2, 1), (3, 5): (3, 1)},
    )
    assert [row["continents"] for row in four.score_breakdown()] == [15, 2, 2, 2]


def test_team_members_compete_separately_on_a_continent() -> None:
    # ruling DL-9 (team variety): C = {(2,4)=3, (3,4)=4, (2,5)=4} = 11. Team-mates 0 and 2 hold
    # L2 each (4 together), seat 1 L3: seat 1 is first (11); 0 and 2 tie for second:
    # 11 // 2 = 5, 5 // 2 = 2 each.
    state = blank(players=4, options={"teams": True})
    set_board(
        state,
        land=[(2, 4), (3, 4), (2, 5)],
        pawns={(2, 4): (0, 2), (3, 4): (2, 2), (2, 5): (1, 3)},
    )
    assert [row["continents"] for row in state.score_breakdown()] == [2, 11, 2, 0]


def test_winner_tie_break_by_pawns_on_the_board() -> None:
    # ruling DL-9: equal totals (37 cards + 4 pawn points each); seat 1 has 2 pawns, seat 0 1.
    state = blank()
    set_board(state, land=[], pawns={(0, 0): (0, 4), (5, 5): (1, 2), (6, 9): (1, 2)})
    assert state.scores() == [41, 41]
    assert state.winners() == [1]
    # the same number of pawns: shared
    set_board(
        state, land=[], pawns={(0, 0): (0, 2), (1, 0): (0, 2), (5, 5): (1, 3), (6, 9): (1, 1)}
    )
    assert state.scores() == [41, 41]
    assert state.winners() == [0, 1]


def test_team_scoring_adds_the_two_members() -> None:
    # ruling DL-9 (team variety): seats 0+2 against 1+3; members score separately, the team
    # sums. Seat 1 has the best single score (L4), but team 0+2 (L3 + L2 = 5) beats 1+3 (4).
    state = blank(players=4, options={"teams": True})
    set_board(state, land=[], pawns={(0, 0): (0, 3), (2, 2): (2, 2), (5, 5): (1, 4)})
    rows = state.score_breakdown()
    assert [row["team"] for row in rows] == [0, 1, 0, 1]
    assert [row["total"] for row in rows] == [40, 41, 39, 37]
    assert sorted(state.winners()) == [0, 2]
    # a team tie (5 + 74 each): the team with more pawns on the board wins
    set_board(
        state,
        land=[],
        pawns={(0, 0): (0, 4), (2, 2): (2, 1), (5, 5): (1, 3), (7, 7): (3, 1), (6, 8): (3, 1)},
    )
    assert [row["total"] for row in state.score_breakdown()] == [41, 40, 38, 39]
    assert sorted(state.winners()) == [1, 3]


# ---------------------------------------------------------------------------
# DL-10 targets and cards without effect


def test_a_card_without_legal_effect_is_played_and_does_nothing() -> None:
    # ruling DL-10: seat 0 has no pawn; Moving has no target; it is discarded at once.
    state = blank()
    set_board(state, land=[(3, 3), (4, 3)], pawns={(3, 3): (1, 1)})
    give(state, 1, "moving")
    [card] = give(state, 0, "moving")
    before = (state.board.land, state.board.mountain, dict(state.board.pawns))
    act(state, "play moving")
    assert state.discards[0] == [card] and state.hands[0] == []
    assert (state.board.land, state.board.mountain, dict(state.board.pawns)) == before
    assert state.current_player == 1


def test_splitting_without_a_continent_of_yours_does_nothing() -> None:
    # ruling DL-10: seat 0's only pawn is in the ocean; seat 1's continent is not a target.
    state = blank()
    set_board(state, land=[(3, 3), (4, 3)], pawns={(3, 3): (1, 1), (0, 0): (0, 1)})
    give(state, 1, "moving")
    [card] = give(state, 0, "splitting")
    act(state, "play splitting")
    assert state.discards[0] == [card]
    assert is_land(state, 3, 3) and is_land(state, 4, 3)
    assert state.current_player == 1


def test_moving_only_your_own_pawns() -> None:
    # ruling DL-10: seat 0 L1 on (0,0), seat 1 L1 on (5,5).
    state = blank()
    set_board(state, land=[], pawns={(0, 0): (0, 1), (5, 5): (1, 1)})
    give(state, 0, "moving")
    act(state, "play moving")
    assert {coords(t.removeprefix("move ").split(">")[0]) for t in legal(state)} == {(0, 0)}
    refuse_move(state, "move 5,5>6,5", r"the pawn on 5,5 is player 2's: move one of yours")


def test_team_mates_pawns_are_not_yours() -> None:
    # ruling DL-10 / DL-6 (team variety): seat 0 L2 on (0,0); team-mate seat 2 L1 on (1,0) and
    # (0,1). Seat 0 cannot pass them, but may end on them (lower) and expel.
    state = blank(players=4, options={"teams": True})
    set_board(state, land=[], pawns={(0, 0): (0, 2), (1, 0): (2, 1), (0, 1): (2, 1)})
    give(state, 0, "moving")
    act(state, "play moving")
    assert move_ends(state, 0, 0) == {(1, 0), (0, 1)}
    act(state, "move 0,0>1,0")
    assert targets(state, "expel") == {(2, 0), (1, 1), (0, 0)}
    act(state, "expel 2,0")
    assert pawn(state, 1, 0) == (0, 2) and pawn(state, 2, 0) == (2, 1)


def test_team_mates_continent_is_not_yours() -> None:
    # ruling DL-10 (team variety): continent (3,3)-(4,3) holds only team-mate seat 2's pawn:
    # seat 0 cannot split it nor raise a mountain there; it cannot evolve seat 2's pawn.
    state = blank(players=4, options={"teams": True})
    set_board(state, land=[(3, 3), (4, 3)], pawns={(3, 3): (2, 1), (0, 0): (0, 1)})
    give(state, 0, "splitting", "orogeny", "evolving")
    for card in ("splitting", "orogeny"):
        trial = state.clone()
        act(trial, f"play {card}")
        assert len(trial.hands[0]) == 2  # played and discarded at once: no target
        assert trial.board.land == state.board.land
    act(state, "play evolving")
    assert targets(state, "evolve") == {(0, 0)}
    with pytest.raises(IllegalActionError):
        act(state, "evolve 3,3")


def test_team_mates_pawn_is_no_breeding_ground() -> None:
    # ruling DL-10 (team variety): Breeding goes beside one of your own pawns only. Seat 0 on
    # (0,0) (on-map neighbours (1,0), (0,1)); team-mate seat 2 on (5,5).
    state = blank(players=4, options={"teams": True})
    set_board(state, land=[], pawns={(0, 0): (0, 1), (5, 5): (2, 1)})
    give(state, 0, "breeding")
    act(state, "play breeding")
    assert targets(state, "breed") == {(1, 0), (0, 1)}
    with pytest.raises(IllegalActionError):
        act(state, "breed 6,5")
