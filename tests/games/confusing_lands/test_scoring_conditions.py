"""Scoring-condition tests for Confusing Lands, built from the rulebook and rulings CL-3..CL-17.

Every landscape below is hand-built. The comment next to each case lists the spaces that count
and why, so that a reader can recount the expected value without running anything. Grid
positions are written (row, column), row 0 being the top row of the text.
"""

from textwrap import dedent

import pytest

from tablelands.games.confusing_lands.landscape import Landscape
from tablelands.games.confusing_lands.scoring import score_condition, score_landscape

MIGHTY_RIVER = 1
NOBLE_WOODLANDS = 2
BARRIER_RANGE = 3
THRIVING_VILLAGES = 4
CIRCLE_OF_LIFE = 5
ANCIENT_RELICS = 6
ROARING_FALLS = 7
SHADED_STREAMS = 8
VALLEY_GUARDIANS = 9
FIERCE_HUNTERS = 10
FOREST_SPIRIT = 11
TOWN_CENTER = 12
DISTANT_OUTPOSTS = 13
CLOSE_NEIGHBORS = 14
GREAT_PRAIRIE = 15
LAND_OF_PLENTY = 16
TRANQUILITY = 17
WILDERNESS = 18


def land(text: str) -> Landscape:
    return Landscape.from_text(dedent(text))


# --------------------------------------------------------------------------------------------
# 1. Mighty River
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Joined end to end (both sides carry an end on the shared edge):
        #   (0,0)E-(0,1)W, (0,1)S-(1,1)N, (1,1)E-(1,2)W  -> group of 4.
        # Not joined:
        #   (0,2) touches (0,1) and (1,2) but neither side has an end on those edges;
        #   (2,1) has an N end but (1,1) has no S end (only one side);
        #   (2,0) has an E end but (2,1) has no W end (only one side).
        # Largest group 4 -> 4 * 4 = 16.
        # (Plain adjacency would give 7 -> 28; accepting one-sided ends would give 6 -> 24.)
        pytest.param(
            """
            R:E  R:WS R:E  .
            .    R:NE R:W  .
            R:E  R:N  .    .
            """,
            16,
            id="one-sided-ends-do-not-join",
        ),
        # Groups: (0,0)-(1,0)-(2,0) joined N/S -> 3; (0,2)E-(0,3)W -> 2; (2,1)E-(2,2)W -> 2.
        # (2,0) has no E end and (2,1) has no W end, so the first and third groups stay apart.
        # Ends pointing at x, (0,2)W and (2,2)E, join nothing.
        # Only the largest group scores: 3 * 4 = 12 (not the sum 7 * 4 = 28).
        pytest.param(
            """
            R:S   x    R:E  R:W
            R:NS  x    .    .
            R:N   R:E  R:W  x
            """,
            12,
            id="largest-group-only",
        ),
        # ruling CL-17: two touching rivers, no end on their shared edge -> each is a group of 1.
        # Largest group 1 -> 4.
        pytest.param("R:N R:S F", 4, id="lone-river-is-group-of-one"),
        # ruling CL-17: a single river with ends on all four edges, nothing to join -> 4.
        pytest.param("F R:NESW M", 4, id="single-river-all-ends"),
        # No river at all -> 0.
        pytest.param(". F M", 0, id="no-river"),
    ],
)
def test_mighty_river(text: str, expected: int) -> None:
    # ruling CL-5 (end-to-end joins) and ruling CL-17 (a lone river is a group of 1)
    assert score_condition(land(text), MIGHTY_RIVER) == expected


# --------------------------------------------------------------------------------------------
# 2. Noble Woodlands
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Touching groups of forests: {(0,0),(0,1)} size 2; {(1,2),(2,2),(2,3)} size 3;
        # (0,3) alone (only diagonal to (1,2)); (2,0) alone.
        # Forests in groups of 2+: 2 + 3 = 5 -> 5 * 3 = 15.
        # (Diagonal links would pull (0,3) in -> 6 * 3 = 18; counting every forest -> 21;
        # scoring only the largest group -> 9.)
        pytest.param(
            """
            F  F  .  F
            .  .  F  .
            F  .  F  F
            """,
            15,
            id="diagonal-does-not-connect",
        ),
        # (0,0) touches only a condition space and an x -> alone. (2,0) touches only x -> alone.
        # Column 2: (0,2)-(1,2)-(2,2) -> group of 3 -> 3 * 3 = 9.
        pytest.param(
            """
            F  #2  F
            x  #2  F
            F  x   F
            """,
            9,
            id="condition-and-x-separate",
        ),
        # Two forests with an empty space between them: no group of 2 -> 0.
        pytest.param("F . F", 0, id="no-pair"),
    ],
)
def test_noble_woodlands(text: str, expected: int) -> None:
    # ruling CL-4: connected means linked by touching (orthogonal) spaces only
    assert score_condition(land(text), NOBLE_WOODLANDS) == expected


