"""Land vs Sea rules, every expectation worked out from the rulebook and rulings LS-1..LS-12.

Geometry used in the map comments: axial (q, r), directions 0-5 clockwise from north-east,
neighbour in direction d = position + DIRS[d]; a tile's edge d faces that neighbour, whose
edge (d + 3) % 6 faces back. A face laid with rotation 0 has printed edge i facing direction i,
so the edge strings below are read directly as directions 0..5. The start tile O at 0,0 is
LLLSSS: land towards 1,-1 / 1,0 / 0,1 and sea towards -1,1 / -1,0 / 0,-1.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tablelands.core.errors import EditionError, IllegalActionError, OptionError
from tablelands.core.game import OptionValue
from tablelands.core.rng import Rng
from tablelands.games.land_vs_sea import GAME
from tablelands.games.land_vs_sea.board import pack
from tablelands.games.land_vs_sea.components import VOLCANO_ID
from tablelands.games.land_vs_sea.state import LandVsSeaState

from .helpers import act, build, edition, face, hold, lay, one, turn

START = "LLLSSS"
DIRS = [(1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)]
LAND, SEA, CARTOGRAPHER = 0, 1, 2
ALL_MODULES: dict[str, Any] = {"mountains": True, "trade": True, "waypoints": True}

Faces = tuple[dict[str, Any], dict[str, Any]]


# ---------------------------------------------------------------------------
# helpers


def swap(edges: str) -> str:
    """Land and sea exchanged: with a half turn (rotation 3) at (-q, -r) this mirrors a map
    through the start tile, which the point reflection plus the swap leaves unchanged."""
    return edges.translate(str.maketrans("LS", "SL"))


def legal(state: LandVsSeaState) -> set[str]:
    return {state.format_action(a) for a in state.legal_actions()}


def placements(state: LandVsSeaState) -> set[str]:
    return {text for text in legal(state) if "@" in text}


def events(state: LandVsSeaState, since: int = 0) -> list[tuple[str, str, int]]:
    return sorted((e["kind"], e["side"], e["points"]) for e in state.events[since:])


def finish_turn(state: LandVsSeaState) -> None:
    """Decline every optional step and draw from stack 1 until the turn passes on."""
    seat = state.current_player
    for _ in range(10):
        if state.is_terminal or state.current_player != seat:
            return
        act(state, neutral(sorted(legal(state))))
    raise AssertionError("the turn did not end")


def auto_turn(state: LandVsSeaState) -> None:
    """Play the current seat's turn: the first placement in text order, then neutral steps."""
    seat = state.current_player
    for _ in range(10):
        if state.is_terminal or state.current_player != seat:
            return
        options = sorted(legal(state))
        chosen = [t for t in options if "@" in t or t.startswith("hole")]
        act(state, chosen[0] if chosen else neutral(options))
    raise AssertionError("the turn did not end")


def neutral(options: list[str]) -> str:
    for text in ("steal none", "waypoint none", "draw 1", "draw 2", "pass"):
        if text in options:
            return text
    raise AssertionError(f"no neutral action among {options}")


def shown(state: LandVsSeaState, q: int, r: int) -> str:
    """The face key the map shows at q,r."""
    board = state.observation(0)["board"]
    return str(next(t["face"] for t in board if (t["q"], t["r"]) == (q, r)))


def play_out(state: LandVsSeaState) -> None:
    """With stacks and hands empty: finish the turn, then pass until the game is over."""
    for _ in range(20):
        if state.is_terminal:
            return
        finish_turn(state)
    raise AssertionError("the game did not end")


def empty_supply(state: LandVsSeaState) -> None:
    for stack in state.stacks:
        stack.clear()
    for hand in state.hands:
        hand.clear()


def fits(edges: str, rotation: int, needs: dict[int, str]) -> bool:
    """Whether a printed face with this rotation shows ``needs[d]`` towards each direction d."""
    return all(edges[(d - rotation) % 6] == kind for d, kind in needs.items())


# ---------------------------------------------------------------------------
# LS-2 placement


def test_placement_next_to_the_start_tile_matches_every_facing_edge() -> None:
    # ruling LS-2: an empty position touching a tile, either face, any rotation, every facing
    # edge matching. Next to O alone, position O+DIRS[d] faces O through its edge d+3, which
    # must equal O's edge d. Expected set computed from that rule for both faces.
    faces = {"a": "LLSSSS", "b": "SLLLSS"}
    state = build(tiles={1: (face(faces["a"]), face(faces["b"]))})
    hold(state, 0, 1)
    expected = {
        f"1{name}{k}@{q},{r}"
        for name, edges in faces.items()
        for k in range(6)
        for d, (q, r) in enumerate(DIRS)
        if fits(edges, k, {(d + 3) % 6: START[d]})
    }
    assert placements(state) == expected
    # every rotation is offered where it fits: all six of face a; face b at rotation 5 shows
    # LLLSSS, O's own edges, which meet O's opposite edges from every side, so it fits nowhere
    assert {int(t[2]) for t in expected if t[1] == "a"} == set(range(6))
    assert {int(t[2]) for t in expected if t[1] == "b"} == {0, 1, 2, 3, 4}
    # at 1,0 the tile faces O (land) with its edge 4: a needs k in {3, 4}, b in {1, 2, 3}
    assert {t for t in expected if t.endswith("@1,0")} == {
        "1a3@1,0",
        "1a4@1,0",
        "1b1@1,0",
        "1b2@1,0",
        "1b3@1,0",
    }
    with pytest.raises(IllegalActionError, match="LS-2"):
        act(state, "1a0@1,0")  # edge 4 of a at rotation 0 is sea against O's land
    with pytest.raises(IllegalActionError, match="LS-2"):
        act(state, "1a3@3,3")  # touches no tile
    with pytest.raises(IllegalActionError, match="LS-2"):
        act(state, "1a3@0,0")  # occupied by the start tile
    act(state, "1b2@1,0")
    assert state.placed[-1] == (1, 1, 2, 0)
    assert state.board.tiles[pack(1, 0)] == len(state.placed) - 1


def test_placement_must_match_every_neighbour() -> None:
    # ruling LS-2: tile 1 (LLSSSS, rotation 4: land towards 4 and 5) at 1,0. Position 1,-1
    # then faces O (land) with its edge 3 and tile 1's edge 5 (land) with its edge 2.
    # LLSSSS at rotation 2 (land 2,3) fits; rotation 3 (land 3,4) matches O but shows sea to
    # tile 1, and is refused.
    state = build()
    hold(state, 0, 1)
    hold(state, 0, 2)
    act(state, "1a4@1,0")
    turn(state, 0)
    at = {t for t in placements(state) if t.startswith("2a") and t.endswith("@1,-1")}
    assert at == {"2a2@1,-1"}
    with pytest.raises(IllegalActionError, match="LS-2"):
        act(state, "2a3@1,-1")
    act(state, "2a2@1,-1")
    assert pack(1, -1) in state.board.tiles


# ---------------------------------------------------------------------------
# LS-3 areas


