"""The Land vs Sea game log: the lines each seat reads, word for word, at positions built by
hand (the maps of test_rules.py, whose scores are worked out there from the rules)."""

from __future__ import annotations

from tablelands.games.land_vs_sea import GAME
from tablelands.games.land_vs_sea.log import seat_name
from tests.play import logged_steps, marked, told

from .helpers import build, face, hold, lay, one, turn
from .test_rules import (
    ACTION_TILES,
    CARTOGRAPHER,
    LAND,
    SEA,
    WAYPOINT_TILES,
    empty_supply,
    lay_ring,
    ring_tiles,
    two_area_tiles,
    two_holes,
)


def test_the_log_opens_with_the_sides_in_turn_order_and_the_modules() -> None:
    state = GAME.new_state(players=4, seed=1, options={"trade": True})
    assert GAME.introduce(state.observation(2), state.edition) == [
        "Land (seat 1), Sea (seat 2), Land (seat 3) and Sea (seat 4) play, in that order; the "
        "start tile lies at 0,0.",
        "Modules: trade, waypoints.",
    ]


def test_a_completed_area_scores_its_side_and_the_bonus_the_placer() -> None:
    # ruling LS-3: the sea player closes a 4-tile land holding 3 bonus symbols: 4 to land,
    # 3 to sea. The tile's id is told only to the seat that held it.
    state = build(
        tiles={
            1: one(face("SSSLSS", bonus={0: 2, 1: 1})),
            2: one(face("SSSSLS")),
            3: one(face("SSSSSL", bonus={1: 1})),
        }
    )
    lay(state, 1, 0, 0, 1, -1)
    lay(state, 2, 0, 0, 1, 0)
    turn(state, SEA)
    hold(state, SEA, 3)
    scored = "completed a 4-tile land: +4 to land, 3 bonus symbols in it: +3."
    land, sea = told(state, "3a0@0,1")
    assert land == [f"Sea placed a tile at 0,1 and {scored}"]
    assert sea == [f"Sea placed tile 3 at 0,1 and {scored}"]


def test_two_areas_at_once_each_tell_their_points() -> None:
    # ruling LS-3: a 2-tile land (1 bonus) and a 3-tile sea (2 bonus) closed by one tile.
    state = build(tiles=two_area_tiles())
    lay(state, 1, 0, 0, 1, 0)
    lay(state, 2, 0, 0, 0, 1)
    turn(state, SEA)
    hold(state, SEA, 3)
    _, sea = told(state, "3a0@1,1")
    assert sea == [
        "Sea placed tile 3 at 1,1 and completed a 3-tile sea: +3, 2 bonus symbols in it: +2, "
        "completed a 2-tile land: +2 to land, 1 bonus symbol in it: +1."
    ]


def test_the_cartographer_scores_the_bonus_of_what_it_completes() -> None:
    state = build(
        tiles={
            1: one(face("SSSLSS", bonus={0: 2, 1: 1})),
            2: one(face("SSSSLS")),
            3: one(face("SSSSSL", bonus={1: 1})),
        },
        players=3,
    )
    lay(state, 1, 0, 0, 1, -1)
    lay(state, 2, 0, 0, 1, 0)
    turn(state, CARTOGRAPHER)
    hold(state, CARTOGRAPHER, 3)
    land, _, _ = told(state, "3a0@0,1")
    assert land[0] == (
        "Cartographer placed a tile at 0,1 and completed a 4-tile land: +4 to land, 3 bonus "
        "symbols in it: +3."
    )


def test_the_volcano_fills_a_hole_for_the_placer_and_a_choice_is_told() -> None:
    # ruling LS-4: sea's tile closes the ring; the Volcano closes a 7-tile land (3 bonus).
    state = build(tiles=ring_tiles())
    lay_ring(state)
    turn(state, SEA)
    hold(state, SEA, 4)
    land, _ = told(state, "4a0@1,1")
    assert land == [
        "Sea placed a tile at 1,1.",
        "The Volcano filled the hole at 1,0 and completed a 7-tile land: +7 to land, 3 bonus "
        "symbols in it: +3.",
    ]
    # Two holes at once: the placer is asked, then sends the Volcano to one.
    state = two_holes(q3="SSSSSL")
    turn(state, SEA)
    hold(state, SEA, 4)
    land, _ = told(state, "4a0@1,1")
    assert land[-1] == "Sea chooses the hole for the Volcano/Whirlpool: 2,1 and 1,0."
    land, _ = told(state, "hole 2,1")
    assert land == [
        "Sea sent the Volcano to the hole at 2,1 and completed a 7-tile land: +7 to land, 2 "
        "bonus symbols in it: +2."
    ]