# --------------------------------------------------------------------------------------------
# 3. Barrier Range
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Border mountains: (0,1) top edge; (2,1) and (2,3) touch the x hole at (2,2);
        # (4,4) bottom/right edge.
        # (3,3) is only diagonal to the hole and its four touching positions are landscape:
        # not border. 4 * 3 = 12.
        # (Using "near" for the hole would add (3,3) -> 15; ignoring the hole -> 6.)
        pytest.param(
            """
            .  M  .  .  .
            .  .  .  .  .
            .  M  x  M  .
            .  .  .  M  .
            .  .  .  .  M
            """,
            12,
            id="hole-inside-landscape",
        ),
        # ruling CL-3: a condition space is part of the landscape, so it does not make a border.
        # Border mountains: (0,2) top edge; (1,1) touches x at (0,1) and (1,0); (2,0) left edge;
        # (3,1) bottom edge. (1,2) touches M, M, #3 and an empty space -> not border.
        # 4 * 3 = 12.
        pytest.param(
            """
            x  x  M  .
            x  M  M  #3
            M  .  .  #3
            .  M  .  .
            """,
            12,
            id="condition-space-is-not-outside",
        ),
    ],
)
def test_barrier_range(text: str, expected: int) -> None:
    # ruling CL-4: border = at least one touching position outside the landscape
    assert score_condition(land(text), BARRIER_RANGE) == expected


# --------------------------------------------------------------------------------------------
# 4. Thriving Villages
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # ruling CL-3: condition spaces are not symbols.
        # Village (1,1), its 8 near spaces: F, M, R, F, V, E, #4, #4
        #   -> distinct non-village types {forest, mountain, river, elk} = 4.
        # Village (1,2), near spaces in the landscape: M, R, V, #4, #4 -> {mountain, river} = 2.
        # 4 + 2 = 6. (Counting symbols rather than types -> 7; counting villages as a type -> 8;
        # touching-only -> 3.)
        pytest.param(
            """
            F  M   R:N
            F  V   V
            E  #4  #4
            """,
            6,
            id="distinct-types-near",
        ),
        # Village (1,1) sees F, M, R, W, E, C, W and an empty space -> all 6 non-village types.
        # Village (2,4) sees only empty spaces, #4 and x -> 0 (the wolf at (2,2) is two columns
        # away, not near). 6 + 0 = 6.
        pytest.param(
            """
            F  M  R:E  .   .
            W  V  E    .   .
            C  .  W    .   V
            x  .  #4   #4  x
            """,
            6,
            id="all-six-types-and-none",
        ),
    ],
)
def test_thriving_villages(text: str, expected: int) -> None:
    # ruling CL-4: near = all 8 surrounding positions
    assert score_condition(land(text), THRIVING_VILLAGES) == expected


# --------------------------------------------------------------------------------------------
# 5. The Circle Of Life
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # 3 wolves, 2 elks -> 2 full pairs -> 6 * 2 = 12.
        pytest.param(
            """
            W  E  W
            .  W  E
            """,
            12,
            id="three-wolves-two-elks",
        ),
        # 2 wolves, no elk -> no pair -> 0.
        pytest.param("W . W", 0, id="no-elk"),
        # 4 elks, 1 wolf -> 1 pair -> 6.
        pytest.param("E E E E W", 6, id="one-wolf"),
    ],
)
def test_circle_of_life(text: str, expected: int) -> None:
    # ruling CL-17: 6 x min(wolves, elks)
    assert score_condition(land(text), CIRCLE_OF_LIFE) == expected