@pytest.mark.parametrize(("players", "completer"), [(2, SEA), (3, CARTOGRAPHER)])
def test_land_area_completed_by_another_player(players: int, completer: int) -> None:
    # ruling LS-3: tile count to the type's owner, bonus symbols to the completer (the sea
    # player, or with 3 players the cartographer).
    # Map: O land {0,1,2}; 1,-1 SSSLSS (land {3} -> O, 2 bonus; its sea holds 1 bonus, open);
    # 1,0 SSSSLS (land {4} -> O); the sea player adds 0,1 SSSSSL (land {5} -> O, 1 bonus).
    # Ring edges between them are sea. Land area = O + 3 tiles = 4, closed; bonus 2 + 1 = 3.
    state = build(
        tiles={
            1: one(face("SSSLSS", bonus={0: 2, 1: 1})),
            2: one(face("SSSSLS")),
            3: one(face("SSSSSL", bonus={1: 1})),  # regions [0..4] sea, [5] land
        },
        players=players,
    )
    lay(state, 1, 0, 0, 1, -1)
    lay(state, 2, 0, 0, 1, 0)
    assert state.points == [0, 0, 0]
    turn(state, completer)
    hold(state, completer, 3)
    act(state, "3a0@0,1")
    side = ["land", "sea", "cartographer"][completer]
    assert events(state) == [("area", "land", 4), ("bonus", side, 3)]
    expected = [4, 0, 0]
    expected[completer] += 3
    assert state.points == expected
    assert state.scores() == expected[:players]


def two_area_tiles() -> dict[int, Faces]:
    # A = SSLSLS: land {2}, sea {3}, land {4}, sea {5,0,1}; B = SSLLLL: sea {0,1}, land
    # {2,3,4,5}. Laid at A 1,0 and B 0,1 (A's edge 3 meets B's edge 0, both sea).
    return {
        1: one(face("SSLSLS", bonus={0: 1})),
        2: one(face("SSLLLL", bonus={0: 2})),
        3: one(face("SLLLSL")),
        4: one(face("LSSLSS", regions="0|1,2|3|4,5")),
        5: one(face("LSSLSS", regions="0,3|1,2|4,5")),
        6: one(face("SLLLLL")),
    }


def test_one_placement_completes_two_areas() -> None:
    # ruling LS-3: several areas completed at once each score.
    # A 1,0 (land {2} with 1 bonus), B 0,1 (sea {0,1} with 2 bonus). X = SLLLSL at 1,1: sea
    # {0}, land {1,2,3}, sea {4}, land {5}. X's edge 5 meets A's 2 (land), edge 4 meets B's 1.
    # Land area A{2}+X{5} = 2 tiles; sea area A{3}+B{0,1}+X{4} = 3 tiles; both closed.
    # The land player completes both: land 2, sea 3, and all 1 + 2 bonus symbols to land.
    state = build(tiles=two_area_tiles())
    lay(state, 1, 0, 0, 1, 0)
    lay(state, 2, 0, 0, 0, 1)
    hold(state, LAND, 3)
    act(state, "3a0@1,1")
    assert [e for e in events(state) if e[0] == "area"] == [("area", "land", 2), ("area", "sea", 3)]
    assert sum(e["points"] for e in state.events if e["kind"] == "bonus") == 3
    assert state.points == [5, 3, 0]


def test_corner_tile_keeps_four_regions_apart() -> None:
    # ruling LS-1: corner face LSSLSS with regions 0|1,2|3|4,5 at 1,1 with rotation 5 shows
    # land {5}, sea {0,1}, land {2}, sea {3,4}. Its land 5 closes A{2}+C{5} (2 tiles) while
    # its land {2} still faces the empty 1,2. Then E = SLLLLL at 0,2 (sea {0} against C's 3,
    # land against B's 2) closes the sea area A{3}+B{0,1}+C{3,4}+E{0} = 4 tiles while C's
    # other sea {0,1} still faces 2,0 and 2,1.
    state = build(tiles=two_area_tiles())
    lay(state, 1, 0, 0, 1, 0)
    lay(state, 2, 0, 0, 0, 1)
    hold(state, LAND, 4)
    act(state, "4a5@1,1")
    assert [e for e in events(state) if e[0] == "area"] == [("area", "land", 2)]
    seen = len(state.events)
    turn(state, LAND)
    hold(state, LAND, 6)
    act(state, "6a0@0,2")
    assert [e for e in events(state, seen) if e[0] == "area"] == [("area", "sea", 4)]


def test_a_land_bridge_face_joins_its_two_land_edges() -> None:
    # ruling LS-1: the same edges with regions 0,3|1,2|4,5 join the two land edges, so at 1,1
    # the land A{2}+C{5,2} still faces 1,2 and nothing completes; the seas stay apart, so
    # E at 0,2 still closes A{3}+B{0,1}+C{3,4}+E{0} = 4 tiles.
    state = build(tiles=two_area_tiles())
    lay(state, 1, 0, 0, 1, 0)
    lay(state, 2, 0, 0, 0, 1)
    hold(state, LAND, 5)
    act(state, "5a5@1,1")
    assert [e for e in events(state) if e[0] == "area"] == []
    turn(state, LAND)
    hold(state, LAND, 6)
    act(state, "6a0@0,2")
    assert [e for e in events(state) if e[0] == "area"] == [("area", "sea", 4)]


def test_interleaving_regions_are_refused() -> None:
    # ruling LS-1: regions are planar; land {0,3} and sea {2,5} would cross.
    bad = face("LLSLLS", regions="0,3|1|2,5|4")
    with pytest.raises(EditionError, match="LS-1"):
        edition({1: one(bad)})


def test_a_tile_with_two_regions_in_one_area_counts_once() -> None:
    # ruling LS-3: P 1,-1 SSSLSS (land {3} -> O); T 1,0 SSLSLS (land {2}, sea {3}, land {4},
    # sea {5,0,1}; 1 bonus on each land region); N 0,1 SLSSSL with regions 1,5|0|2,3,4 (a land
    # strip from O (edge 5) to 1,1 (edge 1), sea {0} against T's sea {3}: a closed 2-tile
    # lake). M = SSSSLL at 1,1: land {4,5} meets N's 1 and T's 2.
    # Land area: O{0,1,2} + P{3} + T{4} + T{2} + N{1,5} + M{4,5}: 6 regions, 5 distinct tiles.
    # Closed by M: land 5, and both of T's bonus symbols (2) to the completer (land).
    state = build(
        tiles={
            1: one(face("SSSLSS")),
            2: one(face("SSLSLS", bonus={0: 1, 2: 1})),
            3: one(face("SLSSSL", regions="1,5|0|2,3,4")),
            4: one(face("SSSSLL")),
        }
    )
    lay(state, 1, 0, 0, 1, -1)
    lay(state, 2, 0, 0, 1, 0)
    lay(state, 3, 0, 0, 0, 1)
    hold(state, LAND, 4)
    act(state, "4a0@1,1")
    assert events(state) == [("area", "land", 5), ("bonus", "land", 2)]
    assert state.points == [7, 0, 0]


def test_a_region_reaching_the_area_through_several_edges_counts_once() -> None:
    # ruling LS-3: O{0,1,2} with 1,-1 SSLLSS (land {2,3}: O and 1,0), 1,0 SSSLLL (land
    # {3,4,5}: 0,1, O and 1,-1) and 0,1 LSSSSL (land {5,0}: O and 1,0). Every land edge
    # faces a tile of the area: 4 tiles, though the regions touch each other 5 times.
    state = build(tiles={1: one(face("SSLLSS")), 2: one(face("SSSLLL")), 3: one(face("LSSSSL"))})
    lay(state, 1, 0, 0, 1, -1)
    lay(state, 2, 0, 0, 1, 0)
    turn(state, SEA)
    hold(state, SEA, 3)
    act(state, "3a0@0,1")
    assert events(state) == [("area", "land", 4)]


