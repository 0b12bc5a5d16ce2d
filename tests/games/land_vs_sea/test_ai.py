"""What the bots know of Land vs Sea (ai.py): the estimate, and what each side can expect
(ai.worth): ranges that can still grow, trade route majorities, open areas, tiles in hand;
each promise going to the side that would score it."""

from __future__ import annotations

import math

import pytest

from tablelands.agents.knowledge import knowledge_for
from tablelands.games.land_vs_sea import GAME, ai
from tablelands.games.land_vs_sea.ai import KNOWLEDGE, worth
from tablelands.games.land_vs_sea.components import CARTOGRAPHER, LAND, PLAY_AGAIN, SEA, STEAL

from .helpers import build, face, hold, lay, one


def test_the_registry_finds_this_knowledge() -> None:
    assert knowledge_for(GAME) is KNOWLEDGE


def test_estimate_counts_what_open_areas_promise() -> None:
    state = build({1: (face("LLLLLS"), face("LLLLLS"))})
    # The start tile alone: a land and a sea area of 1 tile with 3 open edges each.
    assert KNOWLEDGE.estimate(state) == [0.5, 0.5]
    # East of it, tile 1 turned so its sea edge faces east: its land joins the start's land
    # (2 tiles, 3 + 5 - 2 = 6 open edges: promise 2/7); the sea has the start's area (1/4)
    # and the new one-edge bay (1/2).
    lay(state, 1, 0, 2, 1, 0)
    land, sea = 2 / 7, 1 / 4 + 1 / 2
    expected_land = 1 / (1 + math.exp((sea - land) / 6.0))
    assert abs(KNOWLEDGE.estimate(state)[0] - expected_land) < 1e-12
    # Points weigh in at full value: the side ahead in points is ahead in the estimate.
    state.points[0] += 3
    assert KNOWLEDGE.estimate(state)[0] > 0.5


def test_the_greedy_evaluation_is_the_lead_in_points() -> None:
    state = build(players=3)
    state.points[:] = [4, 9, 6]  # land, sea, cartographer
    assert KNOWLEDGE.evaluate(state, 0) == 4 - 9
    assert KNOWLEDGE.evaluate(state, 1) == 9 - 6
    assert KNOWLEDGE.evaluate(state, 2) == 6 - 9


# The range of the LS-9 rule tests: M1 1,-1 mountains on 2,3; M2 1,0 on 5,0; M3 2,-1 on 3,4.
# After M1 and M2, M2's mountain edge 0 faces the empty 2,-1: the range of 2 can grow.
# M3 closes it: every mountain edge of the three then faces a tile.
RANGE = (
    (1, "SLLLSS", [2, 3], (1, -1)),
    (2, "LSSSLL", [5, 0], (1, 0)),
    (3, "SSSLLS", [3, 4], (2, -1)),
)


def range_worth(players: int, laid: int) -> list[float]:
    tiles = {tile: one(face(edges, mountains=run)) for tile, edges, run, _ in RANGE}
    state = build(
        tiles=tiles, players=players, options={"mountains": True} if players == 2 else None
    )
    for tile, _, _, (q, r) in RANGE[:laid]:
        lay(state, tile, 0, 0, q, r)
    return worth(state)