# --------------------------------------------------------------------------------------------
# 6. Ancient Relics
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Crystals at (0,0), (1,3), (2,1), (3,2), (4,4): every row and every column distinct.
        # (2,1) and (3,2) are diagonal neighbours -> both fail.
        # (0,0), (1,3), (4,4) have no crystal near -> 3 * 4 = 12.
        # (Checking only rows/columns, or only touching neighbours, would give 20.)
        pytest.param(
            """
            C  .  .  .  .
            .  .  .  C  .
            .  C  .  .  .
            .  .  C  .  .
            .  .  .  .  C
            """,
            12,
            id="diagonal-neighbour-fails",
        ),
        # (0,0) and (0,2) share row 0 although x lies between them -> both fail.
        # (1,4) and (4,4) share column 4 although #6 lies between them -> both fail.
        # (3,1): row 3 and column 1 hold no other crystal, nothing near -> 4.
        # Total 4. (A line-of-sight reading stopped by x or condition spaces would give 20.)
        pytest.param(
            """
            C  x  C  .  .
            .  x  .  .  C
            .  .  .  .  #6
            .  C  .  .  #6
            .  .  .  .  C
            """,
            4,
            id="whole-row-and-column",
        ),
    ],
)
def test_ancient_relics(text: str, expected: int) -> None:
    # ruling CL-9: near, or anywhere in the same row or column
    assert score_condition(land(text), ANCIENT_RELICS) == expected


# --------------------------------------------------------------------------------------------
# 7. Roaring Falls
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # River (1,1) R:NE: N end -> mountain (0,1) counts; E end -> mountain (1,2) counts;
        #   mountains (1,0) and (2,1) touch it on edges without an end -> not counted.
        # River (1,3) R:WN: W end -> mountain (1,2) counts again (a second river);
        #   N end -> river; mountain (2,3) below is on an edge without an end.
        # River (0,3) R:S: its S end meets a river; mountain (0,2) is on its W edge, no end.
        # 3 pairs -> 3 * 4 = 12. (Each mountain once -> 8; flows-past -> 16;
        # any touching mountain -> 28.)
        pytest.param(
            """
            .  M     M  R:S
            M  R:NE  M  R:WN
            .  M     .  M
            """,
            12,
            id="pairs-per-river",
        ),
        # River (0,1) R:NW: N end leaves the text, W end points at x; mountain (0,2) is on its
        #   E edge, which has no end -> 0.
        # River (1,1) R:ES: E end meets #7, S end meets mountain (2,1) -> 1;
        #   mountain (1,0) is on its W edge, no end -> 0.
        # 1 pair -> 4. (Any touching mountain -> 12.)
        pytest.param(
            """
            x  R:NW  M
            M  R:ES  #7
            M  M     #7
            """,
            4,
            id="end-into-x-and-flow-past",
        ),
    ],
)
def test_roaring_falls(text: str, expected: int) -> None:
    # ruling CL-5: flows into = river end on the shared edge
    assert score_condition(land(text), ROARING_FALLS) == expected


# --------------------------------------------------------------------------------------------
# 8. Shaded Streams
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # River (1,1) R:N. Forest (0,1) is on the edge with the end (flows into, not past).
        # Forests (1,0), (1,2), (2,1) are on edges without an end -> flows past -> 3.
        # The 4 corner forests only share a corner, no edge -> not counted.
        # 3 * 4 = 12. (Flows-into -> 4; every touching forest -> 16.)
        pytest.param(
            """
            F  F    F
            F  R:N  F
            F  F    F
            """,
            12,
            id="past-not-into-not-diagonal",
        ),
        # River (0,1) R:WS: forest (0,2) on its E edge (no end) -> 1.
        # River (0,3) R:N: forest (0,2) on its W edge (no end) -> 1.
        # River (1,1) R:NS: forests (1,0) and (1,2) on its W and E edges -> 2.
        # River (1,3) R:NS: forest (1,2) on its W edge -> 1; #8 below is not a forest.
        # River (2,1) R:N: empty space and #8 beside it -> 0.
        # 5 pairs -> 5 * 4 = 20 (forests (0,2) and (1,2) are each counted for two rivers).
        pytest.param(
            """
            x  R:WS  F   R:N
            F  R:NS  F   R:NS
            .  R:N   #8  #8
            """,
            20,
            id="pairs-per-river",
        ),
    ],
)
def test_shaded_streams(text: str, expected: int) -> None:
    # ruling CL-5: flows past = touching on an edge with no river end
    assert score_condition(land(text), SHADED_STREAMS) == expected