# ---------------------------------------------------------------------------
# LS-4 Volcano / Whirlpool

# A ring round the hole H = 1,0 (O's edge 1 is land). Each ring tile shows land towards H and
# sea between ring neighbours:
#   R1 1,-1 SSLLSS land {2,3} (H, O)   R2 2,-1 SSSLSS land {3}   R3 2,0 SSSSLS land {4}
#   R4 1,1  SSSSSL land {5}            R5 0,1  LSSSSL land {5,0} (O, H)
# When R4 closes the ring, every edge facing H is land: the Volcano fills it and closes the
# land area O{0,1,2} + R1 + R2 + R3 + R4 + R5 + Volcano = 7 tiles (the rulebook's example).
RING = {1: (1, -1, "SSLLSS"), 2: (2, -1, "SSSLSS"), 3: (2, 0, "SSSSLS"), 5: (0, 1, "LSSSSL")}
LAST = (4, 1, 1, "SSSSSL")


def ring_tiles(last: str = LAST[3], sea: bool = False) -> dict[int, Faces]:
    def made(edges: str, tile: int) -> dict[str, Any]:
        bonus = {0: tile - 1} if tile in (2, 3) else None  # R2: 1, R3: 2 bonus symbols
        return face(swap(edges) if sea else edges, bonus=bonus)

    tiles = {tile: one(made(edges, tile)) for tile, (_, _, edges) in RING.items()}
    tiles[4] = one(made(last, 4))
    return tiles


def lay_ring(state: LandVsSeaState, sea: bool = False) -> None:
    for tile, (q, r, _) in RING.items():
        if sea:
            lay(state, tile, 0, 3, -q, -r)
        else:
            lay(state, tile, 0, 0, q, r)


def test_volcano_fills_an_all_land_hole_and_scores_for_the_placer() -> None:
    # ruling LS-4: the sea player's R4 makes the hole; the Volcano's completion scores as if
    # the sea player had placed it: 7 to land, R2 + R3 bonus (3) to sea.
    state = build(tiles=ring_tiles())
    lay_ring(state)
    assert state.reserve
    turn(state, SEA)
    hold(state, SEA, 4)
    act(state, "4a0@1,1")
    assert not state.reserve
    assert pack(1, 0) in state.board.tiles
    assert state.placed[state.board.tiles[pack(1, 0)]][0] == VOLCANO_ID
    assert shown(state, 1, 0).startswith("LLLLLL/")
    assert events(state) == [("area", "land", 7), ("bonus", "sea", 3)]
    assert state.points == [7, 3, 0]


def test_volcano_returns_a_waypoint_for_the_placer() -> None:
    # ruling LS-4, ruling LS-11: land places R5 and puts its waypoint on R5's land {5,0} (edge
    # 0 faces the future hole). The sea player's R4 brings the Volcano, which closes that area:
    # 7 to land, bonus 3 and the returned waypoint 1 to sea.
    state = build(tiles=ring_tiles(), options={"waypoints": True})
    for tile in (1, 2, 3):
        q, r, _ = RING[tile]
        lay(state, tile, 0, 0, q, r)
    hold(state, LAND, 5)
    act(state, "5a0@0,1", "waypoint 0,1:0")
    turn(state, SEA)
    hold(state, SEA, 4)
    act(state, "4a0@1,1")
    assert events(state) == [("area", "land", 7), ("bonus", "sea", 3), ("waypoint", "sea", 1)]
    assert state.points == [7, 4, 0]
    assert state.waypoint_home[LAND]


def test_whirlpool_fills_an_all_sea_hole() -> None:
    # ruling LS-4: the same map mirrored through O with land and sea swapped: hole -1,0, all
    # facing edges sea. The land player's R4' at -1,-1 makes it: 7 to sea, bonus 3 to land.
    state = build(tiles=ring_tiles(sea=True))
    lay_ring(state, sea=True)
    hold(state, LAND, 4)
    act(state, "4a3@-1,-1")
    assert not state.reserve
    assert state.placed[state.board.tiles[pack(-1, 0)]][0] == VOLCANO_ID
    assert shown(state, -1, 0).startswith("SSSSSS/")
    assert events(state) == [("area", "sea", 7), ("bonus", "land", 3)]
    assert state.points == [3, 7, 0]


def test_a_second_hole_stays_empty_once_the_tile_is_used() -> None:
    # ruling LS-4: after the Volcano fills 1,0, a ring of sea round -1,0:
    #   W1 0,-1 LSSSSL (sea {1,2,3,4}: R1, O, hole, W5)   W5 -1,-1 LSSSSL (sea to W1, hole, W4)
    #   W4 -2,0 SSSLLL    W3 -2,1 SSLLLS    W2 -1,1 SSLLSS (sea to O, R5, W3 and the hole)
    # W2 closes it: every facing edge is sea, but the tile is gone, so the hole stays empty;
    # the sea round it joins R1's open sea, so nothing completes.
    tiles = ring_tiles()
    walls = {
        6: (0, -1, "LSSSSL"),
        7: (-1, -1, "LSSSSL"),
        8: (-2, 0, "SSSLLL"),
        9: (-2, 1, "SSLLLS"),
    }
    tiles.update({tile: one(face(edges)) for tile, (_, _, edges) in walls.items()})
    tiles[10] = one(face("SSLLSS"))
    state = build(tiles=tiles)
    lay_ring(state)
    turn(state, SEA)
    hold(state, SEA, 4)
    act(state, "4a0@1,1")
    assert not state.reserve
    for tile, (q, r, _) in walls.items():
        lay(state, tile, 0, 0, q, r)
    seen = len(state.events)
    turn(state, LAND)
    hold(state, LAND, 10)
    act(state, "10a0@-1,1")
    assert pack(-1, 0) not in state.board.tiles
    assert state.events[seen:] == []


def test_a_mixed_hole_gets_nothing() -> None:
    # ruling LS-4: R4 replaced by SSLSSS shows sea to the hole 1,0, whose other five facing
    # edges are land: the hole stays empty and the tile stays in reserve.
    tiles = ring_tiles(last="SSLSSS")
    tiles[6] = one(face("LLSLLL"))
    state = build(tiles=tiles)
    lay_ring(state)
    hold(state, LAND, 4)
    act(state, "4a0@1,1")
    assert pack(1, 0) not in state.board.tiles
    assert state.reserve
    assert state.events == []
    # ruling LS-2: a normal tile may fill it if all six edges match: LLSLLL only at rotation
    # 0 (sea towards R4). Its land {3,4,5,0,1} closes O+R1+R2+R3+R5+it = 6 tiles, with R2's
    # and R3's 3 bonus symbols to the land player who places it.
    turn(state, LAND)
    hold(state, LAND, 6)
    assert {t for t in placements(state) if t.endswith("@1,0")} == {"6a0@1,0"}
    act(state, "6a0@1,0")
    assert events(state) == [("area", "land", 6), ("bonus", "land", 3)]
    assert state.reserve


