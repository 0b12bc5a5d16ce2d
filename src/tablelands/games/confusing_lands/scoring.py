"""The 18 scoring conditions and the scoring of a landscape (rulings CL-3 to CL-17).

Every condition is a function of a :class:`Landscape` built from bitboard operations:
neighbourhoods are shifts, groups are flood fills, distances are breadth-first rings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from tablelands.core.geometry import bits
from tablelands.games.confusing_lands.components import (
    CONDITION,
    CRYSTAL,
    ELK,
    EMPTY,
    FOREST,
    MOUNTAIN,
    RIVER,
    VILLAGE,
    WOLF,
)
from tablelands.games.confusing_lands.landscape import GRID, STRIDE, Landscape

LAND_OF_PLENTY = 16
#: Solo ratings, best first: (lowest score, name).
SOLO_RATINGS = (
    (50, "Astounding"),
    (40, "Unbelievable"),
    (30, "Confusing"),
    (20, "Perplexing"),
    (10, "Bewildering"),
)
_ROW = (1 << GRID.cols) - 1
_COLUMN = sum(1 << (r * STRIDE) for r in range(GRID.rows))


def _largest_group(cells: int) -> int:
    return max((group.bit_count() for group in GRID.components(cells)), default=0)


def mighty_river(ls: Landscape) -> int:
    """4 per space of the largest group of rivers joined end to end (CL-5, CL-17)."""
    north, east, south, west = ls.ends
    link_east = east & (west >> 1)  # this space and its east neighbour share a river end
    link_south = south & (north >> STRIDE)
    rivers = ls.kinds[RIVER]
    best = 0
    while rivers:
        group = rivers & -rivers
        while True:
            grown = (
                group
                | ((group & link_east) << 1)
                | ((group >> 1) & link_east)
                | ((group & link_south) << STRIDE)
                | ((group >> STRIDE) & link_south)
            )
            if grown == group:
                break
            group = grown
        best = max(best, group.bit_count())
        rivers &= ~group
    return 4 * best


def noble_woodlands(ls: Landscape) -> int:
    """3 per forest touching another forest."""
    forests = ls.kinds[FOREST]
    return 3 * (forests & GRID.neighbours(forests)).bit_count()


def border(ls: Landscape) -> int:
    """Landscape spaces with a touching position outside the landscape (CL-4)."""
    occ = ls.occupied
    interior = occ & (occ >> 1) & (occ << 1) & (occ >> STRIDE) & (occ << STRIDE)
    return occ & ~interior


def barrier_range(ls: Landscape) -> int:
    """3 per mountain on the border."""
    return 3 * (ls.kinds[MOUNTAIN] & border(ls)).bit_count()


def thriving_villages(ls: Landscape) -> int:
    """Each village: 1 per kind of non-village symbol among its 8 near spaces."""
    villages = ls.kinds[VILLAGE]
    if not villages:
        return 0
    return sum(
        (villages & GRID.near(ls.kinds[kind])).bit_count()
        for kind in (RIVER, FOREST, MOUNTAIN, ELK, WOLF, CRYSTAL)
    )


def circle_of_life(ls: Landscape) -> int:
    """6 per wolf-and-elk pair (CL-17)."""
    return 6 * min(ls.kinds[WOLF].bit_count(), ls.kinds[ELK].bit_count())


def ancient_relics(ls: Landscape) -> int:
    """4 per crystal with no other crystal near it, in its row or in its column (CL-9)."""
    crystals = ls.kinds[CRYSTAL]
    score = 0
    for index in bits(crystals):
        bit = 1 << index
        others = crystals ^ bit
        row, col = divmod(index, STRIDE)
        lines = (_ROW << (row * STRIDE)) | (_COLUMN << col)
        if not others & (lines | GRID.near(bit)):
            score += 4
    return score


def roaring_falls(ls: Landscape) -> int:
    """4 per (river, mountain) pair where the river has an end on their shared edge (CL-5)."""
    north, east, south, west = ls.ends
    mountains = ls.kinds[MOUNTAIN]
    pairs = (
        (east & (mountains >> 1)).bit_count()
        + (west & (mountains << 1)).bit_count()
        + (south & (mountains >> STRIDE)).bit_count()
        + (north & (mountains << STRIDE)).bit_count()
    )
    return 4 * pairs


def shaded_streams(ls: Landscape) -> int:
    """4 per (river, forest) pair where the river has no end on their shared edge (CL-5)."""
    north, east, south, west = ls.ends
    rivers = ls.kinds[RIVER]
    forests = ls.kinds[FOREST]
    pairs = (
        (rivers & ~east & (forests >> 1)).bit_count()
        + (rivers & ~west & (forests << 1)).bit_count()
        + (rivers & ~south & (forests >> STRIDE)).bit_count()
        + (rivers & ~north & (forests << STRIDE)).bit_count()
    )
    return 4 * pairs


def valley_guardians(ls: Landscape) -> int:
    """Each crystal: 2 per mountain exactly 4 spaces away (CL-6)."""
    mountains = ls.kinds[MOUNTAIN]
    score = 0
    for index in bits(ls.kinds[CRYSTAL]):
        rings = GRID.rings(1 << index, ls.occupied, 4)
        if len(rings) == 5:
            score += 2 * (rings[4] & mountains).bit_count()
    return score


def fierce_hunters(ls: Landscape) -> int:
    """8 per wolf with every village and every other wolf 5 or more spaces away (CL-7)."""
    wolves = ls.kinds[WOLF]
    score = 0
    for index in bits(wolves):
        bit = 1 << index
        rivals = (wolves ^ bit) | ls.kinds[VILLAGE]
        within_four = 0
        for ring in GRID.rings(bit, ls.occupied, 4):
            within_four |= ring
        if not within_four & rivals:
            score += 8
    return score


def forest_spirit(ls: Landscape) -> int:
    """8 per elk near 3 or more forests."""
    forests = ls.kinds[FOREST]
    return 8 * sum(
        (GRID.near(1 << index) & forests).bit_count() >= 3 for index in bits(ls.kinds[ELK])
    )


def town_center(ls: Landscape) -> int:
    """3 per village within 3 spaces of the best crystal (CL-8)."""
    villages = ls.kinds[VILLAGE]
    best = 0
    for index in bits(ls.kinds[CRYSTAL]):
        reach = 0
        for ring in GRID.rings(1 << index, ls.occupied, 3):
            reach |= ring
        best = max(best, (reach & villages).bit_count())
    return 3 * best


def _open_spaces(ls: Landscape) -> int:
    return ls.occupied & ~ls.kinds[CONDITION]


def distant_outposts(ls: Landscape) -> int:
    """1 per space of the longest row or column run without condition spaces (CL-10)."""
    best = 0
    for step in (1, STRIDE):
        run, length = _open_spaces(ls), 0
        while run:
            length += 1
            run &= run >> step
        best = max(best, length)
    return best


def close_neighbors(ls: Landscape) -> int:
    """k*k for the largest k x k block of spaces without condition spaces (CL-11)."""
    corners, size = _open_spaces(ls), 0
    while corners:
        size += 1
        corners &= (corners >> 1) & (corners >> STRIDE) & (corners >> (STRIDE + 1))
    return size * size


def great_prairie(ls: Landscape) -> int:
    """2 per space of the largest connected group of empty spaces (CL-12)."""
    return 2 * _largest_group(ls.kinds[EMPTY])


def tranquility(ls: Landscape) -> int:
    """1 per village, mountain and forest."""
    return (ls.kinds[VILLAGE] | ls.kinds[MOUNTAIN] | ls.kinds[FOREST]).bit_count()


def wilderness(ls: Landscape) -> int:
    """1 per river, crystal, wolf and elk."""
    k = ls.kinds
    return (k[RIVER] | k[CRYSTAL] | k[WOLF] | k[ELK]).bit_count()


#: The conditions that depend on the landscape alone. Land of Plenty (16) depends on the
#: other conditions' values and is scored in :func:`score_landscape`.
CONDITIONS: dict[int, Callable[[Landscape], int]] = {
    1: mighty_river,
    2: noble_woodlands,
    3: barrier_range,
    4: thriving_villages,
    5: circle_of_life,
    6: ancient_relics,
    7: roaring_falls,
    8: shaded_streams,
    9: valley_guardians,
    10: fierce_hunters,
    11: forest_spirit,
    12: town_center,
    13: distant_outposts,
    14: close_neighbors,
    15: great_prairie,
    17: tranquility,
    18: wilderness,
}


def score_condition(ls: Landscape, condition: int) -> int:
    """The value of one condition on ``ls`` (not Land of Plenty, which needs the others)."""
    if condition == LAND_OF_PLENTY:
        raise ValueError("Land of Plenty depends on the other conditions: use score_landscape")
    return CONDITIONS[condition](ls)


@dataclass(frozen=True, slots=True)
class ScoreBreakdown:
    """Where a player's points come from."""

    conditions: dict[int, int]
    shared_condition: int
    shared: int | None
    penalty: int
    total: int
    best_single: int

    def to_json(self) -> dict[str, Any]:
        return {
            "conditions": {str(c): v for c, v in sorted(self.conditions.items())},
            "shared_condition": self.shared_condition,
            "shared": self.shared,
            "penalty": self.penalty,
            "total": self.total,
            "best_single": self.best_single,
        }