# --------------------------------------------------------------------------------------------
# 9. Valley Guardians
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Crystal (0,0). x at (0,1) forces a detour.
        # Distances: (0,2) M = 4 via (1,0),(1,1),(1,2) -> counts (straight-line 2).
        #            (2,0) M = 2 -> no. (3,2) M = 5 -> no. (3,4) M = 7 ((1,4) is x) -> no.
        # 1 mountain -> 2. (Manhattan distance -> 0; "4 or fewer" -> 4.)
        pytest.param(
            """
            C  x  M   .   .
            .  .  .   .   x
            M  .  #9  #9  .
            .  .  M   .   M
            """,
            2,
            id="detour-around-x",
        ),
        # ruling CL-3: the path may run through condition spaces.
        # Crystal (0,0): through #9 #9 and (0,3), mountain (0,4) is exactly 4 -> counts.
        #   Mountain (2,0) is 2 rows below but row 1 is x except (1,4): distance 10 -> no.
        # Crystal (2,2): (2,3),(2,4),(1,4),(0,4) -> mountain (0,4) at 4 -> counts;
        #   mountain (2,0) at 2 -> no.
        # 2 (crystal, mountain) pairs -> 2 * 2 = 4.
        # (Blocking condition spaces would drop the first pair -> 2.)
        pytest.param(
            """
            C  #9  #9  .  M
            x  x   x   x  .
            M  .   C   .  .
            """,
            4,
            id="path-through-condition-two-crystals",
        ),
    ],
)
def test_valley_guardians(text: str, expected: int) -> None:
    # ruling CL-6: distance is the shortest orthogonal path through landscape positions
    assert score_condition(land(text), VALLEY_GUARDIANS) == expected


# --------------------------------------------------------------------------------------------
# 10. Fierce Hunters
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Wolf (0,0): the village (0,2) is 6 away (around the x column: (1,0),(2,0),(2,1),
        #   (2,2),(1,2),(0,2)); wolf (0,6) is 10 away -> scores 8.
        # Wolf (0,6): village (0,2) is 4 away along row 0 -> fails.
        # Total 8. (Straight-line distance would fail both -> 0.)
        pytest.param(
            """
            W  x  V  .  .  .  W
            .  x  .  .  .  .  .
            .  .  .  .  .  .  .
            """,
            8,
            id="detour-around-x",
        ),
        # Single row. Wolf (0,0): village 5 away, other wolf 9 away -> 8.
        # Wolf (0,9): village 4 away -> 0. Total 8.
        pytest.param("W . . . . V . . . W", 8, id="five-is-enough-four-is-not"),
        # ruling CL-7: no village at all; the two wolves are exactly 5 apart -> both score.
        pytest.param("W . . . . W", 16, id="no-village-wolves-five-apart"),
        # ruling CL-7: a single wolf with no village and no other wolf -> 8.
        pytest.param("W .", 8, id="lonely-wolf"),
        # The village cannot be reached through the landscape (column 1 is x) -> infinitely
        # far -> the wolf scores 8.
        pytest.param(
            """
            W  x  V
            .  x  .
            """,
            8,
            id="unreachable-village",
        ),
        # ruling CL-3: the path runs through the condition spaces: village 3 away -> 0.
        # (If condition spaces blocked paths the wolf would be cut off and score 8.)
        pytest.param(
            """
            W  #10  #10  V
            x  .    .    x
            """,
            0,
            id="path-through-condition",
        ),
    ],
)
def test_fierce_hunters(text: str, expected: int) -> None:
    # ruling CL-7 and ruling CL-6
    assert score_condition(land(text), FIERCE_HUNTERS) == expected