def two_holes(q3: str) -> LandVsSeaState:
    """The ring round 1,0 with R3 = SSLSLS and R4 (in no hand yet) = SLSSSL, plus a ring
    round 2,1: Q1 3,0 SSSLSS (2 bonus), Q2 3,1 SSSSLS, Q3 2,2 (``q3``), Q4 1,2 LSSSSS."""
    tiles = {
        1: one(face("SSLLSS")),
        2: one(face("SSSLSS", bonus={0: 1})),
        3: one(face("SSLSLS")),
        4: one(face("SLSSSL")),
        5: one(face("LSSSSL")),
        6: one(face("SSSLSS", bonus={0: 2})),
        7: one(face("SSSSLS")),
        8: one(face(q3)),
        9: one(face("LSSSSS")),
    }
    state = build(tiles=tiles)
    for tile, q, r in ((1, 1, -1), (2, 2, -1), (3, 2, 0), (5, 0, 1)):
        lay(state, tile, 0, 0, q, r)
    for tile, q, r in ((6, 3, 0), (7, 3, 1), (8, 2, 2), (9, 1, 2)):
        lay(state, tile, 0, 0, q, r)
    return state


def test_two_holes_at_once_the_placer_chooses() -> None:
    # ruling LS-4: a second all-land hole H2 = 2,1 beside R3 and R4:
    #   R3 2,0 SSLSLS (land {2} -> H2, land {4} -> H)   R4 1,1 SLSSSL (land {1} -> H2, {5} -> H)
    #   Q1 3,0 SSSLSS (2 bonus)  Q2 3,1 SSSSLS  Q3 2,2 SSSSSL  Q4 1,2 LSSSSS
    # R4 (placed by the sea player) closes both rings. Either choice closes a 7-tile land area
    # (ring of 6 + Volcano); the bonus is R2's 1 for 1,0 or Q1's 2 for 2,1. R4 itself also
    # closes the 2-tile sea lake R3{3} + R4{0} between the holes: 2 to sea.
    state = two_holes(q3="SSSSSL")
    turn(state, SEA)
    hold(state, SEA, 4)
    act(state, "4a0@1,1")
    assert state.current_player == SEA
    assert legal(state) == {"hole 1,0", "hole 2,1"}
    other = state.clone()
    act(state, "hole 2,1")
    assert pack(2, 1) in state.board.tiles and pack(1, 0) not in state.board.tiles
    assert events(state) == [("area", "land", 7), ("area", "sea", 2), ("bonus", "sea", 2)]
    assert isinstance(other, LandVsSeaState)
    act(other, "hole 1,0")
    assert pack(1, 0) in other.board.tiles and pack(2, 1) not in other.board.tiles
    assert events(other) == [("area", "land", 7), ("area", "sea", 2), ("bonus", "sea", 1)]


def test_an_all_land_hole_and_a_mixed_hole_need_no_choice() -> None:
    # ruling LS-4: the two-hole map with Q3 = SSLSSS (sea towards 2,1): that hole is mixed, so
    # R4 leaves only 1,0 to fill: the Volcano goes there without asking. Land 7, the sea lake
    # R3{3}+R4{0} 2, R2's bonus 1 to the sea player.
    state = two_holes(q3="SSLSSS")
    turn(state, SEA)
    hold(state, SEA, 4)
    act(state, "4a0@1,1")
    assert not any(text.startswith("hole") for text in legal(state))
    assert pack(1, 0) in state.board.tiles and pack(2, 1) not in state.board.tiles
    assert events(state) == [("area", "land", 7), ("area", "sea", 2), ("bonus", "sea", 1)]


# ---------------------------------------------------------------------------
# LS-9 mountains and corals

# M1 1,-1 SLLLSS mountains on 2,3; M2 1,0 LSSSLL mountains on 5,0; M3 2,-1 SSSLLS mountains
# on 3,4. M1 touches only O (no mountains): nothing. M2's 5 meets M1's 2: range {M1, M2}: 2.
# M3's 3 meets M2's 0 (its 4 meets M1's plain land edge 1): a chain of 3 tiles (2 contacts)
# grew: 3. The land area stays open at O's edge 2.
MOUNTAINS = {
    1: ("SLLLSS", [2, 3], (1, -1)),
    2: ("LSSSLL", [5, 0], (1, 0)),
    3: ("SSSLLS", [3, 4], (2, -1)),
}


def range_game(players: int, corals: bool) -> tuple[LandVsSeaState, list[list[int]]]:
    tiles = {
        tile: one(face(swap(edges), corals=run) if corals else face(edges, mountains=run))
        for tile, (edges, run, _) in MOUNTAINS.items()
    }
    options: dict[str, OptionValue] | None = None if players == 3 else {"mountains": True}
    state = build(tiles=tiles, players=players, options=options)
    seen: list[list[int]] = []
    for tile, (_, _, (q, r)) in MOUNTAINS.items():
        turn(state, tile % 2)
        hold(state, tile % 2, tile)
        at = f"{tile}a3@{-q},{-r}" if corals else f"{tile}a0@{q},{r}"
        act(state, at)
        seen.append(list(state.points))
    return state, seen


def test_mountain_range_growth_scores_to_land() -> None:
    # ruling LS-9
    state, seen = range_game(2, corals=False)
    assert seen == [[0, 0, 0], [2, 0, 0], [5, 0, 0]]
    assert events(state) == [("range", "land", 2), ("range", "land", 3)]


def test_coral_range_growth_scores_to_sea() -> None:
    # ruling LS-9: the mirror image (sea for land, corals for mountains, at -q,-r, rotation 3)
    state, seen = range_game(2, corals=True)
    assert seen == [[0, 0, 0], [0, 2, 0], [0, 5, 0]]
    assert events(state) == [("range", "sea", 2), ("range", "sea", 3)]


def test_a_placement_joining_two_ranges_scores_the_joined_range() -> None:
    # ruling LS-9: range {M1, M2} as above; range {B1 2,0 LLSSSL mountains 5,0,1; B2 3,0
    # SSSSLL mountains 4,5} (B1's 1 meets B2's 4). M3' = SSLLLS with mountains 2,3,4 at 2,-1
    # meets M2 (its 3) and B1 (its 2); its 4 meets M1's plain edge 1. One range of 5 tiles
    # (4 contacts) grew: 5 to land.
    state = build(
        tiles={
            1: one(face("SLLLSS", mountains=[2, 3])),
            2: one(face("LSSSLL", mountains=[5, 0])),
            3: one(face("SSLLLS", mountains=[2, 3, 4])),
            4: one(face("LLSSSL", mountains=[5, 0, 1])),
            5: one(face("SSSSLL", mountains=[4, 5])),
        },
        options={"mountains": True},
    )
    for tile, q, r in ((1, 1, -1), (2, 1, 0), (4, 2, 0), (5, 3, 0)):
        lay(state, tile, 0, 0, q, r)
    turn(state, SEA)
    hold(state, SEA, 3)
    act(state, "3a0@2,-1")
    assert events(state) == [("range", "land", 5)]
    assert state.points == [5, 0, 0]