def test_draws_play_again_steals_and_a_stack_rebuilt() -> None:
    # ruling LS-6: Play Again, then a Steal: the thief and the victim know the tile.
    state = build(tiles=ACTION_TILES)
    hold(state, LAND, 1)
    hold(state, LAND, 3)
    hold(state, SEA, 20)
    hold(state, SEA, 21, up=1)
    land, sea = told(state, "1a3@1,0")
    assert land == ["Land placed tile 1 at 1,0.", "Land plays again (Play Again)."]
    assert sea == ["Land placed a tile at 1,0.", "Land plays again (Play Again)."]
    told(state, "3a3@-1,0")
    land, sea = told(state, "steal 2/2")
    assert land == sea == ["Land stole tile 21 from Sea."]
    # ruling LS-7: stack 1 holds one tile: drawing it rebuilds stack 1 from stack 2.
    top = state.stacks[0][-1][0]
    del state.stacks[0][:-1]
    land, sea = told(state, "draw 1")
    rebuilt = "Stack 1 ran out: the bottom half of stack 2 became stack 1."
    assert land == [f"Land drew tile {top} from stack 1.", rebuilt]
    assert sea == ["Land drew a tile from stack 1.", rebuilt]


def test_a_steal_declined_and_one_seen_from_the_side() -> None:
    state = build(tiles=ACTION_TILES, players=3)
    hold(state, LAND, 3)
    hold(state, LAND, 20)
    hold(state, SEA, 21)
    hold(state, CARTOGRAPHER, 22)
    hold(state, CARTOGRAPHER, 23)
    told(state, "3a3@1,0")
    other = state.clone()
    _, sea, cartographer = told(state, "steal 3/1")
    assert sea == ["Land stole a tile from Cartographer."]
    assert cartographer == ["Land stole tile 22 from Cartographer."]
    assert told(other, "steal none")[1] == ["Land did not steal."]


def test_waypoints_put_out_kept_and_sent_home() -> None:
    # ruling LS-11: land's waypoint on the start tile comes home when sea closes the land.
    state = build(tiles=WAYPOINT_TILES, options={"waypoints": True})
    hold(state, LAND, 1)
    told(state, "1a0@1,0")
    assert told(state, "waypoint 0,0:0")[SEA] == [
        "Land put the waypoint at 0,0 (the region of edge 0)."
    ]
    turn(state, SEA)
    hold(state, SEA, 2)
    told(state, "2a0@1,-1")
    assert told(state, "waypoint none")[LAND] == ["Sea kept the waypoint."]
    turn(state, SEA)
    hold(state, SEA, 3)
    assert told(state, "3a0@0,1")[LAND] == [
        "Sea placed a tile at 0,1 and completed a 4-tile land: +4 to land, sent 1 waypoint "
        "home: +1."
    ]


def test_passes_and_the_end_with_trade_routes() -> None:
    # ruling LS-8, ruling LS-10: nobody holds a tile, so both pass; the routes score.
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
    empty_supply(state)
    assert told(state, "pass")[SEA] == ["Land passed: no tile fits (LS-8)."]
    assert told(state, "pass")[LAND] == [
        "Sea passed: no tile fits (LS-8).",
        "A trade route of 2 caravans and 0 ships: +2 to land.",
        "A trade route of 0 caravans and 2 ships: +2 to sea.",
        "Everyone passed in turn: the game is over. Land 2, Sea 2. Land and sea share the win.",
    ]


def test_every_step_tells_every_seat_first_who_acted() -> None:
    for players, options in GAME.info.modes:
        seen = GAME.new_state(players=players, seed=0, options=dict(options)).observation(0)
        for seed in range(3):
            for actor, lines_per_seat in logged_steps("land-vs-sea", players, seed, dict(options)):
                for lines in lines_per_seat:
                    assert lines and lines[0].startswith(seat_name(seen, actor)), (seed, lines)


def test_a_placement_and_a_waypoint_mark_their_tile_for_every_seat() -> None:
    state = build(tiles=WAYPOINT_TILES, options={"waypoints": True})
    hold(state, LAND, 1)
    assert marked(state, "1a0@1,0") == [[(LAND, "1,0")]] * 2
    assert marked(state, "waypoint 0,0:0") == [[(LAND, "0,0")]] * 2
    turn(state, SEA)
    hold(state, SEA, 2)
    marked(state, "2a0@1,-1")
    assert marked(state, "waypoint none") == [[], []]  # nothing on the map changed