# --------------------------------------------------------------------------------------------
# 11. Forest Spirit
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Elk (1,1): forests (0,0), (0,2), (2,0) are all diagonal -> 3 near -> 8.
        # Elk (1,3): forests near are (0,2) and (1,4) -> 2 -> 0.
        # Total 8. (Touching-only -> 0.)
        pytest.param(
            """
            F  .  F  .  .
            .  E  .  E  F
            F  .  .  .  .
            """,
            8,
            id="diagonals-count",
        ),
        # Elk (1,1): near forests (0,0) and (2,1) -> 2. Forests (0,3) and (3,0) are two steps
        # away in some direction, not near. -> 0.
        pytest.param(
            """
            F  .  .  F
            .  E  .  .
            .  F  .  .
            F  .  .  .
            """,
            0,
            id="only-two-near",
        ),
        # Elk (1,1): 6 forests near -> 8 (not more). Elk (1,3): near (0,2), (0,3), (2,3) are
        # forests, the rest is #11 or outside -> 3 -> 8. Total 16.
        pytest.param(
            """
            F  F  F    F
            F  E  #11  E
            F  F  #11  F
            """,
            16,
            id="two-elks",
        ),
    ],
)
def test_forest_spirit(text: str, expected: int) -> None:
    # ruling CL-4: near = the 8 surrounding positions
    assert score_condition(land(text), FOREST_SPIRIT) == expected


# --------------------------------------------------------------------------------------------
# 12. Town Center
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Crystal (0,0): villages (1,0) at 1, (0,2) at 2, (2,1) at 3 -> 3; (1,3) at 4 -> no.
        #   -> 9.
        # Crystal (0,4): villages (0,2) at 2, (1,3) at 2 -> 2; (1,0) and (2,1) at 5 -> 6.
        # Best crystal -> 9. (Summing both -> 15; union of villages -> 12.)
        pytest.param(
            """
            C  .  V  .  C
            V  .  .  V  .
            .  V  .  .  .
            """,
            9,
            id="best-crystal",
        ),
        # Crystal (0,0), x column at (0,1),(1,1): village (2,0) at 2 -> counts;
        # village (0,2) is 6 away and (0,3) 7 away by the detour through row 2 -> no.
        # 1 village -> 3. (Straight-line distance -> 9.)
        pytest.param(
            """
            C  x  V  V
            .  x  .  .
            V  .  .  .
            """,
            3,
            id="detour-around-x",
        ),
        # ruling CL-3: the path goes through the condition spaces; village 3 away -> 3.
        pytest.param("C #12 #12 V", 3, id="path-through-condition"),
        # No crystal -> 0 whatever the villages.
        pytest.param("V V V .", 0, id="no-crystal"),
    ],
)
def test_town_center(text: str, expected: int) -> None:
    # ruling CL-8 (best crystal, none scores 0) and ruling CL-6 (path distance)
    assert score_condition(land(text), TOWN_CENTER) == expected


# --------------------------------------------------------------------------------------------
# 13. Distant Outposts
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Row 0 is split by x at (0,3): runs 3 and 4. Row 1 is split by #13: runs 2 and 4.
        # Row 2 has x at both ends: run (2,1)..(2,6) = 6. Columns are at most 3 long.
        # Longest 6 -> 6. (Ignoring x -> 8; ignoring condition spaces -> 8.)
        pytest.param(
            """
            F  .  .    x    .  M  .  .
            .  .  #13  #13  .  .  .  .
            x  .  .    .    .  .  .  x
            """,
            6,
            id="x-and-condition-break-rows",
        ),
        # Staircase: every row and column holds at most 2 consecutive spaces, but the
        # diagonals hold 4. Diagonals do not count -> 2.
        pytest.param(
            """
            .  .  x  x  x
            x  .  .  x  x
            x  x  .  .  x
            x  x  x  .  .
            """,
            2,
            id="no-diagonals",
        ),
        # Column 0: (0,0)..(3,0) = 4 spaces of any kind; column 1: #13 twice then 3 spaces.
        # Rows hold at most 2. -> 4.
        pytest.param(
            """
            .    #13
            .    #13
            R:N  .
            V    .
            x    .
            """,
            4,
            id="column",
        ),
    ],
)
def test_distant_outposts(text: str, expected: int) -> None:
    # ruling CL-10, and ruling CL-3 (condition spaces break a line)
    assert score_condition(land(text), DISTANT_OUTPOSTS) == expected