def test_one_placement_grows_a_mountain_and_a_coral_range() -> None:
    # ruling LS-9: M1 1,-1 SLLLSS (mountains 1,2); C 0,1 SSSSSL (corals 0,1). X = LSSSLL at
    # 1,0 with mountains 4,5 and corals 2,3: its 5 meets M1's 2 (mountains), its 3 meets C's
    # 0 (corals), its 4 meets O (plain land). Range {M1, X}: 2 to land; {C, X}: 2 to sea.
    state = build(
        tiles={
            1: one(face("SLLLSS", mountains=[1, 2])),
            2: one(face("SSSSSL", corals=[0, 1])),
            3: one(face("LSSSLL", mountains=[4, 5], corals=[2, 3])),
        },
        options={"mountains": True},
    )
    lay(state, 1, 0, 0, 1, -1)
    lay(state, 2, 0, 0, 0, 1)
    hold(state, LAND, 3)
    act(state, "3a0@1,0")
    assert events(state) == [("range", "land", 2), ("range", "sea", 2)]


def test_ranges_score_to_the_cartographer_with_three_players() -> None:
    # ruling LS-9, ruling LS-12
    _, seen = range_game(3, corals=False)
    assert seen == [[0, 0, 0], [0, 0, 2], [0, 0, 5]]
    _, seen = range_game(3, corals=True)
    assert seen == [[0, 0, 0], [0, 0, 2], [0, 0, 5]]


# ---------------------------------------------------------------------------
# LS-10 caravans and ships

# T1 1,-1 SSSLSS, T2 1,0 SSSSLS, T3 0,1 SSSSLL (land {4,5}: stays open towards -1,1):
# T1-T2 and T2-T3 touch; T1 and T3 do not. West: W1 -1,0 LSSSSL and W2 -2,0 LSLLLL touch
# each other and O only (O shows no trade).


def test_trade_contact_scores_two_once_per_placement() -> None:
    # ruling LS-10: T1 (caravan) placed by land next to O only: nothing. T2 (caravan) placed
    # by sea next to T1 (caravan) and T3 (ship): 2 to sea, once.
    state = build(
        tiles={
            1: one(face("SSSLSS", trade="caravan")),
            2: one(face("SSSSLS", trade="caravan")),
            3: one(face("SSSSLL", trade="ship")),
        },
        options={"trade": True},
    )
    hold(state, LAND, 1)
    act(state, "1a0@1,-1")
    assert state.events == []
    lay(state, 3, 0, 0, 0, 1)
    turn(state, SEA)
    hold(state, SEA, 2)
    act(state, "2a0@1,0")
    assert events(state) == [("trade", "sea", 2)]
    assert state.points == [0, 2, 0]


def test_trade_routes_score_by_majority_at_the_end() -> None:
    # ruling LS-10, ruling LS-8 (the game ends when every tile is placed): route {T1 caravan,
    # T2 caravan, T3 ship}: more caravans, 3 to land; route {W1 ship, W2 ship}: 2 to sea.
    # T2's placement by land also scores 2 at once. Final: land 5, sea 2.
    state = build(
        tiles={
            1: one(face("SSSLSS", trade="caravan")),
            2: one(face("SSSSLS", trade="caravan")),
            3: one(face("SSSSLL", trade="ship")),
            4: one(face("LSSSSL", trade="ship")),
            5: one(face("LSLLLL", trade="ship")),
        },
        options={"trade": True},
    )
    for tile, q, r in ((1, 1, -1), (3, 0, 1), (4, -1, 0), (5, -2, 0)):
        lay(state, tile, 0, 0, q, r)
    empty_supply(state)
    hold(state, LAND, 2)
    act(state, "2a0@1,0")
    play_out(state)
    assert state.is_terminal
    assert ("trade", "land", 2) in events(state)
    routes = [e for e in events(state) if e[0] == "route"]
    assert routes == [("route", "land", 3), ("route", "sea", 2)]
    assert state.points == [5, 2, 0]
    assert state.scores() == [5, 2]
    assert state.winners() == [0]


@pytest.mark.parametrize("players", [2, 3])
def test_a_tied_trade_route(players: int) -> None:
    # ruling LS-10, ruling LS-12: route {T1 caravan, T2 ship} ties: nobody with 2 players,
    # its 2 tiles to the cartographer with 3. {W1, W2} ships: 2 to sea. T2 scores 2 to land.
    state = build(
        tiles={
            1: one(face("SSSLSS", trade="caravan")),
            2: one(face("SSSSLS", trade="ship")),
            4: one(face("LSSSSL", trade="ship")),
            5: one(face("LSLLLL", trade="ship")),
        },
        players=players,
        options={"trade": True} if players == 2 else None,
    )
    for tile, q, r in ((1, 1, -1), (4, -1, 0), (5, -2, 0)):
        lay(state, tile, 0, 0, q, r)
    empty_supply(state)
    hold(state, LAND, 2)
    act(state, "2a0@1,0")
    play_out(state)
    assert state.is_terminal
    assert state.points == ([2, 2, 0] if players == 2 else [2, 2, 2])


def test_trade_routes_also_score_when_the_game_ends_by_passing() -> None:
    # ruling LS-10, ruling LS-8: routes {T1 caravan, T2 caravan} (2 to land) and {W1 ship,
    # W2 ship} (2 to sea) laid; nobody holds a tile, so both seats pass and the game ends.
    state = build(
        tiles={
            1: one(face("SSSLSS", trade="caravan")),
            2: one(face("SSSSLS", trade="caravan")),
            4: one(face("LSSSSL", trade="ship")),
            5: one(face("LSLLLL", trade="ship")),
        },
        options={"trade": True},
    )
    for tile, q, r in ((1, 1, -1), (2, 1, 0), (4, -1, 0), (5, -2, 0)):
        lay(state, tile, 0, 0, q, r)
    act(state, "pass", "pass")
    assert state.is_terminal
    assert events(state) == [("route", "land", 2), ("route", "sea", 2)]
    assert state.winners() == [0, 1]


# ---------------------------------------------------------------------------
# LS-11 waypoints

# A 1,0 SSSSLS (land {4} -> O only), C 1,-1 SSSLSS (land {3} -> O), D 0,1 SSSSSL (land {5} ->
# O). Sea edges between them. O + A + C + D close a 4-tile land area.
WAYPOINT_TILES = {1: one(face("SSSSLS")), 2: one(face("SSSLSS")), 3: one(face("SSSSSL"))}


def test_waypoint_spots_and_return_on_completion() -> None:
    # ruling LS-11: after land places A, land regions with an own edge facing an empty
    # position: O {0,1,2} (edges 0 and 2 open); A's {4} faces O only, so it is no spot.
    state = build(tiles=WAYPOINT_TILES, options={"waypoints": True})
    hold(state, LAND, 1)
    act(state, "1a0@1,0")
    assert legal(state) == {"waypoint 0,0:0", "waypoint none"}
    with pytest.raises(IllegalActionError, match="LS-11"):
        act(state, "waypoint 1,0:4")  # no own open edge
    with pytest.raises(IllegalActionError, match="LS-11"):
        act(state, "waypoint 0,0:3")  # sea, not the land player's type
    act(state, "waypoint 0,0:0")
    assert state.board.waypoints[pack(0, 0)][0] == LAND
    assert not state.waypoint_home[LAND]
    # Sea places C at 1,-1. Sea spots: O's sea is on a tile with a waypoint; A's sea
    # {5,0,1,2,3} still faces 2,-1; C's sea {4,5,0,1,2} faces 0,-1.
    turn(state, SEA)
    hold(state, SEA, 2)
    act(state, "2a0@1,-1")
    assert legal(state) == {"waypoint 1,0:0", "waypoint 1,-1:0", "waypoint none"}
    with pytest.raises(IllegalActionError, match="LS-11"):
        act(state, "waypoint 0,0:3")
    act(state, "waypoint none")
    # Sea places D: the land area O+A+C+D (4) closes, the waypoint goes home, sea scores 1.
    turn(state, SEA)
    hold(state, SEA, 3)
    act(state, "3a0@0,1")
    assert events(state) == [("area", "land", 4), ("waypoint", "sea", 1)]
    assert state.points == [4, 1, 0]
    assert state.waypoint_home[LAND]
    assert pack(0, 0) not in state.board.waypoints