def score_landscape(ls: Landscape, shared: int) -> ScoreBreakdown:
    """Score a landscape with the shared condition ``shared`` (CL-13, CL-14, CL-15)."""
    own = sorted(ls.conditions)
    values = {c: score_condition(ls, c) for c in own if c != LAND_OF_PLENTY}
    shared_value: int | None = None
    if own and shared != LAND_OF_PLENTY:
        shared_value = score_condition(ls, shared)
    if LAND_OF_PLENTY in ls.conditions:
        others = list(values.values()) + ([shared_value] if shared_value is not None else [])
        values[LAND_OF_PLENTY] = min(others, default=0)
    if own and shared == LAND_OF_PLENTY:
        shared_value = min(values.values())
    penalty = -10 * len(own)
    scored = list(values.values()) + ([shared_value] if shared_value is not None else [])
    return ScoreBreakdown(
        conditions=values,
        shared_condition=shared,
        shared=shared_value,
        penalty=penalty,
        total=sum(scored) + penalty,
        best_single=max(scored, default=0),
    )


def winners(results: Sequence[tuple[int, int]]) -> list[int]:
    """CL-15 from each seat's (total, best single condition value): the most points win;
    tied, the best single condition; still tied, the win is shared."""
    best = max(results)
    return [seat for seat, result in enumerate(results) if result == best]


def solo_rating(score: int) -> str:
    """The rulebook's name for a final solo score."""
    for threshold, name in SOLO_RATINGS:
        if score >= threshold:
            return name
    return "Lost"