# --------------------------------------------------------------------------------------------
# 14. Close Neighbors
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Rows 0-2 x columns 0-2 is a 3x3 block without condition spaces (symbols count).
        # Every 4x4 block (rows 0-3, start column 0, 1 or 2) includes column 3, which holds #14.
        # -> 3 * 3 = 9. (Letting condition spaces in -> 16.)
        pytest.param(
            """
            F  M  V  .    .  .
            .  .  .  #14  .  .
            E  .  W  #14  .  .
            .  .  .  .    .  x
            """,
            9,
            id="condition-breaks-square",
        ),
        # The x at (1,1) lies inside every 3x3 block of this 4x4 grid (start rows 0-1,
        # start columns 0-1). Largest is 2x2 -> 4. (Bounding box -> 16.)
        pytest.param(
            """
            .  .  .  .
            .  x  .  .
            .  .  .  .
            .  .  .  .
            """,
            4,
            id="hole-breaks-square",
        ),
        # One row: the best square is a single space -> 1.
        pytest.param("F . #14 #14 .", 1, id="single-space"),
    ],
)
def test_close_neighbors(text: str, expected: int) -> None:
    # ruling CL-11
    assert score_condition(land(text), CLOSE_NEIGHBORS) == expected


# --------------------------------------------------------------------------------------------
# 15. The Great Prairie
# --------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Empty groups (touching): {(0,0),(0,1),(1,1)} = 3; {(0,3),(1,3),(2,3),(2,2)} = 4;
        # {(2,0)} = 1. Diagonal contacts (1,1)-(2,0) and (1,1)-(2,2) do not join.
        # Largest 4 -> 8. (Diagonal joins -> 8 spaces -> 16; all empties -> 16.)
        pytest.param(
            """
            .  .  F  .
            F  .  F  .
            .  F  .  .
            """,
            8,
            id="largest-orthogonal-group",
        ),
        # ruling CL-3: condition spaces are not empty.
        # Left group (0,0),(0,1),(1,0),(1,1),(2,0) = 5.
        # Middle group (2,2),(2,3) = 2 (above them: #15 and x).
        # Right group (0,3),(0,4),(0,5),(1,4),(1,5),(2,5) = 6.
        # Largest 6 -> 12. (Treating #15 as empty would merge everything: 15 -> 30.)
        pytest.param(
            """
            .  .  #15  .  .  .
            .  .  #15  x  .  .
            .  F  .    .  F  .
            """,
            12,
            id="condition-is-not-empty",
        ),
    ],
)
def test_great_prairie(text: str, expected: int) -> None:
    # ruling CL-12
    assert score_condition(land(text), GREAT_PRAIRIE) == expected


# --------------------------------------------------------------------------------------------
# 17. Tranquility and 18. Wilderness
# --------------------------------------------------------------------------------------------

MIXED = """
    V  M  F    R:NS  C
    W  E  .    #17   #17
    F  F  R:E  x     V
    """


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Villages (0,0),(2,4) = 2; mountain (0,1) = 1; forests (0,2),(2,0),(2,1) = 3 -> 6.
        pytest.param(MIXED, 6, id="mixed"),
        # Only river, crystal, wolf, elk -> 0.
        pytest.param("R:E C W E . #18 #18", 0, id="none"),
        # 2 villages, 1 mountain, 2 forests -> 5.
        pytest.param("V V M F F . x", 5, id="only-these"),
    ],
)
def test_tranquility(text: str, expected: int) -> None:
    assert score_condition(land(text), TRANQUILITY) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Rivers (0,3),(2,2) = 2; crystal (0,4) = 1; wolf (1,0) = 1; elk (1,1) = 1 -> 5.
        pytest.param(MIXED, 5, id="mixed"),
        # River, crystal, wolf, elk -> 4 (empty and condition spaces are not symbols).
        pytest.param("R:E C W E . #18 #18", 4, id="only-these"),
        # Only villages, mountains, forests -> 0.
        pytest.param("V V M F F . x", 0, id="none"),
    ],
)
def test_wilderness(text: str, expected: int) -> None:
    # ruling CL-3: condition spaces are not symbols
    assert score_condition(land(text), WILDERNESS) == expected


# --------------------------------------------------------------------------------------------
# Full scoring of a landscape: shared condition, penalty, total, best single condition
# --------------------------------------------------------------------------------------------

# Printed conditions: 17 at (1,3)-(1,4), 18 at (2,4)-(3,4).
# Tranquility (17): villages (0,0),(3,0); mountain (0,1); forests (0,2),(2,0),(2,1) -> 6.
# Wilderness (18): rivers (0,3),(2,2); crystal (0,4); wolf (1,0); elk (1,1) -> 5.
PLAYER = """
    V  M  F    R:NS  C
    W  E  .    #17   #17
    F  F  R:E  x     #18
    V  .  .    .     #18
    """