def test_a_waypoint_returned_two_ways_at_once_scores_once() -> None:
    # ruling LS-11: E1 1,-1 SSSLSS, E2 1,0 SSSSLS, E3 0,1 SSSSSL (single land edges to O);
    # W1 -1,1 SSLLLL, W2 -1,0 LSLLLL, W3 0,-1 LSSLLL (sea to O, land between them, sea to
    # E3 and E1). Land's waypoint on O's land; sea's E2 closes O+E1+E2+E3 (4 to land) and
    # gives O its sixth neighbour: one waypoint returned, 1 to sea.
    state = build(
        tiles={
            1: one(face("SSSLSS")),
            2: one(face("SSSSLS")),
            3: one(face("SSSSSL")),
            4: one(face("SSLLLL")),
            5: one(face("LSLLLL")),
            6: one(face("LSSLLL")),
        },
        options={"waypoints": True},
    )
    hold(state, LAND, 4)
    act(state, "4a0@-1,1", "waypoint 0,0:0")
    for tile, q, r in ((5, -1, 0), (6, 0, -1), (1, 1, -1), (3, 0, 1)):
        lay(state, tile, 0, 0, q, r)
    turn(state, SEA)
    hold(state, SEA, 2)
    act(state, "2a0@1,0")
    assert events(state) == [("area", "land", 4), ("waypoint", "sea", 1)]
    assert state.points == [4, 1, 0]
    assert state.waypoint_home[LAND]


def test_no_waypoint_step_while_the_waypoint_is_on_the_map() -> None:
    # ruling LS-11: only a player whose waypoint is in supply may place it.
    state = build(options={"waypoints": True})
    hold(state, LAND, 10)
    act(state, "10a3@1,0", "waypoint 0,0:0")
    turn(state, LAND)
    hold(state, LAND, 11)
    act(state, "11a3@-1,0")
    assert not any(text.startswith("waypoint") for text in legal(state))


def test_waypoint_returns_when_its_tile_gets_six_neighbours() -> None:
    # ruling LS-11: fillers LLSSSS (land on k, k+1 at rotation k) all round O:
    #   1,-1 r2 {2,3}   1,0 r4 {4,5}   0,1 r4 {4,5}   -1,1 r1 {1,2}   -1,0 r3 {3,4}   0,-1 r4
    # Every shared edge matches; O's sea and land areas stay open outwards. Sea's waypoint on
    # O's sea returns when land fills the sixth neighbour: 1 to land, nothing else.
    state = build(options={"waypoints": True})
    turn(state, SEA)
    hold(state, SEA, 10)
    act(state, "10a1@-1,1")
    act(state, "waypoint 0,0:3")
    assert state.board.waypoints[pack(0, 0)][0] == SEA
    for tile, k, q, r in ((11, 2, 1, -1), (12, 4, 1, 0), (13, 4, 0, 1), (14, 3, -1, 0)):
        lay(state, tile, 0, k, q, r)
    turn(state, LAND)
    hold(state, LAND, 15)
    act(state, "15a4@0,-1")
    assert events(state) == [("waypoint", "land", 1)]
    assert state.points == [1, 0, 0]
    assert state.waypoint_home[SEA]
    assert pack(0, 0) not in state.board.waypoints


def test_cartographer_has_no_waypoint_but_scores_returns() -> None:
    # ruling LS-11, ruling LS-12: land's waypoint on O; the cartographer closes O+A+C+D:
    # 4 to land, 1 to the cartographer; the cartographer is never offered a waypoint.
    state = build(tiles=WAYPOINT_TILES, players=3)
    assert state.waypoint_home == [True, True, False]
    hold(state, LAND, 1)
    act(state, "1a0@1,0", "waypoint 0,0:0")
    lay(state, 2, 0, 0, 1, -1)
    turn(state, CARTOGRAPHER)
    hold(state, CARTOGRAPHER, 3)
    act(state, "3a0@0,1")
    assert state.points == [4, 0, 1]
    assert not any(text.startswith("waypoint") for text in legal(state))


def test_two_waypoints_in_one_area_with_four_players() -> None:
    # ruling LS-11, ruling LS-12: A' 1,0 SSSSLL (land {4,5}, edge 5 open). L1 puts a
    # waypoint on O, L2 (after a filler at -1,0) on A'. C' 1,-1 SSLLSS (land {2,3}) and then
    # D 0,1 SSSSSL by S1 close O+A'+C'+D (4): 4 to land, 2 waypoints returned: 2 to sea.
    state = build(
        tiles={1: one(face("SSSSLL")), 2: one(face("SSLLSS")), 3: one(face("SSSSSL"))},
        players=4,
    )
    hold(state, 0, 1)
    act(state, "1a0@1,0", "waypoint 0,0:0")
    turn(state, 2)
    hold(state, 2, 10)
    act(state, "10a3@-1,0")
    with pytest.raises(IllegalActionError, match="LS-11"):
        act(state, "waypoint 0,0:0")  # O already holds a waypoint
    act(state, "waypoint 1,0:4")
    lay(state, 2, 0, 0, 1, -1)
    turn(state, 1)
    hold(state, 1, 3)
    act(state, "3a0@0,1")
    assert state.points == [4, 2, 0]
    assert state.scores() == [4, 2, 4, 2]
    assert state.waypoint_home[0] and state.waypoint_home[2]


# ---------------------------------------------------------------------------
# LS-6 action tiles

ACTION_TILES = {
    1: one(face("LLSSSS", action="play_again")),
    2: one(face("LLSSSS", action="play_again")),
    3: one(face("LLSSSS", action="steal")),
}


def test_play_again_twice_gives_nothing_more() -> None:
    # ruling LS-6: with three held tiles, the first Play Again asks for another placement;
    # the second Play Again does not, and the third tile stays in hand (then one draw).
    state = build(tiles=ACTION_TILES)
    for tile in (1, 2, 4):
        hold(state, LAND, tile)
    act(state, "1a3@1,0")  # land on 3,4: edge 4 meets O's land
    assert state.current_player == LAND
    options = legal(state)
    assert options and all("@" in text for text in options)
    assert {int(re.sub(r"\D.*", "", text)) for text in options} == {2, 4}
    act(state, "2a3@-1,0")  # edge 1 (sea) meets O's sea
    assert placements(state) == set()
    assert [tile for tile, _ in state.hands[LAND]] == [4]
    assert legal(state) == {"draw 1", "draw 2"}
    act(state, "draw 1")
    assert state.current_player == SEA