@pytest.mark.parametrize(("players", "scorer"), [(2, LAND), (3, CARTOGRAPHER)])
def test_a_range_that_can_grow_promises_its_size_to_who_scores_ranges(
    players: int, scorer: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # ruling LS-9 (ranges score to land, to the cartographer with 3 players)
    with_ranges = range_worth(players, 2)
    monkeypatch.setattr(ai, "RANGE_WEIGHT", 0.0)
    without = range_worth(players, 2)
    gained = [a - b for a, b in zip(with_ranges, without, strict=True)]
    expected = [0.0, 0.0, 0.0]
    expected[scorer] = 0.5 * 2
    assert gained == pytest.approx(expected)


def test_a_closed_range_promises_nothing() -> None:
    # ruling LS-12: the cartographer has no areas, so only ranges could give it worth
    assert range_worth(3, 2)[CARTOGRAPHER] > 0
    assert range_worth(3, 3)[CARTOGRAPHER] == 0


def trade_worth(players: int, trades: list[str]) -> list[float]:
    spots = ((1, "SSSLSS", (1, -1)), (2, "SSSSLS", (1, 0)), (3, "SSSSLL", (0, 1)))
    tiles = {
        tile: one(face(edges, trade=kind))
        for (tile, edges, _), kind in zip(spots, trades, strict=False)
    }
    state = build(tiles=tiles, players=players, options={"trade": True} if players == 2 else None)
    for (tile, _, (q, r)), _ in zip(spots, trades, strict=False):
        lay(state, tile, 0, 0, q, r)
    return worth(state)


@pytest.mark.parametrize(
    ("players", "trades", "side", "count"),
    [
        (2, ["caravan", "caravan", "ship"], LAND, 3),
        (2, ["ship", "ship", "caravan"], SEA, 3),
        (3, ["caravan", "ship"], CARTOGRAPHER, 2),
    ],
)
def test_a_trade_route_promises_its_tiles_to_its_majority(
    players: int, trades: list[str], side: int, count: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    # ruling LS-10, ruling LS-12 (a tie goes to the cartographer)
    with_routes = trade_worth(players, trades)
    monkeypatch.setattr(ai, "TRADE_WEIGHT", 0.0)
    without = trade_worth(players, trades)
    gained = [a - b for a, b in zip(with_routes, without, strict=True)]
    expected = [0.0, 0.0, 0.0]
    expected[side] = 0.7 * count
    assert gained == pytest.approx(expected)


def test_an_open_area_promises_its_tiles_over_its_open_edges() -> None:
    # ruling LS-3: the start tile alone is a land area and a sea area, 1 tile, 3 open edges each
    state = build()
    assert worth(state) == pytest.approx([1 / 4, 1 / 4, 0.0])


def test_a_tile_in_hand_promises_its_better_face_to_its_holders_side() -> None:
    # ruling LS-6 (Play Again, Steal) and LS-3 (bonus symbols): what a held tile can bring
    # makes drawing and stealing real choices for the search
    tiles = {
        1: (face("LLSSSS", action="play_again"), face("LLLSSS", bonus={0: 1})),
        2: (face("LLSSSS", action="steal"), face("LLLSSS", bonus={0: 2})),
        3: (face("LLSSSS", trade="ship"), face("LLLSSS")),
    }
    state = build(tiles=tiles, players=3)
    empty = worth(state)
    hold(state, 1, 1)  # seat 2 is sea: Play Again beats one bonus symbol
    hold(state, 2, 2)  # the cartographer: two bonus symbols beat a Steal
    hold(state, 0, 3)  # land: a ship
    gained = [a - b for a, b in zip(worth(state), empty, strict=True)]
    expected = [0.0, 0.0, 0.0]
    expected[LAND] = ai.TRADE_IN_HAND
    expected[SEA] = ai.ACTION_IN_HAND[PLAY_AGAIN]
    expected[CARTOGRAPHER] = 2 * ai.BONUS_IN_HAND
    assert gained == pytest.approx(expected)
    assert ai.ACTION_IN_HAND[STEAL] < 2 * ai.BONUS_IN_HAND
    assert ai.ACTION_IN_HAND[PLAY_AGAIN] > ai.BONUS_IN_HAND


def test_a_caravan_in_hand_promises_nothing_without_the_trade_module() -> None:
    # ruling LS-10: caravans and ships only score with the trade module
    tiles = {3: (face("LLSSSS", trade="ship"), face("LLLSSS"))}
    for trade, promise in ((False, 0.0), (True, ai.TRADE_IN_HAND)):
        state = build(tiles=tiles, players=2, options={"trade": trade})
        empty = worth(state)
        hold(state, 1, 3)
        assert worth(state)[SEA] - empty[SEA] == pytest.approx(promise)