@pytest.mark.parametrize(
    ("shared", "shared_value", "total", "best"),
    [
        # Forest Spirit: elk (1,1) has forests (0,2), (2,0), (2,1) near -> 8.
        # Total 6 + 5 + 8 - 20 = -1. Best single is the shared one, 8 (ruling CL-15).
        pytest.param(FOREST_SPIRIT, 8, -1, 8, id="forest-spirit"),
        # Circle of Life: 1 wolf, 1 elk -> 6. Total 6 + 5 + 6 - 20 = -3. Best 6.
        pytest.param(CIRCLE_OF_LIFE, 6, -3, 6, id="circle-of-life"),
        # Noble Woodlands: (2,0)-(2,1) is a pair, (0,2) is alone -> 6. Total -3. Best 6.
        pytest.param(NOBLE_WOODLANDS, 6, -3, 6, id="noble-woodlands"),
        # ruling CL-13: Land of Plenty as shared takes the lowest landscape condition,
        # min(6, 5) = 5. Total 6 + 5 + 5 - 20 = -4. Best 6.
        pytest.param(LAND_OF_PLENTY, 5, -4, 6, id="land-of-plenty-shared"),
    ],
)
def test_score_landscape_breakdown(shared: int, shared_value: int, total: int, best: int) -> None:
    # ruling CL-14: the landscape holds conditions, so the shared one is scored, without -10
    bd = score_landscape(land(PLAYER), shared=shared)
    assert bd.conditions == {TRANQUILITY: 6, WILDERNESS: 5}
    assert bd.shared == shared_value
    assert bd.penalty == -20
    assert bd.total == total
    assert bd.total == sum(bd.conditions.values()) + shared_value + bd.penalty
    assert bd.best_single == best


@pytest.mark.parametrize(
    "shared",
    [TRANQUILITY, CIRCLE_OF_LIFE, LAND_OF_PLENTY],
)
def test_shared_not_scored_without_landscape_condition(shared: int) -> None:
    # ruling CL-14: no condition printed in the landscape -> the shared condition is not
    # scored at all (None), even though this landscape would earn points from it
    # (Tranquility 3, Circle of Life 6). No penalty either; total 0.
    bd = score_landscape(
        land(
            """
            V  M  F
            W  E  .
            """
        ),
        shared=shared,
    )
    assert bd.conditions == {}
    assert bd.shared is None
    assert bd.penalty == 0
    assert bd.total == 0


@pytest.mark.parametrize(
    ("text", "penalty"),
    [
        # One printed condition (5) -> -10.
        pytest.param("#5 #5 W E", -10, id="one"),
        # Two printed conditions (17, 18) -> -20.
        pytest.param(PLAYER, -20, id="two"),
        # Three printed conditions (2 vertical, 3 vertical, 13 horizontal) -> -30.
        pytest.param(
            """
            #2  #3  F
            #2  #3  M
            #13 #13 .
            """,
            -30,
            id="three",
        ),
    ],
)
def test_penalty_counts_landscape_conditions_only(text: str, penalty: int) -> None:
    # ruling CL-14: the shared condition costs nothing; each printed one costs 10
    bd = score_landscape(land(text), shared=WILDERNESS)
    assert bd.penalty == penalty
    assert len(bd.conditions) * -10 == penalty


def test_best_single_breaks_equal_totals() -> None:
    # ruling CL-15: equal totals are split by the single highest condition value.
    # Both players share Wilderness (18).
    # Player a prints Tranquility: V, V, M, F -> 4; Wilderness: R, C, W, E -> 4.
    #   Total 4 + 4 - 10 = -2, best single 4.
    # Player b prints Circle of Life: 1 wolf, 1 elk -> 6; Wilderness: W, E -> 2.
    #   Total 6 + 2 - 10 = -2, best single 6 -> player b wins the tie.
    a = score_landscape(land("#17 #17 V V M F R:E C W E"), shared=WILDERNESS)
    b = score_landscape(land("#5 #5 W E"), shared=WILDERNESS)
    assert a.conditions == {TRANQUILITY: 4}
    assert a.shared == 4
    assert b.conditions == {CIRCLE_OF_LIFE: 6}
    assert b.shared == 2
    assert a.total == b.total == -2
    assert a.best_single == 4
    assert b.best_single == 6
    assert b.best_single > a.best_single