def test_play_again_without_another_tile_and_symbols_on_the_down_face() -> None:
    # ruling LS-6: Play Again with no other tile gives nothing; a Steal printed on face a does
    # nothing when the tile is placed face b up (the symbol is not visible).
    state = build(tiles=ACTION_TILES)
    hold(state, LAND, 1)
    act(state, "1a3@1,0")
    assert legal(state) == {"draw 1", "draw 2"}
    state = build(tiles=ACTION_TILES)
    hold(state, LAND, 3)
    hold(state, SEA, 20)
    hold(state, SEA, 21)
    act(state, "3b3@1,0")
    assert legal(state) == {"draw 1", "draw 2"}


def test_steal_on_the_second_tile_still_applies() -> None:
    # ruling LS-6, ruling LS-5: Play Again, then a Steal tile: take one of sea's two tiles,
    # chosen by slot (up face); the thief then draws back to 2.
    state = build(tiles=ACTION_TILES)
    hold(state, LAND, 1)
    hold(state, LAND, 3)
    hold(state, SEA, 20)
    hold(state, SEA, 21, up=1)
    act(state, "1a3@1,0", "3a3@-1,0")
    assert legal(state) == {"steal 2/1", "steal 2/2", "steal none"}
    act(state, "steal 2/2")
    assert state.hands[LAND] == [(21, 1)]
    assert state.hands[SEA] == [(20, 0)]
    assert legal(state) == {"draw 1", "draw 2"}
    act(state, "draw 1")
    assert state.current_player == SEA
    assert len(state.hands[LAND]) == 2


def test_steal_never_takes_a_last_tile() -> None:
    # ruling LS-6: with 2 players and sea holding 1 tile, no steal is offered.
    state = build(tiles=ACTION_TILES)
    hold(state, LAND, 3)
    hold(state, LAND, 20)
    hold(state, SEA, 21)
    act(state, "3a3@1,0")
    assert not any(text.startswith("steal") for text in legal(state))
    assert state.hands[SEA] == [(21, 0)]


def test_steal_from_three_players_skips_a_single_tile() -> None:
    # ruling LS-6: sea holds one tile, the cartographer two: only the cartographer's tiles
    # (steal 3/N, seats 1-based in the notation) can be taken.
    state = build(tiles=ACTION_TILES, players=3)
    hold(state, LAND, 3)
    hold(state, LAND, 20)
    hold(state, SEA, 21)
    hold(state, CARTOGRAPHER, 22)
    hold(state, CARTOGRAPHER, 23)
    act(state, "3a3@1,0")
    assert legal(state) == {"steal 3/1", "steal 3/2", "steal none"}
    with pytest.raises(IllegalActionError, match="LS-6"):
        act(state, "steal 2/1")
    act(state, "steal 3/1")
    assert [tile for tile, _ in state.hands[LAND]] == [20, 22]
    assert state.hands[SEA] == [(21, 0)]


def test_four_players_may_steal_from_a_teammate() -> None:
    # ruling LS-6, ruling LS-12: L1 may take a tile of its teammate L2 (steal 3/N, seats
    # 1-based); S1 and S2 hold one tile each, so they are safe.
    state = build(tiles=ACTION_TILES, players=4)
    hold(state, 0, 3)
    hold(state, 0, 20)
    hold(state, 1, 21)
    hold(state, 2, 22)
    hold(state, 2, 23)
    hold(state, 3, 24)
    act(state, "3a3@1,0")
    assert {t for t in legal(state) if t.startswith("steal")} == {
        "steal 3/1",
        "steal 3/2",
        "steal none",
    }
    act(state, "steal 3/2")
    assert [tile for tile, _ in state.hands[0]] == [20, 23]


# ---------------------------------------------------------------------------
# LS-7 replenish


def test_draws_one_at_a_time_from_either_stack() -> None:
    # ruling LS-7
    state = build()
    hold(state, LAND, 10)
    act(state, "10a3@1,0")
    first, second = state.stacks[1][-1], state.stacks[1][-2]
    other = list(state.stacks[0])
    assert legal(state) == {"draw 1", "draw 2"}
    act(state, "draw 2")
    assert state.hands[LAND] == [first]
    keys = state.edition.keys[first[0]]
    assert state.observation(LAND)["hands"][LAND][0]["down"] == keys[1 - first[1]]
    assert state.observation(SEA)["hands"][LAND][0]["down"] is None
    assert state.current_player == LAND
    assert state.observation(LAND)["stacks"][1]["top"] == state.edition.keys[second[0]][second[1]]
    act(state, "draw 2")
    assert state.hands[LAND] == [first, second]
    assert state.stacks[0] == other
    assert state.current_player == SEA


def test_an_empty_stack_is_replaced_by_the_other_stacks_bottom_half() -> None:
    # ruling LS-7: stack 1 holds one tile, stack 2 five (b0 bottom .. b4 top). Drawing the
    # last of stack 1 splits stack 2: its bottom 5 // 2 = 2 tiles become the new stack.
    state = build()
    hold(state, LAND, 10)
    del state.stacks[0][:-1]
    del state.stacks[1][:-5]
    last = state.stacks[0][-1]
    bottom = list(state.stacks[1])
    act(state, "10a3@1,0", "draw 1")
    assert state.hands[LAND] == [last]
    assert sorted((list(s) for s in state.stacks), key=len) == [bottom[:2], bottom[2:]]
    assert state.current_player == LAND


def test_a_one_tile_stack_splits_into_nothing() -> None:
    # ruling LS-7: both stacks hold one tile. Drawing stack 1's empties it; the other's bottom
    # half (1 // 2 = 0 tiles) is the new stack, so only stack 2 can be drawn; once it is
    # empty too, the hand stays short and the turn passes on.
    state = build()
    hold(state, LAND, 10)
    del state.stacks[0][:-1]
    del state.stacks[1][:-1]
    act(state, "10a3@1,0", "draw 1")
    assert sorted(len(s) for s in state.stacks) == [0, 1]
    assert legal(state) == {f"draw {1 + [len(s) for s in state.stacks].index(1)}"}
    act(state, next(iter(legal(state))))
    assert len(state.hands[LAND]) == 2
    assert state.current_player == SEA


def test_drawing_stops_when_both_stacks_are_empty() -> None:
    # ruling LS-7: one tile left in all: the hand stays at 1 and the turn ends.
    state = build()
    hold(state, LAND, 10)
    del state.stacks[0][:-1]
    state.stacks[1].clear()
    act(state, "10a3@1,0")
    assert legal(state) == {"draw 1"}
    act(state, "draw 1")
    assert len(state.hands[LAND]) == 1
    assert state.current_player == SEA


def test_a_hand_of_three_after_a_steal_draws_nothing() -> None:
    # ruling LS-7, ruling LS-6
    state = build(tiles=ACTION_TILES)
    for tile in (3, 20, 21):
        hold(state, LAND, tile)
    hold(state, SEA, 22)
    hold(state, SEA, 23)
    sizes = [len(s) for s in state.stacks]
    act(state, "3a3@1,0", "steal 2/1")
    assert [tile for tile, _ in state.hands[LAND]] == [20, 21, 22]
    assert state.current_player == SEA
    assert [len(s) for s in state.stacks] == sizes


def test_a_hand_of_two_after_a_steal_draws_nothing() -> None:
    # ruling LS-7, ruling LS-6: the stolen tile cannot be played this turn either.
    state = build(tiles=ACTION_TILES)
    hold(state, LAND, 3)
    hold(state, LAND, 20)
    hold(state, SEA, 22)
    hold(state, SEA, 23)
    act(state, "3a3@1,0", "steal 2/2")
    assert [tile for tile, _ in state.hands[LAND]] == [20, 23]
    assert state.current_player == SEA


# ---------------------------------------------------------------------------
# LS-8 passing


def test_a_seat_without_a_placement_passes_and_draws_nothing() -> None:
    # ruling LS-8: every face has both edge types, so next to any single tile some rotation
    # fits; a seat without a placement is one with no tile. It may only pass: no draw.
    state = build()
    sizes = [len(s) for s in state.stacks]
    assert legal(state) == {"pass"}
    act(state, "pass")
    assert state.hands[LAND] == []
    assert [len(s) for s in state.stacks] == sizes
    assert state.current_player == SEA
    assert not state.is_terminal
    act(state, "pass")  # every seat in turn has passed
    assert state.is_terminal


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_game_ends_once_every_seat_in_turn_has_passed(players: int) -> None:
    # ruling LS-8
    state = build(players=players)
    for seat in range(players):
        assert not state.is_terminal
        assert state.current_player == seat
        assert legal(state) == {"pass"}
        act(state, "pass")
    assert state.is_terminal


def test_passes_must_be_consecutive_to_end_the_game() -> None:
    # ruling LS-8: land passes, sea places (and draws), land passes again: sea has not passed
    # since, so the game goes on.
    state = build()
    hold(state, SEA, 10)
    act(state, "pass")
    act(state, "10a3@1,0", "draw 1", "draw 1")
    assert state.current_player == LAND
    act(state, "pass")
    assert not state.is_terminal
    assert state.current_player == SEA


def test_the_game_ends_when_the_last_tile_is_placed() -> None:
    # ruling LS-8: stacks and hands empty but for one tile: its placement ends the game.
    state = build()
    empty_supply(state)
    hold(state, LAND, 10)
    act(state, "10a3@1,0")
    play_out(state)
    assert state.is_terminal
    assert state.points == [0, 0, 0]
    assert state.winners() == [0, 1]


# ---------------------------------------------------------------------------
# LS-5 hidden information


def test_observations_show_up_faces_only() -> None:
    # ruling LS-5
    tiles = {t: (face("LLSSSS", bonus={0: t}), face("LLLSSS", bonus={1: t})) for t in range(1, 8)}
    state = build(tiles=tiles)
    keys = state.edition.keys
    hold(state, LAND, 1, up=0)
    hold(state, LAND, 2, up=1)
    hold(state, SEA, 3, up=1)
    hold(state, SEA, 4, up=0)
    for stack, tile, up in ((0, 5, 1), (1, 6, 0)):
        for s in state.stacks:
            s[:] = [entry for entry in s if entry[0] != tile]
        state.stacks[stack].append((tile, up))
    seen = state.observation(LAND)
    assert seen["hands"][LAND] == [
        {"tile": 1, "up": keys[1][0], "down": keys[1][1]},
        {"tile": 2, "up": keys[2][1], "down": keys[2][0]},
    ]
    assert seen["hands"][SEA] == [
        {"tile": None, "up": keys[3][1], "down": None},
        {"tile": None, "up": keys[4][0], "down": None},
    ]
    assert [s["top"] for s in seen["stacks"]] == [keys[5][1], keys[6][0]]
    text = json.dumps(seen)
    for hidden in (keys[3][0], keys[4][1], keys[5][0], keys[6][1]):
        assert hidden not in text
    other = state.observation(SEA)
    assert [h["down"] for h in other["hands"][LAND]] == [None, None]
    assert [h["down"] for h in other["hands"][SEA]] == [keys[3][0], keys[4][1]]


def test_the_thief_sees_the_stolen_tiles_down_face() -> None:
    # ruling LS-5, ruling LS-6
    tiles = dict(ACTION_TILES)
    tiles[20] = (face("LLSSSS", bonus={0: 3}), face("LLLSSS", bonus={0: 4}))
    tiles[21] = (face("LSSSSS", bonus={0: 3}), face("LLLLSS", bonus={0: 4}))
    state = build(tiles=tiles)
    keys = state.edition.keys
    hold(state, LAND, 3)
    hold(state, LAND, 22)
    hold(state, SEA, 20, up=1)
    hold(state, SEA, 21, up=0)
    assert keys[20][0] not in json.dumps(state.observation(LAND))
    act(state, "3a3@1,0", "steal 2/1")
    mine = state.observation(LAND)["hands"][LAND]
    assert mine[-1] == {"tile": 20, "up": keys[20][1], "down": keys[20][0]}
    assert keys[21][1] not in json.dumps(state.observation(LAND))
    seen = state.observation(LAND)
    for n in range(1, 6):
        assert state.sample_hidden(LAND, Rng(n)).observation(LAND) == seen


@pytest.mark.parametrize("players", [2, 3, 4])
def test_sample_hidden_keeps_the_viewers_observation(players: int) -> None:
    # ruling LS-5: a redraw of the hidden information is consistent with what the seat knows.
    state = GAME.new_state(players=players, seed=3)
    for _ in range(3 * players):
        if state.is_terminal:
            break
        auto_turn(state)
    for seat in range(players):
        seen = state.observation(seat)
        for n in range(3):
            sample = state.sample_hidden(seat, Rng(n + 1))
            assert sample.observation(seat) == seen


# ---------------------------------------------------------------------------
# LS-12 player counts


def test_three_player_turn_order() -> None:
    # ruling LS-12: land, sea, cartographer, then land again.
    state = build(players=3)
    order = []
    for tile, at in ((10, "10a3@1,0"), (11, "11a3@-1,0"), (12, "12a5@0,1"), (13, "13a3@1,-1")):
        seat = state.current_player
        order.append(seat)
        hold(state, seat, tile)
        act(state, at)
        finish_turn(state)
    assert order == [0, 1, 2, 0]
    assert state.observation(0)["sides"] == ["land", "sea", "cartographer"]


def test_four_players_alternate_teams_and_share_scores() -> None:
    # ruling LS-12: order L1 S1 L2 S2; L2 (seat 3) closes the 4-tile land area of the
    # LS-3 test (O + 1,-1 + 1,0 + 0,1): both land seats show 4.
    state = build(
        tiles={1: one(face("SSSLSS")), 2: one(face("SSSSLS")), 3: one(face("SSSSSL"))},
        players=4,
    )
    order = []
    for tile, at in ((1, "1a0@1,-1"), (20, "20a3@-1,0"), (2, "2a0@1,0"), (21, "21a2@-1,1")):
        seat = state.current_player
        order.append(seat)
        hold(state, seat, tile)
        act(state, at)
        finish_turn(state)
    assert order == [0, 1, 2, 3]
    assert state.current_player == 0
    turn(state, 2)
    hold(state, 2, 3)
    act(state, "3a0@0,1")
    assert state.points[:2] == [4, 0]
    assert state.scores() == [4, 0, 4, 0]


def test_three_players_need_every_module() -> None:
    # ruling LS-12
    with pytest.raises(OptionError, match="LS-12"):
        GAME.new_state(players=3, seed=0, options={"trade": False})
    state = GAME.new_state(players=3, seed=0)
    assert state.options == ALL_MODULES
    four = GAME.new_state(players=4, seed=0)
    assert four.options["waypoints"] is True
    with pytest.raises(OptionError, match="LS-12"):
        GAME.new_state(players=4, seed=0, options={"waypoints": False})