# Land of Plenty printed at (0,0)-(0,1), Tranquility at (1,0)-(1,1).
# Tranquility: village (0,2), mountain (0,3), forests (0,4),(1,2) -> 4.
PLENTY_TWO = """
    #16  #16  V  M  F
    #17  #17  F  W  .
    """

# Land of Plenty, Tranquility, Wilderness printed.
# Tranquility: village (0,2), mountain (0,3), forests (0,4),(1,2) -> 4.
# Wilderness: crystal (0,5), wolf (1,3) -> 2.
PLENTY_THREE = """
    #16  #16  V  M  F  C
    #17  #17  F  W  .  #18
    .    .    .  .  .  #18
    """


@pytest.mark.parametrize(
    ("text", "shared", "conditions", "expected"),
    [
        # Shared Wilderness: wolf (1,3) -> 1, lower than Tranquility 4.
        # Land of Plenty = min(4, 1) = 1 (the shared condition is included).
        # Total 1 + 4 + 1 - 20 = -14. Best 4.
        pytest.param(
            PLENTY_TWO,
            WILDERNESS,
            {LAND_OF_PLENTY: 1, TRANQUILITY: 4},
            (1, -14, 4),
            id="shared-is-lowest",
        ),
        # Shared Barrier Range: mountain (0,3) is on the top edge -> 3.
        # Land of Plenty = min(4, 2, 3) = 2 (Wilderness in the landscape is the lowest).
        # Total 2 + 4 + 2 + 3 - 30 = -19. Best 4.
        pytest.param(
            PLENTY_THREE,
            BARRIER_RANGE,
            {LAND_OF_PLENTY: 2, TRANQUILITY: 4, WILDERNESS: 2},
            (3, -19, 4),
            id="landscape-condition-is-lowest",
        ),
        # Shared Circle of Life: 1 wolf, no elk -> 0. Land of Plenty = min(4, 2, 0) = 0.
        # Total 0 + 4 + 2 + 0 - 30 = -24. Best 4.
        pytest.param(
            PLENTY_THREE,
            CIRCLE_OF_LIFE,
            {LAND_OF_PLENTY: 0, TRANQUILITY: 4, WILDERNESS: 2},
            (0, -24, 4),
            id="shared-zero",
        ),
        # Land of Plenty is the only printed condition; the only other scored one is the
        # shared Wilderness, worth 0 here (no river, crystal, wolf or elk) -> 0.
        # Total 0 + 0 - 10 = -10. Best 0.
        pytest.param(
            "#16 #16 V M",
            WILDERNESS,
            {LAND_OF_PLENTY: 0},
            (0, -10, 0),
            id="nothing-else-worth-points",
        ),
    ],
)
def test_land_of_plenty_in_landscape(
    text: str,
    shared: int,
    conditions: dict[int, int],
    expected: tuple[int, int, int],
) -> None:
    # ruling CL-13: lowest of the other printed conditions and the shared one.
    # expected = (shared value, total, best single)
    shared_value, total, best = expected
    bd = score_landscape(land(text), shared=shared)
    assert bd.conditions == conditions
    assert bd.shared == shared_value
    assert bd.penalty == -10 * len(conditions)
    assert bd.total == total
    assert bd.best_single == best


def test_land_of_plenty_as_shared_with_one_condition() -> None:
    # ruling CL-13: as the shared condition it takes the lowest printed condition.
    # Tranquility: village, mountain, forest -> 3, the only printed one -> shared 3.
    # Total 3 + 3 - 10 = -4. Best 3.
    bd = score_landscape(land("#17 #17 V M F"), shared=LAND_OF_PLENTY)
    assert bd.conditions == {TRANQUILITY: 3}
    assert bd.shared == 3
    assert bd.penalty == -10
    assert bd.total == -4
    assert bd.best_single == 3


def test_land_of_plenty_as_shared_not_scored_without_condition() -> None:
    # ruling CL-14 wins over ruling CL-13: with nothing printed in the landscape, the shared
    # Land of Plenty is not scored at all.
    bd = score_landscape(land("V M F W"), shared=LAND_OF_PLENTY)
    assert bd.shared is None
    assert bd.total == 0
